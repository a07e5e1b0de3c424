#include "pgn/pgn_board.hpp"

#include <cstdlib>

#include "core/attacks.hpp"
#include "core/setup.hpp"
#include "notation/plain_san.hpp"

namespace schach {
namespace {
using PT = PieceType;
}  // namespace

// One call per move of every game read: the helpers below are merged into play_san.
#define SCHACH_BOARD_HOT [[gnu::always_inline]] inline

/// The rules on a State, as Position applies them; every function here answers as its Position
/// counterpart (named in its comment) would on the same position.
class PgnBoardRules {
public:
    using State = PgnBoard::State;

    /// Position::attacked_by.
    SCHACH_BOARD_HOT static bool attacked_by(const State& s, Color c, Square sq, Bitboard occupied) {
        const Bitboard theirs = s.by_color[c] & occupied;
        if ((attacks::knight(sq) & s.by_type[PT::Knight] & theirs) ||
            (attacks::pawn(~c, sq) & s.by_type[PT::Pawn] & theirs) ||
            (attacks::king(sq) & s.by_type[PT::King] & theirs))
            return true;
        const Bitboard queens = s.by_type[PT::Queen];
        const Bitboard aimed = (((s.by_type[PT::Rook] | queens) & attacks::rook_empty(sq)) |
                                ((s.by_type[PT::Bishop] | queens) & attacks::bishop_empty(sq))) &
                               theirs;
        for (Square from : squares(aimed))  // attacks::scan_lines's walk, stopping at the first attacker
            if (!(attacks::between(sq, from) & ~bb(from) & occupied)) return true;
        return false;
    }

    /// plain_san::leaves_king_safe for the side to move.
    SCHACH_BOARD_HOT static bool leaves_king_safe(const State& s, Square from, Square to) {
        return plain_san::leaves_king_safe(s, s.side, lsb(s.pieces(s.side, PT::King)), from, to);
    }

    /// The pawn move plain SAN means (quick_pawn_source and quick_legal, and en passant as the
    /// general parser finds it), or Move::none().
    SCHACH_BOARD_HOT static Move pawn_move(const State& s, const plain_san::Pattern& p, bool target_empty) {
        const Color us = s.side;
        const int dir = forward(us);
        const int behind = idx(p.to) - dir;
        if (behind < 0 || behind >= 64) return Move::none();
        const Bitboard pawns = s.pieces(us, PT::Pawn);
        const int to_file = idx(file_of(p.to));
        if (p.from_file >= 0 && p.from_file != to_file) {
            if (std::abs(p.from_file - to_file) != 1) return Move::none();
            const Square from = make_square(static_cast<File>(p.from_file), rank_of(square_at(behind)));
            if (!contains(pawns, from)) return Move::none();
            if (target_empty) {
                // En passant (Position::ep_capture_legal): the king seen without both pawns.
                if (p.to != s.double_step || p.promotion != PT::None) return Move::none();
                const Square captured = square_at(behind);
                const Bitboard occupied = (s.pieces() ^ bb(from) ^ bb(captured)) | bb(p.to);
                if (attacked_by(s, ~us, lsb(s.pieces(us, PT::King)), occupied)) return Move::none();
                return Move::make(from, p.to, MoveKind::EnPassant);
            }
            return finish_pawn_move(s, p, from);
        }
        if (!target_empty || p.from_rank >= 0) return Move::none();
        Square from = square_at(behind);
        if (!contains(s.pieces(), from) && rank_of(p.to) == relative(us, Rank::R4)) from = offset(from, -dir);
        if (!contains(pawns, from)) return Move::none();
        return finish_pawn_move(s, p, from);
    }

    /// A pawn push or capture (not en passant) from `from`: the promotion it needs, king safety.
    SCHACH_BOARD_HOT static Move finish_pawn_move(const State& s, const plain_san::Pattern& p, Square from) {
        const bool last_rank = rank_of(p.to) == relative(s.side, Rank::R8);
        if (last_rank != (p.promotion != PT::None)) return Move::none();
        if (!leaves_king_safe(s, from, p.to)) return Move::none();
        return last_rank ? Move::make(from, p.to, MoveKind::Promotion, p.promotion) : Move(from, p.to);
    }

