#include "core/movegen.hpp"

#include "core/generator.hpp"

namespace schach {

void generate_legal(const Position& pos, MoveList& list) {
    gen::MoveSink sink{list.data() + list.size()};
    if (pos.side_to_move() == Color::White) gen::generate<Color::White>(pos, sink);
    else gen::generate<Color::Black>(pos, sink);
    list.set_size(list.size() + static_cast<std::size_t>(sink.count));
}

void generate_tactical(const Position& pos, MoveList& list) {
    gen::MoveSink sink{list.data() + list.size()};
    if (pos.side_to_move() == Color::White) gen::generate<Color::White, gen::Moves::Tactical>(pos, sink);
    else gen::generate<Color::Black, gen::Moves::Tactical>(pos, sink);
    list.set_size(list.size() + static_cast<std::size_t>(sink.count));
}

void generate_quiet(const Position& pos, MoveList& list) {
    gen::MoveSink sink{list.data() + list.size()};
    if (pos.side_to_move() == Color::White) gen::generate<Color::White, gen::Moves::Quiet>(pos, sink);
    else gen::generate<Color::Black, gen::Moves::Quiet>(pos, sink);
    list.set_size(list.size() + static_cast<std::size_t>(sink.count));
}

int count_legal(const Position& pos) {
    gen::CountSink sink;
    if (pos.side_to_move() == Color::White) gen::generate<Color::White>(pos, sink);
    else gen::generate<Color::Black>(pos, sink);
    return sink.count;
}

}  // namespace schach
