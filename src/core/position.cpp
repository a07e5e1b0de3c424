#include "core/position.hpp"

#include <cassert>

#include "core/zobrist.hpp"

namespace schach {

namespace {
constexpr Bitboard back_rank(Color c) { return bb(relative(c, Rank::R1)); }
}  // namespace

Position::Position() {
    // Built once, then copied: a game without a FEN tag starts here.
    static const Position start(Setup::standard());
    *this = start;
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= bb(s);
    by_color_[color_of(p)] |= bb(s);
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    by_type_[type_of(p)] ^= bb(s);
    by_color_[color_of(p)] ^= bb(s);
    board_[s] = Piece::None;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard both = bb(from) | bb(to);
    by_type_[type_of(p)] ^= both;
    by_color_[color_of(p)] ^= both;
    board_[from] = Piece::None;
    board_[to] = p;
}

CastlingTest Position::castling_test(CastlingSide side) const {
    return side_ == Color::White ? castling_test<Color::White, false>(side, 0)
                                 : castling_test<Color::Black, false>(side, 0);
}

Bitboard Position::attacked_squares(Color c, Bitboard targets, Bitboard occupied) const {
    Bitboard attacked = 0;
    for (Square s : squares(targets))
        if (attacked_by(c, s, occupied)) attacked |= bb(s);
    return attacked;
}

Key Position::compute_key() const {
    Key k = 0;
    for (Square s : squares(pieces())) k ^= zobrist::piece(board_[s], s);
    for (Color c : Colors)
        for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen})
            if (can_castle(c, side)) k ^= zobrist::castling(c, side);
    if (ep_ != Square::None) k ^= zobrist::ep_file(file_of(ep_));
    if (side_ == Color::White) k ^= zobrist::white_to_move();
    return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (attacks::pawn(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
           (attacks::pawn(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
           (attacks::knight(s) & by_type_[PieceType::Knight]) | (attacks::king(s) & by_type_[PieceType::King]) |
           (attacks::rook(s, occupied) & (by_type_[PieceType::Rook] | by_type_[PieceType::Queen])) |
           (attacks::bishop(s, occupied) & (by_type_[PieceType::Bishop] | by_type_[PieceType::Queen]));
}

void Position::update_check_info() const {
    // Slider lookups only where an enemy slider stands on an open line's ray: often none.
    const Color us = side_, them = ~us;
    const Square k = king(us);
    const attacks::LineScan scan = attacks::scan_lines(k, sliders_aimed_at(them, k), pieces());
    checkers_ = scan.seeing | (attacks::knight(k) & pieces(them, PieceType::Knight)) |
                (attacks::pawn(us, k) & pieces(them, PieceType::Pawn));
    blockers_[us] = scan.blockers;
    check_info_ready_ = true;
}

void Position::update_their_blockers() const {
    const Color us = side_, them = ~us;
    const Square k = king(them);
    blockers_[them] = attacks::scan_lines(k, sliders_aimed_at(us, k), pieces()).blockers;
    their_blockers_ready_ = true;
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
    const Bitboard theirs = pieces(c) & occupied;
    if ((attacks::knight(s) & by_type_[PieceType::Knight] & theirs) ||
        (attacks::pawn(~c, s) & by_type_[PieceType::Pawn] & theirs) ||
        (attacks::king(s) & by_type_[PieceType::King] & theirs))
        return true;
    return attacks::scan_lines(s, sliders_aimed_at(c, s) & occupied, occupied).seeing != 0;
}

bool Position::ep_capture_legal(Square from, Square ep) const {
    Color us = color_of(board_[from]);
    Square captured = offset(ep, -forward(us));
    const Bitboard occupied = (pieces() ^ bb(from) ^ bb(captured)) | bb(ep);
    return !attacked_by(~us, king(us), occupied);
}

void Position::set_double_step(Square skipped) {
    // side_ is the side that may capture.
    Bitboard candidates = attacks::pawn(~side_, skipped) & pieces(side_, PieceType::Pawn);
    if (!candidates) return;
    double_step_ = skipped;
    for (Square from : squares(candidates)) {
        if (ep_capture_legal(from, skipped)) {
            ep_ = skipped;
            key_ ^= zobrist::ep_file(file_of(ep_));
            return;
        }
    }
}

void Position::do_castling(Color us, Square king_from, Square rook_from, bool undo) {
    CastlingSide side = rook_from > king_from ? CastlingSide::King : CastlingSide::Queen;
    Square king_to = king_target(us, side), rook_to = rook_target(us, side);
    if (undo) {
        std::swap(king_from, king_to);
        std::swap(rook_from, rook_to);
    }
    Piece k = board_[king_from], r = board_[rook_from];
    // Remove both first: in Chess960 the squares may overlap or swap.
    remove_piece(king_from);
    remove_piece(rook_from);
    put_piece(k, king_to);
    put_piece(r, rook_to);
    if (!undo)
        key_ ^= zobrist::piece(k, king_from) ^ zobrist::piece(k, king_to) ^ zobrist::piece(r, rook_from) ^
                zobrist::piece(r, rook_to);
}

Undo Position::do_move(Move m) {
    Undo u{key_, castling_rooks_, checkers_, blockers_,         Piece::None,
           ep_,  double_step_,    halfmove_, check_info_ready_, their_blockers_ready_};
    double_step_ = Square::None;
    const Color us = side_, them = ~us;
    if (ep_ != Square::None) {
        key_ ^= zobrist::ep_file(file_of(ep_));
        ep_ = Square::None;
    }
    ++halfmove_;
    if (m != Move::null()) {
        const Square from = m.from(), to = m.to();
        const Piece pc = board_[from];
        if (castling_rooks_) {
            Bitboard lost = castling_rooks_ &
                            (bb(from) | bb(to) | (type_of(pc) == PieceType::King ? back_rank(us) : Bitboard{0}));
            if (lost) {
                key_ ^= castling_key();
                castling_rooks_ ^= lost;
                key_ ^= castling_key();
            }
        }
        switch (m.kind()) {
            case MoveKind::Castling: do_castling(us, from, to, false); break;
            case MoveKind::EnPassant: {
                Square cap = offset(to, -forward(us));
                u.captured = board_[cap];
                key_ ^= zobrist::piece(u.captured, cap) ^ zobrist::piece(pc, from) ^ zobrist::piece(pc, to);
                remove_piece(cap);
                move_piece(from, to);
                halfmove_ = 0;
                break;
            }
            default: {
                u.captured = board_[to];
                if (u.captured != Piece::None) {
                    key_ ^= zobrist::piece(u.captured, to);
                    remove_piece(to);
                    halfmove_ = 0;
                }
                key_ ^= zobrist::piece(pc, from) ^ zobrist::piece(pc, to);
                move_piece(from, to);
                if (type_of(pc) == PieceType::Pawn) {
                    halfmove_ = 0;
                    if (m.kind() == MoveKind::Promotion) {
                        Piece promo = make_piece(us, m.promotion());
                        key_ ^= zobrist::piece(pc, to) ^ zobrist::piece(promo, to);
                        remove_piece(to);
                        put_piece(promo, to);
                    } else if ((idx(to) ^ idx(from)) == 16) {
                        side_ = them;  // the e.p. test looks from the capturing side
                        set_double_step(offset(from, forward(us)));
                    }
                }
            }
        }
    }
    side_ = them;
    key_ ^= zobrist::white_to_move();
    if (us == Color::Black) ++fullmove_;
    check_info_ready_ = their_blockers_ready_ = false;
    return u;
}

void Position::undo_move(Move m, const Undo& u) {
    const Color us = ~side_;
    side_ = us;
    if (us == Color::Black) --fullmove_;
    if (m != Move::null()) {
        const Square from = m.from(), to = m.to();
        switch (m.kind()) {
            case MoveKind::Castling: do_castling(us, from, to, true); break;
            case MoveKind::EnPassant:
                move_piece(to, from);
                put_piece(u.captured, offset(to, -forward(us)));
                break;
            default:
                if (m.kind() == MoveKind::Promotion) {
                    remove_piece(to);
                    put_piece(make_piece(us, PieceType::Pawn), to);
                }
                move_piece(to, from);
                if (u.captured != Piece::None) put_piece(u.captured, to);
        }
    }
    key_ = u.key;
    castling_rooks_ = u.castling_rooks;
    ep_ = u.ep_square;
    double_step_ = u.double_step;
    halfmove_ = u.halfmove_clock;
    checkers_ = u.checkers;
    blockers_ = u.blockers;
    check_info_ready_ = u.check_info_ready;
    their_blockers_ready_ = u.their_blockers_ready;
}

Key Position::castling_key() const {
    Key k = 0;
    for (Square r : squares(castling_rooks_)) {
        Color c = rank_of(r) == Rank::R1 ? Color::White : Color::Black;
        CastlingSide side = file_of(r) > file_of(king(c)) ? CastlingSide::King : CastlingSide::Queen;
        k ^= zobrist::castling(c, side);
    }
    return k;
}

bool Position::pawn_reaches(Square from, Square to) const {
    // As the generator: a pawn on the last rank (a relaxed setup) has no moves, one on the first
    // rank steps one square only.
    const Color us = side_;
    if (rank_of(from) == relative(us, Rank::R8)) return false;
    if (contains(attacks::pawn(us, from), to)) return contains(pieces(~us), to);
    const Square one = offset(from, forward(us));
    if (board_[one] != Piece::None) return false;
    return to == one ||
           (rank_of(from) == relative(us, Rank::R2) && to == offset(one, forward(us)) && board_[to] == Piece::None);
}

bool Position::is_legal(Move m) const {
    ensure_check_info();
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    // a1a1 (none) and b1b1 (null) are caught here: no move has from == to.
    if (from == to || pc == Piece::None || color_of(pc) != side_) return false;
    const Color us = side_;
    const Square ksq = king(us);
    const PieceType type = type_of(pc);
    // Only promotions use the promotion bits; the others leave them zero (Knight).
    if (m.kind() != MoveKind::Promotion && m.promotion() != PieceType::Knight) return false;
    switch (m.kind()) {
        case MoveKind::Castling:
            return type == PieceType::King && contains(castling_rooks_ & pieces(us), to) &&
                   castling_test(castling_side(m)).ok();
        case MoveKind::EnPassant:
            // ep_ is set only when some capture is legal; whether this one is, the test says. In
            // double check only the king moves (the generator does not ask).
            return type == PieceType::Pawn && to == ep_ && contains(attacks::pawn(us, from), to) &&
                   !more_than_one(checkers_) && ep_capture_legal(from, to);
        case MoveKind::Promotion:
        case MoveKind::Normal: {
            if (contains(pieces(us), to)) return false;
            const bool promotes = type == PieceType::Pawn && rank_of(to) == relative(us, Rank::R8);
            if (promotes != (m.kind() == MoveKind::Promotion)) return false;
            if (type == PieceType::King)
                return contains(attacks::king(from), to) && !attacked_by(~us, to, pieces() ^ bb(from));
            if (type == PieceType::Pawn ? !pawn_reaches(from, to) : !contains(attacks::of(type, from, pieces()), to))
                return false;
            // A piece other than the king: it must block or take a single checker and keep its pin.
            if (checkers_ && (more_than_one(checkers_) || !contains(attacks::between(ksq, lsb(checkers_)), to)))
                return false;
            return !contains(blockers_[us], from) || attacks::aligned(ksq, from, to);
        }
    }
    return false;
}

bool Position::gives_check(Move m) const {
    ensure_their_blockers();
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to(), ksq = king(them);
    const PieceType type = type_of(board_[from]);
    const Bitboard occupied = pieces();
    // Direct check by the moved piece (castling moves the king, which never checks).
    if (m.kind() != MoveKind::Castling) {
        const Bitboard reach = type == PieceType::Pawn ? attacks::pawn(them, ksq) : attacks::of(type, ksq, occupied);
        if (contains(reach, to)) return true;
    }
    // Discovered check: the piece leaves a line to the king (castling: below, as the king may
    // land on the same line).
    if (m.kind() != MoveKind::Castling && contains(blockers_[them], from) && !attacks::aligned(from, to, ksq))
        return true;
    const Bitboard our_rq = pieces(us, PieceType::Rook) | pieces(us, PieceType::Queen);
    const Bitboard our_bq = pieces(us, PieceType::Bishop) | pieces(us, PieceType::Queen);
    switch (m.kind()) {
        case MoveKind::Normal: return false;
        case MoveKind::Promotion:
            // The pawn's square is free behind the new piece (a push on the king's file).
            return contains(attacks::of(m.promotion(), to, occupied ^ bb(from)), ksq);
        case MoveKind::EnPassant: {
            // Both pawns leave their squares: a line through either may open.
            const Square captured = make_square(file_of(to), rank_of(from));
            const Bitboard after = (occupied ^ bb(from) ^ bb(captured)) | bb(to);
            return (attacks::rook(ksq, after) & our_rq) || (attacks::bishop(ksq, after) & our_bq);
        }
        case MoveKind::Castling: {
            // Only the rook can check: every line through a back-rank square but the rank ends
            // there, and along the rank the two pieces, side by side on their targets, still shut
            // off what they shut off before. The rook sees with both pieces moved (Chess960: they
            // may swap, and the king may have stood between the rook's target and the enemy king).
            const CastlingSide side = castling_side(m);
            const Square king_to = king_target(us, side), rook_to = rook_target(us, side);
            const Bitboard after = (occupied ^ bb(from) ^ bb(to)) | bb(king_to) | bb(rook_to);
            return contains(attacks::rook(rook_to, after), ksq);
        }
    }
    return false;
}

Setup Position::to_setup() const {
    Setup s;
    s.board = board_;
    s.turn = side_;
    s.castling_rooks = castling_rooks_;
    s.ep_square = double_step_;
    s.halfmove_clock = halfmove_;
    s.fullmove_number = fullmove_;
    s.chess960 = chess960_;
    return s;
}

bool Position::is_consistent() const {
    Bitboard all = 0;
    for (PieceType t : PieceTypes) {
        if (all & by_type_[t]) return false;
        all |= by_type_[t];
    }
    if (all != pieces() || (by_color_[Color::White] & by_color_[Color::Black])) return false;
    for (int i = 0; i < 64; ++i) {
        Square s = square_at(i);
        Piece p = board_[s];
        if ((p == Piece::None) != !contains(all, s)) return false;
        if (p != Piece::None && !contains(pieces(color_of(p), type_of(p)), s)) return false;
    }
    if (popcount(pieces(Color::White, PieceType::King)) != 1 || popcount(pieces(Color::Black, PieceType::King)) != 1)
        return false;
    if (key_ != compute_key()) return false;
    Position fresh = *this;
    fresh.update_check_info();
    fresh.update_their_blockers();
    return fresh.checkers_ == checkers() && fresh.blockers_[side_] == blockers_for_king(side_) &&
           fresh.blockers_[~side_] == blockers_for_king(~side_);
}

}  // namespace schach
