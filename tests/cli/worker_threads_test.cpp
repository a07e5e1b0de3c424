// WorkerThreads (src/cli/worker_threads.hpp): each worker runs its share once, and runs on every
// core the process may use once it has started (it is bound to one only to start there).

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <vector>

#include <sched.h>

#include "cli/worker_threads.hpp"

namespace schach::cli {
namespace {

TEST(WorkerThreads, EachWorkerRunsItsShareOnce) {
    for (std::size_t count : {0u, 1u, 3u, 9u}) {
        std::vector<std::atomic<int>> runs(count + 1);
        {
            const WorkerThreads workers(count, [&](std::size_t i) { runs.at(i).fetch_add(1); });
            EXPECT_EQ(workers.size(), count);
        }  // joined here
        EXPECT_EQ(runs[0].load(), 0) << "0 is the caller's share";
        for (std::size_t i = 1; i <= count; ++i) EXPECT_EQ(runs[i].load(), 1) << i << " of " << count;
    }
}

TEST(WorkerThreads, AWorkerMayRunOnEveryCoreOnceStarted) {
    cpu_set_t process;
    ASSERT_EQ(sched_getaffinity(0, sizeof process, &process), 0);
    std::mutex lock;
    std::vector<cpu_set_t> seen;
    {
        const WorkerThreads workers(4, [&](std::size_t) {
            cpu_set_t mine;
            if (sched_getaffinity(0, sizeof mine, &mine) != 0) return;
            const std::scoped_lock guard(lock);
            seen.push_back(mine);
        });
    }
    ASSERT_EQ(seen.size(), 4u);
    for (const cpu_set_t& mine : seen) {
        EXPECT_EQ(CPU_COUNT(&mine), CPU_COUNT(&process));
        EXPECT_TRUE(CPU_EQUAL(&mine, &process));
    }
}

}  // namespace
}  // namespace schach::cli
