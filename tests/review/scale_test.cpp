// The review's scale against values computed by hand (and by an independent script of the same
// formulas): winning chances, judgements with the mate rules, move and game accuracy, phases.

#include "review/scale.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/fen.hpp"
#include "review/phases.hpp"
#include "support/test_positions.hpp"

namespace schach::review {
namespace {

TEST(ReviewScale, WinningChances) {
    struct Case {
        Eval eval;
        double expected;
    };
    const Case cases[] = {
        {Eval::cp(0), 0.0},
        {Eval::cp(60), 0.1100152968},
        {Eval::cp(-100), -0.1820517944},
        {Eval::cp(300), 0.5022510019},
        {Eval::cp(1000), 0.9508948727},
        {Eval::cp(4000), 0.9508948727},  // clamped to 1000
        {Eval::mate(3), 0.9508948727},   // a mate counts as 1000
        {Eval::mate(-1), -0.9508948727},
        {Eval::checkmate(Color::Black), -0.9508948727},
    };
    for (const Case& c : cases) EXPECT_NEAR(winning_chances(c.eval), c.expected, 1e-9) << c.eval.value;
    EXPECT_NEAR(win_percent(Eval::cp(60)), 55.50076484, 1e-7);
}

TEST(ReviewScale, JudgementByWinningChances) {
    struct Case {
        Eval before, after;
        Color mover;
        Judgement expected;
    };
    const Case cases[] = {
        {Eval::cp(0), Eval::cp(-50), Color::White, Judgement::None},          // drop 0.0918
        {Eval::cp(0), Eval::cp(-60), Color::White, Judgement::Inaccuracy},    // drop 0.1100
        {Eval::cp(0), Eval::cp(-120), Color::White, Judgement::Mistake},      // drop 0.2174
        {Eval::cp(0), Eval::cp(-170), Color::White, Judgement::Blunder},      // drop 0.3031
        {Eval::cp(100), Eval::cp(-100), Color::White, Judgement::Blunder},    // drop 0.3641
        {Eval::cp(100), Eval::cp(300), Color::Black, Judgement::Blunder},     // Black's drop 0.3202
        {Eval::cp(100), Eval::cp(150), Color::Black, Judgement::None},        // Black's drop 0.0873
        {Eval::cp(100), Eval::cp(160), Color::Black, Judgement::Inaccuracy},  // Black's drop 0.1041
        {Eval::cp(-300), Eval::cp(-100), Color::Black, Judgement::Blunder},   // Black's drop 0.3202
        {Eval::cp(1500), Eval::cp(1000), Color::White, Judgement::None},      // both ceiled to 1000
        {Eval::cp(-200), Eval::cp(500), Color::White, Judgement::None},       // White gains
    };
    for (const Case& c : cases)
        EXPECT_EQ(judge(c.before, c.after, c.mover).judgement, c.expected) << c.before.value << " -> " << c.after.value;
}

TEST(ReviewScale, JudgementOfMates) {
    struct Case {
        Eval before, after;
        Color mover;
        Judgement expected;
        JudgementCause cause;
    };
    using J = Judgement;
    using C = JudgementCause;
    const Case cases[] = {
        // Allowing a forced mate: by the mover's centipawns before.
        {Eval::cp(-1200), Eval::mate(-5), Color::White, J::Inaccuracy, C::MateCreated},
        {Eval::cp(-800), Eval::mate(-5), Color::White, J::Mistake, C::MateCreated},
        {Eval::cp(-700), Eval::mate(-5), Color::White, J::Blunder, C::MateCreated},
        {Eval::cp(-200), Eval::mate(-2), Color::White, J::Blunder, C::MateCreated},
        {Eval::cp(800), Eval::mate(4), Color::Black, J::Mistake, C::MateCreated},  // Black's -800
        // Losing one's own mate: by the mover's centipawns after.
        {Eval::mate(3), Eval::cp(1200), Color::White, J::Inaccuracy, C::MateLost},
        {Eval::mate(3), Eval::cp(800), Color::White, J::Mistake, C::MateLost},
        {Eval::mate(3), Eval::cp(700), Color::White, J::Blunder, C::MateLost},
        {Eval::mate(-3), Eval::cp(-1000), Color::Black, J::Inaccuracy, C::MateLost},
        {Eval::mate(2), Eval::mate(-4), Color::White, J::Blunder, C::MateLost},  // a mate for the other side
        // No judgement: a mate kept (even a longer one), a mate still against the mover, a mate found.
        {Eval::mate(2), Eval::mate(6), Color::White, J::None, C::None},
        {Eval::mate(1), Eval::checkmate(Color::White), Color::White, J::None, C::None},
        {Eval::mate(-3), Eval::mate(-1), Color::White, J::None, C::None},
        {Eval::mate(-3), Eval::cp(-400), Color::White, J::None, C::None},
        {Eval::cp(50), Eval::mate(3), Color::White, J::None, C::None},
    };
    for (const Case& c : cases) {
        const Verdict v = judge(c.before, c.after, c.mover);
        EXPECT_EQ(v.judgement, c.expected) << c.before.value << " -> " << c.after.value;
        EXPECT_EQ(v.cause, c.cause) << c.before.value << " -> " << c.after.value;
    }
}

TEST(ReviewScale, MoveAccuracy) {
    EXPECT_DOUBLE_EQ(move_accuracy(50, 50), 100.0);
    EXPECT_DOUBLE_EQ(move_accuracy(50, 70), 100.0);
    // 103.1668100711649 e^(-0.04354415386753951 * 10) - 3.166924740191411 + 1
    EXPECT_NEAR(move_accuracy(60, 50), 64.57982845, 1e-7);
    EXPECT_NEAR(move_accuracy(90, 10), 1.00017064, 1e-7);
    EXPECT_DOUBLE_EQ(move_accuracy(100, 0), 0.0);  // clamped
}

TEST(ReviewScale, GameAccuracy) {
    // Eleven positions, ten moves: window clamp(10 / 10, 2, 8) = 2.
    std::vector<Eval> evals;
    for (int cp : {15, 20, 10, 30, -150, -140, -400, -380, -390, -700, -650}) evals.push_back(Eval::cp(cp));
    const GameAccuracy white_first = game_accuracy(evals, Color::White);
    ASSERT_TRUE(white_first.white && white_first.black);
    EXPECT_NEAR(*white_first.white, 79.12608637, 1e-6);
    EXPECT_NEAR(*white_first.black, 99.42998694, 1e-6);
    const GameAccuracy black_first = game_accuracy(evals, Color::Black);
    EXPECT_NEAR(*black_first.white, 59.00857067, 1e-6);
    EXPECT_NEAR(*black_first.black, 97.87443329, 1e-6);
    // One move: only the mover has an accuracy.
    const std::vector<Eval> one{Eval::cp(0), Eval::cp(0)};
    const GameAccuracy single = game_accuracy(one, Color::White);
    EXPECT_NEAR(*single.white, 100.0, 1e-9);
    EXPECT_FALSE(single.black.has_value());
    EXPECT_FALSE(game_accuracy(std::vector<Eval>{Eval::cp(0)}, Color::White).white.has_value());
}

TEST(ReviewScale, CentipawnLoss) {
    EXPECT_EQ(centipawn_loss(Eval::cp(30), Eval::cp(-20), Color::White), 50);
    EXPECT_EQ(centipawn_loss(Eval::cp(30), Eval::cp(-20), Color::Black), 0);
    EXPECT_EQ(centipawn_loss(Eval::mate(2), Eval::cp(-1500), Color::White), 2000);
    EXPECT_EQ(centipawn_loss(Eval::cp(-100), Eval::mate(-3), Color::White), 900);
}

TEST(ReviewPhases, DivisionRule) {
    const Position start;
    EXPECT_EQ(majors_and_minors(start), 14);
    EXPECT_FALSE(back_rank_sparse(start));
    EXPECT_LE(mixedness(start), 150);
    // Four minor pieces developed: White's back rank holds 4 men (sparse below 4).
    const Position developed = test::position("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5");
    EXPECT_FALSE(back_rank_sparse(developed));
    const Position castled = test::position("r4rk1/pppq1ppp/2nbbn2/4p3/4P3/2NBBN2/PPPQ1PPP/R4RK1 w - - 0 10");
    EXPECT_TRUE(back_rank_sparse(castled));
    const Position rook_ending = test::position("4k3/5ppp/8/8/8/8/5PPP/R3K3 w - - 0 40");
    EXPECT_EQ(majors_and_minors(rook_ending), 1);
    // A game: start, developed, castled, rook ending -> middlegame at 2, endgame at 3.
    const std::vector<Position> game{start, developed, castled, rook_ending};
    const Division d = divide(game);
    ASSERT_TRUE(d.middlegame && d.endgame);
    EXPECT_EQ(*d.middlegame, 2);
    EXPECT_EQ(*d.endgame, 3);
    EXPECT_EQ(d.phase_at(0), Phase::Opening);
    EXPECT_EQ(d.phase_at(2), Phase::Middlegame);
    EXPECT_EQ(d.phase_at(3), Phase::Endgame);
    // Straight from the opening into an endgame: no middlegame.
    const Division direct = divide(std::vector<Position>{rook_ending});
    EXPECT_FALSE(direct.middlegame.has_value());
    EXPECT_EQ(*direct.endgame, 0);
}

}  // namespace
}  // namespace schach::review
