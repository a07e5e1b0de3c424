#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/movegen.hpp"
#include "server/domain/engine_pool.hpp"

namespace schach::server {
namespace {

TEST(ServerEnginePool, ALevelOneEngineAnswersWithALegalMove) {
    EnginePool pool(EnginePoolOptions{1, 200, 16});
    EXPECT_EQ(pool.workers(), 1);
    std::promise<std::optional<Move>> reply;
    EngineRequest r;
    r.moves = {Move(Square::E2, Square::E4)};
    r.level = 1;
    r.done = [&](EngineReply a) { reply.set_value(a.move); };
    pool.submit(std::move(r));
    auto future = reply.get_future();
    ASSERT_EQ(future.wait_for(std::chrono::seconds(30)), std::future_status::ready);
    const std::optional<Move> m = future.get();
    ASSERT_TRUE(m);
    Position pos;
    pos.do_move(Move(Square::E2, Square::E4));
    EXPECT_TRUE(legal_moves(pos).contains(*m));
}

TEST(ServerEnginePool, RequestsBeyondTheBoundWait) {
    std::atomic<int> answered{0};
    {
        EnginePool pool(EnginePoolOptions{1, 100, 16});
        for (int i = 0; i < 3; ++i) {
            EngineRequest r;
            r.level = 1;
            r.done = [&](EngineReply) { ++answered; };
            pool.submit(std::move(r));
        }
    }  // the pool's end answers the waiting ones with none
    EXPECT_EQ(answered.load(), 3);
    EXPECT_GE(EnginePool::default_workers(), 1);
}

TEST(ServerEnginePool, ClientsTakeTurnsAndEachReplySaysHowLongItWaited) {
    EnginePool pool(EnginePoolOptions{1, 50, 16});
    // The one worker is held by a job until the queue is filled.
    std::promise<void> release;
    std::promise<void> holding;
    EngineJob hold;
    hold.run = [&, go = release.get_future().share()](int) {
        holding.set_value();
        go.wait();
    };
    pool.submit(std::move(hold));
    holding.get_future().wait();
    std::mutex mutex;
    std::vector<std::string> order;
    std::vector<std::int64_t> waits;
    std::promise<void> all;
    const auto request = [&](std::string client, std::string name) {
        EngineRequest r;
        r.level = 1;
        r.client = std::move(client);
        r.done = [&, name = std::move(name)](EngineReply a) {
            std::lock_guard lock(mutex);
            EXPECT_TRUE(a.move) << name;
            order.push_back(name);
            waits.push_back(a.waited_ms);
            if (order.size() == 5) all.set_value();
        };
        pool.submit(std::move(r));
    };
    // One client's three games came first; another's one and a third's one after them.
    request("flood", "f1");
    request("flood", "f2");
    request("flood", "f3");
    request("player", "p1");
    request("other", "o1");
    EXPECT_EQ(pool.queued(), 5u);
    const auto held = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    release.set_value();
    ASSERT_EQ(all.get_future().wait_for(std::chrono::seconds(60)), std::future_status::ready);
    const auto held_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - held).count();
    EXPECT_EQ(order, (std::vector<std::string>{"f1", "p1", "o1", "f2", "f3"}));
    // Each waited at least the time the worker was held, and no longer than until its answer.
    for (std::int64_t w : waits) {
        EXPECT_GE(w, 100);
        EXPECT_LE(w, held_ms + 60'000);
    }
    const EnginePoolStats stats = pool.stats();
    EXPECT_EQ(stats.served, 6u);  // the holding job too
    EXPECT_EQ(stats.max_queued, 5u);
    EXPECT_EQ(stats.queued, 0u);
    EXPECT_GE(stats.wait_max_ms, 100);
}

TEST(ServerEnginePool, ASearchPastItsSliceIsCutShortWhenAnotherClientWaitsButNotForItsOwnClient) {
    EnginePoolOptions options{1, 60'000, 16};  // untimed: a search would run a minute
    options.slice_ms = 200;
    EnginePool pool(options);
    const auto submit = [&](std::string client, int level, std::promise<std::optional<Move>>& reply) {
        EngineRequest r;
        r.level = level;
        r.client = std::move(client);
        r.done = [&reply](EngineReply a) { reply.set_value(a.move); };
        pool.submit(std::move(r));
    };
    // Client a's level-8 search holds the one worker ...
    std::promise<std::optional<Move>> long_search, own_second, other;
    submit("a", 8, long_search);
    for (int i = 0; i < 3000 && pool.stats().served == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    // ... and its own second request waits behind it without cutting it: one client's games take
    // turns among themselves.
    submit("a", 1, own_second);
    std::this_thread::sleep_for(std::chrono::milliseconds(600));  // three slices
    EXPECT_EQ(pool.stats().cut_short, 0u);
    // Another client comes: the long search is cut (its best move so far is played), then the
    // waiting ones are served in turn. (A bound on the wait only: no time is measured.)
    submit("b", 1, other);
    auto first = long_search.get_future();
    ASSERT_EQ(first.wait_for(std::chrono::seconds(30)), std::future_status::ready) << "the long search was not cut";
    EXPECT_TRUE(first.get().has_value());
    auto b = other.get_future();
    ASSERT_EQ(b.wait_for(std::chrono::seconds(30)), std::future_status::ready);
    EXPECT_TRUE(b.get().has_value());
    EXPECT_EQ(own_second.get_future().wait_for(std::chrono::seconds(30)), std::future_status::ready);
    // The long search was cut; a level-1 search after it may be cut too on a machine so busy that
    // it outlives a slice while the other client waits.
    EXPECT_GE(pool.stats().cut_short, 1u);
}

}  // namespace
}  // namespace schach::server
