#include "analysis/skeleton.hpp"

#include <optional>
#include <vector>

#include "analysis/blockade.hpp"
#include "analysis/exhaustive.hpp"
#include "core/attacks.hpp"
#include "core/movegen.hpp"

// Why the abstraction is sound. A real position maps to its skeleton (kings and pawns). Every
// real move maps to a skeleton transition:
// - a king or pawn move to a square no piece occupies in the skeleton: a skeleton move (other
//   pieces only ever forbid moves: they attack squares, block lines and pin; pawns and kings
//   attack along no line, so removing the pieces never forbids one);
// - a pawn or king capturing a piece: a pawn move onto a square where an enemy piece can stand
//   (added below), a king move onto an empty skeleton square;
// - a piece capturing a pawn: the pawn disappears (added below, wherever a piece can attack);
// - any other piece move: a pass, when the side has a piece that can move at all.
// A promotion ends the search as unsupported. A checkmate needs a check: in the skeleton by a
// pawn, or by a piece that moved (the king square must be one the pieces can attack), or
// discovered by a king or pawn leaving a line through the king (diagonal with bishops or queens,
// orthogonal with rooks or queens). And every square the mated king could step to in the
// skeleton must be covered: attacked by a piece, or holding one. If no reachable skeleton
// position allows that, no real line ends in mate.

namespace schach {
namespace {

using PT = PieceType;

constexpr std::uint64_t CheckSalt = 0x5851F42D4C957F2DULL;

struct Node {
    Position pos;
    bool check_possible;  // the winner's last move may have given check
};

class SkeletonSearch {
public:
    SkeletonSearch(const Mobility& m, Color winner, std::uint64_t max_nodes)
        : m_(m), winner_(winner), loser_(~winner), max_nodes_(max_nodes) {}

    SkeletonResult run(const Position& start, bool in_check);

private:
    bool visit(const Position& pos, bool check_possible);
    bool mate_possible(const Node& node, const MoveList& moves) const;
    bool discovered(const Position& after, Square from, Square king) const;
    std::optional<Position> rebuilt(const Position& pos, Square remove, Square add, Piece piece) const;
    void expand(const Node& node, const MoveList& moves);

