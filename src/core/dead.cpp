#include "core/dead.hpp"

#include "core/movegen.hpp"

namespace schach {
namespace {

using PT = PieceType;

/// Forced moves are followed this far; a longer forced line is left undetermined.
constexpr int MaxForcedPlies = 64;

MateAnalysis analyze(Position pos, Color winner, std::vector<Move>& line) {
    for (int ply = 0;; ++ply) {
        MoveList moves = legal_moves(pos);
        if (moves.empty()) {
            if (pos.in_check() && pos.side_to_move() != winner) return {Winnability::Winnable, MateProof::Checkmate, line};
            // Stalemate, or the winner itself is mated: no more moves, so no mate by `winner`.
            return {Winnability::Unwinnable, ply == 0 ? MateProof::Checkmate : MateProof::ForcedSequence, {}};
        }
        if (insufficient_material(pos, winner))
            return {Winnability::Unwinnable, ply == 0 ? MateProof::Material : MateProof::ForcedSequence, {}};
        if (moves.size() != 1 || ply >= MaxForcedPlies) return {Winnability::Undetermined, MateProof::None, {}};
        line.push_back(moves[0]);
        pos.do_move(moves[0]);
    }
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

MateAnalysis can_checkmate(const Position& pos, Color winner) {
    std::vector<Move> line;
    return analyze(pos, winner, line);
}

bool is_dead(const Position& pos) {
    return can_checkmate(pos, Color::White).verdict == Winnability::Unwinnable &&
           can_checkmate(pos, Color::Black).verdict == Winnability::Unwinnable;
}

std::string_view proof_id(MateProof proof) {
    switch (proof) {
        case MateProof::None: return "none";
        case MateProof::Checkmate: return "checkmate";
        case MateProof::Material: return "material";
        case MateProof::ForcedSequence: return "forced-sequence";
        case MateProof::Helpmate: return "helpmate";
    }
    return "none";
}

}  // namespace schach
