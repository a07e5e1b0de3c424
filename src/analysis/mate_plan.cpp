#include "analysis/mate_plan.hpp"

#include <algorithm>

#include "core/attacks.hpp"

namespace schach {
namespace {

using PT = PieceType;

constexpr std::uint8_t Never = 255;

/// Knight moves between two squares on an empty board, by breadth-first search.
constexpr auto KnightDistances = [] {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    constexpr std::array<std::array<int, 2>, 8> Jumps = {
        {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
    for (int from = 0; from < 64; ++from) {
        auto& d = t[static_cast<std::size_t>(from)];
        d.fill(Never);
        std::array<int, 64> queue{};
        int head = 0, tail = 0;
        d[static_cast<std::size_t>(from)] = 0;
        queue[static_cast<std::size_t>(tail++)] = from;
        while (head < tail) {
            const int s = queue[static_cast<std::size_t>(head++)];
            for (const auto& [df, dr] : Jumps) {
                const int f = s % 8 + df, r = s / 8 + dr;
                if (f < 0 || f > 7 || r < 0 || r > 7) continue;
                const int n = r * 8 + f;
                if (d[static_cast<std::size_t>(n)] != Never) continue;
                d[static_cast<std::size_t>(n)] = static_cast<std::uint8_t>(d[static_cast<std::size_t>(s)] + 1);
                queue[static_cast<std::size_t>(tail++)] = n;
            }
        }
    }
    return t;
}();

/// A pawn's moves straight ahead to `to` (its double step counted), or Never.
int pawn_distance(Color color, Square from, Square to) {
    if (file_of(from) != file_of(to)) return Never;
    const int ahead = idx(relative(color, rank_of(to))) - idx(relative(color, rank_of(from)));
    if (ahead < 0) return Never;
    return ahead >= 2 && relative(color, rank_of(from)) == Rank::R2 ? ahead - 1 : ahead;
}

/// The squares two king steps away.
Bitboard ring2(Square s) {
    Bitboard near = 0;
    for (Square a : squares(attacks::king(s))) near |= attacks::king(a);
    return near & ~attacks::king(s) & ~bb(s);
}

class Planner {
public:
    Planner(const Position& pos, Color winner) : pos_(pos), winner_(winner), loser_(~winner) {
        const Bitboard men = pos.pieces(loser_) & ~pos.pieces(PT::King);
        for (Square s : squares(men)) {
            const PT t = type_of(pos.piece_on(s));
            auto& d = men_[static_cast<std::size_t>(man_count_++)];
            for (int i = 0; i < 64; ++i)
                d[static_cast<std::size_t>(i)] =
                    static_cast<std::uint8_t>(std::min(man_distance(t, s, static_cast<Square>(i)), 255));
        }
        minors_ = pos.pieces(winner_) & ~pos.pieces(PT::King);
        minor_type_ = (minors_ & pos.pieces(PT::Knight)) ? PT::Knight : PT::Bishop;
    }

    MatePlans best() {
        for (int s = 0; s < 64; ++s) consider_king_square(static_cast<Square>(s));
        MatePlans result;
        for (int i = 0; i < kept_count_; ++i) {
            MatePlan plan = kept_[static_cast<std::size_t>(i)];
            fill_reach(plan);
            result.plans[static_cast<std::size_t>(result.count++)] = plan;
        }
        return result;
    }

private:
    /// Moves a loser's man of type `t` needs from `from` to `to`, promotions included for pawns.
    int man_distance(PT t, Square from, Square to) const {
        if (t != PT::Pawn) return plan_distance(t, loser_, from, to);
        int best = pawn_distance(loser_, from, to);
        const Square promo = make_square(file_of(from), relative(loser_, Rank::R8));
        const int steps = pawn_distance(loser_, from, promo);
        for (PT p : {PT::Knight, PT::Bishop, PT::Rook, PT::Queen})
            best = std::min(best, steps + plan_distance(p, loser_, promo, to));
        return best;
    }

    int minor_distance(Square to) const {
        int best = Never;
        for (Square m : squares(minors_)) best = std::min(best, plan_distance(minor_type_, winner_, m, to));
        return best;
    }

    /// The cheapest men to fill `need` (greedy: the closest pair first), or Never.
    int blocker_cost(Bitboard need) const {
        if (popcount(need) > man_count_) return Never;
        int total = 0;
        std::uint32_t used = 0;
        while (need) {
            int best = Never, best_man = -1;
            Square best_square = Square::None;
            for (Square f : squares(need))
                for (int m = 0; m < man_count_; ++m) {
                    if (used >> m & 1) continue;
                    const int d = men_[static_cast<std::size_t>(m)][static_cast<std::size_t>(idx(f))];
                    if (d < best) best = d, best_man = m, best_square = f;
                }
            if (best_man < 0 || best == Never) return Never;
            total += best;
            used |= 1u << best_man;
            need &= ~bb(best_square);
        }
        return total;
    }

    /// The best picture with the losing king mated on `s`: each checking square of the minor
    /// piece, each place of the winner's king; the flight squares neither covers need blockers.
    /// Score: the side with more moves to make sets the pace, the other's moves count a little.
    void consider_king_square(Square s) {
        const int king_plies = distance(pos_.king(loser_), s);
        if (kept_count_ == static_cast<int>(kept_.size()) && 5 * king_plies >= kept_.back().score) return;
        const Bitboard flights = attacks::king(s);
        const Bitboard checkers = minor_type_ == PT::Knight ? attacks::knight(s) : attacks::bishop_empty(s);
        constexpr int Unscored = 1 << 20;
        MatePlan best;
        best.score = Unscored;
        for (Square q : squares(checkers)) {
            const int minor_plies = minor_distance(q);
            if (minor_plies >= Never) continue;
            // On an empty board; the square behind the king on the checking line is covered too.
            const Bitboard cover = attacks::of(minor_type_, q, 0) | bb(q);
            const bool next_to_king = contains(flights, q);
            // The winner's king stands anywhere, or two squares from the losing king.
            auto try_helper = [&](Square w) {
                if (w == q || (next_to_king && (w == Square::None || !contains(attacks::king(w), q)))) return;
                const Bitboard need = flights & ~cover & (w == Square::None ? ~Bitboard{0} : ~attacks::king(w));
                const int helper_plies = w == Square::None ? 0 : distance(pos_.king(winner_), w);
                const int winner_plies = minor_plies + helper_plies;
                if (5 * std::max(king_plies, winner_plies) >= best.score) return;  // a bound of the score below
                const int blocks = blocker_cost(need);
                if (blocks >= Never) return;
                const int loser_plies = king_plies + blocks;
                const int score = 4 * std::max(loser_plies, winner_plies) + loser_plies + winner_plies;
                if (score < best.score)
                    best = MatePlan{.king = s, .checker = q, .helper = w, .blocks = need, .score = score};
            };
            try_helper(Square::None);
            for (Square w : squares(ring2(s))) try_helper(w);
        }
        if (best.score < Unscored) keep(best);
    }

    /// Keeps the best pictures in order of score (one per square of the losing king).
    void keep(const MatePlan& plan) {
        int i = std::min(kept_count_, static_cast<int>(kept_.size()) - 1);
        if (kept_count_ == static_cast<int>(kept_.size()) && plan.score >= kept_[static_cast<std::size_t>(i)].score)
            return;
        for (; i > 0 && kept_[static_cast<std::size_t>(i - 1)].score > plan.score; --i)
            kept_[static_cast<std::size_t>(i)] = kept_[static_cast<std::size_t>(i - 1)];
        kept_[static_cast<std::size_t>(i)] = plan;
        kept_count_ = std::min(kept_count_ + 1, static_cast<int>(kept_.size()));
    }

    /// For the search: each type's moves from each square to the nearest block square, and the
    /// winner's minor piece's moves to the checking square.
    void fill_reach(MatePlan& plan) const {
        for (int x = 0; x < 64; ++x)
            plan.to_checker[static_cast<Square>(x)] =
                static_cast<std::uint8_t>(plan_distance(minor_type_, winner_, static_cast<Square>(x), plan.checker));
        for (PT t : {PT::Pawn, PT::Knight, PT::Bishop, PT::Rook, PT::Queen, PT::King}) {
            auto& r = plan.reach[t];
            for (int x = 0; x < 64; ++x) {
                int best = Never;
                for (Square f : squares(plan.blocks)) best = std::min(best, man_distance(t, static_cast<Square>(x), f));
                r[static_cast<Square>(x)] = static_cast<std::uint8_t>(std::min(best, 254));
            }
        }
    }

    const Position& pos_;
    Color winner_, loser_;
    Bitboard minors_ = 0;
    PT minor_type_ = PT::Knight;
    std::array<std::array<std::uint8_t, 64>, 16> men_{};  // each loser's man: moves to every square
    int man_count_ = 0;
    std::array<MatePlan, 4> kept_{};
    int kept_count_ = 0;
};

}  // namespace

int plan_distance(PieceType t, Color color, Square from, Square to) {
    if (from == to) return 0;
    switch (t) {
        case PT::Pawn: return pawn_distance(color, from, to);
        case PT::Knight: return KnightDistances[static_cast<std::size_t>(idx(from))][static_cast<std::size_t>(idx(to))];
        case PT::Bishop:
            if (contains(LightSquaresBB, from) != contains(LightSquaresBB, to)) return Never;
            return contains(attacks::bishop_empty(from), to) ? 1 : 2;
        case PT::Rook: return contains(attacks::rook_empty(from), to) ? 1 : 2;
        case PT::Queen: return contains(attacks::rook_empty(from) | attacks::bishop_empty(from), to) ? 1 : 2;
        case PT::King: return distance(from, to);
        case PT::None: break;
    }
    return Never;
}

bool needs_blockers(const Position& pos, Color winner) {
    const Bitboard men = pos.pieces(winner) & ~pos.pieces(PT::King);
    if (!men || (men & (pos.pieces(PT::Pawn) | pos.pieces(PT::Rook) | pos.pieces(PT::Queen)))) return false;
    const Bitboard bishops = men & pos.pieces(PT::Bishop);
    if (men & pos.pieces(PT::Knight)) return popcount(men) <= 1;
    return !(bishops & DarkSquaresBB) || !(bishops & LightSquaresBB);
}

MatePlans mate_plans(const Position& pos, Color winner) {
    if (!needs_blockers(pos, winner) || !(pos.pieces(~winner) & ~pos.pieces(PT::King))) return {};
    if (popcount(pos.pieces(~winner)) > 17) return {};  // more than 16 men: only constructed positions
    return Planner(pos, winner).best();
}

}  // namespace schach
