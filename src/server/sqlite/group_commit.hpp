#pragma once
// Group commit without a thread per waiting write: writers hand in a write and a completion, and
// the committer (one thread of its own) runs every write waiting at that moment as one batch (for
// SqliteStore: one transaction, one fsync), then calls each write's completion with its own
// result. A write is completed only once it is committed, so an action is acknowledged only after
// it is stored, but a commit is shared by all the writes that came during the one before; and no
// caller's thread waits for it (a game's actor is suspended, not its thread).
//
// Under a steady stream of writes (the last batch ended with writes waiting) a small batch waits
// a moment (Gather) for more before it runs: one commit and one fsync serve more writes, each
// acknowledged at most Gather::time later. A write that comes to an idle committer runs at once.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <expected>
#include <functional>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "server/domain/store.hpp"

namespace schach::server {

/// How long a small batch waits for more under a steady stream, and how many writes are enough
/// to run at once.
struct CommitGather {
    std::chrono::microseconds time{1000};
    std::size_t writes = 64;
};

class GroupCommit {
public:
    /// One write: runs inside the batch, on the committer's thread.
    using Write = std::function<std::expected<void, StoreError>()>;
    using Result = std::expected<void, StoreError>;
    /// Gets a write's result, on the committer's thread (it must not block: post it on).
    using Done = std::function<void(Result)>;
    /// Runs a batch in order and returns one result per write.
    using RunBatch = std::function<std::vector<Result>(std::span<const Write* const>)>;

    using Gather = CommitGather;

    explicit GroupCommit(RunBatch run, Gather gather = {});
    /// Runs what was handed in before (every completion is called), then stops the committer.
    ~GroupCommit();
    GroupCommit(const GroupCommit&) = delete;
    GroupCommit& operator=(const GroupCommit&) = delete;

    /// Runs `write` in the next batch; `done` gets its result once that batch has run.
    void submit(Write write, Done done);
    /// Runs `job` on the committer's thread between two batches (a read of the same connection).
    void run_alone(std::function<void()> job);

    /// Writes waiting for the next batch (tests).
    std::size_t waiting() const;
    /// Batches run so far.
    std::uint64_t batches() const;

private:
    struct Entry {
        Write write;
        Done done;
    };
    void run();

    RunBatch run_;
    const Gather gather_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<Entry> queue_;
    std::deque<std::function<void()>> jobs_;
    bool stopping_ = false;
    bool gathering_ = false;  // a small batch waits for more: submit() wakes the committer only when it is full
    std::uint64_t batches_ = 0;
    std::thread thread_;  // last: starts once the rest is there
};

}  // namespace schach::server
