#pragma once
// The legal move generator, written once for every board and every use (internal to core, and
// to the helpmate search, analysis/helpmate_moves.cpp, which prices the moves as they come).
//
// A board is Position or LeanBoard (core/lean_board.hpp): it offers pieces(), pieces(c),
// pieces(c, t), king(c), castling_rooks(), castling_rook(c, side) and ep_square(), and these free
// functions, found by argument-dependent lookup: check_info<Us>(board), ep_legal<Us>(board, from, ep),
// castling_candidates<Us>(board, king, occupied), attacked_among<Them>(board, wanted, occupied)
// and castling_legal<Us>(board, side, danger).
//
// A sink receives the moves: it writes them (MoveSink), counts them (CountSink) or plays each on a
// copy of the board and goes on from there (the perft in perft.cpp). Each call names what moves:
//   add<P>(from, targets)          a piece (not a pawn) moving as a P to each of `targets`; P is
//                                  Bishop or Rook for a queen too (diagonal and straight moves)
//   add_pawns(targets, delta)      pawns to `targets`, each from `to - delta`, no promotion
//   add_promotions(targets, delta) the same with the four promotions each
//   add_queen_promotions(targets, delta) the same with the queen's only (tactical moves alone)
//   add_under_promotions(targets, delta) the same with the other three (quiet moves alone)
//   add_en_passant(from, to)       an en-passant capture onto `to`
//   add_castling(king, rook)       castling as king takes own rook
//   add_unpinned(knights, diagonal, straight, occupied, target)   optional: the moves of all the
//                                  unpinned knights and sliders at once (CountSink with AVX-512)

#include <initializer_list>

#include "core/attacks.hpp"
#include "core/bulk_count.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace schach::gen {

/// How the generator looks up sliders: by the method chosen at start (attacks.hpp: a test per
/// lookup), or by one fixed at compile time (perft instantiates its board for each and picks one
/// at the root).
enum class Sliders : std::uint8_t { Chosen, Pext, Magic };

/// Which moves: all legal moves, the tactical ones alone (captures, en passant, pushes that
/// promote to a queen; the quiescence search's moves) or the quiet ones alone (the others), each
/// in the order `All` gives them.
enum class Moves : std::uint8_t { All, Tactical, Quiet };

template <Sliders M>
[[gnu::always_inline]] inline Bitboard slider_lookup(const attacks::detail::SliderEntry& e, Bitboard occupied) {
    if constexpr (M == Sliders::Pext) {
#if defined(__BMI2__)
        return attacks::detail::tables.slider_pext[attacks::detail::pext_index(e, occupied)];
#else
        static_assert(M != Sliders::Pext, "PEXT needs a BMI2 build");
#endif
    } else {
        return attacks::detail::tables.slider_magic[attacks::detail::magic_index(e, occupied)];
    }
}
template <Sliders M>
[[gnu::always_inline]] inline Bitboard rook(Square s, Bitboard occupied) {
    if constexpr (M == Sliders::Chosen) return attacks::rook(s, occupied);
    else return slider_lookup<M>(attacks::detail::tables.rook[s], occupied);
}
template <Sliders M>
[[gnu::always_inline]] inline Bitboard bishop(Square s, Bitboard occupied) {
    if constexpr (M == Sliders::Chosen) return attacks::bishop(s, occupied);
    else return slider_lookup<M>(attacks::detail::tables.bishop[s], occupied);
}
/// A board's slider method: Position's is the one chosen at start.
template <typename Board>
inline constexpr Sliders sliders_of = Sliders::Chosen;

/// Checkers of the side to move and its pieces pinned to its king.
struct CheckInfo {
    Bitboard checkers;
    Bitboard pinned;
};

