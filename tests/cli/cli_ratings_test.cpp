// `schach ratings` through the program: a small PGN written here with known results and an
// anchor gives the closed-form Elo in the table; bad anchors and files exit with 2.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <string_view>

#include <fmt/core.h>

#include "cli/cli_run.hpp"

namespace schach::test {
namespace {

namespace fs = std::filesystem;

/// A PGN file of this test, removed at the end.
class PgnFile {
public:
    explicit PgnFile(std::string_view text) {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = fs::temp_directory_path() /
                ("schach_cli_ratings_" + std::to_string(::getpid()) + "_" + (info ? info->name() : "x") + ".pgn");
        std::ofstream(path_, std::ios::binary) << text;
    }
    ~PgnFile() {
        std::error_code ec;
        fs::remove(path_, ec);
    }
    PgnFile(const PgnFile&) = delete;
    PgnFile& operator=(const PgnFile&) = delete;
    std::string quoted() const { return shell_quote(path_.string()); }

private:
    fs::path path_;
};

std::string game(std::string_view white, std::string_view black, std::string_view result) {
    return fmt::format("[Event \"t\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{}\"]\n\n1. e4 e5 2. Nf3 {}\n\n",
                       white, black, result, result);
}

constexpr std::string_view Anchor = "Stockfish 15.1 (1350)";

/// "Bot" against the anchor: 4 wins, 1 draw, 1 loss (4.5 of 6), and an unfinished game.
std::string bot_games() {
    return game("Bot", Anchor, "1-0") + game(Anchor, "Bot", "0-1") + game("Bot", Anchor, "1-0") +
           game(Anchor, "Bot", "0-1") + game("Bot", Anchor, "1/2-1/2") + game(Anchor, "Bot", "1-0") +
           game("Bot", Anchor, "*");
}

std::string anchor_option() { return "--anchor " + shell_quote(std::string(Anchor) + "=1350"); }

TEST(CliRatings, TableRowHasTheClosedFormElo) {
    const PgnFile pgn(bot_games());
    const CommandRun run = run_command(schach_command("ratings " + pgn.quoted() + " " + anchor_option()));
    ASSERT_EQ(run.exit_code, 0) << run.out;
    // One opponent: the Elo of the score with the virtual draw, (4.5 + 0.5) / (6 + 1) = 5/7.
    const double p = 5.0 / 7.0;
    const double elo = 1350 + 400 * std::log10(p / (1 - p));
    const double error = 1.96 / (std::numbers::ln10 / 400 * std::sqrt(7 * p * (1 - p)));
    EXPECT_TRUE(contains(run.out, "| Rank | Player | Elo | ± 95 % | Games | Points | % |")) << run.out;
    EXPECT_TRUE(contains(run.out, fmt::format("| 1 | Bot | {:.1f} | {:.1f} | 6 | 4.5 | 75.0 % |", elo, error)))
        << run.out;
    EXPECT_TRUE(contains(run.out, "| 2 | Stockfish 15.1 (1350) | 1350 (anchor) | - | 6 | 1.5 | 25.0 % |")) << run.out;
    EXPECT_TRUE(contains(run.out, "rated games: 6, players: 2; prior: one virtual draw")) << run.out;
    EXPECT_TRUE(contains(run.out, "skipped games: 1")) << run.out;
}

TEST(CliRatings, GermanAndWithoutAnchors) {
    const PgnFile pgn(bot_games());
    const CommandRun de = run_command(schach_command("ratings --lang de " + pgn.quoted() + " " + anchor_option()));
    ASSERT_EQ(de.exit_code, 0);
    EXPECT_TRUE(contains(de.out, "| Rang | Spieler | Elo | ± 95 % | Partien | Punkte | % |")) << de.out;
    EXPECT_TRUE(contains(de.out, "| 1350 (Anker) |")) << de.out;
    // No anchor: the two sit at +-half the difference.
    const CommandRun none = run_command(schach_command("ratings " + pgn.quoted()));
    ASSERT_EQ(none.exit_code, 0);
    const double half = 200 * std::log10(2.5);
    EXPECT_TRUE(contains(none.out, fmt::format("| 1 | Bot | {:.1f} |", half))) << none.out;
    EXPECT_TRUE(contains(none.out, fmt::format("| 2 | Stockfish 15.1 (1350) | {:.1f} |", -half))) << none.out;
    EXPECT_TRUE(contains(none.out, "no anchor: the average of all players is 0")) << none.out;
}

TEST(CliRatings, BadAnchorsExitWithTwo) {
    const PgnFile pgn(bot_games());
    const CommandRun no_value =
        run_command(schach_command("ratings " + pgn.quoted() + " --anchor " + shell_quote(Anchor) + " 2>&1"));
    EXPECT_EQ(no_value.exit_code, 2);
    EXPECT_TRUE(contains(no_value.out, "error: invalid anchor 'Stockfish 15.1 (1350)': expected NAME=ELO"))
        << no_value.out;
    const CommandRun not_number = run_command(schach_command("ratings " + pgn.quoted() + " --anchor 'Bot=12x' 2>&1"));
    EXPECT_EQ(not_number.exit_code, 2);
    EXPECT_TRUE(contains(not_number.out, "invalid anchor 'Bot=12x'")) << not_number.out;
    const CommandRun unknown = run_command(schach_command("ratings " + pgn.quoted() + " --anchor 'Nobody=1000' 2>&1"));
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_TRUE(contains(unknown.out, "the anchor 'Nobody' played no game")) << unknown.out;
    const CommandRun german =
        run_command(schach_command("ratings --lang de " + pgn.quoted() + " --anchor 'Nobody=1000' 2>&1"));
    EXPECT_EQ(german.exit_code, 2);
    EXPECT_TRUE(contains(german.out, "Fehler: der Anker 'Nobody' hat in diesen Dateien keine Partie gespielt"))
        << german.out;
}

TEST(CliRatings, UnconnectedPlayersNoGamesAndMissingFilesExitWithTwo) {
    const PgnFile pgn(bot_games() + game("X", "Y", "1-0"));
    const CommandRun apart = run_command(schach_command("ratings " + pgn.quoted() + " " + anchor_option() + " 2>&1"));
    EXPECT_EQ(apart.exit_code, 2);
    EXPECT_TRUE(contains(apart.out, "is linked by no games to an anchor")) << apart.out;
    const PgnFile unfinished(game("X", "Y", "*"));
    const CommandRun none = run_command(schach_command("ratings " + unfinished.quoted() + " 2>&1"));
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_TRUE(contains(none.out, "no games to rate")) << none.out;
    const CommandRun missing = run_command(schach_command("ratings /nonexistent/games.pgn 2>&1"));
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_TRUE(contains(missing.out, "/nonexistent/games.pgn")) << missing.out;
}

}  // namespace
}  // namespace schach::test
