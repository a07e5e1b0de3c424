// The joint Elo fit (match/ratings.hpp) against closed forms: one opponent gives the Elo of the
// prior-adjusted score, a chain is solved link by link, perfect scores stay finite, the error of a
// single opponent is the Fisher information's, two consistent anchors agree, and the errors.

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "match/ratings.hpp"

namespace schach::match {
namespace {

constexpr double C = std::numbers::ln10 / 400.0;

/// The logistic Elo difference of a score in (0, 1).
double elo_of(double score) { return 400.0 * std::log10(score / (1.0 - score)); }

/// `wins`, `draws` and `losses` of `a` against `b`, colours alternating (a has White first).
void add_games(std::vector<RatedGame>& games, const std::string& a, const std::string& b, int wins, int draws,
               int losses) {
    std::vector<double> scores;
    scores.insert(scores.end(), static_cast<std::size_t>(wins), 1.0);
    scores.insert(scores.end(), static_cast<std::size_t>(draws), 0.5);
    scores.insert(scores.end(), static_cast<std::size_t>(losses), 0.0);
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (i % 2 == 0) games.push_back({a, b, scores[i]});
        else games.push_back({b, a, 1.0 - scores[i]});
    }
}

const PlayerRating& find(const std::vector<PlayerRating>& ratings, const std::string& name) {
    for (const PlayerRating& p : ratings)
        if (p.name == name) return p;
    ADD_FAILURE() << "no player " << name;
    return ratings.front();
}

/// The gradient of the log-likelihood (in units of c) per player, computed here from the games
/// and one virtual draw per pair: sum over opponents of (points + 0.5) - (games + 1) * expected.
std::map<std::string, double> gradient(const std::vector<RatedGame>& games, const std::vector<PlayerRating>& ratings) {
    std::map<std::string, double> elo;
    for (const PlayerRating& p : ratings) elo[p.name] = p.elo;
    std::map<std::pair<std::string, std::string>, std::pair<double, double>> pairs;  // games, points of first
    for (const RatedGame& g : games) {
        const bool ordered = g.white < g.black;
        auto& [n, s] = pairs[ordered ? std::pair{g.white, g.black} : std::pair{g.black, g.white}];
        n += 1;
        s += ordered ? g.white_score : 1.0 - g.white_score;
    }
    std::map<std::string, double> grad;
    for (const auto& [players, counts] : pairs) {
        const auto& [a, b] = players;
        const double n = counts.first + 1.0, s = counts.second + 0.5;
        const double expected = 1.0 / (1.0 + std::pow(10.0, (elo[b] - elo[a]) / 400.0));
        grad[a] += s - n * expected;
        grad[b] -= s - n * expected;
    }
    return grad;
}

TEST(Ratings, OneOpponentGivesTheEloOfTheAdjustedScore) {
    std::vector<RatedGame> games;
    add_games(games, "B", "A", 60, 30, 10);  // B scores 75 of 100
    const std::vector<Anchor> anchors{{"A", 1500}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_TRUE(r.has_value());
    ASSERT_EQ(r->size(), 2u);
    const PlayerRating& b = r->front();  // best first
    EXPECT_EQ(b.name, "B");
    EXPECT_NEAR(b.elo, 1500 + elo_of(75.5 / 101), 0.01);  // + the virtual draw: 75.5 / 101
    EXPECT_EQ(b.games, 100);
    EXPECT_DOUBLE_EQ(b.points, 75.0);
    EXPECT_FALSE(b.anchor);
    const PlayerRating& a = r->back();
    EXPECT_EQ(a.name, "A");
    EXPECT_DOUBLE_EQ(a.elo, 1500);
    EXPECT_DOUBLE_EQ(a.error, 0);
    EXPECT_TRUE(a.anchor);
    EXPECT_EQ(a.games, 100);
    EXPECT_DOUBLE_EQ(a.points, 25.0);
}

TEST(Ratings, ErrorOfOneOpponentIsTheFisherInformations) {
    std::vector<RatedGame> games;
    add_games(games, "B", "A", 60, 30, 10);
    const std::vector<Anchor> anchors{{"A", 1500}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_TRUE(r.has_value());
    const double n = 101, p = 75.5 / 101;
    EXPECT_NEAR(find(*r, "B").error, 1.96 / (C * std::sqrt(n * p * (1 - p))), 1e-6);
    EXPECT_NEAR(find(*r, "B").error, 78.0, 0.1);  // the size of it
}

TEST(Ratings, ChainIsSolvedThroughTheMiddlePlayer) {
    // A (anchor 1000) - B - C; C never meets A. C's equation says C - B is the Elo of C's adjusted
    // score against B; then B's says B - A is the Elo of B's adjusted score against A.
    std::vector<RatedGame> games;
    add_games(games, "B", "A", 20, 20, 10);  // B: 30 of 50
    add_games(games, "C", "B", 8, 8, 24);    // C: 12 of 40
    const std::vector<Anchor> anchors{{"A", 1000}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_TRUE(r.has_value());
    const double b = 1000 + elo_of(30.5 / 51), c = b + elo_of(12.5 / 41);
    EXPECT_NEAR(find(*r, "B").elo, b, 0.01);
    EXPECT_NEAR(find(*r, "C").elo, c, 0.01);
    for (const auto& [name, g] : gradient(games, *r)) {
        if (name == "A") continue;  // the anchor's need not vanish
        EXPECT_NEAR(g, 0.0, 1e-6) << name;
    }
}

TEST(Ratings, TriangleHasZeroGradientAtTheFit) {
    std::vector<RatedGame> games;
    add_games(games, "B", "A", 12, 5, 3);
    add_games(games, "C", "B", 4, 9, 7);
    add_games(games, "C", "A", 10, 2, 8);
    add_games(games, "D", "C", 1, 2, 17);
    const std::vector<Anchor> anchors{{"A", 2000}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_TRUE(r.has_value());
    ASSERT_EQ(r->size(), 4u);
    for (const auto& [name, g] : gradient(games, *r)) {
        if (name == "A") continue;  // the anchor's need not vanish
        EXPECT_NEAR(g, 0.0, 1e-6) << name;
    }
    for (std::size_t i = 1; i < r->size(); ++i) EXPECT_GE((*r)[i - 1].elo, (*r)[i].elo);
    EXPECT_EQ(r->back().name, "D");
}

TEST(Ratings, PerfectScoresStayFinite) {
    std::vector<RatedGame> games;
    add_games(games, "B", "A", 10, 0, 0);
    add_games(games, "C", "A", 0, 0, 10);
    const std::vector<Anchor> anchors{{"A", 1500}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_TRUE(r.has_value());
    const PlayerRating &b = find(*r, "B"), &c = find(*r, "C");
    ASSERT_TRUE(std::isfinite(b.elo) && std::isfinite(c.elo));
    ASSERT_TRUE(std::isfinite(b.error) && std::isfinite(c.error));
    EXPECT_NEAR(b.elo, 1500 + elo_of(10.5 / 11), 0.01);  // +527
    EXPECT_NEAR(c.elo, 1500 - elo_of(10.5 / 11), 0.01);
    EXPECT_DOUBLE_EQ(b.points, 10);
    EXPECT_DOUBLE_EQ(c.points, 0);
}

TEST(Ratings, TwoAnchorsConsistentWithTheData) {
    // C scores 75 % against A and 25 % against B with the virtual draws (74.5 / 99 + 0.5 = 75 / 100):
    // both say C = A + 400 log10(3) = B - 400 log10(3).
    const double spread = 400 * std::log10(3.0);
    std::vector<RatedGame> games;
    add_games(games, "C", "A", 74, 1, 24);
    add_games(games, "C", "B", 24, 1, 74);
    const std::vector<Anchor> anchors{{"A", 1000}, {"B", 1000 + 2 * spread}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_TRUE(r.has_value());
    EXPECT_NEAR(find(*r, "C").elo, 1000 + spread, 0.01);
    // Fisher information c^2 * (100 * 0.75 * 0.25 + 100 * 0.25 * 0.75) = 37.5 c^2.
    EXPECT_NEAR(find(*r, "C").error, 1.96 / (C * std::sqrt(37.5)), 1e-6);
    EXPECT_DOUBLE_EQ(find(*r, "B").elo, 1000 + 2 * spread);
    EXPECT_TRUE(find(*r, "A").anchor && find(*r, "B").anchor);
    EXPECT_EQ((*r)[0].name, "B");
    EXPECT_EQ((*r)[1].name, "C");
}

TEST(Ratings, WithoutAnchorsTheAverageIsZero) {
    std::vector<RatedGame> games;
    add_games(games, "A", "B", 60, 30, 10);
    const auto r = fit_ratings(games, {});
    ASSERT_TRUE(r.has_value());
    const double d = elo_of(75.5 / 101), p = 75.5 / 101;
    EXPECT_NEAR(find(*r, "A").elo, d / 2, 0.01);
    EXPECT_NEAR(find(*r, "B").elo, -d / 2, 0.01);
    EXPECT_FALSE(find(*r, "A").anchor || find(*r, "B").anchor);
    // Relative to the mean: each rating is half the difference, so half its error.
    const double half = 1.96 / (C * std::sqrt(101 * p * (1 - p))) / 2;
    EXPECT_NEAR(find(*r, "A").error, half, 1e-6);
    EXPECT_NEAR(find(*r, "B").error, half, 1e-6);
}

TEST(Ratings, WithoutAnchorsAManyPlayerPoolAveragesZero) {
    std::vector<RatedGame> games;
    add_games(games, "A", "B", 7, 6, 3);
    add_games(games, "B", "C", 5, 5, 5);
    add_games(games, "C", "D", 9, 1, 2);
    const auto r = fit_ratings(games, {});
    ASSERT_TRUE(r.has_value());
    double sum = 0;
    for (const PlayerRating& p : *r) sum += p.elo;
    EXPECT_NEAR(sum, 0.0, 1e-6);
    for (const auto& [name, g] : gradient(games, *r)) EXPECT_NEAR(g, 0.0, 1e-6) << name;
    for (const PlayerRating& p : *r) EXPECT_GT(p.error, 0.0) << p.name;
}

TEST(Ratings, UnknownAnchor) {
    std::vector<RatedGame> games;
    add_games(games, "A", "B", 1, 0, 1);
    const std::vector<Anchor> anchors{{"A", 1000}, {"Z", 1500}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().kind, RatingError::Kind::UnknownAnchor);
    EXPECT_EQ(r.error().name, "Z");
}

TEST(Ratings, NotConnected) {
    std::vector<RatedGame> games;
    add_games(games, "A", "B", 1, 0, 1);
    add_games(games, "C", "D", 1, 1, 0);
    const std::vector<Anchor> anchors{{"A", 1000}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().kind, RatingError::Kind::NotConnected);
    EXPECT_TRUE(r.error().name == "C" || r.error().name == "D") << r.error().name;
    // Without anchors the pool must be one piece as well.
    const auto pool = fit_ratings(games, {});
    ASSERT_FALSE(pool.has_value());
    EXPECT_EQ(pool.error().kind, RatingError::Kind::NotConnected);
    // An anchor in each part is enough.
    const std::vector<Anchor> both{{"A", 1000}, {"D", 1200}};
    EXPECT_TRUE(fit_ratings(games, both).has_value());
}

TEST(Ratings, NoGames) {
    const auto none = fit_ratings({}, {});
    ASSERT_FALSE(none.has_value());
    EXPECT_EQ(none.error().kind, RatingError::Kind::NoGames);
    // Games against oneself are ignored.
    const std::vector<RatedGame> self{{"A", "A", 1.0}};
    const std::vector<Anchor> anchors{{"A", 1000}};
    const auto r = fit_ratings(self, anchors);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().kind, RatingError::Kind::NoGames);
}

TEST(Ratings, OnlyAnchorsNeedNoFit) {
    std::vector<RatedGame> games;
    add_games(games, "A", "B", 3, 0, 1);
    const std::vector<Anchor> anchors{{"A", 1000}, {"B", 1100}};
    const auto r = fit_ratings(games, anchors);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ((*r)[0].name, "B");
    EXPECT_DOUBLE_EQ((*r)[0].elo, 1100);
    EXPECT_DOUBLE_EQ((*r)[1].points, 3.0);
}

}  // namespace
}  // namespace schach::match