// --- The Position adapters: its check information is computed once per do_move ---
template <Color Us>
CheckInfo check_info(const Position& pos) {
    return {pos.checkers(), pos.pinned()};
}
template <Color Us>
bool ep_legal(const Position& pos, Square from, Square ep) {
    return pos.ep_capture_legal(from, ep);
}
/// The castling sides worth a full test (castling_legal): a right whose king and rook paths are
/// empty; and the squares the king crosses or reaches on them, but its own, which must be safe.
struct CastlingCandidates {
    bool king_side = false, queen_side = false;
    Bitboard must_be_safe = 0;
};
template <Color Us>
CastlingCandidates castling_candidates(const Position& pos, Square ksq, Bitboard occupied) {
    CastlingCandidates c;
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
        const Square rook = pos.castling_rook(Us, side);
        if (rook == Square::None) continue;
        const Bitboard king_path = attacks::between(ksq, Position::king_target(Us, side));
        const Bitboard path = king_path | attacks::between(rook, Position::rook_target(Us, side));
        if (path & occupied & ~bb(ksq) & ~bb(rook)) continue;
        (side == CastlingSide::King ? c.king_side : c.queen_side) = true;
        c.must_be_safe |= king_path & ~bb(ksq);
    }
    return c;
}
template <Color Us>
bool castling_legal(const Position& pos, CastlingSide side, Bitboard danger) {
    return pos.template castling_test<Us>(side, danger).ok();
}

/// Writes the moves.
struct MoveSink {
    Move* out;
    int count = 0;
    template <PieceType P>
    void add(Square from, Bitboard targets) {
        for (Square to : squares(targets)) out[count++] = Move(from, to);
    }
    void add_pawns(Bitboard targets, int delta) {
        for (Square to : squares(targets)) out[count++] = Move(offset(to, -delta), to);
    }
    void add_promotions(Bitboard targets, int delta) {
        write_promotions(targets, delta, {PieceType::Queen, PieceType::Knight, PieceType::Rook, PieceType::Bishop});
    }
    void add_queen_promotions(Bitboard targets, int delta) { write_promotions(targets, delta, {PieceType::Queen}); }
    void add_under_promotions(Bitboard targets, int delta) {
        write_promotions(targets, delta, {PieceType::Knight, PieceType::Rook, PieceType::Bishop});
    }
    void add_en_passant(Square from, Square to) { out[count++] = Move::make(from, to, MoveKind::EnPassant); }
    void add_castling(Square king, Square rook) { out[count++] = Move::make(king, rook, MoveKind::Castling); }

private:
    /// Each target square with the pieces in the order given (the target squares outermost).
    void write_promotions(Bitboard targets, int delta, std::initializer_list<PieceType> pieces) {
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            for (PieceType t : pieces) out[count++] = Move::make(from, to, MoveKind::Promotion, t);
        }
    }
};

/// Counts the moves with popcounts, writing none; over one board or many (perft's last ply adds
/// up all the boards below a node in one sink).
struct CountSink {
    int count = 0;
    template <PieceType P>
    void add(Square, Bitboard targets) {
        count += popcount(targets);
    }
    void add_pawns(Bitboard targets, int) { count += popcount(targets); }
    void add_promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
    void add_en_passant(Square, Square) { ++count; }
    void add_castling(Square, Square) { ++count; }
#if defined(SCHACH_BULK_COUNT)
    /// The moves of the knights and sliders given (none pinned) to `target`, all at once, kept in
    /// lanes: their sum waits for total().
    __m512i lanes = _mm512_setzero_si512();
    void add_unpinned(Bitboard knights, Bitboard diagonal, Bitboard straight, Bitboard occupied, Bitboard target) {
        lanes = _mm512_add_epi64(lanes,
                                 bulk::knight_and_slider_move_lanes(knights, diagonal, straight, occupied, target));
    }
    std::uint64_t total() const { return static_cast<std::uint64_t>(count) + bulk::moves_in(lanes); }
#else
    std::uint64_t total() const { return static_cast<std::uint64_t>(count); }
#endif
};

/// Squares attacked by `Them`, seen through our king (so the king cannot step back along a ray).
template <Color Them, typename Board>
[[gnu::always_inline]] inline Bitboard danger_map(const Board& pos, Bitboard occupied_without_king) {
    using PT = PieceType;
    Bitboard danger = attacks::pawn_attacks_bb<Them>(pos.pieces(Them, PT::Pawn)) | attacks::king(pos.king(Them));
    const Bitboard queens = pos.pieces(Them, PT::Queen);
#if defined(SCHACH_BULK_COUNT)
    // All knights and sliders at once (bulk_count.hpp), without a lookup a piece.
    danger |= bulk::knight_and_slider_attacks(pos.pieces(Them, PT::Knight), pos.pieces(Them, PT::Bishop) | queens,
                                              pos.pieces(Them, PT::Rook) | queens, occupied_without_king);
#else
    constexpr Sliders M = sliders_of<Board>;
    for (Square s : squares(pos.pieces(Them, PT::Knight))) danger |= attacks::knight(s);
    for (Square s : squares(pos.pieces(Them, PT::Bishop) | queens)) danger |= bishop<M>(s, occupied_without_king);
    for (Square s : squares(pos.pieces(Them, PT::Rook) | queens)) danger |= rook<M>(s, occupied_without_king);
#endif
    return danger;
}

