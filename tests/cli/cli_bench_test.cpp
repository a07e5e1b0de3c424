// `schach bench`'s list modes through the program: --fens prints the bench positions (the ones
// scripts/bench.sh times against Stockfish) and --features the names SearchOff takes (the ones
// make ablate switches off); both are for scripts, so each line must be readable as such.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/cli_run.hpp"
#include "core/fen.hpp"
#include "engine/bench.hpp"
#include "engine/features.hpp"

namespace schach::test {
namespace {

TEST(CliBench, FensPrintsEveryBenchPositionAsAValidFen) {
    const CommandRun run = run_command(schach_command("bench --fens"));
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const std::vector<std::string> lines = lines_of(run.out);
    ASSERT_EQ(lines.size(), engine::bench_positions().size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        EXPECT_EQ(lines[i], engine::bench_positions()[i].fen);
        EXPECT_TRUE(parse_fen(lines[i]).has_value()) << lines[i];
    }
}

TEST(CliBench, FeaturesPrintsTheNamesSearchOffTakesInTheEnginesOrder) {
    const CommandRun run = run_command(schach_command("bench --features"));
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const std::vector<std::string> lines = lines_of(run.out);
    ASSERT_EQ(lines.size(), static_cast<std::size_t>(engine::SearchFeature::Count));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto f = engine::feature_from_name(lines[i]);
        ASSERT_TRUE(f.has_value()) << lines[i];
        EXPECT_EQ(static_cast<std::size_t>(*f), i) << lines[i];
        const auto parsed = engine::parse_search_off(lines[i]);
        ASSERT_TRUE(parsed.has_value()) << lines[i];
        EXPECT_FALSE(parsed->on(*f)) << lines[i];
    }
    EXPECT_EQ(lines.front(), "aspiration");
}

TEST(CliBench, TheListsTogetherOrWithADepthAreAUsageError) {
    for (const char* args : {"bench --fens --features 2>&1", "bench 13 --fens 2>&1", "bench --features 13 2>&1"}) {
        const CommandRun run = run_command(schach_command(args));
        EXPECT_EQ(run.exit_code, 2) << args << ": " << run.out;
        EXPECT_NE(run.out.find("excludes"), std::string::npos) << args << ": " << run.out;
    }
}

}  // namespace
}  // namespace schach::test
