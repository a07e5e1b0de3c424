#pragma once
// What Linux tells about a process and the machine (/proc): a process's memory (VmRSS, VmHWM)
// and CPU time, the load average. Each reading is none when the file is missing or unreadable
// (the process has ended, another system).

#include <optional>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace schach::load {

struct Memory {
    long rss_kib = 0;  // VmRSS: resident now
    long hwm_kib = 0;  // VmHWM: the peak resident size so far
};

/// VmRSS and VmHWM of `pid` from /proc/<pid>/status.
std::optional<Memory> process_memory(pid_t pid);
/// The same from the text of a status file.
std::optional<Memory> parse_status(std::string_view status);

/// User plus system CPU time of `pid` so far, in seconds (/proc/<pid>/stat).
std::optional<double> process_cpu_seconds(pid_t pid);
/// The same from the text of a stat file (fields 14 and 15, in clock ticks of `ticks_per_second`).
std::optional<double> parse_stat_cpu(std::string_view stat, long ticks_per_second);

/// The resident size over a run, from samples at even intervals: whether it stays bounded or
/// still grows at the end (the last third of the samples against the middle third).
struct MemoryTrend {
    int samples = 0;
    long peak_kib = 0;    // the largest sample
    long middle_kib = 0;  // the mean of the middle third
    long last_kib = 0;    // the mean of the last third
};
/// The trend of `rss_kib` samples (in their order); none with fewer than 3.
std::optional<MemoryTrend> memory_trend(const std::vector<long>& rss_kib);

struct StatIds {
    pid_t parent = 0;   // field 4
    pid_t session = 0;  // field 6
};
/// The parent's and the session's id of a process from the text of its stat file.
std::optional<StatIds> parse_stat_ids(std::string_view stat);

struct ProcessStat {
    pid_t parent = 0;
    pid_t session = 0;
    double cpu_seconds = 0;  // user plus system so far
};
/// The parent, session and CPU time of `pid` (/proc/<pid>/stat).
std::optional<ProcessStat> process_stat(pid_t pid);

/// The load average of the last minute (/proc/loadavg).
std::optional<double> load_average();

}  // namespace schach::load
