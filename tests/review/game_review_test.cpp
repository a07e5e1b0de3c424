// The review of whole games by the engine: one search a position from the last to the first,
// progress, a stop that ends it early, the ply limit, the summaries per side.

#include "review/game_review.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "notation/notation.hpp"
#include "support/test_positions.hpp"

namespace schach::review {
namespace {

std::vector<Move> san_line(const Position& start, const std::vector<std::string>& sans) {
    std::vector<Move> moves;
    Position pos = start;
    for (const std::string& s : sans) {
        const auto m = parse_san(pos, s);
        EXPECT_TRUE(m.has_value()) << s;
        if (!m) break;
        moves.push_back(*m);
        pos.do_move(*m);
    }
    return moves;
}

ReviewOptions small_budget() {
    ReviewOptions o;
    o.nodes = 20'000;
    o.movetime_ms = 0;
    o.threads = 1;
    o.hash_mb = 16;
    return o;
}

TEST(ReviewGame, ScholarsMate) {
    const Position start;
    const auto moves = san_line(start, {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"});
    Reviewer reviewer(small_budget());
    std::vector<ReviewProgress> seen;
    reviewer.on_progress([&](const ReviewProgress& p) { seen.push_back(p); });
    const GameReview r = reviewer.review(start, moves);
    ASSERT_TRUE(r.complete);
    ASSERT_EQ(r.positions.size(), 8u);
    ASSERT_EQ(r.plies.size(), 7u);
    // Progress: 0 of 8, then one more after each position.
    ASSERT_EQ(seen.size(), 9u);
    EXPECT_EQ(seen.front().done, 0);
    EXPECT_EQ(seen.back().done, 8);
    EXPECT_EQ(seen.back().total, 8);
    // The final position is mate on the board; before it White mates in one.
    EXPECT_EQ(r.positions.back().eval, Eval::checkmate(Color::White));
    EXPECT_EQ(r.plies[5].after, Eval::mate(1));
    EXPECT_EQ(r.plies[5].verdict.judgement, Judgement::Blunder);
    EXPECT_EQ(r.plies[5].verdict.cause, JudgementCause::MateCreated);
    ASSERT_NE(r.plies[5].explanation.find(FactKind::AllowsMate), nullptr);
    EXPECT_EQ(r.plies[6].verdict.judgement, Judgement::None);  // the mate itself
    EXPECT_EQ(r.black.blunders, 1);
    EXPECT_EQ(r.white.blunders, 0);
    EXPECT_EQ(r.white.moves, 4);
    EXPECT_EQ(r.black.moves, 3);
    ASSERT_TRUE(r.white.accuracy && r.black.accuracy);
    EXPECT_GT(*r.white.accuracy, *r.black.accuracy);
    EXPECT_GT(r.black.acpl, r.white.acpl);
    // Lines are the engine's, at most 12 plies, starting with the best move.
    for (const PositionEval& p : r.positions) EXPECT_LE(p.pv.size(), 12u);
    EXPECT_TRUE(r.positions.back().pv.empty());
}

TEST(ReviewGame, SameResultTwice) {
    // One thread and a fixed node count: the review is deterministic (a fresh table per game).
    const Position start;
    const auto moves = san_line(start, {"d4", "d5", "c4", "dxc4", "e4", "b5", "a4", "c6"});
    Reviewer reviewer(small_budget());
    const GameReview a = reviewer.review(start, moves);
    const GameReview b = reviewer.review(start, moves);
    ASSERT_EQ(a.positions.size(), b.positions.size());
    for (std::size_t i = 0; i < a.positions.size(); ++i) {
        EXPECT_EQ(a.positions[i].eval, b.positions[i].eval) << i;
        EXPECT_EQ(a.positions[i].pv, b.positions[i].pv) << i;
    }
}

TEST(ReviewGame, StopEndsTheReview) {
    const Position start;
    const auto moves = san_line(start, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"});
    Reviewer reviewer(small_budget());
    std::atomic<bool> stop{false};
    reviewer.on_progress([&](const ReviewProgress& p) {
        if (p.done == 3) stop = true;
    });
    const GameReview r = reviewer.review(start, moves, &stop);
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.plies.empty());
}

TEST(ReviewGame, PlyLimit) {
    ReviewOptions o = small_budget();
    o.max_plies = 4;
    const Position start;
    const auto moves = san_line(start, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"});
    Reviewer reviewer(o);
    const GameReview r = reviewer.review(start, moves);
    EXPECT_EQ(r.total_plies, 6);
    EXPECT_EQ(r.plies.size(), 4u);
    EXPECT_EQ(r.positions.size(), 5u);
}

TEST(ReviewGame, ARepetitionIsNoDraw) {
    // White, a queen for a rook up, shuffles the king and Black follows: the start position comes
    // back once (no draw by the rules). Every position stays won for White and no move of White's
    // is judged a mistake (with the game's moves as the search's history, each position after the
    // repetition would look like a draw).
    const Position start = test::position("4r1k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1");
    const auto moves = san_line(start, {"Kh1", "Kh8", "Kg1", "Kg8", "Kh1", "Kh8"});
    Reviewer reviewer(small_budget());
    const GameReview r = reviewer.review(start, moves);
    ASSERT_EQ(r.positions.size(), 7u);
    for (const PositionEval& p : r.positions) {
        EXPECT_EQ(p.eval.kind, Eval::Kind::Centipawns);
        EXPECT_GT(p.eval.value, 300);
    }
    EXPECT_EQ(r.white.mistakes + r.white.blunders, 0);
}

TEST(ReviewGame, ANullMoveIsNotJudged) {
    // Black passes (a null move, as PGN files of analyses write "--"): White's extra move is a
    // gain for White, and the pass itself gets no judgement however much it costs.
    const Position start;
    std::vector<Move> moves = san_line(start, {"e4", "e5", "Qh5", "Nc6", "Bc4"});
    moves.push_back(Move::null());
    Reviewer reviewer(small_budget());
    const GameReview r = reviewer.review(start, moves);
    ASSERT_EQ(r.plies.size(), 6u);
    EXPECT_EQ(r.plies[5].verdict.judgement, Judgement::None);
    EXPECT_EQ(r.plies[5].centipawn_loss, 0);
    EXPECT_EQ(r.positions[6].eval.kind, Eval::Kind::Mate);  // Qxf7# now
}

TEST(ReviewGame, AssembleFromGivenEvaluations) {
    // Evaluations by hand (no lines: no move is the engine's choice): Black's Nc6 lets White's
    // evaluation rise from +0.30 to +4.00, a blunder (Black's winning chances drop by 0.57).
    const Position start;
    const auto moves = san_line(start, {"e4", "e5", "Nf3", "Nc6"});
    GameReview r;
    r.start = start;
    for (int cp : {20, 30, 25, 30, 400}) r.positions.push_back({Eval::cp(cp), {}, 1, 1});
    assemble(r, moves);
    ASSERT_EQ(r.plies.size(), 4u);
    EXPECT_EQ(r.plies[3].verdict.judgement, Judgement::Blunder);
    EXPECT_EQ(r.plies[3].centipawn_loss, 370);
    EXPECT_EQ(r.black.blunders, 1);
    EXPECT_EQ(r.black.acpl, 185);  // (0 + 370) / 2
    EXPECT_EQ(r.white.acpl, 0);
    EXPECT_EQ(r.white.blunders + r.white.mistakes + r.white.inaccuracies, 0);
}

}  // namespace
}  // namespace schach::review
