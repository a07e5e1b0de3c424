#pragma once
// Squares where a man's arrival ends the game: a check to a king that can never move, by a man
// that nothing can ever capture and no line can ever block (a knight, a pawn, or a piece next to
// the king). Arriving there is checkmate of that king, so for the question "can the other side
// still mate?" no game continues from such a square: the man may as well never go there.
//
// The analysis that uses these squares (blockade.cpp, in its deep mode) keeps them only while
// its own over-approximations say the king never moves and the square is never attacked.

#include "core/bitboard.hpp"
#include "core/types.hpp"

namespace schach {

/// For each piece type of colour `c`, the squares from which a man of that type checks a king of
/// the other colour fixed on `king` in a way no line can block: knights and pawns from their
/// squares, bishops, rooks and queens from the squares next to the king along their lines.
/// Kings give no check; pawns on their last rank would be promoted, so none there.
ByPieceType<Bitboard> unblockable_checks(Color c, Square king);

/// The squares of `checks` where the arrival is checkmate: none of them in `covered` (the
/// squares the king's side can ever attack, its king included). `double_step` drops the pawn
/// squares a pawn of `c` could reach by a double step (an en-passant capture would remove it).
ByPieceType<Bitboard> ending_squares(const ByPieceType<Bitboard>& checks, Bitboard covered, Bitboard double_step);

/// The squares a pawn of colour `c` from `pawns` (those still on their first square) reaches by
/// a double step.
Bitboard double_step_targets(Color c, Bitboard pawns);

}  // namespace schach
