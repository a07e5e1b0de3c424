#include "puzzle/tagger.hpp"

#include <vector>

#include "core/attacks.hpp"
#include "core/movegen.hpp"
#include "review/explain.hpp"
#include "review/phases.hpp"

namespace schach::puzzle {

namespace {

using review::Eval;

struct Walk {
    std::vector<Position> positions;  // before each move of the solution, then the end
    std::vector<Move> moves;          // the solution (solver, reply, solver, ...)
};

Walk walk(const Puzzle& p) {
    Walk w;
    Position pos = p.start();
    for (std::size_t i = 1; i < p.moves.size(); ++i) {
        w.positions.push_back(pos);
        w.moves.push_back(p.moves[i]);
        pos.do_move(p.moves[i]);
    }
    w.positions.push_back(pos);
    return w;
}

bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal(pos) == 0; }

/// The king of the mated side has every flight square taken by its own men, the checker a knight.
bool smothered(const Position& mated) {
    const Color us = mated.side_to_move();
    const Bitboard checkers = mated.checkers();
    if (popcount(checkers) != 1 || type_of(mated.piece_on(lsb(checkers))) != PieceType::Knight) return false;
    return (attacks::king(mated.king(us)) & ~mated.pieces(us)) == 0;
}

/// Two bishops give the mate: one checks, the other covers a flight square.
bool double_bishop(const Position& mated, Color winner) {
    const Bitboard checkers = mated.checkers();
    return popcount(mated.pieces(winner, PieceType::Bishop)) >= 2 && popcount(checkers) == 1 &&
           type_of(mated.piece_on(lsb(checkers))) == PieceType::Bishop;
}

/// Only kings and men of these types left (pawns allowed): the endgame's kind.
bool only(const Position& pos, std::initializer_list<PieceType> types) {
    Bitboard allowed = pos.pieces(PieceType::King) | pos.pieces(PieceType::Pawn);
    bool each = true;
    for (PieceType t : types) {
        allowed |= pos.pieces(t);
        each = each && pos.pieces(t) != 0;
    }
    return (pos.pieces() & ~allowed) == 0 && each;
}

void tag_endgame(const Position& pos, Puzzle& out) {
    if (only(pos, {})) out.add(Theme::PawnEndgame);
    else if (only(pos, {PieceType::Knight})) out.add(Theme::KnightEndgame);
    else if (only(pos, {PieceType::Bishop})) out.add(Theme::BishopEndgame);
    else if (only(pos, {PieceType::Rook})) out.add(Theme::RookEndgame);
    else if (only(pos, {PieceType::Queen})) out.add(Theme::QueenEndgame);
    else if (only(pos, {PieceType::Queen, PieceType::Rook})) out.add(Theme::QueenRookEndgame);
}

void tag_moves(const Walk& w, Color solver, Puzzle& out) {
    const int start_balance = review::material(w.positions.front(), solver) -
                              review::material(w.positions.front(), ~solver);
    for (std::size_t i = 0; i < w.moves.size(); i += 2) {
        const Position& pos = w.positions[i];
        const Move m = w.moves[i];
        const Position& after = w.positions[i + 1];
        if (popcount(after.checkers()) >= 2) out.add(Theme::DoubleCheck);
        if (m.kind() == MoveKind::EnPassant) out.add(Theme::EnPassant);
        if (m.kind() == MoveKind::Castling) out.add(Theme::Castling);
        if (m.kind() == MoveKind::Promotion) {
            out.add(Theme::Promotion);
            if (m.promotion() != PieceType::Queen) out.add(Theme::UnderPromotion);
        }
        // A quiet move: no check, capture or promotion, and not the last (a mate is never quiet).
        if (i + 1 < w.moves.size() && !after.in_check() && !pos.is_capture(m) && m.kind() == MoveKind::Normal)
            out.add(Theme::QuietMove);
        // A sacrifice: after the reply the solver is behind what it had at the start by a minor
        // piece or more, and the line still ends winning.
        if (i + 2 < w.positions.size()) {
            const Position& replied = w.positions[i + 2];
            const int balance = review::material(replied, solver) - review::material(replied, ~solver);
            if (balance <= start_balance - 200) out.add(Theme::Sacrifice);
        }
        // An advanced pawn: the solver moves a pawn to its sixth rank or beyond.
        if (type_of(pos.piece_on(m.from())) == PieceType::Pawn && idx(relative(solver, rank_of(m.to()))) >= 5)
            out.add(Theme::AdvancedPawn);
    }
}

}  // namespace

Themes tag(const Puzzle& p, Eval before_eval, Eval start_eval, Eval end_eval) {
    Puzzle out = p;
    out.themes.reset();
    const Walk w = walk(p);
    const Color solver = p.start().side_to_move();
    const int solver_moves = static_cast<int>((w.moves.size() + 1) / 2);
    const Position& end = w.positions.back();
    const bool mate = is_checkmate(end);

    // The gain and the length.
    if (mate) {
        out.add(Theme::Mate);
        if (solver_moves <= 5) out.add(static_cast<Theme>(static_cast<int>(Theme::MateIn1) + solver_moves - 1));
        if (smothered(end)) out.add(Theme::SmotheredMate);
        if (double_bishop(end, solver)) out.add(Theme::DoubleBishopMate);
    } else {
        const int cp = review::ceiled_cp(end_eval);
        out.add(cp > 600 ? Theme::Crushing : cp > 200 ? Theme::Advantage : Theme::Equality);
    }
    out.add(solver_moves == 1   ? Theme::OneMove
            : solver_moves == 2 ? Theme::Short
            : solver_moves == 3 ? Theme::Long
                                : Theme::VeryLong);
    tag_moves(w, solver, out);

    // The pattern, as the review explains the opponent's last move (its refutation is the solution).
    const std::vector<Move> solution(w.moves.begin(), w.moves.end());
    // for_side turns White's view into a side's and back (it only flips the sign for Black).
    const review::Explanation why = review::explain(p.position, p.moves.front(), solution, {},
                                                    before_eval.for_side(solver), start_eval.for_side(solver));
    for (const review::Fact& f : why.facts) {
        switch (f.kind) {
            case review::FactKind::Fork: out.add(Theme::Fork); break;
            case review::FactKind::Pin: out.add(Theme::Pin); break;
            case review::FactKind::Skewer: out.add(Theme::Skewer); break;
            case review::FactKind::DiscoveredAttack: out.add(Theme::DiscoveredAttack); break;
            case review::FactKind::HangingPiece: out.add(Theme::HangingPiece); break;
            case review::FactKind::BackRankMate: out.add(Theme::BackRankMate); break;
            case review::FactKind::Promotion: out.add(Theme::Promotion); break;
            default: break;
        }
    }

    // The phase of the start, and the endgame's kind.
    const std::vector<Position> alone{p.start()};
    const review::Phase phase = review::divide(alone).phase_at(0);
    out.add(phase == review::Phase::Opening      ? Theme::Opening
            : phase == review::Phase::Middlegame ? Theme::Middlegame
                                                 : Theme::Endgame);
    if (phase == review::Phase::Endgame) tag_endgame(p.start(), out);
    if (p.position.is_chess960()) out.add(Theme::Chess960);
    return out.themes;
}

}  // namespace schach::puzzle
