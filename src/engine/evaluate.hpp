#pragma once
// The static evaluation, behind one interface. The search owns one Evaluator per thread and
// tells it about every move it plays (push/pop), so an evaluation with incremental state (a
// network's accumulators) can replace the hand-written one without touching the search.
//
// The hand-written evaluation (eval_terms.hpp, pawns.hpp) is tapered between middlegame and
// endgame by the phase, with the weights of one tuned table (eval_params.hpp). It keeps no
// incremental state: push and pop cost nothing, and evaluate reads the position alone, so it
// is right whether or not the search calls them. The pawn structure comes from a hash table.

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/pawns.hpp"
#include "engine/score.hpp"

namespace schach::engine {

class Evaluator {
public:
    /// Sets the root position (before a search).
    void reset(const Position& pos);
    /// The search is about to play `m` in `pos` (pos is the position before the move).
    void push(const Position& pos, Move m) {
        (void)pos;
        (void)m;
    }
    /// The search took the last pushed move back.
    void pop() {}
    /// Centipawns from the side to move's point of view, never a mate score (|v| < 20000).
    Value evaluate(const Position& pos);

private:
    PawnTable pawns_;
};

/// Material values in centipawns for the move ordering and SEE (pawn .. king).
inline constexpr Value SeeValue[7] = {100, 320, 330, 500, 975, 0, 0};

}  // namespace schach::engine
