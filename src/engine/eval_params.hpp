#pragma once
// The weights of the hand-written evaluation: one table of (middlegame, endgame) pairs, so the
// Texel tuner (engine/texel.hpp) can adjust every one. The evaluation is a sum of features times
// weights (eval_terms.hpp), tapered by the phase and scaled for drawish endgames.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace schach::engine {

/// A weight (or a sum of them) for the middlegame and the endgame, in centipawns.
struct ScorePair {
    int mg = 0;
    int eg = 0;
    friend constexpr bool operator==(ScorePair, ScorePair) = default;
};

/// Where each term's weights sit in the table. Indexed terms (by rank, square, count) are blocks
/// of consecutive entries; the comment says what the index means.
namespace param {
// clang-format off
inline constexpr int Material        = 0;                      // 5: pawn .. queen
inline constexpr int BishopPair      = Material + 5;           // 1
inline constexpr int Pst             = BishopPair + 1;         // 6 x 64: type, square seen from its own side
inline constexpr int MobilityKnight  = Pst + 6 * 64;           // 9: safe squares 0..8
inline constexpr int MobilityBishop  = MobilityKnight + 9;     // 14
inline constexpr int MobilityRook    = MobilityBishop + 14;    // 15
inline constexpr int MobilityQueen   = MobilityRook + 15;      // 28
inline constexpr int PawnIsolated    = MobilityQueen + 28;     // 1
inline constexpr int PawnDoubled     = PawnIsolated + 1;       // 1
inline constexpr int PawnBackward    = PawnDoubled + 1;        // 1
inline constexpr int PawnPhalanx     = PawnBackward + 1;       // 8: relative rank
inline constexpr int PawnSupported   = PawnPhalanx + 8;        // 8: relative rank
inline constexpr int PassedRank      = PawnSupported + 8;      // 8: relative rank
inline constexpr int PassedFreePath  = PassedRank + 8;         // 8: no piece before it
inline constexpr int PassedSafePath  = PassedFreePath + 8;     // 8: no enemy attack before it
inline constexpr int PassedKingOwn   = PassedSafePath + 8;     // 8: x distance of own king to the stop square
inline constexpr int PassedKingTheir = PassedKingOwn + 8;      // 8: x distance of the enemy king
inline constexpr int PassedUnstoppable = PassedKingTheir + 8;  // 1: outside the square, no enemy pieces
inline constexpr int KingAttackers   = PassedUnstoppable + 1;  // 4: knight, bishop, rook, queen on the zone
inline constexpr int KingZoneAttacks = KingAttackers + 4;      // 1: x attacked zone squares
inline constexpr int KingSafeCheck   = KingZoneAttacks + 1;    // 4: knight, bishop, rook, queen
inline constexpr int KingShelter     = KingSafeCheck + 4;      // 8: own pawn's relative rank (0: none), per file
inline constexpr int KingStorm       = KingShelter + 8;        // 8: enemy pawn's relative rank (0: none)
inline constexpr int KingOpenFile    = KingStorm + 8;          // 1: no own pawn on a file by the king
inline constexpr int RookOpenFile    = KingOpenFile + 1;       // 1
inline constexpr int RookSemiOpen    = RookOpenFile + 1;       // 1
inline constexpr int RookOn7th       = RookSemiOpen + 1;       // 1
inline constexpr int KnightOutpost   = RookOn7th + 1;          // 1
inline constexpr int BishopOutpost   = KnightOutpost + 1;      // 1
inline constexpr int ThreatByPawn    = BishopOutpost + 1;      // 5: victim pawn .. queen
inline constexpr int ThreatByMinor   = ThreatByPawn + 5;       // 5
inline constexpr int ThreatByRook    = ThreatByMinor + 5;      // 5
inline constexpr int ThreatByKing    = ThreatByRook + 5;       // 1
inline constexpr int Hanging         = ThreatByKing + 1;       // 1
inline constexpr int Tempo           = Hanging + 1;            // 1
inline constexpr int Count           = Tempo + 1;
// clang-format on
}  // namespace param

using Weights = std::array<ScorePair, param::Count>;

/// The weights the evaluation uses: the tuned table of eval_weights.cpp (generated).
extern const Weights EvalWeights;

/// The weights every Evaluator scores with: EvalWeights unless an experiment (games between two
/// weight tables in one process, schach tune --versus) swaps them in. Only between searches:
/// a search running meanwhile would mix the two.
const Weights& active_weights();
void set_active_weights(const Weights* weights);  // nullptr: EvalWeights again

/// The starting point written from principles (Kaufman's material, centralisation, king shelter),
/// which the tuner begins from when no tuned table exists yet.
Weights default_weights();

/// A readable name of one entry ("PassedRank[5]", "Pst[Knight][e4]"), for the generated source.
std::string param_name(int index);

/// The phase of a position from its non-pawn material (knight, bishop 1, rook 2, queen 4): 24 at
/// the start, 0 with pawns and kings alone.
inline constexpr int PhaseMax = 24;
/// The endgame part is scaled by scale / ScaleNormal (drawish endgames below 64).
inline constexpr int ScaleNormal = 64;

}  // namespace schach::engine
