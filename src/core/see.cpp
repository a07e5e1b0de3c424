#include "core/see.hpp"

#include "core/attacks.hpp"
#include "core/bitboard.hpp"

namespace schach {

namespace {

constexpr int PawnValue = see_value(PieceType::Pawn);
constexpr int QueenValue = see_value(PieceType::Queen);
constexpr Bitboard BackRanks = bb(Rank::R1) | bb(Rank::R8);

/// The first capture of an exchange: what it wins and the piece it leaves on the target square.
struct FirstCapture {
    int gain;         // the captured piece (a pawn for en passant) plus what a promotion adds
    PieceType piece;  // the piece on the target square afterwards (the promoted one)
};

inline FirstCapture first_capture(const Position& pos, Move m) {
    if (m.kind() == MoveKind::EnPassant) return {PawnValue, PieceType::Pawn};
    const int captured = see_value(type_of(pos.piece_on(m.to())));
    if (m.kind() == MoveKind::Promotion) return {captured + see_value(m.promotion()) - PawnValue, m.promotion()};
    return {captured, type_of(pos.piece_on(m.from()))};
}

/// The recaptures on one square after a first move, each side with its least valuable piece that
/// may legally take (knights before bishops, then the lowest square). Legality is exact: a piece
/// other than the king may take only if no enemy slider then sees its king, with the pieces that
/// have already taken off their squares and the target square occupied (a check by a knight or
/// pawn can only come from the target square, whose piece the capture removes). That one test
/// covers pins as they stand, pins released when the pinner has left its line or was taken, pins
/// revealed when a piece in front has gone, a capture along the pin line, and a discovered check
/// (then only the king may take). The king may take only onto a square the other side does not
/// attack.
class Exchange {
public:
    Exchange(const Position& pos, Move m)
        : pos_(pos), to_(m.to()), diagonal_(pos.pieces(PieceType::Bishop) | pos.pieces(PieceType::Queen)),
          straight_(pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen)) {
        // The target square stays out of `occupied_`: it never blocks a line onto itself.
        occupied_ = pos.pieces() & ~bb(m.from()) & ~bb(to_);
        if (m.kind() == MoveKind::EnPassant) occupied_ &= ~bb(offset(to_, -forward(pos.side_to_move())));
        attackers_ = pos.attackers_to(to_, occupied_);
    }

    /// Takes on the target square with `side`'s least valuable piece that may, and returns its
    /// type, or PieceType::None when none may (the exchange ends).
    PieceType capture(Color side) {
        Bitboard ours = attackers_ & occupied_ & pos_.pieces(side);
        if (!ours) return PieceType::None;
        // While the exchange has changed no square on the lines through our king (the target
        // square counts as changed: its piece is new), the position's pins hold (cached in the
        // position, which the search computes for gives_check anyway) and we are not in check: a
        // check the side to move was in, the first move resolved by taking the checker or
        // blocking on the target square, or by moving the king, after which nothing takes back.
        // Otherwise the enemy sliders still on the board on those lines each either see the king
        // (a discovered check: only the king may take) or pin the one piece in between; the
        // piece on the target square is about to be taken, so it pins nothing.
        const Square king = pos_.king(side);
        const Bitboard changed = (pos_.pieces() ^ occupied_) | bb(to_);
        if (!(changed & (attacks::rook_empty(king) | attacks::bishop_empty(king)))) {
            ours &= ~pos_.blockers_for_king(side);
        } else if (const Bitboard sliders = pos_.sliders_aimed_at(~side, king) & occupied_) {
            const attacks::LineScan scan = attacks::scan_lines(king, sliders, occupied_ | bb(to_));
            ours &= scan.seeing ? pos_.pieces(PieceType::King) : ~scan.blockers;
        }
        if (!ours) return PieceType::None;
        // The least valuable piece takes; sliders behind it on its line join in (x-rays).
        for (PieceType piece :
             {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
            const Bitboard b = ours & pos_.pieces(piece);
            if (!b) continue;
            occupied_ ^= bb(lsb(b));
            if (piece != PieceType::Knight && piece != PieceType::Rook)
                attackers_ |= attacks::bishop(to_, occupied_) & diagonal_;
            if (piece == PieceType::Rook || piece == PieceType::Queen)
                attackers_ |= attacks::rook(to_, occupied_) & straight_;
            return piece;
        }
        // Only the king is left: it may not step onto an attacked square (pinned attackers count,
        // and so does a slider behind the king itself). Nothing can take it back, so the
        // attackers need no update.
        if (pos_.attacked_by(~side, to_, occupied_ ^ bb(king))) return PieceType::None;
        occupied_ ^= bb(king);
        return PieceType::King;
    }

    /// Whether a pawn that takes on the target square promotes (it is a back rank).
    bool promotes() const { return BackRanks & bb(to_); }

private:
    const Position& pos_;
    const Square to_;
    const Bitboard diagonal_, straight_;
    Bitboard occupied_;
    Bitboard attackers_;  // of the target square, both colours; read through occupied_
};

/// What a capture by `piece` wins besides its victim, and what the piece is worth as the next victim.
struct Capturer {
    int bonus;
    int value;
};
inline Capturer capturer(PieceType piece, bool promotes) {
    if (piece == PieceType::Pawn && promotes) return {QueenValue - PawnValue, QueenValue};
    return {0, see_value(piece)};
}

}  // namespace

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
    if (m.kind() == MoveKind::Castling) return 0;
    const FirstCapture first = first_capture(pos, m);

    // The gains of the whole sequence of captures, then minimax from its end: each side takes
    // only when that gains it something over stopping. At most one capture per piece.
    int gains[34];
    gains[0] = first.gain;
    int n = 1;
    int victim = see_value(first.piece);
    Exchange exchange(pos, m);
    for (Color side = ~pos.side_to_move();; side = ~side) {
        const PieceType piece = exchange.capture(side);
        if (piece == PieceType::None) break;
        const Capturer c = capturer(piece, exchange.promotes());
        gains[n++] = victim + c.bonus;
        victim = c.value;
    }
    while (--n > 0) gains[n - 1] -= gains[n] > 0 ? gains[n] : 0;
    return gains[0];
}

}  // namespace schach
