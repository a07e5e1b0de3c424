#include "review/explain.hpp"

#include <algorithm>

#include "core/attacks.hpp"
#include "core/bitboard.hpp"
#include "core/movegen.hpp"
#include "core/see.hpp"

namespace schach::review {

std::string_view fact_id(FactKind kind) {
    switch (kind) {
        case FactKind::AllowsMate: return "allows-mate";
        case FactKind::LosesMaterial: return "loses-material";
        case FactKind::BackRankMate: return "back-rank-mate";
        case FactKind::Fork: return "fork";
        case FactKind::Pin: return "pin";
        case FactKind::Skewer: return "skewer";
        case FactKind::DiscoveredAttack: return "discovered-attack";
        case FactKind::LosingTrade: return "losing-trade";
        case FactKind::HangingPiece: return "hanging-piece";
        case FactKind::Promotion: return "promotion";
        case FactKind::MissedMate: return "missed-mate";
        case FactKind::MissedMaterial: return "missed-material";
        case FactKind::BestMove: return "best-move";
    }
    return "?";
}

const Fact* Explanation::find(FactKind kind) const {
    for (const Fact& f : facts)
        if (f.kind == kind) return &f;
    return nullptr;
}

const Fact* Explanation::pattern() const {
    for (const Fact& f : facts)
        if (f.kind >= FactKind::BackRankMate && f.kind <= FactKind::Promotion) return &f;
    return nullptr;
}

int material(const Position& pos, Color side) {
    int total = 0;
    for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen})
        total += popcount(pos.pieces(side, t)) * see_value(t);
    return total;
}

