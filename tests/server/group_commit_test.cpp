// GroupCommit: the writes that come while a batch runs share the next one; each caller gets its
// own write's result, and only once its batch has run.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "server/group_commit.hpp"

namespace schach::server {
namespace {

using Result = GroupCommit::Result;

/// A backend that runs each write and records the batch sizes; the first batch waits for
/// `release` when `hold_first` is set.
struct FakeBackend {
    std::mutex mutex;
    std::vector<std::size_t> sizes;
    bool hold_first = false;
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<bool> first_started{false};

    std::vector<Result> run(std::span<const GroupCommit::Write* const> writes) {
        {
            std::lock_guard lock(mutex);
            sizes.push_back(writes.size());
        }
        if (hold_first && !first_started.exchange(true)) released.wait();
        std::vector<Result> out;
        for (const GroupCommit::Write* w : writes) out.push_back((*w)());
        return out;
    }
};

TEST(ServerGroupCommit, AWriteAloneIsABatchOfOne) {
    FakeBackend backend;
    GroupCommit group([&](auto writes) { return backend.run(writes); });
    int runs = 0;
    EXPECT_TRUE(group.submit([&]() -> Result {
        ++runs;
        return {};
    }));
    const Result failed = group.submit([]() -> Result { return std::unexpected(StoreError{"no"}); });
    ASSERT_FALSE(failed);
    EXPECT_EQ(failed.error().message, "no");
    EXPECT_EQ(runs, 1);
    EXPECT_EQ(backend.sizes, (std::vector<std::size_t>{1, 1}));
    EXPECT_EQ(group.batches(), 2u);
}

TEST(ServerGroupCommit, WritesThatComeDuringACommitShareTheNextAndKeepTheirOwnResults) {
    FakeBackend backend;
    backend.hold_first = true;
    GroupCommit group([&](auto writes) { return backend.run(writes); });
    std::atomic<int> done{0};
    std::thread first([&] {
        EXPECT_TRUE(group.submit([]() -> Result { return {}; }));
        ++done;
    });
    while (!backend.first_started) std::this_thread::yield();
    constexpr int Waiting = 5;
    std::vector<std::thread> others;
    std::vector<Result> results(Waiting);
    for (int i = 0; i < Waiting; ++i)
        others.emplace_back([&, i] {
            results[static_cast<std::size_t>(i)] = group.submit([i]() -> Result {
                if (i == 3) return std::unexpected(StoreError{"refused"});
                return {};
            });
            ++done;
        });
    while (group.waiting() < Waiting) std::this_thread::yield();
    EXPECT_EQ(done, 0);  // nobody returns before their batch has run
    backend.release.set_value();
    first.join();
    for (std::thread& t : others) t.join();
    EXPECT_EQ(backend.sizes, (std::vector<std::size_t>{1, Waiting}));
    for (int i = 0; i < Waiting; ++i) EXPECT_EQ(results[static_cast<std::size_t>(i)].has_value(), i != 3) << i;
    EXPECT_EQ(results[3].error().message, "refused");
}

TEST(ServerGroupCommit, ABatchThatThrowsFailsItsWritesAndTheNextRuns) {
    bool thrown = false;
    GroupCommit group([&](std::span<const GroupCommit::Write* const> writes) -> std::vector<Result> {
        if (!thrown) {
            thrown = true;
            throw std::runtime_error("disk");
        }
        std::vector<Result> out;
        for (const GroupCommit::Write* w : writes) out.push_back((*w)());
        return out;
    });
    EXPECT_FALSE(group.submit([]() -> Result { return {}; }));
    EXPECT_TRUE(group.submit([]() -> Result { return {}; }));
}

}  // namespace
}  // namespace schach::server
