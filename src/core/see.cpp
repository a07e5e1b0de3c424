#include "core/see.hpp"

#include "core/attacks.hpp"
#include "core/bitboard.hpp"

namespace schach {

bool see_ge(const Position& pos, Move m, int threshold) {
    if (m.kind() != MoveKind::Normal) return 0 >= threshold;
    const Square from = m.from(), to = m.to();

    // What we win if the opponent does not recapture, and what we lose if they do.
    int swap = see_value(type_of(pos.piece_on(to))) - threshold;
    if (swap < 0) return false;
    swap = see_value(type_of(pos.piece_on(from))) - swap;
    if (swap <= 0) return true;

    Bitboard occupied = pos.pieces() ^ bb(from) ^ bb(to);
    Color stm = pos.side_to_move();
    Bitboard attackers = pos.attackers_to(to, occupied);
    const Bitboard diagonal = pos.pieces(PieceType::Bishop) | pos.pieces(PieceType::Queen);
    const Bitboard straight = pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen);
    const Bitboard pinned[2] = {pos.blockers_for_king(Color::White) & pos.pieces(Color::White),
                                pos.blockers_for_king(Color::Black) & pos.pieces(Color::Black)};
    int result = 1;

    for (;;) {
        stm = ~stm;
        attackers &= occupied;
        Bitboard ours = attackers & pos.pieces(stm) & ~pinned[idx(stm)];
        if (!ours) break;
        result ^= 1;

        // The least valuable attacker takes; sliders behind it join in (x-rays).
        Bitboard b;
        if ((b = ours & pos.pieces(PieceType::Pawn))) {
            if ((swap = see_value(PieceType::Pawn) - swap) < result) break;
            occupied ^= bb(lsb(b));
            attackers |= attacks::bishop(to, occupied) & diagonal;
        } else if ((b = ours & pos.pieces(PieceType::Knight))) {
            if ((swap = see_value(PieceType::Knight) - swap) < result) break;
            occupied ^= bb(lsb(b));
        } else if ((b = ours & pos.pieces(PieceType::Bishop))) {
            if ((swap = see_value(PieceType::Bishop) - swap) < result) break;
            occupied ^= bb(lsb(b));
            attackers |= attacks::bishop(to, occupied) & diagonal;
        } else if ((b = ours & pos.pieces(PieceType::Rook))) {
            if ((swap = see_value(PieceType::Rook) - swap) < result) break;
            occupied ^= bb(lsb(b));
            attackers |= attacks::rook(to, occupied) & straight;
        } else if ((b = ours & pos.pieces(PieceType::Queen))) {
            if ((swap = see_value(PieceType::Queen) - swap) < result) break;
            occupied ^= bb(lsb(b));
            attackers |= (attacks::bishop(to, occupied) & diagonal) | (attacks::rook(to, occupied) & straight);
        } else {
            // The king takes last: only if the opponent has nothing left to take back.
            return (attackers & ~pos.pieces(stm) & occupied) ? result ^ 1 : result;
        }
    }
    return result != 0;
}

int see(const Position& pos, Move m) {
    // Every piece value is a multiple of 100, so the value is one of a few dozen steps: a binary
    // search over them, from losing a queen and more to winning a queen and a promotion.
    int lo = -20, hi = 20;  // in pawns: see_ge(lo) holds, see_ge(hi + 1) does not
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (see_ge(pos, m, mid * 100)) lo = mid;
        else hi = mid - 1;
    }
    return lo * 100;
}

}  // namespace schach
