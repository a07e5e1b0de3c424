#pragma once
// Setup: a position as written down, not yet checked. FEN parses into it; Position validates it.

#include <cstdint>

#include "core/bitboard.hpp"
#include "core/types.hpp"

namespace schach {

struct Setup {
    BySquare<Piece> board = empty_board();
    Color turn = Color::White;
    /// Squares of the rooks that keep a castling right (works for classical and Chess960 alike).
    Bitboard castling_rooks = 0;
    /// The square a pawn skipped with its double step, as the FEN says; Square::None for "-".
    Square ep_square = Square::None;
    int halfmove_clock = 0;
    int fullmove_number = 1;
    /// The text marked this as Chess960 (castling by file letters, or the caller said so).
    bool chess960 = false;

    /// The classical start position.
    static Setup standard();
    static BySquare<Piece> empty_board() {
        BySquare<Piece> b;
        for (Piece& p : b) p = Piece::None;
        return b;
    }
    Bitboard pieces(Color c) const;
    Bitboard pieces(Color c, PieceType t) const;
    friend bool operator==(const Setup&, const Setup&) = default;
};

}  // namespace schach
