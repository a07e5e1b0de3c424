#pragma once
// EnginePool: a bounded number of searches at once for the games against the computer. Each
// worker thread owns an engine::Engine; requests beyond the bound wait in a queue (first come,
// first served). The result comes back through the request's callback on the worker thread: the
// caller posts it onto the game's strand.
//
// Beside the games, the workers do background work (the computer analysis of finished games,
// server/domain/analysis_queue.hpp) in small steps (one position's search each), and only when
// no game request waits: a move against the computer waits at most for the one step under way,
// never for an analysis. Jobs (a single search for a person waiting, "learn from your mistakes")
// share the games' queue and its priority.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <variant>
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

/// Work run on a worker thread at the games' priority: `run` gets the worker's index
/// (0 .. workers()-1); `dropped` (may be empty) is called instead when the pool shuts down first.
struct EngineJob {
    std::function<void(int worker)> run;
    std::function<void()> dropped;
};

/// Work the workers do when no game request or job waits, one bounded step at a time.
class BackgroundWork {
public:
    virtual ~BackgroundWork() = default;
    /// Does one step on worker `worker` (0 .. workers()-1): a short piece of work (one search).
    /// False when there was nothing to do: the worker then sleeps until wake_background().
    virtual bool step(int worker) = 0;
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
    /// Queues a job beside the game requests (same queue, same priority).
    void submit(EngineJob job);
    /// Attaches the background work (nullptr detaches it; returns once no step of the old work
    /// runs any more). The work must stay alive while attached.
    void set_background(BackgroundWork* work);
    /// Tells idle workers that the background work has something new.
    void wake_background();
    int workers() const { return static_cast<int>(threads_.size()); }
    /// Requests waiting for a worker (not those being searched).
    std::size_t queued() const;

    /// The default bound: one search per core minus one, at least one.
    static int default_workers();

private:
    void run(int worker);
    void search(engine::Engine& engine, EngineRequest& request, int& level, bool& chess960);

    EnginePoolOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable background_idle_;  // a background step has ended
    std::deque<std::variant<EngineRequest, EngineJob>> queue_;
    BackgroundWork* background_ = nullptr;
    std::uint64_t background_news_ = 0;  // counts wake_background() calls
    int background_steps_ = 0;           // steps running now
    bool stopping_ = false;
    std::vector<engine::Engine*> engines_;  // the workers' engines, to stop them at shutdown
    std::vector<std::thread> threads_;
};

}  // namespace schach::server
