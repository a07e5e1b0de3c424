#include "analysis/blockade.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include "analysis/ending_squares.hpp"
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
//
// The deep mode adds one more kind of move to the induction: a loser's man stepping onto one of
// the winner's ending squares. There the winner's king (whose region is that one square, so it
// never moves and never takes) is in check from a man no winner's man can ever attack, along no
// line anything could block: the winner is mated and the game ends without a mate by the winner.
// So every continuation that matters keeps the loser's men off those squares, and the floods may
// leave them out. The squares start as all such checks and only lose members; the loop ends when
// the final regions and attacks confirm every one that is left.
//
// It also knows stationary men: a man that cannot move now and stays frozen in an analysis of its
// own that only assumes it is never taken. That analysis is an induction like the one above
// without the step that takes the man, so it holds in every game up to the man's capture: until
// then the man never moves (and its walls stand), and afterwards it is gone. So the man stands
// on its square or nowhere, attacking up to those walls, even where this analysis lets it be taken.

namespace schach {
namespace {

using PT = PieceType;

/// b together with every square next to it.
constexpr Bitboard king_spread(Bitboard b) {
    const Bitboard row = b | shift<Dir::E>(b) | shift<Dir::W>(b);
    return row | shift<Dir::N>(row) | shift<Dir::S>(row);
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
Bitboard flood(PT t, Bitboard start, Bitboard walls, Bitboard& seen, Bitboard forbidden = 0) {
    Bitboard reach = start, frontier = start;
    while (frontier) {
        const Bitboard a = attacks::of(t, pop_lsb(frontier), walls);
        seen |= a;
        const Bitboard next = a & ~walls & ~reach & ~forbidden;
        reach |= next;
        frontier |= next;
    }
    return reach;
}

/// A pawn's squares: pushes onto squares no wall blocks, captures onto squares where an enemy
/// piece may stand. Until its first capture the pawn stays on its file, behind every enemy pawn
/// ahead on that file that never leaves it and is never taken: `barrier` holds the squares from
/// the nearest such pawn on. (A double step passes the square of a single one, so single steps
/// cover it.) `captures` tells whether a capture is possible at all. The pawn never stands on
/// `forbidden` (squares where its arrival ends the game), which must leave out its third rank.
Bitboard pawn_flood(Color c, Square from, Bitboard walls, Bitboard barrier, Bitboard capturable, Bitboard& seen,
                    bool& captures, Bitboard forbidden) {
    const Bitboard last = bb(relative(c, Rank::R8));
    Bitboard on_file = bb(from), frontier = on_file, captured_to = 0;
    while (frontier) {
        const Bitboard movers = frontier & ~last;
        const Bitboard a = pawn_attacks(c, movers);
        seen |= a;
        captured_to |= a & capturable & ~walls & ~forbidden;
        frontier = pawn_push(c, movers) & ~walls & ~barrier & ~on_file & ~forbidden;
        on_file |= frontier;
    }
    captures = captured_to != 0;
    Bitboard after = captured_to;
    frontier = captured_to;
    while (frontier) {
        const Bitboard movers = frontier & ~last;
        const Bitboard a = pawn_attacks(c, movers);
        seen |= a;
        frontier = ((pawn_push(c, movers) | (a & capturable)) & ~walls) & ~after & ~forbidden;
        after |= frontier;
    }
    return on_file | after;
}

/// The squares of `from`'s file from the nearest enemy pawn in `stoppers` ahead of it on.
Bitboard barrier_from(Color c, Square from, Bitboard stoppers) {
    const Bitboard file = bb(file_of(from));
    if (c == Color::White) {
        const Bitboard ahead = file & ~((bb(from) << 1) - 1);
        return (ahead & stoppers) ? ahead & ~(bb(lsb(ahead & stoppers)) - 1) : 0;
    }
    const Bitboard behind_or_here = file & ((bb(from) << 1) - 1);
    const Bitboard ahead = behind_or_here & ~bb(from);
    return (ahead & stoppers) ? ahead & ((bb(msb(ahead & stoppers)) << 1) - 1) : 0;
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
    Bitboard reach = 0;          // where it can stand (not frozen)
    Bitboard attacks = 0;        // what it can attack from there
    bool captures = false;       // a pawn: may capture (and so leave its file)
    bool stationary = false;     // deep mode: never moves, though it may be taken
    Bitboard fixed_attacks = 0;  // stationary: what it attacks while it stands there
};

/// How the analysis runs: the plain mode, or the deep mode for a winner (see Analyzer).
struct Mode {
    std::optional<Color> deep_winner;
    Bitboard never_taken = 0;  // men assumed never taken (the question "does it ever move while it stands?")
    bool stationary = false;   // look for stationary men first (one analysis each)
};

class Analyzer {
public:
    /// With `mode.deep_winner`: the deep mode for that winner, which also leaves out the squares where
    /// the loser's men would mate the winner's king (ending_squares.hpp).
    explicit Analyzer(const Position& pos, const Mode& mode = {});
    Mobility mobility() const;
    bool unwinnable(Color winner) const;
    double log2_positions() const;

private:
    void derive_walls();
    void compute_kings();
    void compute_pieces();
    Bitboard violations() const;
    Bitboard unlocked() const;
    bool mate_impossible_on(Square k, Color winner) const;
    ByPieceType<Bitboard> current_ending() const;
    void find_stationary();
    bool settled_frozen(Square s) const { return contains(frozen_, s); }
    Bitboard forbidden_for(const Unit& u) const;
    Bitboard pawn_forbidden(Color c) const;

    const Position& pos_;
    std::array<Unit, 32> units_{};
    int count_ = 0;
    Bitboard frozen_ = 0;
    Bitboard locked_ = 0;  // pawns that never capture and are never captured (frozen ones included)
    Bitboard walls_ = 0;   // frozen pieces and kings that can never move
    ByColor<Bitboard> walls_by_{};
    ByColor<Bitboard> frozen_by_{}, guard_{}, frozen_attacks_{}, king_region_{}, reach_{}, attacks_{};
    ByColor<Bitboard> promo_reach_{}, promo_attacks_{};
    std::optional<Color> deep_winner_;
    Bitboard never_taken_ = 0;
    ByPieceType<Bitboard> ending_{};  // deep mode: the loser's men never stand there (the game would end)
};

Analyzer::Analyzer(const Position& pos, const Mode& mode)
    : pos_(pos), deep_winner_(mode.deep_winner), never_taken_(mode.never_taken) {
    // At most 30 pieces besides the kings: validation allows 16 men a side.
    for (Square s : squares(pos.pieces() & ~pos.pieces(PT::King))) {
        const Piece p = pos.piece_on(s);
        units_[static_cast<std::size_t>(count_++)] = Unit{s, color_of(p), type_of(p)};
    }
    // Frozen until shown otherwise: every piece that cannot move now (a frozen piece never
    // moves, so it cannot move now either; starting from all of them reaches the same greatest
    // fixpoint in fewer rounds), except rooks that may still castle and pawns an en-passant
    // capture concerns right now.
    frozen_ = pos.pieces() & ~pos.pieces(PT::King) & ~pos.castling_rooks();
    // The deep mode also keeps the loser's men whose only moves now might end the game (any
    // unblockable check to the winner's king where it stands): the ending squares are not known
    // yet, and starting from more frozen men is still sound, only maybe slower.
    ByPieceType<Bitboard> maybe_ending{};
    if (deep_winner_) maybe_ending = unblockable_checks(~*deep_winner_, pos.king(*deep_winner_));
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        const Bitboard here = bb(u.square), own = pos.pieces(u.color);
        const Bitboard other = pos.pieces(~u.color) & ~pos.pieces(PT::King);  // kings are never captured
        const Bitboard ending = deep_winner_ && u.color != *deep_winner_ ? maybe_ending[u.type] : 0;
        const bool moves = u.type == PT::Pawn ? !(pawn_push(u.color, here) &
                                                  (pos.pieces() | (ending & ~bb(relative(u.color, Rank::R3))))) ||
                                                    (pawn_attacks(u.color, here) & other & ~ending)
                                              : (attacks::of(u.type, u.square, pos.pieces()) & ~own & ~ending) != 0;
        if (moves) frozen_ &= ~here;
    }
    if (const Square ep = pos.ep_square(); ep != Square::None) {
        const Color us = pos.side_to_move();
        frozen_ &= ~(attacks::pawn(~us, ep) & pos.pieces(us, PT::Pawn));
        frozen_ &= ~bb(offset(ep, -forward(us)));
    }
    locked_ = pos.pieces(PT::Pawn);
    if (mode.stationary) find_stationary();
    // The deep mode starts from the most optimistic ending squares and only removes some
    // (a greatest fixpoint like the frozen pieces'): at the end every one is still confirmed by
    // the final regions and attacks, which is what the soundness argument needs.
    bool first = true;
    for (;;) {
        derive_walls();
        compute_kings();
        if (first && deep_winner_ && popcount(king_region_[*deep_winner_]) == 1)
            ending_ = unblockable_checks(~*deep_winner_, lsb(king_region_[*deep_winner_]));
        first = false;
        compute_pieces();
        const Bitboard released = violations(), freed = unlocked();
        ByPieceType<Bitboard> ending = current_ending();
        for (PT t : PieceTypes) ending[t] &= ending_[t];
        if (!released && !freed && ending == ending_) break;
        frozen_ &= ~released;
        locked_ &= ~freed;
        ending_ = ending;
    }
}

/// A man that cannot move now and, in an analysis that assumes it is never taken, stays frozen,
/// never moves in any game: until it is taken that analysis holds, and afterwards it is gone.
/// While it stands, the walls of that analysis stand too, so it attacks only up to them.
void Analyzer::find_stationary() {
    for (int i = 0; i < count_; ++i) {
        Unit& u = units_[static_cast<std::size_t>(i)];
        if (u.type == PT::Pawn || (attacks::of(u.type, u.square, pos_.pieces()) & ~pos_.pieces(u.color))) continue;
        const Analyzer alone(pos_, Mode{deep_winner_, bb(u.square), false});
        if (!alone.settled_frozen(u.square)) continue;
        u.stationary = true;
        u.fixed_attacks = attacks::of(u.type, u.square, alone.walls_);
    }
}

ByPieceType<Bitboard> Analyzer::current_ending() const {
    if (!deep_winner_) return {};
    const Color w = *deep_winner_;
    if (popcount(king_region_[w]) != 1) return {};
    const Color loser = ~w;
    return ending_squares(unblockable_checks(loser, lsb(king_region_[w])), attacks_[w] | frozen_attacks_[w],
                          double_step_targets(loser, pos_.pieces(loser, PT::Pawn)));
}

/// Squares a unit never stands on while the game goes on (deep mode, the loser's men).
Bitboard Analyzer::forbidden_for(const Unit& u) const {
    if (!deep_winner_ || u.color == *deep_winner_) return 0;
    return u.type == PT::Pawn ? pawn_forbidden(u.color) : ending_[u.type];
}

/// A pawn's ending squares, less its third rank: the flood takes a double step as two single ones.
Bitboard Analyzer::pawn_forbidden(Color c) const { return ending_[PT::Pawn] & ~bb(relative(c, Rank::R3)); }

void Analyzer::derive_walls() {
    frozen_by_ = {};
    guard_ = {};
    frozen_attacks_ = {};
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (!contains(frozen_, u.square)) continue;
        frozen_by_[u.color] |= bb(u.square);
        guard_[u.color] |= lasting_attacks(u.type, u.color, u.square);
        frozen_attacks_[u.color] |= u.type == PT::Pawn ? attacks::pawn(u.color, u.square)
                                                       : attacks::of(u.type, u.square, frozen_);
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
    // A king that can only ever stand next to a square guards it for good; one that can never
    // move is a wall like a frozen piece.
    walls_ = frozen_;
    for (Color c : Colors) {
        Bitboard always = ~Bitboard{0};
        for (Square r : squares(king_region_[c])) always &= attacks::king(r);
        guard_[c] |= always;
        walls_by_[c] = frozen_by_[c];
        if (king_region_[c] == bb(pos_.king(c))) walls_by_[c] |= king_region_[c];
        walls_ |= walls_by_[c];
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
        if (u.stationary) {
            u.reach = bb(u.square);
            u.attacks = u.fixed_attacks;
            piece_reach[u.color] |= u.reach;
            piece_attacks[u.color] |= u.attacks;
            continue;
        }
        Bitboard start = bb(u.square);
        if (u.type == PT::Rook && contains(pos_.castling_rooks(), u.square)) {
            const Square k = pos_.king(u.color);
            start |= bb(Position::rook_target(u.color, u.square > k ? CastlingSide::King : CastlingSide::Queen));
        }
        u.reach = flood(u.type, start, walls_, u.attacks, forbidden_for(u));
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
            const Bitboard barrier = barrier_from(u.color, u.square, locked_ & pos_.pieces(~u.color));
            u.reach = pawn_flood(u.color, u.square, walls_, barrier, reach_[~u.color], u.attacks, u.captures,
                                 forbidden_for(u));
            pawn_reach[u.color] |= u.reach;
            pawn_attacks_all[u.color] |= u.attacks;
        }
        ByColor<Bitboard> next_reach{};
        for (Color c : Colors) {
            promo_reach_[c] = promo_attacks_[c] = 0;
            const Bitboard promotions = pawn_reach[c] & bb(relative(c, Rank::R8));
            if (promotions) {
                // A promoted piece moves like a queen or a knight (rooks and bishops move like part of a queen).
                promo_reach_[c] = flood(PT::Queen, promotions, walls_, promo_attacks_[c]) |
                                  flood(PT::Knight, promotions, walls_, promo_attacks_[c]);
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
        const Bitboard forbidden = forbidden_for(u);
        if (u.type == PT::Pawn) {
            moves = !(pawn_push(c, here) & (walls_ | forbidden)) ||
                    (pawn_attacks(c, here) & (frozen_by_[them] | reach_[them]) & ~forbidden);
            if (!moves && rank_of(u.square) == relative(c, Rank::R5)) {
                // An enemy pawn still on its first square beside us may step past: en passant.
                const Bitboard beside = shift<Dir::E>(here) | shift<Dir::W>(here);
                const Bitboard origins = c == Color::White ? beside << 16 : beside >> 16;
                moves = (origins & pos_.pieces(them, PT::Pawn) & ~frozen_) != 0;
            }
        } else {
            moves = (attacks::of(u.type, u.square, walls_) & ~walls_by_[c] & ~forbidden) != 0;
        }
        const bool taken = !contains(never_taken_, u.square) &&
                           (contains(attacks_[them], u.square) ||
                            (contains(king_spread(king_region_[them]), u.square) && !contains(guard_[c], u.square)));
        if (moves || taken) released |= here;
    }
    return released;
}

Bitboard Analyzer::unlocked() const {
    Bitboard freed = 0;
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (u.type != PT::Pawn || !contains(locked_, u.square) || contains(frozen_, u.square)) continue;
        const Color them = ~u.color;
        const bool taken = (u.reach & attacks_[them]) || (u.reach & king_spread(king_region_[them]) & ~guard_[u.color]);
        if (u.captures || taken) freed |= bb(u.square);
    }
    return freed;
}

/// Whether the losing king can be mated on k: every square next to it that the king could step
/// to must be attacked by a winner's piece or filled by some piece. Squares no winner's piece
/// can ever attack need a piece each (a matching of pieces to squares), less those the winner's
/// king covers from some square not touching k.
bool Analyzer::mate_impossible_on(Square k, Color winner) const {
    const Bitboard around = king_spread(bb(k)) & ~bb(k) & king_region_[~winner];
    const Bitboard open = around & ~attacks_[winner] & ~frozen_attacks_[winner];
    if (!open) return false;
    std::array<Square, 8> slots{};
    int n = 0;
    for (Square s : squares(open)) slots[static_cast<std::size_t>(n++)] = s;
    // Which of the open squares each piece can ever stand on.
    std::array<std::uint8_t, 32> fits{};
    int pieces = 0;
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (contains(frozen_, u.square)) continue;
        Bitboard where = u.reach;
        if (u.type == PT::Pawn && (u.reach & bb(relative(u.color, Rank::R8)))) where |= promo_reach_[u.color];
        std::uint8_t mask = 0;
        for (int j = 0; j < n; ++j)
            if (contains(where, slots[static_cast<std::size_t>(j)])) mask = static_cast<std::uint8_t>(mask | (1u << j));
        if (mask) fits[static_cast<std::size_t>(pieces++)] = mask;
    }
    const std::uint8_t all = static_cast<std::uint8_t>((1u << n) - 1);
    // Simple augmenting-path matching of squares to pieces.
    auto fillable = [&](std::uint8_t needed) {
        std::array<int, 8> owner{};
        owner.fill(-1);
        std::array<int, 32> slot_of{};
        slot_of.fill(-1);
        for (int j = 0; j < n; ++j) {
            if (!(needed & (1u << j))) continue;
            std::uint32_t tried = 0;
            auto augment = [&](auto&& self, int slot) -> bool {
                for (int p = 0; p < pieces; ++p) {
                    if (!(fits[static_cast<std::size_t>(p)] & (1u << slot)) || (tried & (1u << p))) continue;
                    tried |= 1u << p;
                    const int other = slot_of[static_cast<std::size_t>(p)];
                    if (other < 0 || self(self, other)) {
                        slot_of[static_cast<std::size_t>(p)] = slot;
                        owner[static_cast<std::size_t>(slot)] = p;
                        return true;
                    }
                }
                return false;
            };
            if (!augment(augment, j)) return false;
        }
        return true;
    };
    if (fillable(all)) return false;
    const Bitboard near = king_spread(bb(k));
    const Bitboard helper = king_region_[winner] & king_spread(near) & ~near & king_spread(open);
    for (Square w : squares(helper)) {
        std::uint8_t covered = 0;
        for (int j = 0; j < n; ++j)
            if (contains(attacks::king(w), slots[static_cast<std::size_t>(j)]))
                covered = static_cast<std::uint8_t>(covered | (1u << j));
        if (fillable(static_cast<std::uint8_t>(all & ~covered))) return false;
    }
    return true;
}

bool Analyzer::unwinnable(Color winner) const {
    // The mating check comes from a winner's piece other than the king, on a square the losing
    // king can ever stand on; every such square must be ruled out.
    const Bitboard checks = (attacks_[winner] | frozen_attacks_[winner]) & king_region_[~winner];
    for (Square k : squares(checks))
        if (!mate_impossible_on(k, winner)) return false;
    return true;
}

Mobility Analyzer::mobility() const {
    Mobility m;
    for (Color c : Colors) m.piece_attacks[c] = frozen_attacks_[c];
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (u.type == PT::Pawn) continue;
        const Color c = u.color;
        m.diagonal_sliders[c] = m.diagonal_sliders[c] || u.type == PT::Bishop || u.type == PT::Queen;
        m.orthogonal_sliders[c] = m.orthogonal_sliders[c] || u.type == PT::Rook || u.type == PT::Queen;
        if (contains(frozen_, u.square)) {
            m.piece_squares[c] |= bb(u.square);
        } else {
            m.piece_squares[c] |= u.reach;
            m.piece_attacks[c] |= u.attacks;
            m.piece_moves[c] = true;
        }
    }
    return m;
}

double Analyzer::log2_positions() const {
    if (promo_reach_[Color::White] || promo_reach_[Color::Black]) return std::numeric_limits<double>::infinity();
    double bits = 1 + std::log2(popcount(king_region_[Color::White])) + std::log2(popcount(king_region_[Color::Black]));
    for (int i = 0; i < count_; ++i) {
        const Unit& u = units_[static_cast<std::size_t>(i)];
        if (!contains(frozen_, u.square)) bits += std::log2(popcount(u.reach));
    }
    return bits;
}

}  // namespace

Mobility analyze_mobility(const Position& pos) { return Analyzer(pos).mobility(); }

bool blocked_unwinnable(const Position& pos, Color winner) { return Analyzer(pos).unwinnable(winner); }

bool deep_blocked_unwinnable(const Position& pos, Color winner, bool stationary) {
    return Analyzer(pos, Mode{winner, 0, stationary}).unwinnable(winner);
}

BlockadeVerdict analyze_blockade(const Position& pos, Color winner) {
    const Analyzer a(pos);
    return {a.unwinnable(winner), a.log2_positions()};
}

}  // namespace schach
