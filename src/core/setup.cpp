#include "core/setup.hpp"

namespace schach {

Setup Setup::standard() {
    Setup s;
    constexpr PieceType BackRank[8] = {PieceType::Rook,  PieceType::Knight, PieceType::Bishop, PieceType::Queen,
                                       PieceType::King,  PieceType::Bishop, PieceType::Knight, PieceType::Rook};
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
    for (int i = 0; i < 64; ++i)
        if (board[square_at(i)] != Piece::None && color_of(board[square_at(i)]) == c) b |= bb(square_at(i));
    return b;
}

Bitboard Setup::pieces(Color c, PieceType t) const {
    Bitboard b = 0;
    for (int i = 0; i < 64; ++i)
        if (board[square_at(i)] == make_piece(c, t)) b |= bb(square_at(i));
    return b;
}

}  // namespace schach
