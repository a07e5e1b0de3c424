// GroupCommit: the writes handed in while a batch runs share the next one; each write's
// completion gets its own result, and only once its batch has run; nobody's thread waits.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "server/sqlite/group_commit.hpp"

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

/// Submits `write` and waits for its result (the test's thread, not the group's, waits).
Result submit_and_wait(GroupCommit& group, GroupCommit::Write write) {
    std::promise<Result> p;
    group.submit(std::move(write), [&p](Result r) { p.set_value(std::move(r)); });
    return p.get_future().get();
}

TEST(ServerGroupCommit, AWriteAloneIsABatchOfOne) {
    FakeBackend backend;
    GroupCommit group([&](auto writes) { return backend.run(writes); });
    int runs = 0;
    EXPECT_TRUE(submit_and_wait(group, [&]() -> Result {
        ++runs;
        return {};
    }));
    const Result failed = submit_and_wait(group, []() -> Result { return std::unexpected(StoreError{"no"}); });
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
    std::promise<Result> first;
    group.submit([]() -> Result { return {}; },
                 [&](Result r) {
                     first.set_value(std::move(r));
                     ++done;
                 });
    while (!backend.first_started) std::this_thread::yield();
    // Handed in from this one thread while the first batch runs: submit returns at once.
    constexpr int Waiting = 5;
    std::vector<std::promise<Result>> results(Waiting);
    for (int i = 0; i < Waiting; ++i)
        group.submit(
            [i]() -> Result {
                if (i == 3) return std::unexpected(StoreError{"refused"});
                return {};
            },
            [&, i](Result r) {
                results[static_cast<std::size_t>(i)].set_value(std::move(r));
                ++done;
            });
    EXPECT_EQ(group.waiting(), static_cast<std::size_t>(Waiting));
    EXPECT_EQ(done, 0);  // nobody is completed before their batch has run
    backend.release.set_value();
    EXPECT_TRUE(first.get_future().get());
    for (int i = 0; i < Waiting; ++i) {
        const Result r = results[static_cast<std::size_t>(i)].get_future().get();
        EXPECT_EQ(r.has_value(), i != 3) << i;
        if (i == 3) {
            EXPECT_EQ(r.error().message, "refused");
        }
    }
    EXPECT_EQ(backend.sizes, (std::vector<std::size_t>{1, Waiting}));
}

TEST(ServerGroupCommit, UnderASteadyStreamASmallBatchWaitsUntilItIsFull) {
    FakeBackend backend;
    backend.hold_first = true;
    // A gathering time no test run reaches: the batch below runs because it is full.
    GroupCommit group([&](auto writes) { return backend.run(writes); }, {std::chrono::hours(1), 3});
    std::promise<void> first_done;
    group.submit([]() -> Result { return {}; }, [&](Result) { first_done.set_value(); });
    while (!backend.first_started) std::this_thread::yield();
    std::atomic<int> done{0};
    const auto count = [&](Result r) { done += r ? 1 : 0; };
    group.submit([]() -> Result { return {}; }, count);
    group.submit([]() -> Result { return {}; }, count);
    backend.release.set_value();
    first_done.get_future().get();
    // Two writes waited when the first batch ended (a steady stream): they wait for a third.
    EXPECT_EQ(done, 0);
    EXPECT_EQ(submit_and_wait(group, []() -> Result { return {}; }).has_value(), true);
    EXPECT_EQ(backend.sizes, (std::vector<std::size_t>{1, 3}));
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
    EXPECT_FALSE(submit_and_wait(group, []() -> Result { return {}; }));
    EXPECT_TRUE(submit_and_wait(group, []() -> Result { return {}; }));
}

TEST(ServerGroupCommit, ItsEndRunsWhatWasHandedInAndAReadRunsBetweenBatches) {
    std::atomic<int> completed{0};
    std::atomic<bool> read{false};
    {
        GroupCommit group([](std::span<const GroupCommit::Write* const> writes) {
            std::vector<Result> out;
            for (const GroupCommit::Write* w : writes) out.push_back((*w)());
            return out;
        });
        for (int i = 0; i < 10; ++i)
            group.submit([]() -> Result { return {}; }, [&](Result r) { completed += r ? 1 : 0; });
        group.run_alone([&] { read = true; });
    }
    EXPECT_EQ(completed, 10);
    EXPECT_TRUE(read);
}

}  // namespace
}  // namespace schach::server
