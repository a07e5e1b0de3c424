#include "analysis/ending_squares.hpp"

#include "core/attacks.hpp"

namespace schach {

ByPieceType<Bitboard> unblockable_checks(Color c, Square king) {
    using PT = PieceType;
    ByPieceType<Bitboard> checks{};
    const Bitboard near = attacks::king(king);
    const Bitboard diagonal = near & attacks::bishop(king, ~Bitboard{0});
    const Bitboard orthogonal = near & attacks::rook(king, ~Bitboard{0});
    // A pawn of c on s checks the king when the king's square is among s's captures, that is
    // when s is among the captures a pawn of the other colour would make from the king's square
    // (never a square of c's last rank: a pawn arriving there is promoted).
    checks[PT::Pawn] = attacks::pawn(~c, king) & ~bb(relative(c, Rank::R8));
    checks[PT::Knight] = attacks::knight(king);
    checks[PT::Bishop] = diagonal;
    checks[PT::Rook] = orthogonal;
    checks[PT::Queen] = diagonal | orthogonal;
    return checks;
}

ByPieceType<Bitboard> ending_squares(const ByPieceType<Bitboard>& checks, Bitboard covered, Bitboard double_step) {
    ByPieceType<Bitboard> ending{};
    for (PieceType t : PieceTypes) ending[t] = checks[t] & ~covered;
    ending[PieceType::Pawn] &= ~double_step;
    return ending;
}

Bitboard double_step_targets(Color c, Bitboard pawns) {
    const Bitboard first = pawns & bb(relative(c, Rank::R2));
    return c == Color::White ? first << 16 : first >> 16;
}

}  // namespace schach
