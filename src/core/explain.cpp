#include "core/explain.hpp"

#include <cstdlib>

#include "core/attacks.hpp"
#include "core/movegen.hpp"

namespace schach {
namespace {

using PT = PieceType;
using RC = RefusalCode;

/// The attacker of `s` by `c` (with `occupied`), nearest first by square order, or None.
Square some_attacker(const Position& pos, Color c, Square s, Bitboard occupied) {
    Bitboard a = pos.attackers_to(s, occupied) & pos.pieces(c) & occupied;
    return a ? lsb(a) : Square::None;
}

Refusal with_attacker(Refusal r, const Position& pos, Square by) {
    r.by = by;
    r.by_piece = by == Square::None ? Piece::None : pos.piece_on(by);
    return r;
}

/// The first occupied square walking from `from` towards `to` (exclusive), or None.
Square first_blocker(const Position& pos, Square from, Square to) {
    Bitboard path = attacks::between(from, to) & ~bb(to) & pos.pieces();
    if (!path) return Square::None;
    return to > from ? lsb(path) : msb(path);
}

bool is_castling_attempt(const Position& pos, Square from, Square to) {
    const Color us = pos.side_to_move();
    if (type_of(pos.piece_on(from)) != PT::King || rank_of(from) != relative(us, Rank::R1) ||
        rank_of(to) != rank_of(from))
        return false;
    if (pos.piece_on(to) == make_piece(us, PT::Rook)) return true;
    return !pos.is_chess960() && std::abs(idx(file_of(to)) - idx(file_of(from))) == 2;
}

Refusal explain_castling_from(const Position& pos, Refusal r) {
    const Color us = pos.side_to_move(), them = ~us;
    const CastlingSide side = r.to > r.from ? CastlingSide::King : CastlingSide::Queen;
    const CastlingTest test = pos.castling_test(side);
    r.square = test.square;
    switch (test.block) {
        case CastlingBlock::NoRight:
            r.code = RC::CastlingNoRight;
            r.square = pos.piece_on(r.to) == make_piece(us, PT::Rook) ? r.to : Square::None;
            return r;
        case CastlingBlock::InCheck: r.code = RC::CastlingInCheck; return with_attacker(r, pos, lsb(pos.checkers()));
        case CastlingBlock::Blocked: r.code = RC::CastlingBlocked; return r;
        case CastlingBlock::ThroughCheck:
        case CastlingBlock::IntoCheck: {
            // The king's squares are seen without the king, its target also without the rook.
            const bool target = test.block == CastlingBlock::IntoCheck;
            r.code = target ? RC::CastlingIntoCheck : RC::CastlingThroughCheck;
            Bitboard occupied = pos.pieces() ^ bb(r.from);
            if (target) occupied ^= bb(pos.castling_rook(us, side));
            return with_attacker(r, pos, some_attacker(pos, them, test.square, occupied));
        }
        case CastlingBlock::None: break;
    }
    r.code = RC::CastlingBlocked;  // not reached: callers ask only about castling that is not legal
    return r;
}

/// Geometry of a pawn move; None when the pawn may go there (safety aside).
Refusal explain_pawn(const Position& pos, Refusal r, PT promotion) {
    const Color us = pos.side_to_move();
    const int dir = forward(us);
    const int df = idx(file_of(r.to)) - idx(file_of(r.from));
    const int dr = (idx(rank_of(r.to)) - idx(rank_of(r.from))) * (us == Color::White ? 1 : -1);
    const bool empty_target = pos.piece_on(r.to) == Piece::None;
    if (df == 0 && dr == 1) {
        if (!empty_target) r.code = RC::PawnBlocked, r.square = r.to;
    } else if (df == 0 && dr == 2 && rank_of(r.from) == relative(us, Rank::R2)) {
        Square mid = offset(r.from, dir);
        if (pos.piece_on(mid) != Piece::None) r.code = RC::PawnBlocked, r.square = mid;
        else if (!empty_target) r.code = RC::PawnBlocked, r.square = r.to;
    } else if (std::abs(df) == 1 && dr == 1) {
        if (empty_target && r.to != pos.double_step_square()) {
            const bool looks_like_ep = rank_of(r.to) == relative(us, Rank::R6) &&
                                       pos.piece_on(offset(r.to, -dir)) == make_piece(~us, PT::Pawn);
            r.code = looks_like_ep ? RC::EnPassantExpired : RC::PawnCaptureOnEmpty;
        }
    } else {
        r.code = RC::NotAPieceMove;
    }
    if (!r.ok()) return r;
    if (rank_of(r.to) == relative(us, Rank::R8)) {
        if (promotion == PT::None) r.code = RC::PromotionMissing;
        else if (promotion == PT::King || promotion == PT::Pawn) r.code = RC::PromotionPieceInvalid;
    } else if (promotion != PT::None) {
        r.code = RC::PromotionNotAllowed;
    }
    return r;
}

/// Geometry of a piece move; None when the piece may go there (safety aside).
Refusal explain_piece(const Position& pos, Refusal r, PT promotion) {
    const PT t = type_of(r.piece);
    Bitboard reach = 0;
    switch (t) {
        case PT::Knight: reach = attacks::knight(r.from); break;
        case PT::King: reach = attacks::king(r.from); break;
        case PT::Bishop: reach = attacks::bishop_empty(r.from); break;
        case PT::Rook: reach = attacks::rook_empty(r.from); break;
        case PT::Queen: reach = attacks::bishop_empty(r.from) | attacks::rook_empty(r.from); break;
        default: break;
    }
    if (!contains(reach, r.to)) {
        r.code = RC::NotAPieceMove;
        return r;
    }
    if (Square b = first_blocker(pos, r.from, r.to); b != Square::None && t != PT::Knight && t != PT::King) {
        r.code = RC::PathBlocked;
        r.square = b;
        return r;
    }
    if (promotion != PT::None) r.code = RC::PromotionNotAllowed;
    return r;
}

/// The move is possible for the piece; find which king-safety rule forbids it.
Refusal explain_safety(const Position& pos, Refusal r) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king(us);
    if (type_of(r.piece) == PT::King) {
        Square a = some_attacker(pos, them, r.to, pos.pieces() ^ bb(r.from));
        r.code = RC::KingIntoCheck;
        r.square = r.to;
        return with_attacker(r, pos, a);
    }
    const Bitboard checkers = pos.checkers();
    if (more_than_one(checkers)) {
        r.code = RC::DoubleCheck;
        return with_attacker(r, pos, lsb(checkers));
    }
    const bool en_passant = type_of(r.piece) == PT::Pawn && r.to == pos.double_step_square();
    // The sliders that would see the king with the piece gone, and only then.
    const Bitboard snipers = pos.sliders_aimed_at(them, ksq);
    const Bitboard pinners = attacks::scan_lines(ksq, snipers, pos.pieces() ^ bb(r.from)).seeing &
                             ~attacks::scan_lines(ksq, snipers, pos.pieces()).seeing;
    if (pinners && !attacks::aligned(ksq, r.from, r.to)) {
        r.code = RC::Pinned;
        return with_attacker(r, pos, lsb(pinners));
    }
    if (checkers) {
        const Square checker = lsb(checkers);
        const bool captures_checker_ep = en_passant && checker == offset(r.to, -forward(us));
        if (!contains(attacks::between(ksq, checker), r.to) && !captures_checker_ep) {
            r.code = RC::LeavesKingInCheck;
            return with_attacker(r, pos, checker);
        }
    }
    if (en_passant) {
        // Both pawns leave the rank (or the diagonal): find the piece that would then give check.
        const Square captured = offset(r.to, -forward(us));
        const Bitboard occ = (pos.pieces() ^ bb(r.from) ^ bb(captured)) | bb(r.to);
        Square a = some_attacker(pos, them, ksq, occ & ~bb(captured));
        r.code = RC::Pinned;
        return with_attacker(r, pos, a);
    }
    r.code = RC::LeavesKingInCheck;  // not reached for positions that passed validation
    return r;
}

}  // namespace

