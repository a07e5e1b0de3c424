#include "analysis/helpmate_moves.hpp"

#include <algorithm>
#include <initializer_list>

#include "core/attacks.hpp"
#include "core/generator.hpp"

namespace schach {
namespace {

using PT = PieceType;

/// The squares nearer than `d` king steps to a square (d from 0 to 8): the squares a man closes
/// in on that square by stepping to, when it stands `d` steps away.
constexpr auto CloserThan = [] {
    std::array<std::array<Bitboard, 9>, 64> t{};
    for (int s = 0; s < 64; ++s)
        for (int x = 0; x < 64; ++x)
            for (int d = Distances[static_cast<std::size_t>(s)][static_cast<std::size_t>(x)] + 1; d <= 8; ++d)
                t[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)] |= Bitboard{1} << x;
    return t;
}();

Bitboard closer_than(Square target, int d) {
    return CloserThan[static_cast<std::size_t>(idx(target))][static_cast<std::size_t>(d)];
}
const std::uint8_t* distances_to(Square s) { return Distances[static_cast<std::size_t>(idx(s))].data(); }

/// A move's cost and whether it checks (for the winner's moves).
struct Price {
    int cost;
    bool check = false;
};

/// Writes moves with their costs into a CostedMoves: all costs are noted (CostedMoves::levels),
/// only the moves the budget affords and the checks (mating tries) are written.
class CostWriter {
public:
    CostWriter(CostedMoves& out, int budget) : out_(out), budget_(budget) {}
    ~CostWriter() {
        out_.moves.set_size(count_);
        out_.levels = levels_;
    }
    CostWriter(const CostWriter&) = delete;
    CostWriter& operator=(const CostWriter&) = delete;

    void write(Move m, Price p) { note(count_, levels_, m, p); }
    /// The moves from `from` to each of `targets`, priced by `price(to)`. The counters stay in
    /// registers while the moves are written.
    template <typename PriceOf>
    void write_targets(Square from, Bitboard targets, PriceOf price) {
        std::size_t n = count_;
        std::uint32_t levels = levels_;
        for (Square to : squares(targets)) note(n, levels, Move(from, to), price(to));
        count_ = n;
        levels_ = levels;
    }

private:
    void note(std::size_t& n, std::uint32_t& levels, Move m, Price p) const {
        const int c = std::min(p.cost, MaxHelpmateCost);
        levels |= 1u << c;
        if (c > budget_ && !p.check) return;  // never played
        out_.moves.data()[n] = m;
        out_.cost[n] = static_cast<std::uint8_t>(c);
        out_.check[n] = p.check;
        ++n;
    }

    CostedMoves& out_;
    int budget_;
    std::size_t count_ = 0;
    std::uint32_t levels_ = 0;
};

/// Where the winner's men (the side to move) check the losing king from: each kind of man
/// directly, and any man that uncovers a line to the king by leaving its square.
class CheckSquares {
public:
    CheckSquares(const Position& pos, Color winner) {
        const Color loser = ~winner;
        king_ = pos.king(loser);
        const Bitboard occupied = pos.pieces();
        checks_[PT::Pawn] = attacks::pawn(loser, king_);
        checks_[PT::Knight] = attacks::knight(king_);
        checks_[PT::Bishop] = attacks::bishop(king_, occupied);
        checks_[PT::Rook] = attacks::rook(king_, occupied);
        checks_[PT::Queen] = checks_[PT::Bishop] | checks_[PT::Rook];
        discoverers_ = pos.blockers_for_king(loser) & pos.pieces(winner);
    }
    /// The squares a man of type `t` on `from` checks from by stepping there.
    Bitboard from(PT t, Square from) const { return checks_[t] | discovered_from(from); }

private:
    /// The squares a man leaving `from` checks from by uncovering a line to the losing king.
    Bitboard discovered_from(Square from) const {
        return contains(discoverers_, from) ? ~attacks::line(king_, from) : 0;
    }

    Square king_;
    Bitboard discoverers_;
    ByPieceType<Bitboard> checks_{};  // where each kind of man checks the losing king from
};

/// The winner's moves: promotions and captures first, then pawn moves and pieces closing in; a
/// check (but a promotion) costs no more than HelpmateCosts::check.
class WinnerSink {
public:
    WinnerSink(const Position& pos, const CostTarget& target, CostedMoves& out)
        : pos_(pos), T_(*target.costs), winner_(target.winner), writer_(out, target.budget),
          checks_(pos, target.winner) {
        const Square loser_king = pos.king(~winner_);
        them_ = pos.pieces(~winner_);
        approach_to_ = T_.approach_king ? loser_king : target.corner;
    }

