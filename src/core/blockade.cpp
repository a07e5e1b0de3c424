#include "core/blockade.hpp"

#include <array>

#include "core/attacks.hpp"

// Why the analysis is sound (an induction over any series of legal moves): suppose that so far
// every frozen piece stands on its square and every other piece stood only on squares of its
// reach. Then no frozen piece can move (a pawn's square ahead holds a frozen piece and nothing
// enemy can appear where it captures; a piece attacks, even through the frozen walls alone, only
// its own frozen pieces) or be captured (no enemy piece can attack it, and the enemy king can
// only reach it where a frozen friend guards it for ever). Every other move goes to a square
// that the flood fills below include, since real occupancy only blocks more than the walls do.
// Kings never enter a square a frozen enemy attacks for ever, nor one that touches every square
// the enemy king can ever stand on.

namespace schach {
namespace {

using PT = PieceType;

/// b together with every square next to it.
constexpr Bitboard king_spread(Bitboard b) {
    const Bitboard row = b | shift<Dir::E>(b) | shift<Dir::W>(b);
    return row | shift<Dir::N>(row) | shift<Dir::S>(row);
}

/// The four squares next to b on its rank and file.
constexpr Bitboard orthogonal(Bitboard b) {
    return shift<Dir::N>(b) | shift<Dir::S>(b) | shift<Dir::E>(b) | shift<Dir::W>(b);
}

Bitboard pawn_attacks(Color c, Bitboard b) {
    return c == Color::White ? attacks::pawn_attacks_bb<Color::White>(b) : attacks::pawn_attacks_bb<Color::Black>(b);
}

Bitboard pawn_push(Color c, Bitboard b) { return c == Color::White ? shift<Dir::N>(b) : shift<Dir::S>(b); }

/// Attacks that no later move can block: leapers in full, sliders only next to them.
Bitboard lasting_attacks(PT t, Color c, Square s) {
    if (t == PT::Pawn) return attacks::pawn(c, s);
    return attacks::of(t, s, ~Bitboard{0});
}

/// Squares a piece of type t can reach from `start` moving around fixed walls it may not enter;
/// `seen` receives every square it attacks on the way.
Bitboard flood(PT t, Bitboard start, Bitboard walls, Bitboard& seen) {
    Bitboard reach = start, frontier = start;
    while (frontier) {
        const Bitboard a = attacks::of(t, pop_lsb(frontier), walls);
        seen |= a;
        const Bitboard next = a & ~walls & ~reach;
        reach |= next;
        frontier |= next;
    }
    return reach;
}

/// A pawn's squares: pushes onto squares no wall blocks, captures onto squares where an enemy
/// piece may stand. (A double step passes the square of a single one, so single steps cover it.)
Bitboard pawn_flood(Color c, Square from, Bitboard walls, Bitboard capturable, Bitboard& seen) {
    const Bitboard last = bb(relative(c, Rank::R8));
    Bitboard reach = bb(from), frontier = reach;
    while (frontier) {
        const Bitboard movers = frontier & ~last;
        const Bitboard a = pawn_attacks(c, movers);
        seen |= a;
        const Bitboard next = ((pawn_push(c, movers) | (a & capturable)) & ~walls) & ~reach;
        reach |= next;
        frontier = next;
    }
    return reach;
}

Bitboard king_flood(Bitboard start, Bitboard allowed) {
    Bitboard reach = start;
    for (;;) {
        const Bitboard next = reach | (king_spread(reach) & allowed);
        if (next == reach) return reach;
        reach = next;
    }
}

struct Unit {
    Square square;
    Color color;
    PT type;
    Bitboard reach = 0;    // where it can stand (not frozen)
    Bitboard attacks = 0;  // what it can attack from there
};

class Analyzer {
public:
    explicit Analyzer(const Position& pos);
    Mobility mobility() const;
    bool unwinnable(Color winner) const;

private:
    void derive_walls();
    void compute_kings();
    void compute_pieces();
    Bitboard violations() const;
    Bitboard unit_attacks(const Unit& u) const;
    int possible_blockers(Bitboard squares) const;

