#include "cli/worker_threads.hpp"

#include <memory>
#include <utility>

#include <sched.h>

namespace schach::cli {

namespace {

/// What a new thread needs: its number, the work, and the cores to allow again once it runs.
struct Start {
    std::size_t index;
    const std::function<void(std::size_t)>* work;
    cpu_set_t allowed;
    bool bound;
};

void* run_worker(void* arg) {
    const std::unique_ptr<Start> start(static_cast<Start*>(arg));
    if (start->bound) sched_setaffinity(0, sizeof start->allowed, &start->allowed);
    (*start->work)(start->index);
    return nullptr;
}

}  // namespace

WorkerThreads::WorkerThreads(std::size_t count, std::function<void(std::size_t)> work) : work_(std::move(work)) {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    const bool known = sched_getaffinity(0, sizeof allowed, &allowed) == 0;
    // The cores to start on: those after the caller's, round about, the caller's own last.
    std::vector<int> cores;
    if (known) {
        const int here = sched_getcpu();
        for (int step = 1; step <= CPU_SETSIZE; ++step) {
            const int cpu = (here < 0 ? step - 1 : here + step) % CPU_SETSIZE;
            if (CPU_ISSET(cpu, &allowed)) cores.push_back(cpu);
        }
    }
    threads_.reserve(count);
    try {
        start_all(count, cores, allowed);
    } catch (...) {  // out of memory: the threads made so far end before `work_` does
        join_all();
        throw;
    }
}

void WorkerThreads::start_all(std::size_t count, const std::vector<int>& cores, const cpu_set_t& allowed) {
    for (std::size_t i = 1; i <= count; ++i) {
        auto start = std::make_unique<Start>(Start{i, &work_, allowed, false});
        pthread_attr_t attr;
        if (pthread_attr_init(&attr) != 0) break;
        // With fewer cores than threads, the later ones start wherever the kernel puts them.
        if (cores.size() > i) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cores[i - 1], &one);
            start->bound = pthread_attr_setaffinity_np(&attr, sizeof one, &one) == 0;
        }
        pthread_t thread;
        const int made = pthread_create(&thread, &attr, run_worker, start.get());
        pthread_attr_destroy(&attr);
        if (made != 0) break;
        start.release();  // run_worker owns it now
        threads_.push_back(thread);
    }
}

WorkerThreads::~WorkerThreads() { join_all(); }

void WorkerThreads::join_all() {
    for (pthread_t thread : threads_) pthread_join(thread, nullptr);
    threads_.clear();
}

}  // namespace schach::cli
