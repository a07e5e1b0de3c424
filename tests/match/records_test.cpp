// What a finished game leaves behind: move comments, quiet positions for the tuner, the journal.

#include <gtest/gtest.h>

#include "core/fen.hpp"
#include "match/records.hpp"
#include "notation/notation.hpp"

namespace schach::match {
namespace {

PlayedMove played(const Position& pos, std::string_view uci, int cp, int depth, int used_ms) {
    PlayedMove m;
    m.move = *parse_uci(pos, uci);
    m.uci = uci;
    m.report.score = engine::Score{engine::Score::Kind::Centipawns, cp};
    m.report.depth = depth;
    m.used = ms(used_ms);
    return m;
}

TEST(MatchRecords, MoveComments) {
    PlayedMove m = played(Position(), "e2e4", 31, 12, 520);
    EXPECT_EQ(move_comment(m), "+0.31/12 0.52s");
    m.clock = ms(9800);
    EXPECT_EQ(move_comment(m), "+0.31/12 0.52s [%clk 0:00:09.8]");
    m.report.score = engine::Score{engine::Score::Kind::Mate, -3};
    m.clock.reset();
    EXPECT_EQ(move_comment(m), "-M3/12 0.52s");
}

TEST(MatchRecords, QuietPositionsSkipOpeningChecksCapturesAndPromotions) {
    // Opening 1. e4; then 1... d5 (quiet) 2. exd5 (a capture: skipped) Qxd5 (capture) 3. Nc3
    // (quiet) Qe5+ (quiet) 4. Be2 (in check before it: skipped).
    GameRecord r;
    Position pos;
    r.opening.moves.push_back(*parse_uci(pos, "e2e4"));
    pos.do_move(r.opening.moves[0]);
    for (const char* uci : {"d7d5", "e4d5", "d8d5", "b1c3", "d5e5", "f1e2"}) {
        r.moves.push_back(played(pos, uci, 0, 1, 1));
        pos.do_move(r.moves.back().move);
    }
    r.outcome = {Result::BlackWins, Termination::Resignation};
    r.reason = EndReason::ResignAdjudicated;
    const auto lines = quiet_positions(r);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [0.0]");
    EXPECT_TRUE(lines[1].ends_with(" [0.0]"));
    // An engine's failure says nothing about the positions.
    r.reason = EndReason::Crash;
    EXPECT_TRUE(quiet_positions(r).empty());
    r.reason = EndReason::Rules;
    r.outcome = {Result::Draw, Termination::Agreement};
    EXPECT_TRUE(quiet_positions(r)[0].ends_with(" [0.5]"));
}

TEST(MatchRecords, JournalLinesReadBack) {
    const std::string text = journal_header("abc") + "\n" +
                             journal_line({0, Result::WhiteWins, EndReason::Rules, 80, 1000, 20}) + "\n" +
                             journal_line({3, Result::Draw, EndReason::DrawAdjudicated, 90, 2000, 40}) + "\n" +
                             "garbage line\n" + "4 1-0 crash";  // a torn last line
    const JournalRead read = read_journal(text, "abc");
    EXPECT_TRUE(read.matches);
    ASSERT_EQ(read.entries.size(), 2u);
    EXPECT_EQ(read.entries.at(3), (JournalEntry{3, Result::Draw, EndReason::DrawAdjudicated, 90, 2000, 40}));
    EXPECT_FALSE(read_journal(text, "other").matches);
    EXPECT_TRUE(read_journal(journal_header("other") + "\n", "abc").matches);  // no games: nothing lost
    EXPECT_EQ(journal_line({7, Result::BlackWins, EndReason::TimeForfeit, 5, 123, 0}), "7 0-1 time-forfeit 5 123 0");
}

}  // namespace
}  // namespace schach::match
