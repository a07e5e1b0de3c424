#include "server/sqlite/group_commit.hpp"

#include "engine/thread_priority.hpp"

namespace schach::server {

GroupCommit::GroupCommit(RunBatch run, Gather gather)
    : run_(std::move(run)), gather_(gather), thread_([this] {
          engine::name_this_thread("schach-commit");
          this->run();
      }) {}

GroupCommit::~GroupCommit() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void GroupCommit::submit(Write write, Done done) {
    bool wake = false;
    {
        std::lock_guard lock(mutex_);
        queue_.push_back({std::move(write), std::move(done)});
        // While a batch gathers, only a full one wakes the committer (each wake costs a switch).
        wake = !gathering_ || queue_.size() >= gather_.writes;
    }
    if (wake) wake_.notify_one();
}

void GroupCommit::run_alone(std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(std::move(job));
    }
    wake_.notify_one();
}

void GroupCommit::run() {
    std::unique_lock lock(mutex_);
    bool steady = false;  // the last batch ended with writes waiting
    for (;;) {
        wake_.wait(lock, [&] { return stopping_ || !queue_.empty() || !jobs_.empty(); });
        if (queue_.empty() && jobs_.empty()) return;  // stopping, and nothing left to run
        if (steady && !stopping_ && jobs_.empty() && queue_.size() < gather_.writes) {
            gathering_ = true;
            wake_.wait_for(lock, gather_.time,
                           [&] { return stopping_ || !jobs_.empty() || queue_.size() >= gather_.writes; });
            gathering_ = false;
        }
        // Every write waiting now goes into this batch; what comes meanwhile waits for the next.
        std::vector<Entry> batch;
        batch.swap(queue_);
        std::deque<std::function<void()>> jobs;
        jobs.swap(jobs_);
        lock.unlock();
        if (!batch.empty()) {
            std::vector<const Write*> writes;
            writes.reserve(batch.size());
            for (const Entry& e : batch) writes.push_back(&e.write);
            std::vector<Result> results;
            try {
                results = run_(writes);
            } catch (...) {
                results.clear();
            }
            {
                std::lock_guard counted(mutex_);
                ++batches_;
            }
            for (std::size_t i = 0; i < batch.size(); ++i)
                batch[i].done(i < results.size() ? std::move(results[i])
                                                 : Result(std::unexpected(StoreError{"batch failed"})));
        }
        for (auto& job : jobs) job();
        lock.lock();
        steady = !queue_.empty();
    }
}

std::size_t GroupCommit::waiting() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

std::uint64_t GroupCommit::batches() const {
    std::lock_guard lock(mutex_);
    return batches_;
}

}  // namespace schach::server
