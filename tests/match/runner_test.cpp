// The match runner end to end: a scripted fake engine (tests/support/fake_uci.sh) that crashes,
// hangs, plays an illegal move or overruns its clock, each scored as a loss and recorded with the
// reason; adjudication; a short real Stockfish match whose PGN our reader reads back; Chess960;
// and resuming after a run was killed.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "core/fen.hpp"
#include "match/config.hpp"
#include "match/openings.hpp"
#include "match/process.hpp"
#include "match/tournament.hpp"
#include "pgn/pgn.hpp"
#include "support/test_data.hpp"

namespace schach::match {
namespace {

const std::string Fake = std::string(SCHACH_SOURCE_DIR) + "/tests/support/fake_uci.sh";
const std::string Stockfish = "/usr/games/stockfish";
const std::string FoolsMate = "f2f3 e7e5 g2g4 d8h4";

std::filesystem::path fresh_dir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("schach-match-" + std::to_string(::getpid())) / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

MatchState run(const std::vector<std::string>& args) {
    const auto config = parse_match_args(args);
    EXPECT_TRUE(config) << config_error_id(config.error().kind) << " " << config.error().token;
    const auto openings = OpeningSet::load(config->openings, config->chess960, config->seed);
    EXPECT_TRUE(openings);
    const auto state = run_match(*config, *openings, fingerprint(args), {});
    EXPECT_TRUE(state);
    return *state;
}

int reason_count(const MatchState& s, EndReason r) {
    int n = 0;
    for (const PairingResult& p : s.pairings)
        if (const auto it = p.reasons.find(r); it != p.reasons.end()) n += it->second;
    return n;
}

/// A game pair of the misbehaving engine against a good one on Fool's mate: the bad engine loses
/// the game where its fault shows, which is recorded in the PGN and the journal.
struct ForfeitCase {
    std::string bad_args;
    EndReason reason;
    int games;  // of the two, lost this way (a crashed or hung engine is restarted for the second)
    std::string termination;
    std::vector<std::string> extra;
};

TEST(MatchRun, ForfeitsAreScoredAndRecorded) {
    const std::vector<ForfeitCase> cases{
        {"--crash-at 2 " + FoolsMate, EndReason::Crash, 2, "abandoned", {"-each", "depth=1"}},
        {"--hang-at 2 " + FoolsMate, EndReason::Stall, 2, "abandoned", {"-each", "depth=1"}},
        {"f2f3 e7e5 g2g5 d8h4", EndReason::IllegalMove, 1, "rules infraction", {"-each", "depth=1"}},
        {"f2f3 e7e5 g2g4 h4h4", EndReason::IllegalMove, 1, "rules infraction", {"-each", "depth=1"}},
        {"f2f3 e7e5 g2g4 0000", EndReason::IllegalMove, 1, "rules infraction", {"-each", "depth=1"}},
        {"--no-uciok " + FoolsMate, EndReason::NotReady, 2, "abandoned", {"-each", "depth=1"}},
        {"--sleep-at 2 1.5 " + FoolsMate, EndReason::TimeForfeit, 1, "time forfeit", {"-each", "tc=1+0"}},
    };
    int n = 0;
    for (const ForfeitCase& c : cases) {
        const auto dir = fresh_dir("forfeit" + std::to_string(n++));
        std::vector<std::string> args{"-engine",   "cmd=" + Fake,
                                      "name=bad",  "args=" + c.bad_args,
                                      "-engine",   "cmd=" + Fake,
                                      "name=good", "args=" + FoolsMate,
                                      "-watchdog", "1000",
                                      "-games",    "2",
                                      "-pgnout",   (dir / "g.pgn").string()};
        args.insert(args.end(), c.extra.begin(), c.extra.end());
        const MatchState s = run(args);
        SCOPED_TRACE(c.bad_args);
        EXPECT_EQ(s.done, 2u);
        EXPECT_EQ(reason_count(s, c.reason), c.games);
        const Wdl& w = s.pairings[0].wdl;  // from the bad engine's view
        EXPECT_GE(w.losses, c.games);
        std::vector<PgnError> errors;
        const auto games = read_pgn_games(slurp(dir / "g.pgn"), &errors);
        EXPECT_TRUE(errors.empty());
        ASSERT_EQ(games.size(), 2u);
        bool found = false;
        for (const PgnGame& g : games) found = found || g.tag("Termination") == c.termination;
        EXPECT_TRUE(found);
        EXPECT_NE(slurp(dir / "g.pgn.journal").find(std::string(end_reason_id(c.reason))), std::string::npos);
    }
}

TEST(MatchRun, AdjudicationByBothEnginesScores) {
    // The draw rule after one move of each side (both say 0.00) ...
    const auto draw_dir = fresh_dir("draw");
    const MatchState drawn = run({"-engine", "cmd=" + Fake, "args=" + FoolsMate, "-engine", "cmd=" + Fake,
                                  "args=" + FoolsMate, "-each", "depth=1", "-draw", "movenumber=1", "movecount=1",
                                  "score=10", "-games", "2"});
    EXPECT_EQ(reason_count(drawn, EndReason::DrawAdjudicated), 2);
    EXPECT_EQ(drawn.pairings[0].wdl.draws, 2);
    // ... and the resign rule: one engine sees itself lost, the other agrees.
    const MatchState resigned = run({"-engine", "cmd=" + Fake, "name=pessimist", "args=--score -700 " + FoolsMate,
                                     "-engine", "cmd=" + Fake, "name=optimist", "args=--score 700 " + FoolsMate,
                                     "-each", "depth=1", "-resign", "movecount=1", "score=600", "-games", "2"});
    EXPECT_EQ(reason_count(resigned, EndReason::ResignAdjudicated), 2);
    EXPECT_EQ(resigned.pairings[0].wdl.losses, 2);
    // Without the rules the same games end by mate.
    const MatchState played = run({"-engine", "cmd=" + Fake, "args=--score -700 " + FoolsMate, "-engine", "cmd=" + Fake,
                                   "args=--score 700 " + FoolsMate, "-each", "depth=1", "-games", "2"});
    EXPECT_EQ(reason_count(played, EndReason::Rules), 2);
}

TEST(MatchRun, StockfishGamesMakeAReadablePgn) {
    if (!std::filesystem::exists(Stockfish)) GTEST_SKIP() << "no " << Stockfish;
    const auto dir = fresh_dir("stockfish");
    const MatchState s = run({"-engine",
                              "cmd=" + Stockfish,
                              "name=SF-a",
                              "-engine",
                              "cmd=" + Stockfish,
                              "name=SF-b",
                              "-each",
                              "depth=2",
                              "tc=60+1",
                              "option.Threads=1",
                              "option.Hash=16",
                              "-openings",
                              "file=" + test::data_file("books/8mvs_+90_+99.epd").string(),
                              "order=random",
                              "-seed",
                              "3",
                              "-games",
                              "4",
                              "-concurrency",
                              "2",
                              "-resign",
                              "movecount=3",
                              "score=600",
                              "-pgnout",
                              (dir / "sf.pgn").string(),
                              "-positions-out",
                              (dir / "pos.txt").string()});
    EXPECT_EQ(s.done, 4u);
    EXPECT_EQ(s.pairings[0].pairs.pairs(), 2);
    std::vector<PgnError> errors;
    const auto games = read_pgn_games(slurp(dir / "sf.pgn"), &errors);
    EXPECT_TRUE(errors.empty());
    ASSERT_EQ(games.size(), 4u);
    for (const PgnGame& g : games) {
        EXPECT_TRUE(g.tag("FEN"));
        EXPECT_EQ(g.tag("SetUp"), "1");
        EXPECT_EQ(g.tag("TimeControl"), "60+1");
        EXPECT_EQ(g.tag("Result"), g.result);
        EXPECT_NE(g.result, "*");
        ASSERT_GT(g.nodes.size(), 2u);
        const std::string& comment = g.nodes[1].comments_after.at(0);
        const CommentCommands commands = parse_comment(comment);
        EXPECT_TRUE(commands.clock_seconds) << comment;
        EXPECT_NE(comment.find("/2 "), std::string::npos) << comment;  // score/depth
    }
    // Quiet positions with White's score.
    std::istringstream lines(slurp(dir / "pos.txt"));
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        ++count;
        const std::size_t bracket = line.rfind(" [");
        ASSERT_NE(bracket, std::string::npos);
        const std::string score = line.substr(bracket + 1);
        EXPECT_TRUE(score == "[1.0]" || score == "[0.5]" || score == "[0.0]") << line;
        const auto pos = position_from_fen(line.substr(0, bracket));
        ASSERT_TRUE(pos) << line;
        EXPECT_FALSE(pos->in_check());
    }
    EXPECT_GT(count, 20);
}

TEST(MatchRun, Chess960GamesCastleKingTakesRook) {
    if (!std::filesystem::exists(Stockfish)) GTEST_SKIP() << "no " << Stockfish;
    const auto dir = fresh_dir("frc");
    const MatchState s = run({"-engine", "cmd=" + Stockfish, "-engine", "cmd=" + Stockfish, "-each", "depth=1",
                              "option.Hash=16", "-variant", "chess960", "-openings",
                              "file=" + test::data_file("books/FRC_openings.epd").string(), "-games", "4", "-pgnout",
                              (dir / "frc.pgn").string()});
    EXPECT_EQ(reason_count(s, EndReason::IllegalMove), 0);
    std::vector<PgnError> errors;
    const auto games = read_pgn_games(slurp(dir / "frc.pgn"), &errors);
    EXPECT_TRUE(errors.empty());
    ASSERT_EQ(games.size(), 4u);
    for (const PgnGame& g : games) {
        EXPECT_EQ(g.tag("Variant"), "Chess960");
        EXPECT_TRUE(g.start.is_chess960());
    }
}

TEST(MatchRun, ResumesWhereAKilledRunStopped) {
    const auto dir = fresh_dir("resume");
    const std::string pgn = (dir / "r.pgn").string();
    // Black mates in every game: the first engine wins its games with Black and loses those with White.
    const std::vector<std::string> args{"-engine", "cmd=" + Fake, "args=" + FoolsMate,
                                        "-engine", "cmd=" + Fake, "args=f2f3 e7e5 g2g4 d8h4",
                                        "-each",   "depth=1",     "-games",
                                        "6",       "-pgnout",     pgn};
    const MatchState full = run(args);
    EXPECT_EQ(full.done, 6u);
    // The kill: the journal keeps two finished games and a torn third line, while the PGN holds
    // all six (written before their journal lines were lost): the four after are cut off.
    const std::string journal = slurp(pgn + ".journal");
    std::istringstream in(journal);
    std::string header, first, second;
    std::getline(in, header);
    std::getline(in, first);
    std::getline(in, second);
    std::ofstream(pgn + ".journal", std::ios::trunc) << header << '\n' << first << '\n' << second << '\n' << "2 1-";
    ASSERT_EQ(read_pgn_games(slurp(pgn)).size(), 6u);

    const MatchState resumed = run(args);
    EXPECT_EQ(resumed.resumed, 2u);
    EXPECT_EQ(resumed.done, 6u);
    EXPECT_EQ(resumed.pairings[0].wdl, full.pairings[0].wdl);
    EXPECT_EQ(resumed.pairings[0].pairs, full.pairings[0].pairs);
    EXPECT_EQ(read_pgn_games(slurp(pgn)).size(), 6u);
    // Run again: nothing left to play, the same totals.
    const MatchState again = run(args);
    EXPECT_EQ(again.resumed, 6u);
    EXPECT_EQ(again.pairings[0].wdl, full.pairings[0].wdl);
}

TEST(MatchRun, AResumeWithOtherGameCountsRenumbersTheFinishedGames) {
    // The first opponent capped at 2 games: its second pair is not in the first run's rounds,
    // so the first run's games 4 and 5 are the second opponent's. Uncapped, the second round
    // holds both: those games become 6 and 7, and the resume plays the first opponent's pair.
    const auto dir = fresh_dir("renumber");
    const std::string pgn = (dir / "r.pgn").string();
    std::vector<std::string> args{"-engine",
                                  "cmd=" + Fake,
                                  "name=a",
                                  "args=" + FoolsMate,
                                  "-engine",
                                  "cmd=" + Fake,
                                  "name=b",
                                  "args=f2f3 e7e5 g2g4 d8h4",
                                  "games=2",
                                  "-engine",
                                  "cmd=" + Fake,
                                  "name=c",
                                  "args=f2f3 e7e5 g2g4 d8h4",
                                  "-each",
                                  "depth=1",
                                  "-gauntlet",
                                  "-games",
                                  "4",
                                  "-pgnout",
                                  pgn};
    const MatchState capped = run(args);
    EXPECT_EQ(capped.done, 6u);
    EXPECT_EQ(capped.pairings[0].wdl.games(), 2);
    EXPECT_EQ(capped.pairings[1].wdl.games(), 4);
    std::erase(args, std::string("games=2"));
    const MatchState resumed = run(args);
    EXPECT_EQ(resumed.resumed, 6u);
    EXPECT_EQ(resumed.done, 8u);
    EXPECT_EQ(resumed.pairings[0].wdl.games(), 4);
    EXPECT_EQ(resumed.pairings[1].wdl.games(), 4);
    const auto games = read_pgn_games(slurp(pgn));
    ASSERT_EQ(games.size(), 8u);
    for (std::size_t i = 6; i < 8; ++i) {
        const std::string players = std::string(games[i].tag("White").value_or("")) +
                                    std::string(games[i].tag("Black").value_or(""));
        EXPECT_TRUE(players == "ab" || players == "ba") << players;
    }
    EXPECT_TRUE(slurp(pgn + ".journal").starts_with("schach-match-journal 1 ")) << slurp(pgn + ".journal");
    EXPECT_NE(slurp(pgn + ".journal").find(" games=4,4\n"), std::string::npos);
}

// An engine that refuses an option (says so in an info string) or does not have it plays on
// with its default: the runner reports it once for that engine, not for the other.
TEST(MatchRun, AnEngineRefusingAnOptionIsReportedOnce) {
    const auto dir = fresh_dir("notes");
    const std::vector<std::string> args{"-engine",
                                        std::string("cmd=") + SCHACH_BINARY,
                                        "args=uci",
                                        "name=refuses",
                                        "option.EvalFile=" + (dir / "missing.nnue").string(),
                                        "option.NoSuchOption=1",
                                        "-engine",
                                        std::string("cmd=") + SCHACH_BINARY,
                                        "args=uci",
                                        "name=plain",
                                        "-each",
                                        "depth=1",
                                        "-games",
                                        "2",
                                        "-pgnout",
                                        (dir / "games.pgn").string()};
    const auto config = parse_match_args(args);
    ASSERT_TRUE(config);
    const auto openings = OpeningSet::load(config->openings, config->chess960, config->seed);
    ASSERT_TRUE(openings);
    std::vector<std::pair<int, std::vector<SetupNote>>> reported;
    Callbacks callbacks;
    callbacks.on_setup_notes = [&](int engine, const std::vector<SetupNote>& notes) {
        reported.emplace_back(engine, notes);
    };
    const auto state = run_match(*config, *openings, fingerprint(args), callbacks);
    ASSERT_TRUE(state);
    EXPECT_EQ(state->done, 2u);
    ASSERT_EQ(reported.size(), 1u);
    EXPECT_EQ(reported[0].first, 1);
    const auto& notes = reported[0].second;
    EXPECT_NE(std::find(notes.begin(), notes.end(), SetupNote{SetupNote::Kind::UnknownOption, "NoSuchOption"}),
              notes.end());
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const SetupNote& n) {
        return n.kind == SetupNote::Kind::EngineSaid && n.text.find("EvalFile") != std::string::npos;
    }));
    // EvalFile is an option of the engine: only the missing one counts as unknown.
    EXPECT_EQ(std::count_if(notes.begin(), notes.end(),
                            [](const SetupNote& n) { return n.kind == SetupNote::Kind::UnknownOption; }),
              1);
}

