#pragma once
// The priority of the calling thread, for searches that run beside latency-sensitive threads
// (a server's network and game threads): a thread at the lowest priority gets a core only when
// nothing else wants it, and costs nothing when the machine is idle. And the thread's name, which
// `top -H`, `ps -L` and `perf` show.

#include <string>
#include <string_view>

namespace schach::engine {

inline constexpr int LowestPriority = 19;

/// Lowers the calling thread's priority to nice `nice` (at most 19) when it runs above that (on
/// Linux setpriority with PRIO_PROCESS and 0 applies to the calling thread only; threads it starts
/// inherit it). At LowestPriority the thread also goes into the idle scheduling class (SCHED_IDLE):
/// it runs only on a core that nothing else wants. It cannot be raised again without privileges,
/// so only a thread that ends, or that serves only such work, may be lowered. Elsewhere it does
/// nothing.
void lower_this_thread_priority(int nice = LowestPriority);

/// The calling thread's nice value (0 where it cannot be read).
int this_thread_nice();

/// Whether the calling thread is in the idle scheduling class (false where there is none).
bool this_thread_in_idle_class();

/// Names the calling thread (Linux: at most 15 bytes are kept; threads it starts inherit the name).
/// Elsewhere it does nothing.
void name_this_thread(std::string_view name);

/// The calling thread's name ("" where there is none).
std::string this_thread_name();

}  // namespace schach::engine
