#pragma once
// Puzzles mined from games (lichess-puzzler's method, with our engine): a position after which the
// side to move's winning chances jump is a candidate; from there the solution is the engine's line
// while each of the solver's moves is the only good one, checked again by a deeper search. Each
// puzzle is tagged with its themes (puzzle/tagger.hpp).

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "puzzle/puzzle.hpp"
#include "review/scale.hpp"

namespace schach::puzzle {

struct GeneratorOptions {
    /// Two stages: every position of a game at these nodes first, and at scan_nodes only around a
    /// jump this cheap search sees coming (might_jump); 0 (or >= scan_nodes): every position at
    /// scan_nodes.
    std::uint64_t prefilter_nodes = 0;
    std::uint64_t scan_nodes = 200'000;      // each position of the game, to find candidates
    std::uint64_t solve_nodes = 1'000'000;   // MultiPV 2 at each of the solver's moves
    std::uint64_t verify_nodes = 3'000'000;  // the second, deeper search of each solver move
    int hash_mb = 64;
    int max_solver_moves = 8;
    bool rate_by_levels = true;  // the starting rating from the lowest level that solves it
    /// Seconds of CPU (or of a clock) for the cost of each stage in GeneratorStats; none: not timed.
    std::function<double()> clock;
};

/// What one stage of the generator cost: its searches and their time (GeneratorOptions::clock).
struct StageCost {
    std::uint64_t searches = 0;
    double seconds = 0;
};

/// Counters of a generator over every game it scanned (the progress line and the benchmark).
struct GeneratorStats {
    std::uint64_t positions = 0;   // positions of games scanned
    std::uint64_t candidates = 0;  // positions whose jump sent them to try_position
    std::uint64_t puzzles = 0;
    StageCost prefilter;                      // the cheap search of each position of a game (two stages)
    StageCost scan;                           // the scan's search of a position (each, or around a cheap jump)
    StageCost solve;                          // MultiPV 2 along the solution, the opponent's replies
    StageCost verify;                         // the second, deeper search of each solver move
    StageCost rate;                           // the levels that try the solution (the starting rating)
    StageCost tag;                            // the final evaluation and the themes
    std::array<std::uint64_t, 9> rejected{};  // by Rejection
};

/// Why a candidate did not become a puzzle (for statistics and tests).
enum class Rejection : std::uint8_t {
    None,
    NoJump,           // the winning chances did not jump (or the game ended there)
    AlreadyWinning,   // above +300 before
    AheadInMaterial,  // the solver is ahead in material already, or not behind and below +400
    NotUnique,        // the first solver move has a second good move
    OneMoveNoMate,    // one solver move and no mate
    MateTooLong,      // a mate of 15 moves or more
    Repetition,       // the line repeats a position
    NotConfirmed,     // the deeper search disagrees
};

/// The engine's view of one position for the generator: up to two lines, side to move's view.
struct Lines {
    struct Line {
        review::Eval eval;  // side to move's view
        std::vector<Move> pv;
    };
    std::vector<Line> lines;  // best first; empty when the position has no legal move
};

/// Whether the side to move's chances jumped: `now` (its view) a mate for it, or at least +200 cp
/// with the winning chances more than 0.6 above `before` (the position before the opponent's move,
/// from the opponent's view). The scan's test of a candidate.
bool jumps(const review::Eval& before, const review::Eval& now);

/// The pre-filter's looser test on cheap searches (GeneratorOptions::prefilter_nodes): a mate for
/// the side to move, or at least PrefilterMinCp with a rise above PrefilterMinRise from a position
/// not above PrefilterWonCp for it already. Measured on our games to keep every jump the scan's
/// searches see (docs/puzzles.md).
bool might_jump(const review::Eval& before, const review::Eval& now);
inline constexpr int PrefilterMinCp = 0;
inline constexpr double PrefilterMinRise = 0.15;
inline constexpr int PrefilterWonCp = 500;

class Generator {
public:
    explicit Generator(GeneratorOptions options = {});
    ~Generator();
    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;

    /// The puzzle starting with `blunder` played in `before` (the opponent's move), or why not.
    /// `prev` is the evaluation of `before` from the mover of `blunder`'s view, as the scan found it;
    /// `scanned` the scan's evaluation after `blunder` (the solver's view): when it is no mate, a
    /// solver ahead in material is refused before the solution's search, the costliest step.
    std::pair<std::optional<Puzzle>, Rejection> try_position(const Position& before, Move blunder,
                                                             std::optional<review::Eval> prev = std::nullopt,
                                                             std::optional<review::Eval> scanned = std::nullopt);

    /// Every puzzle of one game (`moves` from `start`), scanning each position once. `source`
    /// names the game in the puzzles' GameUrl.
    std::vector<Puzzle> scan_game(const Position& start, std::span<const Move> moves, const std::string& source,
                                  const std::atomic<bool>* stop = nullptr);

    /// The searches behind it, for tests.
    Lines search(const Position& pos, std::uint64_t nodes, int multipv);

    /// The lowest level (1-8) whose moves are the whole solution (on the last move any mate); 9: none.
    int lowest_level_solving(const Puzzle& p);

    const GeneratorStats& stats() const { return stats_; }

private:
    Lines search(const Position& pos, std::uint64_t nodes, int multipv, StageCost& cost);

    struct Impl;
    GeneratorOptions options_;
    GeneratorStats stats_;
    std::unique_ptr<Impl> impl_;
};

/// A puzzle's id: six base-62 characters from its position and moves (the same puzzle found
/// twice gets the same id).
std::string puzzle_id(const Puzzle& p);

/// The rating a puzzle starts with from the lowest of our levels (1-8) that finds its whole
/// solution (9: none does): the level's measured Elo (engine level table) plus 200.
int rating_for_level(int level);

}  // namespace schach::puzzle