    const Mobility& m_;
    Color winner_, loser_;
    std::uint64_t max_nodes_;
    std::uint64_t nodes_ = 0;
    PositionSet seen_;
    std::vector<Node> stack_;
    SkeletonOutcome stop_ = SkeletonOutcome::NoMate;
};

/// A skeleton position from a placement: no castling rights, no e.p. square; nothing when it is not
/// a position the rules know (the side not to move in check).
std::optional<Position> skeleton_of(Setup s) {
    s.castling_rooks = 0;
    s.ep_square = Square::None;
    ValidateOptions options;
    options.relax = Problems::all() - Problem::OppositeCheck;
    auto pos = Position::from_setup(s, options);
    if (!pos) return std::nullopt;
    return *pos;
}

/// The king and pawn placement of `pos` with one change (a pawn removed, or moved to capture a
/// piece), the other side to move; nothing when a king is left in check.
std::optional<Position> SkeletonSearch::rebuilt(const Position& pos, Square remove, Square add, Piece piece) const {
    Setup s = pos.to_setup();
    s.board[remove] = Piece::None;
    if (add != Square::None) s.board[add] = piece;
    s.turn = ~pos.side_to_move();
    return skeleton_of(s);
}

/// A king or pawn leaving `from` may uncover a check by a piece on the line through `king`, when
/// no king or pawn stands between them in `after` (the skeleton after the move).
bool SkeletonSearch::discovered(const Position& after, Square from, Square king) const {
    const Bitboard line = attacks::line(from, king);
    if (!line || !contains(m_.piece_attacks[winner_], king)) return false;
    if (attacks::between(from, king) & ~bb(king) & after.pieces()) return false;
    const bool orthogonal = file_of(from) == file_of(king) || rank_of(from) == rank_of(king);
    return orthogonal ? m_.orthogonal_sliders[winner_] : m_.diagonal_sliders[winner_];
}

/// The loser to move: could this be a checkmate in some real position of this skeleton?
bool SkeletonSearch::mate_possible(const Node& node, const MoveList& moves) const {
    const Position& pos = node.pos;
    if (!node.check_possible && !pos.in_check()) return false;
    const Square k = pos.king(loser_);
    const Bitboard covered = m_.piece_attacks[winner_] | m_.piece_squares[winner_] | m_.piece_squares[loser_];
    for (Move mv : moves)
        if (mv.from() == k && !contains(covered, mv.to())) return false;  // a free square to step to
    return true;
}

bool SkeletonSearch::visit(const Position& pos, bool check_possible) {
    const bool loser_next = pos.side_to_move() == loser_;
    check_possible = check_possible && loser_next;
    if (!seen_.insert(pos, check_possible ? CheckSalt : 0)) return true;
    if (++nodes_ > max_nodes_) {
        stop_ = SkeletonOutcome::Aborted;
        return false;
    }
    stack_.push_back(Node{pos, check_possible});
    return true;
}

void SkeletonSearch::expand(const Node& node, const MoveList& moves) {
    const Position& pos = node.pos;
    const Color us = pos.side_to_move(), them = ~us;
    const bool winner_moves = us == winner_;
    const Square loser_king = pos.king(loser_);
    const Bitboard last_rank = bb(relative(us, Rank::R8));

    // King and pawn moves.
    for (Move mv : moves) {
        if (mv.kind() == MoveKind::Promotion) {
            stop_ = SkeletonOutcome::Unsupported;
            return;
        }
        Position next = pos;
        next.do_move(mv);
        bool check = false;
        if (winner_moves) {
            check = next.in_check() || discovered(next, mv.from(), loser_king);
            if (mv.kind() == MoveKind::EnPassant)
                check = check || discovered(next, offset(mv.to(), -forward(us)), loser_king);
        }
        if (!visit(next, check)) return;
    }
    // A pawn capturing a piece: onto an empty skeleton square where an enemy piece can stand.
    const bool in_check = pos.in_check();
    for (Square p : squares(pos.pieces(us, PT::Pawn))) {
        const Bitboard targets = attacks::pawn(us, p) & m_.piece_squares[them] & ~pos.pieces();
        for (Square to : squares(targets)) {
            if (contains(last_rank, to)) {
                stop_ = SkeletonOutcome::Unsupported;
                return;
            }
            auto next = rebuilt(pos, p, to, pos.piece_on(p));
            if (!next) continue;
            const bool check = winner_moves && (next->in_check() || discovered(*next, p, loser_king) ||
                                                contains(m_.piece_attacks[winner_], loser_king));
            if (!visit(*next, check)) return;
        }
    }
    // A piece capturing a pawn (when in check, only the pawn that gives it).
    const Bitboard victims = pos.pieces(them, PT::Pawn) & m_.piece_attacks[us] &
                             (in_check ? pos.checkers() : ~Bitboard{0});
    for (Square v : squares(victims)) {
        auto next = rebuilt(pos, v, Square::None, Piece::None);
        if (!next) continue;
        if (!visit(*next, winner_moves && contains(m_.piece_attacks[winner_], loser_king))) return;
    }
    // Any other piece move: a pass.
    if (m_.piece_moves[us] && !in_check) {
        Position next = pos;
        next.do_move(Move::null());
        if (!visit(next, winner_moves && contains(m_.piece_attacks[winner_], loser_king))) return;
    }
}

SkeletonResult SkeletonSearch::run(const Position& start, bool in_check) {
    if (!visit(start, in_check)) return {stop_, nodes_};
    while (!stack_.empty()) {
        const Node node = stack_.back();
        stack_.pop_back();
        MoveList moves;
        generate_legal(node.pos, moves);
        if (node.pos.side_to_move() == loser_ && mate_possible(node, moves))
            return {SkeletonOutcome::MaybeMate, nodes_};
        expand(node, moves);
        if (stop_ != SkeletonOutcome::NoMate) return {stop_, nodes_};
    }
    return {SkeletonOutcome::NoMate, nodes_};
}

}  // namespace

SkeletonResult skeleton_search(const Position& pos, Color winner, std::uint64_t max_nodes) {
    if (pos.castling_rooks() || pos.ep_square() != Square::None) return {SkeletonOutcome::Unsupported, 0};
    const Mobility m = analyze_mobility(pos);
    Setup s = pos.to_setup();
    for (Square sq : squares(pos.pieces() & ~pos.pieces(PT::King) & ~pos.pieces(PT::Pawn))) s.board[sq] = Piece::None;
    const auto skeleton = skeleton_of(s);
    if (!skeleton) return {SkeletonOutcome::Unsupported, 0};
    SkeletonSearch search(m, winner, max_nodes);
    return search.run(*skeleton, pos.side_to_move() != winner && pos.in_check());
}

}  // namespace schach
