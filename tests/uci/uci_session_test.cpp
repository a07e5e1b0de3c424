// Scripted UCI conversations with the real program (`schach uci`), through pipes. Every read has
// a timeout, so a hang fails the test instead of blocking the suite.

#include <gtest/gtest.h>

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "engine/level.hpp"
#include "support/engine_process.hpp"
#include "uci/command.hpp"
#include "uci/words.hpp"

namespace schach::uci {
namespace {

using namespace std::chrono_literals;
using test::EngineProcess;

struct Uci : EngineProcess {
    Uci() : EngineProcess(SCHACH_BINARY, {"uci"}) {}
    /// Sends isready and expects readyok in time.
    bool ready(std::chrono::milliseconds timeout = 5000ms) {
        send("isready");
        return read_until("readyok", timeout).has_value();
    }
};

/// The move of a "bestmove X [ponder Y]" line.
std::string best_of(const std::string& line) {
    const auto words = split_words(line);
    return words.size() >= 2 ? std::string(words[1]) : std::string();
}

Position fen(std::string_view text, bool chess960 = false) {
    ValidateOptions options;
    options.variant = chess960 ? Variant::Chess960 : Variant::Standard;
    auto pos = position_from_fen(text, options);
    EXPECT_TRUE(pos.has_value()) << text;
    return pos ? *pos : Position();
}

/// The number after the word `key` in a UCI line ("nodes 1234"), -1 when there is none.
long number_after(const std::string& line, std::string_view key) {
    const auto words = split_words(line);
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
        if (words[i] == key) return std::stol(std::string(words[i + 1]));
    return -1;
}

bool legal_in(const Position& pos, const std::string& move, bool chess960 = false) {
    return static_cast<bool>(find_uci_move(pos, move, chess960));
}

TEST(UciSession, UciListsEveryOptionThenUciok) {
    Uci e;
    ASSERT_TRUE(e.started());
    e.send("uci");
    std::vector<std::string> lines;
    ASSERT_TRUE(e.read_until("uciok", 5000ms, &lines)) << e.transcript();
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(lines[0].starts_with("id name Schach ")) << lines[0];
    EXPECT_TRUE(lines[1].starts_with("id author ")) << lines[1];
    const std::vector<std::string> expected = {
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Ponder type check default false",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Clear Hash type button",
        "option name UCI_Chess960 type check default false",
        "option name UCI_ShowWDL type check default false",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 2470 min 450 max 2470",
        "option name Level type spin default 8 min 1 max 8",
        "option name OwnBook type check default false",
    };
    for (const std::string& option : expected)
        EXPECT_NE(std::find(lines.begin(), lines.end(), option), lines.end()) << option << "\n" << e.transcript();
    EXPECT_TRUE(std::ranges::any_of(
        lines, [](const std::string& l) { return l.starts_with("option name BookFile type string default "); }));
    EXPECT_TRUE(e.ready());
}

TEST(UciSession, IsReadyIsAnsweredDuringAnInfiniteSearchAndStopGivesALegalMove) {
    Uci e;
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    ASSERT_TRUE(e.read_until("info depth", 5000ms)) << e.transcript();
    const auto asked = std::chrono::steady_clock::now();
    EXPECT_TRUE(e.ready(1000ms)) << e.transcript();
    EXPECT_LT(std::chrono::steady_clock::now() - asked, 1000ms);
    // No bestmove while infinite, not even after a while.
    std::vector<std::string> seen;
    EXPECT_FALSE(e.read_until("bestmove", 300ms, &seen)) << e.transcript();
    e.send("stop");
    const auto stopped = std::chrono::steady_clock::now();
    const auto best = e.read_until("bestmove", 2000ms);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_LT(std::chrono::steady_clock::now() - stopped, 1000ms);
    Position pos;
    pos.do_move(find_uci_move(pos, "e2e4", false));
    EXPECT_TRUE(legal_in(pos, best_of(*best))) << *best;
    EXPECT_TRUE(e.ready());
}

// White mates by castling: the rook lands on f1 and checks the boxed-in king on f8.
// Only castling mates: the king leaves the first rank's line, and the rook, now on f1, checks the
// king on a1 (a2 and b2 are covered by bishop and knight); the pawns keep the king from uncovering
// the rook by stepping off the rank.
constexpr std::string_view StandardCastleMate = "8/8/8/8/2B5/3N4/3PPP2/k3K2R w K - 0 1";
constexpr std::string_view Chess960CastleMateXFen = "8/8/8/8/2B5/3N4/4PPP1/k4K1R w K - 0 1";
constexpr std::string_view Chess960CastleMateShredder = "8/8/8/8/2B5/3N4/4PPP1/k4K1R w H - 0 1";

TEST(UciSession, StandardCastlingIsWrittenKingToTarget) {
    Uci e;
    e.send(fmt::format("position fen {}", StandardCastleMate));
    e.send("go depth 3");
    const auto best = e.read_until("bestmove", 10000ms);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(best_of(*best), "e1g1") << e.transcript();
    // As input: e1g1 (and king-takes-rook e1h1, when nothing else reads so) both castle.
    for (const char* castle : {"e1g1", "e1h1"}) {
        e.send(fmt::format("position fen {} moves {}", StandardCastleMate, castle));
        e.send("d");
        const auto shown = e.read_until("Fen: ");
        ASSERT_TRUE(shown) << e.transcript();
        EXPECT_EQ(*shown, "Fen: 8/8/8/8/2B5/3N4/3PPP2/k4RK1 b - - 1 1") << castle;
    }
}

TEST(UciSession, Chess960CastlingIsKingTakesRookInAndOut) {
    for (std::string_view fen_text : {Chess960CastleMateXFen, Chess960CastleMateShredder}) {
        Uci e;
        e.send("setoption name UCI_Chess960 value true");
        e.send(fmt::format("position fen {}", fen_text));
        e.send("go depth 3");
        const auto best = e.read_until("bestmove", 10000ms);
        ASSERT_TRUE(best) << e.transcript();
        EXPECT_EQ(best_of(*best), "f1h1") << e.transcript();
        // The pv of the info lines is written the same way.
        EXPECT_NE(e.transcript().find("pv f1h1"), std::string::npos) << e.transcript();

        e.send(fmt::format("position fen {} moves f1h1", fen_text));
        e.send("d");
        const auto shown = e.read_until("Fen: ");
        ASSERT_TRUE(shown) << e.transcript();
        EXPECT_EQ(*shown, "Fen: 8/8/8/8/2B5/3N4/4PPP1/k4RK1 b - - 1 1") << e.transcript();
        // Without UCI_Chess960 the king off e1 cannot keep a castling right.
        e.send("setoption name UCI_Chess960 value false");
        e.send(fmt::format("position fen {}", fen_text));
        const auto said = e.read_until("info string");
        ASSERT_TRUE(said) << e.transcript();
        EXPECT_NE(said->find("invalid position"), std::string::npos) << *said;
    }
}

TEST(UciSession, AnEvalFileThatIsNoNetworkOfThisEngineIsReportedAndTheEvaluationStays) {
    // Before, such a file left the engine on the hand-written evaluation without a word, so a
    // match of "the net" against it played the same engine twice.
    const std::filesystem::path junk = std::filesystem::temp_directory_path() / "schach-uci-not-a-net.nnue";
    {
        std::ofstream out(junk, std::ios::binary);
        out << "this is no network";
    }
    Uci e;
    e.send(fmt::format("setoption name EvalFile value {}", junk.string()));
    auto said = e.read_line();
    ASSERT_TRUE(said) << e.transcript();
    EXPECT_EQ(*said, fmt::format("info string setoption: EvalFile '{}' is not a network of schach train; the "
                                 "evaluation stays as it was",
                                 junk.string()));
    e.send("setoption name EvalFile value /nonexistent/schach.nnue");
    said = e.read_line();
    ASSERT_TRUE(said) << e.transcript();
    EXPECT_EQ(*said,
              "info string setoption: EvalFile '/nonexistent/schach.nnue' cannot be read; the evaluation "
              "stays as it was");
    e.send("position startpos");
    e.send("go depth 2");
    said = e.read_until("bestmove ");
    ASSERT_TRUE(said) << e.transcript();
    std::filesystem::remove(junk);
}

TEST(UciSession, BadInputGetsOneInfoStringAndTheEngineKeepsWorking) {
    Uci e;
    e.send("bogus command");
    auto said = e.read_line();
    ASSERT_TRUE(said) << e.transcript();
    EXPECT_EQ(*said, "info string unknown command 'bogus'");

    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
    said = e.read_line();
    ASSERT_TRUE(said) << e.transcript();
    EXPECT_TRUE(said->starts_with("info string position: FEN error in field side to move at offset 44")) << *said;

    e.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    said = e.read_line();
    ASSERT_TRUE(said) << e.transcript();
    EXPECT_TRUE(said->starts_with("info string position: invalid position:")) << *said;

    e.send("setoption name Threads value 0");
    said = e.read_line();
    ASSERT_TRUE(said);
    EXPECT_EQ(*said, "info string setoption: option 'Threads' takes an integer from 1 to 256, not '0'");

    e.send("setoption name NoSuchOption value 3");
    said = e.read_line();
    ASSERT_TRUE(said);
    EXPECT_EQ(*said, "info string setoption: no option named 'NoSuchOption'");

    e.send("go depth x");
    said = e.read_line();
    ASSERT_TRUE(said);
    EXPECT_EQ(*said, "info string go: 'depth' needs an integer from 1 to 236, not 'x'");

    // The illegal move: the position keeps the legal moves before it.
    e.send("position startpos moves e2e4 e7e5 e4e5 g1f3");
    said = e.read_line();
    ASSERT_TRUE(said) << e.transcript();
    EXPECT_TRUE(said->starts_with("info string position: move 2 'e4e5' is illegal")) << *said;
    EXPECT_NE(said->find("position set up with the 2 moves before it"), std::string::npos) << *said;
    e.send("d");
    said = e.read_until("Fen: ");
    ASSERT_TRUE(said);
    EXPECT_EQ(*said, "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");

    EXPECT_TRUE(e.ready());
    e.send("go depth 2");
    const auto best = e.read_until("bestmove", 10000ms);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_TRUE(legal_in(fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), best_of(*best)));
}

TEST(UciSession, GoWithDepthNodesMovetimeMateAndSearchmoves) {
    Uci e;
    e.send("position startpos");
    e.send("go depth 3");
    std::vector<std::string> lines;
    auto best = e.read_until("bestmove", 10000ms, &lines);
    ASSERT_TRUE(best) << e.transcript();
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(lines.back().starts_with("info depth 3 ")) << lines.back();
    EXPECT_TRUE(legal_in(Position(), best_of(*best)));

    e.send("go nodes 5000");
    best = e.read_until("bestmove", 10000ms);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_TRUE(legal_in(Position(), best_of(*best)));

    e.send("go movetime 300");
    const auto started = std::chrono::steady_clock::now();
    best = e.read_until("bestmove", 3000ms);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1500ms);

