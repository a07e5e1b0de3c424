#pragma once
// The review of a game: every position searched by our engine (engine::Engine, the same search
// that plays) at a fixed node budget, in one pass from the last position to the first with one
// transposition table kept through the game, so that what a later search proved (a mate) is there
// for the earlier ones and mate scores agree. Per ply the evaluation, the best move and line, the
// judgement on lichess's scale (review/scale.hpp) and, for mistakes and blunders, the facts that
// explain them (review/explain.hpp); per side the counts, the average centipawn loss and the
// accuracy; the phases of the game.
//
// Threading: review() runs on the calling thread (the searches on the engine's threads) and calls
// the progress handler from it. `stop` may be set from any thread: the review then ends after the
// running search (which it stops at once) and reports itself incomplete.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "review/explain.hpp"
#include "review/phases.hpp"
#include "review/scale.hpp"

namespace schach::review {

struct ReviewOptions {
    std::uint64_t nodes = 1'000'000;  // per position (lichess's server: 1,000,000)
    std::int64_t movetime_ms = 7000;  // a cut per position (lichess: 7 s a ply); 0: none
    int max_plies = 300;              // plies reviewed from the start (lichess: 300)
    int threads = 1;
    int hash_mb = 64;
    std::size_t pv_plies = 12;  // the longest line kept (lichess: 12)
    /// The searches' nice value (engine::EngineOptions::search_nice): a server's analyses run at
    /// engine::LowestPriority beside its games.
    int search_nice = 0;
};

/// The search of one position.
struct PositionEval {
    Eval eval;                // White's view
    std::vector<Move> pv;     // from this position; empty when it has no legal move
    int depth = 0;            // completed depth (0 for a position without moves)
    std::uint64_t nodes = 0;  // nodes searched
};

struct PlyReview {
    int ply = 0;  // 1 for the first move of the game
    Move move;
    Color mover = Color::White;
    Eval before, after;           // of the positions before and after the move (White's view)
    std::vector<Move> best_line;  // the engine's line in the position before (starts with its best move)
    Verdict verdict;
    int centipawn_loss = 0;
    Phase phase = Phase::Opening;
    /// For mistakes and blunders: what the move allows, what it missed, the pattern.
    Explanation explanation;
    Move best() const { return best_line.empty() ? Move::none() : best_line.front(); }
};

struct SideSummary {
    int inaccuracies = 0, mistakes = 0, blunders = 0;
    int acpl = 0;  // average centipawn loss, rounded
    std::optional<double> accuracy;
    int moves = 0;
};

struct GameReview {
    Position start;
    std::vector<PositionEval> positions;  // the start and the position after each reviewed ply
    std::vector<PlyReview> plies;
    SideSummary white, black;
    Division division;
    bool complete = true;  // false when stopped before every position was searched
    int total_plies = 0;   // of the game (may exceed the reviewed plies)
    const SideSummary& side(Color c) const { return c == Color::White ? white : black; }
};

struct ReviewProgress {
    int done = 0;   // positions searched
    int total = 0;  // positions to search
};

class Reviewer {
public:
    using ProgressHandler = std::function<void(const ReviewProgress&)>;

    explicit Reviewer(ReviewOptions options = {});
    ~Reviewer();
    Reviewer(const Reviewer&) = delete;
    Reviewer& operator=(const Reviewer&) = delete;

    void on_progress(ProgressHandler handler) { progress_ = std::move(handler); }
    const ReviewOptions& options() const { return options_; }

    /// Reviews the game of `moves` (all legal) from `start`. A fresh table for each game.
    GameReview review(const Position& start, std::span<const Move> moves, const std::atomic<bool>* stop = nullptr);

    /// The search of the position after `moves` from `start` (searched as a position of its own:
    /// repetitions of the game before it do not count), with the table as it stands; for tests
    /// and the server's single questions.
    PositionEval evaluate(const Position& start, std::span<const Move> moves);
    /// The same, stopped at once when `stop` is set (the result is then incomplete: the caller
    /// throws it away).
    PositionEval evaluate(const Position& start, std::span<const Move> moves, const std::atomic<bool>* stop);
    /// A fresh table: what review() does first. A caller that searches a game's positions one at
    /// a time with evaluate() (the server, between the moves of games against the computer) calls
    /// it before the first, then goes from the last position to the first as review() does.
    void new_game();

private:
    PositionEval evaluate_until(const Position& start, std::span<const Move> moves, const std::atomic<bool>* stop);

    struct Impl;
    ReviewOptions options_;
    std::unique_ptr<Impl> impl_;
    ProgressHandler progress_;
};

/// Builds the per-ply part of a review from the searched positions (positions[i] after i plies):
/// judgements, centipawn losses, phases, explanations, per-side summaries. Public for tests that
/// give evaluations by hand.
void assemble(GameReview& review, std::span<const Move> moves);

}  // namespace schach::review
