#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/http/asio_runtime.hpp"
#include "server/sqlite/sqlite_store.hpp"
#include "support/forwarding_store.hpp"
#include "support/sync.hpp"

namespace schach::server {
namespace {

namespace asio = boost::asio;

/// A store whose writes of moves fail on request (a full disk, a lost connection).
class FlakyStore final : public test::ForwardingStore {
public:
    explicit FlakyStore(Store& inner) : ForwardingStore(inner) {}
    std::atomic<bool> fail_moves{false};

    void append_move(const GameId& id, const StoredMove& m, const GameUpdate& u, const std::vector<StoredEvent>& e,
                     StoreDone<void> done) override {
        if (fail_moves) return done(std::unexpected(StoreError{"disk full"}));
        ForwardingStore::append_move(id, m, u, e, std::move(done));
    }
};

TEST(ServerGameServiceStore, AMoveTheStoreRefusesIsNeitherAcknowledgedNorBroadcast) {
    const auto dir = std::filesystem::temp_directory_path() / ("schach-flaky-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    {
        asio::io_context io;
        auto work = asio::make_work_guard(io);
        std::thread thread([&] { io.run(); });
        {
            auto sqlite = SqliteStore::open((dir / "games.db").string());
            ASSERT_TRUE(sqlite);
            FlakyStore store(**sqlite);
            EnginePool pool(EnginePoolOptions{1, 100, 16});
            ServiceOptions options;
            options.flag_interval_ms = 0;
            AsioRuntime runtime(io);
            GameService real(runtime, store, pool, options);
            test::SyncService service(real);
            auto g = service.create_game({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt},
                                         {"", "b"});
            ASSERT_TRUE(g);
            std::atomic<int> events{0};
            auto sub = service.subscribe(g->id, std::nullopt, [&](const Event&) { ++events; });
            service.drain();
            EXPECT_EQ(events.load(), 1);  // the state
            auto act = [&](int ply, std::string uci) {
                std::promise<ActResult> p;
                service.act(g->id, {g->secret, "b"}, MoveMessage{ply, std::move(uci), false, 1},
                            [&](ActResult r) { p.set_value(std::move(r)); });
                return p.get_future().get();
            };
            store.fail_moves = true;
            auto refused = act(0, "e2e4");
            ASSERT_FALSE(refused);
            EXPECT_EQ(refused.error().id(), "storage");
            service.drain();
            EXPECT_EQ(events.load(), 1);
            auto state = service.state(g->id, {});
            EXPECT_TRUE(state->view->moves.empty());
            EXPECT_EQ(state->view->version, 1);
            store.fail_moves = false;
            auto stored = act(0, "e2e4");
            ASSERT_TRUE(stored) << stored.error().id();
            service.drain();
            EXPECT_EQ(events.load(), 2);
            EXPECT_EQ(service.state(g->id, {})->view->version, 2);
        }
        work.reset();
        thread.join();
    }
    std::filesystem::remove_all(dir);
}

// Two services (nodes) on one database racing for a game: tests/store/game_service_on_stores_test.cpp,
// on each store.

}  // namespace
}  // namespace schach::server