    e.send("position startpos");
    e.send("go depth 4 searchmoves a2a3 h2h4");
    best = e.read_until("bestmove", 10000ms);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_TRUE(best_of(*best) == "a2a3" || best_of(*best) == "h2h4") << *best;

    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go mate 1");
    lines.clear();
    best = e.read_until("bestmove", 10000ms, &lines);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(best_of(*best), "a1a8") << e.transcript();
    EXPECT_NE(lines.back().find("score mate 1"), std::string::npos) << lines.back();

    // No legal move: bestmove 0000.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 2");
    best = e.read_until("bestmove", 5000ms);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(*best, "bestmove 0000");
}

TEST(UciSession, PonderWaitsForPonderhitOrStop) {
    Uci e;
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    EXPECT_FALSE(e.read_until("bestmove", 500ms)) << e.transcript();
    EXPECT_TRUE(e.ready(1000ms));
    e.send("ponderhit");
    auto best = e.read_until("bestmove", 3000ms);
    ASSERT_TRUE(best) << e.transcript();

    // A ponder miss: stop, then the real position.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    EXPECT_FALSE(e.read_until("bestmove", 300ms)) << e.transcript();
    e.send("stop");
    best = e.read_until("bestmove", 2000ms);
    ASSERT_TRUE(best) << e.transcript();
    e.send("position startpos moves e2e4 c7c5");
    e.send("go wtime 2000 btime 2000");
    best = e.read_until("bestmove", 3000ms);
    ASSERT_TRUE(best) << e.transcript();
}

