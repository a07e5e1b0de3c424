#include "core/movegen.hpp"

#include "core/generator.hpp"

namespace schach {

namespace {

/// The legal moves of one kind, appended to `list`.
template <gen::Moves Kind>
void append_moves(const Position& pos, MoveList& list) {
    gen::MoveSink sink{list.data() + list.size()};
    if (pos.side_to_move() == Color::White) gen::generate<Color::White, Kind>(pos, sink);
    else gen::generate<Color::Black, Kind>(pos, sink);
    list.set_size(list.size() + static_cast<std::size_t>(sink.count));
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) { append_moves<gen::Moves::All>(pos, list); }

void generate_tactical(const Position& pos, MoveList& list) { append_moves<gen::Moves::Tactical>(pos, list); }

void generate_quiet(const Position& pos, MoveList& list) { append_moves<gen::Moves::Quiet>(pos, list); }

int count_legal(const Position& pos) {
    gen::CountSink sink;
    if (pos.side_to_move() == Color::White) gen::generate<Color::White>(pos, sink);
    else gen::generate<Color::Black>(pos, sink);
    return static_cast<int>(sink.total());
}

}  // namespace schach
