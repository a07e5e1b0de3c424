#pragma once
// The static evaluation, behind one interface. The search owns one Evaluator per thread and
// tells it about every move it plays (push/pop), so an evaluation with incremental state (a
// network's accumulators) can replace the hand-written one without touching the search.
//
// The hand-written evaluation (eval_terms.hpp, pawns.hpp) is tapered between middlegame and
// endgame by the phase, with the weights of one tuned table (eval_params.hpp). It keeps no
// incremental state: push and pop cost nothing, and evaluate reads the position alone, so it
// is right whether or not the search calls them. The pawn structure comes from a hash table.

#include <vector>
#include "core/move.hpp"
#include "core/position.hpp"

#include "engine/nnue.hpp"
#include "engine/pawns.hpp"
#include "engine/score.hpp"

namespace schach::engine {

class Evaluator {
public:
    Evaluator();
    /// Evaluate with this network (nullptr: the hand-written evaluation). Before reset().
    void set_network(const nnue::Network* net) { net_ = net; }
    const nnue::Network* network() const { return net_; }
    /// Sets the root position (before a search).
    void reset(const Position& pos);
    /// The search is about to play `m` in `pos` (pos is the position before the move; a null
    /// move too). With a network, the inputs' change is noted; the accumulator is brought up to
    /// date only when a position below is evaluated (many never are).
    void push(const Position& pos, Move m) {
        if (!net_) return;
        Entry& e = stack_[static_cast<std::size_t>(++top_)];
        e.delta = nnue::delta_of(pos, m);
        e.computed = false;
        e.summed = -1;
        // A king changing halves under king mirroring: its side's inputs all change, so that side
        // is summed now, while the position before the move is at hand (rare: a few king moves).
        if (e.delta.king_crossed && net_->king_mirror) {
            nnue::refresh_after(*net_, pos, e.delta, e.acc, pos.side_to_move());
            e.summed = idx(pos.side_to_move());
        }
    }
    /// The search took the last pushed move back.
    void pop() {
        if (net_) --top_;
    }
    /// Centipawns from the side to move's point of view, never a mate score (|v| < 20000).
    Value evaluate(const Position& pos);
    /// How many moves are pushed now (0 at the root), for checks that push and pop pair.
    int depth() const { return top_; }

private:
    struct Entry {
        nnue::Accumulator acc;
        nnue::FeatureDelta delta;
        bool computed = false;
        int summed = -1;  // the perspective (Color index) push summed anew, or -1
    };
    Value evaluate_network(const Position& pos);

    PawnTable pawns_;
    const nnue::Network* net_ = nullptr;
    std::vector<Entry> stack_;
    int top_ = 0;
};

/// Material values in centipawns for the move ordering and SEE (pawn .. king).
inline constexpr Value SeeValue[7] = {100, 320, 330, 500, 975, 0, 0};

}  // namespace schach::engine
