#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/engine_pool.hpp"
#include "server/game_service.hpp"
#include "server/sqlite_store.hpp"

namespace schach::server {
namespace {

namespace asio = boost::asio;

/// A store whose writes of moves fail on request (a full disk, a lost connection).
class FlakyStore final : public Store {
public:
    explicit FlakyStore(Store& inner) : inner_(inner) {}
    std::atomic<bool> fail_moves{false};

    std::expected<void, StoreError> create_game(const StoredGame& g, const std::vector<StoredSeat>& seats,
                                                const StoredEvent& e) override {
        return inner_.create_game(g, seats, e);
    }
    std::expected<void, StoreError> append_move(const GameId& id, const StoredMove& m, const GameUpdate& u,
                                                const std::vector<StoredEvent>& e) override {
        if (fail_moves) return std::unexpected(StoreError{"disk full"});
        return inner_.append_move(id, m, u, e);
    }
    std::expected<void, StoreError> take_back(const GameId& id, int from, const GameUpdate& u,
                                              const std::vector<StoredEvent>& e) override {
        return inner_.take_back(id, from, u, e);
    }
    std::expected<void, StoreError> update_game(const GameId& id, const GameUpdate& u,
                                                const std::vector<StoredEvent>& e,
                                                const std::vector<StoredSeat>& seats) override {
        return inner_.update_game(id, u, e, seats);
    }
    std::expected<std::optional<LoadedGame>, StoreError> load_game(const GameId& id) override {
        return inner_.load_game(id);
    }
    std::expected<std::vector<GameId>, StoreError> games_with_status(Status s) override {
        return inner_.games_with_status(s);
    }
    std::expected<std::vector<GameId>, StoreError> games_of_browser(const std::string& b) override {
        return inner_.games_of_browser(b);
    }
    std::expected<std::vector<StoredEvent>, StoreError> events_after(const GameId& id, std::int64_t v) override {
        return inner_.events_after(id, v);
    }

private:
    Store& inner_;
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
            GameService service(io, store, pool, options);
            auto g = service.create_game({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt},
                                         {"", "b", Language::English});
            ASSERT_TRUE(g);
            std::atomic<int> events{0};
            auto sub = service.subscribe(g->id, std::nullopt, [&](const Event&) { ++events; });
            service.drain();
            EXPECT_EQ(events.load(), 1);  // the state
            auto act = [&](int ply, std::string uci) {
                std::promise<ActResult> p;
                service.act(g->id, {g->secret, "b", Language::English}, MoveMessage{ply, std::move(uci), false, 1},
                            [&](ActResult r) { p.set_value(std::move(r)); });
                return p.get_future().get();
            };
            store.fail_moves = true;
            auto refused = act(0, "e2e4");
            ASSERT_FALSE(refused);
            EXPECT_EQ(refused.error().id, "storage");
            service.drain();
            EXPECT_EQ(events.load(), 1);
            auto state = service.state(g->id, {});
            EXPECT_TRUE(state->view->moves.empty());
            EXPECT_EQ(state->view->version, 1);
            store.fail_moves = false;
            auto stored = act(0, "e2e4");
            ASSERT_TRUE(stored) << stored.error().id << " " << stored.error().text;
            service.drain();
            EXPECT_EQ(events.load(), 2);
            EXPECT_EQ(service.state(g->id, {})->view->version, 2);
        }
        work.reset();
        thread.join();
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace schach::server