    const Position& pos_;
    std::array<Unit, 32> units_{};
    int count_ = 0;
    Bitboard frozen_ = 0;
    ByColor<Bitboard> frozen_by_{}, guard_{}, king_region_{}, reach_{}, attacks_{};
    ByColor<Bitboard> promo_reach_{}, promo_attacks_{};
};

Analyzer::Analyzer(const Position& pos) : pos_(pos) {
    // At most 30 pieces besides the kings: validation allows 16 men a side.
    for (Square s : squares(pos.pieces() & ~pos.pieces(PT::King))) {
        const Piece p = pos.piece_on(s);
        units_[static_cast<std::size_t>(count_++)] = Unit{s, color_of(p), type_of(p)};
    }
    // Everything is frozen until shown otherwise, except rooks that may still castle (castling
    // moves them) and pawns an en-passant capture concerns right now.
    frozen_ = pos.pieces() & ~pos.pieces(PT::King) & ~pos.castling_rooks();
    if (const Square ep = pos.ep_square(); ep != Square::None) {
        const Color us = pos.side_to_move();
        frozen_ &= ~(attacks::pawn(~us, ep) & pos.pieces(us, PT::Pawn));
        frozen_ &= ~bb(offset(ep, -forward(us)));
    }
    for (;;) {
        derive_walls();
        compute_kings();
        compute_pieces();
        const Bitboard released = violations();
        if (!released) break;
        frozen_ &= ~released;
    }
}

void Analyzer::derive_walls() {
    frozen_by_ = {};
    guard_ = {};
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (!contains(frozen_, u.square)) continue;
        frozen_by_[u.color] |= bb(u.square);
        guard_[u.color] |= lasting_attacks(u.type, u.color, u.square);
    }
}

void Analyzer::compute_kings() {
    for (Color c : Colors) {
        Bitboard start = bb(pos_.king(c));
        for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen})
            if (pos_.can_castle(c, side)) start |= bb(Position::king_target(c, side));
        const Bitboard allowed = ~frozen_ & ~guard_[~c];
        king_region_[c] = king_flood(start, allowed);
    }
    // A king never steps next to the other king: a square touching every square the other king can
    // ever stand on is out of bounds. Each step uses a sound region of the other king, so the
    // refinement stays sound; a few rounds reach what it can.
    for (int round = 0; round < 4; ++round) {
        bool changed = false;
        for (Color c : Colors) {
            Bitboard touching_all = ~Bitboard{0};
            for (Square r : squares(king_region_[~c])) touching_all &= king_spread(bb(r));
            if (!(touching_all & king_region_[c] & ~bb(pos_.king(c)))) continue;
            Bitboard start = bb(pos_.king(c));
            for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen})
                if (pos_.can_castle(c, side)) start |= bb(Position::king_target(c, side));
            const Bitboard region = king_flood((start & ~touching_all) | bb(pos_.king(c)),
                                               ~frozen_ & ~guard_[~c] & ~touching_all & king_region_[c]);
            if (region != king_region_[c]) {
                king_region_[c] = region;
                changed = true;
            }
        }
        if (!changed) break;
    }
}

void Analyzer::compute_pieces() {
    reach_ = {};
    attacks_ = {};
    promo_reach_ = {};
    promo_attacks_ = {};
    ByColor<Bitboard> piece_reach{}, piece_attacks{};
    bool pawns = false;
    for (int i = 0; i < count_; ++i) {
        Unit& u = units_[static_cast<std::size_t>(i)];
        u.reach = u.attacks = 0;
        if (contains(frozen_, u.square)) continue;
        if (u.type == PT::Pawn) {
            pawns = true;
            continue;
        }
        Bitboard start = bb(u.square);
        if (u.type == PT::Rook && contains(pos_.castling_rooks(), u.square)) {
            const Square k = pos_.king(u.color);
            start |= bb(Position::rook_target(u.color, u.square > k ? CastlingSide::King : CastlingSide::Queen));
        }
        u.reach = flood(u.type, start, frozen_, u.attacks);
        piece_reach[u.color] |= u.reach;
        piece_attacks[u.color] |= u.attacks;
    }
    reach_ = piece_reach;
    attacks_ = piece_attacks;
    if (!pawns) return;
    // Pawns capture only where enemy pieces may stand, which depends on other pawns and on what
    // they promote to: grow everything together until nothing changes (a least fixpoint).
    for (;;) {
        ByColor<Bitboard> pawn_reach{}, pawn_attacks_all{};
        for (int i = 0; i < count_; ++i) {
            Unit& u = units_[static_cast<std::size_t>(i)];
            if (u.type != PT::Pawn || contains(frozen_, u.square)) continue;
            u.attacks = 0;
            u.reach = pawn_flood(u.color, u.square, frozen_, reach_[~u.color], u.attacks);
            pawn_reach[u.color] |= u.reach;
            pawn_attacks_all[u.color] |= u.attacks;
        }
        ByColor<Bitboard> next_reach{};
        for (Color c : Colors) {
            promo_reach_[c] = promo_attacks_[c] = 0;
            const Bitboard promotions = pawn_reach[c] & bb(relative(c, Rank::R8));
            if (promotions) {
                // A promoted piece moves like a queen or a knight (rooks and bishops move like part of a queen).
                promo_reach_[c] = flood(PT::Queen, promotions, frozen_, promo_attacks_[c]) |
                                  flood(PT::Knight, promotions, frozen_, promo_attacks_[c]);
            }
            next_reach[c] = piece_reach[c] | pawn_reach[c] | promo_reach_[c];
            attacks_[c] = piece_attacks[c] | pawn_attacks_all[c] | promo_attacks_[c];
        }
        if (next_reach == reach_) return;
        reach_ = next_reach;
    }
}

