#pragma once
// Static exchange evaluation: the material balance of the captures on one square, each side
// taking with its least valuable piece and free to stop. The search prunes captures (and
// quiet moves onto attacked squares) that lose material by it: +42 Elo in Ethereal's account,
// +67 for bad captures in quiescence alone.

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/score.hpp"

namespace schach::engine {

/// Piece values of the exchange (pawn .. king; the king is never exchanged).
inline constexpr Value SeePieceValue[7] = {100, 300, 300, 500, 900, 0, 0};

constexpr Value see_value(PieceType t) { return SeePieceValue[idx(t)]; }

/// Whether the exchange that `m` starts gains at least `threshold` centipawns for the mover.
/// Castling, en passant and promotions count as an even exchange (0). Pins of the defenders
/// are honoured as far as Position::blockers_for_king reports them.
bool see_ge(const Position& pos, Move m, Value threshold);

}  // namespace schach::engine
