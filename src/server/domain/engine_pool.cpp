#include "server/domain/engine_pool.hpp"

#include <algorithm>
#include <chrono>

#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/thread_priority.hpp"

namespace schach::server {

int EnginePool::default_workers() {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    return std::max(1, cores - 1);
}

EnginePool::EnginePool(EnginePoolOptions options) : options_(options) {
    const int n = options_.workers > 0 ? options_.workers : default_workers();
    running_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        threads_.emplace_back([this, i] {
            engine::name_this_thread("schach-engine");
            run(i);
        });
    if (options_.slice_ms > 0)
        slicer_ = std::thread([this] {
            engine::name_this_thread("schach-slicer");
            slice();
        });
}

void EnginePool::slice() {
    const auto slice = std::chrono::milliseconds(options_.slice_ms);
    const auto tick = std::max(std::chrono::milliseconds(10), slice / 10);
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        slicer_wake_.wait_for(lock, tick);
        const auto now = std::chrono::steady_clock::now();
        for (Running& r : running_) {
            if (!r.active || r.cut || now - r.since < slice || !queue_.others_than(r.client)) continue;
            r.cut = true;
            ++cut_short_;
            r.engine->stop();  // a stop after its search ended is harmless: the next go clears it
        }
    }
}

EnginePool::~EnginePool() {
    std::vector<Waiting> dropped;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        queue_.drain([&](Waiting w) { dropped.push_back(std::move(w)); });
        for (engine::Engine* e : engines_) e->stop();
    }
    wake_.notify_all();
    slicer_wake_.notify_all();
    if (slicer_.joinable()) slicer_.join();
    for (std::thread& t : threads_) t.join();
    for (Waiting& w : dropped) {
        if (auto* r = std::get_if<EngineRequest>(&w.item); r && r->done) r->done(EngineReply{});
        if (auto* j = std::get_if<EngineJob>(&w.item); j && j->dropped) j->dropped();
    }
}

/// Under the mutex, not stopping.
void EnginePool::push(std::string client, std::variant<EngineRequest, EngineJob> item) {
    queue_.push(client, Waiting{std::move(item), std::chrono::steady_clock::now()});
    max_queued_ = std::max(max_queued_, queue_.size());
}

void EnginePool::submit(EngineRequest request) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            std::string client = request.client;
            push(std::move(client), std::move(request));
            wake_.notify_one();
            return;
        }
    }
    if (request.done) request.done(EngineReply{});  // shutting down: nobody will search it
}

void EnginePool::submit(EngineJob job) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            std::string client = job.client;
            push(std::move(client), std::move(job));
            wake_.notify_one();
            return;
        }
    }
    if (job.dropped) job.dropped();
}

void EnginePool::set_background(BackgroundWork* work) {
    std::unique_lock lock(mutex_);
    background_ = work;
    ++background_news_;
    background_idle_.wait(lock, [&] { return background_steps_ == 0 || work != nullptr; });
    lock.unlock();
    wake_.notify_all();
}

void EnginePool::wake_background() {
    {
        std::lock_guard lock(mutex_);
        ++background_news_;
    }
    wake_.notify_all();
}

std::size_t EnginePool::queued() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

EnginePoolStats EnginePool::stats() const {
    EnginePoolStats out;
    std::vector<std::int64_t> waits;
    {
        std::lock_guard lock(mutex_);
        out.queued = queue_.size();
        out.max_queued = max_queued_;
        out.served = served_;
        out.cut_short = cut_short_;
        waits = waits_;
    }
    if (waits.empty()) return out;
    std::sort(waits.begin(), waits.end());
    const auto at = [&](double q) {
        return waits[static_cast<std::size_t>(q * static_cast<double>(waits.size() - 1))];
    };
    out.wait_p50_ms = at(0.5);
    out.wait_p99_ms = at(0.99);
    out.wait_max_ms = waits.back();
    return out;
}

void EnginePool::run(int worker) {
    engine::Engine engine;
    {
        std::lock_guard lock(mutex_);
        engines_.push_back(&engine);
    }
    int level = -1;
    bool chess960 = false;
    std::uint64_t seen = 0;  // the background news this worker has looked at
    bool more = false;       // the last background step did something: there may be more
    for (;;) {
        std::variant<EngineRequest, EngineJob> item;
        std::int64_t waited_ms = 0;
        BackgroundWork* background = nullptr;
        std::uint64_t news = 0;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] {
                return stopping_ || !queue_.empty() || (background_ && (more || background_news_ != seen));
            });
            if (stopping_) {
                std::erase(engines_, &engine);
                return;
            }
            // The games (and jobs) first; the background only when none waits.
            if (auto next = queue_.pop()) {
                item = std::move(next->item);
                waited_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                                  next->since)
                                .count();
                if (waits_.size() < WaitsKept) waits_.push_back(waited_ms);
                else waits_[served_ % WaitsKept] = waited_ms;
                ++served_;
            } else {
                background = background_;
                news = background_news_;
                ++background_steps_;
            }
        }
        if (background) {
            more = background->step(worker);
            if (!more) seen = news;
            {
                std::lock_guard lock(mutex_);
                --background_steps_;
            }
            background_idle_.notify_all();
            continue;
        }
        if (auto* job = std::get_if<EngineJob>(&item)) {
            if (job->run) job->run(worker);
            continue;
        }
        EngineRequest& request = std::get<EngineRequest>(item);
        {
            std::lock_guard lock(mutex_);
            running_[static_cast<std::size_t>(worker)] = {&engine, request.client, std::chrono::steady_clock::now(),
                                                          true, false};
        }
        search(engine, request, waited_ms, level, chess960);
        std::lock_guard lock(mutex_);
        running_[static_cast<std::size_t>(worker)].active = false;
    }
}

void EnginePool::search(engine::Engine& engine, EngineRequest& request, std::int64_t waited_ms, int& level,
                        bool& chess960) {
    const int wanted = std::clamp(request.level, 1, 8);
    if (wanted != level || request.start.is_chess960() != chess960) {
        engine::EngineOptions options = engine.options();
        options.level = wanted;
        options.chess960 = request.start.is_chess960();
        options.hash_mb = options_.hash_mb;
        options.search_nice = options_.search_nice;
        engine.set_options(options);
        level = wanted;
        chess960 = options.chess960;
    }
    engine.new_game();
    std::optional<Move> result;
    if (engine.set_position(request.start, request.moves)) {
        engine::SearchLimits limits;
        if (request.wtime || request.btime) {
            limits.wtime = request.wtime;
            limits.btime = request.btime;
            limits.winc = request.winc;
            limits.binc = request.binc;
        } else {
            limits.movetime = options_.untimed_movetime_ms;
        }
        const engine::Engine::Result r = engine.search(limits);
        if (r.best.move && r.best.move != Move::null()) result = r.best.move;
    }
    if (request.done) request.done(EngineReply{result, waited_ms});
}

}  // namespace schach::server
