#pragma once
// WorkerThreads: threads for a command's parallel part (`pgn check`, `dead --epd`) that start
// working at once, each on a core of its own.
//
// Why not plain std::jthread: a new thread is queued on its parent's core, and while the parent
// works on, the kernel's scheduler moved it to the idle core only 2-4 ms later on the virtual
// machines measured here (docs/records.md, the twenty-fifth session): an eighth of `pgn check`'s
// whole run on the Chess960 benchmark file. Each thread here is made bound to another core the
// process may use (the cores after the caller's, in turn), so it starts there within a fraction
// of a millisecond, and then lets itself run on all of them again, so that the kernel may still
// move it when another program needs that core.

#include <cstddef>
#include <functional>
#include <vector>

#include <pthread.h>
#include <sched.h>

namespace schach::cli {

class WorkerThreads {
public:
    /// Starts `count` threads, the i-th calling work(i) (i from 1 to count: the caller is 0 and
    /// does its own share). Threads that cannot be made are left out (the caller's share loop
    /// then takes their work).
    WorkerThreads(std::size_t count, std::function<void(std::size_t)> work);
    /// Waits for every thread to end.
    ~WorkerThreads();
    WorkerThreads(const WorkerThreads&) = delete;
    WorkerThreads& operator=(const WorkerThreads&) = delete;

    /// The threads running.
    std::size_t size() const { return threads_.size(); }

private:
    /// Makes the threads, the i-th bound to cores[i - 1] while there are cores for it.
    void start_all(std::size_t count, const std::vector<int>& cores, const cpu_set_t& allowed);
    void join_all();

    std::function<void(std::size_t)> work_;
    std::vector<pthread_t> threads_;
};

}  // namespace schach::cli
