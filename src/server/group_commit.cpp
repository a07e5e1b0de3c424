#include "server/group_commit.hpp"

namespace schach::server {

GroupCommit::Result GroupCommit::submit(const Write& write) {
    Entry mine{&write, std::nullopt, {}};
    std::unique_lock lock(mutex_);
    queue_.push_back(&mine);
    while (!mine.result) {
        if (running_) {
            mine.wake.wait(lock);
            continue;
        }
        // The leader: every write waiting now (its own among them) goes into this batch.
        running_ = true;
        std::vector<Entry*> batch;
        batch.swap(queue_);
        lock.unlock();
        std::vector<const Write*> writes;
        writes.reserve(batch.size());
        for (const Entry* e : batch) writes.push_back(e->write);
        std::vector<Result> results;
        try {
            results = run_(writes);
        } catch (...) {
            results.clear();
        }
        lock.lock();
        for (std::size_t i = 0; i < batch.size(); ++i) {
            batch[i]->result = i < results.size() ? results[i] : Result(std::unexpected(StoreError{"batch failed"}));
            if (batch[i] != &mine) batch[i]->wake.notify_one();
        }
        running_ = false;
        ++batches_;
        if (!queue_.empty()) queue_.front()->wake.notify_one();  // leads the next batch
    }
    return *mine.result;
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
