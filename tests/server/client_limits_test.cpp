// What one client may take: connections per address, new games a minute and an hour (GCRA), and
// the address behind a trusted proxy.

#include "server/api/client_limits.hpp"

#include <gtest/gtest.h>

namespace schach::server {
namespace {

using namespace std::chrono_literals;

const LimitClock::time_point T0 = LimitClock::time_point{} + 1000h;

TEST(ClientAddress, IsThePeerUnlessThePeerIsATrustedProxy) {
    const std::vector<std::string> proxies{"127.0.0.1", "10.0.0.2"};
    EXPECT_EQ(client_address("192.0.2.7", "198.51.100.1", proxies), "192.0.2.7");  // not believed
    EXPECT_EQ(client_address("127.0.0.1", "198.51.100.1", proxies), "198.51.100.1");
    // What the client wrote itself is on the left: the proxy's own view is the rightmost entry.
    EXPECT_EQ(client_address("127.0.0.1", "6.6.6.6, 198.51.100.1", proxies), "198.51.100.1");
    // A chain of our own proxies is skipped.
    EXPECT_EQ(client_address("127.0.0.1", "198.51.100.1 , 10.0.0.2", proxies), "198.51.100.1");
    EXPECT_EQ(client_address("127.0.0.1", "", proxies), "127.0.0.1");
    EXPECT_EQ(client_address("127.0.0.1", " , ,10.0.0.2", proxies), "127.0.0.1");
}

TEST(ClientLimits, ConnectionsPerAddressAreCountedAndRefusedPastTheCap) {
    ClientLimitOptions o;
    o.connections_per_address = 3;
    o.trusted_proxies = {"127.0.0.1"};
    ClientLimits limits(o);
    for (int i = 0; i < 3; ++i) EXPECT_FALSE(limits.open_connection("192.0.2.7", T0));
    const auto refused = limits.open_connection("192.0.2.7", T0);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->kind, LimitKind::Connections);
    EXPECT_GE(refused->retry_after, 1s);
    EXPECT_EQ(limits.connections("192.0.2.7"), 3);          // the refused one is not counted
    EXPECT_FALSE(limits.open_connection("192.0.2.8", T0));  // another address is not affected
    limits.close_connection("192.0.2.7");
    EXPECT_FALSE(limits.open_connection("192.0.2.7", T0));
    // The proxy's connections carry many clients: never refused by address.
    for (int i = 0; i < 10; ++i) EXPECT_FALSE(limits.open_connection("127.0.0.1", T0));
    // Closing forgets an address that has nothing else to remember.
    for (int i = 0; i < 10; ++i) limits.close_connection("127.0.0.1");
    limits.close_connection("192.0.2.8");
    EXPECT_EQ(limits.connections("192.0.2.8"), 0);
    limits.close_connection("192.0.2.8");  // once too often: no underflow
    EXPECT_EQ(limits.connections("192.0.2.8"), 0);
    EXPECT_EQ(limits.tracked(), 1u);  // 192.0.2.7 still has 3 open
}

TEST(ClientLimits, GamesABurstThenOneAnInterval) {
    ClientLimitOptions o;
    o.games_per_minute = {20, 60s};
    o.games_per_hour = {300, 3600s};
    ClientLimits limits(o);
    const auto t0 = LimitClock::time_point{} + 1000h;
    for (int i = 0; i < 20; ++i) EXPECT_FALSE(limits.take_game("a", t0)) << i;
    const auto refused = limits.take_game("a", t0);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->kind, LimitKind::Games);
    EXPECT_EQ(refused->retry_after, 3s);  // one a 60 s / 20
    EXPECT_TRUE(limits.take_game("a", t0 + 2s));
    EXPECT_FALSE(limits.take_game("a", t0 + 3s));
    EXPECT_FALSE(limits.take_game("b", t0));  // per address
}

TEST(ClientLimits, TheHourlyRateRefusesThe301stOfAFlood) {
    ClientLimitOptions o;
    o.games_per_minute = {0, 60s};  // only the hourly rate
    o.games_per_hour = {300, 3600s};
    ClientLimits limits(o);
    const auto t0 = LimitClock::time_point{} + 1000h;
    int taken = 0;
    for (int i = 0; i < 400; ++i)
        if (!limits.take_game("flood", t0 + std::chrono::milliseconds(10 * i))) ++taken;
    EXPECT_EQ(taken, 300);
    const auto refused = limits.take_game("flood", t0 + 4s);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->retry_after, 8s);  // 12 s an hour's game, 4 s of it gone
    // With the default minute rate too, the 21st in a burst is refused already.
    ClientLimits defaults{ClientLimitOptions{}};
    int burst = 0;
    while (!defaults.take_game("x", t0)) ++burst;
    EXPECT_EQ(burst, 20);
}

TEST(ClientLimits, AFlooderIsBannedForAWhileThenWelcomeAgain) {
    ClientLimitOptions o;
    o.flood_ban = 30s;
    o.trusted_proxies = {"127.0.0.1"};
    ClientLimits limits(o);
    EXPECT_FALSE(limits.banned("192.0.2.7", T0));
    limits.ban_flooder("192.0.2.7", T0);
    const auto refused = limits.open_connection("192.0.2.7", T0 + 10s);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->kind, LimitKind::Connections);
    EXPECT_EQ(refused->retry_after, 20s);  // what is left of the ban
    ASSERT_TRUE(limits.banned("192.0.2.7", T0 + 29s));
    EXPECT_EQ(limits.banned("192.0.2.7", T0 + 29s)->retry_after, 1s);
    EXPECT_EQ(limits.connections("192.0.2.7"), 0);
    EXPECT_FALSE(limits.open_connection("192.0.2.8", T0 + 10s));  // others are not affected
    // Over: the address connects again.
    EXPECT_FALSE(limits.banned("192.0.2.7", T0 + 30s));
    EXPECT_FALSE(limits.open_connection("192.0.2.7", T0 + 30s));
    limits.close_connection("192.0.2.7");
    limits.close_connection("192.0.2.8");
    // The proxy is never banned (its clients are, by their own addresses).
    limits.ban_flooder("127.0.0.1", T0);
    EXPECT_FALSE(limits.open_connection("127.0.0.1", T0 + 1s));
    EXPECT_FALSE(limits.banned("127.0.0.1", T0 + 1s));
    // No ban configured: nothing happens.
    ClientLimitOptions none;
    none.flood_ban = 0s;
    ClientLimits lenient(none);
    lenient.ban_flooder("192.0.2.9", T0);
    EXPECT_FALSE(lenient.open_connection("192.0.2.9", T0 + 1s));
}

TEST(ClientLimits, IdleAddressesAreForgotten) {
    ClientLimits limits{ClientLimitOptions{}};
    const auto t0 = LimitClock::time_point{} + 1000h;
    for (int i = 0; i < 2000; ++i) EXPECT_FALSE(limits.take_game("192.0.2." + std::to_string(i), t0));
    EXPECT_GE(limits.tracked(), 1000u);
    // Two hours on, every address's burst is whole again: the next sweep forgets them.
    for (int i = 0; i < 1100; ++i) (void)limits.take_game("later", t0 + 2h + std::chrono::seconds(i * 4));
    EXPECT_LT(limits.tracked(), 100u);
}

}  // namespace
}  // namespace schach::server
