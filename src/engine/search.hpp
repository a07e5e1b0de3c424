#pragma once
// The search threads behind Engine: one SearchPool owns them and the state they share (the
// transposition table, the clock, the stop flags). Each thread is a Worker (search.cpp) with
// its own position, evaluator and histories; with Threads > 1 they search the same root and
// share what they find through the table (Lazy SMP). The first worker is the main thread: it
// alone checks the limits, reports and decides the move.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/position.hpp"
#include "engine/info.hpp"
#include "engine/limits.hpp"
#include "engine/nnue.hpp"
#include "engine/options.hpp"
#include "engine/timeman.hpp"
#include "engine/tt.hpp"

namespace schach::engine {

/// Everything one search needs to know, fixed at `go`.
struct SearchJob {
    Position root;
    /// Keys of the positions before the root since the last irreversible move, oldest first
    /// (the root excluded), for draws by repetition against the game.
    std::vector<Key> history;
    SearchLimits limits;
    EngineOptions options;
    /// The network to evaluate with (nullptr: the hand-written evaluation); owned by the Engine.
    const nnue::Network* network = nullptr;
    std::function<void(const SearchInfo&)> on_info;
    /// The end: the best move and the root lines of the last completed iteration (MultiPV
    /// lines, best first), from which Engine picks a weaker move for the lower levels.
    std::function<void(const BestMove&, const std::vector<SearchInfo>& lines)> on_done;
};

class Worker;

class SearchPool {
public:
    using Clock = std::chrono::steady_clock;

    SearchPool();
    ~SearchPool();
    SearchPool(const SearchPool&) = delete;
    SearchPool& operator=(const SearchPool&) = delete;

    /// Starts a search (the previous one must have ended: call wait() first).
    void start(SearchJob job);
    void stop();
    void ponderhit();
    void wait();
    bool searching() const { return running_.load(); }
    /// Forgets what earlier searches learnt (hash table, histories).
    void clear();
    void resize_hash(int mb);
    int hashfull() const { return tt_.hashfull(); }
    /// Nodes of the last search (all threads), once it ended.
    std::uint64_t nodes_searched() const { return last_nodes_.load(); }
    /// The lag seen on our clock (what the GUI charged for our last moves beyond what we
    /// measured), in ms; it raises the move overhead of the time plan (after clear(): 0).
    double measured_lag_ms() const { return lag_ms_; }

    // Read by the workers.
    std::atomic<bool> stop_flag{false};  // stop (or the release of a ponder/infinite search)
    std::atomic<bool> pondering{false};

private:
    friend class Worker;

    /// The kept search thread's loop (EngineOptions::keep_search_thread): each job given by
    /// start() in turn, until the pool ends.
    void serve();
    void run(SearchJob job);
    /// After a ponder or infinite search: holds the best move back until stop (or ponderhit,
    /// unless infinite).
    void wait_for_release(bool infinite);
    /// Milliseconds on our clock: since the start, or since ponderhit for a ponder search.
    std::int64_t elapsed_ms() const;
    std::int64_t elapsed_since_start_ms() const;
    std::uint64_t total_nodes() const;

    std::thread thread_;  // a search's own thread (one per search)
    std::thread kept_;    // serve(): the searches with keep_search_thread, from the first on
    std::mutex job_mutex_;
    std::condition_variable job_cv_;
    std::optional<SearchJob> job_;  // given by start(), not yet taken by the thread
    bool busy_ = false;             // a job given and not yet done (job_mutex_)
    bool quit_ = false;             // the pool ends (job_mutex_)
    std::atomic<bool> running_{false};
    std::mutex mutex_;
    std::condition_variable released_;

    TranspositionTable tt_;
    std::vector<std::unique_ptr<Worker>> workers_;
    int active_workers_ = 1;
    std::atomic<bool> abort_{false};  // the main thread is done: helpers end
    Clock::time_point start_;
    std::atomic<Clock::rep> clock_start_{0};  // start_, or the ponderhit (duration since epoch)
    TimeBudget budget_;
    std::atomic<std::uint64_t> last_nodes_{0};

    /// The clock of each colour at our last timed move, and what we spent on it.
    struct ClockMemory {
        std::optional<Millis> clock;
        Millis inc = 0;
        Millis spent = 0;
    };
    ClockMemory clock_memory_[2];
    double lag_ms_ = 0;
    /// Learns the lag from the clock the GUI reports now; returns the move overhead to plan with.
    int overhead_with_lag(const SearchJob& job);
};

}  // namespace schach::engine
