#include "analysis/coach.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "core/movegen.hpp"
#include "core/see.hpp"

namespace schach {
namespace {

constexpr std::size_t MaxLooseHints = 3;  // the most valuable ones; more would drown the rest

/// The game replayed up to the last move, with who moved what how often.
struct Replay {
    Position before;  // the position before the last move
    Position after;   // and after it
    Move last = Move::none();
    std::array<int, 64> origin{};  // per square: the start square of the piece on it, -1 for none
    std::array<int, 64> moved{};   // per start square: how often that piece has moved (before `last`)
    std::array<bool, 2> castled{};
};

void track(Replay& r, const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const int piece = r.origin[idx(from)];
    if (m.kind() == MoveKind::Castling) {
        const int rook = r.origin[idx(to)];
        const CastlingSide side = pos.castling_side(m);
        const Color us = pos.side_to_move();
        r.origin[idx(from)] = r.origin[idx(to)] = -1;
        r.origin[idx(Position::king_target(us, side))] = piece;
        r.origin[idx(Position::rook_target(us, side))] = rook;
        r.castled[idx(us)] = true;
    } else {
        if (m.kind() == MoveKind::EnPassant) r.origin[idx(make_square(file_of(to), rank_of(from)))] = -1;
        r.origin[idx(from)] = -1;
        r.origin[idx(to)] = piece;
    }
    if (piece >= 0) ++r.moved[static_cast<std::size_t>(piece)];
}

Replay replay(const Position& start, std::span<const Move> moves) {
    Replay r;
    for (int s = 0; s < SquareCount; ++s) r.origin[static_cast<std::size_t>(s)] = -1;
    for (Square s : squares(start.pieces())) r.origin[idx(s)] = idx(s);
    Position pos = start;
    for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
        track(r, pos, moves[i]);
        pos.do_move(moves[i]);
    }
    r.before = pos;
    r.last = moves.back();
    r.after = pos;
    r.after.do_move(r.last);
    return r;
}

int times_moved(const Replay& r, Square s) {
    const int o = r.origin[idx(s)];
    return o < 0 ? 0 : r.moved[static_cast<std::size_t>(o)];
}

/// The knights and bishops of `c` that have not moved yet and stand on their back rank, the one of
/// the last move aside (the replay's squares and counts are those before the last move).
Bitboard minors_at_home(const Replay& r, Color c) {
    Bitboard home = 0;
    const Bitboard minors = r.before.pieces(c, PieceType::Knight) | r.before.pieces(c, PieceType::Bishop);
    for (Square s : squares(minors & ~bb(r.last.from())))
        if (times_moved(r, s) == 0 && rank_of(s) == relative(c, Rank::R1)) home |= bb(s);  // set up elsewhere: out
    return home;
}

struct Win {
    int gain = 0;
    Move move = Move::none();
};

/// The side to move's best capture on `s` (among its legal `moves`) by the static exchange, when it
/// wins material.
std::optional<Win> winning_capture(const Position& pos, const MoveList& moves, Square s) {
    std::optional<Win> best;
    for (Move m : moves) {
        if (m.to() != s || m.kind() == MoveKind::Castling || !pos.is_capture(m)) continue;
        const int gain = see(pos, m);
        const bool cheaper = best && gain == best->gain &&
                             see_value(type_of(pos.piece_on(m.from()))) <
                                 see_value(type_of(pos.piece_on(best->move.from())));
        if (gain > 0 && (!best || gain > best->gain || cheaper)) best = Win{gain, m};
    }
    return best;
}

/// The pieces of the side not to move (kings aside) that the side to move can win now, the most
/// valuable `cap` of them.
std::vector<Hint> loose_pieces(const Position& pos, HintCode code, std::size_t cap = MaxLooseHints) {
    std::vector<Hint> hints;
    const Color them = ~pos.side_to_move();
    const MoveList moves = legal_moves(pos);
    for (Square s : squares(pos.pieces(them) & ~pos.pieces(PieceType::King))) {
        const auto win = winning_capture(pos, moves, s);
        if (!win) continue;
        Hint h{.principle = Principle::LoosePieces, .code = code, .piece = pos.piece_on(s), .square = s};
        h.by = win->move.from();
        h.by_piece = pos.piece_on(h.by);
        h.value = win->gain;
        hints.push_back(h);
    }
    std::stable_sort(hints.begin(), hints.end(), [](const Hint& a, const Hint& b) { return a.value > b.value; });
    if (hints.size() > cap) hints.resize(cap);
    return hints;
}

/// The squares of those pieces.
Bitboard squares_of(const std::vector<Hint>& hints) {
    Bitboard b = 0;
    for (const Hint& h : hints) b |= bb(h.square);
    return b;
}

/// The squares of all those pieces.
Bitboard winnable(const Position& pos) { return squares_of(loose_pieces(pos, HintCode::OwnLoose, 32)); }

/// `pos` with the side to move passing (precondition: not in check): what the opponent could do
/// if it were their turn.
Position passed_turn(const Position& pos) {
    Position passed = pos;
    passed.do_move(Move::null());
    return passed;
}

/// The side to move's own pieces the opponent could win if it were their turn.
Bitboard threatened(const Position& pos) { return pos.in_check() ? 0 : winnable(passed_turn(pos)); }

bool in_opening(const Position& before) { return before.ply() < CoachOpeningPlies; }

// --- Hints on the learner's own move ---------------------------------------------------------

void centre_hints(const Replay& r, Color us, std::vector<Hint>& out) {
    const Square from = r.last.from(), to = r.last.to();
    if (type_of(r.before.piece_on(from)) != PieceType::Pawn || !in_opening(r.before)) return;
    constexpr Bitboard Centre = bb(Square::D4) | bb(Square::E4) | bb(Square::D5) | bb(Square::E5);
    const Piece pawn = make_piece(us, PieceType::Pawn);
    if (contains(Centre, to)) {
        if (contains(winnable(r.after), to)) return;  // no praise for a pawn that is lost there
        out.push_back(
            {.principle = Principle::Centre, .code = HintCode::CentrePawn, .piece = pawn, .square = to, .from = from});
        return;
    }
    const File f = file_of(from);
    const bool rim = f == File::A || f == File::B || f == File::G || f == File::H;
    const bool centre_at_home = r.before.piece_on(relative(us, Square::D2)) == pawn &&
                                r.before.piece_on(relative(us, Square::E2)) == pawn;
    if (rim && centre_at_home && !r.before.in_check() && !r.before.is_capture(r.last))
        out.push_back({.principle = Principle::Centre,
                       .code = HintCode::FlankPawn,
                       .piece = pawn,
                       .square = to,
                       .from = from,
                       .squares = Centre});
}

/// Whether the piece on `s` could be won by the opponent before the learner moved it.
bool was_threatened(const Replay& r, Square s) { return contains(threatened(r.before), s); }

void development_hints(const Replay& r, Color us, std::vector<Hint>& out) {
    if (!in_opening(r.before) || r.last.kind() == MoveKind::Castling) return;
    const Square from = r.last.from(), to = r.last.to();
    const Piece piece = r.before.piece_on(from);
    const PieceType type = type_of(piece);
    if (type == PieceType::Pawn || type == PieceType::King) return;
    const int before_count = times_moved(r, from);
    if ((type == PieceType::Knight || type == PieceType::Bishop) && before_count == 0) {
        if (contains(winnable(r.after), to)) return;  // the loose-piece hint says what matters
        out.push_back({.principle = Principle::MinorsFirst,
                       .code = HintCode::MinorDeveloped,
                       .piece = piece,
                       .square = to,
                       .from = from});
        return;
    }
    const Bitboard home = minors_at_home(r, us);
    if (type == PieceType::Queen && before_count == 0 && popcount(home) >= 2 && !r.before.is_capture(r.last) &&
        !r.before.in_check()) {
        out.push_back({.principle = Principle::MinorsFirst,
                       .code = HintCode::QueenEarly,
                       .piece = piece,
                       .square = to,
                       .from = from,
                       .squares = home});
        return;
    }
    const bool reason = r.before.is_capture(r.last) || r.before.gives_check(r.last) || r.before.in_check() ||
                        was_threatened(r, from);
    if (before_count >= 1 && home && !reason)
        out.push_back({.principle = Principle::OneMoveEach,
                       .code = HintCode::PieceAgain,
                       .piece = piece,
                       .square = to,
                       .from = from,
                       .squares = home});
}

void castling_hints(const Replay& r, Color us, std::vector<Hint>& out) {
    const Square from = r.last.from(), to = r.last.to();
    const Piece piece = r.before.piece_on(from);
    if (r.last.kind() == MoveKind::Castling) {
        const CastlingSide side = r.before.castling_side(r.last);
        out.push_back({.principle = Principle::CastleEarly,
                       .code = HintCode::Castled,
                       .piece = piece,
                       .square = Position::king_target(us, side),
                       .from = from});
        return;
    }
    const bool had_right = r.before.can_castle(us, CastlingSide::King) || r.before.can_castle(us, CastlingSide::Queen);
    if (!had_right || r.castled[idx(us)]) return;
    if (type_of(piece) == PieceType::King) {
        out.push_back({.principle = Principle::CastleEarly,
                       .code = HintCode::KingLostCastling,
                       .piece = piece,
                       .square = to,
                       .from = from});
    } else if (type_of(piece) == PieceType::Rook && contains(r.before.castling_rooks(), from) &&
               !contains(r.after.castling_rooks(), from)) {
        out.push_back({.principle = Principle::CastleEarly,
                       .code = HintCode::RookLostCastling,
                       .piece = piece,
                       .square = to,
                       .from = from});
    }
}

void trade_hints(const Replay& r, std::vector<Hint>& out) {
    if (!r.before.is_capture(r.last) || r.last.kind() != MoveKind::Normal) return;
    const int value = see(r.before, r.last);
    if (value >= 0) return;
    const Square from = r.last.from(), to = r.last.to();
    out.push_back({.principle = Principle::EqualTrades,
                   .code = HintCode::LosingTrade,
                   .piece = r.before.piece_on(from),
                   .square = to,
                   .from = from,
                   .by_piece = r.before.piece_on(to),
                   .value = value});
}

void own_loose_hints(const Replay& r, std::vector<Hint>& out) {
    // The piece that just captured is part of the exchange the trade hint judges already.
    const bool traded = r.before.is_capture(r.last);
    for (const Hint& h : loose_pieces(r.after, HintCode::OwnLoose))
        if (!(traded && h.square == r.last.to())) out.push_back(h);
}

// --- Hints on the opponent's move ------------------------------------------------------------

void check_hint(const Replay& r, std::vector<Hint>& out) {
    const Position& pos = r.after;
    const Bitboard checkers = pos.checkers();
    const Square king = pos.king(pos.side_to_move());
    CheckAnswers a;
    for (Move m : legal_moves(pos)) {
        // A promotion is one way out, whatever it becomes.
        if (m.kind() == MoveKind::Promotion && m.promotion() != PieceType::Queen) continue;
        if (m.from() == king) ++a.king_moves;
        else if (pos.is_capture(m) && (contains(checkers, m.to()) || m.kind() == MoveKind::EnPassant)) ++a.captures;
        else ++a.blocks;
    }
    const Square by = lsb(checkers);
    out.push_back({.principle = Principle::WatchThreats,
                   .code = HintCode::Check,
                   .piece = pos.piece_on(king),
                   .square = king,
                   .from = r.last.from(),
                   .by_piece = pos.piece_on(by),
                   .by = by,
                   .squares = checkers,
                   .answers = a});
}

void threat_hints(const Replay& r, std::vector<Hint>& out) {
    if (r.after.in_check()) {
        if (!legal_moves(r.after).empty()) check_hint(r, out);  // a mate needs no advice
        return;
    }
    // What the opponent could win before their move stays no news; what they can win now is.
    std::vector<Hint> threats = loose_pieces(passed_turn(r.after), HintCode::OwnLoose, 32);
    const Bitboard fresh = squares_of(threats) & ~winnable(r.before);
    if (threats.size() > MaxLooseHints) threats.resize(MaxLooseHints);  // the most valuable, as elsewhere
    for (Hint h : threats) {
        if (!contains(fresh, h.square)) continue;
        h.principle = Principle::WatchThreats;
        h.code = HintCode::Threat;
        h.from = r.last.from();
        h.to = r.last.kind() == MoveKind::Castling
                   ? Position::king_target(r.before.side_to_move(), r.before.castling_side(r.last))
                   : r.last.to();
        out.push_back(h);
    }
}

void castle_now_hint(const Replay& r, Color us, std::vector<Hint>& out) {
    const int ply = r.after.ply();
    if (r.castled[idx(us)] || ply < 10 || ply > 40 || r.after.in_check()) return;
    Bitboard targets = 0;
    for (Move m : legal_moves(r.after))
        if (m.kind() == MoveKind::Castling) targets |= bb(Position::king_target(us, r.after.castling_side(m)));
    if (!targets) return;
    const Square king = r.after.king(us);
    out.push_back({.principle = Principle::CastleEarly,
                   .code = HintCode::CastleNow,
                   .piece = r.after.piece_on(king),
                   .square = king,
                   .squares = targets});
}

}  // namespace