TEST(MatchRun, GauntletAndRoundRobinSchedules) {
    EXPECT_EQ(make_pairings(4, true).size(), 3u);
    EXPECT_EQ(make_pairings(4, false).size(), 6u);
    const auto schedule = make_schedule(make_pairings(3, true), 4);
    ASSERT_EQ(schedule.size(), 8u);
    // Pair by pair, every opponent in turn, colours swapped within the pair.
    EXPECT_EQ(schedule[0].white, 0);
    EXPECT_EQ(schedule[1].white, 1);
    EXPECT_EQ(schedule[2].black, 2);
    EXPECT_EQ(schedule[4].pair, 1u);
}

TEST(MatchRun, CappedPairingsDropOutOfLaterRounds) {
    const auto pairings = make_pairings(4, true);
    const auto equal = make_schedule(pairings, 4);
    const auto capped = make_schedule(pairings, std::vector<int>{8, 4, 8});
    ASSERT_EQ(capped.size(), 20u);
    // The first two rounds are those of equal counts, so a journal of 4 games a pairing goes on.
    for (std::size_t i = 0; i < equal.size(); ++i) {
        EXPECT_EQ(capped[i].pairing, equal[i].pairing);
        EXPECT_EQ(capped[i].pair, equal[i].pair);
        EXPECT_EQ(capped[i].white, equal[i].white);
    }
    // Then only the uncapped pairings, pair 2 and 3 of each.
    for (std::size_t i = equal.size(); i < capped.size(); ++i) EXPECT_NE(capped[i].pairing, 1u);
    EXPECT_EQ(capped[12].pair, 2u);
    EXPECT_EQ(capped[19].pair, 3u);

    auto config = parse_match_args({"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "games=2", "-each",
                                    "depth=1", "-gauntlet", "-games", "6"});
    ASSERT_TRUE(config);
    EXPECT_EQ(games_of_pairings(*config, make_pairings(3, true)), (std::vector<int>{6, 2}));
}

}  // namespace
}  // namespace schach::match

