#pragma once
// Holds an engine pool's only worker until released, so that the jobs and requests submitted
// meanwhile wait in its queue: tests of what waits, what is dropped and in which order it runs.

#include <future>
#include <memory>

#include "server/domain/engine_pool.hpp"

namespace schach::server::test {

class WorkerHold {
public:
    explicit WorkerHold(EnginePool& pool) {
        auto started = std::make_shared<std::promise<void>>();
        auto wait = released_.get_future().share();
        pool.submit(EngineJob{.client = "hold",
                              .run =
                                  [started, wait](int) {
                                      started->set_value();
                                      wait.wait();
                                  },
                              .dropped = {}});
        started->get_future().wait();
    }
    WorkerHold(const WorkerHold&) = delete;
    WorkerHold& operator=(const WorkerHold&) = delete;
    ~WorkerHold() { release(); }

    void release() {
        if (!done_) released_.set_value();
        done_ = true;
    }

private:
    std::promise<void> released_;
    bool done_ = false;
};

}  // namespace schach::server::test
