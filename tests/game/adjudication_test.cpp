// adjudicate(): the Laws' verdict on a recorded game, as `schach pgn adjudicate` and the PGN page
// of `schach serve` give it.

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "game/adjudication.hpp"
#include "notation/notation.hpp"

namespace schach {
namespace {

/// The moves of `san` (space-separated) from `fen`.
std::vector<Move> line(const std::string& fen, const std::string& san) {
    Position pos = *position_from_fen(fen);
    std::vector<Move> moves;
    std::size_t start = 0;
    while (start < san.size()) {
        const std::size_t end = std::min(san.find(' ', start), san.size());
        const auto m = parse_san(pos, san.substr(start, end - start));
        EXPECT_TRUE(m) << san.substr(start, end - start);
        if (!m) break;
        moves.push_back(*m);
        pos.do_move(*m);
        start = end + 1;
    }
    return moves;
}

GameRecord recorded(std::string result, std::optional<std::string> termination = std::nullopt) {
    GameRecord r;
    r.recorded = std::move(result);
    r.termination = std::move(termination);
    return r;
}

Adjudication of(const std::string& fen, const std::string& san, const GameRecord& record = recorded("")) {
    return adjudicate(*position_from_fen(fen), line(fen, san), record);
}

TEST(Adjudication, CheckmateAgainstTheRecordedResult) {
    const Adjudication a = of(std::string(StartFen), "f3 e5 g4 Qh4#", recorded("1-0"));
    EXPECT_EQ(a.verdict, Adjudication::Verdict::Over);
    EXPECT_EQ(a.laws.result, Result::BlackWins);
    EXPECT_EQ(adjudication_label(a), "checkmate");
    EXPECT_TRUE(a.differs);
    EXPECT_FALSE(a.end_ply);  // nothing followed the mate
    EXPECT_FALSE(of(std::string(StartFen), "f3 e5 g4 Qh4#", recorded("0-1")).differs);
}

TEST(Adjudication, AFlagFallsButTheWinnerCannotMate) {
    // White has a bare king; Black's clock shows 0 after Black's last move: a draw by 6.9.
    const GameRecord record = recorded("1-0", "time forfeit");
    const Adjudication a = of("4k3/8/8/8/8/8/8/4K2q w - - 0 1", "Kd2 Qh2+", record);
    EXPECT_EQ(a.verdict, Adjudication::Verdict::Over);
    EXPECT_EQ(a.laws.result, Result::Draw);
    ASSERT_TRUE(a.cannot_mate);
    EXPECT_EQ(*a.cannot_mate, Color::White);
    EXPECT_EQ(a.cannot_mate_article, "6.9");
    // The same flag with Black's queen able to mate: Black wins on time.
    GameRecord zero = recorded("0-1");
    zero.last_clock[Color::White] = 0.0;
    const Adjudication b = of("4k3/8/8/8/8/8/8/4K2q w - - 0 1", "Kd2 Qh2+", zero);
    EXPECT_EQ(b.laws.result, Result::BlackWins);
    EXPECT_FALSE(b.cannot_mate);
}

TEST(Adjudication, AResignationOfASideThatCannotLoseIsADraw) {
    // "1-0" by resignation, but White has only a king left: 5.1.2 makes it a draw.
    const Adjudication a = of("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "Kd1", recorded("1-0"));
    EXPECT_EQ(a.laws.result, Result::Draw);
    EXPECT_EQ(a.cannot_mate_article, "5.1.2");
    EXPECT_TRUE(a.differs);
}

TEST(Adjudication, ClaimableAndOngoingGames) {
    const Adjudication threefold = of(std::string(StartFen), "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", recorded("*"));
    EXPECT_EQ(threefold.verdict, Adjudication::Verdict::ClaimableThreefold);
    EXPECT_EQ(adjudication_label(threefold), "claimable threefold-repetition");
    const Adjudication ongoing = of(std::string(StartFen), "e4 e5");
    EXPECT_EQ(adjudication_label(ongoing), "ongoing");
    EXPECT_FALSE(ongoing.differs);
}

TEST(Adjudication, MovesAfterAnAutomaticEnding) {
    // 1.Kxd2 leaves king and bishop against a king: a dead position (5.2.2) ends the game at once;
    // the record goes on for two more plies.
    const Adjudication a = of("4k3/8/8/8/8/8/3p4/4KB2 w - - 0 1", "Kxd2 Ke7 Bd3", recorded("*"));
    EXPECT_EQ(a.verdict, Adjudication::Verdict::Over);
    EXPECT_EQ(a.laws.result, Result::Draw);
    EXPECT_EQ(adjudication_label(a), "dead-position");
    ASSERT_TRUE(a.end_ply);
    EXPECT_EQ(*a.end_ply, 1);
    EXPECT_EQ(a.plies, 3);
    EXPECT_TRUE(a.differs);
    EXPECT_TRUE(is_time_forfeit_tag("Black won on time"));
    EXPECT_FALSE(is_time_forfeit_tag("Normal"));
}

}  // namespace
}  // namespace schach
