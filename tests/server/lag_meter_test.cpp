#include <gtest/gtest.h>

#include "server/http/lag_meter.hpp"

namespace schach::server {
namespace {

TEST(ServerLagMeter, HalfTheRoundTripOfTheLastPingSmoothed) {
    LagMeter m;
    EXPECT_EQ(m.lag_ms(), 0);
    const std::string first = m.ping(1000);
    EXPECT_EQ(first, "1000");
    m.pong(first, 1200);  // 200 ms there and back
    EXPECT_EQ(m.lag_ms(), 100);
    m.pong(first, 5000);  // the same answer again: counted once
    EXPECT_EQ(m.lag_ms(), 100);
    const std::string second = m.ping(2000);
    m.pong("", 2001);      // Beast's keep-alive pong
    m.pong("1999", 2001);  // not the last ping's answer
    m.pong("20x0", 2001);  // not a number
    EXPECT_EQ(m.lag_ms(), 100);
    m.pong(second, 2020);  // 10 ms one way: 3/4 of 100 and 1/4 of 10
    EXPECT_EQ(m.lag_ms(), 77);
}

}  // namespace
}  // namespace schach::server
