#pragma once
// EnginePool: a bounded number of searches at once for the games against the computer. Each
// worker thread owns an engine::Engine; requests beyond the bound wait in a queue (first come,
// first served). The result comes back through the request's callback on the worker thread: the
// caller posts it onto the game's strand.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach::engine {
class Engine;
}

namespace schach::server {

/// What the computer is to think about: the game so far, its level and its clock.
struct EnginePosition {
    Position start;
    std::vector<Move> moves;
    int level = 1;  // 1..8
    /// The engine's clock as a GUI reports it; without, it thinks for `movetime` at most.
    std::optional<std::int64_t> wtime, btime;
    std::int64_t winc = 0, binc = 0;
};

struct EngineRequest : EnginePosition {
    /// Called once on a worker thread: the move, or none (no legal move, or the pool shut down).
    std::function<void(std::optional<Move>)> done;
};

struct EnginePoolOptions {
    /// Searches at once; 0: one per core minus one, at least one.
    int workers = 0;
    /// Thinking time of a move without clock, in ms (the level may think less).
    std::int64_t untimed_movetime_ms = 1000;
    int hash_mb = 16;
};

class EnginePool {
public:
    explicit EnginePool(EnginePoolOptions options = {});
    /// Stops the running searches; waiting requests get `done(std::nullopt)`.
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    void submit(EngineRequest request);
    int workers() const { return static_cast<int>(threads_.size()); }
    /// Requests waiting for a worker (not those being searched).
    std::size_t queued() const;

    /// The default bound: one search per core minus one, at least one.
    static int default_workers();

private:
    void run();

    EnginePoolOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<EngineRequest> queue_;
    bool stopping_ = false;
    std::vector<engine::Engine*> engines_;  // the workers' engines, to stop them at shutdown
    std::vector<std::thread> threads_;
};

}  // namespace schach::server
