#pragma once
// LeanBoard: the bitboards of a position and nothing else (internal to core, for perft). No
// Zobrist key, no mailbox, no clocks, no cached check information, not even the side to move
// (the caller knows it at compile time): a move is made on a copy with a few XORs, and the
// generator (core/generator.hpp) computes checkers and pins itself.

#include <array>

#include "core/attacks.hpp"
#include "core/generator.hpp"
#include "core/position.hpp"

namespace schach {

/// What castling needs to know, fixed for a whole perft: a right exists only while its king and
/// rook stand on their start squares, and no move gains one. Built once at the root.
struct CastlingPlan {
    struct Side {
        Bitboard rook = 0;           // the rook's square (0: no right at the root)
        Bitboard must_be_empty = 0;  // squares king and rook cross or reach, but their own
        Bitboard must_be_safe = 0;   // squares the king crosses or reaches, but its own
        Square king_to = Square::None;
    };
    ByColor<std::array<Side, 2>> sides{};

    explicit CastlingPlan(const Position& pos) {
        for (Color c : Colors)
            for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
                const Square rook = pos.castling_rook(c, side);
                if (rook == Square::None) continue;
                const Square king = pos.king(c), king_to = Position::king_target(c, side);
                const Bitboard own = bb(king) | bb(rook);
                Side& s = sides[c][static_cast<std::size_t>(side)];
                s.rook = bb(rook);
                s.must_be_empty =
                    (attacks::between(king, king_to) | attacks::between(rook, Position::rook_target(c, side))) & ~own;
                s.must_be_safe = attacks::between(king, king_to) & ~bb(king);
                s.king_to = king_to;
            }
    }
    const Side& of(Color c, CastlingSide side) const { return sides[c][static_cast<std::size_t>(side)]; }
};

/// `M`: how its generator looks up sliders (perft picks the method in use at its root).
template <gen::Sliders M>
class LeanBoard {
public:
    /// The board of a position, for its side to move; `castling` must outlive it and its copies.
    LeanBoard(const Position& pos, const CastlingPlan& castling)
        : flags_(pos.castling_rooks() | (pos.ep_square() == Square::None ? Bitboard{0} : bb(pos.ep_square()))),
          castling_(&castling) {
        for (Color c : Colors) by_color_[c] = pos.pieces(c);
        for (Color c : Colors)
            for (PieceType t : PieceTypes) by_piece_[c][t] = pos.pieces(c, t);
    }

