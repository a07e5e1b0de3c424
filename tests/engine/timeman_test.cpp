#include "engine/timeman.hpp"

#include <gtest/gtest.h>

namespace schach::engine {
namespace {

TimeBudget clock_budget(Millis time, Millis inc, int movestogo = 0, int overhead = 30, int ply = 0) {
    SearchLimits l;
    l.wtime = time;
    l.btime = time;
    l.winc = l.binc = inc;
    l.movestogo = movestogo;
    EngineOptions o;
    o.move_overhead_ms = overhead;
    return plan_time(l, o, Color::White, ply);
}

TEST(TimeManagement, NoClockNoLimit) {
    EXPECT_FALSE(plan_time(SearchLimits{}, EngineOptions{}, Color::White).limited());
}

TEST(TimeManagement, MovetimeLessOverhead) {
    SearchLimits l;
    l.movetime = 1000;
    EngineOptions o;
    o.move_overhead_ms = 30;
    const TimeBudget b = plan_time(l, o, Color::Black);
    EXPECT_EQ(b.hard, 970);
    EXPECT_EQ(b.soft, 970);
    EXPECT_TRUE(b.fixed);
}

TEST(TimeManagement, HardLimitStaysBelowTheClockLessOverhead) {
    for (Millis time : {1, 5, 20, 31, 50, 80, 100, 300, 1000, 5000, 60000, 3600000})
        for (Millis inc : {0, 10, 100, 2000})
            for (int mtg : {0, 1, 2, 5, 40})
                for (int overhead : {0, 10, 30, 100})
                    for (int ply : {0, 40, 200}) {
                        const TimeBudget b = clock_budget(time, inc, mtg, overhead, ply);
                        SCOPED_TRACE(testing::Message() << time << "+" << inc << " mtg " << mtg << " overhead "
                                                        << overhead << " ply " << ply);
                        ASSERT_TRUE(b.limited());
                        EXPECT_GE(b.soft, 1);
                        EXPECT_LE(b.soft, b.hard);
                        const Millis available = time - overhead;
                        if (available > 1) {
                            EXPECT_LT(b.hard, available);
                        } else {
                            EXPECT_EQ(b.hard, 1);  // nothing left: answer at once
                        }
                    }
}

TEST(TimeManagement, OneSecondPlusTenMillis) {
    const TimeBudget b = clock_budget(1000, 10);
    EXPECT_GE(b.soft, 15);
    EXPECT_LE(b.hard, 485);
    const TimeBudget tiny = clock_budget(50, 10);
    EXPECT_LT(tiny.hard, 20);
}

TEST(TimeManagement, IncrementAndMovesToGoCount) {
    EXPECT_GT(clock_budget(10000, 1000).soft, clock_budget(10000, 0).soft);
    EXPECT_GT(clock_budget(10000, 0, 5).soft, clock_budget(10000, 0, 40).soft);
}

TEST(TimeManagement, SoftScaleFollowsStabilityAndScore) {
    EXPECT_GT(soft_scale(0, 20, 20), soft_scale(6, 20, 20));
    EXPECT_GT(soft_scale(3, 50, -30), soft_scale(3, 50, 50));
    EXPECT_DOUBLE_EQ(soft_scale(3, ValueNone, 10), 1.0);
}

}  // namespace
}  // namespace schach::engine
