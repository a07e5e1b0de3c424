// A commit under way holds no thread: with one games thread and another game's commit held in
// the store, a game's move is stored, acknowledged and broadcast. (Before the actors, each
// action waited for its commit on a games thread, so a slow commit held one of them.)

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

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

/// A SqliteStore that holds the append_move of one game until the test releases it (without
/// holding any thread: the write is handed on later).
class HoldingStore final : public test::ForwardingStore {
public:
    explicit HoldingStore(Store& inner) : ForwardingStore(inner) {}
    GameId held;
    std::promise<void> entered;
    std::function<void()> release;

    void append_move(const GameId& id, const StoredMove& m, const GameUpdate& u, const std::vector<StoredEvent>& e,
                     StoreDone<void> done) override {
        if (id == held) {
            release = [this, id, m, u, e, done = std::move(done)] { ForwardingStore::append_move(id, m, u, e, done); };
            entered.set_value();
            return;
        }
        ForwardingStore::append_move(id, m, u, e, std::move(done));
    }
};

TEST(ServerGameServiceBroadcast, AMoveIsBroadcastByItsActionNotBehindAnotherGamesCommit) {
    const auto dir = std::filesystem::temp_directory_path() / ("schach-broadcast-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    auto sqlite = SqliteStore::open((dir / "games.db").string());
    ASSERT_TRUE(sqlite) << sqlite.error().message;
    HoldingStore store(**sqlite);
    EnginePool pool(EnginePoolOptions{1, 100, 16});
    asio::io_context io;  // one games thread
    auto work = asio::make_work_guard(io);
    std::thread games([&io] { io.run(); });
    AsioRuntime runtime(io);
    ServiceOptions options;
    options.flag_interval_ms = 0;
    {
        GameService real(runtime, store, pool, options);
        test::SyncService service(real);
        const Caller nobody{"", "browser-1"};
        const CreateGameRequest local{Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt};
        const auto a = service.create_game(local, nobody);
        const auto b = service.create_game(local, nobody);
        ASSERT_TRUE(a && b);
        store.held = b->id;

        std::mutex mutex;
        std::vector<EventKind> seen_in_a;
        auto subscription = service.subscribe(a->id, std::nullopt, [&](const Event& e) {
            std::lock_guard lock(mutex);
            seen_in_a.push_back(e.kind);
        });
        ASSERT_TRUE(subscription);
        std::promise<ActResult> reply_a, reply_b;
        service.act(b->id, Caller{b->secret, "browser-1"}, MoveMessage{0, "e2e4", false, 1},
                    [&](ActResult r) { reply_b.set_value(std::move(r)); });
        auto entered = store.entered.get_future();
        ASSERT_EQ(entered.wait_for(std::chrono::seconds(30)), std::future_status::ready);
        // B's commit is under way; A's move is stored, acknowledged and broadcast all the same.
        service.act(a->id, Caller{a->secret, "browser-1"}, MoveMessage{0, "e2e4", false, 1},
                    [&](ActResult r) { reply_a.set_value(std::move(r)); });
        auto a_done = reply_a.get_future();
        ASSERT_EQ(a_done.wait_for(std::chrono::seconds(30)), std::future_status::ready);
        EXPECT_TRUE(a_done.get());
        // The broadcast follows the answer on A's mailbox.
        for (int i = 0; i < 3000; ++i) {
            std::lock_guard lock(mutex);
            if (seen_in_a.size() >= 2) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        {
            std::lock_guard lock(mutex);
            EXPECT_EQ(seen_in_a, (std::vector<EventKind>{EventKind::State, EventKind::Move}));
        }
        auto b_done = reply_b.get_future();
        EXPECT_EQ(b_done.wait_for(std::chrono::seconds(0)), std::future_status::timeout);
        store.release();
        // The held write's closure owns B's actor (and so its strand on `io`): drop it here, not
        // in ~HoldingStore after `io` is gone (ASan: heap-use-after-free in ~strand_impl).
        store.release = nullptr;
        EXPECT_TRUE(b_done.get());
        subscription->reset();
        service.drain();
    }
    work.reset();
    io.stop();
    games.join();
    sqlite->reset();
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace schach::server
