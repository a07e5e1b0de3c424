#include "train/dataset.hpp"

#include "engine/nnue.hpp"

namespace schach::train {

void Dataset::add_labels(const Position& pos, std::int16_t score, GameResult result) {
    begin_.push_back(inputs_.size());
    stm_.push_back(pos.side_to_move() == Color::Black ? 1 : 0);
    score_.push_back(score);
    result_.push_back(static_cast<std::uint8_t>(result));
}

void Dataset::add_game(const PackedGame& game) {
    Position pos = game.start;
    for (const PackedPly& ply : game.plies) {
        if (ply.score != NoScore) {
            const std::size_t first = inputs_.size();
            for (Square s : squares(pos.pieces()))
                inputs_.push_back(
                    static_cast<std::uint16_t>(engine::nnue::feature_index(Color::White, pos.piece_on(s), s)));
            add_labels(pos, ply.score, game.result);
            if (mirror_ && !pos.castling_rooks()) {
                // The square is the index's low 6 bits, its file the low 3: the mirror flips those.
                const std::size_t last = inputs_.size();
                for (std::size_t i = first; i < last; ++i)
                    inputs_.push_back(static_cast<std::uint16_t>(inputs_[i] ^ 7));
                add_labels(pos, ply.score, game.result);
            }
        }
        pos.do_move(ply.move);
    }
}

std::expected<std::uint64_t, GameReadError> Dataset::add_file(std::istream& in, std::uint64_t max_positions, int every,
                                                              bool keep) {
    GameReader reader(in);
    PackedGame game;
    const std::size_t before = size();
    while (max_positions == 0 || size() - before < max_positions) {
        const auto got = reader.next(game);
        if (!got) {
            if (got.error().kind == GameReadError::Kind::Truncated) break;
            return std::unexpected(got.error());
        }
        if (!*got) break;
        const std::uint64_t number = games_seen_++;
        const bool held = every > 0 && number % static_cast<std::uint64_t>(every) == 0;
        if (every > 0 && held != keep) continue;
        add_game(game);
    }
    return size() - before;
}

}  // namespace schach::train
