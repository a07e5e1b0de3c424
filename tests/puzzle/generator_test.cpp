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

GeneratorOptions two_stage() {
    GeneratorOptions o = quick();
    o.prefilter_nodes = 2'000;
    return o;
}

Move uci(const Position& pos, std::string_view text) { return *parse_uci(pos, text); }

/// Whether the pre-filter's cheap searches see the jump of `blunder` coming.
bool prefilter_keeps(Generator& g, const Position& before, Move blunder) {
    Position after = before;
    after.do_move(blunder);
    const Lines b = g.search(before, two_stage().prefilter_nodes, 1);
    const Lines a = g.search(after, two_stage().prefilter_nodes, 1);
    return !b.lines.empty() && !a.lines.empty() && might_jump(b.lines.front().eval, a.lines.front().eval);
}

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

TEST(PuzzleGenerator, RejectsAPositionAlreadyWonBeforeSearchingTheSolution) {
    // The scan saw the mover of d8d7 at -350 before it: the solver was winning already.
    const Position before = *position_from_fen("3q2k1/5p1p/8/8/4N3/8/5PPP/6K1 b - - 0 1");
    Generator g(quick());
    const auto [p, why] = g.try_position(before, uci(before, "d8d7"), review::Eval::cp(-350));
    EXPECT_FALSE(p);
    EXPECT_EQ(why, Rejection::AlreadyWinning);
    EXPECT_EQ(g.stats().solve.searches, 0u);
    EXPECT_EQ(g.stats().verify.searches, 0u);
}

TEST(PuzzleGenerator, RejectsASolverAheadInMaterialBeforeSearchingTheSolution) {
    // White, a pawn up, forks king and queen after d8d7; the scan saw no mate there: no puzzle,
    // and no search of the solution.
    const Position before = *position_from_fen("3q2k1/5p1p/8/8/4N3/P7/5PPP/R5K1 b - - 0 1");
    Generator g(quick());
    const auto [p, why] = g.try_position(before, uci(before, "d8d7"), review::Eval::cp(-100), review::Eval::cp(900));
    EXPECT_FALSE(p);
    EXPECT_EQ(why, Rejection::AheadInMaterial);
    EXPECT_EQ(g.stats().solve.searches, 0u);
}

TEST(PuzzleGenerator, ThePrefilterIsLooserThanTheScansTestOnTheSameEvaluations) {
    // Every jump from a position not won already (the only ones try_position keeps) passes the
    // pre-filter's test too: what the pre-filter loses, it loses to its shallower search only.
    using review::Eval;
    std::vector<Eval> evals{Eval::mate(1), Eval::mate(7), Eval::mate(-1), Eval::mate(-4)};
    for (int cp = -1200; cp <= 1200; cp += 10) evals.push_back(Eval::cp(cp));
    int jumps_seen = 0;
    for (const Eval& before : evals)
        for (const Eval& now : evals) {
            if (!jumps(before, now) || review::ceiled_cp(Eval{before.kind, -before.value}) > 300) continue;
            ++jumps_seen;
            EXPECT_TRUE(might_jump(before, now)) << before.value << " -> " << now.value;
        }
    EXPECT_GT(jumps_seen, 1000);
    // And it is a filter: a quiet move or a small gain does not pass.
    EXPECT_FALSE(might_jump(Eval::cp(20), Eval::cp(-10)));
    EXPECT_FALSE(might_jump(Eval::cp(-60), Eval::cp(90)));
    EXPECT_FALSE(might_jump(Eval::cp(-700), Eval::cp(900)));  // won before
    EXPECT_TRUE(might_jump(Eval::cp(-700), Eval::mate(3)));   // a mate always
}

TEST(PuzzleGenerator, ThePrefilterKeepsTheHandMadeCandidates) {
    // The fork, the back-rank mate and the two winning moves are jumps its cheap searches see.
    Generator g(two_stage());
    const Position fork = *position_from_fen("3q2k1/5p1p/8/8/4N3/8/5PPP/6K1 b - - 0 1");
    EXPECT_TRUE(prefilter_keeps(g, fork, uci(fork, "d8d7")));
    const Position mate = *position_from_fen("4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    EXPECT_TRUE(prefilter_keeps(g, mate, uci(mate, "e8e2")));
    const Position two = *position_from_fen("q5k1/5ppp/8/8/8/2N5/5PPP/3R2K1 b - - 0 1");
    EXPECT_TRUE(prefilter_keeps(g, two, uci(two, "a8d5")));
    // A quiet move of an equal position is no candidate.
    const Position quiet = *position_from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    EXPECT_FALSE(prefilter_keeps(g, quiet, uci(quiet, "f1b5")));
}

TEST(PuzzleGenerator, TwoStageScanFindsTheForkAndTheMateOfAGame) {
    // A game of three moves: a quiet one, the blunder into the fork, the fork.
    const Position start = *position_from_fen("3q2k1/5p1p/8/8/4N3/8/5PPP/6K1 w - - 0 1");
    std::vector<Move> moves;
    Position pos = start;
    for (std::string_view m : {"h2h3", "d8d7", "e4f6"}) {
        moves.push_back(uci(pos, m));
        pos.do_move(moves.back());
    }
    Generator g(two_stage());
    const std::vector<Puzzle> found = g.scan_game(start, moves, "game");
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].source, "game#2");
    EXPECT_EQ(to_uci(found[0].start(), found[0].moves[1]), "e4f6");
    EXPECT_TRUE(found[0].has(Theme::Fork));
    // Every position at the pre-filter's nodes; the scan's search only before and after the blunder.
    EXPECT_EQ(g.stats().positions, 3u);
    EXPECT_EQ(g.stats().prefilter.searches, 4u);
    EXPECT_EQ(g.stats().scan.searches, 2u);
    EXPECT_EQ(g.stats().candidates, 1u);
    EXPECT_EQ(g.stats().puzzles, 1u);

    const Position m = *position_from_fen("4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    const std::vector<Move> line{uci(m, "e8e2")};
    const std::vector<Puzzle> mates = g.scan_game(m, line, "mate");
    ASSERT_EQ(mates.size(), 1u);
    EXPECT_TRUE(mates[0].has(Theme::MateIn2));
}

TEST(PuzzleGenerator, OneStageScanSearchesEveryPositionAtTheScansNodes) {
    const Position start = *position_from_fen("3q2k1/5p1p/8/8/4N3/8/5PPP/6K1 w - - 0 1");
    std::vector<Move> moves;
    Position pos = start;
    for (std::string_view m : {"h2h3", "h7h6", "g2g3"}) {
        moves.push_back(uci(pos, m));
        pos.do_move(moves.back());
    }
    Generator one(quick());
    EXPECT_TRUE(one.scan_game(start, moves, "game").empty());
    EXPECT_EQ(one.stats().prefilter.searches, 0u);
    EXPECT_EQ(one.stats().scan.searches, 4u);
    Generator two(two_stage());
    EXPECT_TRUE(two.scan_game(start, moves, "game").empty());
    EXPECT_EQ(two.stats().prefilter.searches, 4u);
    EXPECT_EQ(two.stats().scan.searches, 0u);
    EXPECT_EQ(two.stats().candidates, 0u);
}

}  // namespace
}  // namespace schach::puzzle
