#pragma once
// LineSearchPool: the engine lines of the analysis board. A bounded number of searches at once
// for all connections together (each worker thread owns an engine::Engine); more requests wait
// in a bounded queue that takes turns between clients (FairQueue, by the request's client: its
// address), and a search that has had its share yields while others wait, so a busy server gives
// each position less depth rather than making anyone wait long. One client holds at most
// `per_client` searches (waiting or running) at once, so it cannot fill the queue for everyone
// (issue #27). After its first
// lines a search runs at the lowest scheduling priority, so the games against the computer
// (EnginePool, normal priority) keep the cores they need.
//
// A search reports its lines after every completed depth through the request's callback (on the
// pool's worker thread, at normal priority, never on the search's own thread; it must not block),
// and once more when it ends. A Ticket stands for one
// request: dropping it (or cancel()) stops the search, and no report of it follows.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <expected>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/score.hpp"
#include "server/domain/fair_queue.hpp"

namespace schach::engine {
class Engine;
}

namespace schach::server {

struct LineSearchOptions {
    /// Searches at once, over all connections; 0: half the cores, at least one.
    int workers = 0;
    int hash_mb = 32;                   // per worker
    int max_depth = 40;                 // a search ends at this depth
    std::int64_t max_time_ms = 30'000;  // ... or after this long (its lines stand)
    /// While others wait, a running search yields after this long (its lines stand).
    std::int64_t share_ms = 2'000;
    std::size_t max_waiting = 32;  // more waiting requests are refused (LineSearchError::Busy)
    /// Searches one client may have waiting or running at once (LineSearchError::ClientLimit);
    /// 0: no limit. `schach serve --analysis-searches-per-address`.
    int per_client = 4;
    /// After its first lines a search's thread goes to the lowest priority (Linux: nice 19, the
    /// idle scheduling class; engine/thread_priority.hpp).
    bool low_priority = true;
};

/// One principal variation: its score from the side to move's view and its moves.
struct SearchedLine {
    engine::Score score;
    std::vector<Move> pv;
};

/// A report: the lines of a completed depth, best first (`lines` empty when the position has no
/// legal move); `done` on the last report of a search.
struct LineUpdate {
    int depth = 0;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<SearchedLine> lines;
    bool done = false;
};

struct LineSearchRequest {
    Position start;
    std::vector<Move> moves;  // legal, from `start` (the history counts for repetitions)
    int multipv = 1;          // 1..MaxLines
    /// Who asks (the client's address): the key of the turns and of `per_client`; "" is one
    /// client like any other.
    std::string client;
    /// Called on a worker thread of the pool with each report; must not block.
    std::function<void(const LineUpdate&)> on_update;
};

inline constexpr int MaxLines = 5;

enum class LineSearchError : std::uint8_t {
    Busy,         // the queue is full (or the pool is shutting down)
    ClientLimit,  // the client has `per_client` searches waiting or running
};

class LineSearchPool {
    struct Job;

public:
    /// One request: destroying it (or cancel()) stops its search; no report follows.
    class Ticket {
    public:
        Ticket() = default;
        Ticket(Ticket&& other) noexcept;
        Ticket& operator=(Ticket&& other) noexcept;
        ~Ticket();
        void cancel();
        explicit operator bool() const { return job_ != nullptr; }

    private:
        friend class LineSearchPool;
        Ticket(LineSearchPool* pool, std::shared_ptr<Job> job) : pool_(pool), job_(std::move(job)) {}
        LineSearchPool* pool_ = nullptr;
        std::shared_ptr<Job> job_;
    };

    explicit LineSearchPool(LineSearchOptions options = {});
    /// Stops every search; tickets still held must be dropped before the pool.
    ~LineSearchPool();
    LineSearchPool(const LineSearchPool&) = delete;
    LineSearchPool& operator=(const LineSearchPool&) = delete;

    std::expected<Ticket, LineSearchError> submit(LineSearchRequest request);
    int workers() const { return static_cast<int>(threads_.size()); }
    const LineSearchOptions& options() const { return options_; }
    /// Requests waiting for a worker.
    std::size_t waiting() const;
    /// The searches of `client` waiting or running.
    int searches_of(const std::string& client) const;

    static int default_workers();

private:
    void run();
    void search(engine::Engine& engine, Job& job);
    void cancel(const std::shared_ptr<Job>& job);
    /// The job no longer counts for its client (once; under mutex_).
    void release(Job& job);

    LineSearchOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    FairQueue<std::shared_ptr<Job>> queue_;
    std::unordered_map<std::string, int> searches_;  // per client: waiting or running
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace schach::server
