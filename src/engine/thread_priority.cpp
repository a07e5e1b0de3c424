#include "engine/thread_priority.hpp"

#include <algorithm>

#if defined(__linux__)
#include <cerrno>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#endif

namespace schach::engine {

void lower_this_thread_priority(int nice) {
#if defined(__linux__)
    nice = std::min(nice, LowestPriority);
    if (nice > this_thread_nice()) (void)setpriority(PRIO_PROCESS, 0, nice);
    if (nice == LowestPriority && !this_thread_in_idle_class()) {
        // The idle class: a waking thread of the normal class preempts it at once, and the
        // scheduler counts a core that runs only such threads as free when it places a waking
        // thread. A nice value alone still let the network threads wait for a time slice.
        const sched_param param{};
        (void)sched_setscheduler(0, SCHED_IDLE, &param);
    }
#else
    (void)nice;
#endif
}

int this_thread_nice() {
#if defined(__linux__)
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, 0);
    return errno == 0 ? nice : 0;
#else
    return 0;
#endif
}

bool this_thread_in_idle_class() {
#if defined(__linux__)
    return sched_getscheduler(0) == SCHED_IDLE;
#else
    return false;
#endif
}

void name_this_thread(std::string_view name) {
#if defined(__linux__)
    const std::string kept(name.substr(0, 15));  // the kernel's limit, without the terminating zero
    (void)pthread_setname_np(pthread_self(), kept.c_str());
#else
    (void)name;
#endif
}

std::string this_thread_name() {
#if defined(__linux__)
    char name[16] = {};
    if (pthread_getname_np(pthread_self(), name, sizeof name) == 0) return name;
#endif
    return {};
}

}  // namespace schach::engine