    /// fast_resolve for a piece other than a pawn: the square it moves from, or None.
    SCHACH_BOARD_HOT static Square piece_source(const State& s, const plain_san::Pattern& p) {
        const Color us = s.side;
        if (p.promotion != PT::None) return Square::None;
        const Square from = plain_san::piece_source(s, us, p);
        if (from == Square::None) return Square::None;
        if (p.piece == PT::King) {
            // The king must not step into an attack, also along a line it shields now.
            if (attacked_by(s, ~us, p.to, s.pieces() ^ bb(from))) return Square::None;
            return from;
        }
        return leaves_king_safe(s, from, p.to) ? from : Square::None;
    }

    /// Position::castling_rook.
    static Square castling_rook(const State& s, Color c, CastlingSide side) {
        const Bitboard below = bb(lsb(s.pieces(c, PT::King))) - 1;
        const Bitboard rooks = s.castling_rooks & bb(relative(c, Rank::R1)) &
                               (side == CastlingSide::King ? ~below << 1 : below);
        return rooks ? lsb(rooks) : Square::None;
    }

    /// Castling when Position::castling_test allows it, as "king takes own rook"; else Move::none().
    /// Kept out of play_san (as make_special): inlined, its registers were saved and restored on
    /// every move (1.3 % fewer instructions, 1.5 % faster over the classical benchmark file).
    [[gnu::noinline, gnu::cold]] static Move castling(const State& s, CastlingSide side) {
        const Color us = s.side, them = ~us;
        const Square rook = castling_rook(s, us, side);
        if (rook == Square::None) return Move::none();
        const Square ksq = lsb(s.pieces(us, PT::King));
        const Bitboard occupied = s.pieces();
        if (attacked_by(s, them, ksq, occupied)) return Move::none();
        const Square king_to = Position::king_target(us, side), rook_to = Position::rook_target(us, side);
        const Bitboard king_path = attacks::between(ksq, king_to);
        if ((king_path | attacks::between(rook, rook_to)) & occupied & ~bb(ksq) & ~bb(rook)) return Move::none();
        const Bitboard without_king = occupied ^ bb(ksq);
        for (Square sq : squares(king_path & ~bb(ksq)))
            if (attacked_by(s, them, sq, without_king)) return Move::none();
        // Chess960: the castling rook itself may have shielded the target along the back rank.
        if (attacks::rook(king_to, without_king ^ bb(rook)) & (s.pieces(them, PT::Rook) | s.pieces(them, PT::Queen)))
            return Move::none();
        return Move::make(ksq, rook, MoveKind::Castling);
    }

    /// Position::do_move for a legal move of the side to move, on a copy of the position: the
    /// move in its parts (a caller that knows some of them has them folded in).
    SCHACH_BOARD_HOT static void make(State& n, Square from, Square to, MoveKind kind, PT promotion, PT piece) {
        const Color us = n.side, them = ~us;
        if (n.castling_rooks)  // a right goes with its rook, moved or taken, and with a king that moves
            n.castling_rooks &= ~(bb(from) | bb(to) | (piece == PT::King ? bb(relative(us, Rank::R1)) : Bitboard{0}));
        n.side = them;
        n.fullmove += us == Color::Black;
        if (kind != MoveKind::Normal && kind != MoveKind::Promotion) [[unlikely]] {
            make_special(n, us, kind, from, to);
            return;
        }
        ++n.halfmove;
        n.double_step = Square::None;
        if (contains(n.by_color[them], to)) {
            // Whatever stands there is taken off every board, without asking what it is.
            n.halfmove = 0;
            n.by_color[them] ^= bb(to);
            for (Bitboard& b : n.by_type) b &= ~bb(to);
        }
        n.by_color[us] ^= bb(from) | bb(to);
        n.by_type[piece] ^= bb(from);
        n.by_type[kind == MoveKind::Promotion ? promotion : piece] |= bb(to);
        if (piece == PT::Pawn) {
            n.halfmove = 0;
            // A double step: kept when an enemy pawn attacks the skipped square.
            if ((idx(to) ^ idx(from)) == 16) {
                const Square skipped = offset(from, forward(us));
                if (attacks::pawn(us, skipped) & n.pieces(them, PT::Pawn)) n.double_step = skipped;
            }
        }
    }

