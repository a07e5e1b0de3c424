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
    for (int i = 0; i < n; ++i) threads_.emplace_back([this] { run(); });
}

EnginePool::~EnginePool() {
    std::deque<EngineRequest> dropped;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        dropped.swap(queue_);
        for (engine::Engine* e : engines_) e->stop();
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
    for (EngineRequest& r : dropped)
        if (r.done) r.done(std::nullopt);
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

std::size_t EnginePool::queued() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

void EnginePool::run() {
    engine::Engine engine;
    {
        std::lock_guard lock(mutex_);
        engines_.push_back(&engine);
    }
    int level = -1;
    bool chess960 = false;
    for (;;) {
        EngineRequest request;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (stopping_) {
                std::erase(engines_, &engine);
                return;
            }
            request = std::move(queue_.front());
            queue_.pop_front();
        }
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
}

}  // namespace schach::server
