#include "engine/engine.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "core/fen.hpp"
#include "core/move.hpp"
#include "engine/thread_priority.hpp"
#include "support/test_positions.hpp"

namespace schach::engine {
namespace {

Position from_fen(std::string_view fen) { return test::position(fen); }

TEST(Engine, FindsMateInOne) {
    Engine engine;
    ASSERT_TRUE(engine.set_position(from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), {}).has_value());
    SearchLimits limits;
    limits.depth = 3;
    const auto result = engine.search(limits);
    EXPECT_EQ(to_uci(result.best.move, false), "a1a8");
    EXPECT_EQ(result.last.score.kind, Score::Kind::Mate);
    EXPECT_EQ(result.last.score.value, 1);
}

TEST(Engine, RefusesAnIllegalMoveInTheGame) {
    Engine engine;
    const Move moves[] = {Move(Square::E2, Square::E4), Move(Square::E2, Square::E4)};
    const auto r = engine.set_position(Position(), moves);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().index, 1u);
}

// The server names its threads (schach-io, schach-game, schach-commit, ...) for top -H and perf.
TEST(Engine, AThreadsNameIsKeptToTheKernelsFifteenBytes) {
    std::string named, cut;
    std::thread([&] {
        name_this_thread("schach-commit");
        named = this_thread_name();
        name_this_thread("a-name-longer-than-fifteen");
        cut = this_thread_name();
    }).join();
#if defined(__linux__)
    EXPECT_EQ(named, "schach-commit");
    EXPECT_EQ(cut, "a-name-longer-t");
#else
    EXPECT_EQ(named, "");
#endif
}

TEST(Engine, ASearchRunsAtItsNiceValueAndLeavesTheCallerAsItWas) {
#if !defined(__linux__)
    GTEST_SKIP() << "thread priorities are set on Linux only";
#endif
    // A server's games search at nice 5 and its analyses at 19 (the idle class), so that the network and game
    // threads come first; the thread that asked (a worker, a connection) keeps its priority.
    const int caller_before = this_thread_nice();
    // Lowering a thread's priority is one-way: under `nice -n 5 make test` the change to 5 cannot be
    // seen, so the test says so instead of failing.
    if (caller_before >= 5) GTEST_SKIP() << "the test runs at nice " << caller_before << ": nothing could be seen";
    for (const int nice : {0, 5, LowestPriority}) {
        Engine engine;
        EngineOptions o = engine.options();
        o.search_nice = nice;
        engine.set_options(o);
        int searched_at = -100;
        bool idle_class = false;
        engine.on_info([&](const SearchInfo&) {
            searched_at = this_thread_nice();
            idle_class = this_thread_in_idle_class();
        });
        ASSERT_TRUE(engine.set_position(Position(), {}).has_value());
        SearchLimits limits;
        limits.depth = 4;
        (void)engine.search(limits);
        EXPECT_EQ(searched_at, nice == 0 ? caller_before : nice) << "search_nice " << nice;
        EXPECT_EQ(idle_class, nice == LowestPriority) << "search_nice " << nice;  // the idle class at 19 only
        EXPECT_EQ(this_thread_nice(), caller_before);
        EXPECT_FALSE(this_thread_in_idle_class());
    }
}

TEST(Engine, AKeptSearchThreadSearchesAsANewThreadForEachSearch) {
    // The same searches one after the other (node limits, one thread: the same results given the
    // same table), with a thread for each search and with one thread kept for all; the kept one
    // also goes on after new options, a new game and a search stopped early.
    const Position positions[] = {
        from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"),
        from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        from_fen("8/8/3k4/8/3K4/4P3/8/8 w - - 0 1"),
    };
    const auto run = [&](bool keep) {
        Engine engine;
        EngineOptions o = engine.options();
        o.keep_search_thread = keep;
        engine.set_options(o);
        std::vector<std::string> out;
        for (int round = 0; round < 2; ++round) {
            for (const Position& pos : positions) {
                EXPECT_TRUE(engine.set_position(pos, {}).has_value());
                SearchLimits limits;
                limits.nodes = 20'000;
                const Engine::Result r = engine.search(limits);
                out.push_back(to_uci(r.best.move, false) + " " + std::to_string(r.last.score.value) + " " +
                              std::to_string(r.last.nodes));
            }
            o.multipv = 2;
            engine.set_options(o);
            engine.new_game();
        }
        EXPECT_TRUE(engine.set_position(positions[0], {}).has_value());
        SearchLimits forever;
        forever.infinite = true;
        engine.go(forever);
        engine.stop();
        engine.wait();
        EXPECT_FALSE(engine.searching());
        return out;
    };
    const std::vector<std::string> each = run(false);
    const std::vector<std::string> kept = run(true);
    ASSERT_EQ(each.size(), 6u);
    EXPECT_EQ(each, kept);
    EXPECT_EQ(kept[1].substr(0, 4), "a1a8");
}

}  // namespace
}  // namespace schach::engine
