// A move reaches its game's subscribers from the action that made it, not from a task queued
// behind the actions of other games: with one games thread and another game's commit holding
// it, the first game's move has been broadcast already. (Before, the broadcast was a task of
// its own, which waited for a free thread while every thread waited for the store.)

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/engine_pool.hpp"
#include "server/game_service.hpp"
#include "server/sqlite_store.hpp"
#include "support/forwarding_store.hpp"

namespace schach::server {
namespace {

namespace asio = boost::asio;

/// A SqliteStore whose append_move for one game waits until the test releases it.
class BlockingStore final : public test::ForwardingStore {
public:
    explicit BlockingStore(Store& inner) : ForwardingStore(inner) {}
    GameId blocked;
    std::promise<void> entered;
    std::promise<void> release;

    std::expected<void, StoreError> append_move(const GameId& id, const StoredMove& m, const GameUpdate& u,
                                                const std::vector<StoredEvent>& e) override {
        if (id == blocked) {
            entered.set_value();
            release.get_future().wait();
        }
        return ForwardingStore::append_move(id, m, u, e);
    }
};

TEST(ServerGameServiceBroadcast, AMoveIsBroadcastByItsActionNotBehindAnotherGamesCommit) {
    const auto dir = std::filesystem::temp_directory_path() / ("schach-broadcast-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    auto sqlite = SqliteStore::open((dir / "games.db").string());
    ASSERT_TRUE(sqlite) << sqlite.error().message;
    BlockingStore store(**sqlite);
    EnginePool pool(EnginePoolOptions{1, 100, 16});
    asio::io_context io;  // one games thread, started once everything is queued
    auto work = asio::make_work_guard(io);
    ServiceOptions options;
    options.flag_interval_ms = 0;
    {
        GameService service(io, store, pool, options);
        const Caller nobody{"", "browser-1", Language::English};
        const CreateGameRequest local{Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt};
        const auto a = service.create_game(local, nobody);
        const auto b = service.create_game(local, nobody);
        ASSERT_TRUE(a && b);
        store.blocked = b->id;

        std::mutex mutex;
        std::vector<EventKind> seen_in_a;
        auto subscription = service.subscribe(a->id, std::nullopt, [&](const Event& e) {
            std::lock_guard lock(mutex);
            seen_in_a.push_back(e.kind);
        });
        ASSERT_TRUE(subscription);
        std::promise<ActResult> reply_a, reply_b;
        service.act(a->id, Caller{a->secret, "browser-1", Language::English}, MoveMessage{0, "e2e4", false, 1},
                    [&](ActResult r) { reply_a.set_value(std::move(r)); });
        service.act(b->id, Caller{b->secret, "browser-1", Language::English}, MoveMessage{0, "e2e4", false, 1},
                    [&](ActResult r) { reply_b.set_value(std::move(r)); });

        std::thread games([&io] { io.run(); });
        auto entered = store.entered.get_future();
        ASSERT_EQ(entered.wait_for(std::chrono::seconds(30)), std::future_status::ready);
        // B's commit holds the only thread; A's move is acknowledged and broadcast already.
        auto a_done = reply_a.get_future();
        ASSERT_EQ(a_done.wait_for(std::chrono::seconds(0)), std::future_status::ready);
        EXPECT_TRUE(a_done.get());
        {
            std::lock_guard lock(mutex);
            EXPECT_EQ(seen_in_a, (std::vector<EventKind>{EventKind::State, EventKind::Move}));
        }
        store.release.set_value();
        EXPECT_TRUE(reply_b.get_future().get());
        subscription->reset();
        service.drain();
        work.reset();
        io.stop();
        games.join();
    }
    sqlite->reset();
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace schach::server