Move find_move(const Position& pos, Square from, Square to, PT promotion) {
    if (!is_ok(from) || !is_ok(to)) return Move::none();
    Move castling = Move::none();
    for (Move m : legal_moves(pos)) {
        if (m.from() != from) continue;
        if (m.kind() == MoveKind::Castling) {
            CastlingSide side = pos.castling_side(m);
            if (to == m.to() || to == Position::king_target(pos.side_to_move(), side)) castling = m;
            continue;
        }
        if (m.to() != to) continue;
        if (m.kind() == MoveKind::Promotion ? m.promotion() == promotion : promotion == PT::None) return m;
    }
    // A plain king move to the same square wins over castling (Chess960, king stepping to g1).
    return castling;
}

Bitboard legal_targets(const Position& pos, Square from) {
    Bitboard targets = 0;
    for (Move m : legal_moves(pos)) {
        if (m.from() != from) continue;
        targets |= bb(m.to());
        if (m.kind() == MoveKind::Castling)
            targets |= bb(Position::king_target(pos.side_to_move(), pos.castling_side(m)));
    }
    return targets;
}

Refusal explain_castling(const Position& pos, CastlingSide side) {
    const Color us = pos.side_to_move();
    Refusal r;
    r.from = pos.king(us);
    r.piece = pos.piece_on(r.from);
    const Square rook = pos.castling_rook(us, side);
    r.to = rook != Square::None ? rook : Position::king_target(us, side);
    if (pos.castling_test(side).ok()) return r;
    return explain_castling_from(pos, r);
}