    /// Castling and en passant, on a copy of the position before them.
    [[gnu::noinline]] static void make_special(State& n, Color us, MoveKind kind, Square from, Square to) {
        const Color them = ~us;
        n.halfmove = kind == MoveKind::EnPassant ? 0 : static_cast<std::uint16_t>(n.halfmove + 1);
        n.double_step = Square::None;
        if (kind == MoveKind::EnPassant) {
            const Bitboard captured = bb(offset(to, -forward(us)));
            n.by_color[them] ^= captured;
            n.by_type[PT::Pawn] ^= captured | bb(from) | bb(to);
            n.by_color[us] ^= bb(from) | bb(to);
            return;
        }
        // Castling as king takes own rook: both leave before both arrive (Chess960 overlaps).
        const CastlingSide side = to > from ? CastlingSide::King : CastlingSide::Queen;
        const Bitboard king_to = bb(Position::king_target(us, side));
        const Bitboard rook_to = bb(Position::rook_target(us, side));
        n.by_color[us] = (n.by_color[us] & ~(bb(from) | bb(to))) | king_to | rook_to;
        n.by_type[PT::King] = (n.by_type[PT::King] & ~bb(from)) | king_to;
        n.by_type[PT::Rook] = (n.by_type[PT::Rook] & ~bb(to)) | rook_to;
    }
};

void PgnBoard::load(const Position& pos) {
    State& s = current_;
    for (Color c : Colors) s.by_color[c] = pos.pieces(c);
    for (PieceType t : PieceTypes) s.by_type[t] = pos.pieces(t);
    s.castling_rooks = pos.castling_rooks();
    s.double_step = pos.double_step_square();
    s.side = pos.side_to_move();
    s.chess960 = pos.is_chess960();
    s.halfmove = static_cast<std::uint16_t>(pos.halfmove_clock());
    s.fullmove = pos.fullmove_number();
}

SCHACH_BOARD_HOT void PgnBoard::commit(Square from, Square to, MoveKind kind, PieceType promotion, PieceType piece) {
    before_last_ = current_;
    PgnBoardRules::make(current_, from, to, kind, promotion, piece);
}

SCHACH_BOARD_HOT void PgnBoard::commit(Move m, PieceType piece) {
    commit(m.from(), m.to(), m.kind(), m.kind() == MoveKind::Promotion ? m.promotion() : PT::None, piece);
}

Move PgnBoard::play(const plain_san::Pattern& p) {
    const State& s = current_;
    if (contains(s.by_color[s.side], p.to)) return Move::none();
    if (p.piece == PT::Pawn) {
        const Move m = PgnBoardRules::pawn_move(s, p, !contains(s.by_color[~s.side], p.to));
        if (m) commit(m, PT::Pawn);
        return m;
    }
    // A piece's move is an ordinary one: made with its kind known, not taken back out of a Move.
    const Square from = PgnBoardRules::piece_source(s, p);
    if (from == Square::None) return Move::none();
    commit(from, p.to, MoveKind::Normal, PT::None, p.piece);
    return Move(from, p.to);
}

Move PgnBoard::play_san(std::string_view san) {
    const std::string_view text = plain_san::without_check_marks(san);
    plain_san::Pattern p;
    if (plain_san::read(text, p)) return play(p);
    Move m = Move::none();
    if (text == "O-O") m = PgnBoardRules::castling(current_, CastlingSide::King);
    else if (text == "O-O-O") m = PgnBoardRules::castling(current_, CastlingSide::Queen);
    if (m) commit(m, PT::King);
    return m;
}

Position PgnBoard::State::to_position() const {
    Setup setup;
    for (Color c : Colors)
        for (PieceType t : PieceTypes)
            for (Square sq : squares(pieces(c, t))) setup.board[sq] = make_piece(c, t);
    setup.turn = side;
    setup.castling_rooks = castling_rooks;
    setup.ep_square = double_step;
    setup.halfmove_clock = halfmove;
    setup.fullmove_number = fullmove;
    setup.chess960 = chess960;
    return Position::from_played_setup(setup);
}

}  // namespace schach
