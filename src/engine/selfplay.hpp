#pragma once
// Self-play for tuning data: the engine plays itself from given openings at a fixed node count
// per move, and every quiet position of a game is written with the game's result, one a line
// (`<FEN> [1.0]`, White's score: the tuner's format, engine/texel.hpp).

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <vector>

#include "core/position.hpp"
#include "engine/eval_params.hpp"

namespace schach::engine {

struct SelfPlayOptions {
    std::uint64_t nodes = 5000;      // per move
    int games = 100;                 // games to play in this run
    int first_game = 0;              // games before this one were played by an earlier run
    int concurrency = 2;             // games at once (one search thread each)
    int max_plies = 400;             // then a draw
    int win_score = 1000;            // adjudicated as a win after 6 plies at this score or more
    std::vector<Position> openings;  // game i starts from openings[i % size]; empty: the start
    int random_plies = 0;            // random legal moves after the opening (seeded by the game number)
    int max_start_score = 0;         // skip a game whose first score is beyond this (0: never)
    /// A match of two weight tables instead of self-play: game i gives players[i % 2] White,
    /// each opening is played twice with colours swapped, one game at a time.
    std::array<const Weights*, 2> players{};
};

/// What one finished game gave.
struct SelfPlayGame {
    int number = 0;
    double result = 0.5;  // White's score
    int plies = 0;
    std::size_t positions = 0;
    bool skipped = false;      // unbalanced after the random plies
    double first_score = 0.5;  // in a match: the score of players[0]
};

/// Plays the games, writes each one's positions to `out` as it ends (after a `# game N R` line,
/// flushed, so a killed run loses at most the games in progress) and calls `on_game`. `stop`
/// ends the run after the games in progress.
void self_play(const SelfPlayOptions& options, std::ostream& out,
               const std::function<void(const SelfPlayGame&)>& on_game, const std::atomic<bool>* stop = nullptr);

/// Games already in a file written by self_play (its `# game` lines).
int count_games(std::istream& in);

}  // namespace schach::engine
