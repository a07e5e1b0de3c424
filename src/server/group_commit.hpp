#pragma once
// Group commit: many threads hand in writes, and whichever finds no batch running (the leader)
// runs every write waiting at that moment as one batch (for SqliteStore: one transaction, one
// fsync); the others wait until the batch with their write has run and take its result. A write
// still returns only once it is committed, so an action is acknowledged only after it is stored,
// but a commit is shared by all the writes that came during the one before.

#include <condition_variable>
#include <cstdint>
#include <expected>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "server/store.hpp"

namespace schach::server {

class GroupCommit {
public:
    /// One write: runs inside the batch (on the leader's thread, while its caller waits).
    using Write = std::function<std::expected<void, StoreError>()>;
    using Result = std::expected<void, StoreError>;
    /// Runs a batch in order and returns one result per write.
    using RunBatch = std::function<std::vector<Result>(std::span<const Write* const>)>;

    explicit GroupCommit(RunBatch run) : run_(std::move(run)) {}

    /// Runs `write` in the next batch; returns its result once that batch has run.
    Result submit(const Write& write);

    /// Writes waiting for the next batch (tests).
    std::size_t waiting() const;
    /// Batches run so far.
    std::uint64_t batches() const;

private:
    /// A caller's write; it waits on its own condition, so a batch's end wakes only the callers
    /// of that batch and the one who leads the next, not every waiting thread.
    struct Entry {
        const Write* write;
        std::optional<Result> result;
        std::condition_variable wake;
    };
    RunBatch run_;
    mutable std::mutex mutex_;
    std::vector<Entry*> queue_;
    bool running_ = false;
    std::uint64_t batches_ = 0;
};

}  // namespace schach::server
