// The match statistics against known values. The pentanomial figures were computed independently
// with a plain Python transcription of the formulas of fishtest's GSPRT (normalized Elo; Van den
// Bergh, "Normalized Elo"), using bisection where fishtest uses scipy's brentq.

#include <gtest/gtest.h>

#include "match/stats.hpp"

namespace schach::match {
namespace {

Pentanomial penta(std::int64_t ll, std::int64_t ld, std::int64_t dd, std::int64_t dw, std::int64_t ww) {
    Pentanomial p;
    p.counts = {ll, ld, dd, dw, ww};
    return p;
}

TEST(MatchStats, EloFromScore) {
    EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.005);
    EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-12);
    EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.005);
    EXPECT_NEAR(elo_from_score(0.64), 100.0, 0.1);  // the "100 Elo = 64 %" rule of thumb
    EXPECT_NEAR(score_from_elo(190.85), 0.75, 1e-5);
    EXPECT_NEAR(elo_from_score(1.0), 1199.83, 0.01);  // clamped to 0.999 like fishtest
}

TEST(MatchStats, SprtBoundsForFivePercent) {
    const SprtBounds b = sprt_bounds(0.05, 0.05);
    EXPECT_NEAR(b.lower, -2.944, 0.001);
    EXPECT_NEAR(b.upper, 2.944, 0.001);
    EXPECT_EQ(sprt_decision(3.0, b), SprtDecision::AcceptH1);
    EXPECT_EQ(sprt_decision(-3.0, b), SprtDecision::AcceptH0);
    EXPECT_EQ(sprt_decision(0.1, b), SprtDecision::Continue);
}

TEST(MatchStats, PentanomialLlr) {
    // OpenBench's own example in its stats.py (a finished test): just past the upper bound.
    EXPECT_NEAR(sprt_llr(penta(39, 8843, 26675, 9240, 44), 0.5, 2.5), 2.941675, 1e-4);
    EXPECT_NEAR(sprt_llr(penta(100, 800, 2000, 900, 120), 0, 5), 2.700306, 1e-4);
    EXPECT_NEAR(sprt_llr(penta(10, 20, 30, 20, 10), 0, 5), -0.018638, 1e-4);
    EXPECT_NEAR(sprt_llr(penta(5, 30, 60, 40, 10), -5, 0), 0.460260, 1e-4);
    EXPECT_EQ(sprt_llr(Pentanomial{}, 0, 5), 0.0);
}

TEST(MatchStats, PentanomialElo) {
    const EloEstimate big = elo_estimate(penta(39, 8843, 26675, 9240, 44));
    EXPECT_NEAR(big.elo, 1.576763, 1e-4);
    EXPECT_NEAR(big.error, 1.030314, 1e-4);
    EXPECT_NEAR(big.los, 0.998648, 1e-5);
    const EloEstimate small = elo_estimate(penta(3, 10, 20, 12, 5));
    EXPECT_NEAR(small.elo, 20.871205, 1e-4);
    EXPECT_NEAR(small.error, 50.236057, 1e-4);
    EXPECT_NEAR(small.los, 0.794460, 1e-5);
}

TEST(MatchStats, TrinomialElo) {
    // 50 wins, 40 draws, 30 losses: 70 / 120 = 58.3 %.
    const EloEstimate e = elo_estimate(Wdl{50, 40, 30});
    EXPECT_NEAR(e.elo, 58.451214, 1e-4);
    EXPECT_NEAR(e.error, 51.512406, 1e-4);
    EXPECT_NEAR(e.los, 0.988819, 1e-5);
    EXPECT_EQ(elo_estimate(Wdl{}).error, 0.0);
    EXPECT_EQ(elo_estimate(Wdl{0, 10, 0}).los, 0.5);
}

TEST(MatchStats, PairsCountedByTheirPoints) {
    Pentanomial p;
    p.add(1, 0);      // a win and a loss: 1 point
    p.add(0.5, 0.5);  // two draws: 1 point
    p.add(1, 0.5);
    p.add(0, 0);
    EXPECT_EQ(p, penta(1, 0, 2, 1, 0));
    EXPECT_EQ(p.pairs(), 4);
}

TEST(MatchStats, NormalQuantile) {
    EXPECT_NEAR(normal_quantile(0.975), 1.959964, 1e-6);
    EXPECT_NEAR(normal_quantile(0.5), 0.0, 1e-9);
}

}  // namespace
}  // namespace schach::match
