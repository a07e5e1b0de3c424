// `schach play` (scripted: stdin is a file) and `schach timecontrol`, through the built program.

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "cli/cli_run.hpp"

namespace {

struct CliRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Runs `schach ARGS` with `input` as stdin (a file, so the program reads it as a script).
/// ARGS is shell text: quote FENs with single quotes.
CliRun run_schach(const std::string& args, const std::string& input = "") {
    char in_path[] = "/tmp/schach_play_in_XXXXXX";
    char err_path[] = "/tmp/schach_play_err_XXXXXX";
    const int in_fd = ::mkstemp(in_path);
    const int err_fd = ::mkstemp(err_path);
    CliRun run;
    if (in_fd < 0 || err_fd < 0) return run;
    ::close(err_fd);
    const bool written = ::write(in_fd, input.data(), input.size()) == static_cast<ssize_t>(input.size());
    ::close(in_fd);
    if (written) {
        schach::test::CommandRun shell = schach::test::run_command("NO_COLOR=1 " + schach::test::schach_command(args) +
                                                                   " < " + in_path + " 2> " + err_path);
        run.exit_code = shell.exit_code;
        run.out = std::move(shell.out);
        run.err = read_file(err_path);
    }
    std::remove(in_path);
    std::remove(err_path);
    return run;
}

using schach::test::contains;
using schach::test::last_line;
using schach::test::lines_of;

constexpr const char* LoneKingFen = "'8/8/8/4k3/8/8/8/KQ6 w - - 0 1'";

// ---------------------------------------------------------------- endings

TEST(CliPlay, FoolsMateGerman) {
    const CliRun r = run_schach("play --lang de", "f3\ne5\ng4\nDh4\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "1. f3\n1... e5\n2. g4\n2... Dh4#\n0-1 Schachmatt: Schwarz gewinnt (Art. 5.1.1)\n");
}

TEST(CliPlay, FoolsMateEnglishWithGermanLettersAndUci) {
    // Input in either letter set or UCI; output in the chosen language.
    const CliRun r = run_schach("play --lang en", "f2f3\ne5\ng4\nDh4#\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(contains(r.out, "2... Qh4#\n")) << r.out;
    EXPECT_EQ(last_line(r.out), "0-1 Checkmate: Black wins (Art. 5.1.1)");
}

TEST(CliPlay, GenderNeutralGermanLetters) {
    const CliRun r = run_schach("play --lang de-neutral", "f3 e5 g4 Qh4\n");
    EXPECT_TRUE(contains(r.out, "2... Wh4#\n")) << r.out;
    EXPECT_EQ(last_line(r.out), "0-1 Schachmatt: Schwarz gewinnt (Art. 5.1.1)");
}

TEST(CliPlay, MovesAfterTheEndAreRefusedButPgnStillWorks) {
    const CliRun r = run_schach("play --lang en --tc 5+3", "f3\ne5\ng4\nQh4#\na3\npgn\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(contains(r.out, "error: The game is over\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "[Result \"0-1\"]")) << r.out;
    EXPECT_TRUE(contains(r.out, "[TimeControl \"300+3\"]")) << r.out;
    EXPECT_TRUE(contains(r.out, "[Termination \"checkmate\"]")) << r.out;
    EXPECT_TRUE(contains(r.out, "1. f3 { [%clk 0:05:0")) << r.out;
    EXPECT_TRUE(contains(r.out, "2... Qh4# { [%clk 0:05:0")) << r.out;
    EXPECT_FALSE(contains(r.out, "[SetUp")) << r.out;
}

// ---------------------------------------------------------------- claims

TEST(CliPlay, ThreefoldClaimGerman) {
    const CliRun r = run_schach("play --lang de", "Sf3\nSf6\nSg1\nSg8\nSf3\nSf6\nSg1\nSg8\nreklamieren\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(contains(r.out, "4... Sg8\n")) << r.out;
    EXPECT_EQ(last_line(r.out), "1/2-1/2 Dreifache Stellungswiederholung reklamiert: remis (Art. 9.2)");
}

TEST(CliPlay, ThreefoldClaimEnglishWithIntendedMove) {
    const CliRun r = run_schach("play --lang en", "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nclaim Ng8\npgn\n");
    EXPECT_TRUE(contains(r.out,
                         "Claimed with the intended move Ng8\n"
                         "1/2-1/2 Threefold repetition claimed: draw (Art. 9.2)\n"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "[Termination \"threefold repetition\"]")) << r.out;
    EXPECT_TRUE(contains(r.out, "4. Ng1 { Draw claimed with the intended move")) << r.out;  // wrapped at 80
    EXPECT_TRUE(contains(r.out, "Ng8 } 1/2-1/2")) << r.out;
}

TEST(CliPlay, FiftyMoveClaim) {
    const std::string fen = "'8/8/8/4k3/8/8/8/KR6 w - - 99 80'";
    const CliRun with_move = run_schach("play --lang en --fen " + fen, "claim Rb2\n");
    EXPECT_EQ(last_line(with_move.out), "1/2-1/2 50-move rule claimed: draw (Art. 9.3)");
    const CliRun after_move = run_schach("play --lang de --fen " + fen, "Tb2\nKe4\nrk\n");
    EXPECT_EQ(last_line(after_move.out), "1/2-1/2 50-Züge-Regel reklamiert: remis (Art. 9.3)");
}

TEST(CliPlay, IncorrectClaimCostsTimeAndPlaysTheMove) {
    // Rapid: the opponent gets 1 minute (A.3); the intended move is played; the claim is an offer.
    const CliRun r = run_schach("play --lang de --tc 15+10", "e4\ne5\nreklamieren Sf3\nuhr\nannehmen\n");
    EXPECT_TRUE(contains(r.out, "Die Reklamation ist unberechtigt")) << r.out;
    EXPECT_TRUE(contains(r.out, "Schwarz erhält 1 Minute dazu.\n2. Sf3\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "Weiß bietet Remis an")) << r.out;
    EXPECT_TRUE(contains(r.out, "▶ Schwarz 16:")) << r.out;
    EXPECT_EQ(last_line(r.out), "1/2-1/2 Remis vereinbart: remis (Art. 5.2.3)");
}

// ---------------------------------------------------------------- offers and resigning

TEST(CliPlay, DrawOfferTooEarlyThenAgreedGerman) {
    const CliRun r = run_schach("play --lang de", "remis\ne4\ne5\nremis\nannehmen\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(lines_of(r.out).front(), "Fehler: Kein Remisangebot vor dem ersten Zug beider Seiten");
    EXPECT_TRUE(contains(r.out, "Weiß bietet Remis an")) << r.out;
    EXPECT_EQ(last_line(r.out), "1/2-1/2 Remis vereinbart: remis (Art. 5.2.3)");
}

TEST(CliPlay, DrawOfferWithMoveAcceptedEnglish) {
    const CliRun r = run_schach("play --lang en", "draw\ne4 e5 Nf3 draw\naccept\n");
    EXPECT_EQ(lines_of(r.out).front(), "error: No draw offer before both sides have made a move");
    EXPECT_TRUE(contains(r.out, "White offers a draw")) << r.out;
    EXPECT_EQ(last_line(r.out), "1/2-1/2 Draw agreed: draw (Art. 5.2.3)");
}

TEST(CliPlay, DrawOfferDeclinedAndDeclinedByMove) {
    const CliRun r = run_schach("play --lang en", "e4\ne5\ndraw\ndecline\ndraw\nNf3\nNc6\naccept\n");
    EXPECT_TRUE(contains(r.out, "Black declines the draw offer.\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "2... Nc6\nThe move declines the draw offer.\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "error: There is no draw offer to accept\n")) << r.out;
    EXPECT_EQ(last_line(r.out), "* The game has not ended (end of input).");
}

TEST(CliPlay, Resign) {
    EXPECT_EQ(last_line(run_schach("play --lang de", "e4\naufgeben\n").out), "1-0 Aufgabe: Weiß gewinnt (Art. 5.1.2)");
    EXPECT_EQ(last_line(run_schach("play --lang en", "resign white\n").out),
              "0-1 Resignation: Black wins (Art. 5.1.2)");
    // 5.1.2: resigning against a lone king is a draw.
    EXPECT_EQ(last_line(run_schach(std::string("play --lang en --fen ") + LoneKingFen, "resign white\n").out),
              "1/2-1/2 Resignation: draw (Art. 5.1.2)");
}

// ---------------------------------------------------------------- clocks

TEST(CliPlay, FlagFallAgainstLoneKingIsADraw) {
    const CliRun r = run_schach(std::string("play --lang de --tc 1+0 --fen ") + LoneKingFen, "warte 61\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out,
              "Die Zeit von Weiß ist abgelaufen. Schwarz kann nicht mehr mattsetzen.\n"
              "1/2-1/2 Zeitüberschreitung: remis (Art. 6.9)\n");
}

TEST(CliPlay, FlagFallLosesWhenTheOpponentCanMate) {
    const CliRun white = run_schach("play --lang en --tc 1+0", "wait 61\ne4\npgn\n");
    EXPECT_TRUE(contains(white.out, "White's time has run out.\n0-1 Flag fall: Black wins (Art. 6.9)\n")) << white.out;
    EXPECT_FALSE(contains(white.out, "1. e4")) << white.out;  // the flag fell before the move
    EXPECT_TRUE(contains(white.out, "[Termination \"time forfeit\"]")) << white.out;
    EXPECT_TRUE(contains(white.out, "[TimeControl \"60\"]")) << white.out;

    const CliRun black = run_schach("play --lang de --tc 1+0", "e4\nwait 30\nwait 31\n");
    EXPECT_TRUE(contains(black.out, "▶ Schwarz 0:")) << black.out;  // after the first wait
    EXPECT_EQ(last_line(black.out), "1-0 Zeitüberschreitung: Weiß gewinnt (Art. 6.9)");
}

TEST(CliPlay, MateOnTheLastSecondStands) {
    // 6.2.1.1: the move that mates ends the game even if the clock shows zero right after it.
    const CliRun r = run_schach("play --lang en --tc 1+0 --fen '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'",
                                "wait 58\nRa8#\n");
    EXPECT_EQ(last_line(r.out), "1-0 Checkmate: White wins (Art. 5.1.1)");
}

TEST(CliPlay, WaitWithoutClockChangesNothing) {
    const CliRun r = run_schach("play --lang de", "warte 100000\ne4\n");
    EXPECT_EQ(r.out, "1. e4\n* Die Partie ist nicht beendet (Ende der Eingabe).\n");
}

// ---------------------------------------------------------------- other commands

TEST(CliPlay, ErrorsDoNotStopTheScript) {
    const CliRun r = run_schach("play --lang en", "xyz\nKe2\ne4\n");
    EXPECT_EQ(r.exit_code, 0);
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 4u) << r.out;
    EXPECT_EQ(lines[0], "error: Unknown command or move \"xyz\"; \"help\" lists the commands");
    EXPECT_EQ(lines[1].rfind("error: Illegal move Ke2", 0), 0u) << lines[1];
    EXPECT_EQ(lines[2], "1. e4");
    EXPECT_EQ(lines[3], "* The game has not ended (end of input).");
}

TEST(CliPlay, LegalMovesInEitherLanguage) {
    EXPECT_TRUE(contains(run_schach("play --lang de", "züge\n").out, "Legale Züge (20): Sa3 Sc3 Sf3 Sh3 a3")) << "de";
    EXPECT_TRUE(contains(run_schach("play --lang en", "MOVES\n").out, "Legal moves (20): Na3 Nc3 Nf3 Nh3 a3"));
}

TEST(CliPlay, BoardAndFlip) {
    const CliRun r = run_schach("play --lang de --tc 5+3", "e4\nbrett\ndrehen\n");
    const auto lines = lines_of(r.out);
    ASSERT_GE(lines.size(), 21u) << r.out;
    EXPECT_EQ(lines[1], "    a  b  c  d  e  f  g  h");
    EXPECT_EQ(lines[2].rfind(" 8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8   Schwarz  ", 0), 0u) << lines[2];
    EXPECT_TRUE(contains(lines[2], "  ◀ am Zug")) << lines[2];  // Black's clock runs: 5:00 or 4:59
    EXPECT_EQ(lines[6], " 4  ·  ·  ·  · [♙] ·  ·  ·  4");       // the last move is marked
    EXPECT_EQ(lines[8].rfind(" 2  ♙  ♙  ♙  ♙ [·] ♙  ♙  ♙  2", 0), 0u) << lines[8];
    EXPECT_EQ(lines[11], "    h  g  f  e  d  c  b  a");  // flipped: Black at the bottom
    EXPECT_EQ(lines[12].rfind(" 1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖  1   Weiß     5:0", 0), 0u) << lines[12];
}

TEST(CliPlay, TouchMove) {
    const CliRun r = run_schach("play --lang de --touch-move", "berühre g1\ne4\nSf3\n");
    EXPECT_TRUE(contains(r.out, "Berührt: Springer auf g1 (Weiß).\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "Fehler: Berührt – geführt: die Figur auf g1 muss gezogen werden\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "1. Sf3\n")) << r.out;
    EXPECT_TRUE(contains(run_schach("play --lang en", "touch e2\n").out, "\"touch\" needs --touch-move"));
}

TEST(CliPlay, Chess960AndSetUpInPgn) {
    const CliRun r = run_schach("play --chess960 0 --lang en", "pgn\n");
    EXPECT_EQ(lines_of(r.out).front(), "Chess960 start position no. 0");
    EXPECT_TRUE(contains(r.out, "[Variant \"Chess960\"]")) << r.out;
    EXPECT_TRUE(contains(r.out, "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]")) << r.out;
    EXPECT_TRUE(contains(r.out, "[TimeControl \"-\"]")) << r.out;
    EXPECT_TRUE(contains(r.out, "[Termination \"unterminated\"]")) << r.out;
}

TEST(CliPlay, QuitAndEmptyInput) {
    EXPECT_EQ(run_schach("play --lang de", "e4\nende\ne5\n").out, "1. e4\n* Partie abgebrochen.\n");
    const CliRun empty = run_schach("play --lang en");
    EXPECT_EQ(empty.exit_code, 0);
    EXPECT_EQ(empty.out, "* The game has not ended (end of input).\n");
}

TEST(CliPlay, BadArguments) {
    const CliRun tc = run_schach("play --tc 5x3 --lang en");
    EXPECT_EQ(tc.exit_code, 2);
    EXPECT_TRUE(contains(tc.err, "time control, offset 1")) << tc.err;
    const CliRun tc_de = run_schach("play --tc 5x3 --lang de");
    EXPECT_EQ(tc_de.exit_code, 2);
    EXPECT_TRUE(contains(tc_de.err, "Bedenkzeit, Zeichen 1")) << tc_de.err;
    EXPECT_EQ(run_schach("play --lang de --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1'").exit_code,
              2);
    EXPECT_EQ(run_schach("play --lang fr").exit_code, 2);
    EXPECT_EQ(run_schach("play --lang de --chess960 960").exit_code, 2);
    EXPECT_EQ(run_schach("play --lang de --chess960 1 --fen '8/8/8/4k3/8/8/8/KQ6 w - - 0 1'").exit_code, 2);
}

// ---------------------------------------------------------------- schach timecontrol

TEST(CliTimeControl, Presets) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"1+0", "1+0 blitz"},         {"3+2", "3+2 blitz"},
        {"5+3", "5+3 blitz"},         {"10+5", "10+5 rapid"},
        {"15+10", "15+10 rapid"},     {"25+10", "25+10 rapid"},
        {"90+30", "90+30 classical"}, {"40/90+30+30s", "40/90+30,30+30 classical"},
    };
    for (const auto& [spec, first] : cases) {
        const CliRun r = run_schach("timecontrol '" + spec + "'");
        EXPECT_EQ(r.exit_code, 0) << spec;
        const auto lines = lines_of(r.out);
        ASSERT_EQ(lines.size(), 2u) << spec << ": " << r.out;
        EXPECT_EQ(lines[0], first);
    }
    EXPECT_EQ(lines_of(run_schach("timecontrol 5+3 --lang de").out)[1], "5 Minuten + 3 Sekunden pro Zug: Blitzschach");
    EXPECT_EQ(lines_of(run_schach("timecontrol 5+3 --lang en").out)[1], "5 minutes + 3 seconds per move: blitz");
    EXPECT_EQ(run_schach("timecontrol ' 5 + 3 '").out, run_schach("timecontrol 5+3").out);
}

TEST(CliTimeControl, PgnAndList) {
    EXPECT_EQ(run_schach("timecontrol 5+3 --pgn").out, "300+3\n");
    EXPECT_EQ(run_schach("timecontrol 40/90+30+30s --pgn").out, "40/5400+30:1800+30\n");
    const CliRun list = run_schach("timecontrol --list");
    EXPECT_EQ(list.exit_code, 0);
    const auto lines = lines_of(list.out);
    ASSERT_EQ(lines.size(), 9u) << list.out;
    EXPECT_EQ(lines[1].rfind("1+0            blitz      60 ", 0), 0u) << lines[1];
    EXPECT_EQ(lines[8].rfind("40/90+30+30s   classical  40/5400+30:1800+30 ", 0), 0u) << lines[8];
}

TEST(CliTimeControl, Errors) {
    const CliRun bad = run_schach("timecontrol 5x3 --lang de");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.out, "");
    EXPECT_EQ(bad.err, "Fehler: Bedenkzeit, Zeichen 1: erwartet ',' oder Ende\n  5x3\n   ^\n");
    const CliRun bad_en = run_schach("timecontrol 5x3 --lang en");
    EXPECT_EQ(bad_en.err, "error: time control, offset 1: expected ',' or end\n  5x3\n   ^\n");
    EXPECT_EQ(run_schach("timecontrol 0+0").exit_code, 2);
    EXPECT_EQ(run_schach("timecontrol -5").exit_code, 2);
    EXPECT_EQ(run_schach("timecontrol").exit_code, 2);
    EXPECT_EQ(run_schach("timecontrol 5+3 --list").exit_code, 2);
}

}  // namespace
