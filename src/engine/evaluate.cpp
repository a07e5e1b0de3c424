#include "engine/evaluate.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/eval_acc.hpp"
#include "engine/eval_terms.hpp"

namespace schach::engine {

// Deep enough for any line the search plays (MaxPly) plus quiescence and the root's history.
Evaluator::Evaluator() : stack_(MaxPly + 16) {}

void Evaluator::reset(const Position& pos) {
    top_ = 0;
    if (!net_) return;
    nnue::refresh(*net_, pos, stack_[0].acc);
    stack_[0].computed = true;
}

Value Evaluator::evaluate_network(const Position& pos) {
    // The deepest accumulator known, then the moves since applied one by one.
    int known = top_;
    while (!stack_[static_cast<std::size_t>(known)].computed) --known;
    for (int i = known + 1; i <= top_; ++i) {
        Entry& e = stack_[static_cast<std::size_t>(i)];
        const nnue::Accumulator& parent = stack_[static_cast<std::size_t>(i - 1)].acc;
        for (Color persp : Colors)
            if (e.summed != idx(persp)) nnue::apply(*net_, parent, e.delta, e.acc, persp);
        e.computed = true;
    }
    const nnue::Accumulator& acc = stack_[static_cast<std::size_t>(top_)].acc;
#ifdef SCHACH_NNUE_CHECK
    // Debug and sanitizer builds: the incremental accumulator must equal a full refresh, at every
    // SCHACH_NNUE_CHECK-th evaluation of a thread (a refresh costs more than the whole search step).
    static thread_local unsigned evaluations = 0;
    if (++evaluations % SCHACH_NNUE_CHECK == 0) {
        nnue::Accumulator fresh;
        nnue::refresh(*net_, pos, fresh);
        if (fresh.values != acc.values || fresh.flipped != acc.flipped) std::abort();
    }
#endif
    const int v = nnue::output(*net_, acc, pos.side_to_move(), popcount(pos.pieces()));
    return std::clamp(v, -EvalLimit, EvalLimit);
}

Value Evaluator::evaluate(const Position& pos) {
    if (insufficient_material(pos)) return ValueDraw;
    if (net_) return evaluate_network(pos);
    const Weights& weights = active_weights();
    const PawnTable::Entry& pawns = pawns_.probe(pos.pieces(Color::White, PieceType::Pawn),
                                                 pos.pieces(Color::Black, PieceType::Pawn), weights);
    ScoreAcc acc{&weights};
    acc.add_pair(pawns.score);
    evaluate_terms(pos, pawns.info, acc);
    const Value white = std::clamp(taper(acc.mg, acc.eg, game_phase(pos), endgame_scale(pos)), -EvalLimit, EvalLimit);
    return pos.side_to_move() == Color::White ? white : -white;
}

}  // namespace schach::engine
