#include "puzzle/puzzle.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace schach::puzzle {
namespace {

constexpr std::string_view BackRank =
    "p0001,6k1/5ppp/8/8/8/8/r4PPP/3R2K1 b - - 0 1,a2a3 d1d8,812,80,90,12,backRankMate endgame mate mateIn1 oneMove,"
    "selfplay-1.pgn#3,";

TEST(Puzzle, ReadsAndWritesLichessColumns) {
    const auto p = parse_csv(BackRank);
    ASSERT_TRUE(p) << static_cast<int>(p.error().kind);
    EXPECT_EQ(p->id, "p0001");
    ASSERT_EQ(p->moves.size(), 2u);
    EXPECT_EQ(p->rating, 812);
    EXPECT_EQ(p->deviation, 80);
    EXPECT_TRUE(p->has(Theme::BackRankMate));
    EXPECT_TRUE(p->has(Theme::MateIn1));
    EXPECT_FALSE(p->has(Theme::Fork));
    EXPECT_EQ(p->start().side_to_move(), Color::White);  // the solver moves after the opponent's move
    EXPECT_EQ(to_csv(*p), BackRank);
    // Tab-separated works too.
    std::string tabs(BackRank);
    for (char& c : tabs)
        if (c == ',') c = '\t';
    EXPECT_TRUE(parse_csv(tabs));
}

TEST(Puzzle, Chess960PuzzlesKeepTheirCastling) {
    const std::string line = "p960,4k3/8/8/8/8/8/8/4K1R1 b G - 0 1,e8d8 e1g1,1500,500,0,0,castling chess960 short,,";
    // e1g1 is White's castling with the g-rook (king takes rook): king to g1, rook to f1.
    const auto p = parse_csv(line);
    ASSERT_TRUE(p) << static_cast<int>(p.error().kind);
    EXPECT_TRUE(p->position.is_chess960());
    EXPECT_EQ(p->moves[1].kind(), MoveKind::Castling);
    EXPECT_EQ(to_csv(*p), line);
}

TEST(Puzzle, BadLinesSayWhatAndWhichColumn) {
    const auto bad = [](std::string_view line) { return parse_csv(line).error(); };
    EXPECT_EQ(bad("x,not a fen,e2e4 e7e5").kind, PuzzleError::Kind::BadFen);
    EXPECT_EQ(bad("x,not a fen,e2e4 e7e5").column, 2);
    const auto illegal = bad("x,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,e2e5 e7e5");
    EXPECT_EQ(illegal.kind, PuzzleError::Kind::IllegalMove);
    EXPECT_EQ(illegal.text, "e2e5");
    EXPECT_EQ(bad("x,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,e2e4").kind, PuzzleError::Kind::TooShort);
    const auto theme = bad("x,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,e2e4 e7e5,1,1,1,1,forky");
    EXPECT_EQ(theme.kind, PuzzleError::Kind::UnknownTheme);
    EXPECT_EQ(theme.column, 8);
    EXPECT_EQ(bad("x,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,e2e4 e7e5,high").kind,
              PuzzleError::Kind::BadNumber);

    std::istringstream file(std::string(CsvHeader) + "\n" + std::string(BackRank) + "\nbroken\n");
    const auto read = read_puzzles(file);
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().line, 3u);
}

TEST(Puzzle, EveryThemeIdReadsBack) {
    for (std::size_t i = 0; i < static_cast<std::size_t>(Theme::Count); ++i)
        EXPECT_EQ(parse_theme(theme_id(static_cast<Theme>(i))), static_cast<Theme>(i));
}

}  // namespace
}  // namespace schach::puzzle