Bitboard Analyzer::violations() const {
    Bitboard released = 0;
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (!contains(frozen_, u.square)) continue;
        const Color c = u.color, them = ~c;
        const Bitboard here = bb(u.square);
        bool moves = false;
        if (u.type == PT::Pawn) {
            moves = !(pawn_push(c, here) & frozen_) || (pawn_attacks(c, here) & (frozen_by_[them] | reach_[them]));
            if (!moves && rank_of(u.square) == relative(c, Rank::R5)) {
                // An enemy pawn still on its first square beside us may step past: en passant.
                const Bitboard beside = shift<Dir::E>(here) | shift<Dir::W>(here);
                const Bitboard origins = c == Color::White ? beside << 16 : beside >> 16;
                moves = (origins & pos_.pieces(them, PT::Pawn) & ~frozen_) != 0;
            }
        } else {
            moves = (attacks::of(u.type, u.square, frozen_) & ~frozen_by_[c]) != 0;
        }
        const bool taken = contains(attacks_[them], u.square) ||
                           (contains(king_spread(king_region_[them]), u.square) && !contains(guard_[c], u.square));
        if (moves || taken) released |= here;
    }
    return released;
}

Bitboard Analyzer::unit_attacks(const Unit& u) const {
    if (!contains(frozen_, u.square)) return u.attacks;
    return u.type == PT::Pawn ? attacks::pawn(u.color, u.square) : attacks::of(u.type, u.square, frozen_);
}

int Analyzer::possible_blockers(Bitboard squares_to_fill) const {
    int n = 0;
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (contains(frozen_, u.square)) continue;
        const bool promotes = u.type == PT::Pawn && (u.reach & bb(relative(u.color, Rank::R8)));
        if ((u.reach & squares_to_fill) || (promotes && (promo_reach_[u.color] & squares_to_fill))) ++n;
    }
    return n;
}

bool Analyzer::unwinnable(Color winner) const {
    const Color loser = ~winner;
    const Bitboard region = king_region_[loser];
    // Visitors: the winner's pieces that can ever attack a square the losing king may stand on.
    // Only they can give the mating check.
    bool visitors = false, only_bishops = true;
    Bitboard checks = 0, bishop_squares = 0;
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (u.color != winner) continue;
        const Bitboard a = unit_attacks(u) & region;
        if (!a) continue;
        visitors = true;
        checks |= a;
        if (u.type == PT::Bishop) bishop_squares |= bb(u.square);
        else only_bishops = false;
    }
    if (promo_attacks_[winner] & region) {
        visitors = true;
        only_bishops = false;
    }
    if (!visitors) return true;
    const bool one_colour = !(bishop_squares & DarkSquaresBB) || !(bishop_squares & LightSquaresBB);
    if (!only_bishops || !one_colour) return false;

    // Bishops of one colour: the mated king stands on that colour and its four orthogonal
    // neighbours (the other colour) must be unavailable. Outside the region they always are;
    // inside, only a piece standing there or the winner's king can take them away, and the
    // king, not touching the mated king, covers at most one of them.
    for (Square k : squares(checks)) {
        const Bitboard escapes = orthogonal(bb(k)) & region;
        const Bitboard helper_squares = king_region_[winner] & ~king_spread(bb(k)) & king_spread(escapes);
        const int cover = helper_squares ? 1 : 0;
        if (popcount(escapes) - cover > possible_blockers(escapes)) continue;
        return false;
    }
    return true;
}

Mobility Analyzer::mobility() const {
    Mobility m;
    m.frozen = frozen_;
    m.king_region = king_region_;
    m.reach = reach_;
    m.attacks = attacks_;
    for (Color c : Colors) m.can_promote[c] = promo_reach_[c] != 0;
    return m;
}

}  // namespace

Mobility analyze_mobility(const Position& pos) { return Analyzer(pos).mobility(); }

bool blocked_unwinnable(const Position& pos, Color winner) { return Analyzer(pos).unwinnable(winner); }

}  // namespace schach
