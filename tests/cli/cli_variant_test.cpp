// The rules are said, not guessed: `--variant standard|chess960|auto` on fen, moves, perft, dead
// and play, standard by default; and the FEN placement rules (one digit per run of empty squares).

#include <gtest/gtest.h>

#include <string>

#include "cli/cli_run.hpp"

namespace schach {
namespace {

using test::contains;
using test::shell_quote;

struct Output {
    int exit_code = -1;
    std::string out;  // stdout and stderr
};

Output schach(const std::string& args) {
    test::CommandRun run = test::run_command(test::schach_command(args) + " 2>&1");
    return {run.exit_code, std::move(run.out)};
}

// A rook off its corner and the king on d1, with KQkq: Chess960 rights, not standard ones.
const std::string OffCorner = shell_quote("r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1");

TEST(CliVariant, TwoDigitsInARowAreAPlacementError) {
    for (const char* fen : {"rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "rnbqkbnr/pppppppp/11111111/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}) {
        const Output en = schach("fen --lang en " + shell_quote(fen));
        EXPECT_EQ(en.exit_code, 2) << fen;
        EXPECT_TRUE(contains(en.out, "FEN error in field placement at offset 19")) << en.out;
        const Output de = schach("fen --lang de " + shell_quote(fen));
        EXPECT_TRUE(contains(de.out, "FEN-Fehler im Feld Stellung bei Zeichen 19")) << de.out;
    }
}

TEST(CliVariant, StandardChessRefusesRightsThatDoNotFit) {
    for (const std::string command : {"fen ", "moves --fen ", "perft 1 --fen "}) {
        const Output out = schach(command + OffCorner + " --lang en");
        EXPECT_EQ(out.exit_code, 2) << command << out.out;
        EXPECT_TRUE(contains(out.out, "[bad-castling-rights]")) << command << out.out;
        EXPECT_FALSE(contains(out.out, "O-O")) << command << out.out;
    }
    // Said explicitly, the same.
    EXPECT_EQ(schach("moves --variant standard --fen " + OffCorner).exit_code, 2);
}

TEST(CliVariant, RelaxDropsTheRights) {
    const Output fen = schach("fen --relax " + OffCorner);
    EXPECT_EQ(fen.exit_code, 0) << fen.out;
    EXPECT_EQ(fen.out, "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1\n");  // Black's rights fit
    const Output moves = schach("moves --relax --fen " + OffCorner);
    EXPECT_EQ(moves.exit_code, 0) << moves.out;
    EXPECT_FALSE(contains(moves.out, "O-O")) << moves.out;
    EXPECT_TRUE(contains(schach("perft 1 --relax --fen " + OffCorner).out, "Nodes searched: 24"));
}

TEST(CliVariant, Chess960CastlesOnlyWhenSaid) {
    const Output moves = schach("moves --variant chess960 --fen " + OffCorner);
    EXPECT_EQ(moves.exit_code, 0) << moves.out;
    EXPECT_TRUE(contains(moves.out, "O-O O-O-O")) << moves.out;
    EXPECT_TRUE(contains(schach("perft 1 --variant chess960 --fen " + OffCorner).out, "Nodes searched: 26"));
    EXPECT_TRUE(contains(schach("perft 1 --chess960 --fen " + OffCorner).out, "Nodes searched: 26"));
    // auto: today's detection, only where a user asks for it.
    EXPECT_TRUE(contains(schach("perft 1 --variant auto --fen " + OffCorner).out, "Nodes searched: 26"));
    EXPECT_EQ(schach("fen --variant chess960 --format shredder " + OffCorner).out,
              "r3k2r/8/8/8/8/8/8/R2K3R w HAha - 0 1\n");
}

TEST(CliVariant, UnknownOrContradictoryVariantIsAnError) {
    const Output bad = schach("perft 1 --variant crazyhouse --lang en");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_TRUE(contains(bad.out, "unknown variant: crazyhouse")) << bad.out;
    EXPECT_EQ(schach("perft 1 --variant standard --chess960").exit_code, 2);
}

TEST(CliVariant, StandardStartIsTheDefault) {
    EXPECT_TRUE(contains(schach("perft 3").out, "Nodes searched: 8902"));
    EXPECT_TRUE(contains(schach("moves --variant chess960").out, "Nf3"));
}

}  // namespace
}  // namespace schach
