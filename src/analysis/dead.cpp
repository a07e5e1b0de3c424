#include "analysis/dead.hpp"

#include <array>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <unordered_map>

#include "analysis/blockade.hpp"
#include "analysis/deep_proof.hpp"
#include "analysis/exhaustive.hpp"
#include "analysis/helpmate.hpp"
#include "analysis/mate_plan.hpp"
#include "analysis/skeleton.hpp"
#include "core/movegen.hpp"

namespace schach {
namespace {

using PT = PieceType;

/// The order of the helpmate styles by the number of men on the board (tuned on the lichess
/// positions): from AttackFirst men the losing king is best mated among its own men; from
/// AttackSecond men that style is the best second try.
constexpr int AttackFirst = 21;
constexpr int AttackSecond = 9;

/// Forced moves are followed this far; a longer forced line goes on to the other layers.
constexpr int MaxForcedPlies = 64;

MateAnalysis unwinnable(MateProof proof, std::uint64_t nodes) { return {Winnability::Unwinnable, proof, {}, nodes}; }

/// Shortens a mating line: from each position on it, play the legal move (or, with
/// `lookahead` 2, the pair of moves) that reaches the latest position of the line, the line's own
/// move at least. Cycles disappear, and so do the detours of a depth-first search. Positions are
/// matched by two independent 64-bit keys.
std::vector<Move> shorten(const Position& start, const std::vector<Move>& line, int lookahead) {
    struct Keys {
        std::uint64_t a, b;
        bool operator==(const Keys&) const = default;
    };
    auto keys = [](const Position& p) { return Keys{p.key(), independent_key(p)}; };
    std::unordered_map<std::uint64_t, std::size_t> last;  // Zobrist key -> latest index on the line
    std::vector<Keys> on_line{keys(start)};
    last[start.key()] = 0;
    Position pos = start;
    for (Move m : line) {
        pos.do_move(m);
        on_line.push_back(keys(pos));
        last[pos.key()] = on_line.size() - 1;
    }
    // The index of the current position on the line, or 0 when it is not on it.
    auto index_of = [&](const Position& p) -> std::size_t {
        const auto it = last.find(p.key());
        return it != last.end() && on_line[it->second] == keys(p) ? it->second : 0;
    };
    std::vector<Move> shorter;
    pos = start;
    for (std::size_t i = 0; i < line.size();) {
        std::size_t next = i + 1;
        std::array<Move, 2> best = {line[i], Move::none()};
        for (Move m : legal_moves(pos)) {
            const Undo u = pos.do_move(m);
            if (const std::size_t j = index_of(pos); j > next) {
                next = j;
                best = {m, Move::none()};
            }
            // Two plies pay off only when they pass more than two plies of the line.
            if (lookahead >= 2) {
                for (Move m2 : legal_moves(pos)) {
                    const Undo u2 = pos.do_move(m2);
                    if (const std::size_t j = index_of(pos); j > next + 1) {
                        next = j;
                        best = {m, m2};
                    }
                    pos.undo_move(m2, u2);
                }
            }
            pos.undo_move(m, u);
        }
        for (Move m : best) {
            if (!m) break;
            shorter.push_back(m);
            pos.do_move(m);
        }
        i = next;
    }
    return shorter;
}

/// Replays a line and checks that it ends in mate by `winner`. The searches only ever play moves
/// the move generator produced, so the line is legal by construction; the final position is what
/// a search bug could get wrong (a stalemate taken for a mate), and a line that fails here is
/// not reported.
bool is_helpmate(Position pos, Color winner, const std::vector<Move>& line) {
    for (Move m : line) pos.do_move(m);
    return pos.side_to_move() != winner && pos.in_check() && count_legal(pos) == 0;
}

MateAnalysis winnable(std::vector<Move> line, std::uint64_t nodes) {
    return {Winnability::Winnable, MateProof::Helpmate, std::move(line), nodes};
}

/// The answer a helpmate search settles (a mate found), adding its work to `nodes`.
std::optional<MateAnalysis> settle(HelpmateResult r, std::uint64_t& nodes) {
    nodes += r.nodes;
    if (!r.found) return std::nullopt;
    return winnable(std::move(r.line), nodes);
}

/// The answer an exhaustive search settles (a mate, or none anywhere), adding its work to `nodes`.
std::optional<MateAnalysis> settle(ExhaustiveResult r, const Position& pos, std::uint64_t& nodes) {
    nodes += r.nodes;
    if (r.outcome == ExhaustiveResult::Outcome::NoMate) return unwinnable(MateProof::ExhaustedSearch, nodes);
    if (r.outcome == ExhaustiveResult::Outcome::Mate) return winnable(shortened_line(pos, std::move(r.line), 1), nodes);
    return std::nullopt;
}

/// The answer of the deep proofs, the last step (undetermined when they find none either).
MateAnalysis settle(DeepProof r, const Position& pos, std::uint64_t& nodes) {
    nodes += r.nodes;
    switch (r.outcome) {
        case DeepProof::Outcome::Blocked: return unwinnable(MateProof::BlockedStructure, nodes);
        case DeepProof::Outcome::Exhausted: return unwinnable(MateProof::ExhaustedSearch, nodes);
        case DeepProof::Outcome::Mate: return winnable(shortened_line(pos, std::move(r.line), 1), nodes);
        case DeepProof::Outcome::Open: break;
    }
    return {Winnability::Undetermined, MateProof::None, {}, nodes};
}

/// The helpmate styles in the order most likely to find a mate in `pos` first (`blockers`: the
/// winner mates only against the loser's own men, needs_blockers).
std::array<HelpmateStyle, 3> style_order(const Position& pos, bool blockers) {
    using enum HelpmateStyle;
    const int men = popcount(pos.pieces());
    return blockers              ? std::array{Cooperative, Direct, Attack}
           : men >= AttackFirst  ? std::array{Attack, Direct, Cooperative}
           : men >= AttackSecond ? std::array{Direct, Attack, Cooperative}
                                 : std::array{Direct, Cooperative, Attack};
}

/// Whether the quick helpmate searches (each style with `limits.quick_nodes`) find a mate by
/// `winner`, checked by replaying it: a proof that the position is not dead.
/// `line` (when not null) gets the helpmate found.
bool quick_helpmate(const Position& pos, Color winner, const MateLimits& limits, MateContext& context,
                    std::vector<Move>* line = nullptr) {
    if (insufficient_material(pos, winner)) return false;
    for (HelpmateStyle style : style_order(pos, needs_blockers(pos, winner))) {
        HelpmateResult r = find_helpmate(pos, winner, limits.quick_nodes, style, context);
        if (r.found && is_helpmate(pos, winner, r.line)) {
            if (line) *line = std::move(r.line);
            return true;
        }
    }
    return false;
}

/// The layers after the forced moves; `pos` has at least two legal moves or a long forced line.
MateAnalysis search_layers(const Position& pos, Color winner, const MateLimits& limits, MateContext& context) {
    using enum HelpmateStyle;
    const bool blockers = needs_blockers(pos, winner);
    const std::array<HelpmateStyle, 3> order = style_order(pos, blockers);
    std::uint64_t nodes = 0;
    // Cheapest first: most real positions have a short helpmate that one of the styles finds in a
    // few dozen positions; many constructed ones fall to the static analysis or to a small
    // exhaustive search.
    for (HelpmateStyle style : order)
        if (auto a = settle(find_helpmate(pos, winner, limits.quick_nodes, style, context), nodes)) return *a;

    const BlockadeVerdict blockade = analyze_blockade(pos, winner);
    if (blockade.unwinnable) return unwinnable(MateProof::BlockedStructure, nodes);
    // A small future (blocked structures): visit all of it before any longer helpmate search.
    if (blockade.log2_positions <= std::log2(static_cast<double>(limits.max_round)))
        if (auto a = settle(exhaust(pos, winner, limits.max_round), pos, nodes)) return *a;

    // Rounds of growing budget: for winners that mate only against blockers the search toward
    // mating pictures, the skeleton search (until it has an answer), each style in turn, and after
    // the first the exhaustive search. The attacking style (the losing king among its own men, the
    // winner's men coming) never found a helpmate of a lone minor piece that the others missed.
    bool skeleton_open = true;
    const MatePlans plans = blockers ? mate_plans(pos, winner) : MatePlans{};
    const int styles = blockers ? 2 : 3;
    for (std::uint64_t budget = limits.first_round; budget <= limits.max_round; budget *= 4) {
        if (plans.count)
            if (auto a = settle(find_planned_helpmate(pos, winner, budget, plans, context), nodes)) return *a;
        if (skeleton_open) {
            const SkeletonResult skeleton = skeleton_search(pos, winner, budget);
            nodes += skeleton.nodes;
            if (skeleton.outcome == SkeletonOutcome::NoMate) return unwinnable(MateProof::ExhaustedSearch, nodes);
            skeleton_open = skeleton.outcome == SkeletonOutcome::Aborted;
        }
        for (int i = 0; i < styles; ++i) {
            const HelpmateStyle style = order[static_cast<std::size_t>(i)];
            if (auto a = settle(find_helpmate(pos, winner, budget, style, context), nodes)) return *a;
            if (i == 0)
                if (auto a = settle(exhaust(pos, winner, budget), pos, nodes)) return *a;
        }
        if (budget > limits.max_round / 4) break;  // the next round would pass the limit
    }
    // The deep proofs: the exhaustive search gets the last round's budget, each long helpmate
    // search sixteen times that (a helpmate search visits a position in a tenth of the time).
    return settle(deep_proof(pos, winner, DeepLimits{limits.max_round, 16 * limits.max_round}, context), pos, nodes);
}

}  // namespace

bool insufficient_material(const Position& pos, Color winner) {
    const Bitboard us = pos.pieces(winner), them = pos.pieces(~winner);
    if (us & (pos.pieces(PT::Pawn) | pos.pieces(PT::Rook) | pos.pieces(PT::Queen))) return false;
    if (us & pos.pieces(PT::Knight)) {
        // A lone knight mates only with the defender's own men blocking: not with king and queens alone.
        return popcount(us) <= 2 && !(them & ~pos.pieces(PT::King) & ~pos.pieces(PT::Queen));
    }
    if (us & pos.pieces(PT::Bishop)) {
        // Bishops on one square colour only (both sides'), and nothing that could block on the other.
        const Bitboard bishops = pos.pieces(PT::Bishop);
        const bool one_colour = !(bishops & DarkSquaresBB) || !(bishops & LightSquaresBB);
        return one_colour && !pos.pieces(PT::Pawn) && !pos.pieces(PT::Knight);
    }
    return true;  // a bare king
}

MateAnalysis can_checkmate(const Position& start, Color winner, const MateLimits& limits) {
    MateContext context;
    return can_checkmate(start, winner, limits, context);
}

MateAnalysis can_checkmate(const Position& start, Color winner, const MateLimits& limits, MateContext& context) {
    Position pos = start;
    std::vector<Move> forced;
    std::vector<Position> seen;  // positions with a single legal move, to spot a forced cycle
    for (int ply = 0;; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) {
            if (pos.side_to_move() != winner && pos.in_check())
                return {Winnability::Winnable, ply == 0 ? MateProof::Checkmate : MateProof::Helpmate, forced, 0};
            // Stalemate, or the winner itself is mated: no more moves, so no mate by `winner`.
            return unwinnable(ply == 0 ? MateProof::Checkmate : MateProof::ForcedSequence, 0);
        }
        if (insufficient_material(pos, winner))
            return unwinnable(ply == 0 ? MateProof::Material : MateProof::ForcedSequence, 0);
        if (moves.size() != 1 || ply >= MaxForcedPlies) break;
        for (const Position& earlier : seen)
            if (earlier.same_position(pos)) return unwinnable(MateProof::ForcedSequence, 0);  // a forced cycle
        seen.push_back(pos);
        forced.push_back(moves[0]);
        pos.do_move(moves[0]);
    }

