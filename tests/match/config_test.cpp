// The match runner's command line (cutechess style), its time controls and the info parser.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "match/config.hpp"
#include "match/game_runner.hpp"
#include "match/uci_client.hpp"

namespace schach::match {
namespace {

using std::chrono::milliseconds;

TEST(MatchConfig, EnginesEachAndOptions) {
    const auto c = parse_match_args({"-engine",
                                     "cmd=/usr/games/stockfish",
                                     "name=SF",
                                     "option.UCI_LimitStrength=true",
                                     "option.UCI_Elo=1500",
                                     "-engine",
                                     "cmd=glaurung",
                                     "option.Threads=1",
                                     "depth=8",
                                     "-each",
                                     "tc=10+0.1",
                                     "option.Hash=16",
                                     "nodes=5000",
                                     "args=-a b",
                                     "-concurrency",
                                     "2",
                                     "-games",
                                     "7",
                                     "-gauntlet",
                                     "-sprt",
                                     "elo0=0",
                                     "elo1=5",
                                     "-resign",
                                     "movecount=3",
                                     "score=600",
                                     "-pgnout",
                                     "out.pgn"});
    ASSERT_TRUE(c) << config_error_id(c.error().kind) << " " << c.error().token;
    ASSERT_EQ(c->engines.size(), 2u);
    const EngineSpec& sf = c->engines[0];
    EXPECT_EQ(display_name(sf), "SF");
    EXPECT_EQ(display_name(c->engines[1]), "glaurung");
    // -each first, the engine's own after it.
    const std::vector<std::pair<std::string, std::string>> options{
        {"Hash", "16"}, {"UCI_LimitStrength", "true"}, {"UCI_Elo", "1500"}};
    EXPECT_EQ(sf.options, options);
    EXPECT_EQ(sf.args, (std::vector<std::string>{"-a", "b"}));
    EXPECT_EQ(sf.nodes, 5000);
    EXPECT_EQ(c->engines[1].depth, 8);
    EXPECT_EQ(sf.tc, TimeControl::fischer(milliseconds(10000), milliseconds(100)));
    EXPECT_EQ(c->concurrency, 2);
    EXPECT_EQ(c->games, 8);  // rounded up to whole pairs
    EXPECT_TRUE(c->gauntlet);
    ASSERT_TRUE(c->sprt);
    EXPECT_EQ(c->sprt->elo1, 5);
    ASSERT_TRUE(c->resign);
    EXPECT_EQ(c->resign->score, 600);
    EXPECT_EQ(c->journal, "out.pgn.journal");
}

TEST(MatchConfig, TypedErrors) {
    const auto kind = [](std::vector<std::string> args) { return parse_match_args(args).error().kind; };
    using K = ConfigError::Kind;
    EXPECT_EQ(kind({"-engine", "cmd=a", "depth=1"}), K::TooFewEngines);
    EXPECT_EQ(kind({"-engine", "cmd=a", "depth=1", "-engine", "name=b", "depth=1"}), K::MissingCommand);
    EXPECT_EQ(kind({"-engine", "cmd=a", "-engine", "cmd=b"}), K::NoLimit);
    EXPECT_EQ(kind({"-engine", "cmd=a", "tc=10", "-engine", "cmd=b", "tc=20"}), K::DifferentClocks);
    EXPECT_EQ(kind({"-bogus"}), K::UnknownOption);
    EXPECT_EQ(kind({"-concurrency"}), K::MissingValue);
    EXPECT_EQ(kind({"-concurrency", "0"}), K::BadValue);
    EXPECT_EQ(kind({"-engine", "cmd=a", "colour=red"}), K::UnknownKey);
    EXPECT_EQ(kind({"-engine", "cmd=a", "tc=banana"}), K::BadValue);
    EXPECT_EQ(kind({"-sprt", "elo0=5", "elo1=0"}), K::BadValue);
    EXPECT_EQ(
        kind({"-engine", "cmd=a", "depth=1", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1", "-sprt"}),
        K::SprtNeedsTwo);
    const auto e = parse_match_args({"-engine", "cmd=a", "nodes=-3"}).error();
    EXPECT_EQ(e.token, "nodes");
    EXPECT_EQ(e.value, "-3");
}

TEST(MatchConfig, AnEnginesGamesCapAndTheFingerprint) {
    const std::vector<std::string> args{"-engine", "cmd=a",   "-engine", "cmd=b", "games=100",
                                        "-each",   "depth=1", "-games",  "400"};
    const auto c = parse_match_args(args);
    ASSERT_TRUE(c);
    EXPECT_FALSE(c->engines[0].games);
    EXPECT_EQ(c->engines[1].games, 100);
    EXPECT_EQ(parse_match_args({"-engine", "cmd=a", "games=0"}).error().kind, ConfigError::Kind::BadValue);
    // The game counts do not decide how a game is played: a journal carries on with other counts.
    const std::vector<std::string> fewer{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-games", "100"};
    EXPECT_EQ(fingerprint(args), fingerprint(fewer));
    const std::vector<std::string> deeper{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=2", "-games", "100"};
    EXPECT_NE(fingerprint(args), fingerprint(deeper));
}

TEST(MatchConfig, TimeControlsInSecondsOrWithUnits) {
    // cutechess's seconds, read as the PGN TimeControl tag.
    EXPECT_EQ(*parse_match_time_control("10+0.1"), TimeControl::fischer(milliseconds(10000), milliseconds(100)));
    const auto forty = parse_match_time_control("40/60+0.5");
    ASSERT_TRUE(forty);
    ASSERT_EQ(forty->periods.size(), 1u);
    EXPECT_EQ(forty->periods[0].moves, 40);
    EXPECT_EQ(forty->periods[0].base, milliseconds(60000));
    EXPECT_EQ(forty->periods[0].increment, milliseconds(500));
    // Our human spec where units say so.
    EXPECT_EQ(*parse_match_time_control("5m+3"), TimeControl::fischer(milliseconds(300000), milliseconds(3000)));
    EXPECT_FALSE(parse_match_time_control("10+"));
}

TEST(MatchConfig, MovesToGoAndGoCommand) {
    const TimeControl forty = *parse_match_time_control("40/60+0.5");
    EXPECT_EQ(moves_to_go(forty, 0), 40);
    EXPECT_EQ(moves_to_go(forty, 39), 1);
    EXPECT_EQ(moves_to_go(forty, 40), 40);  // the period repeats
    EXPECT_EQ(moves_to_go(TimeControl::fischer(milliseconds(1000)), 5), std::nullopt);

    EngineSpec spec;
    spec.nodes = 5000;
    EXPECT_EQ(go_command(spec, std::nullopt, 0), "go nodes 5000");
    Clock clock(forty);
    ASSERT_TRUE(clock.start(milliseconds(0)));
    spec.nodes.reset();
    spec.depth = 3;
    EXPECT_EQ(go_command(spec, clock, 0), "go wtime 60000 btime 60000 winc 500 binc 500 movestogo 40 depth 3");
}

TEST(MatchConfig, PositionCommand) {
    EXPECT_EQ(position_command(Position(), {}), "position startpos");
    const Position p = Position();
    EXPECT_EQ(position_command(p, {Move(Square::E2, Square::E4)}), "position startpos moves e2e4");
}

TEST(MatchUci, InfoLines) {
    SearchReport r;
    EXPECT_TRUE(parse_info("info depth 12 seldepth 17 multipv 1 score cp 31 nodes 52000 nps 1 pv e2e4 e7e5", r));
    ASSERT_TRUE(r.score);
    EXPECT_EQ(r.score->kind, engine::Score::Kind::Centipawns);
    EXPECT_EQ(r.score->value, 31);
    EXPECT_EQ(r.depth, 12);
    EXPECT_EQ(r.nodes, 52000);
    EXPECT_EQ(r.pv, "e2e4 e7e5");
    EXPECT_TRUE(parse_info("info depth 13 score mate -3 lowerbound", r));
    EXPECT_EQ(r.score->kind, engine::Score::Kind::Mate);
    EXPECT_EQ(r.score->value, -3);
    EXPECT_EQ(r.score->bound, engine::ScoreBound::Lower);
    EXPECT_EQ(r.pv, "e2e4 e7e5");  // kept until a new pv comes
    EXPECT_FALSE(parse_info("info string hello score cp 5", r));
    EXPECT_FALSE(parse_info("bestmove e2e4", r));
    EXPECT_EQ(r.depth, 13);
}

}  // namespace
}  // namespace schach::match
