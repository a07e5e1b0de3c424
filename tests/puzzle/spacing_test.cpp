#include "puzzle/spacing.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace schach::puzzle {
namespace {

constexpr std::int64_t Day = 24LL * 3600 * 1000;

TEST(Spacing, SolvedComesBackLaterMissedSooner) {
    Spacing s;
    s = after_attempt(s, true, 0);
    EXPECT_EQ(s.box, 1);
    EXPECT_EQ(s.due_ms, 1 * Day);
    s = after_attempt(s, true, s.due_ms);
    EXPECT_EQ(s.due_ms, 1 * Day + 3 * Day);
    s = after_attempt(s, true, s.due_ms);
    EXPECT_EQ(s.box, 3);
    const std::int64_t now = s.due_ms;
    s = after_attempt(s, false, now);
    EXPECT_EQ(s.box, 0);
    EXPECT_EQ(s.due_ms, now + 10 * 60 * 1000);  // a miss: again in ten minutes
    EXPECT_EQ(s.solved, 3);
    EXPECT_EQ(s.missed, 1);
    // Solved after the miss: the next day; then 3, 7, 21 and 60 days, and 60 days from there on.
    const std::int64_t intervals[] = {1, 3, 7, 21, 60, 60, 60};
    std::int64_t at = s.due_ms;
    for (std::int64_t days : intervals) {
        s = after_attempt(s, true, at);
        EXPECT_EQ(s.due_ms - at, days * Day);
        at = s.due_ms;
    }
    EXPECT_EQ(s.box, 5);
    EXPECT_EQ(s.solved, 3 + 7);
}

TEST(Spacing, ServesTheLongestDueFirstAndNothingEarly) {
    std::vector<Spacing> ex(3);
    ex[0] = after_attempt({}, true, 0);     // due after a day
    ex[1] = after_attempt({}, false, 0);    // due after ten minutes
    ex[2].due_ms = 5 * Day;                 // not yet
    EXPECT_FALSE(next_due(ex, 60 * 1000));  // a minute later: none due
    EXPECT_EQ(next_due(ex, 11 * 60 * 1000), 1u);
    EXPECT_EQ(next_due(ex, 2 * Day), 1u);  // both due: the one due longest ago
    ex[1] = after_attempt(ex[1], true, 2 * Day);
    EXPECT_EQ(next_due(ex, 2 * Day), 0u);
    const std::vector<Spacing> fresh(2);  // new exercises are due at once
    EXPECT_EQ(next_due(fresh, 0), 0u);
}

}  // namespace
}  // namespace schach::puzzle