    MateAnalysis result = search_layers(pos, winner, limits, context);
    if (result.verdict == Winnability::Winnable) {
        forced.insert(forced.end(), result.line.begin(), result.line.end());
        result.line = std::move(forced);
        if (!is_helpmate(start, winner, result.line))
            return {Winnability::Undetermined, MateProof::None, {}, result.nodes};
    } else if (result.verdict == Winnability::Unwinnable && !forced.empty() &&
               result.proof != MateProof::BlockedStructure && result.proof != MateProof::ExhaustedSearch) {
        result.proof = MateProof::ForcedSequence;
    }
    return result;
}

std::vector<Move> shortened_line(const Position& start, std::vector<Move> line, int lookahead) {
    return shorten(start, line, lookahead);
}

std::vector<Move> presentable_helpmate(const Position& start, Color winner, std::vector<Move> line) {
    MateContext context;
    return presentable_helpmate(start, winner, std::move(line), context);
}

std::vector<Move> presentable_helpmate(const Position& start, Color winner, std::vector<Move> line,
                                       MateContext& context) {
    // Searches steered toward mate give short lines; the exhaustive search and long rounds may
    // not. A bounded second look for a shorter line, then the detours removed.
    constexpr std::size_t Short = 24;
    constexpr std::uint64_t Budget = 200'000;
    if (line.size() > Short) {
        for (HelpmateStyle style : {HelpmateStyle::Cooperative, HelpmateStyle::Direct, HelpmateStyle::Attack}) {
            HelpmateResult r = find_helpmate(start, winner, Budget, style, context);
            if (r.found && r.line.size() < line.size() && is_helpmate(start, winner, r.line)) line = std::move(r.line);
        }
    }
    return shortened_line(start, std::move(line), 2);
}