namespace {

/// How many moves of the material outcome to look at: the refutation's first moves, extended
/// while captures go on (an exchange is never cut in the middle).
constexpr std::size_t MaterialWindow = 8;
/// Losses or gains smaller than this (centipawns) are not named.
constexpr int NamedLoss = 100;
constexpr int NamedGain = 200;

/// A line played out: positions[k] before moves[k], positions.back() after the last move. Stops
/// at the first move that is not legal (lines from the search always are; this is a guard).
struct PlayedLine {
    std::vector<Position> positions;
    std::vector<Move> moves;
    std::size_t size() const { return moves.size(); }
};

PlayedLine play(const Position& start, std::span<const Move> line) {
    PlayedLine p;
    p.positions.push_back(start);
    for (Move m : line) {
        Position pos = p.positions.back();
        if (!m || !pos.is_legal(m)) break;
        pos.do_move(m);
        p.moves.push_back(m);
        p.positions.push_back(pos);
    }
    return p;
}

int balance(const Position& pos, Color side) { return material(pos, side) - material(pos, ~side); }

/// The man a move takes (en passant: the pawn beside), or none.
Man captured_man(const Position& pos, Move m) {
    if (m.kind() == MoveKind::EnPassant) return {PieceType::Pawn, make_square(file_of(m.to()), rank_of(m.from()))};
    if (m.kind() == MoveKind::Castling || pos.piece_on(m.to()) == Piece::None) return {};
    return {type_of(pos.piece_on(m.to())), m.to()};
}

bool is_forcing_material(const Position& pos, Move m) { return pos.is_capture(m) || m.kind() == MoveKind::Promotion; }

/// What a line does to `side`'s material: the balance change at its end (after the first
/// `MaterialWindow` moves and any captures that follow), the shortest prefix that reaches it, and
/// the men lost and won on the way once equal trades cancel.
struct MaterialOutcome {
    int net = 0;          // balance change for `side` (negative: lost)
    std::size_t end = 0;  // moves of the line that show it
    Man lost;             // `side`'s most valuable man lost, not traded for an equal one
    Man won;              // the other side's most valuable man taken, not traded
    Move promotion;       // a promotion on the way (by either side), or none
};

MaterialOutcome material_outcome(const PlayedLine& p, Color side) {
    MaterialOutcome out;
    if (p.size() == 0) return out;
    std::size_t n = std::min(MaterialWindow, p.size());
    while (n < p.size() && is_forcing_material(p.positions[n], p.moves[n])) ++n;
    const int base = balance(p.positions[0], side);
    out.net = balance(p.positions[n], side) - base;
    // The shortest prefix ending at a quiet point with (nearly) the same balance.
    out.end = n;
    for (std::size_t j = 1; j <= n; ++j) {
        const bool quiet = j == n || !is_forcing_material(p.positions[j], p.moves[j]);
        const int net = balance(p.positions[j], side) - base;
        const bool reached = out.net < 0 ? net <= out.net + 50 : net >= out.net - 50;
        if (quiet && reached) {
            out.end = j;
            break;
        }
    }
    // The men taken within the prefix, equal values cancelling pairwise.
    std::vector<Man> lost, won;
    for (std::size_t k = 0; k < out.end; ++k) {
        const Position& pos = p.positions[k];
        const Move m = p.moves[k];
        if (m.kind() == MoveKind::Promotion && !out.promotion) out.promotion = m;
        const Man taken = captured_man(pos, m);
        if (taken.type == PieceType::None) continue;
        (pos.side_to_move() == side ? won : lost).push_back(taken);
    }
    const auto by_value = [](const Man& a, const Man& b) { return see_value(a.type) > see_value(b.type); };
    std::stable_sort(lost.begin(), lost.end(), by_value);
    std::stable_sort(won.begin(), won.end(), by_value);
    std::vector<Man> lost_left, won_left = won;
    for (const Man& l : lost) {
        const auto same = std::find_if(won_left.begin(), won_left.end(),
                                       [&](const Man& w) { return see_value(w.type) == see_value(l.type); });
        if (same != won_left.end()) won_left.erase(same);
        else lost_left.push_back(l);
    }
    if (!lost_left.empty()) out.lost = lost_left.front();
    if (!won_left.empty()) out.won = won_left.front();
    return out;
}

std::vector<Move> prefix(const PlayedLine& p, std::size_t from, std::size_t to) {
    return {p.moves.begin() + static_cast<std::ptrdiff_t>(from), p.moves.begin() + static_cast<std::ptrdiff_t>(to)};
}

/// The squares strictly between two squares on a line, or none when they share no line.
Bitboard strictly_between(Square a, Square b) { return attacks::line(a, b) ? attacks::between(a, b) & ~bb(b) : 0; }

bool slides_along(PieceType t, Square a, Square b) {
    const bool straight = file_of(a) == file_of(b) || rank_of(a) == rank_of(b);
    if (t == PieceType::Queen) return true;
    return straight ? t == PieceType::Rook : t == PieceType::Bishop;
}

Bitboard sliders(const Position& pos, Color c) {
    return pos.pieces(c, PieceType::Bishop) | pos.pieces(c, PieceType::Rook) | pos.pieces(c, PieceType::Queen);
}

Bitboard attacks_of(const Position& pos, Square s) {
    const Piece p = pos.piece_on(s);
    if (type_of(p) == PieceType::Pawn) return attacks::pawn(color_of(p), s);
    return attacks::of(type_of(p), s, pos.pieces());
}

bool defended(const Position& pos, Square s, Color owner) {
    return (pos.attackers_to(s, pos.pieces()) & pos.pieces(owner)) != 0;
}

int worth(PieceType t) { return t == PieceType::King ? 10000 : see_value(t); }

// --- The patterns -----------------------------------------------------------------------------
// Each looks at the line after the move (`line`: the move itself, then the refutation) and the
// material outcome for the mover; `first` is the index in `line` of the opponent's first move.

struct Context {
    Color mover;
    PlayedLine line;  // the played move, then the refutation
    MaterialOutcome outcome;
    std::vector<Move> shown;  // the moves to name: the refutation's (with the move when it captures)
    Position shown_from;
};

Fact make_fact(FactKind kind, const Context& c) {
    Fact f;
    f.kind = kind;
    f.position = c.shown_from;
    f.line = c.shown;
    f.piece = c.outcome.lost;
    f.material = -c.outcome.net;
    return f;
}

/// The index in the line of the move that takes the man lost, or the line's size.
std::size_t capture_index(const Context& c) {
    for (std::size_t k = 0; k < c.outcome.end; ++k)
        if (captured_man(c.line.positions[k], c.line.moves[k]) == c.outcome.lost) return k;
    return c.line.size();
}

std::optional<Fact> losing_trade(const Context& c, const Position& before, Move played) {
    if (!before.is_capture(played) || c.line.size() < 2) return std::nullopt;
    const int exchange = see(before, played);
    if (exchange >= 0) return std::nullopt;
    // The reply takes back on the same square: the trade itself is the loss.
    if (c.line.moves[1].to() != played.to() || !c.line.positions[1].is_capture(c.line.moves[1])) return std::nullopt;
    Fact f = make_fact(FactKind::LosingTrade, c);
    f.piece = {type_of(before.piece_on(played.from())), played.to()};
    f.targets.push_back(captured_man(before, played));
    f.material = -exchange;
    return f;
}

std::optional<Fact> hanging_piece(const Context& c) {
    if (c.line.size() < 2) return std::nullopt;
    const Position& after = c.line.positions[1];
    const Move reply = c.line.moves[1];
    const Man taken = captured_man(after, reply);
    if (taken.type == PieceType::None || taken != c.outcome.lost) return std::nullopt;
    const bool guarded = defended(after, taken.square, c.mover);
    if (guarded && see(after, reply) <= 0) return std::nullopt;
    Fact f = make_fact(FactKind::HangingPiece, c);
    f.by = {type_of(after.piece_on(reply.from())), reply.from()};
    f.defended = guarded;
    return f;
}

/// Whether the opponent takes `man` on its square after move `k` of the line (within the part named).
bool taken_later(const Context& c, const Man& man, std::size_t k) {
    for (std::size_t j = k + 1; j < c.outcome.end && j < c.line.size(); ++j)
        if (c.line.positions[j].side_to_move() != c.mover && captured_man(c.line.positions[j], c.line.moves[j]) == man)
            return true;
    return false;
}

/// A fork by the opponent's move `k` of the line: the man it moves attacks two or more men of the
/// mover (the king, a more valuable one, or an unprotected one), one of which is the man lost.
std::optional<Fact> fork_at(const Context& c, std::size_t k) {
    const Move m = c.line.moves[k];
    const Position& pos = c.line.positions[k + 1];  // after the forking move
    const Square at = m.to();
    const PieceType forker = type_of(pos.piece_on(at));
    std::vector<Man> targets;
    for (Square s : squares(attacks_of(pos, at) & pos.pieces(c.mover))) {
        const PieceType t = type_of(pos.piece_on(s));
        if (t == PieceType::Pawn) continue;
        if (t == PieceType::King || worth(t) > worth(forker) || !defended(pos, s, c.mover)) targets.push_back({t, s});
    }
    if (targets.size() < 2) return std::nullopt;
    // One of the men attacked is then taken where it stands (perhaps one won back in an exchange
    // that still loses: the fork is what decides it).
    if (std::none_of(targets.begin(), targets.end(), [&](const Man& t) { return taken_later(c, t, k); }))
        return std::nullopt;
    Fact f = make_fact(FactKind::Fork, c);
    f.by = {forker, at};
    std::stable_sort(targets.begin(), targets.end(),
                     [](const Man& a, const Man& b) { return worth(a.type) > worth(b.type); });
    f.targets = targets;
    return f;
}

/// A fork by any of the opponent's moves before the man lost is taken (the reply, or a later one
/// after a sacrifice that drew the king out).
std::optional<Fact> fork(const Context& c) {
    for (std::size_t k = 1; k < c.outcome.end && k < c.line.size(); k += 2)
        if (auto f = fork_at(c, k)) return f;
    return std::nullopt;
}

/// The first man on the ray from `from` through `through`, beyond `through`.
Square beyond(const Position& pos, Square from, Square through) {
    for (Square s : squares(attacks::line(from, through) & pos.pieces())) {
        if (s == from || s == through) continue;
        // Beyond `through` (not between the two) and nothing in between.
        if (contains(strictly_between(from, s), through) && (strictly_between(through, s) & pos.pieces()) == 0)
            return s;
    }
    return Square::None;
}

std::optional<Fact> pin(const Context& c) {
    if (c.line.size() < 3) return std::nullopt;
    const std::size_t taken_at = capture_index(c);
    if (taken_at < 2 || taken_at >= c.line.size()) return std::nullopt;
    const Position& pos = c.line.positions[2];  // after the opponent's first move
    const Man lost = c.outcome.lost;
    if (pos.piece_on(lost.square) != make_piece(c.mover, lost.type)) return std::nullopt;
    for (Square s : squares(sliders(pos, ~c.mover))) {
        const PieceType t = type_of(pos.piece_on(s));
        if (!attacks::line(s, lost.square) || !slides_along(t, s, lost.square)) continue;
        if (strictly_between(s, lost.square) & pos.pieces()) continue;
        const Square back = beyond(pos, s, lost.square);
        if (back == Square::None || color_of(pos.piece_on(back)) != c.mover) continue;
        const PieceType behind = type_of(pos.piece_on(back));
        if (worth(behind) <= worth(lost.type)) continue;
        Fact f = make_fact(FactKind::Pin, c);
        f.by = {t, s};
        f.targets.push_back({behind, back});
        return f;
    }
    return std::nullopt;
}

std::optional<Fact> skewer(const Context& c) {
    if (c.line.size() < 3) return std::nullopt;
    const std::size_t taken_at = capture_index(c);
    if (taken_at < 3 || taken_at >= c.line.size()) return std::nullopt;
    const Move reply = c.line.moves[1];
    const Position& pos = c.line.positions[2];
    const Square at = reply.to();
    const PieceType t = type_of(pos.piece_on(at));
    if (t != PieceType::Bishop && t != PieceType::Rook && t != PieceType::Queen) return std::nullopt;
    // The lost man is taken by the skewering piece coming down the line.
    if (c.line.moves[taken_at].from() != at) return std::nullopt;
    const Man lost = c.outcome.lost;
    for (Square front : squares(attacks_of(pos, at) & pos.pieces(c.mover))) {
        if (!slides_along(t, at, front) || beyond(pos, at, front) != lost.square) continue;
        const PieceType ft = type_of(pos.piece_on(front));
        if (worth(ft) <= worth(lost.type)) continue;
        Fact f = make_fact(FactKind::Skewer, c);
        f.by = {t, at};
        f.targets.push_back({ft, front});
        return f;
    }
    return std::nullopt;
}

std::optional<Fact> discovered_attack(const Context& c) {
    if (c.line.size() < 3) return std::nullopt;
    const std::size_t taken_at = capture_index(c);
    if (taken_at < 2 || taken_at >= c.line.size()) return std::nullopt;
    const Position& before_reply = c.line.positions[1];
    const Move reply = c.line.moves[1];
    const Position& pos = c.line.positions[2];
    for (Square s : squares(sliders(pos, ~c.mover))) {
        if (s == reply.to()) continue;  // the moving man itself
        const PieceType t = type_of(pos.piece_on(s));
        for (Square target : squares(attacks_of(pos, s) & pos.pieces(c.mover))) {
            const PieceType tt = type_of(pos.piece_on(target));
            if (tt == PieceType::Pawn) continue;
            // Before the reply the moving man stood between them, alone.
            const Bitboard gap = strictly_between(s, target);
            if (!contains(gap, reply.from()) || (gap & before_reply.pieces()) != bb(reply.from())) continue;
            if (!slides_along(t, s, target)) continue;
            // The attack wins something worth naming: the man attacked, or at least a minor piece.
            if (!(c.outcome.lost == Man{tt, target}) && see_value(c.outcome.lost.type) < see_value(PieceType::Knight))
                continue;
            Fact f = make_fact(FactKind::DiscoveredAttack, c);
            f.by = {t, s};
            f.targets.push_back({tt, target});
            return f;
        }
    }
    return std::nullopt;
}

std::optional<Fact> promotion(const Context& c) {
    for (std::size_t k = 1; k < c.line.size() && k <= 6; ++k) {
        const Move m = c.line.moves[k];
        if (m.kind() != MoveKind::Promotion || c.line.positions[k].side_to_move() == c.mover) continue;
        Fact f = make_fact(FactKind::Promotion, c);
        f.piece = {PieceType::Pawn, m.to()};
        f.promoted = m.promotion();
        f.line = prefix(c.line, 1, k + 1);
        f.position = c.line.positions[1];
        return f;
    }
    return std::nullopt;
}

/// The mate at the end of `p` is on the back rank: the king on its first rank, the checker a rook
/// or queen on that rank, and the king's way forward blocked by its own men.
std::optional<Fact> back_rank_mate(const PlayedLine& p, Color mover) {
    if (p.size() == 0) return std::nullopt;
    const Position& end = p.positions.back();
    if (end.side_to_move() != mover || !end.in_check() || count_legal(end) != 0) return std::nullopt;
    const Square k = end.king(mover);
    if (rank_of(k) != relative(mover, Rank::R1) || more_than_one(end.checkers())) return std::nullopt;
    const Square checker = lsb(end.checkers());
    const PieceType ct = type_of(end.piece_on(checker));
    if ((ct != PieceType::Rook && ct != PieceType::Queen) || rank_of(checker) != rank_of(k)) return std::nullopt;
    const Bitboard forward = attacks::king(k) & bb(relative(mover, Rank::R2));
    if ((forward & end.pieces(mover)) == 0) return std::nullopt;
    Fact f;
    f.kind = FactKind::BackRankMate;
    f.piece = {PieceType::King, k};
    f.by = {ct, checker};
    return f;
}

/// Whether naming `man` says what a line gains or loses: its value is (nearly) the balance, not a
/// pawn named for a loss of two pawns or more.
bool names_the_balance(const Man& man, int balance) {
    if (man.type == PieceType::None) return false;
    return see_value(man.type) + 150 >= (balance < 0 ? -balance : balance);
}

/// What the best line before the move would have given: a mate, material, or just the better move.
void add_missed(Explanation& out, const Position& before, Move played, std::span<const Move> best_line,
                Eval eval_before) {
    if (best_line.empty() || best_line.front() == played) return;
    const Color mover = before.side_to_move();
    const Eval mine = eval_before.for_side(mover);
    const PlayedLine p = play(before, best_line);
    if (p.size() == 0) return;
    Fact f;
    f.position = before;
    if (mine.kind == Eval::Kind::Mate && mine.value > 0) {
        f.kind = FactKind::MissedMate;
        f.mate_in = mine.value;
        f.line = prefix(p, 0, std::min(p.size(), static_cast<std::size_t>(2 * mine.value - 1)));
        out.facts.push_back(f);
        return;
    }
    const MaterialOutcome gain = material_outcome(p, mover);
    if (gain.net >= NamedGain && (gain.won.type != PieceType::None || gain.promotion)) {
        f.kind = FactKind::MissedMaterial;
        f.line = prefix(p, 0, gain.end);
        f.piece = gain.won;
        if (gain.won.type == PieceType::None) {
            f.piece = {PieceType::Pawn, gain.promotion.to()};
            f.promoted = gain.promotion.promotion();
        } else if (!names_the_balance(gain.won, gain.net)) {
            f.piece = {};  // "would have won material (n points)"
        }
        f.material = gain.net;
        out.facts.push_back(f);
        return;
    }
    f.kind = FactKind::BestMove;
    f.line = {best_line.front()};
    out.facts.push_back(f);
}

}  // namespace

