#pragma once
// The training positions of game files, held in memory as sparse inputs: each position's
// pieces as input indices from White's view (Black's view follows from them), the side to move,
// the search's score and the game's result.

#include <cstdint>
#include <expected>
#include <istream>
#include <span>
#include <vector>

#include "train/packed_game.hpp"

namespace schach::train {

/// The input index from Black's view of an input seen from White's: own and theirs swap, ranks
/// mirror (the square is the low 6 bits, so the mirror is an exclusive-or).
constexpr std::uint16_t black_view(std::uint16_t white) {
    return static_cast<std::uint16_t>((white < 384 ? white + 384 : white - 384) ^ 56);
}

class Dataset {
public:
    /// Adds the scored positions of one game.
    void add_game(const PackedGame& game);
    /// With `on`, add_game also adds each position without castling rights mirrored left to right
    /// (files a and h swapped), with the same score and result: chess without castling is
    /// symmetric that way, so it doubles what a game teaches the network.
    void mirror_files(bool on) { mirror_ = on; }
    /// Reads every game of a game file; stops at the first error (a truncated last record is
    /// no error: a writer may still be appending). `every`/`keep`: only games whose number
    /// modulo `every` is (keep) or is not (!keep) zero, to hold games out.
    std::expected<std::uint64_t, GameReadError> add_file(std::istream& in, std::uint64_t max_positions = 0,
                                                         int every = 0, bool keep = true);

    std::size_t size() const { return score_.size(); }
    std::span<const std::uint16_t> inputs(std::size_t i) const {
        return {inputs_.data() + begin_[i], static_cast<std::size_t>(begin_[i + 1] - begin_[i])};
    }
    Color side_to_move(std::size_t i) const { return stm_[i] ? Color::Black : Color::White; }
    /// Centipawns from the side to move's view.
    int score(std::size_t i) const { return score_[i]; }
    /// White's result: 0, 0.5 or 1.
    float result(std::size_t i) const { return static_cast<float>(result_[i]) * 0.5f; }

private:
    /// Closes the position whose inputs were pushed last: its side to move, score and result.
    void add_labels(const Position& pos, std::int16_t score, GameResult result);

    std::vector<std::uint16_t> inputs_;
    std::vector<std::uint64_t> begin_{0};
    std::vector<std::uint8_t> stm_;
    std::vector<std::int16_t> score_;
    std::vector<std::uint8_t> result_;
    std::uint64_t games_seen_ = 0;
    bool mirror_ = false;
};

}  // namespace schach::train
