#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

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
    r.done = [&](std::optional<Move> m) { reply.set_value(m); };
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
            r.done = [&](std::optional<Move>) { ++answered; };
            pool.submit(std::move(r));
        }
    }  // the pool's end answers the waiting ones with none
    EXPECT_EQ(answered.load(), 3);
    EXPECT_GE(EnginePool::default_workers(), 1);
}

}  // namespace
}  // namespace schach::server
