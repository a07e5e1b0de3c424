#pragma once
// The priority of the calling thread, for searches that run beside latency-sensitive threads
// (a server's network and game threads): a thread at the lowest priority gets a core only when
// nothing else wants it, and costs nothing when the machine is idle.

namespace schach::engine {

/// Puts the calling thread at the lowest priority (nice 19 on Linux, where setpriority with
/// PRIO_PROCESS and 0 applies to the calling thread only; threads it starts inherit it). It
/// cannot be raised again without privileges, so only a thread that ends, or that serves only
/// such work, may be lowered. Elsewhere it does nothing.
void lower_this_thread_priority();

/// The calling thread's nice value (0 where it cannot be read).
int this_thread_nice();

}  // namespace schach::engine
