// `schach puzzles generate` and `schach datagen` / `schach train`, run as processes: puzzles found in a
// PGN with a bad game reported by line and column, a run that goes on from FILE.done; a data file
// made, summarised and trained on.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/cli_run.hpp"
#include "puzzle/puzzle.hpp"

namespace schach {
namespace {

using test::shell_quote;

std::filesystem::path temp(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("schach_puzzles_" + std::to_string(::getpid()) + "_" + name);
}

test::CommandRun schach(const std::string& args) {
    return test::run_command(test::schach_command(args + " --lang en") + " 2>&1");
}

TEST(CliPuzzles, GenerateFindsPuzzlesSkipsABadGameAndResumes) {
    const auto pgn = temp("games.pgn"), out = temp("puzzles.csv");
    std::filesystem::remove(out);
    std::filesystem::remove(out.string() + ".done");
    {
        std::ofstream f(pgn);
        f << "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1\"]\n\n"
             "1... Re2 2. Rd8+ Re8 3. Rxe8# 1-0\n\n"
             "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n";
    }
    const std::string nodes = " --scan-nodes 20000 --solve-nodes 60000 --verify-nodes 150000 --no-rating";
    auto r = schach("puzzles generate " + shell_quote(pgn.string()) + " --out " + shell_quote(out.string()) + nodes);
    EXPECT_EQ(r.exit_code, 1) << r.out;  // a game failed
    EXPECT_NE(r.out.find(":9:13: move 2: Illegal move Ke3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 games scanned, 1 puzzles found"), std::string::npos) << r.out;
    // One thread: each stage's CPU time.
    EXPECT_NE(r.out.find(" s: pre-filter "), std::string::npos) << r.out;
    std::ifstream in(out);
    const auto puzzles = puzzle::read_puzzles(in);
    ASSERT_TRUE(puzzles);
    ASSERT_EQ(puzzles->size(), 1u);
    EXPECT_TRUE((*puzzles)[0].has(puzzle::Theme::MateIn2));
    EXPECT_EQ((*puzzles)[0].source, "schach_puzzles_" + std::to_string(::getpid()) + "_games.pgn:1#1");
    r = schach("puzzles generate " + shell_quote(pgn.string()) + " --out " + shell_quote(out.string()) + nodes +
               " --threads 2");
    EXPECT_NE(r.out.find("1 games scanned already, going on"), std::string::npos) << r.out;
    // Several threads: the searches' counts, no stage times (they were shown as 0.0 s before).
    EXPECT_NE(r.out.find("searches: pre-filter 0, scan 0"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find(" s: pre-filter "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("0 games scanned, 0 puzzles found"), std::string::npos) << r.out;
    std::filesystem::remove(pgn);
    std::filesystem::remove(out);
    std::filesystem::remove(out.string() + ".done");
}

TEST(CliNetwork, DatagenSummaryAndTrainWriteANet) {
    const auto games = temp("data.games"), net = temp("net.nnue"), ckpt = temp("ckpt");
    for (const auto& p : {games, net, ckpt}) std::filesystem::remove(p);
    auto r = schach("datagen " + shell_quote(games.string()) + " --games 3 --nodes 200");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("3 games and"), std::string::npos) << r.out;
    r = schach("datagen " + shell_quote(games.string()) + " --summary");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find(": 3 games,"), std::string::npos) << r.out;
    r = schach("train " + shell_quote(games.string()) + " --out " + shell_quote(net.string()) +
               " --epochs 2 --batch 64 --validation 0 --checkpoint " + shell_quote(ckpt.string()));
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("epoch 2: loss"), std::string::npos) << r.out;
    // "SCHNNUE2", the hidden size and one output bucket, the weights, one output bias.
    EXPECT_EQ(std::filesystem::file_size(net), 16 + 2 * (768 * 256 + 256 + 512) + 4);
    // The engine plays with it.
    r = test::run_command("printf 'setoption name EvalFile value " + net.string() +
                          "\\nposition startpos\\ngo nodes 2000\\n' | " + test::schach_command("uci") +
                          " 2>&1 | grep -m1 bestmove");
    EXPECT_NE(r.out.find("bestmove "), std::string::npos) << r.out;
    // A file of another kind is refused with what was found.
    {
        std::ofstream f(games, std::ios::trunc);
        f << "not a game file";
    }
    r = schach("datagen " + shell_quote(games.string()) + " --games 1");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("not a game file of schach datagen (no magic at the start)"), std::string::npos) << r.out;
    for (const auto& p : {games, net, ckpt}) std::filesystem::remove(p);
}

}  // namespace
}  // namespace schach
