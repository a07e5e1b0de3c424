// The pieces of schach-load (tools/load) that need no server: percentiles, /proc readings and the
// stable machine-readable line.

#include <gtest/gtest.h>

#include <unistd.h>

#include <boost/json/parse.hpp>

#include "latency.hpp"
#include "proc_stats.hpp"
#include "report.hpp"

namespace schach::load {
namespace {

TEST(LoadLatency, NearestRankPercentiles) {
    Latencies l;
    for (int i = 100; i >= 1; --i) l.add(i * 1000);  // 1..100 ms, out of order
    const LatencySummary s = l.summary();
    EXPECT_EQ(s.count, 100u);
    EXPECT_EQ(s.p50, 50'000);
    EXPECT_EQ(s.p90, 90'000);
    EXPECT_EQ(s.p99, 99'000);
    EXPECT_EQ(s.max, 100'000);
    Latencies few;
    few.add(7);
    few.add(3);
    EXPECT_EQ(few.summary().p50, 3);
    EXPECT_EQ(few.summary().p99, 7);
    EXPECT_EQ(Latencies{}.summary().count, 0u);
}

TEST(LoadProcStats, ReadsMemoryAndCpuTime) {
    const auto m = parse_status("Name:\tschach\nVmPeak:\t  9 kB\nVmHWM:\t  5120 kB\nVmRSS:\t  4096 kB\n");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->rss_kib, 4096);
    EXPECT_EQ(m->hwm_kib, 5120);
    EXPECT_FALSE(parse_status("Name:\tx\n"));
    // The command name may hold spaces and parentheses: fields count from the last ')'.
    const auto cpu = parse_stat_cpu("42 (a b) c) S 1 2 3 4 5 6 7 8 9 10 250 150 0 0", 100);
    ASSERT_TRUE(cpu);
    EXPECT_DOUBLE_EQ(*cpu, 4.0);
    EXPECT_FALSE(parse_stat_cpu("42 (x) S 1 2", 100));
    const auto self = process_memory(::getpid());
    ASSERT_TRUE(self);
    EXPECT_GT(self->rss_kib, 0);
    EXPECT_GE(self->hwm_kib, self->rss_kib);
    EXPECT_TRUE(process_cpu_seconds(::getpid()));
}

TEST(LoadReport, TheMachineLineAndTheJsonAgree) {
    LoadResult r;
    r.games = 1000;
    r.think_ms = 2000;
    r.tc = "5+3";
    r.measured_seconds = 60;
    r.moves = 30000;
    r.ack = {30000, 1500, 4000, 12000, 30000};
    r.errors.unseen = 2;
    r.memory = Memory{150000, 160000};
    const std::string line = machine_line(r);
    EXPECT_TRUE(line.starts_with("schach-load games=1000 sockets=2 think_ms=2000 tc=5+3 seconds=60.0 ")) << line;
    EXPECT_NE(line.find(" moves_per_s=500.0 "), std::string::npos) << line;
    EXPECT_NE(line.find(" ack_p50_ms=1.50 ack_p90_ms=4.00 ack_p99_ms=12.00 ack_max_ms=30.00 "), std::string::npos)
        << line;
    EXPECT_NE(line.find(" errors=2 "), std::string::npos) << line;
    EXPECT_NE(line.find(" rss_kib=150000 hwm_kib=160000 server_cpu_pct=- "), std::string::npos) << line;
    EXPECT_FALSE(r.clean());
    const boost::json::value j = boost::json::parse(result_json(r));
    EXPECT_EQ(j.at("games"), 1000);
    EXPECT_EQ(j.at("tc"), "5+3");
    EXPECT_DOUBLE_EQ(j.at("ack_p99_ms").as_double(), 12.0);
    EXPECT_TRUE(j.at("server_cpu_pct").is_null());
    EXPECT_EQ(j.at("unseen"), 2);
    const std::string en = human_summary(r, Language::English);
    EXPECT_NE(en.find("move to its own ack: p50 1.50 ms, p90 4.00 ms, p99 12.00 ms, max 30.00 ms (30000 moves)"),
              std::string::npos)
        << en;
    EXPECT_NE(human_summary(r, Language::GermanNeutral).find("Gegnere"), std::string::npos);
}

}  // namespace
}  // namespace schach::load
