#include "puzzle/selection.hpp"

#include <gtest/gtest.h>

#include <set>

namespace schach::puzzle {
namespace {

std::vector<Puzzle> ladder() {
    // Ratings 800, 850, ..., 2750; every third a fork, every fifth a pin.
    std::vector<Puzzle> out;
    for (int i = 0; i < 40; ++i) {
        Puzzle p;
        p.id = "p" + std::to_string(i);
        p.rating = 800 + 50 * i;
        if (i % 3 == 0) p.add(Theme::Fork);
        if (i % 5 == 0) p.add(Theme::Pin);
        out.push_back(p);
    }
    return out;
}

TEST(PuzzleSelection, ClosestUnseenToTheTargetAmongTheThemes) {
    const std::vector<Puzzle> puzzles = ladder();
    const PuzzleIndex index(puzzles);
    Choice c;
    c.target_rating = 1500 + rating_shift(Difficulty::Harder);  // 1800
    EXPECT_EQ(index.next(c, 1), 20u);                           // rated 1800
    std::set<std::size_t> seen{20, 19, 21};
    c.seen = [&](std::size_t i) { return seen.contains(i); };
    const auto n = index.next(c, 1);
    ASSERT_TRUE(n);
    EXPECT_TRUE(*n == 18 || *n == 22);
    // Forks only: 1800 is no fork (20 % 3 != 0); the closest forks are 18 (1700) and 21 (1850).
    c.seen = nullptr;
    c.themes.set(static_cast<std::size_t>(Theme::Fork));
    EXPECT_EQ(index.next(c, 1), 21u);
    // Forks or pins: 20 is a pin.
    c.themes.set(static_cast<std::size_t>(Theme::Pin));
    EXPECT_EQ(index.next(c, 1), 20u);
    // Every candidate is among the `spread` closest.
    for (std::uint64_t r = 0; r < 20; ++r) {
        c.random = r;
        const auto pick = index.next(c, 3);
        ASSERT_TRUE(pick);
        EXPECT_LE(std::abs(puzzles[*pick].rating - 1800), 100);
    }
}

TEST(PuzzleSelection, NothingWhenAllWereSeen) {
    const std::vector<Puzzle> puzzles = ladder();
    const PuzzleIndex index(puzzles);
    Choice c;
    c.seen = [](std::size_t) { return true; };
    EXPECT_FALSE(index.next(c));
    c.seen = nullptr;
    c.themes.set(static_cast<std::size_t>(Theme::Skewer));
    EXPECT_FALSE(index.next(c));
    EXPECT_EQ(index.count(Theme::Fork), 14u);
}

}  // namespace
}  // namespace schach::puzzle
