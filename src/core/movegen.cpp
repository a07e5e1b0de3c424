#include "core/movegen.hpp"

#include "core/attacks.hpp"

namespace schach {
namespace {

using PT = PieceType;

/// Writes moves, or only counts them; the generator below is written once for both.
template <bool CountOnly>
struct Sink {
    Move* out;
    int count = 0;
    void add(Square from, Bitboard targets) {
        if constexpr (CountOnly) {
            count += popcount(targets);
        } else {
            for (Square to : squares(targets)) out[count++] = Move(from, to);
        }
    }
    /// Pawn moves given by their targets; `delta` is to - from.
    void add_pawns(Bitboard targets, int delta) {
        if constexpr (CountOnly) {
            count += popcount(targets);
        } else {
            for (Square to : squares(targets)) out[count++] = Move(offset(to, -delta), to);
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        if constexpr (CountOnly) {
            count += 4 * popcount(targets);
        } else {
            for (Square to : squares(targets)) {
                Square from = offset(to, -delta);
                for (PT t : {PT::Queen, PT::Knight, PT::Rook, PT::Bishop})
                    out[count++] = Move::make(from, to, MoveKind::Promotion, t);
            }
        }
    }
    void add_special(Move m) {
        if constexpr (CountOnly) ++count;
        else out[count++] = m;
    }
};

/// Squares attacked by `Them`, seen through our king (so the king cannot step back along a ray).
template <Color Them>
Bitboard danger_map(const Position& pos, Bitboard occupied_without_king) {
    Bitboard danger = attacks::pawn_attacks_bb<Them>(pos.pieces(Them, PT::Pawn)) | attacks::king(pos.king(Them));
    for (Square s : squares(pos.pieces(Them, PT::Knight))) danger |= attacks::knight(s);
    Bitboard queens = pos.pieces(Them, PT::Queen);
    for (Square s : squares(pos.pieces(Them, PT::Bishop) | queens)) danger |= attacks::bishop(s, occupied_without_king);
    for (Square s : squares(pos.pieces(Them, PT::Rook) | queens)) danger |= attacks::rook(s, occupied_without_king);
    return danger;
}

/// Whether, for some castling right of `Us`, nothing stands on the squares its king and rook cross
/// or reach (Position::castling_test decides the rest).
template <Color Us>
bool castling_path_free(const Position& pos, Square ksq, Bitboard occupied) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
        const Square rook = pos.castling_rook(Us, side);
        if (rook == Square::None) continue;
        const Bitboard path = attacks::between(ksq, Position::king_target(Us, side)) |
                              attacks::between(rook, Position::rook_target(Us, side));
        if (!(path & occupied & ~bb(ksq) & ~bb(rook))) return true;
    }
    return false;
}

/// Moves of one pinned pawn: it may only move along the pin line.
template <Color Us, bool CountOnly>
void pinned_pawn(Sink<CountOnly>& sink, const Position& pos, Square from, Bitboard allowed, Bitboard occupied) {
    constexpr Bitboard PromoRank = bb(relative(Us, Rank::R8));
    constexpr Bitboard DoubleRank = bb(relative(Us, Rank::R4));
    if (contains(PromoRank, from)) return;  // only in setups with PawnsOnBackRank relaxed
    Bitboard targets = attacks::pawn(Us, from) & pos.pieces(~Us);
    Square one = offset(from, forward(Us));
    if (!contains(occupied, one)) {
        targets |= bb(one);
        if (rank_of(from) == relative(Us, Rank::R2)) {
            Square two = offset(one, forward(Us));
            if (!contains(occupied, two) && contains(DoubleRank, two)) targets |= bb(two);
        }
    }
    targets &= allowed;
    for (Square to : squares(targets)) {
        int delta = idx(to) - idx(from);
        if (contains(PromoRank, to)) sink.add_promotions(bb(to), delta);
        else sink.add_pawns(bb(to), delta);
    }
}

template <Color Us, bool CountOnly>
int generate(const Position& pos, Move* out) {
    constexpr Color Them = ~Us;
    constexpr int Up = forward(Us);
    constexpr Dir UpDir = Us == Color::White ? Dir::N : Dir::S;
    constexpr Dir UpWest = Us == Color::White ? Dir::NW : Dir::SW;
    constexpr Dir UpEast = Us == Color::White ? Dir::NE : Dir::SE;
    constexpr Bitboard Rank7 = bb(relative(Us, Rank::R7));
    constexpr Bitboard Rank3 = bb(relative(Us, Rank::R3));

    Sink<CountOnly> sink{out};
    const Bitboard us = pos.pieces(Us), them = pos.pieces(Them), occupied = us | them;
    const Square ksq = pos.king(Us);
    // Checkers and pins come with the position (computed once by do_move).
    const Bitboard checkers = pos.checkers();
    // The map of attacked squares only when the king has a square to step to or may castle with
    // an empty path: a boxed-in king behind blocked castling paths (most of the opening) needs
    // none, and castling is then not tried either.
    const Bitboard king_steps = attacks::king(ksq) & ~us;
    const bool may_castle = !checkers && (pos.castling_rooks() & us) &&
                            (king_steps || castling_path_free<Us>(pos, ksq, occupied));
    const Bitboard danger = king_steps || may_castle ? danger_map<Them>(pos, occupied ^ bb(ksq)) : Bitboard{0};
    sink.add(ksq, king_steps & ~danger);

    if (more_than_one(checkers)) return sink.count;
    const Bitboard checkmask = checkers ? attacks::between(ksq, lsb(checkers)) : ~Bitboard{0};
    const Bitboard target = ~us & checkmask;
    const Bitboard pinned = pos.pinned();

    for (Square s : squares(pos.pieces(Us, PT::Knight) & ~pinned)) sink.add(s, attacks::knight(s) & target);
    const Bitboard queens = pos.pieces(Us, PT::Queen);
    const Bitboard bishops = pos.pieces(Us, PT::Bishop) | queens;
    const Bitboard rooks = pos.pieces(Us, PT::Rook) | queens;
    for (Square s : squares(bishops & ~pinned)) sink.add(s, attacks::bishop(s, occupied) & target);
    for (Square s : squares(rooks & ~pinned)) sink.add(s, attacks::rook(s, occupied) & target);
    if (pinned) {
        for (Square s : squares(bishops & pinned))
            sink.add(s, attacks::bishop(s, occupied) & target & attacks::line(ksq, s));
        for (Square s : squares(rooks & pinned))
            sink.add(s, attacks::rook(s, occupied) & target & attacks::line(ksq, s));
    }

    // Pawns that are not pinned, all at once.
    const Bitboard pawns = pos.pieces(Us, PT::Pawn) & ~pinned;
    const Bitboard empty = ~occupied;
    {
        const Bitboard low = pawns & ~Rank7, high = pawns & Rank7;
        Bitboard push1 = shift<UpDir>(low) & empty;
        Bitboard push2 = shift<UpDir>(push1 & Rank3) & empty & checkmask;
        sink.add_pawns(push1 & checkmask, Up);
        sink.add_pawns(push2, 2 * Up);
        sink.add_pawns(shift<UpWest>(low) & them & checkmask, Up - 1);
        sink.add_pawns(shift<UpEast>(low) & them & checkmask, Up + 1);
        if (high) {
            sink.add_promotions(shift<UpDir>(high) & empty & checkmask, Up);
            sink.add_promotions(shift<UpWest>(high) & them & checkmask, Up - 1);
            sink.add_promotions(shift<UpEast>(high) & them & checkmask, Up + 1);
        }
    }
    for (Square s : squares(pos.pieces(Us, PT::Pawn) & pinned))
        pinned_pawn<Us>(sink, pos, s, target & attacks::line(ksq, s), occupied);

    if (const Square ep = pos.ep_square(); ep != Square::None) {
        for (Square s : squares(attacks::pawn(Them, ep) & pos.pieces(Us, PT::Pawn)))
            if (pos.ep_capture_legal(s, ep)) sink.add_special(Move::make(s, ep, MoveKind::EnPassant));
    }

    if (may_castle) {
        for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen})
            if (pos.template castling_test<Us>(side, danger).ok())
                sink.add_special(Move::make(ksq, pos.castling_rook(Us, side), MoveKind::Castling));
    }
    return sink.count;
}

