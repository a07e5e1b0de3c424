// `schach analyse` as a process: annotated PGN on stdout (evaluations, NAGs, explanations, the
// best line, opening and accuracy tags), a PGN error reported with its line and column while the
// other games go on.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/cli_run.hpp"

namespace schach {
namespace {

namespace fs = std::filesystem;
using test::contains;

constexpr const char* Games = R"([Event "Scholar"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Broken"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "Trade"]
[Result "*"]

1. e4 e5 2. Nf3 d6 3. Nxe5 dxe5 *
)";

/// The output with its line breaks as spaces (the PGN writer wraps comments at 80 characters).
std::string flat(std::string text) {
    for (char& c : text)
        if (c == '\n') c = ' ';
    return text;
}

struct TempPgn {
    fs::path path = fs::temp_directory_path() / ("schach_cli_analyse_" + std::to_string(::getpid()) + ".pgn");
    TempPgn() { std::ofstream(path, std::ios::binary) << Games; }
    ~TempPgn() { fs::remove(path); }
};

TEST(CliAnalyse, AnnotatedGamesAndErrors) {
    const TempPgn file;
    const std::string args = "analyse " + test::shell_quote(file.path.string()) + " --nodes 20000 --movetime 0";
    test::CommandRun out = test::run_command(test::schach_command(args) + " 2>/dev/null");
    out.out = flat(out.out);
    EXPECT_EQ(out.exit_code, 1);  // one game had an error
    EXPECT_TRUE(contains(out.out, "[Opening \"Bishop's Opening\"]")) << out.out;
    EXPECT_TRUE(contains(out.out, "[ECO \"C23\"]"));
    EXPECT_TRUE(contains(out.out, "[WhiteAccuracy \""));
    EXPECT_TRUE(contains(out.out, "3... Nf6 $4 { [%eval #1] } { (")) << out.out;
    EXPECT_TRUE(contains(out.out, "Blunder. This allows mate in 1: Qxf7#."));
    EXPECT_TRUE(contains(out.out, "3. Nxe5 $4"));
    EXPECT_TRUE(contains(out.out, "A trade that costs 2 points: after Nxe5 dxe5 the knight is lost."));
    EXPECT_TRUE(contains(out.out, "( 3. ")) << "the best line as a variation";
    EXPECT_FALSE(contains(out.out, "Broken"));
    // stderr: the error with line and column, and the summary.
    const test::CommandRun err = test::run_command(test::schach_command(args) + " 2>&1 >/dev/null");
    EXPECT_TRUE(contains(err.out, file.path.string() + ":11:13: ")) << err.out;
    EXPECT_TRUE(contains(err.out, "2 games analysed, 1 with errors in the PGN")) << err.out;
}

TEST(CliAnalyse, GermanWordsAndAlias) {
    const TempPgn file;
    const std::string args = "analyze " + test::shell_quote(file.path.string()) +
                             " --nodes 20000 --movetime 0 --lang de 2>/dev/null";
    test::CommandRun out = test::run_command(test::schach_command(args));
    out.out = flat(out.out);
    EXPECT_TRUE(contains(out.out, "[Opening \"Läuferspiel\"]")) << out.out;
    EXPECT_TRUE(contains(out.out, "Patzer. Das erlaubt Matt in 1: Dxf7#."));
    // The moves of the PGN stay English.
    EXPECT_TRUE(contains(out.out, "4. Qxf7#"));
}

TEST(CliAnalyse, BadNodeCount) {
    const test::CommandRun out = test::run_command(test::schach_command("analyse - --nodes 0 < /dev/null 2>&1"));
    EXPECT_EQ(out.exit_code, 2);
    EXPECT_TRUE(contains(out.out, "node count")) << out.out;
}

TEST(CliPgnConvert, OpeningsOption) {
    const TempPgn file;
    const test::CommandRun out = test::run_command(
        test::schach_command("pgn convert --openings " + test::shell_quote(file.path.string()) + " 2>/dev/null"));
    EXPECT_TRUE(contains(out.out, "[ECO \"C23\"]")) << out.out;
    EXPECT_TRUE(contains(out.out, "[Opening \"Philidor Defense\"]")) << out.out;
}

}  // namespace
}  // namespace schach
