#pragma once
// The search threads behind Engine: one SearchPool owns them and the state they share.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "core/position.hpp"
#include "engine/info.hpp"
#include "engine/limits.hpp"
#include "engine/options.hpp"

namespace schach::engine {

/// Everything one search needs to know, fixed at `go`.
struct SearchJob {
    Position root;
    /// Keys of the positions before the root since the last irreversible move, oldest first
    /// (the root excluded), for draws by repetition against the game.
    std::vector<Key> history;
    SearchLimits limits;
    EngineOptions options;
    std::function<void(const SearchInfo&)> on_info;
    /// The end: the best move and the root lines of the last completed iteration (MultiPV
    /// lines, best first), from which Engine picks a weaker move for the lower levels.
    std::function<void(const BestMove&, const std::vector<SearchInfo>& lines)> on_done;
};

class SearchPool {
public:
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

    // Read by the searchers.
    std::atomic<bool> stop_flag{false};
    std::atomic<bool> pondering{false};

private:
    void run(SearchJob job);
    /// After a ponder or infinite search: holds the best move back until stop (or ponderhit,
    /// unless infinite).
    void wait_for_release(bool infinite);

    std::thread thread_;
    std::atomic<bool> running_{false};
    std::mutex mutex_;
    std::condition_variable released_;
};

}  // namespace schach::engine
