// `schach match` through the program: the table, the stable endings line, errors and languages.

#include <gtest/gtest.h>

#include <string>

#include "cli/cli_run.hpp"

namespace schach::test {
namespace {

const std::string Fake = std::string(SCHACH_SOURCE_DIR) + "/tests/support/fake_uci.sh";

TEST(CliMatch, TableAndEndingsLine) {
    const std::string engine = "-engine cmd=" + shell_quote(Fake) + " 'args=f2f3 e7e5 g2g4 d8h4'";
    const CommandRun run = run_command(
        schach_command("match " + engine + " name=A " + engine + " name=B -each depth=1 -games 4 2>/dev/null"));
    ASSERT_EQ(run.exit_code, 0);
    EXPECT_TRUE(contains(run.out, "| Engine | Opponent | Games | W | D | L |"));
    EXPECT_TRUE(contains(run.out, "| A | B | 4 | 2 | 0 | 2 | 50.0 % |"));
    EXPECT_EQ(last_line(run.out),
              "endings: rules=4 time-forfeit=0 illegal-move=0 crash=0 stall=0 not-ready=0 "
              "resign-adjudication=0 draw-adjudication=0");
    // German headings, the same stable last line.
    const CommandRun de = run_command(schach_command("match --lang de " + engine + " name=A " + engine +
                                                     " name=B -each depth=1 -games 2 2>/dev/null"));
    EXPECT_TRUE(contains(de.out, "| Engine | Gegner | Partien | S | R | N |"));
    EXPECT_TRUE(last_line(de.out).starts_with("endings: rules=2"));
}

TEST(CliMatch, ErrorsExitWithTwo) {
    const CommandRun none = run_command(schach_command("match 2>&1"));
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_TRUE(contains(none.out, "a match needs at least two engines"));
    const CommandRun bad = run_command(schach_command("match -engine cmd=a depth=x -engine cmd=b depth=1 2>&1"));
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_TRUE(contains(bad.out, "invalid value for depth: x"));
    const CommandRun missing =
        run_command(schach_command("match -engine cmd=/nonexistent/engine depth=1 -engine cmd=b depth=1 2>&1"));
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_TRUE(contains(missing.out, "cannot start engine 1 (/nonexistent/engine): not found"));
    const CommandRun help = run_command(schach_command("match --help"));
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_TRUE(contains(help.out, "-sprt elo0=0 elo1=5"));
}

}  // namespace
}  // namespace schach::test
