#pragma once
// Static exchange evaluation: the material balance of the captures on one square, each side
// taking with its least valuable piece and free to stop. The search prunes captures (and
// quiet moves onto attacked squares) that lose material by it (+42 Elo in Ethereal's account,
// +67 for bad captures in quiescence alone); the coach, the game review and the exercises tell a
// learner what a trade gives away.
//
// Two functions for the two uses. The search asks see_ge millions of times a second and takes
// the classic swap list's shortcuts (pins as they stand before the exchange, en passant and
// promotions as even); an exact test of every capture's legality measured no different in play
// (7,485 games at 10k nodes a move, -0.0 +- 6.3 Elo, docs/engine-log.md), so the search keeps the
// quick one. What a person reads must be right: see() plays the exchange by the rules.

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

/// Piece values of the exchange (pawn .. king; the king is never exchanged).
inline constexpr int SeePieceValue[7] = {100, 300, 300, 500, 900, 0, 0};

constexpr int see_value(PieceType t) { return SeePieceValue[idx(t)]; }

/// The search's test: whether the exchange that `m` starts gains at least `threshold` centipawns
/// for the mover. Castling, en passant and promotions count as an even exchange (0); pins of the
/// pieces pinned to their king before the exchange never take (not even along the pin), and pins
/// or checks that the captures themselves open or close are not seen.
bool see_ge(const Position& pos, Move m, int threshold);
/// The exchange's value, exact: each side in turn takes on m's target square with its least
/// valuable piece that may legally take there, or stops. Exact for en passant (the pawn taken beside the
/// target square leaves its line open), promotions (a pawn that takes on the back rank, m or any
/// recapture, becomes a queen and gains its value over a pawn's; m's own promotion piece counts as
/// chosen) and pins and checks as the captures change them (a pinned piece takes only along its
/// line or once the pinner has left it; in a discovered check only the king takes; the king never
/// takes onto an attacked square). Castling counts as an even exchange (0).
int see(const Position& pos, Move m);

}  // namespace schach
