#pragma once
// Static exchange evaluation: the material balance of the captures on one square, each side
// taking with its least valuable piece and free to stop. The search prunes captures (and
// quiet moves onto attacked squares) that lose material by it (+42 Elo in Ethereal's account,
// +67 for bad captures in quiescence alone); the coach tells a learner what a trade gives away.

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

/// Piece values of the exchange (pawn .. king; the king is never exchanged).
inline constexpr int SeePieceValue[7] = {100, 300, 300, 500, 900, 0, 0};

constexpr int see_value(PieceType t) { return SeePieceValue[idx(t)]; }

/// Whether the exchange that `m` starts gains at least `threshold` centipawns for the mover.
/// Castling, en passant and promotions count as an even exchange (0). Pins of the defenders
/// are honoured as far as Position::blockers_for_king reports them.
bool see_ge(const Position& pos, Move m, int threshold);
/// The exchange's value itself (a multiple of a pawn's 100): the largest threshold see_ge passes.
int see(const Position& pos, Move m);

}  // namespace schach
