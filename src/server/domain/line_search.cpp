#include "server/domain/line_search.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/thread_priority.hpp"

namespace schach::server {

struct LineSearchPool::Job {
    LineSearchRequest request;
    // Held while a report is made; cancel() takes it, so that no report follows a cancel.
    std::mutex report;
    bool cancelled = false;  // under `report`
    // Under the pool's mutex.
    bool stop = false;      // cancelled while searching (or before the search started)
    bool finished = false;  // the search has ended (its best move reported)
    bool counted = false;   // counts for its client's per_client
    /// The newest lines, left by the search's thread for the worker to report (see search()).
    std::optional<LineUpdate> pending;
};

LineSearchPool::Ticket::Ticket(Ticket&& other) noexcept : pool_(other.pool_), job_(std::move(other.job_)) {
    other.pool_ = nullptr;
}

LineSearchPool::Ticket& LineSearchPool::Ticket::operator=(Ticket&& other) noexcept {
    if (this != &other) {
        cancel();
        pool_ = other.pool_;
        job_ = std::move(other.job_);
        other.pool_ = nullptr;
    }
    return *this;
}

LineSearchPool::Ticket::~Ticket() { cancel(); }

void LineSearchPool::Ticket::cancel() {
    if (pool_ && job_) pool_->cancel(job_);
    job_.reset();
    pool_ = nullptr;
}

int LineSearchPool::default_workers() {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    return std::max(1, cores / 2);
}

LineSearchPool::LineSearchPool(LineSearchOptions options) : options_(options) {
    options_.workers = options_.workers > 0 ? options_.workers : default_workers();
    for (int i = 0; i < options_.workers; ++i)
        threads_.emplace_back([this] {
            engine::name_this_thread("schach-lines");
            run();
        });
}

LineSearchPool::~LineSearchPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        queue_.drain([this](std::shared_ptr<Job> job) { release(*job); });
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

std::size_t LineSearchPool::waiting() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

int LineSearchPool::searches_of(const std::string& client) const {
    std::lock_guard lock(mutex_);
    const auto it = searches_.find(client);
    return it == searches_.end() ? 0 : it->second;
}

void LineSearchPool::release(Job& job) {
    if (!job.counted) return;
    job.counted = false;
    const auto it = searches_.find(job.request.client);
    if (it != searches_.end() && --it->second <= 0) searches_.erase(it);
}

std::expected<LineSearchPool::Ticket, LineSearchError> LineSearchPool::submit(LineSearchRequest request) {
    auto job = std::make_shared<Job>();
    job->request = std::move(request);
    job->request.multipv = std::clamp(job->request.multipv, 1, MaxLines);
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || queue_.size() >= options_.max_waiting) return std::unexpected(LineSearchError::Busy);
        int& count = searches_[job->request.client];
        if (options_.per_client > 0 && count >= options_.per_client) {
            if (count == 0) searches_.erase(job->request.client);
            return std::unexpected(LineSearchError::ClientLimit);
        }
        ++count;
        job->counted = true;
        queue_.push(job->request.client, job);
    }
    wake_.notify_all();
    return Ticket(this, std::move(job));
}

void LineSearchPool::cancel(const std::shared_ptr<Job>& job) {
    {
        std::lock_guard lock(mutex_);
        queue_.erase(job->request.client, job);
        job->stop = true;
        // A running search stops within a moment: the client may ask for the next at once.
        release(*job);
    }
    wake_.notify_all();
    // The callback leaves the job here, on the canceller's thread: it may hold what its owner
    // must outlive (a connection's executor), and the worker drops the job later, at any time.
    std::function<void(const LineUpdate&)> callback;
    {
        std::lock_guard lock(job->report);
        job->cancelled = true;
        callback.swap(job->request.on_update);
    }
}

void LineSearchPool::run() {
    engine::Engine engine;
    engine::EngineOptions eo = engine.options();
    eo.hash_mb = options_.hash_mb;
    eo.multipv = 1;
    engine.set_options(eo);
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (stopping_) return;
            job = std::move(*queue_.pop());
        }
        search(engine, *job);
    }
}

