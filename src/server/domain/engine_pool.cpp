#include "server/domain/engine_pool.hpp"

#include <algorithm>

#include "core/movegen.hpp"
#include "engine/engine.hpp"

namespace schach::server {

int EnginePool::default_workers() {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    return std::max(1, cores - 1);
}

EnginePool::EnginePool(EnginePoolOptions options) : options_(options) {
    const int n = options_.workers > 0 ? options_.workers : default_workers();
    for (int i = 0; i < n; ++i) threads_.emplace_back([this, i] { run(i); });
}

EnginePool::~EnginePool() {
    std::deque<std::variant<EngineRequest, EngineJob>> dropped;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        dropped.swap(queue_);
        for (engine::Engine* e : engines_) e->stop();
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
    for (auto& item : dropped) {
        if (auto* r = std::get_if<EngineRequest>(&item); r && r->done) r->done(std::nullopt);
        if (auto* j = std::get_if<EngineJob>(&item); j && j->dropped) j->dropped();
    }
}

void EnginePool::submit(EngineRequest request) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            queue_.push_back(std::move(request));
            request.done = nullptr;
        }
    }
    if (request.done) request.done(std::nullopt);  // shutting down: nobody will search it
    wake_.notify_one();
}

void EnginePool::submit(EngineJob job) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            queue_.push_back(std::move(job));
            job.dropped = nullptr;
        }
    }
    if (job.dropped) job.dropped();
    wake_.notify_one();
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
            if (!queue_.empty()) {
                item = std::move(queue_.front());
                queue_.pop_front();
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
        search(engine, std::get<EngineRequest>(item), level, chess960);
    }
}

void EnginePool::search(engine::Engine& engine, EngineRequest& request, int& level, bool& chess960) {
    const int wanted = std::clamp(request.level, 1, 8);
    if (wanted != level || request.start.is_chess960() != chess960) {
        engine::EngineOptions options = engine.options();
        options.level = wanted;
        options.chess960 = request.start.is_chess960();
        options.hash_mb = options_.hash_mb;
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
    if (request.done) request.done(result);
}

}  // namespace schach::server
