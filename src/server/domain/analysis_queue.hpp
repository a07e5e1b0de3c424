#pragma once
// AnalysisQueue: the computer analyses of finished games (docs/review.md, the server part), run
// as the EnginePool's background work: one position's search per step, taken only when no game
// against the computer waits (so a move against the computer waits at most for one position's
// search, never for a whole review). The searches run at the lowest thread priority
// (AnalysisOptions::search_nice): on a busy machine they take only the CPU the network, the
// games and the moves against the computer leave. Each worker has its own review::Reviewer, and a game's
// review stays on the worker that began it, one table through the game, from the last position
// to the first (as review::Reviewer::review does). Bounded: at most `max_waiting` analyses wait;
// per browser one waiting or running at a time and `daily_limit` a day. The single searches of
// "learn from your mistakes" run as pool jobs (the games' priority) on reviewers of their own.
//
// No store and no game here: the service stores the requests and the results, and tells the
// watchers (the progress and finished handlers, called on the worker's thread, must not block).

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/thread_priority.hpp"
#include "review/game_review.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/game_view.hpp"

namespace schach::server {

struct AnalysisOptions {
    /// Nodes per position (lichess's server: 1,000,000); `schach serve --analysis-nodes`.
    std::uint64_t nodes = 1'000'000;
    /// Nodes for a try of "learn from your mistakes" (the position after the try, and the
    /// position before when the analysis has no evaluation of it).
    std::uint64_t try_nodes = 300'000;
    int hash_mb = 64;      // each worker's review table
    int try_hash_mb = 16;  // each worker's table for tries
    int max_plies = 300;   // plies reviewed from the start (lichess: 300)
    /// The analyses' searches' nice value: the lowest, in the idle scheduling class on Linux
    /// (engine/thread_priority.hpp).
    int search_nice = engine::LowestPriority;
    /// Analyses waiting at once (all browsers); more are refused (analysis_limit, full).
    std::size_t max_waiting = 100;
    /// Analyses a browser may ask for in 24 hours (0: no limit); `--analysis-daily`.
    int daily_limit = 20;
    /// Analyses waiting or running at once from one client address, whatever browser ids it
    /// sends (a browser id is only a cookie: made-up ones would escape the limits per browser);
    /// 0: no limit. `--analyses-per-address`.
    int per_address = 4;
    /// Games against the computer are analysed when they end (as the server's own request, not
    /// counted for anyone); `--no-auto-analysis` turns it off.
    bool auto_computer_games = true;
};

/// What to analyse: a game's start and the moves reviewed.
struct AnalysisJob {
    GameId game;
    Position start;
    std::vector<Move> moves;
    std::string browser;  // who asked ("" for the server's own)
    Millis requested = 0;
    std::string address = {};  // from where ("" unknown, or the server's own)
};

enum class Admission : std::uint8_t {
    Admitted,     // reserved: waits for start()
    Present,      // the game is waiting or running already (computed once however many ask)
    BrowserBusy,  // the browser has one waiting or running
    AddressBusy,  // the address has `per_address` waiting or running
    DailyLimit,   // the browser asked `daily_limit` times in the last 24 hours
    Full,         // `max_waiting` analyses wait
};

class AnalysisQueue final : public BackgroundWork {
public:
    using ProgressHandler = std::function<void(const GameId&, AnalysisState, AnalysisProgress)>;
    using FinishedHandler = std::function<void(const AnalysisJob&, std::vector<review::PositionEval>)>;

    /// Attaches itself to `pool` (which must outlive it).
    AnalysisQueue(EnginePool& pool, AnalysisOptions options, ProgressHandler progress, FinishedHandler finished);
    /// shutdown(), if not done yet.
    ~AnalysisQueue() override;
    AnalysisQueue(const AnalysisQueue&) = delete;
    AnalysisQueue& operator=(const AnalysisQueue&) = delete;

    /// Stops the search under way and detaches from the pool; returns once no step runs. No
    /// handler is called after it. Not from the pool's threads.
    void shutdown();

    const AnalysisOptions& options() const { return options_; }

    /// Reserves a place for `job` (counted for the limits at once, searched only after
    /// start()); `limited`: the browser's limits apply (not for the server's own requests).
    Admission reserve(const AnalysisJob& job, bool limited, Millis now);
    /// The reserved job's request is stored: it may be searched.
    void start(const GameId& game);
    /// The reserved job's request could not be stored: forgotten, not counted.
    void cancel(const GameId& game);
    /// The finished job's result is stored: forgotten (asked for again, the store answers).
    void forget(const GameId& game);
    /// A request of `browser` at wall time `at`, for the daily limit (the requests of the last
    /// day, read from the store at the start).
    void count_request(const std::string& browser, Millis at);
    /// When the browser may ask again (wall time), after DailyLimit.
    Millis next_allowed(const std::string& browser, Millis now) const;

    /// The state of the game's analysis while it waits or runs (a finished one until forget()).
    std::optional<std::pair<AnalysisState, AnalysisProgress>> status(const GameId& game) const;

    /// One search of the position after `moves` from `start` at the try budget, as a pool job
    /// (the games' priority). `done` gets it on a worker thread, or none when the pool shut down.
    void evaluate(Position start, std::vector<Move> moves,
                  std::function<void(std::optional<review::PositionEval>)> done);

    bool step(int worker) override;

private:
    struct Entry {
        AnalysisJob job;
        bool runnable = false;
        int worker = -1;  // the worker searching it, -1 while waiting
        std::vector<review::PositionEval> positions;
        int next = 0;  // the position searched next (from the last to the first)
        int done = 0;
        bool finished = false;
        AnalysisProgress progress() const { return {done, static_cast<int>(positions.size())}; }
    };
    /// The reviewers of tries, shared with the pool's jobs (which may outlive the queue).
    struct Tries {
        std::vector<std::unique_ptr<review::Reviewer>> reviewers;  // one per worker, made on first use
        review::ReviewOptions options;
    };

    bool browser_busy(const std::string& browser) const;
    int of_address(const std::string& address) const;
    int requests_today(const std::string& browser, Millis now) const;

    EnginePool& pool_;
    const AnalysisOptions options_;
    ProgressHandler progress_;
    FinishedHandler finished_;
    std::atomic<bool> stop_{false};
    bool attached_ = false;

    mutable std::mutex mutex_;
    std::map<GameId, std::shared_ptr<Entry>> entries_;  // waiting, running or finished (until forget)
    std::deque<std::shared_ptr<Entry>> waiting_;        // in the order asked
    std::vector<std::shared_ptr<Entry>> current_;       // per worker: the game it reviews
    mutable std::unordered_map<std::string, std::deque<Millis>> requests_;  // per browser, the last day
    // Touched by their worker only.
    std::vector<std::unique_ptr<review::Reviewer>> reviewers_;
    std::shared_ptr<Tries> tries_;
};

}  // namespace schach::server
