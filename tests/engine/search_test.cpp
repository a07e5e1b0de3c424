#include "engine/search.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <set>
#include <string>
#include <thread>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/bench.hpp"
#include "engine/engine.hpp"
#include "engine/tt.hpp"
#include "engine/wdl.hpp"
#include "support/test_positions.hpp"

namespace schach::engine {
namespace {

Position from_fen(std::string_view fen) { return test::position(fen); }

Move uci_move(const Position& pos, std::string_view text) { return test::legal_move(pos, text); }

Engine::Result search_fen(std::string_view fen, const SearchLimits& limits, EngineOptions options = {}) {
    Engine engine;
    engine.set_options(options);
    EXPECT_TRUE(engine.set_position(from_fen(fen), {}).has_value());
    return engine.search(limits);
}

/// A search through SearchPool, for what Engine does not pass on (the root lines).
struct PoolResult {
    BestMove best;
    std::vector<SearchInfo> lines;
    std::uint64_t nodes = 0;
};

PoolResult pool_search(const Position& root, const SearchLimits& limits, const EngineOptions& options = {},
                       std::vector<Key> history = {}) {
    SearchPool pool;
    pool.resize_hash(options.hash_mb);
    PoolResult result;
    SearchJob job;
    job.root = root;
    job.history = std::move(history);
    job.limits = limits;
    job.options = options;
    job.on_done = [&](const BestMove& b, const std::vector<SearchInfo>& lines) {
        result.best = b;
        result.lines = lines;
    };
    pool.start(std::move(job));
    pool.wait();
    result.nodes = pool.nodes_searched();
    return result;
}

// --- Mates ----------------------------------------------------------------------------------------

struct MateCase {
    const char* fen;
    const char* move;
    int moves;
};

class FindsMate : public ::testing::TestWithParam<MateCase> {};

TEST_P(FindsMate, WithTheMatingMoveAndScore) {
    const MateCase& c = GetParam();
    SearchLimits limits;
    limits.mate = c.moves;
    limits.depth = 2 * c.moves + 8;
    const auto result = search_fen(c.fen, limits);
    EXPECT_EQ(to_uci(result.best.move, false), c.move) << c.fen;
    EXPECT_EQ(result.last.score.kind, Score::Kind::Mate) << c.fen;
    EXPECT_EQ(result.last.score.value, c.moves) << c.fen;
}

// Mating first moves and distances checked with Stockfish 15.1.
INSTANTIATE_TEST_SUITE_P(
    Search, FindsMate,
    ::testing::Values(MateCase{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1},
                      MateCase{"4k3/8/4K3/8/8/8/8/7R w - - 0 1", "h1h8", 1},
                      MateCase{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", "d5f6", 2},
                      MateCase{"5rk1/1p1q2bp/p2pN1p1/2pP2Bn/2P3P1/1P6/P4QKP/5R2 w - - 1 1", "f2f8", 2},
                      MateCase{"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1", 2},
                      MateCase{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3},
                      MateCase{"2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", "b1g6", 3},
                      MateCase{"r1bqr3/ppp1B1kp/1b4p1/n2B4/3PQ1P1/2P5/P4P2/RN4K1 w - - 1 1", "e4e5", 4},
                      MateCase{"6r1/p3p1rk/1p1pPp1p/q3n2R/4P3/3BR2P/PPP2QP1/7K w - - 0 1", "h5h6", 5}));

TEST(Search, ReportsBeingMatedAtTheRoot) {
    SearchLimits limits;
    limits.depth = 3;
    const auto r = pool_search(from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), limits);
    EXPECT_FALSE(r.best.move);
    ASSERT_EQ(r.lines.size(), 1u);
    EXPECT_EQ(r.lines[0].score, (Score{Score::Kind::Mate, 0}));
}

// --- Draws ----------------------------------------------------------------------------------------

TEST(Search, StalemateAtTheRootIsADraw) {
    SearchLimits limits;
    limits.depth = 3;
    const auto r = pool_search(from_fen("5k2/5P2/5K2/8/8/8/8/8 b - - 0 1"), limits);
    EXPECT_FALSE(r.best.move);
    ASSERT_EQ(r.lines.size(), 1u);
    EXPECT_EQ(r.lines[0].score, (Score{Score::Kind::Centipawns, 0}));
}

TEST(Search, EachFeatureCanBeSwitchedOff) {
    // Every feature of the list changes the search: the same depth costs a different number of
    // nodes without it (so an ablation match measures what it says), and all off still finds moves.
    const Position root = from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    SearchLimits limits;
    limits.depth = 12;
    const std::uint64_t base = pool_search(root, limits).nodes;
    SearchFeatures all;
    for (int f = 0; f < static_cast<int>(SearchFeature::Count); ++f) {
        EngineOptions options;
        options.features.disable(static_cast<SearchFeature>(f));
        all.disable(static_cast<SearchFeature>(f));
        EXPECT_NE(pool_search(root, limits, options).nodes, base) << feature_name(static_cast<SearchFeature>(f));
        EXPECT_EQ(feature_from_name(feature_name(static_cast<SearchFeature>(f))), static_cast<SearchFeature>(f));
    }
    EngineOptions none;
    none.features = all;
    limits.depth = 5;
    EXPECT_TRUE(pool_search(root, limits, none).best.move);
    std::string unknown;
    EXPECT_FALSE(parse_search_off("rfp,fast", &unknown));
    EXPECT_EQ(unknown, "fast");
    EXPECT_EQ(parse_search_off("<empty>"), SearchFeatures{});
}

TEST(Search, SeesTheDrawOfTheRookPawn) {
    // Every line ends in stalemate or the pawn's loss.
    SearchLimits limits;
    limits.depth = 10;
    const auto r = search_fen("k7/P7/1K6/8/8/8/8/8 w - - 0 1", limits);
    EXPECT_EQ(r.last.score, (Score{Score::Kind::Centipawns, 0}));
}

TEST(Search, FiftyMoveRuleDraws) {
    SearchLimits limits;
    limits.depth = 6;
    const auto r = search_fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", limits);
    EXPECT_EQ(r.last.score, (Score{Score::Kind::Centipawns, 0}));
}

TEST(Search, MateTakesPrecedenceOverTheFiftyMoveRule) {
    SearchLimits limits;
    limits.depth = 4;
    const auto r = search_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", limits);
    EXPECT_EQ(to_uci(r.best.move, false), "a1a8");
    EXPECT_EQ(r.last.score, (Score{Score::Kind::Mate, 1}));
}

TEST(Search, RepetitionOfAGamePositionIsADraw) {
    // White is a queen up; after Qc1 Kb8 Qb1+ black's Ka8 repeats the start of the game.
    const Position start = from_fen("k7/8/8/8/8/8/8/1Q4K1 w - - 0 1");
    Position pos = start;
    std::vector<Move> moves;
    for (const char* text : {"b1c1", "a8b8", "c1b1"}) {
        moves.push_back(uci_move(pos, text));
        pos.do_move(moves.back());
    }
    SearchLimits limits;
    limits.depth = 6;
    limits.searchmoves = {uci_move(pos, "b8a8")};

    Engine engine;
    ASSERT_TRUE(engine.set_position(start, moves).has_value());
    const auto with_history = engine.search(limits);
    EXPECT_EQ(to_uci(with_history.best.move, false), "b8a8");
    EXPECT_EQ(with_history.last.score, (Score{Score::Kind::Centipawns, 0}));

    // The same position without the game before it: black is simply lost.
    ASSERT_TRUE(engine.set_position(pos, {}).has_value());
    const auto without = engine.search(limits);
    EXPECT_LT(without.last.score.value, -500);
}

// --- Root options ---------------------------------------------------------------------------------

TEST(Search, MultiPvGivesDistinctSortedLines) {
    EngineOptions options;
    options.multipv = 4;
    SearchLimits limits;
    limits.depth = 6;
    const auto r = pool_search(Position(), limits, options);
    ASSERT_EQ(r.lines.size(), 4u);
    std::set<std::uint16_t> firsts;
    for (std::size_t i = 0; i < r.lines.size(); ++i) {
        ASSERT_FALSE(r.lines[i].pv.empty());
        EXPECT_EQ(r.lines[i].multipv, static_cast<int>(i) + 1);
        firsts.insert(r.lines[i].pv.front().bits());
        if (i > 0) {
            EXPECT_GE(r.lines[i - 1].score.value, r.lines[i].score.value);
        }
    }
    EXPECT_EQ(firsts.size(), 4u);
    EXPECT_EQ(r.best.move, r.lines[0].pv.front());
}

TEST(Search, MultiPvIsCappedByTheLegalMoves) {
    EngineOptions options;
    options.multipv = 10;
    SearchLimits limits;
    limits.depth = 4;
    const auto r = pool_search(from_fen("4k3/8/8/8/8/8/8/K7 w - - 0 1"), limits, options);
    EXPECT_EQ(r.lines.size(), 3u);  // Ka2, Kb1, Kb2
}

TEST(Search, SearchMovesAreRespected) {
    const Position start;
    SearchLimits limits;
    limits.depth = 6;
    limits.searchmoves = {uci_move(start, "a2a3"), uci_move(start, "h2h3")};
    const auto r = search_fen(StartFen, limits);
    const std::string best = to_uci(r.best.move, false);
    EXPECT_TRUE(best == "a2a3" || best == "h2h3") << best;
}

// --- Limits and threads ---------------------------------------------------------------------------

TEST(Search, StopEndsAnInfiniteSearchPromptly) {
    Engine engine;
    std::promise<BestMove> done;
    auto future = done.get_future();
    engine.on_bestmove([&](const BestMove& b) { done.set_value(b); });
    SearchLimits limits;
    limits.infinite = true;
    engine.go(limits);
    // An infinite search never answers on its own, even once it has reached its depth.
    EXPECT_EQ(future.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout);
    engine.stop();
    ASSERT_EQ(future.wait_for(std::chrono::seconds(5)), std::future_status::ready);
    EXPECT_TRUE(Position().is_legal(future.get().move));
    engine.wait();
}

TEST(Search, PonderWaitsForPonderhitThenUsesTheClock) {
    Engine engine;
    std::promise<BestMove> done;
    auto future = done.get_future();
    engine.on_bestmove([&](const BestMove& b) { done.set_value(b); });
    SearchLimits limits;
    limits.ponder = true;
    limits.wtime = limits.btime = 1000;  // a short clock: without ponder the move would come soon
    engine.go(limits);
    EXPECT_EQ(future.wait_for(std::chrono::milliseconds(600)), std::future_status::timeout);
    engine.ponderhit();
    // Now on our clock of one second: the hard limit is well below it.
    ASSERT_EQ(future.wait_for(std::chrono::seconds(5)), std::future_status::ready);
    EXPECT_TRUE(Position().is_legal(future.get().move));
    engine.wait();
}

TEST(Search, LearnsTheLagOfTheClock) {
    SearchPool pool;
    SearchJob job;
    job.limits.wtime = job.limits.btime = 10000;
    job.limits.depth = 1;
    pool.start(job);
    pool.wait();
    EXPECT_EQ(pool.measured_lag_ms(), 0.0);
    // The GUI charged 600 ms for a move that took us a few.
    job.limits.wtime = 9400;
    pool.start(job);
    pool.wait();
    EXPECT_GT(pool.measured_lag_ms(), 400.0);
    // It fades, and a new game forgets it.
    pool.start(job);
    pool.wait();
    EXPECT_LT(pool.measured_lag_ms(), 600.0);
    pool.clear();
    EXPECT_EQ(pool.measured_lag_ms(), 0.0);
}

TEST(Search, NodeLimitIsRespected) {
    SearchLimits limits;
    limits.nodes = 20000;
    const auto r = pool_search(Position(), limits);
    EXPECT_TRUE(Position().is_legal(r.best.move));
    EXPECT_LE(r.nodes, limits.nodes + 64);
    EXPECT_GE(r.nodes, limits.nodes / 2);
}

TEST(Search, TwoThreadsReturnALegalMove) {
    EngineOptions options;
    options.threads = 2;
    SearchLimits limits;
    limits.depth = 9;
    const Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const auto r = pool_search(pos, limits, options);
    EXPECT_TRUE(pos.is_legal(r.best.move));
    ASSERT_FALSE(r.lines.empty());
    EXPECT_EQ(r.lines[0].depth, 9);
}

TEST(Search, ReportsWdlWhenAsked) {
    EngineOptions options;
    options.show_wdl = true;
    SearchLimits limits;
    limits.depth = 3;
    const auto r = search_fen(StartFen, limits, options);
    ASSERT_TRUE(r.last.wdl.has_value());
    EXPECT_EQ(r.last.wdl->win + r.last.wdl->draw + r.last.wdl->loss, 1000);
}

TEST(Search, Chess960CastlingIsFound) {
    // Only castling (king takes rook h1) mates... here we just need a legal answer in Chess960.
    ValidateOptions validate;
    validate.variant = Variant::Chess960;
    auto pos = position_from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", validate);
    ASSERT_TRUE(pos.has_value());
    EngineOptions options;
    options.chess960 = true;
    SearchLimits limits;
    limits.depth = 6;
    const auto r = pool_search(*pos, limits, options);
    EXPECT_TRUE(pos->is_legal(r.best.move));
}

// --- Bench ----------------------------------------------------------------------------------------

TEST(Bench, PositionsAreValid) {
    for (const BenchPosition& p : bench_positions()) {
        ValidateOptions validate;
        validate.variant = p.chess960 ? Variant::Chess960 : Variant::Standard;
        EXPECT_TRUE(position_from_fen(p.fen, validate).has_value()) << p.fen;
    }
    EXPECT_GE(bench_positions().size(), 30u);
}

TEST(Bench, NodeCountIsDeterministic) {
    const BenchResult a = run_bench(5);
    const BenchResult b = run_bench(5);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.positions, static_cast<int>(bench_positions().size()));
    EXPECT_GT(a.nodes, 0u);
}

// --- Transposition table, SEE, WDL ------------------------------------------------------------

TEST(TranspositionTable, StoresAndProbes) {
    TranspositionTable tt(1);
    const Key key = 0x123456789ABCDEF0ULL;
    const Move m(Square::E2, Square::E4);
    tt.store(key, 0, 37, 12, 7, Bound::Exact, m, true);
    TtData d;
    ASSERT_TRUE(tt.probe(key, 0, d));
    EXPECT_EQ(d.move, m);
    EXPECT_EQ(d.value, 37);
    EXPECT_EQ(d.eval, 12);
    EXPECT_EQ(d.depth, 7);
    EXPECT_EQ(d.bound, Bound::Exact);
    EXPECT_TRUE(d.pv);
    EXPECT_FALSE(tt.probe(key ^ 1, 0, d));
    tt.clear();
    EXPECT_FALSE(tt.probe(key, 0, d));
}

TEST(TranspositionTable, SizeInMegabytes) {
    TranspositionTable tt(2);
    EXPECT_EQ(tt.size_mb(), 2);
    EXPECT_EQ(tt.bucket_count(), 2u * 1024 * 1024 / 64);
    tt.resize(0);  // clamped to 1 MiB
    EXPECT_EQ(tt.size_mb(), 1);
}

TEST(TranspositionTable, MateScoresAreRelativeToThePosition) {
    TranspositionTable tt(1);
    const Key key = 42;
    // Found at ply 3: mate in 5 plies from the root is mate in 2 plies from the position.
    tt.store(key, 3, mate_in(5), ValueNone, 4, Bound::Lower, Move::none(), false);
    TtData d;
    ASSERT_TRUE(tt.probe(key, 1, d));
    EXPECT_EQ(d.value, mate_in(3));
    tt.store(key, 2, mated_in(6), ValueNone, 4, Bound::Upper, Move::none(), false);
    ASSERT_TRUE(tt.probe(key, 6, d));
    EXPECT_EQ(d.value, mated_in(10));
}

TEST(TranspositionTable, HashfullCountsThisSearch) {
    TranspositionTable tt(1);
    EXPECT_EQ(tt.hashfull(), 0);
    for (Key k = 1; k < 200000; ++k) tt.store(k * 0x9E3779B97F4A7C15ULL, 0, 0, 0, 1, Bound::Exact, Move::none(), false);
    EXPECT_GT(tt.hashfull(), 500);
    tt.new_search();
    EXPECT_EQ(tt.hashfull(), 0);
}

TEST(Wdl, SumsToAThousandAndIsSymmetric) {
    for (Value v : {-3000, -400, -100, 0, 50, 200, 900}) {
        const Wdl w = wdl_from_value(v);
        EXPECT_EQ(w.win + w.draw + w.loss, 1000);
        const Wdl m = wdl_from_value(-v);
        EXPECT_EQ(w.win, m.loss);
    }
    EXPECT_EQ(wdl_from_value(mate_in(3)).win, 1000);
    EXPECT_EQ(wdl_from_value(mated_in(3)).loss, 1000);
    EXPECT_GT(wdl_from_value(300).win, wdl_from_value(100).win);
}

}  // namespace
}  // namespace schach::engine
