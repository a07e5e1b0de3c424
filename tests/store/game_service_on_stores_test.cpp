// GameService on each store (tests/store/store_backends.hpp): two services on one database, as
// two nodes would be, each with a copy of the same game. The one that stores a move second finds
// the game moved on (the store's Conflict); it neither answers 500 nor keeps its stale copy: the
// game is loaded again, the action runs on it (here a move for a ply played meanwhile: stale),
// and the next move goes through.

#include <gtest/gtest.h>

#include <future>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/http/asio_runtime.hpp"
#include "store/store_backends.hpp"
#include "support/sync.hpp"

namespace schach::server {
namespace {

namespace asio = boost::asio;

template <class Backend>
class GameServiceOnStore : public ::testing::Test {
protected:
    Backend backend;
};

TYPED_TEST_SUITE(GameServiceOnStore, test::Backends, test::BackendNames);

TYPED_TEST(GameServiceOnStore, ANodeThatLostTheRaceForAGameDropsItsStaleCopyAndAnswersFromTheStore) {
    auto prepared = this->backend.prepare();
    ASSERT_TRUE(prepared) << prepared.error();
    asio::io_context io;
    auto work = asio::make_work_guard(io);
    std::thread thread([&] { io.run(); });
    {
        auto first_db = this->backend.open();
        auto second_db = this->backend.open();
        ASSERT_TRUE(first_db) << first_db.error().message;
        ASSERT_TRUE(second_db) << second_db.error().message;
        EnginePool pool(EnginePoolOptions{1, 100, 16});
        ServiceOptions options;
        options.flag_interval_ms = 0;
        AsioRuntime runtime(io);
        GameService first_real(runtime, **first_db, pool, options);
        GameService second_real(runtime, **second_db, pool, options);
        test::SyncService first(first_real), second(second_real);
        auto g = first.create_game({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt},
                                   {"", "b"});
        ASSERT_TRUE(g);
        const Caller me{g->secret, "b"};
        ASSERT_TRUE(second.state(g->id, me));  // the second has its copy now
        auto act = [&](test::SyncService& on, int ply, std::string uci) {
            std::promise<ActResult> p;
            on.act(g->id, me, MoveMessage{ply, std::move(uci), false, 1},
                   [&](ActResult r) { p.set_value(std::move(r)); });
            return p.get_future().get();
        };
        ASSERT_TRUE(act(first, 0, "e2e4"));
        const auto lost = act(second, 0, "d2d4");
        ASSERT_FALSE(lost);
        EXPECT_EQ(lost.error().id(), "stale");
        EXPECT_EQ(second.state(g->id, me)->view->moves.size(), 1u);  // the game as stored
        ASSERT_TRUE(act(second, 1, "e7e5"));
        auto stored = test::sync(**first_db).load_game(g->id);
        ASSERT_TRUE(stored && *stored);
        ASSERT_EQ((*stored)->moves.size(), 2u);
        EXPECT_EQ((*stored)->moves[0].uci, "e2e4");
        EXPECT_EQ((*stored)->moves[1].uci, "e7e5");
        first.drain();
        second.drain();
    }
    work.reset();
    thread.join();
}

}  // namespace
}  // namespace schach::server
