// Perft (movegen.hpp) on a LeanBoard: below the root every move is made on a copy of a few
// bitboards, straight from the generator (which knows what moves), and the last ply is counted.

#include "core/generator.hpp"
#include "core/lean_board.hpp"
#include "core/movegen.hpp"

namespace schach {
namespace {

using PT = PieceType;

template <Color Us, gen::Sliders M>
std::uint64_t perft_lean(const LeanBoard<M>& board, int depth);

/// Leaf nodes below each move of `Us` at a node `depth` plies above the leaves (depth >= 2): in
/// `nodes`, and two plies above the leaves in `leaves`, which counts the moves of every child.
template <Color Us, gen::Sliders M>
struct PerftSink {
    const LeanBoard<M>& board;
    int depth;
    std::uint64_t nodes = 0;
    gen::CountSink leaves;

    void visit(const LeanBoard<M>& child) {
        if (depth == 2) gen::generate<~Us>(child, leaves);
        else nodes += perft_lean<~Us, M>(child, depth - 1);
    }
    /// Two plies above the leaves, the moves of the child a piece's move makes are counted in a
    /// function of its own for each kind of piece and move: there the child's boards are made
    /// from the parent's in registers, where a child made by the caller and handed over by
    /// reference went through memory (a 128-byte copy stored and loaded again for every child).
    template <PieceType P, bool Quiet>
    [[gnu::noinline]] void count_after(Square from, Square to) {
        gen::generate<~Us>(board.template after_move<Us, P, Quiet>(from, to), leaves);
    }
    /// The same for a pawn's push of one square or two (one function for both: one of its own for
    /// the double step cost Kiwipete 5 %, one shared with the single push gained it 7 %).
    [[gnu::noinline]] void count_after_push(Square from, Square to) {
        gen::generate<~Us>(board.template after_push<Us>(from, to), leaves);
    }
    /// A move of a piece of type P, and a pawn's push: counted two plies above the leaves, else
    /// made and gone on from.
    template <PieceType P, bool Quiet>
    void move(Square from, Square to) {
        if (depth == 2) count_after<P, Quiet>(from, to);
        else visit(board.template after_move<Us, P, Quiet>(from, to));
    }
    void push(Square from, Square to) {
        if (depth == 2) count_after_push(from, to);
        else visit(board.template after_push<Us>(from, to));
    }
    /// Quiet moves first, then captures: only these take a piece off the enemy's boards.
    template <PieceType P>
    void add_each(Square from, Bitboard targets) {
        const Bitboard captures = targets & board.pieces(~Us);
        for (Square to : squares(targets ^ captures)) move<P, true>(from, to);
        for (Square to : squares(captures)) move<P, false>(from, to);
    }
    /// P is Bishop or Rook for a queen too (generator.hpp): the board tells which it is.
    template <PieceType P>
    void add(Square from, Bitboard targets) {
        if constexpr (P == PT::Bishop || P == PT::Rook) {
            if (contains(board.pieces(Us, PT::Queen), from)) return add_each<PT::Queen>(from, targets);
        }
        add_each<P>(from, targets);
    }
    /// A call's pawns all push one or two squares, or all capture (generator.hpp).
    void add_pawns(Bitboard targets, int delta) {
        const bool pushes = delta == forward(Us) || delta == 2 * forward(Us);
        for (Square to : squares(targets)) {
            if (pushes) push(offset(to, -delta), to);
            else move<PT::Pawn, false>(offset(to, -delta), to);
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        for (Square to : squares(targets))
            for (PT t : {PT::Queen, PT::Knight, PT::Rook, PT::Bishop})
                visit(board.template after_promotion<Us>(offset(to, -delta), to, t));
    }
    void add_en_passant(Square from, Square to) { visit(board.template after_en_passant<Us>(from, to)); }
    void add_castling(Square king, Square rook) { visit(board.template after_castling<Us>(king, rook)); }
};

template <Color Us, gen::Sliders M>
std::uint64_t perft_lean(const LeanBoard<M>& board, int depth) {
    PerftSink<Us, M> sink{board, depth, 0, {}};
    gen::generate<Us>(board, sink);
    return sink.nodes + sink.leaves.total();
}

/// Perft below the root on a lean board whose slider lookups use method `M`.
template <gen::Sliders M>
std::uint64_t perft_with(const Position& pos, const CastlingPlan& castling, int depth) {
    const LeanBoard<M> board(pos, castling);
    return pos.side_to_move() == Color::White ? perft_lean<Color::White, M>(board, depth)
                                              : perft_lean<Color::Black, M>(board, depth);
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return static_cast<std::uint64_t>(count_legal(pos));
    const CastlingPlan castling(pos);
#if defined(__BMI2__)
    if (attacks::uses_pext()) return perft_with<gen::Sliders::Pext>(pos, castling, depth);
#endif
    return perft_with<gen::Sliders::Magic>(pos, castling, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (Move m : legal_moves(pos)) {
        Undo u = pos.do_move(m);
        result.emplace_back(m, perft(pos, depth - 1));
        pos.undo_move(m, u);
    }
    return result;
}

}  // namespace schach
