// The helpmate search's priced moves (analysis/helpmate_moves.hpp) against a plain reference:
// every legal move looked up on the board one by one and priced by the rules HelpmateCosts
// (or, toward a mating picture, PlanMoveCosts) describes. Over random playouts (captures, promotions, en passant and castling, Chess960
// included), both winners, every style, several corners and budgets.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/helpmate.hpp"
#include "analysis/helpmate_moves.hpp"
#include "analysis/mate_plan.hpp"
#include "core/attacks.hpp"
#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "support/test_moves.hpp"

namespace schach {
namespace {

using PT = PieceType;

/// The reference: one move's cost, read off the board.
class ReferencePrice {
public:
    ReferencePrice(const Position& pos, const CostTarget& target)
        : pos_(pos), T_(*target.costs), winner_(target.winner), corner_(target.corner) {}

    int cost(Move m) const { return std::min(pos_.side_to_move() == winner_ ? winner(m) : loser(m), MaxHelpmateCost); }

private:
    int winner(Move m) const {
        if (m.kind() == MoveKind::Promotion)
            return m.promotion() == PT::Queen    ? T_.promote_queen
                   : m.promotion() == PT::Knight ? T_.promote_knight
                                                 : T_.promote_other;
        const Square from = m.from(), to = m.to();
        const Square target = T_.approach_king ? pos_.king(~winner_) : corner_;
        const PT t = type_of(pos_.piece_on(from));
        int c = T_.other;
        if (pos_.is_capture(m)) c = T_.capture;
        else if (t == PT::Pawn)
            c = rank_of(relative(winner_, to)) >= Rank::R5 ? T_.pawn_advanced : passed(from) ? T_.pawn_passed : T_.pawn;
        else if (m.kind() == MoveKind::Castling) c = T_.castle;
        else if (distance(to, target) < distance(from, target)) c = t == PT::King ? T_.king_approach : T_.approach;
        return T_.check < c && pos_.gives_check(m) ? T_.check : c;
    }
    int loser(Move m) const {
        const Square from = m.from(), to = m.to(), king = pos_.king(~winner_);
        if (pos_.is_capture(m)) return T_.loser_capture;
        if (m.kind() == MoveKind::Promotion)
            return m.promotion() == PT::Knight || m.promotion() == PT::Bishop ? T_.loser_promote_minor
                                                                              : T_.loser_promote;
        const PT t = type_of(pos_.piece_on(from));
        const int before = distance(from, corner_), after = distance(to, corner_);
        if (t == PT::King && m.kind() != MoveKind::Castling)
            return after < before ? T_.king_corner : after <= 1 && before <= 1 ? T_.king_stay : T_.king_other;
        if (t == PT::Pawn) return T_.loser_pawn;
        if (distance(to, king) == 1 && distance(from, king) > 1) return T_.self_block;
        return after < before ? T_.piece_corner : T_.loser_other;
    }
    bool passed(Square s) const {
        for (Square p : squares(pos_.pieces(~winner_, PT::Pawn))) {
            const int files = idx(file_of(p)) - idx(file_of(s));
            const bool ahead = winner_ == Color::White ? rank_of(p) > rank_of(s) : rank_of(p) < rank_of(s);
            if (ahead && files >= -1 && files <= 1) return false;
        }
        return true;
    }

    const Position& pos_;
    const HelpmateCosts& T_;
    Color winner_;
    Square corner_;
};

/// The reference toward a mating picture: one move's cost, read off the board.
class ReferencePlanPrice {
public:
    ReferencePlanPrice(const Position& pos, const PlanTarget& target)
        : pos_(pos), plan_(*target.plan), winner_(target.winner) {}