    template <PieceType P>
    void add(Square from, Bitboard targets) {
        const PT t = P == PT::King || P == PT::Knight ? P : type_of(pos_.piece_on(from));
        const Bitboard closer = closer_than(approach_to_, distance(approach_to_, from));
        const Bitboard checking = checks_.from(t, from);
        const int approach = t == PT::King ? T_.king_approach : T_.approach;
        writer_.write_targets(from, targets, [&](Square to) {
            const int c = contains(them_, to) ? T_.capture : contains(closer, to) ? approach : T_.other;
            return priced(c, contains(checking, to));
        });
    }
    void add_pawns(Bitboard targets, int delta) {
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            const int c = contains(them_, to)                          ? T_.capture
                          : rank_of(relative(winner_, to)) >= Rank::R5 ? T_.pawn_advanced
                          : passed(from)                               ? T_.pawn_passed
                                                                       : T_.pawn;
            writer_.write(Move(from, to), priced(c, contains(checks_.from(PT::Pawn, from), to)));
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            for (PT t : {PT::Queen, PT::Knight, PT::Rook, PT::Bishop}) {
                const int c = t == PT::Queen    ? T_.promote_queen
                              : t == PT::Knight ? T_.promote_knight
                                                : T_.promote_other;
                // A promotion's cost is its piece's, checking or not.
                const Move m = Move::make(from, to, MoveKind::Promotion, t);
                writer_.write(m, {c, pos_.gives_check(m)});
            }
        }
    }
    void add_en_passant(Square from, Square to) {
        write_special(Move::make(from, to, MoveKind::EnPassant), T_.capture);
    }
    void add_castling(Square king, Square rook) {
        write_special(Move::make(king, rook, MoveKind::Castling), T_.castle);
    }

private:
    /// Whether the winner's pawn on `s` has no loser's pawn ahead on its file or the two beside it.
    bool passed(Square s) const {
        const int r = idx(rank_of(s));
        const Bitboard ahead = winner_ == Color::White ? (r == 7 ? 0 : ~Bitboard{0} << (8 * (r + 1)))
                                                       : (r == 0 ? 0 : ~Bitboard{0} >> (8 * (8 - r)));
        const Bitboard file = bb(file_of(s));
        const Bitboard files = file | shift<Dir::E>(file) | shift<Dir::W>(file);
        return !(ahead & files & pos_.pieces(~winner_, PT::Pawn));
    }
    Price priced(int cost, bool check) const { return {check && T_.check < cost ? T_.check : cost, check}; }
    /// En passant and castling: the position tells whether they check.
    void write_special(Move m, int cost) { writer_.write(m, priced(cost, pos_.gives_check(m))); }

    const Position& pos_;
    const HelpmateCosts& T_;
    Color winner_;
    CostWriter writer_;
    CheckSquares checks_;
    Square approach_to_;
    Bitboard them_;
};

/// The loser's moves: its king walking to the corner and its men blocking their own king are
/// cheap, captures and promotions (which work against the mate) dear.
class LoserSink {
public:
    LoserSink(const Position& pos, const CostTarget& target, CostedMoves& out)
        : T_(*target.costs), corner_(target.corner), writer_(out, target.budget) {
        const Color loser = ~target.winner;
        them_ = pos.pieces(target.winner);
        king_ = pos.king(loser);
        to_corner_ = distances_to(corner_);
    }

