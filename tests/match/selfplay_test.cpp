// Our engine through the runner: 1,000 fast self-play games of `schach uci` (go nodes 100, two at
// a time, 500 openings), refereed by the runner, which checks every move with our UCI parser and
// Position::is_legal. Not one illegal move, crash or hang may appear. About 30 s here.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "match/config.hpp"
#include "match/openings.hpp"
#include "match/tournament.hpp"
#include "support/test_data.hpp"

namespace schach::match {
namespace {

TEST(MatchSelfPlay, ThousandGamesWithoutAnIllegalMove) {
    const std::vector<std::string> args{"-engine",
                                        std::string("cmd=") + SCHACH_BINARY,
                                        "args=uci",
                                        "name=A",
                                        "-engine",
                                        std::string("cmd=") + SCHACH_BINARY,
                                        "args=uci",
                                        "name=B",
                                        "-each",
                                        "nodes=100",
                                        "option.Hash=1",
                                        "-openings",
                                        "file=" + test::data_file("books/8mvs_+90_+99.epd").string(),
                                        "order=random",
                                        "-seed",
                                        "11",
                                        "-games",
                                        "1000",
                                        "-concurrency",
                                        "2"};
    const auto config = parse_match_args(args);
    ASSERT_TRUE(config);
    const auto openings = OpeningSet::load(config->openings, false, config->seed);
    ASSERT_TRUE(openings);
    const auto state = run_match(*config, *openings, fingerprint(args), {});
    ASSERT_TRUE(state);
    EXPECT_EQ(state->done, 1000u);
    EXPECT_EQ(state->illegal_forfeits, 0);
    const auto& reasons = state->pairings[0].reasons;
    const auto count = [&](EndReason r) { return reasons.contains(r) ? reasons.at(r) : 0; };
    EXPECT_EQ(count(EndReason::IllegalMove), 0);
    EXPECT_EQ(count(EndReason::Crash), 0);
    EXPECT_EQ(count(EndReason::Stall), 0);
    EXPECT_EQ(count(EndReason::NotReady), 0);
    EXPECT_EQ(count(EndReason::Rules), 1000);  // every game to its end by the Laws
}

}  // namespace
}  // namespace schach::match
