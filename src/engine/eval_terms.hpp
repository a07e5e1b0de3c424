#pragma once
// The terms of the hand-written evaluation (all but the pawn structure, pawns.hpp), written once
// for both accumulators: the engine's weighted sum and the tuner's feature counts. Everything is
// from White's point of view; the Evaluator turns it to the side to move.

#include "core/position.hpp"
#include "engine/eval_params.hpp"
#include "engine/pawns.hpp"
#include "engine/score.hpp"

namespace schach::engine {

/// Adds every term but the pawn structure to `acc` (ScoreAcc or TraceAcc).
template <class Acc>
void evaluate_terms(const Position& pos, const PawnInfo& pawns, Acc& acc);

/// 0 (pawns and kings) .. PhaseMax (all pieces), from the non-pawn material.
int game_phase(const Position& pos);

/// The scale, 0 .. ScaleNormal: low for endgames that tend to a draw whatever the
/// material says (opposite bishops, no pawns and a minor piece ahead, wrong bishop and rook pawn).
/// Depends on the material and king squares only, never on the weights.
int endgame_scale(const Position& pos);

/// No side can mate (kings, at most one minor piece each, no pawns): a draw.
bool insufficient_material(const Position& pos);

/// The tapered value of a (mg, eg) sum, scaled (the whole of it: a drawish endgame with a few
/// pieces left must not keep its middlegame part).
constexpr Value taper(int mg, int eg, int phase, int scale) {
    const long long tapered = static_cast<long long>(mg) * phase + static_cast<long long>(eg) * (PhaseMax - phase);
    return static_cast<Value>(tapered * scale / (PhaseMax * ScaleNormal));
}

/// Evaluations stay inside this bound, far from the mate scores.
inline constexpr Value EvalLimit = 19999;

/// The features of one position, for the tuner: White's counts minus Black's per weight, the
/// phase and the scale. Its evaluation is taper(coef . mg, coef . eg, phase, scale).
struct EvalTrace {
    std::array<int, param::Count> coef{};
    int phase = 0;
    int scale = ScaleNormal;
};
EvalTrace trace_evaluation(const Position& pos);

}  // namespace schach::engine
