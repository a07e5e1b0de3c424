#include "engine/reductions.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace schach::engine {
namespace {

TEST(Reductions, TheCompilersTableIsTheFormulaWithStdLog) {
    int nonzero = 0;
    for (int d = 1; d < 64; ++d)
        for (int m = 1; m < 64; ++m) {
            const int expected = static_cast<int>(0.75 + std::log(d) * std::log(m) / 2.25);
            ASSERT_EQ(Reductions.r[d][m], expected) << "depth " << d << ", move " << m;
            nonzero += expected != 0;
        }
    EXPECT_GT(nonzero, 3000);
    EXPECT_EQ(Reductions.r[0][10], 0);
    EXPECT_EQ(Reductions.r[63][63], 8);  // 0.75 + ln(63)^2 / 2.25 = 8.38
}

TEST(Reductions, TheLogarithmIsCloseToStdLog) {
    for (int x = 1; x < 4096; ++x)
        EXPECT_NEAR(detail::log_at_least_one(x), std::log(x), 1e-14 * std::log(x) + 1e-300) << x;
}

}  // namespace
}  // namespace schach::engine