namespace schach::match {
namespace {

TEST(MatchRun, SprtStopsWhenTheLlrLeavesTheBounds) {
    // The first engine mates with White (1. e4 f6 2. d4 g5 3. Qh5#) and with Black (1. f3 e5 2. g4
    // Qh4#): every pair is worth 2 points to it. With the zero counts taken as 0.001 the LLR of
    // [0, 0, 0, 0, n] first passes 2.944 at n = 147 (2.961; 146 pairs give 2.941, by the Python
    // transcription of fishtest's formulas): the match stops after 294 of its 1,000 games.
    const MatchState s = run({"-engine", "cmd=" + Fake, "name=strong", "args=e2e4 e7e5 d2d4 d8h4 d1h5", "-engine",
                              "cmd=" + Fake, "name=weak", "args=f2f3 f7f6 g2g4 g7g5", "-each", "depth=1", "-sprt",
                              "elo0=0", "elo1=5", "-games", "1000"});
    EXPECT_EQ(s.decision, SprtDecision::AcceptH1);
    ASSERT_TRUE(s.llr);
    EXPECT_GE(*s.llr, s.bounds.upper);
    EXPECT_EQ(s.done, 294u);
    EXPECT_EQ(s.pairings[0].wdl.losses, 0);
}

}  // namespace
}  // namespace schach::match