TEST(UciSession, CommandsThatNeedAnIdleEngineAreRefusedDuringInfinite) {
    Uci e;
    e.send("go infinite");
    ASSERT_TRUE(e.read_until("info depth", 5000ms));
    e.send("setoption name Hash value 32");
    const auto said = e.read_until("info string");
    ASSERT_TRUE(said) << e.transcript();
    EXPECT_EQ(*said, "info string setoption: refused while an infinite or ponder search runs (send stop first)");
    e.send("stop");
    ASSERT_TRUE(e.read_until("bestmove", 2000ms));
}

TEST(UciSession, QuitAndEndOfInputEndTheProgram) {
    {
        Uci e;
        e.send("go infinite");
        ASSERT_TRUE(e.read_until("info depth", 5000ms));
        e.send("quit");
        const auto code = e.wait_exit(3000ms);
        ASSERT_TRUE(code) << e.transcript();
        EXPECT_EQ(*code, 0);
    }
    {
        Uci e;
        e.send("go infinite");
        ASSERT_TRUE(e.read_until("info depth", 5000ms));
        e.close_input();
        const auto code = e.wait_exit(3000ms);
        ASSERT_TRUE(code) << e.transcript();
        EXPECT_EQ(*code, 0);
    }
}

TEST(UciSession, LimitStrengthPlaysALegalMoveWithinItsLevelsCaps) {
    Uci e;
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 450");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go wtime 60000 btime 60000");
    std::vector<std::string> lines;
    const auto best = e.read_until("bestmove", 5000ms, &lines);
    ASSERT_TRUE(best) << e.transcript();
    Position pos;
    for (const char* m : {"e2e4", "e7e5", "g1f3"}) pos.do_move(find_uci_move(pos, m, false));
    EXPECT_TRUE(legal_in(pos, best_of(*best))) << *best;
    // The level's caps, not the clock, end the search: no line searched deeper or with more
    // nodes than the level (found from the Elo) allows.
    const engine::LevelPolicy policy = engine::policy_for_level(engine::level_for_elo(450));
    ASSERT_GT(policy.nodes, 0);
    int infos = 0;
    for (const std::string& line : lines) {
        if (!line.starts_with("info depth")) continue;
        ++infos;
        EXPECT_LE(number_after(line, "depth"), policy.depth) << line;
        EXPECT_LE(number_after(line, "nodes"), policy.nodes) << line;
    }
    EXPECT_GT(infos, 0) << e.transcript();
}

}  // namespace
}  // namespace schach::uci