bool is_dead(const Position& pos, const MateLimits& limits) {
    MateContext context;
    return is_dead(pos, limits, context);
}

bool is_dead(const Position& pos, const MateLimits& limits, MateContext& context) {
    AliveProof proof;
    return is_dead(pos, limits, context, proof);
}

bool is_dead(const Position& pos, const MateLimits& limits, MateContext& context, AliveProof& proof) {
    proof.line.clear();
    // Try the side more likely to mate first: one winnable side settles it.
    const Color first = popcount(pos.pieces(Color::Black)) > popcount(pos.pieces(Color::White)) ? Color::Black
                                                                                                : Color::White;
    // Most positions are alive, and one side's short helpmate shows it: both sides get their
    // quick searches before either side's longer layers (a side with no quick mate would
    // otherwise go through every round while the other side's mate is a few moves away).
    for (const Color side : {first, ~first}) {
        if (quick_helpmate(pos, side, limits, context, &proof.line)) {
            proof.winner = side;
            return false;
        }
    }
    return can_checkmate(pos, first, limits, context).verdict == Winnability::Unwinnable &&
           can_checkmate(pos, ~first, limits, context).verdict == Winnability::Unwinnable;
}

namespace {

/// A piece's move that its reverse undoes: no pawn, no capture, no castling or promotion.
bool can_take_back(const Position& pos, Move m) {
    const Piece piece = pos.piece_on(m.from());
    return m.kind() == MoveKind::Normal && piece != Piece::None && type_of(piece) != PieceType::Pawn &&
           pos.piece_on(m.to()) == Piece::None;
}

/// Plays `moves` on `pos` while each is legal there; whether all were.
bool play_legal(Position& pos, std::initializer_list<Move> moves) {
    for (const Move m : moves) {
        if (!pos.is_legal(m)) return false;
        pos.do_move(m);
    }
    return true;
}

}  // namespace