template <bool CountOnly>
int generate_any(const Position& pos, Move* out) {
    return pos.side_to_move() == Color::White ? generate<Color::White, CountOnly>(pos, out)
                                              : generate<Color::Black, CountOnly>(pos, out);
}

template <Color Us>
std::uint64_t perft_rec(Position& pos, int depth) {
    MoveList list;
    list.set_size(static_cast<std::size_t>(generate<Us, false>(pos, list.data())));
    std::uint64_t nodes = 0;
    if (depth == 2) {
        // Copy-make above the leaves: a copy of the position costs less than undo_move.
        for (Move m : list) {
            Position child = pos;
            child.do_move(m);
            nodes += static_cast<std::uint64_t>(generate<~Us, true>(child, nullptr));
        }
        return nodes;
    }
    for (Move m : list) {
        Undo u = pos.do_move(m);
        nodes += perft_rec<~Us>(pos, depth - 1);
        pos.undo_move(m, u);
    }
    return nodes;
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
    int n = generate_any<false>(pos, list.data() + list.size());
    list.set_size(list.size() + static_cast<std::size_t>(n));
}

int count_legal(const Position& pos) { return generate_any<true>(pos, nullptr); }

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return static_cast<std::uint64_t>(count_legal(pos));
    return pos.side_to_move() == Color::White ? perft_rec<Color::White>(pos, depth)
                                              : perft_rec<Color::Black>(pos, depth);
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