namespace {

LineUpdate final_update() {
    LineUpdate u;
    u.done = true;
    return u;
}

/// Reports unless the job was cancelled.
template <class Job>
void deliver(Job& job, const LineUpdate& update) {
    std::lock_guard lock(job.report);
    if (!job.cancelled && job.request.on_update) job.request.on_update(update);
}

}  // namespace

void LineSearchPool::search(engine::Engine& engine, Job& job) {
    const LineSearchRequest& r = job.request;
    // The last report: the job no longer counts for its client once it is told it is done.
    const auto finish = [&](const LineUpdate& update) {
        {
            std::lock_guard lock(mutex_);
            release(job);
        }
        deliver(job, update);
    };
    Position end = r.start;
    for (const Move m : r.moves) end.do_move(m);
    const int legal = count_legal(end);
    if (legal == 0) {  // mate or stalemate on the board: nothing to search
        finish(final_update());
        return;
    }
    const int shown = std::min(r.multipv, legal);
    engine::EngineOptions eo = engine.options();
    if (eo.multipv != shown || eo.chess960 != r.start.is_chess960()) {
        eo.multipv = shown;
        eo.chess960 = r.start.is_chess960();
        engine.set_options(eo);
    }
    if (!engine.set_position(r.start, r.moves)) {  // the caller checked the moves: not reached
        finish(final_update());
        return;
    }
    // The lines of the depth being reported; complete once the last (`shown`) has come.
    std::vector<SearchedLine> lines(static_cast<std::size_t>(shown));
    LineUpdate last;
    bool lowered = false;
    // The search's thread only leaves its lines here and wakes the worker, which reports them.
    // After its first lines that thread runs in the idle class, which any other runnable thread
    // preempts at once: had it reported itself (a post to the connection's strand, which may wake
    // an I/O thread), it would have been preempted holding the job's report mutex or the
    // io_context's own, and the connection's thread would have waited for it behind the busy
    // cores (priority inversion: players' acknowledgements stalled for 300 ms beside a client
    // flooding the analysis board). What it holds here is the pool's mutex, for a move.
    engine.on_info([&](const engine::SearchInfo& info) {
        if (info.score.bound != engine::ScoreBound::Exact || info.multipv < 1 || info.multipv > shown ||
            info.pv.empty())
            return;
        lines[static_cast<std::size_t>(info.multipv - 1)] = SearchedLine{info.score, info.pv};
        if (info.multipv != shown) return;
        last = LineUpdate{info.depth, info.nodes, info.time_ms, lines, false};
        std::optional<LineUpdate> slot = last;  // the one it replaces is freed outside the lock
        {
            std::lock_guard lock(mutex_);
            std::swap(job.pending, slot);
        }
        wake_.notify_all();
        // The first lines come at full speed (the page shows them within a blink); the rest of
        // the search yields the cores to the games against the computer. This runs on the
        // search's own thread (one per search), which ends with it.
        if (options_.low_priority && !lowered) {
            engine::lower_this_thread_priority();
            lowered = true;
        }
    });
    engine.on_bestmove([&](const engine::BestMove&) {
        {
            std::lock_guard lock(mutex_);
            job.finished = true;
        }
        wake_.notify_all();
    });
    engine::SearchLimits limits;
    limits.depth = options_.max_depth;
    limits.movetime = options_.max_time_ms;
    const auto started = std::chrono::steady_clock::now();
    engine.go(limits);
    {
        std::unique_lock lock(mutex_);
        bool stopped = false;
        while (!job.finished) {
            if (job.pending) {  // reported on this thread, at the worker's priority, unlocked
                LineUpdate update = std::move(*job.pending);
                job.pending.reset();
                lock.unlock();
                deliver(job, update);
                lock.lock();
                continue;
            }
            const bool others_wait = !queue_.empty() && std::chrono::steady_clock::now() - started >=
                                                            std::chrono::milliseconds(options_.share_ms);
            if (!stopped && (job.stop || stopping_ || others_wait)) {
                engine.stop();
                stopped = true;
            }
            wake_.wait_for(lock, std::chrono::milliseconds(50));
        }
        job.pending.reset();  // the last report below carries the newest lines
    }
    engine.wait();
    engine.on_info(nullptr);
    engine.on_bestmove(nullptr);
    last.done = true;
    finish(last);
}

}  // namespace schach::server