std::optional<AliveProof> carry_alive_proof(const Position& before, Move played, const AliveProof& proof,
                                            std::size_t max_plies) {
    if (proof.line.empty()) return std::nullopt;
    if (proof.line.front() == played) return AliveProof{proof.winner, {proof.line.begin() + 1, proof.line.end()}};
    if (proof.line.size() + 3 > max_plies || !can_take_back(before, played)) return std::nullopt;
    Position after = before;
    after.do_move(played);
    // The other side moves a piece and back around `played` taken back. When that is `before`
    // again (FIDE's same position: the side to move, castling rights and en passant included),
    // the old line, legal from `before`, is legal after it: only the three moves are checked.
    constexpr int Tries = 4;
    int tried = 0;
    const Move back(played.to(), played.from());
    for (const Move other : legal_moves(after)) {
        if (!can_take_back(after, other)) continue;
        const Move again(other.to(), other.from());
        Position round = after;
        if (play_legal(round, {other, back, again}) && round.same_position(before)) {
            std::vector<Move> line{other, back, again};
            line.insert(line.end(), proof.line.begin(), proof.line.end());
            return AliveProof{proof.winner, std::move(line)};
        }
        if (++tried == Tries) break;
    }
    return std::nullopt;
}

std::string_view proof_id(MateProof proof) {
    switch (proof) {
        case MateProof::None: return "none";
        case MateProof::Checkmate: return "checkmate";
        case MateProof::Material: return "material";
        case MateProof::ForcedSequence: return "forced-sequence";
        case MateProof::Helpmate: return "helpmate";
        case MateProof::BlockedStructure: return "blocked-structure";
        case MateProof::ExhaustedSearch: return "exhausted-search";
    }
    return "none";
}

}  // namespace schach