    template <PieceType P>
    void add(Square from, Bitboard targets) {
        if constexpr (P == PT::King) {
            // Staying next to the corner costs king_stay; walking away king_other.
            const Bitboard closer = closer_than(corner_, to_corner_[idx(from)]);
            const Bitboard stay = to_corner_[idx(from)] <= 1 ? closer_than(corner_, 2) : 0;
            writer_.write_targets(from, targets, [&](Square to) {
                return Price{contains(them_, to)    ? T_.loser_capture
                             : contains(closer, to) ? T_.king_corner
                             : contains(stay, to)   ? T_.king_stay
                                                    : T_.king_other};
            });
        } else {
            const Bitboard blocks = blocks_from(from);
            const Bitboard closer = closer_than(corner_, to_corner_[idx(from)]);
            writer_.write_targets(from, targets, [&](Square to) {
                return Price{contains(them_, to) ? T_.loser_capture : man_cost(blocks, closer, to)};
            });
        }
    }
    void add_pawns(Bitboard targets, int delta) {
        const int c = (delta & 7) != 0 ? T_.loser_capture : T_.loser_pawn;  // a diagonal step captures
        for (Square to : squares(targets)) writer_.write(Move(offset(to, -delta), to), Price{c});
    }
    void add_promotions(Bitboard targets, int delta) {
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            for (PT t : {PT::Queen, PT::Knight, PT::Rook, PT::Bishop}) {
                const int c = contains(them_, to)                  ? T_.loser_capture
                              : t == PT::Knight || t == PT::Bishop ? T_.loser_promote_minor
                                                                   : T_.loser_promote;
                writer_.write(Move::make(from, to, MoveKind::Promotion, t), Price{c});
            }
        }
    }
    void add_en_passant(Square from, Square to) {
        writer_.write(Move::make(from, to, MoveKind::EnPassant), Price{T_.loser_capture});
    }
    /// Castling (king takes own rook) is priced as a man's move to the rook's square.
    void add_castling(Square king, Square rook) {
        const Bitboard closer = closer_than(corner_, to_corner_[idx(king)]);
        writer_.write(Move::make(king, rook, MoveKind::Castling), Price{man_cost(blocks_from(king), closer, rook)});
    }

private:
    /// The squares next to the own king that a man on `from` blocks it on by stepping there.
    Bitboard blocks_from(Square from) const { return distance(king_, from) > 1 ? attacks::king(king_) : 0; }
    /// A man's move (not a king's step, not a pawn's, no capture): blocking the own king or
    /// closing in on the corner is cheap.
    int man_cost(Bitboard blocks, Bitboard closer, Square to) const {
        return contains(blocks, to) ? T_.self_block : contains(closer, to) ? T_.piece_corner : T_.loser_other;
    }

    const HelpmateCosts& T_;
    Square corner_, king_;
    CostWriter writer_;
    Bitboard them_;
    const std::uint8_t* to_corner_;
};

/// The cost of a man's move that is no capture toward a square it is `before` and `after` moves
/// away from: closing in is good, stepping off the square itself and back a wait.
int plan_step(int before, int after) {
    const PlanCosts& C = PlanMoveCosts;
    return after < before ? C.good : (before == 0 && after == 1) ? C.wait : C.neutral;
}

/// The winner's moves toward a mating picture: its king to the picture's square for it, its
/// other men to the checking square; captures dear. Checks are noted as WinnerSink notes them.
class PlanWinnerSink {
public:
    PlanWinnerSink(const Position& pos, const PlanTarget& target, CostedMoves& out)
        : pos_(pos), plan_(*target.plan), writer_(out, target.budget), checks_(pos, target.winner),
          them_(pos.pieces(~target.winner)) {}

    template <PieceType P>
    void add(Square from, Bitboard targets) {
        const PT t = P == PT::King || P == PT::Knight ? P : type_of(pos_.piece_on(from));
        const Bitboard checking = checks_.from(t, from);
        if (t == PT::King && plan_.helper == Square::None) {
            writer_.write_targets(from, targets, [&](Square to) {
                return Price{contains(them_, to) ? C.winner_capture : C.neutral, contains(checking, to)};
            });
            return;
        }
        const std::uint8_t* to_square = to_square_of(t);
        const int before = to_square[idx(from)];
        writer_.write_targets(from, targets, [&](Square to) {
            return Price{contains(them_, to) ? C.winner_capture : plan_step(before, to_square[idx(to)]),
                         contains(checking, to)};
        });
    }
    void add_pawns(Bitboard targets, int delta) {
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            writer_.write(Move(from, to), Price{pawn_cost(from, to), contains(checks_.from(PT::Pawn, from), to)});
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            const int c = pawn_cost(from, to);
            for (PT t : {PT::Queen, PT::Knight, PT::Rook, PT::Bishop}) {
                const Move m = Move::make(from, to, MoveKind::Promotion, t);
                writer_.write(m, Price{c, pos_.gives_check(m)});
            }
        }
    }
    void add_en_passant(Square from, Square to) {
        const Move m = Move::make(from, to, MoveKind::EnPassant);
        writer_.write(m, Price{C.winner_capture, pos_.gives_check(m)});
    }
    void add_castling(Square king, Square rook) {
        const Move m = Move::make(king, rook, MoveKind::Castling);
        writer_.write(m, Price{C.neutral, pos_.gives_check(m)});
    }