Explanation explain(const Position& before, Move played, std::span<const Move> refutation,
                    std::span<const Move> best_line, Eval eval_before, Eval eval_after) {
    Explanation out;
    const Color mover = before.side_to_move();
    Position after = before;
    after.do_move(played);
    const Eval theirs = eval_after.for_side(mover);

    // A forced mate against the mover: the mating line (and its pattern) says it all.
    if (theirs.kind == Eval::Kind::Mate && theirs.value < 0) {
        const int n = -theirs.value;
        const PlayedLine mate = play(after, refutation.subspan(0, std::min(refutation.size(), std::size_t(2 * n - 1))));
        Fact f;
        f.kind = FactKind::AllowsMate;
        f.position = after;
        f.line = mate.moves;
        f.mate_in = n;
        if (auto back = back_rank_mate(mate, mover)) {
            back->position = after;
            back->line = mate.moves;
            back->mate_in = n;
            out.facts.push_back(*back);
        }
        out.facts.push_back(f);
        add_missed(out, before, played, best_line, eval_before);
        return out;
    }

    Context c;
    c.mover = mover;
    std::vector<Move> full{played};
    full.insert(full.end(), refutation.begin(), refutation.end());
    c.line = play(before, full);
    c.outcome = material_outcome(c.line, mover);
    // The line named starts with the move itself when it captured (the trade is part of it).
    const bool from_move = before.is_capture(played);
    c.shown_from = from_move ? before : after;
    c.shown = prefix(c.line, from_move ? 0 : 1, std::max<std::size_t>(c.outcome.end, 1));

    if (c.outcome.net <= -NamedLoss) {
        // A promotion before the man lost is taken is the cause, whatever the new piece then does.
        std::optional<Fact> pattern = promotion(c);
        if (pattern && c.outcome.lost.type != PieceType::None && pattern->line.size() >= capture_index(c))
            pattern.reset();
        if (!pattern && c.outcome.lost.type != PieceType::None) {
            pattern = fork(c);
            if (!pattern) pattern = pin(c);
            if (!pattern) pattern = skewer(c);
            if (!pattern) pattern = discovered_attack(c);
            if (!pattern) pattern = losing_trade(c, before, played);
            if (!pattern) pattern = hanging_piece(c);
        }
        if (!pattern) pattern = promotion(c);
        if (pattern) out.facts.push_back(*pattern);
        Fact loss = make_fact(FactKind::LosesMaterial, c);
        if (!names_the_balance(loss.piece, loss.material)) loss.piece = {};  // "material is lost (n points)"
        out.facts.push_back(loss);
    }
    add_missed(out, before, played, best_line, eval_before);
    return out;
}

}  // namespace schach::review