    Bitboard pieces() const { return by_color_[Color::White] | by_color_[Color::Black]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(Color c, PieceType t) const { return by_piece_[c][t]; }
    Square king(Color c) const { return lsb(pieces(c, PieceType::King)); }
    Bitboard castling_rooks() const { return flags_ & ~EpRanks; }
    /// As Position::castling_rook.
    Square castling_rook(Color c, CastlingSide side) const {
        const Bitboard rook = castling_->of(c, side).rook & flags_;
        return rook ? lsb(rook) : Square::None;
    }
    const CastlingPlan& castling_plan() const { return *castling_; }
    /// The square a double step skipped when a pawn of the side to move attacks it, else None.
    /// Unlike Position::ep_square, the capture may still expose the capturer's king (ep_legal).
    Square ep_square() const {
        const Bitboard ep = flags_ & EpRanks;
        return ep ? lsb(ep) : Square::None;
    }

    // --- Moves of `Us`, each on a copy ---
    /// A piece of type P from `from` to `to`, taking whatever stands there (`Quiet`: nothing
    /// does, and nothing is taken off the enemy's boards).
    template <Color Us, PieceType P, bool Quiet = false>
    LeanBoard after_move(Square from, Square to) const {
        LeanBoard b = *this;
        const Bitboard both = bb(from) | bb(to);
        if constexpr (!Quiet) b.clear_enemy<Us>(to);
        b.by_color_[Us] ^= both;
        b.by_piece_[Us][P] ^= both;
        // A right goes with its rook, moved or taken, and with a king that moves.
        b.flags_ &= ~(both | EpRanks | (P == PieceType::King ? bb(relative(Us, Rank::R1)) : Bitboard{0}));
        return b;
    }
    /// A pawn's push of one square or two; a double step keeps the square it skipped when an
    /// enemy pawn attacks it.
    template <Color Us>
    LeanBoard after_push(Square from, Square to) const {
        LeanBoard b = after_move<Us, PieceType::Pawn, true>(from, to);
        const Square skipped = square_at((idx(from) + idx(to)) / 2);  // a double step's, else not used
        const bool kept = (idx(from) ^ idx(to)) == 16 && (attacks::pawn(Us, skipped) & b.pieces(~Us, PieceType::Pawn));
        b.flags_ |= kept ? bb(skipped) : Bitboard{0};
        return b;
    }
    template <Color Us>
    LeanBoard after_promotion(Square from, Square to, PieceType promotion) const {
        LeanBoard b = after_move<Us, PieceType::Pawn>(from, to);
        b.by_piece_[Us][PieceType::Pawn] ^= bb(to);
        b.by_piece_[Us][promotion] ^= bb(to);
        return b;
    }
    template <Color Us>
    LeanBoard after_en_passant(Square from, Square to) const {
        LeanBoard b = *this;
        const Square captured = offset(to, -forward(Us));
        b.by_color_[Us] ^= bb(from) | bb(to);
        b.by_color_[~Us] ^= bb(captured);
        b.by_piece_[Us][PieceType::Pawn] ^= bb(from) | bb(to);
        b.by_piece_[~Us][PieceType::Pawn] ^= bb(captured);
        b.flags_ &= ~EpRanks;
        return b;
    }
    /// Castling as king takes own rook. In Chess960 the four squares may overlap: both pieces
    /// leave before both arrive.
    template <Color Us>
    LeanBoard after_castling(Square king, Square rook) const {
        LeanBoard b = *this;
        const CastlingSide side = rook > king ? CastlingSide::King : CastlingSide::Queen;
        const Bitboard king_to = bb(Position::king_target(Us, side)), rook_to = bb(Position::rook_target(Us, side));
        b.by_color_[Us] = (b.by_color_[Us] & ~(bb(king) | bb(rook))) | king_to | rook_to;
        b.by_piece_[Us][PieceType::King] = (b.by_piece_[Us][PieceType::King] & ~bb(king)) | king_to;
        b.by_piece_[Us][PieceType::Rook] = (b.by_piece_[Us][PieceType::Rook] & ~bb(rook)) | rook_to;
        b.flags_ &= ~(bb(relative(Us, Rank::R1)) | EpRanks);
        return b;
    }

private:
    /// Removes an enemy piece from `s`, if any: clearing `s` from each of its boards but the king's
    /// (never taken) needs no test of what stands there.
    template <Color Us>
    void clear_enemy(Square s) {
        const Bitboard keep = ~bb(s);
        by_color_[~Us] &= keep;
        for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen})
            by_piece_[~Us][t] &= keep;
    }

    // Each colour's pieces, and each colour's pieces of each type: the generator reads the latter
    // a dozen times a node, and one load beats a load and an AND of colour and type boards.
    ByColor<Bitboard> by_color_{};
    ByColor<ByPieceType<Bitboard>> by_piece_{};
    // The castling rooks that keep their right (ranks 1 and 8) and the en-passant square, if any
    // (ranks 3 and 6), in one word: with it the board is 128 bytes, a copy that g++ makes inline
    // for every target (for Zen it calls memcpy on larger structs: 12 % of a perft there).
    static constexpr Bitboard EpRanks = bb(Rank::R3) | bb(Rank::R6);
    Bitboard flags_ = 0;
    const CastlingPlan* castling_;
};

static_assert(sizeof(LeanBoard<gen::Sliders::Magic>) == 128, "a board copy beyond 128 bytes becomes a memcpy call");

namespace gen {
template <Sliders M>
inline constexpr Sliders sliders_of<LeanBoard<M>> = M;
}  // namespace gen

// The generator's adapters (core/generator.hpp), found by argument-dependent lookup.

/// Checkers and pins from the board, as Position::update_check_info finds them.
template <Color Us, gen::Sliders M>
[[gnu::always_inline]] inline gen::CheckInfo check_info(const LeanBoard<M>& b) {
    using PT = PieceType;
    constexpr Color Them = ~Us;
    const Square k = b.king(Us);
    const Bitboard queens = b.pieces(Them, PT::Queen);
    const Bitboard aimed = ((b.pieces(Them, PT::Rook) | queens) & attacks::rook_empty(k)) |
                           ((b.pieces(Them, PT::Bishop) | queens) & attacks::bishop_empty(k));
    const attacks::LineScan scan = attacks::scan_lines(k, aimed, b.pieces());
    const Bitboard checkers = scan.seeing | (attacks::knight(k) & b.pieces(Them, PT::Knight)) |
                              (attacks::pawn(Us, k) & b.pieces(Them, PT::Pawn));
    return {checkers, scan.blockers & b.pieces(Us)};
}

