#pragma once
// The static evaluation, behind one interface. The search owns one Evaluator per thread and
// tells it about every move it plays (push/pop), so an evaluation with incremental state (a
// network's accumulators) can replace the hand-written one without touching the search.

#include "core/move.hpp"
#include "core/position.hpp"
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
    /// Centipawns from the side to move's point of view, never a mate score.
    Value evaluate(const Position& pos);
};

/// Material values in centipawns for the move ordering and SEE (pawn .. king).
inline constexpr Value SeeValue[7] = {100, 320, 330, 500, 975, 0, 0};

}  // namespace schach::engine
