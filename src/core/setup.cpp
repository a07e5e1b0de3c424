#include "core/setup.hpp"

namespace schach {

Setup Setup::standard() {
    Setup s;
    constexpr PieceType BackRank[8] = {PieceType::Rook, PieceType::Knight, PieceType::Bishop, PieceType::Queen,
                                       PieceType::King, PieceType::Bishop, PieceType::Knight, PieceType::Rook};
    for (int f = 0; f < 8; ++f) {
        File file = static_cast<File>(f);
        s.board[make_square(file, Rank::R1)] = make_piece(Color::White, BackRank[f]);
        s.board[make_square(file, Rank::R2)] = make_piece(Color::White, PieceType::Pawn);
        s.board[make_square(file, Rank::R7)] = make_piece(Color::Black, PieceType::Pawn);
        s.board[make_square(file, Rank::R8)] = make_piece(Color::Black, BackRank[f]);
    }
    s.castling_rooks = bb(Square::A1) | bb(Square::H1) | bb(Square::A8) | bb(Square::H8);
    return s;
}

Bitboard Setup::pieces(Color c) const {
    Bitboard b = 0;
    for (int i = 0; i < 64; ++i) {
        const Piece p = board[square_at(i)];
        b |= Bitboard{p != Piece::None && color_of(p) == c} << i;
    }
    return b;
}

Bitboard Setup::pieces(Color c, PieceType t) const {
    Bitboard b = 0;
    const Piece wanted = make_piece(c, t);
    for (int i = 0; i < 64; ++i) b |= Bitboard{board[square_at(i)] == wanted} << i;
    return b;
}

}  // namespace schach
