// The generator on hand-made positions, at small node counts (the tactics are a few plies deep).

#include "puzzle/generator.hpp"

#include <gtest/gtest.h>

#include "core/fen.hpp"
#include "notation/notation.hpp"

namespace schach::puzzle {
namespace {

GeneratorOptions quick() {
    GeneratorOptions o;
    o.scan_nodes = 20'000;
    o.solve_nodes = 60'000;
    o.verify_nodes = 150'000;
    o.hash_mb = 16;
    o.rate_by_levels = false;
    return o;
}

Move uci(const Position& pos, std::string_view text) { return *parse_uci(pos, text); }

TEST(PuzzleGenerator, FindsAKnightForkWithItsTheme) {
    // Black's queen steps onto d7, where Nf6+ forks it with the king.
    const Position before = *position_from_fen("3q2k1/5p1p/8/8/4N3/8/5PPP/6K1 b - - 0 1");
    Generator g(quick());
    const auto [p, why] = g.try_position(before, uci(before, "d8d7"));
    ASSERT_TRUE(p) << static_cast<int>(why);
    ASSERT_GE(p->moves.size(), 4u);
    EXPECT_EQ(to_uci(p->start(), p->moves[1]), "e4f6");
    EXPECT_TRUE(p->has(Theme::Fork));
    EXPECT_TRUE(p->has(Theme::Crushing) || p->has(Theme::Advantage));
    EXPECT_TRUE(p->has(Theme::Short) || p->has(Theme::Long) || p->has(Theme::VeryLong));
    EXPECT_FALSE(p->has(Theme::Mate));
}

TEST(PuzzleGenerator, RefusesAPositionWithTwoWinningMoves) {
    // The queen steps onto d5, where both the knight and the rook take it for free.
    const Position before = *position_from_fen("q5k1/5ppp/8/8/8/2N5/5PPP/3R2K1 b - - 0 1");
    Generator g(quick());
    const auto [p, why] = g.try_position(before, uci(before, "a8d5"));
    EXPECT_FALSE(p);
    EXPECT_EQ(why, Rejection::NotUnique);
}

TEST(PuzzleGenerator, SkipsAPositionAlreadyWon) {
    // White is a knight up before Black's move; winning the queen too is no puzzle.
    const Position before = *position_from_fen("3q2k1/5p1p/8/8/4N3/8/5PPP/3Q2K1 b - - 0 1");
    Generator g(quick());
    const auto [p, why] = g.try_position(before, uci(before, "d8d7"));
    EXPECT_FALSE(p);
    EXPECT_TRUE(why == Rejection::AlreadyWinning || why == Rejection::AheadInMaterial) << static_cast<int>(why);
}

TEST(PuzzleGenerator, FindsABackRankMateInTwo) {
    // Black's rook leaves the back rank: Rd8+ Re8 Rxe8#.
    const Position before = *position_from_fen("4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    Generator g(quick());
    const auto [p, why] = g.try_position(before, uci(before, "e8e2"));
    ASSERT_TRUE(p) << "rejected: " << static_cast<int>(why);
    ASSERT_EQ(p->moves.size(), 4u);
    Position pos = p->start();
    std::string line;
    for (std::size_t i = 1; i < p->moves.size(); ++i) {
        line += to_uci(pos, p->moves[i]) + " ";
        pos.do_move(p->moves[i]);
    }
    EXPECT_EQ(line, "d1d8 e2e8 d8e8 ");
    EXPECT_TRUE(p->has(Theme::Mate));
    EXPECT_TRUE(p->has(Theme::MateIn2));
    EXPECT_TRUE(p->has(Theme::Short));
    EXPECT_TRUE(p->has(Theme::BackRankMate));
    EXPECT_FALSE(p->has(Theme::MateIn1));
}

}  // namespace
}  // namespace schach::puzzle