/// Whether the pawn of `Us` on `from` may take en passant onto `ep` without exposing its king.
template <Color Us, gen::Sliders M>
inline bool ep_legal(const LeanBoard<M>& b, Square from, Square ep) {
    using PT = PieceType;
    constexpr Color Them = ~Us;
    const Square captured = offset(ep, -forward(Us));
    const Bitboard occupied = (b.pieces() ^ bb(from) ^ bb(captured)) | bb(ep);
    const Square k = b.king(Us);
    const Bitboard queens = b.pieces(Them, PT::Queen);
    return !((attacks::knight(k) & b.pieces(Them, PT::Knight)) |
             (attacks::pawn(Us, k) & b.pieces(Them, PT::Pawn) & ~bb(captured)) |
             (gen::rook<M>(k, occupied) & (b.pieces(Them, PT::Rook) | queens)) |
             (gen::bishop<M>(k, occupied) & (b.pieces(Them, PT::Bishop) | queens)));
}

/// The castling sides of `Us` with a right and empty paths, and the squares that must be safe.
template <Color Us, gen::Sliders M>
[[gnu::always_inline]] inline gen::CastlingCandidates castling_candidates(const LeanBoard<M>& b, Square,
                                                                          Bitboard occupied) {
    // The path first: in the opening it is mostly blocked, and the right need not be looked at.
    gen::CastlingCandidates c;
    const CastlingPlan::Side& king_side = b.castling_plan().of(Us, CastlingSide::King);
    const CastlingPlan::Side& queen_side = b.castling_plan().of(Us, CastlingSide::Queen);
    if (!(king_side.must_be_empty & occupied) && (king_side.rook & b.castling_rooks())) {
        c.king_side = true;
        c.must_be_safe = king_side.must_be_safe;
    }
    if (!(queen_side.must_be_empty & occupied) && (queen_side.rook & b.castling_rooks())) {
        c.queen_side = true;
        c.must_be_safe |= queen_side.must_be_safe;
    }
    return c;
}

/// The squares of `wanted` that `Them` attacks, seen with `occupied` (our king off the board).
/// Square by square: the king has few squares to step to, and a slider is looked up only when
/// its kind stands on the square's lines at all (in the opening, mostly none does).
template <Color Them, gen::Sliders M>
[[gnu::always_inline]] inline Bitboard attacked_among(const LeanBoard<M>& b, Bitboard wanted, Bitboard occupied) {
    using PT = PieceType;
    // A king in the open, or one that may castle: the whole map is cheaper (with AVX-512, all
    // knights and sliders at once, bulk_count.hpp, from two squares on; else a lookup a piece).
#if defined(SCHACH_BULK_COUNT)
    constexpr int SquareBySquareMax = 1;
#else
    constexpr int SquareBySquareMax = 3;
#endif
    if (popcount(wanted) > SquareBySquareMax) return gen::danger_map<Them>(b, occupied);
    const Bitboard knights = b.pieces(Them, PT::Knight), queens = b.pieces(Them, PT::Queen);
    const Bitboard straight = b.pieces(Them, PT::Rook) | queens, diagonal = b.pieces(Them, PT::Bishop) | queens;
    Bitboard hit = wanted & (attacks::pawn_attacks_bb<Them>(b.pieces(Them, PT::Pawn)) | attacks::king(b.king(Them)));
    for (Square s : squares(wanted & ~hit)) {
        if ((attacks::knight(s) & knights) ||
            ((attacks::rook_empty(s) & straight) && (gen::rook<M>(s, occupied) & straight)) ||
            ((attacks::bishop_empty(s) & diagonal) && (gen::bishop<M>(s, occupied) & diagonal)))
            hit |= bb(s);
    }
    return hit;
}

/// As Position::castling_test, for a candidate side (castling_candidates) of a king not in check,
/// with `danger` known on the squares that must be safe.
template <Color Us, gen::Sliders M>
[[gnu::always_inline]] inline bool castling_legal(const LeanBoard<M>& b, CastlingSide side, Bitboard danger) {
    using PT = PieceType;
    const CastlingPlan::Side& s = b.castling_plan().of(Us, side);
    if (s.must_be_safe & danger) return false;
    // Chess960: the castling rook itself may have shielded the target along the back rank, which
    // takes an enemy rook or queen there (rare: the slider lookup is skipped otherwise).
    const Bitboard rank_sliders = (b.pieces(~Us, PT::Rook) | b.pieces(~Us, PT::Queen)) & bb(relative(Us, Rank::R1));
    return !rank_sliders || !(gen::rook<M>(s.king_to, b.pieces() ^ bb(b.king(Us)) ^ s.rook) & rank_sliders);
}

}  // namespace schach