bool Hint::praise() const {
    return code == HintCode::CentrePawn || code == HintCode::MinorDeveloped || code == HintCode::Castled;
}

std::vector<Hint> coach_hints(const Position& start, std::span<const Move> moves, Color learner) {
    std::vector<Hint> out;
    if (moves.empty()) return out;
    const Replay r = replay(start, moves);
    if (r.before.side_to_move() == learner) {
        centre_hints(r, learner, out);
        development_hints(r, learner, out);
        castling_hints(r, learner, out);
        trade_hints(r, out);
        own_loose_hints(r, out);
    } else {
        threat_hints(r, out);
        const bool took = r.before.is_capture(r.last);
        if (!took && out.empty()) castle_now_hint(r, learner, out);
        for (Hint h : loose_pieces(r.after, HintCode::TheirLoose)) {
            if (took && h.square == r.last.to()) {
                // Winning back what was just taken keeps the trade even: no gain to announce.
                h.principle = Principle::EqualTrades;
                h.code = HintCode::TakeBack;
            }
            out.push_back(h);
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const Hint& a, const Hint& b) { return a.principle < b.principle; });
    return out;
}

std::string_view principle_id(Principle p) {
    switch (p) {
        case Principle::Centre: return "centre";
        case Principle::MinorsFirst: return "minors-first";
        case Principle::OneMoveEach: return "one-move-each";
        case Principle::CastleEarly: return "castle-early";
        case Principle::WatchThreats: return "watch-threats";
        case Principle::EqualTrades: return "equal-trades";
        case Principle::LoosePieces: return "loose-pieces";
    }
    return "centre";
}

std::string_view hint_id(HintCode c) {
    switch (c) {
        case HintCode::CentrePawn: return "centre-pawn";
        case HintCode::FlankPawn: return "flank-pawn";
        case HintCode::MinorDeveloped: return "minor-developed";
        case HintCode::QueenEarly: return "queen-early";
        case HintCode::PieceAgain: return "piece-again";
        case HintCode::Castled: return "castled";
        case HintCode::KingLostCastling: return "king-lost-castling";
        case HintCode::RookLostCastling: return "rook-lost-castling";
        case HintCode::CastleNow: return "castle-now";
        case HintCode::Check: return "check";
        case HintCode::Threat: return "threat";
        case HintCode::LosingTrade: return "losing-trade";
        case HintCode::OwnLoose: return "own-loose";
        case HintCode::TheirLoose: return "their-loose";
        case HintCode::TakeBack: return "take-back";
    }
    return "centre-pawn";
}

}  // namespace schach
