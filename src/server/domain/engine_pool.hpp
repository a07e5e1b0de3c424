#pragma once
// EnginePool: a bounded number of searches at once for the games against the computer. Each
// worker thread owns an engine::Engine; requests beyond the bound wait in a queue that takes
// turns between clients (fair_queue.hpp: one client's many games cannot starve another's one),
// and each reply says how long its request waited, so that the game gives that time back to the
// computer's clock. The result comes back through the request's callback on the worker thread:
// the caller posts it onto the game's strand.
//
// Beside the games, the workers do background work (the computer analysis of finished games,
// server/domain/analysis_queue.hpp) in small steps (one position's search each), and only when
// no game request waits: a move against the computer waits at most for the one step under way,
// never for an analysis. Jobs (a single search for a person waiting, "learn from your mistakes")
// share the games' queue and its priority.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "server/domain/fair_queue.hpp"

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

/// The computer's move, or none (no legal move, or the pool shut down), and how long the request
/// waited in the queue before its search began.
struct EngineReply {
    std::optional<Move> move;
    std::int64_t waited_ms = 0;
};

struct EngineRequest : EnginePosition {
    /// Whose game it is (the creator's address): the queue takes turns between clients.
    std::string client;
    /// Called once on a worker thread.
    std::function<void(EngineReply)> done;
};

/// Work run on a worker thread at the games' priority: `run` gets the worker's index
/// (0 .. workers()-1); `dropped` (may be empty) is called instead when the pool shuts down first.
struct EngineJob {
    std::string client;  // whose job it is (its turn among the clients)
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
    /// A game's search is cut short (its best move so far is played) once it has run this long
    /// while another client's request waits: a client's level-8 games cannot hold a worker from
    /// another's move for seconds. 0: never.
    std::int64_t slice_ms = 500;
    /// The games' searches at this nice value (engine::EngineOptions::search_nice): the network
    /// and game threads, which need microseconds a message, come before the engine's
    /// milliseconds; the engine thinks by the clock, and on an idle core nothing changes.
    int search_nice = 5;
};

/// What the queue has seen: requests and jobs taken by a worker, and their waits (ms).
struct EnginePoolStats {
    std::size_t queued = 0;      // waiting now
    std::size_t max_queued = 0;  // the most that ever waited at once
    std::uint64_t served = 0;
    std::int64_t wait_p50_ms = 0, wait_p99_ms = 0, wait_max_ms = 0;  // over the last 4,096
    std::uint64_t cut_short = 0;  // searches cut at EnginePoolOptions::slice_ms for another client
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
    EnginePoolStats stats() const;

    /// The default bound: one search per core minus one, at least one.
    static int default_workers();

private:
    void run(int worker);
    void search(engine::Engine& engine, EngineRequest& request, std::int64_t waited_ms, int& level, bool& chess960);

    EnginePoolOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable background_idle_;  // a background step has ended
    struct Waiting {
        std::variant<EngineRequest, EngineJob> item;
        std::chrono::steady_clock::time_point since;
    };
    FairQueue<Waiting> queue_;
    std::size_t max_queued_ = 0;
    std::uint64_t served_ = 0;
    std::vector<std::int64_t> waits_;  // the last waits (ms), a ring of WaitsKept
    static constexpr std::size_t WaitsKept = 4096;
    void push(std::string client, std::variant<EngineRequest, EngineJob> item);
    BackgroundWork* background_ = nullptr;
    std::uint64_t background_news_ = 0;  // counts wake_background() calls
    int background_steps_ = 0;           // steps running now
    bool stopping_ = false;
    std::vector<engine::Engine*> engines_;  // the workers' engines, to stop them at shutdown
    /// Each worker's game search under way (for the slice): whose, since when, cut already.
    struct Running {
        engine::Engine* engine = nullptr;
        std::string client;
        std::chrono::steady_clock::time_point since;
        bool active = false, cut = false;
    };
    std::vector<Running> running_;
    std::uint64_t cut_short_ = 0;
    std::condition_variable slicer_wake_;
    /// Cuts a search past its slice while another client waits (runs while the pool does).
    void slice();
    std::thread slicer_;
    std::vector<std::thread> threads_;
};

}  // namespace schach::server
