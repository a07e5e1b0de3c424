// A load run split over processes (tools/load/load_share.hpp): a share survives its encoding,
// the shares merge into the figures of one run, and the number of shares follows the open files.

#include <gtest/gtest.h>

#include "load_share.hpp"
#include "report.hpp"

namespace schach::load {
namespace {

LoadShare share_of(std::int64_t moves, std::vector<std::int64_t> acks, std::vector<std::int64_t> failover) {
    LoadShare s;
    s.result.moves = moves;
    s.result.measured_seconds = 60;
    s.result.games_at_start = 10;
    s.result.errors.unacked = 1;
    s.result.tool_cpu_percent = 5;
    ClusterFigures& c = s.result.cluster.emplace();
    c.killed = "n2";
    c.games_on_killed = static_cast<int>(failover.size());
    c.reconnects = 4;
    s.samples.ack = acks;
    s.samples.ack_outside = acks;
    s.samples.failover = std::move(failover);
    chaos::ClientGame g;
    g.id = "AbCd1234";
    g.received = {"e2e4", "e7e5"};
    g.acked[0] = "e2e4";
    g.contradictions = {"a state of 1 moves from node n1 lacks the move e7e5 at ply 1"};
    s.records.push_back(g);
    return s;
}

TEST(LoadShare, SurvivesItsEncoding) {
    const LoadShare before = share_of(120, {1000, 2000, 3000}, {3500000});
    LoadShare after;
    ASSERT_TRUE(decode_share(encode_share(before), after));
    EXPECT_EQ(after.result.moves, 120);
    EXPECT_EQ(after.result.errors.unacked, 1);
    EXPECT_EQ(after.result.games_at_start, 10);
    ASSERT_TRUE(after.result.cluster);
    EXPECT_EQ(after.result.cluster->killed, "n2");
    EXPECT_EQ(after.result.cluster->reconnects, 4);
    EXPECT_EQ(after.samples.ack, (std::vector<std::int64_t>{1000, 2000, 3000}));
    EXPECT_EQ(after.samples.failover, (std::vector<std::int64_t>{3500000}));
    ASSERT_EQ(after.records.size(), 1u);
    EXPECT_EQ(after.records[0].id, "AbCd1234");
    EXPECT_EQ(after.records[0].received, (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(after.records[0].acked.at(0), "e2e4");
    EXPECT_EQ(after.records[0].contradictions.size(), 1u);
    LoadShare none;
    EXPECT_FALSE(decode_share("not json", none));
}

TEST(LoadShare, SharesMergeIntoOneRun) {
    const std::vector<LoadShare> shares = {share_of(100, {1000, 2000}, {3000000}),
                                           share_of(200, {3000, 4000}, {4000000, 5000000})};
    const LoadResult r = merge_shares(shares, 40);
    EXPECT_EQ(r.games, 40);
    EXPECT_EQ(r.moves, 300);
    EXPECT_EQ(r.games_at_start, 20);
    EXPECT_EQ(r.errors.unacked, 2);
    EXPECT_DOUBLE_EQ(r.measured_seconds, 60);
    EXPECT_DOUBLE_EQ(r.tool_cpu_percent.value_or(0), 10);
    EXPECT_EQ(r.ack.count, 4u);
    EXPECT_EQ(r.ack.p50, 2000);
    EXPECT_EQ(r.ack.max, 4000);
    ASSERT_TRUE(r.cluster);
    EXPECT_EQ(r.cluster->games_on_killed, 3);
    EXPECT_EQ(r.cluster->reconnects, 8);
    EXPECT_EQ(r.cluster->failover.count, 3u);
    EXPECT_EQ(r.cluster->failover.p50, 4000000);
    EXPECT_EQ(r.cluster->failover.max, 5000000);
    const std::string line = machine_line(r);
    EXPECT_NE(line.find(" killed=n2 "), std::string::npos) << line;
    EXPECT_NE(line.find(" failover_games=3 failover_p50_ms=4000.00 "), std::string::npos) << line;
    EXPECT_TRUE(line.ends_with(" violations=0")) << line;
}

TEST(LoadShare, AsManySharesAsTheOpenFilesNeed) {
    EXPECT_EQ(shares_needed(1000, 2, 20000), 1);
    EXPECT_EQ(shares_needed(9000, 2, 20000), 1);
    EXPECT_EQ(shares_needed(10000, 2, 20000), 2);
    EXPECT_EQ(shares_needed(10000, 1, 20000), 1);
    EXPECT_EQ(shares_needed(10000, 2, 1024), 20);  // at least 1,000 sockets a share
}

}  // namespace
}  // namespace schach::load
