// `schach dead`, run as a process (popen): the verdicts, the helpmate it prints (replayed with the
// rules core), the file mode with its summary, and bad input.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/cli_run.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "notation/notation.hpp"
#include "support/test_data.hpp"

namespace schach {
namespace {

using test::shell_quote;

struct Output {
    int exit_code = -1;
    std::string out;
};

Output schach(const std::string& args, const std::string& redirect = "2>/dev/null") {
    test::CommandRun run = test::run_command(test::schach_command("dead " + args) + " " + redirect);
    return {run.exit_code, std::move(run.out)};
}

std::string fen_arg(const std::string& fen) { return "--fen " + shell_quote(fen); }

TEST(CliDead, DeadOrAliveWithoutWinner) {
    Output wall = schach(fen_arg("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"));
    EXPECT_EQ(wall.exit_code, 0);
    EXPECT_EQ(wall.out, "dead\n");
    Output start = schach(fen_arg("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    EXPECT_EQ(start.exit_code, 0);
    EXPECT_EQ(start.out, "alive\n");
}

TEST(CliDead, UnwinnableNamesTheProof) {
    EXPECT_EQ(schach(fen_arg("8/8/3k4/8/8/3P4/8/3K4 w - - 0 1") + " --winner black").out, "unwinnable material\n");
    EXPECT_EQ(schach(fen_arg("kb6/2N5/1K6/8/8/8/8/8 b - - 0 1") + " --winner white").out,
              "unwinnable forced-sequence\n");
    EXPECT_EQ(schach(fen_arg("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1") + " --winner white").out,
              "unwinnable blocked-structure\n");
}

/// The SAN line after "winnable" must replay to a mate by `winner`.
void expect_helpmate(const std::string& fen, Color winner) {
    const std::string side = winner == Color::White ? "white" : "black";
    Output o = schach(fen_arg(fen) + " --winner " + side);
    ASSERT_EQ(o.exit_code, 0);
    ASSERT_TRUE(o.out.starts_with("winnable ")) << o.out;
    auto pos = position_from_fen(fen);
    ASSERT_TRUE(pos);
    const auto words = test::split_words(test::trim(o.out.substr(9)));
    ASSERT_FALSE(words.empty());
    EXPECT_LE(words.size(), 40u) << "a presentable line: " << o.out;
    for (const std::string& san : words) {
        auto m = parse_san(*pos, san);
        ASSERT_TRUE(m) << san << " in " << o.out;
        pos->do_move(*m);
    }
    EXPECT_TRUE(pos->in_check());
    EXPECT_EQ(count_legal(*pos), 0) << o.out;
    EXPECT_NE(pos->side_to_move(), winner);
}

TEST(CliDead, WinnablePrintsAHelpmateThatReplays) {
    expect_helpmate("8/8/8/4K3/4N3/4kp2/8/8 b - - 0 1", Color::White);   // K+N against K+P
    expect_helpmate("8/2n5/8/KB6/3k4/8/8/8 b - - 10 56", Color::Black);  // K+N against K+B
    expect_helpmate("8/8/3k4/8/8/3P4/8/3K4 w - - 0 1", Color::White);    // the pawn promotes
}

TEST(CliDead, EpdFileOneVerdictPerLineThenASummary) {
    const auto dir = std::filesystem::temp_directory_path() / ("schach_cli_dead_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / "timeouts.epd";
    {
        std::ofstream out(file);
        out << "# comment\n"
               "8/8/3k4/8/8/3P4/8/3K4 w - - 0 1 extra fields\n"
               "\n"
               "8/8/3k4/8/8/3P4/8/3K4 w - -\n"
               "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1 ; id \"wall\"\n";
    }
    Output o = schach("--winner black --epd " + shell_quote(file.string()));
    EXPECT_EQ(o.exit_code, 0);
    const auto lines = test::lines_of(o.out);
    ASSERT_EQ(lines.size(), 4u) << o.out;
    EXPECT_EQ(lines[0], "unwinnable material");
    EXPECT_EQ(lines[1], "unwinnable material");
    EXPECT_EQ(lines[2], "unwinnable blocked-structure");
    EXPECT_TRUE(lines[3].starts_with("3 positions, 0 winnable, 3 unwinnable, 0 undetermined, 0 errors, ")) << lines[3];
    EXPECT_TRUE(lines[3].ends_with(" positions/s")) << lines[3];

    // The helpmate of a winnable position only with --proof (shortening it costs more than the analysis).
    Output quick = schach("--winner white --epd " + shell_quote(file.string()));
    const auto quick_lines = test::lines_of(quick.out);
    ASSERT_EQ(quick_lines.size(), 4u) << quick.out;
    EXPECT_EQ(quick_lines[0], "winnable");
    Output proof = schach("--winner white --proof --epd " + shell_quote(file.string()));
    const auto proof_lines = test::lines_of(proof.out);
    ASSERT_EQ(proof_lines.size(), 4u) << proof.out;
    EXPECT_TRUE(proof_lines[0].starts_with("winnable d4 ")) << proof_lines[0];
    EXPECT_TRUE(proof_lines[0].ends_with("#")) << proof_lines[0];
    std::filesystem::remove_all(dir);
}

/// Several threads answer the same as one, in the file's order: 5,000 lichess positions (more
/// than one batch), a bad line among them.
TEST(CliDead, EpdFileThreadsGiveTheSameAnswersInOrder) {
    std::ifstream in(test::data_file("dead/chasolver_lichess.txt"));
    ASSERT_TRUE(in);
    const auto dir = std::filesystem::temp_directory_path() / ("schach_cli_dead_threads_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / "lichess.epd";
    {
        std::ofstream out(file);
        std::string line;
        for (int n = 0; n < 5000 && std::getline(in, line);) {
            if (line.empty() || line[0] == '#') continue;
            out << line.substr(3) << "\n";  // without the label
            if (++n == 4500) out << "not a fen\n";
        }
    }
    for (const char* winner : {"white", "black"}) {
        const Output one =
            schach(std::string("--threads 1 --winner ") + winner + " --epd " + shell_quote(file.string()));
        EXPECT_EQ(one.exit_code, 1);  // the bad line
        std::vector<std::string> a = test::lines_of(one.out);
        ASSERT_EQ(a.size(), 5002u) << winner;
        EXPECT_TRUE(a.back().starts_with("5000 positions, ")) << a.back();
        EXPECT_TRUE(a.back().find(" 0 undetermined, 1 errors, ") != std::string::npos) << a.back();
        const Output three =
            schach(std::string("--threads 3 --winner ") + winner + " --epd " + shell_quote(file.string()));
        std::vector<std::string> b = test::lines_of(three.out);
        ASSERT_EQ(b.size(), a.size()) << winner;
        // The rate at the end of the summary differs from run to run.
        a.back() = a.back().substr(0, a.back().rfind(", "));
        b.back() = b.back().substr(0, b.back().rfind(", "));
        EXPECT_EQ(a, b) << winner;
    }
    std::filesystem::remove_all(dir);
}

TEST(CliDead, BadInputIsAClearErrorNotACrash) {
    Output bad = schach(fen_arg("8/8/8/8/8/8/8/8 w - - 0 1") + " --winner white", "2>&1");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.out.find("each side needs exactly one king"), std::string::npos) << bad.out;
    Output syntax = schach(fen_arg("8/8/8/8/8/8/8/8/8 w - - 0 1"), "2>&1");
    EXPECT_EQ(syntax.exit_code, 2);
    EXPECT_NE(syntax.out.find("^"), std::string::npos) << "a caret under the offending offset: " << syntax.out;
    EXPECT_EQ(schach(fen_arg("8/8/3k4/8/8/3P4/8/3K4 w - - 0 1") + " --winner green").exit_code, 2);
    EXPECT_EQ(schach("--winner white").exit_code, 2);  // neither --fen nor --epd
    EXPECT_EQ(schach("--winner white --epd /nonexistent/file.epd").exit_code, 2);
}

}  // namespace
}  // namespace schach
