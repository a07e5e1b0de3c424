// The `schach` program's PGN commands (pgn check / convert / adjudicate) and `schach moves`, run
// as a process (popen) on the files of shared/data/pgn and on small constructed files.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/cli_run.hpp"
#include "support/test_data.hpp"

namespace schach {
namespace {

namespace fs = std::filesystem;

using test::contains;
using test::shell_quote;

struct Output {
    int exit_code = -1;
    std::string out;  // stdout (and stderr when asked for)
    std::vector<std::string> lines() const { return test::lines_of(out); }
    std::string last_line() const { return test::last_line(out); }
};

/// Runs `schach ARGS` through the shell; `redirect` is appended as is (e.g. "2>/dev/null").
Output schach(const std::string& args, const std::string& redirect = "2>/dev/null") {
    test::CommandRun run = test::run_command(test::schach_command(args) + " " + redirect);
    return {run.exit_code, std::move(run.out)};
}

std::string pgn_file(std::string_view name) {
    return shell_quote(test::data_file("pgn/" + std::string(name)).string());
}

/// A file in a scratch folder of this test process, removed with the folder at exit.
class Scratch {
public:
    Scratch() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               ("schach_cli_pgn_" + std::to_string(::getpid()) + "_" + (info ? info->name() : "x"));
        fs::create_directories(dir_);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
    std::string write(const std::string& name, std::string_view text) const {
        const fs::path p = dir_ / name;
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

private:
    fs::path dir_;
};

std::vector<std::string> lines_containing(const Output& run, std::string_view needle) {
    std::vector<std::string> out;
    for (const std::string& line : run.lines())
        if (contains(line, needle)) out.push_back(line);
    return out;
}

// ---------------------------------------------------------------- schach moves

TEST(CliMoves, StartPositionInSanOnOneLine) {
    const Output run = schach("moves");
    EXPECT_EQ(run.exit_code, 0);
    ASSERT_EQ(run.lines().size(), 1u);
    const auto moves = test::split_words(run.lines()[0]);
    EXPECT_EQ(moves.size(), 20u);
    EXPECT_NE(std::find(moves.begin(), moves.end(), "Nf3"), moves.end());
    EXPECT_NE(std::find(moves.begin(), moves.end(), "e4"), moves.end());
}

TEST(CliMoves, LanguagesAndNotations) {
    const std::string fen = shell_quote("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const auto de = test::split_words(schach("moves --lang de --fen " + fen).lines().at(0));
    EXPECT_NE(std::find(de.begin(), de.end(), "0-0"), de.end());
    EXPECT_NE(std::find(de.begin(), de.end(), "0-0-0"), de.end());
    EXPECT_NE(std::find(de.begin(), de.end(), "Txa8+"), de.end());
    const auto uci = test::split_words(schach("moves --notation uci --fen " + fen).lines().at(0));
    EXPECT_NE(std::find(uci.begin(), uci.end(), "e1g1"), uci.end());
    const auto lan = test::split_words(schach("moves --notation lan --lang de-neutral").lines().at(0));
    EXPECT_NE(std::find(lan.begin(), lan.end(), "Sg1-f3"), lan.end());
    // Chess960 castling in UCI is king-takes-rook: e1b1, not e1c1.
    const std::string fen960 = shell_quote("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    const auto c960 = test::split_words(schach("moves --notation uci --chess960 --fen " + fen960).lines().at(0));
    EXPECT_EQ(c960.size(), 25u);
    EXPECT_NE(std::find(c960.begin(), c960.end(), "e1b1"), c960.end());
    EXPECT_EQ(std::find(c960.begin(), c960.end(), "e1c1"), c960.end());
    const std::string fen_perft = shell_quote("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    const auto perft = test::split_words(schach("moves --chess960 --fen " + fen_perft).lines().at(0));
    EXPECT_EQ(perft.size(), 21u);  // perft 1 of the position
}

TEST(CliMoves, MateGivesAnEmptyLineAndBadInputExitsWith2) {
    const Output mate = schach("moves --fen " + shell_quote("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"));
    EXPECT_EQ(mate.exit_code, 0);
    EXPECT_EQ(mate.out, "\n");
    EXPECT_EQ(schach("moves --fen bogus").exit_code, 2);
    EXPECT_EQ(schach("moves --lang fr").exit_code, 2);
    EXPECT_EQ(schach("moves --notation xyz").exit_code, 2);
}

// ---------------------------------------------------------------- schach pgn check

TEST(CliPgnCheck, EveryDataFilePasses) {
    int files = 0;
    for (const auto& entry : fs::directory_iterator(test::data_dir() / "pgn")) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".pgn" || name.starts_with("scalachess")) continue;
        ++files;
        // chess.js' test 0 ends its lines with "<br />" (its newlineChar test).
        const std::string extra = name == "chessjs_test_0.pgn" ? " --newline '<br />'" : "";
        const Output run = schach("pgn check " + pgn_file(name) + extra);
        EXPECT_EQ(run.exit_code, 0) << name << ":\n" << run.out;
        EXPECT_TRUE(run.last_line().ends_with(" games, 0 errors")) << name << ": " << run.last_line();
        EXPECT_TRUE(lines_containing(run, "[").empty()) << name << " reported a problem:\n" << run.out;
    }
    EXPECT_EQ(files, 13);
}

TEST(CliPgnCheck, ScalachessCrazyhouseIsTheOnlyError) {
    const Output run = schach("pgn check " + pgn_file("scalachess_pgn-render-snapshot.pgn"));
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.last_line(), "15 games, 1 errors");
    const auto errors = lines_containing(run, "]");
    std::vector<std::string> real;  // warnings (FEN without SetUp, no termination marker) do not count
    for (const auto& line : errors)
        if (!contains(line, "warning: ")) real.push_back(line);
    ASSERT_EQ(real.size(), 1u) << run.out;
    EXPECT_TRUE(contains(real[0], "scalachess_pgn-render-snapshot.pgn:53:1: ")) << real[0];
    EXPECT_TRUE(contains(real[0], "Crazyhouse")) << real[0];
    EXPECT_TRUE(real[0].ends_with("[unsupported-variant]")) << real[0];
}

TEST(CliPgnCheck, WithoutNewlineOptionTheBrFileIsASyntaxError) {
    const Output run = schach("pgn check " + pgn_file("chessjs_test_0.pgn"));
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.last_line(), "1 games, 1 errors");
    EXPECT_EQ(lines_containing(run, "chessjs_test_0.pgn:1:12: ").size(), 1u) << run.out;
}

constexpr std::string_view GoodGame = R"([Event "good"]
[Site "?"]
[Date "????.??.??"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[PlyCount "7"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
)";

TEST(CliPgnCheck, IllegalMoveIsReportedAsFileLineColumn) {
    Scratch scratch;
    const std::string file = scratch.write("illegal.pgn", std::string(GoodGame) + R"(
[Event "illegal"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6
3. Bb5 a6 4. Ke3 Nf6 *

)" + std::string(GoodGame));
    const Output run = schach("pgn check " + shell_quote(file));
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.last_line(), "3 games, 1 errors");
    // Line 16 of the file, column 14: "Ke3" (the king cannot reach e3).
    const auto errors = lines_containing(run, "[illegal-move]");
    ASSERT_EQ(errors.size(), 1u) << run.out;
    EXPECT_TRUE(errors[0].starts_with(file + ":16:14: ")) << errors[0];
    EXPECT_TRUE(contains(errors[0], "Ke3")) << errors[0];
}

/// Every problem of a large file, line, column and game number, is the same whether one thread
/// or several read it in chunks of whole games, or the stream reader reads it from standard input:
/// also when a guessed cut falls inside a comment that spans lines and holds what looks like the
/// end of a game and the start of the next (the file is then read again in one), and when a game
/// is longer than a chunk (the chunk's buffer grows to hold it).
TEST(CliPgnCheck, ThreadsFindTheSameProblemsAsOneThread) {
    Scratch scratch;
    const std::string game = std::string(GoodGame) + "\n";
    const std::string illegal = "[Event \"illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    const std::string plycount = "[Event \"plies\"]\n[Result \"*\"]\n[PlyCount \"9\"]\n\n1. e4 e5 *\n\n";
    const std::string fen_only =
        "[Event \"fen\"]\n[Result \"*\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n\n";
    std::string text, tricky, long_game;
    for (int i = 0; i < 12000; ++i) {
        text += i % 997 == 5 ? illegal : i % 1499 == 7 ? plycount : i % 2003 == 11 ? fen_only : game;
        // Around the middle a game of 700 KB (its comments), longer than a chunk of 256 KiB.
        if (i == 6000) {
            long_game += "[Event \"long\"]\n[Result \"*\"]\n\n1. e4 e5\n";
            for (int k = 0; k < 15000; ++k) long_game += "Nf3 {a comment of some length, 1-0} Nf6 Ng1 {x} Ng8\n";
            long_game += "Kd3 *\n\n";  // the king cannot reach d3: an error at the game's end
        }
        long_game += i % 997 == 5 ? illegal : game;
        // The same games, and around the middle a comment over many lines, each "1-0", a blank
        // line and a tag line: where two threads would cut first.
        if (i == 5000) {
            tricky += "[Event \"c\"]\n[Result \"*\"]\n\n1. e4 {";
            for (int k = 0; k < 40000; ++k) tricky += "x 1-0\n\n[Event \"no\"]\n";
            tricky += "} e5 *\n\n";
        } else {
            tricky += i % 997 == 5 ? illegal : game;
        }
    }
    for (const auto& [name, content] :
         {std::pair{"many.pgn", text}, std::pair{"tricky.pgn", tricky}, std::pair{"long.pgn", long_game}}) {
        const std::string file = scratch.write(name, content);
        const Output one = schach("pgn check --threads 1 " + shell_quote(file));
        // The stream reader names the input "<stdin>": the same problems otherwise.
        Output stream = schach("pgn check - < " + shell_quote(file));
        for (std::size_t at; (at = stream.out.find("<stdin>:")) != std::string::npos;) stream.out.replace(at, 7, file);
        EXPECT_EQ(stream.exit_code, one.exit_code) << name;
        EXPECT_EQ(stream.out, one.out) << name;
        EXPECT_EQ(one.exit_code, 1);
        const std::size_t errors = lines_containing(one, "[illegal-move]").size() +
                                   lines_containing(one, "[inconsistent]").size() -
                                   lines_containing(one, ": warning: ").size();
        const std::string games = std::string(name) == "long.pgn" ? "12001" : "12000";  // and the long game
        EXPECT_EQ(one.last_line(), games + " games, " + std::to_string(errors) + " errors") << name;
        EXPECT_GE(lines_containing(one, "[illegal-move]").size(), 12u) << name;
        for (int threads : {2, 3, 8}) {
            const Output many = schach("pgn check --threads " + std::to_string(threads) + " " + shell_quote(file));
            EXPECT_EQ(many.exit_code, one.exit_code) << name << " " << threads;
            EXPECT_EQ(many.out, one.out) << name << " " << threads;
        }
    }
}

TEST(CliPgnCheck, ManyFilesAreReadSideBySideAndReportedInTheirOrder) {
    // More files than one batch of the queue (64), a large one split in ranges among them, files
    // that cannot be opened and one read from standard input in between: every file's problems
    // as a run on that file alone prints them, in the order of the command line.
    Scratch scratch;
    const std::string game = std::string(GoodGame) + "\n";
    const std::string illegal = "[Event \"illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    std::vector<std::string> args;
    std::string expected;
    std::size_t games = 0, errors = 0;
    for (int f = 0; f < 70; ++f) {
        std::string text;
        const int count = f == 33 ? 6000 : 1 + f % 5;  // file 33: about 3 MB, read in ranges
        for (int i = 0; i < count; ++i) text += (i + f) % 7 == 3 || (f == 33 && i % 500 == 9) ? illegal : game;
        if (f == 20) {
            args.push_back(shell_quote(scratch.path("missing.pgn")));
            args.push_back(shell_quote(scratch.path("")));  // a folder
        }
        const std::string file = scratch.write("f" + std::to_string(f) + ".pgn", text);
        args.push_back(f == 50 ? "-" : shell_quote(file));
        const Output alone =
            schach(std::string("pgn check --threads 1 ") + (f == 50 ? "- < " : "") + shell_quote(file));
        std::string problems = alone.out.substr(0, alone.out.rfind('\n', alone.out.size() - 2) + 1);
        if (f == 50)
            for (std::size_t at; (at = problems.find("<stdin>:")) != std::string::npos;) problems.replace(at, 7, file);
        expected += problems;
        unsigned long g = 0, e = 0;
        ASSERT_EQ(std::sscanf(alone.last_line().c_str(), "%lu games, %lu errors", &g, &e), 2) << alone.out;
        games += g;
        errors += e;
    }
    EXPECT_GT(errors, 100u);
    std::string command = "pgn check";
    for (const std::string& a : args) command += " " + a;
    for (int threads : {1, 2, 3}) {
        Output all =
            schach(command + " --threads " + std::to_string(threads) + " < " + shell_quote(scratch.path("f50.pgn")));
        for (std::size_t at; (at = all.out.find("<stdin>:")) != std::string::npos;)
            all.out.replace(at, 7, scratch.path("f50.pgn"));
        EXPECT_EQ(all.exit_code, 2) << threads;  // the files that cannot be read
        EXPECT_EQ(all.last_line(), std::to_string(games) + " games, " + std::to_string(errors) + " errors");
        EXPECT_EQ(all.out, expected + all.last_line() + "\n") << threads;
    }
}

TEST(CliPgnCheck, InconsistentTagsAreErrorsAtTheGamesFirstLine) {
    Scratch scratch;
    const std::string file = scratch.write("tags.pgn", R"(
[Event "result differs"]
[Result "1-0"]

1. e4 e5 0-1

[Event "plycount differs"]
[Result "*"]
[PlyCount "3"]

1. e4 e5 *

[Event "setup without fen"]
[Result "*"]
[SetUp "1"]

1. e4 *

[Event "fen with setup 0"]
[Result "*"]
[SetUp "0"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 *

[Event "unsupported"]
[Variant "Atomic"]
[Result "*"]

1. e4 *
)");
    const Output run = schach("pgn check " + shell_quote(file));
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.last_line(), "5 games, 5 errors");
    const auto inconsistent = lines_containing(run, "[inconsistent]");
    ASSERT_EQ(inconsistent.size(), 4u) << run.out;
    EXPECT_TRUE(inconsistent[0].starts_with(file + ":2:1: ")) << inconsistent[0];
    EXPECT_TRUE(contains(inconsistent[0], "\"1-0\"") && contains(inconsistent[0], "\"0-1\"")) << inconsistent[0];
    EXPECT_TRUE(inconsistent[1].starts_with(file + ":7:1: ")) << inconsistent[1];
    EXPECT_TRUE(contains(inconsistent[1], "PlyCount")) << inconsistent[1];
    EXPECT_TRUE(inconsistent[2].starts_with(file + ":13:1: ")) << inconsistent[2];
    EXPECT_TRUE(contains(inconsistent[2], "SetUp")) << inconsistent[2];
    EXPECT_TRUE(inconsistent[3].starts_with(file + ":19:1: ")) << inconsistent[3];
    EXPECT_EQ(lines_containing(run, "[unsupported-variant]").size(), 1u) << run.out;
}

TEST(CliPgnCheck, FenWithoutSetUpIsAWarningAndAnErrorWhenStrict) {
    Scratch scratch;
    const std::string file = scratch.write("fen.pgn", R"([Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 *
)");
    const Output lenient = schach("pgn check " + shell_quote(file));
    EXPECT_EQ(lenient.exit_code, 0);
    EXPECT_EQ(lenient.last_line(), "1 games, 0 errors");
    EXPECT_EQ(lines_containing(lenient, "warning: ").size(), 1u) << lenient.out;
    const Output strict = schach("pgn check --strict " + shell_quote(file));
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(strict.last_line(), "1 games, 1 errors");
}

TEST(CliPgnCheck, StrictRejectsUciMoves) {
    EXPECT_EQ(schach("pgn check " + pgn_file("python-chess_uci-moves.pgn")).exit_code, 0);
    const Output strict = schach("pgn check --strict " + pgn_file("python-chess_uci-moves.pgn"));
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(strict.last_line(), "1 games, 1 errors");
}

TEST(CliPgnCheck, StdinAndSeveralFilesAndUnreadableFiles) {
    const Output piped = schach("pgn check - < " + pgn_file("python-chess_kasparov-deep-blue-1997.pgn"));
    EXPECT_EQ(piped.exit_code, 0);
    EXPECT_EQ(piped.last_line(), "6 games, 0 errors");
    const Output two = schach("pgn check " + pgn_file("python-chess_kasparov-deep-blue-1997.pgn") + " " +
                              pgn_file("chessjs_test_1.pgn"));
    EXPECT_EQ(two.exit_code, 0);
    EXPECT_EQ(two.last_line(), "7 games, 0 errors");
    const Output missing = schach("pgn check /nonexistent/file.pgn " + pgn_file("chessjs_test_1.pgn"));
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(missing.last_line(), "1 games, 0 errors");
    EXPECT_EQ(schach("pgn check").exit_code, 2);
    EXPECT_EQ(schach("pgn").exit_code, 2);
}

TEST(CliPgnCheck, BenchmarkFilesThroughStdin) {
    if (std::system("command -v xz >/dev/null 2>&1") != 0) GTEST_SKIP() << "xz is not installed";
    for (const auto& [name, games] : {std::pair<std::string, int>{"stockfish-selfplay-classical-12000.pgn.xz", 12000},
                                      {"stockfish-selfplay-chess960-4000.pgn.xz", 4000}}) {
        const std::string path = shell_quote((test::data_dir() / "pgn-bench" / name).string());
        const test::CommandRun run =
            test::run_command("xz -dc " + path + " | " + test::schach_command("pgn check - 2>/dev/null"));
        ASSERT_TRUE(run.started);
        EXPECT_EQ(run.exit_code, 0) << name << ": " << run.out;
        EXPECT_TRUE(run.out.ends_with(std::to_string(games) + " games, 0 errors\n")) << name << ": " << run.out;
    }
}

// ---------------------------------------------------------------- schach pgn convert

TEST(CliPgnConvert, GermanLettersAndCastling) {
    Scratch scratch;
    const std::string file = scratch.write("castle.pgn", R"([Event "castle"]
[Result "*"]

1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O 5. d4 { a comment } (5. c4 c5) 5... d5 *
)");
    const Output run = schach("pgn convert --lang de " + shell_quote(file));
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_TRUE(contains(run.out, "1. Sf3 Sf6 2. g3 g6 3. Lg2 Lg7 4. 0-0 0-0")) << run.out;
    EXPECT_TRUE(contains(run.out, "{ a comment }")) << run.out;
    EXPECT_TRUE(contains(run.out, "( 5. c4 c5 )")) << run.out;
    EXPECT_TRUE(contains(run.out, "[Event \"castle\"]")) << run.out;

    const Output bare = schach("pgn convert --no-comments --no-variations --notation lan " + shell_quote(file));
    EXPECT_EQ(bare.exit_code, 0);
    EXPECT_TRUE(contains(bare.out, "1. Ng1-f3 Ng8-f6")) << bare.out;
    EXPECT_FALSE(contains(bare.out, "comment")) << bare.out;
    EXPECT_FALSE(contains(bare.out, "c4")) << bare.out;
}

TEST(CliPgnConvert, OutputReadsBackAndBadGamesAreSkipped) {
    Scratch scratch;
    const std::string out = scratch.path("out.pgn");
    const Output run = schach(
        "pgn convert --lang de -o " + shell_quote(out) + " " + pgn_file("scalachess_pgn-render-snapshot.pgn"), "2>&1");
    EXPECT_EQ(run.exit_code, 1);  // the Crazyhouse game is skipped
    EXPECT_EQ(lines_containing(run, "scalachess_pgn-render-snapshot.pgn:53:1: ").size(), 1u) << run.out;
    const Output check = schach("pgn check " + shell_quote(out));
    EXPECT_EQ(check.exit_code, 0) << check.out;
    EXPECT_EQ(check.last_line(), "14 games, 0 errors");
}

// ---------------------------------------------------------------- schach pgn adjudicate

constexpr std::string_view AdjudicateGames = R"([Event "fivefold, then on"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6
8. Ng1 Ng8 9. e4 e5 10. Qh5 Nc6 11. Bc4 Nf6 12. Qxf7# 1-0

[Event "flag fell, 6.9"]
[White "C"]
[Black "D"]
[Result "0-1"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/3n4/K6Q w - - 0 50"]
[Termination "Time forfeit"]

50. Qh2 Kd5 0-1

[Event "flag by clock, winner can mate"]
[Result "1-0"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/3n4/K6Q w - - 0 50"]

50. Qh2 { [%clk 0:00:05] } 50... Kd5 { [%clk 0:00:00] } 1-0

[Event "threefold"]
[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2

[Event "stalemate"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "k7/8/8/1Q6/8/8/8/7K w - - 0 1"]

1. Qb6 1/2-1/2

[Event "resigned"]
[Result "0-1"]

1. e4 e5 0-1
)";

TEST(CliPgnAdjudicate, MateFromTheDataFiles) {
    const Output run = schach("pgn adjudicate " + pgn_file("python-chess_molinari-bordais-1979.pgn"));
    EXPECT_EQ(run.exit_code, 0);
    ASSERT_GE(run.lines().size(), 2u);
    EXPECT_EQ(run.lines()[0], "1: 0-1 checkmate [Molinari - Bordais]");
    EXPECT_TRUE(run.last_line().starts_with("1 games: checkmate 1; 0 ")) << run.last_line();
    const Output de = schach("pgn adjudicate --lang de " + pgn_file("python-chess_molinari-bordais-1979.pgn"));
    EXPECT_TRUE(de.last_line().starts_with("1 Partien: checkmate 1; 0 ")) << de.last_line();
}

TEST(CliPgnAdjudicate, ConstructedGames) {
    Scratch scratch;
    const std::string file = scratch.write("adjudicate.pgn", AdjudicateGames);
    const Output run = schach("pgn adjudicate --lang en " + shell_quote(file));
    EXPECT_EQ(run.exit_code, 0);
    const auto lines = run.lines();
    ASSERT_EQ(lines.size(), 7u) << run.out;
    EXPECT_EQ(lines[0],
              "1: 1/2-1/2 fivefold-repetition (ended at 8... (fivefold-repetition), 7 more plies; recorded 1-0) "
              "[A - B]");
    EXPECT_EQ(lines[1], "2: 1/2-1/2 time-forfeit (6.9: Black cannot checkmate; recorded 0-1) [C - D]");
    EXPECT_EQ(lines[2], "3: 1-0 time-forfeit");
    EXPECT_EQ(lines[3], "4: * claimable threefold-repetition (recorded 1/2-1/2)");
    EXPECT_EQ(lines[4], "5: 1/2-1/2 stalemate");
    EXPECT_EQ(lines[5], "6: * ongoing (recorded 0-1)");
    EXPECT_TRUE(contains(lines[6], "6 games: ")) << lines[6];
    EXPECT_TRUE(contains(lines[6], "fivefold-repetition 1, time-forfeit 2")) << lines[6];
    EXPECT_TRUE(contains(lines[6], "; 2 results differ from the record")) << lines[6];

    const auto de = schach("pgn adjudicate --lang de " + shell_quote(file)).lines();
    ASSERT_EQ(de.size(), 7u);
    EXPECT_EQ(de[0],
              "1: 1/2-1/2 fivefold-repetition (beendet nach 8... (fivefold-repetition), danach noch 7 Halbzüge; "
              "Aufzeichnung 1-0) [A - B]");
    EXPECT_EQ(de[1], "2: 1/2-1/2 time-forfeit (6.9: Schwarz kann nicht mattsetzen; Aufzeichnung 0-1) [C - D]");
    EXPECT_EQ(de[5], "6: * ongoing (Aufzeichnung 0-1)");
    EXPECT_TRUE(contains(de[6], "6 Partien: ")) << de[6];
    EXPECT_TRUE(contains(de[6], "; 2 Ergebnisse weichen von der Aufzeichnung ab")) << de[6];
}

TEST(CliPgnAdjudicate, ErrorsAndNullMovesAreReportedAndExitWith1) {
    const Output run = schach("pgn adjudicate " + pgn_file("python-chess_anastasian-lewis.pgn"));
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_TRUE(run.out.starts_with("1: * not-replayable (null move at 41...)")) << run.out;
    const Output de = schach("pgn adjudicate --lang de " + pgn_file("python-chess_anastasian-lewis.pgn"));
    EXPECT_TRUE(de.out.starts_with("1: * not-replayable (Nullzug bei 41...)")) << de.out;
    const Output crazy = schach("pgn adjudicate " + pgn_file("scalachess_pgn-render-snapshot.pgn"));
    EXPECT_EQ(crazy.exit_code, 1);
    EXPECT_EQ(lines_containing(crazy, "3: * pgn-error").size(), 1u) << crazy.out;
}

/// Lichess games lost on time where the winner could not checkmate (CHA's "unfair" list): as tiny
/// PGNs with the final position, each is a draw under 6.9 (or was already dead: 5.2.2). The side
/// to move flagged. can_checkmate() proves only part of them unwinnable today (it is sound: an
/// unproven position counts as winnable), so this checks the share that is proven.
TEST(CliPgnAdjudicate, UnfairTimeForfeitsAreDraws) {
    std::ifstream in(test::data_file("dead/cha_unfair_unwinnable_first10000.txt"));
    ASSERT_TRUE(in) << "cannot open the CHA unfair list";
    std::string pgn, line;
    int games = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto fields = test::split_words(line);
        if (fields.size() < 6) continue;
        const std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3] + " " + fields[4] +
                                " " + fields[5];
        const std::string recorded = fields[1] == "w" ? "0-1" : "1-0";
        pgn += "[Event \"unfair\"]\n[Result \"" + recorded + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen +
               "\"]\n[Termination \"time forfeit\"]\n\n" + recorded + "\n\n";
        ++games;
    }
    ASSERT_EQ(games, 10000);
    Scratch scratch;
    const Output run = schach("pgn adjudicate " + shell_quote(scratch.write("unfair.pgn", pgn)));
    EXPECT_EQ(run.exit_code, 0);
    int draws = 0, six_nine = 0, decisive = 0;
    for (const std::string& l : run.lines()) {
        if (contains(l, ": 1/2-1/2 ")) ++draws;
        if (contains(l, ": 1/2-1/2 time-forfeit (6.9: ")) ++six_nine;
        if (contains(l, ": 1-0 time-forfeit") || contains(l, ": 0-1 time-forfeit")) ++decisive;
    }
    EXPECT_EQ(draws + decisive, games);
    // Floor from the current can_checkmate (7035 draws, 5427 of them by 6.9); raise it as the
    // analysis proves more. The goal is all 10000.
    EXPECT_GE(draws, 7000) << run.last_line();
    EXPECT_GE(six_nine, 5400) << run.last_line();
}

}  // namespace
}  // namespace schach
