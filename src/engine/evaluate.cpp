#include "engine/evaluate.hpp"

#include <algorithm>

#include "engine/eval_acc.hpp"
#include "engine/eval_terms.hpp"

namespace schach::engine {

void Evaluator::reset(const Position& pos) { (void)pos; }

Value Evaluator::evaluate(const Position& pos) {
    if (insufficient_material(pos)) return ValueDraw;
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