    int cost(Move m) const {
        const Square from = m.from(), to = m.to();
        const PT t = type_of(pos_.piece_on(from));
        const PlanCosts& C = PlanMoveCosts;
        if (pos_.side_to_move() == winner_) {
            if (pos_.is_capture(m)) return C.winner_capture;
            if (t == PT::King && (plan_.helper == Square::None || m.kind() == MoveKind::Castling)) return C.neutral;
            const Square goal = t == PT::King ? plan_.helper : plan_.checker;
            const int before = t == PT::King ? distance(from, goal) : plan_.to_checker[from];
            const int after = t == PT::King ? distance(to, goal) : plan_.to_checker[to];
            return after < before ? C.good : before == 0 && after == 1 ? C.wait : C.neutral;
        }
        if (pos_.is_capture(m)) return C.loser_capture;
        if (t == PT::King && m.kind() != MoveKind::Castling)
            return distance(to, plan_.king) < distance(from, plan_.king) ? C.good : C.king_away;
        const PT after = m.kind() == MoveKind::Promotion ? m.promotion() : t;
        return plan_.reach[after][to] < plan_.reach[t][from] ? C.good : C.neutral;
    }

private:
    const Position& pos_;
    const MatePlan& plan_;
    Color winner_;
};

std::vector<Position> playouts() {
    std::vector<Position> starts{Position()};
    for (int n : {0, 359, 518, 959}) starts.push_back(*chess960_position(n));
    for (const char* fen : {"4k3/2P5/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1", "r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1",
                            "8/8/8/8/3k4/8/3P4/3K2N1 w - - 0 1"}) {
        const auto pos = position_from_fen(fen);
        if (!pos) ADD_FAILURE() << fen;
        else starts.push_back(*pos);
    }
    std::vector<Position> all;
    for (std::size_t s = 0; s < starts.size(); ++s) {
        test::Rng rng(0xC057ULL + s);
        for (int game = 0; game < 3; ++game)
            for (const Position& p : test::random_game(starts[s], rng, 120)) all.push_back(p);
    }
    return all;
}

/// How often the pricing left a move out (too dear) or kept one beyond the budget (a check).
struct Tally {
    std::size_t kept_beyond = 0, dropped = 0;
};

/// `got` holds, in generator order, exactly the legal moves `price` puts within `budget` and the
/// winner's checks beyond it, each with that cost (and its check flag when the winner moves), and
/// the levels of all legal moves.
template <typename Price>
void expect_priced_as(const Position& pos, const MoveList& legal, const CostedMoves& got, Color winner, int budget,
                      const Price& price, Tally& tally) {
    const bool winner_moves = pos.side_to_move() == winner;
    std::uint32_t levels = 0;
    std::size_t k = 0;
    for (Move m : legal) {
        const int cost = price.cost(m);
        levels |= 1u << cost;
        const bool check = winner_moves && pos.gives_check(m);
        if (cost > budget && !check) {
            ++tally.dropped;
            continue;
        }
        tally.kept_beyond += cost > budget;
        ASSERT_LT(k, got.size()) << to_fen(pos);
        ASSERT_EQ(got.moves[k], m) << to_fen(pos);
        ASSERT_EQ(got.cost[k], cost) << to_fen(pos) << ' ' << to_uci(m, true);
        if (winner_moves) {
            ASSERT_EQ(got.check[k], check) << to_fen(pos) << ' ' << to_uci(m, true);
        }
        ++k;
    }
    ASSERT_EQ(got.size(), k) << to_fen(pos);
    ASSERT_EQ(got.levels, levels) << to_fen(pos);
    ASSERT_EQ(got.none(), legal.empty()) << to_fen(pos);
}

TEST(HelpmateMoves, PricesAsTheReferenceInGeneratorOrder) {
    const std::vector<Position> positions = playouts();
    ASSERT_GT(positions.size(), 1000u);
    CostedMoves got;
    Tally tally;
    for (const Position& pos : positions) {
        const MoveList legal = legal_moves(pos);
        for (Color winner : {Color::White, Color::Black})
            for (HelpmateStyle style : {HelpmateStyle::Direct, HelpmateStyle::Attack, HelpmateStyle::Cooperative})
                for (Square corner : {Square::A1, Square::H8})
                    for (int budget : {0, 4, MaxHelpmateCost}) {
                        const CostTarget target{&helpmate_costs(style), winner, corner, budget};
                        generate_costed(pos, target, got);
                        const ReferencePrice price(pos, target);
                        expect_priced_as(pos, legal, got, winner, budget, price, tally);
                        if (::testing::Test::HasFatalFailure()) return;
                    }
    }
    // Both kinds of leaving out were exercised: dear moves dropped, dear checks kept.
    EXPECT_GT(tally.dropped, 0u);
    EXPECT_GT(tally.kept_beyond, 0u);
}

/// Pictures of lone minor pieces, each also with the winner's king free and with it placed (so
/// both of its pricings are seen); the search never asks whether a picture fits the position.
std::vector<MatePlan> pictures() {
    std::vector<MatePlan> all;
    for (const auto& [fen, winner] : {std::pair{"8/8/n7/P7/2k5/8/3K4/8 w - - 4 63", Color::Black},
                                      std::pair{"8/Pb4Q1/8/8/8/2P1K1k1/P7/8 b - - 3 57", Color::Black},
                                      std::pair{"8/8/k7/1p6/1KN5/8/8/8 w - - 0 65", Color::White}}) {
        const auto pos = position_from_fen(fen);
        if (!pos) {
            ADD_FAILURE() << fen;
            continue;
        }
        const MatePlans plans = mate_plans(*pos, winner);
        for (int i = 0; i < plans.count; ++i) {
            MatePlan p = plans.plans[static_cast<std::size_t>(i)];
            all.push_back(p);
            p.helper = p.helper == Square::None ? Square::E4 : Square::None;
            all.push_back(p);
        }
    }
    return all;
}

TEST(HelpmateMoves, PricesTowardAPictureAsTheReferenceInGeneratorOrder) {
    const std::vector<Position> positions = playouts();
    const std::vector<MatePlan> plans = pictures();
    ASSERT_GE(plans.size(), 6u);
    CostedMoves got;
    Tally tally;
    std::size_t waits = 0;
    for (std::size_t n = 0; n < positions.size(); ++n) {
        const Position& pos = positions[n];
        const MoveList legal = legal_moves(pos);
        for (Color winner : {Color::White, Color::Black})
            for (int budget : {0, 4, MaxHelpmateCost}) {
                // Each position with a few of the pictures, a different few each time.
                const MatePlan& plan = plans[(n + static_cast<std::size_t>(budget)) % plans.size()];
                const PlanTarget target{&plan, winner, budget};
                generate_plan_costed(pos, target, got);
                const ReferencePlanPrice price(pos, target);
                expect_priced_as(pos, legal, got, winner, budget, price, tally);
                if (::testing::Test::HasFatalFailure()) return;
                for (Move m : legal) waits += price.cost(m) == PlanMoveCosts.wait;
            }
    }
    EXPECT_GT(tally.dropped, 0u);
    EXPECT_GT(tally.kept_beyond, 0u);
    EXPECT_GT(waits, 0u);
}

}  // namespace
}  // namespace schach