/// Position's squares attacked by `Them` among `wanted`: the whole map (castling_test reads it).
template <Color Them>
[[gnu::always_inline]] inline Bitboard attacked_among(const Position& pos, Bitboard, Bitboard occupied_without_king) {
    return danger_map<Them>(pos, occupied_without_king);
}

/// Promotions by a push onto `targets`: all four, the queen's alone (tactical moves) or the other
/// three (quiet moves). A capture that promotes is tactical with all four.
template <Moves Kind, typename Sink>
[[gnu::always_inline]] inline void push_promotions(Sink& sink, Bitboard targets, int delta) {
    if constexpr (Kind == Moves::Tactical) sink.add_queen_promotions(targets, delta);
    else if constexpr (Kind == Moves::Quiet) sink.add_under_promotions(targets, delta);
    else sink.add_promotions(targets, delta);
}

/// Moves of one pinned pawn of the kind asked for: it may only move along the pin line. It takes
/// the enemy's pieces (`them`), not the board: a board whose address is passed to a function not
/// inlined stays in memory, where a lean board's copy is otherwise made in registers.
template <Color Us, Moves Kind, typename Sink>
void pinned_pawn(Sink& sink, Bitboard them, Square from, Bitboard allowed, Bitboard occupied) {
    constexpr Bitboard PromoRank = bb(relative(Us, Rank::R8));
    constexpr Bitboard DoubleRank = bb(relative(Us, Rank::R4));
    if (contains(PromoRank, from)) return;  // only in setups with PawnsOnBackRank relaxed
    Bitboard targets = attacks::pawn(Us, from) & them;
    const Square one = offset(from, forward(Us));
    if (!contains(occupied, one)) {
        targets |= bb(one);
        if (rank_of(from) == relative(Us, Rank::R2)) {
            const Square two = offset(one, forward(Us));
            if (!contains(occupied, two) && contains(DoubleRank, two)) targets |= bb(two);
        }
    }
    targets &= allowed;
    if constexpr (Kind == Moves::Tactical) targets &= them | PromoRank;  // captures, promotions
    if constexpr (Kind == Moves::Quiet) targets &= ~them;
    for (Square to : squares(targets)) {
        const int delta = idx(to) - idx(from);
        const bool capture = (delta & 7) != 0;
        if (!contains(PromoRank, to)) sink.add_pawns(bb(to), delta);
        else if (capture) sink.add_promotions(bb(to), delta);
        else push_promotions<Kind>(sink, bb(to), delta);
    }
}

