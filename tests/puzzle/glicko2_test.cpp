#include "puzzle/glicko2.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace schach::puzzle {
namespace {

// Glickman's worked example ("Example of the Glicko-2 system", section "Example calculation"):
// a player of 1500 / RD 200 / volatility 0.06 with tau 0.5 beats 1400 / 30, loses to 1550 / 100
// and to 1700 / 300, and ends at 1464.06 / 151.52 / 0.05999.
TEST(Glicko2, GlickmansWorkedExample) {
    GlickoSettings s;
    s.tau = 0.5;
    s.min_deviation = 0;
    s.max_deviation = 350;
    const Glicko player{1500, 200, 0.06};
    const GlickoGame games[] = {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
    const Glicko after = update(player, games, s);
    EXPECT_NEAR(after.rating, 1464.06, 0.01);
    EXPECT_NEAR(after.deviation, 151.52, 0.01);
    EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, WithoutGamesOnlyTheDeviationGrows) {
    GlickoSettings s;
    s.max_deviation = 350;
    const Glicko p{1700, 100, 0.06};
    const GlickoGame none[1] = {};
    const Glicko after = update(p, std::span<const GlickoGame>(none, 0), s);
    EXPECT_EQ(after.rating, 1700);
    EXPECT_NEAR(after.deviation, std::sqrt(100.0 * 100.0 + 0.06 * 0.06 * 173.7178 * 173.7178), 1e-9);
    // Ten years away: the deviation grows towards its ceiling and stops there.
    EXPECT_NEAR(after_inactivity(Glicko{1700, 60, 0.09}, 3650).deviation, 441.4, 0.1);  // 782 periods
    EXPECT_EQ(after_inactivity(Glicko{1700, 60, 0.09}, 3650, s).deviation, 350);
}

TEST(Glicko2, LichessBoundsHold) {
    // The floor of 45: a settled player never gets below it.
    Glicko p{1500, 46, 0.06};
    for (int i = 0; i < 50; ++i) p = rate_attempt(p, Glicko{1500, 80, 0.06}, i % 2 == 0).player;
    EXPECT_GE(p.deviation, 45);
    // A player still provisional (RD >= 230) moves, the puzzle does not.
    const PuzzleAttempt new_player = rate_attempt(Glicko{}, Glicko{1800, 80, 0.06}, true);
    EXPECT_GT(new_player.player.rating, 1500);
    EXPECT_EQ(new_player.puzzle.rating, 1800);
    // A settled player moves the puzzle: a solve lowers the puzzle's rating, a miss raises it.
    const Glicko settled{1600, 60, 0.06}, puzzle{1600, 100, 0.06};
    EXPECT_LT(rate_attempt(settled, puzzle, true).puzzle.rating, 1600);
    EXPECT_GT(rate_attempt(settled, puzzle, false).puzzle.rating, 1600);
    // One attempt moves a rating at most 700 points.
    const PuzzleAttempt wild = rate_attempt(Glicko{1500, 500, 0.09}, Glicko{3000, 45, 0.06}, true);
    EXPECT_LE(wild.player.rating - 1500, 700);
}

TEST(Glicko2, ExpectedScoreIsSymmetric) {
    const Glicko a{1600, 50, 0.06}, b{1400, 50, 0.06};
    EXPECT_GT(expected_score(a, b), 0.7);
    EXPECT_NEAR(expected_score(a, b) + expected_score(b, a), 1.0, 1e-3);
}

}  // namespace
}  // namespace schach::puzzle
