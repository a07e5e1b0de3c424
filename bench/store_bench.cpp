// append_move throughput of the stores with 16 games writing at once, as a server's game actors
// do: each iteration hands in one move of each of the 16 games without waiting, then waits for
// the 16 completions (items/s: moves committed per second). The group commit shares a commit
// among the moves that wait together. SQLite in a temporary file; PostgreSQL in a throw-away
// cluster of tests/store/pg_cluster.hpp (started for the run, as the tests do).

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "server/postgres/pg_store.hpp"
#include "server/sqlite/sqlite_store.hpp"
#include "store/pg_cluster.hpp"

namespace schach::server {
namespace {

constexpr int Games = 16;

/// Counts completions down to zero.
class Countdown {
public:
    void reset(int n) {
        std::lock_guard lock(mutex_);
        left_ = n;
        failed_ = 0;
    }
    void done(bool ok) {
        std::lock_guard lock(mutex_);
        if (!ok) ++failed_;
        if (--left_ == 0) zero_.notify_all();
    }
    /// Waits for zero; the number of failed calls.
    int wait() {
        std::unique_lock lock(mutex_);
        zero_.wait(lock, [&] { return left_ == 0; });
        return failed_;
    }

private:
    std::mutex mutex_;
    std::condition_variable zero_;
    int left_ = 0, failed_ = 0;
};

void append_moves(benchmark::State& state, Store& store) {
    Countdown countdown;
    countdown.reset(Games);
    for (int g = 0; g < Games; ++g) {
        StoredGame game;
        game.id = "bench" + std::to_string(100 + g);
        game.initial_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        game.state = {Status::Started, "", "", 1, 0};
        store.create_game(game, {}, {1, "state", "{}"}, [&](auto r) { countdown.done(r.has_value()); });
    }
    if (countdown.wait() != 0) return state.SkipWithError("create_game failed");
    static const char* const Moves[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    int ply = 0;
    for (auto _ : state) {
        countdown.reset(Games);
        const std::int64_t version = ply + 2;
        for (int g = 0; g < Games; ++g)
            store.append_move("bench" + std::to_string(100 + g), {ply, Moves[ply % 4], 60'000, version},
                              {Status::Started, "", "", version, version},
                              {{version, "move", R"({"uci":"g1f3","clock":60000})"}},
                              [&](auto r) { countdown.done(r.has_value()); });
        if (countdown.wait() != 0) return state.SkipWithError("append_move failed");
        ++ply;
    }
    state.SetItemsProcessed(state.iterations() * Games);
}

void BM_StoreAppendMove16Games_Sqlite(benchmark::State& state) {
    const auto dir = std::filesystem::temp_directory_path() / ("schach-store-bench-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    {
        auto store = SqliteStore::open((dir / "games.db").string());
        if (!store) return state.SkipWithError(store.error().message.c_str());
        append_moves(state, **store);
        state.counters["commits"] = static_cast<double>((*store)->commits());
    }
    std::filesystem::remove_all(dir);
}
BENCHMARK(BM_StoreAppendMove16Games_Sqlite)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_StoreAppendMove16Games_Postgres(benchmark::State& state) {
    auto cluster = test::PgCluster::shared();
    if (!cluster) return state.SkipWithError(cluster.error().c_str());
    auto uri = (*cluster)->create_database();
    if (!uri) return state.SkipWithError(uri.error().c_str());
    auto store = PgStore::open(PgOptions{*uri, 3, ""});
    if (!store) return state.SkipWithError(store.error().message.c_str());
    append_moves(state, **store);
    state.counters["commits"] = static_cast<double>((*store)->commits());
}
BENCHMARK(BM_StoreAppendMove16Games_Postgres)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace schach::server
