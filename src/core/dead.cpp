#include "core/dead.hpp"

#include "core/blockade.hpp"
#include "core/exhaustive.hpp"
#include "core/helpmate.hpp"
#include "core/movegen.hpp"

namespace schach {
namespace {

using PT = PieceType;

/// Forced moves are followed this far; a longer forced line goes on to the other layers.
constexpr int MaxForcedPlies = 64;

MateAnalysis unwinnable(MateProof proof, std::uint64_t nodes) {
    return {Winnability::Unwinnable, proof, {}, nodes};
}

/// Replays a line with the rules: every move legal, and the last one mates for `winner`. A line
/// that fails would be a bug in a search; it is then not reported.
bool is_helpmate(Position pos, Color winner, const std::vector<Move>& line) {
    for (Move m : line) {
        if (!pos.is_legal(m)) return false;
        pos.do_move(m);
    }
    return pos.side_to_move() != winner && pos.in_check() && count_legal(pos) == 0;
}

/// The layers after the forced moves; `pos` has at least two legal moves or a long forced line.
MateAnalysis search_layers(const Position& pos, Color winner, const MateLimits& limits, std::uint64_t nodes) {
    HelpmateResult quick = find_helpmate(pos, winner, limits.quick_nodes);
    nodes += quick.nodes;
    if (quick.found) return {Winnability::Winnable, MateProof::Helpmate, std::move(quick.line), nodes};

    if (blocked_unwinnable(pos, winner)) return unwinnable(MateProof::BlockedStructure, nodes);

    ExhaustiveResult all = exhaust(pos, winner, limits.exhaustive_nodes);
    nodes += all.nodes;
    if (all.outcome == ExhaustiveResult::Outcome::NoMate) return unwinnable(MateProof::ExhaustedSearch, nodes);
    if (all.outcome == ExhaustiveResult::Outcome::Mate)
        return {Winnability::Winnable, MateProof::Helpmate, std::move(all.line), nodes};

    HelpmateResult deep = find_helpmate(pos, winner, limits.search_nodes);
    nodes += deep.nodes;
    if (deep.found) return {Winnability::Winnable, MateProof::Helpmate, std::move(deep.line), nodes};
    return {Winnability::Undetermined, MateProof::None, {}, nodes};
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

    MateAnalysis result = search_layers(pos, winner, limits, 0);
    if (result.verdict == Winnability::Winnable) {
        forced.insert(forced.end(), result.line.begin(), result.line.end());
        result.line = std::move(forced);
        if (!is_helpmate(start, winner, result.line)) return {Winnability::Undetermined, MateProof::None, {}, result.nodes};
    } else if (result.verdict == Winnability::Unwinnable && !forced.empty() &&
               result.proof != MateProof::BlockedStructure && result.proof != MateProof::ExhaustedSearch) {
        result.proof = MateProof::ForcedSequence;
    }
    return result;
}

bool is_dead(const Position& pos, const MateLimits& limits) {
    // Try the side more likely to mate first: one winnable side settles it.
    const Color first = popcount(pos.pieces(Color::Black)) > popcount(pos.pieces(Color::White)) ? Color::Black
                                                                                                 : Color::White;
    return can_checkmate(pos, first, limits).verdict == Winnability::Unwinnable &&
           can_checkmate(pos, ~first, limits).verdict == Winnability::Unwinnable;
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
