// The pieces of schach-load (tools/load) that need no server: percentiles, /proc readings and the
// stable machine-readable line.

#include <gtest/gtest.h>

#include <unistd.h>

#include <boost/json/parse.hpp>

#include "latency.hpp"
#include "proc_stats.hpp"
#include "report.hpp"
#include "stored_check.hpp"

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
    const auto ids = parse_stat_ids("42 (a b) c) S 1 2 37 4 5 6 7 8 9 10 250 150 0 0");
    ASSERT_TRUE(ids);
    EXPECT_EQ(ids->parent, 1);
    EXPECT_EQ(ids->session, 37);
    EXPECT_FALSE(parse_stat_ids("42 (x) S 1 2"));
    const auto stat = process_stat(::getpid());
    ASSERT_TRUE(stat);
    EXPECT_EQ(stat->session, ::getsid(0));
    EXPECT_EQ(stat->parent, ::getppid());
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
    EXPECT_TRUE(j.at("ack_by_second").as_array().empty());
    r.ack_by_second = {{500, 1400, 2500, 3900, 4100}, {510, 1600, 9000, 48000, 52000}};
    const boost::json::value by_second = boost::json::parse(result_json(r)).at("ack_by_second");
    EXPECT_EQ(by_second, boost::json::parse("[[500,1400,3900,4100],[510,1600,48000,52000]]"));
    const std::string en = human_summary(r, Language::English);
    EXPECT_NE(en.find("move to its own ack: p50 1.50 ms, p90 4.00 ms, p99 12.00 ms, max 30.00 ms (30000 moves)"),
              std::string::npos)
        << en;
    EXPECT_NE(human_summary(r, Language::GermanNeutral).find("Gegnere"), std::string::npos);
}

TEST(LoadProcStats, MemoryTrendComparesTheLastThirdWithTheMiddle) {
    EXPECT_FALSE(memory_trend({100, 200}));
    const auto flat = memory_trend({100, 300, 300, 300, 300, 300});
    ASSERT_TRUE(flat);
    EXPECT_EQ(flat->samples, 6);
    EXPECT_EQ(flat->peak_kib, 300);
    EXPECT_EQ(flat->middle_kib, 300);
    EXPECT_EQ(flat->last_kib, 300);
    const auto growing = memory_trend({100, 110, 120, 130, 140, 150, 160, 170, 180});
    ASSERT_TRUE(growing);
    EXPECT_EQ(growing->middle_kib, 140);
    EXPECT_EQ(growing->last_kib, 170);
    EXPECT_EQ(growing->peak_kib, 180);
}

TEST(LoadStoredCheck, EveryAcknowledgedMoveMustBeInTheRecord) {
    chaos::ClientGame whole, lost, other, gone;
    whole.id = "whole";
    lost.id = "lost";
    other.id = "other";
    gone.id = "gone";
    whole.acked = {{0, "e2e4"}, {1, "e7e5"}};
    lost.acked = {{0, "d2d4"}, {1, "d7d5"}, {2, "c2c4"}};
    other.acked = {{0, "g1f3"}};
    gone.acked = {{0, "e2e4"}};
    const std::vector<chaos::ServedGame> served = {
        {"whole", {"e2e4", "e7e5", "g1f3"}, "?"},  // one more (not acknowledged yet) is no loss
        {"lost", {"d2d4", "d7d5"}, "?"},
        {"other", {"b1c3"}, "?"},
    };
    const StoredCheck c = judge_stored({whole, lost, other, gone}, served, {"gone: GET /api/v1/games/gone: HTTP 404"});
    EXPECT_EQ(c.games, 4);
    EXPECT_EQ(c.acked, 7);
    EXPECT_EQ(c.missing, 2);  // c2c4 not stored, g1f3 stored as b1c3
    EXPECT_EQ(c.unreadable, 1);
    ASSERT_EQ(c.first.size(), 3u);
    EXPECT_EQ(c.first[0], "gone: GET /api/v1/games/gone: HTTP 404");
    const StoredCheck clean = judge_stored({whole}, served, {});
    EXPECT_EQ(clean.missing + clean.unreadable, 0);
    EXPECT_TRUE(clean.first.empty());
    // The report names the check and its findings.
    LoadResult r;
    r.stored = c;
    r.errors.not_stored = c.missing + c.unreadable;
    EXPECT_NE(machine_line(r).find(" not_stored=3 stored_games=4 stored_acked=7 stored_missing=2 stored_unreadable=1 "),
              std::string::npos)
        << machine_line(r);
    EXPECT_NE(human_summary(r, Language::English).find("4 games, 7 acknowledged moves checked, 2 missing, 1 games"),
              std::string::npos);
}

}  // namespace
}  // namespace schach::load