namespace schach::match {
namespace {

std::size_t line_count(const std::filesystem::path& path) {
    const std::string text = slurp(path);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(MatchRun, ResumesAfterTheProgramWasKilled) {
    // The real thing: `schach match` killed (SIGKILL) once its journal lists a few games, then the
    // same command again. It plays only the rest and ends with the totals of an unbroken run.
    const auto dir = fresh_dir("kill");
    const std::string pgn = (dir / "k.pgn").string();
    const std::string slow = "args=--sleep-at 0 0.1 " + FoolsMate;  // 0.1 s before each game's first move
    const std::vector<std::string> args{
        "-engine", "cmd=" + Fake, slow, "-engine",        "cmd=" + Fake,           slow, "-each", "depth=1", "-games",
        "20",      "-pgnout",     pgn,  "-positions-out", (dir / "k.pos").string()};
    std::vector<std::string> argv{SCHACH_BINARY, "match"};
    argv.insert(argv.end(), args.begin(), args.end());
    auto runner = Process::start(argv);
    ASSERT_TRUE(runner);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (line_count(pgn + ".journal") < 4 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    runner->stop(ms(0));  // SIGKILL
    const std::size_t finished = line_count(pgn + ".journal") - 1;
    ASSERT_GE(finished, 3u);
    ASSERT_LT(finished, 20u);

    const MatchState resumed = run(args);
    EXPECT_EQ(resumed.resumed, finished);
    EXPECT_EQ(resumed.done, 20u);
    EXPECT_EQ(resumed.pairings[0].wdl, (Wdl{10, 0, 10}));  // Black mates in each game
    EXPECT_EQ(resumed.pairings[0].pairs.counts[2], 10);
    std::vector<PgnError> errors;
    EXPECT_EQ(read_pgn_games(slurp(pgn), &errors).size(), 20u);
    EXPECT_TRUE(errors.empty());
    EXPECT_EQ(line_count(dir / "k.pos"), 80u);  // 4 quiet positions a game, none twice
}

}  // namespace
}  // namespace schach::match
