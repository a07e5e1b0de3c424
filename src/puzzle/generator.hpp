#pragma once
// Puzzles mined from games (lichess-puzzler's method, with our engine): a position after which the
// side to move's winning chances jump is a candidate; from there the solution is the engine's line
// while each of the solver's moves is the only good one, checked again by a deeper search. Each
// puzzle is tagged with its themes (puzzle/tagger.hpp).

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
    std::uint64_t scan_nodes = 200'000;      // each position of the game, to find candidates
    std::uint64_t solve_nodes = 1'000'000;   // MultiPV 2 at each of the solver's moves
    std::uint64_t verify_nodes = 3'000'000;  // the second, deeper search of each solver move
    int hash_mb = 64;
    int max_solver_moves = 8;
    bool rate_by_levels = true;  // the starting rating from the lowest level that solves it
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

class Generator {
public:
    explicit Generator(GeneratorOptions options = {});
    ~Generator();
    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;

    /// The puzzle starting with `blunder` played in `before` (the opponent's move), or why not.
    /// `prev` is the evaluation of `before` from the mover of `blunder`'s view, as the scan found it.
    std::pair<std::optional<Puzzle>, Rejection> try_position(const Position& before, Move blunder,
                                                             std::optional<review::Eval> prev = std::nullopt);

    /// Every puzzle of one game (`moves` from `start`), scanning each position once. `source`
    /// names the game in the puzzles' GameUrl.
    std::vector<Puzzle> scan_game(const Position& start, std::span<const Move> moves, const std::string& source,
                                  const std::atomic<bool>* stop = nullptr);

    /// The searches behind it, for tests.
    Lines search(const Position& pos, std::uint64_t nodes, int multipv);

    /// The lowest level (1-8) whose moves are the whole solution (on the last move any mate); 9: none.
    int lowest_level_solving(const Puzzle& p);

private:
    struct Impl;
    GeneratorOptions options_;
    std::unique_ptr<Impl> impl_;
};

/// A puzzle's id: six base-62 characters from its position and moves (the same puzzle found
/// twice gets the same id).
std::string puzzle_id(const Puzzle& p);

/// The rating a puzzle starts with from the lowest of our levels (1-8) that finds its whole
/// solution (9: none does): the level's measured Elo (engine level table) plus 200.
int rating_for_level(int level);

}  // namespace schach::puzzle