Refusal explain_move(const Position& pos, Square from, Square to, PT promotion) {
    Refusal r;
    r.from = from;
    r.to = to;
    if (!is_ok(from) || !is_ok(to) || pos.piece_on(from) == Piece::None) {
        r.code = RC::NoPiece;
        return r;
    }
    r.piece = pos.piece_on(from);
    if (color_of(r.piece) != pos.side_to_move()) {
        r.code = RC::NotYourTurn;
        return r;
    }
    if (find_move(pos, from, to, promotion)) return r;
    if (is_castling_attempt(pos, from, to)) return explain_castling_from(pos, r);
    if (pos.piece_on(to) != Piece::None && color_of(pos.piece_on(to)) == pos.side_to_move()) {
        r.code = RC::OwnPieceOnTarget;
        r.square = to;
        return r;
    }
    r = type_of(r.piece) == PT::Pawn ? explain_pawn(pos, r, promotion) : explain_piece(pos, r, promotion);
    if (!r.ok()) return r;
    return explain_safety(pos, r);
}

namespace {

/// Per code, in the order of RefusalCode: its stable id and the FIDE article behind it.
struct RefusalInfo {
    RefusalCode code;
    std::string_view id;
    std::string_view article;
};
constexpr RefusalInfo RefusalInfos[] = {
    {RefusalCode::None, "legal", ""},
    {RefusalCode::NoPiece, "no-piece", ""},
    {RefusalCode::NotYourTurn, "not-your-turn", "1.3"},
    {RefusalCode::OwnPieceOnTarget, "own-piece-on-target", "3.1"},
    {RefusalCode::NotAPieceMove, "not-a-piece-move", "3.2-3.8"},
    {RefusalCode::PathBlocked, "path-blocked", "3.5"},
    {RefusalCode::PawnBlocked, "pawn-blocked", "3.7.1"},
    {RefusalCode::PawnCaptureOnEmpty, "pawn-capture-on-empty", "3.7.3"},
    {RefusalCode::EnPassantExpired, "en-passant-expired", "3.7.3.2"},
    {RefusalCode::PromotionMissing, "promotion-missing", "3.7.3.3"},
    {RefusalCode::PromotionNotAllowed, "promotion-not-allowed", ""},
    {RefusalCode::PromotionPieceInvalid, "promotion-piece-invalid", "3.7.3.3"},
    {RefusalCode::Pinned, "pinned", "3.9.2"},
    {RefusalCode::LeavesKingInCheck, "leaves-king-in-check", "3.9.2"},
    {RefusalCode::DoubleCheck, "double-check", "3.9.2"},
    {RefusalCode::KingIntoCheck, "king-into-check", "3.9.2"},
    {RefusalCode::CastlingNoRight, "castling-no-right", "3.8.2.1"},
    {RefusalCode::CastlingInCheck, "castling-in-check", "3.8.2.2"},
    {RefusalCode::CastlingBlocked, "castling-blocked", "3.8.2.2"},
    {RefusalCode::CastlingThroughCheck, "castling-through-check", "3.8.2.2"},
    {RefusalCode::CastlingIntoCheck, "castling-into-check", "3.8.2.2"},
    {RefusalCode::NoPieceReaches, "no-piece-reaches", ""},
    {RefusalCode::NullMoveInCheck, "null-move-in-check", ""},
    {RefusalCode::GameOver, "game-over", ""},
    {RefusalCode::DrawOfferTooEarly, "draw-offer-too-early", "5.2.3"},
    {RefusalCode::NoDrawOffer, "no-draw-offer", "9.1.2"},
    {RefusalCode::ClaimNotYourTurn, "claim-not-your-turn", "9.2"},
    {RefusalCode::ClaimAfterTouch, "claim-after-touch", "9.4"},
    {RefusalCode::TouchMoveMustMove, "touch-move-must-move", "4.3.1"},
    {RefusalCode::TouchMoveMustCapture, "touch-move-must-capture", "4.3.2"},
    {RefusalCode::TouchMoveMustCastle, "touch-move-must-castle", "4.4.1"},
    {RefusalCode::TouchMoveKingMustMove, "touch-move-king-must-move", "4.4.2"},
    {RefusalCode::CastlingKingMoved, "castling-king-moved", "3.8.2.1"},
    {RefusalCode::CastlingRookMoved, "castling-rook-moved", "3.8.2.1"},
    {RefusalCode::CastlingRookCaptured, "castling-rook-captured", "3.8.2.1"},
    {RefusalCode::DrawOfferForbiddenYet, "draw-offer-forbidden-yet", "9.1.1"},
};
static_assert(RefusalInfos[static_cast<std::size_t>(RefusalCode::DrawOfferForbiddenYet)].code ==
              RefusalCode::DrawOfferForbiddenYet);

constexpr const RefusalInfo* refusal_info(RefusalCode code) {
    const auto i = static_cast<std::size_t>(code);
    return i < std::size(RefusalInfos) && RefusalInfos[i].code == code ? &RefusalInfos[i] : nullptr;
}

}  // namespace

std::string_view refusal_id(RefusalCode code) {
    const RefusalInfo* info = refusal_info(code);
    return info ? info->id : "unknown";
}

std::string_view refusal_article(RefusalCode code) {
    const RefusalInfo* info = refusal_info(code);
    return info ? info->article : "";
}

}  // namespace schach