/// Every legal move of `Us` (the side to move) on `pos`, or those of one kind, into `sink`.
template <Color Us, Moves Kind = Moves::All, typename Board, typename Sink>
[[gnu::always_inline]] inline void generate(const Board& pos, Sink& sink) {
    constexpr bool Tactical = Kind == Moves::Tactical, Quiet = Kind == Moves::Quiet;
    using PT = PieceType;
    constexpr Sliders M = sliders_of<Board>;
    constexpr Color Them = ~Us;
    constexpr int Up = forward(Us);
    constexpr Dir UpDir = Us == Color::White ? Dir::N : Dir::S;
    constexpr Dir UpWest = Us == Color::White ? Dir::NW : Dir::SW;
    constexpr Dir UpEast = Us == Color::White ? Dir::NE : Dir::SE;
    constexpr Bitboard Rank7 = bb(relative(Us, Rank::R7));
    constexpr Bitboard Rank3 = bb(relative(Us, Rank::R3));

    const Bitboard us = pos.pieces(Us), them = pos.pieces(Them), occupied = us | them;
    const Square ksq = pos.king(Us);
    const CheckInfo info = check_info<Us>(pos);
    const Bitboard checkers = info.checkers;
    // Attack tests only for the squares the king may step to and those castling needs safe: a
    // boxed-in king behind blocked castling paths (most of the opening) needs none.
    // The squares a move of the kind asked for may go to (before check and pins): taken,
    // empty, or either.
    const Bitboard kind_targets = Tactical ? them : Quiet ? ~occupied : ~us;
    const Bitboard king_steps = attacks::king(ksq) & kind_targets;
    const CastlingCandidates castling = !Tactical && !checkers && (pos.castling_rooks() & us)
                                            ? castling_candidates<Us>(pos, ksq, occupied)
                                            : CastlingCandidates{};
    const Bitboard wanted = king_steps | castling.must_be_safe;
    const Bitboard danger = wanted ? attacked_among<Them>(pos, wanted, occupied ^ bb(ksq)) : Bitboard{0};
    sink.template add<PT::King>(ksq, king_steps & ~danger);

    if (more_than_one(checkers)) return;
    const Bitboard checkmask = checkers ? attacks::between(ksq, lsb(checkers)) : ~Bitboard{0};
    const Bitboard target = kind_targets & checkmask;
    const Bitboard pinned = info.pinned;

    // Queens go with the bishops and again with the rooks (the order of moves callers have seen).
    const Bitboard knights = pos.pieces(Us, PT::Knight);
    const Bitboard queens = pos.pieces(Us, PT::Queen);
    const Bitboard bishops = pos.pieces(Us, PT::Bishop) | queens;
    const Bitboard rooks = pos.pieces(Us, PT::Rook) | queens;
    if constexpr (requires { sink.add_unpinned(knights, bishops, rooks, occupied, target); }) {
        // A sink that takes them all at once (a count: bulk_count.hpp).
        sink.add_unpinned(knights & ~pinned, bishops & ~pinned, rooks & ~pinned, occupied, target);
    } else {
        for (Square s : squares(knights & ~pinned)) sink.template add<PT::Knight>(s, attacks::knight(s) & target);
        for (Square s : squares(bishops & ~pinned)) sink.template add<PT::Bishop>(s, bishop<M>(s, occupied) & target);
        for (Square s : squares(rooks & ~pinned)) sink.template add<PT::Rook>(s, rook<M>(s, occupied) & target);
    }
    if (pinned) {
        // A pinned knight never moves; a pinned slider moves along its pin line only.
        for (Square s : squares(bishops & pinned))
            sink.template add<PT::Bishop>(s, bishop<M>(s, occupied) & target & attacks::line(ksq, s));
        for (Square s : squares(rooks & pinned))
            sink.template add<PT::Rook>(s, rook<M>(s, occupied) & target & attacks::line(ksq, s));
    }

    // Pawns that are not pinned, all at once.
    const Bitboard pawns = pos.pieces(Us, PT::Pawn) & ~pinned;
    const Bitboard empty = ~occupied;
    {
        const Bitboard low = pawns & ~Rank7, high = pawns & Rank7;
        if constexpr (!Tactical) {
            const Bitboard push1 = shift<UpDir>(low) & empty;
            const Bitboard push2 = shift<UpDir>(push1 & Rank3) & empty & checkmask;
            sink.add_pawns(push1 & checkmask, Up);
            sink.add_pawns(push2, 2 * Up);
        }
        if constexpr (!Quiet) {
            sink.add_pawns(shift<UpWest>(low) & them & checkmask, Up - 1);
            sink.add_pawns(shift<UpEast>(low) & them & checkmask, Up + 1);
        }
        if (high) {
            push_promotions<Kind>(sink, shift<UpDir>(high) & empty & checkmask, Up);
            if constexpr (!Quiet) {
                sink.add_promotions(shift<UpWest>(high) & them & checkmask, Up - 1);
                sink.add_promotions(shift<UpEast>(high) & them & checkmask, Up + 1);
            }
        }
    }
    for (Square s : squares(pos.pieces(Us, PT::Pawn) & pinned))
        pinned_pawn<Us, Kind>(sink, them, s, ~us & checkmask & attacks::line(ksq, s), occupied);

    if (const Square ep = pos.ep_square(); !Quiet && ep != Square::None) {
        for (Square s : squares(attacks::pawn(Them, ep) & pos.pieces(Us, PT::Pawn)))
            if (ep_legal<Us>(pos, s, ep)) sink.add_en_passant(s, ep);
    }

    if (castling.king_side && castling_legal<Us>(pos, CastlingSide::King, danger))
        sink.add_castling(ksq, pos.castling_rook(Us, CastlingSide::King));
    if (castling.queen_side && castling_legal<Us>(pos, CastlingSide::Queen, danger))
        sink.add_castling(ksq, pos.castling_rook(Us, CastlingSide::Queen));
}

}  // namespace schach::gen