private:
    /// A pawn's move (a promotion's too) toward the checking square; a capture is dear.
    int pawn_cost(Square from, Square to) const {
        const std::uint8_t* to_square = to_square_of(PT::Pawn);
        return contains(them_, to) ? C.winner_capture : plan_step(to_square[idx(from)], to_square[idx(to)]);
    }
    /// Moves to the man's square in the picture, from every square: the king's (when the picture
    /// has one), the checking square for the others.
    const std::uint8_t* to_square_of(PT t) const {
        return t == PT::King ? distances_to(plan_.helper) : plan_.to_checker.data.data();
    }

    static constexpr const PlanCosts& C = PlanMoveCosts;
    const Position& pos_;
    const MatePlan& plan_;
    CostWriter writer_;
    CheckSquares checks_;
    Bitboard them_;
};

/// The loser's moves toward a mating picture: its king to the mating square (stepping away costs
/// king_away), its men to the squares they fill, a promotion by its new piece; captures dear.
class PlanLoserSink {
public:
    PlanLoserSink(const Position& pos, const PlanTarget& target, CostedMoves& out)
        : pos_(pos), plan_(*target.plan), writer_(out, target.budget), them_(pos.pieces(target.winner)),
          to_king_(distances_to(plan_.king)) {}

    template <PieceType P>
    void add(Square from, Bitboard targets) {
        if constexpr (P == PT::King) {
            const int before = to_king_[idx(from)];
            writer_.write_targets(from, targets, [&](Square to) {
                return Price{contains(them_, to) ? C.loser_capture : to_king_[idx(to)] < before ? C.good : C.king_away};
            });
        } else {
            const PT t = P == PT::Knight ? P : type_of(pos_.piece_on(from));
            const PlanDistance& reach = plan_.reach[t];
            const int before = reach[from];
            writer_.write_targets(from, targets, [&](Square to) {
                return Price{contains(them_, to) ? C.loser_capture : reach[to] < before ? C.good : C.neutral};
            });
        }
    }
    void add_pawns(Bitboard targets, int delta) {
        const PlanDistance& reach = plan_.reach[PT::Pawn];
        const bool capture = (delta & 7) != 0;  // a diagonal step captures
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            const int c = capture ? C.loser_capture : reach[to] < reach[from] ? C.good : C.neutral;
            writer_.write(Move(from, to), Price{c});
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        for (Square to : squares(targets)) {
            const Square from = offset(to, -delta);
            const int before = plan_.reach[PT::Pawn][from];
            for (PT t : {PT::Queen, PT::Knight, PT::Rook, PT::Bishop}) {
                const int c = contains(them_, to) ? C.loser_capture : plan_.reach[t][to] < before ? C.good : C.neutral;
                writer_.write(Move::make(from, to, MoveKind::Promotion, t), Price{c});
            }
        }
    }
    void add_en_passant(Square from, Square to) {
        writer_.write(Move::make(from, to, MoveKind::EnPassant), Price{C.loser_capture});
    }
    /// Castling (king takes own rook) is priced as the king's man-like move to the rook's square.
    void add_castling(Square king, Square rook) {
        const PlanDistance& reach = plan_.reach[PT::King];
        writer_.write(Move::make(king, rook, MoveKind::Castling),
                      Price{reach[rook] < reach[king] ? C.good : C.neutral});
    }

private:
    static constexpr const PlanCosts& C = PlanMoveCosts;
    const Position& pos_;
    const MatePlan& plan_;
    CostWriter writer_;
    Bitboard them_;
    const std::uint8_t* to_king_;
};

template <typename Sink>
void generate_into(const Position& pos, Sink&& sink) {
    if (pos.side_to_move() == Color::White) gen::generate<Color::White>(pos, sink);
    else gen::generate<Color::Black>(pos, sink);
}

}  // namespace

void generate_costed(const Position& pos, const CostTarget& target, CostedMoves& out) {
    if (pos.side_to_move() == target.winner) generate_into(pos, WinnerSink(pos, target, out));
    else generate_into(pos, LoserSink(pos, target, out));
}

void generate_plan_costed(const Position& pos, const PlanTarget& target, CostedMoves& out) {
    if (pos.side_to_move() == target.winner) generate_into(pos, PlanWinnerSink(pos, target, out));
    else generate_into(pos, PlanLoserSink(pos, target, out));
}

}  // namespace schach
