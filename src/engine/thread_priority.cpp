#include "engine/thread_priority.hpp"

#if defined(__linux__)
#include <cerrno>
#include <sys/resource.h>
#endif

namespace schach::engine {

void lower_this_thread_priority() {
#if defined(__linux__)
    (void)setpriority(PRIO_PROCESS, 0, 19);
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

}  // namespace schach::engine
