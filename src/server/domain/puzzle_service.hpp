#pragma once
// The tactics trainer's side of the server (issue #22, docs/puzzles.md "The trainer"): the
// collection in memory with its index (puzzle/selection.hpp), each browser's Glicko-2 rating
// (puzzle/glicko2.hpp, lichess's settings) and the puzzles it has seen, kept in a PuzzleStore,
// and the judge of a move that is not the solution (the engine's refutation and the review's
// explanation of it, review/explain.hpp). Codes and values only: server/content words them.
//
// Every call returns at once and answers through its completion, on a thread of the service's:
// the quick calls (next, result, player) on one thread, in order (so a browser's attempts are
// rated one after the other), the engine's judgements on another, so that a search never holds
// up the next puzzle.

#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "puzzle/puzzle.hpp"
#include "puzzle/selection.hpp"
#include "review/explain.hpp"
#include "review/scale.hpp"
#include "server/domain/puzzle_store.hpp"

namespace schach::server {

enum class PuzzleCode : std::uint8_t {
    NoSuchPuzzle,  // no puzzle has this id
    NoneLeft,      // every puzzle of the chosen themes was seen by this browser
    BadPly,        // the ply is not one of the solver's moves of the puzzle
    BadMove,       // the move is no UCI move, or not legal there
    NoBrowser,     // the request has no browser id
    Storage,       // the store failed
    Busy,          // too many moves wait for the judge already (MaxWaitingJudgements)
};
std::string_view puzzle_code_id(PuzzleCode code);

/// Moves waiting for the engine's judgement at most; more are refused (Busy) rather than queued.
inline constexpr int MaxWaitingJudgements = 8;

struct PuzzleServiceOptions {
    std::uint64_t try_nodes = 400'000;  // the engine's search of a wrong move's position
    std::size_t refutation_plies = 5;   // the refutation shown: at most this many plies
    int hash_mb = 16;
    std::uint64_t seed = 0;  // the choice among the closest puzzles
    std::function<Millis()> now;
};

/// A browser's standing.
struct PuzzlePlayer {
    StoredGlicko glicko;
    int solved = 0, failed = 0;
    bool provisional = true;  // deviation still >= 110 (lichess shows the rating with a "?")
    /// The rating after each rated attempt, oldest first, with its time.
    std::vector<std::pair<Millis, double>> history;
};

struct PuzzleChoice {
    std::size_t index = 0;
    const puzzle::Puzzle* puzzle = nullptr;
    StoredGlicko rating;  // the puzzle's rating now
    PuzzlePlayer player;
};

struct PuzzleOutcome {
    PuzzlePlayer player;
    double player_delta = 0;  // the player's rating change (0 when unrated)
    StoredGlicko puzzle;      // the puzzle's rating after
    bool rated = true;        // false: streak mode, or the puzzle was attempted before
};

/// The judge's verdict on one move of the solver.
struct PuzzleJudgement {
    enum class Verdict : std::uint8_t {
        Right,      // the stored move
        OtherMate,  // another move that mates at once: right too, and the end of the puzzle
        Wrong,
    };
    Verdict verdict = Verdict::Wrong;
    Position before;  // the position the move was played in
    Move move;
    /// Wrong: the opponent's best line after the move, and what the engine thinks of it (the
    /// solver's view), and the review's facts about it (what the move allows: a mate, lost
    /// material and its pattern; never what it missed, which is the solution).
    std::vector<Move> refutation;
    review::Eval eval;
    review::Explanation explanation;
};

struct PuzzleStatsView {
    std::size_t count = 0;
    std::vector<std::pair<puzzle::Theme, std::size_t>> themes;  // every theme some puzzle has
};

template <class T>
using PuzzleDone = std::function<void(std::expected<T, PuzzleCode>)>;

class PuzzleService {
public:
    /// The puzzles in the order given (their index); the ratings the store has moved replace the
    /// file's. Blocks until the store has answered that.
    PuzzleService(std::vector<puzzle::Puzzle> puzzles, PuzzleStore& store, PuzzleServiceOptions options);
    ~PuzzleService();
    PuzzleService(const PuzzleService&) = delete;
    PuzzleService& operator=(const PuzzleService&) = delete;

    /// The unseen puzzle of any of `themes` (none: all) nearest the browser's rating shifted by
    /// the difficulty. NoneLeft when every one was seen.
    void next(const std::string& browser, puzzle::Themes themes, puzzle::Difficulty difficulty,
              PuzzleDone<PuzzleChoice> done);
    /// One attempt: rated (both ratings move, Glicko-2) unless `rated` is false or the browser
    /// has attempted this puzzle before.
    void result(const std::string& browser, const std::string& id, bool win, bool rated,
                PuzzleDone<PuzzleOutcome> done);
    /// The browser's rating, counts and history.
    void player(const std::string& browser, PuzzleDone<PuzzlePlayer> done);
    /// Judges the solver's move `uci` at `ply` (an odd index of the puzzle's moves: after the
    /// opponent's move and the solution before it).
    void judge(const std::string& id, std::size_t ply, const std::string& uci, PuzzleDone<PuzzleJudgement> done);

    /// The collection's size and its themes (does not change while the service runs).
    const PuzzleStatsView& stats() const { return stats_; }
    /// The puzzle with this id, or nullptr.
    const puzzle::Puzzle* find(const std::string& id) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    PuzzleStatsView stats_;
};

}  // namespace schach::server
