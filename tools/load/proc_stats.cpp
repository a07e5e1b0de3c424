#include "proc_stats.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace schach::load {
namespace {

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

/// The number after `key` (e.g. "VmRSS:") at the start of a line, in kB.
std::optional<long> field_kib(std::string_view status, std::string_view key) {
    std::size_t at = 0;
    while (at < status.size()) {
        const std::size_t end = std::min(status.find('\n', at), status.size());
        const std::string_view line = status.substr(at, end - at);
        if (line.starts_with(key)) {
            std::string_view rest = line.substr(key.size());
            while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
            long value = 0;
            const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
            if (ec != std::errc{} || p == rest.data()) return std::nullopt;
            return value;
        }
        at = end + 1;
    }
    return std::nullopt;
}

}  // namespace

std::optional<Memory> parse_status(std::string_view status) {
    const auto rss = field_kib(status, "VmRSS:");
    const auto hwm = field_kib(status, "VmHWM:");
    if (!rss || !hwm) return std::nullopt;
    return Memory{*rss, *hwm};
}

std::optional<Memory> process_memory(pid_t pid) {
    const auto text = read_file("/proc/" + std::to_string(pid) + "/status");
    if (!text) return std::nullopt;
    return parse_status(*text);
}

std::optional<double> parse_stat_cpu(std::string_view stat, long ticks_per_second) {
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const std::size_t close = stat.rfind(')');
    if (close == std::string_view::npos || ticks_per_second <= 0) return std::nullopt;
    std::istringstream rest{std::string(stat.substr(close + 1))};
    std::string field;
    long long ticks[2] = {0, 0};
    int i = 3;
    for (; i <= 15 && rest >> field; ++i) {
        if (i < 14) continue;
        const auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), ticks[i - 14]);
        if (ec != std::errc{} || p != field.data() + field.size()) return std::nullopt;
    }
    if (i <= 15) return std::nullopt;
    return static_cast<double>(ticks[0] + ticks[1]) / static_cast<double>(ticks_per_second);
}

std::optional<StatIds> parse_stat_ids(std::string_view stat) {
    const std::size_t close = stat.rfind(')');
    if (close == std::string_view::npos) return std::nullopt;
    std::istringstream rest{std::string(stat.substr(close + 1))};
    std::string field;
    pid_t ids[4] = {0, 0, 0, 0};  // fields 3 (the state: skipped) to 6
    for (int i = 3; i <= 6; ++i) {
        if (!(rest >> field)) return std::nullopt;
        if (i == 3) continue;
        const auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), ids[i - 3]);
        if (ec != std::errc{} || p != field.data() + field.size()) return std::nullopt;
    }
    return StatIds{ids[1], ids[3]};
}

std::optional<ProcessStat> process_stat(pid_t pid) {
    const auto text = read_file("/proc/" + std::to_string(pid) + "/stat");
    if (!text) return std::nullopt;
    const auto ids = parse_stat_ids(*text);
    const auto cpu = parse_stat_cpu(*text, sysconf(_SC_CLK_TCK));
    if (!ids || !cpu) return std::nullopt;
    return ProcessStat{ids->parent, ids->session, *cpu};
}

std::optional<double> process_cpu_seconds(pid_t pid) {
    const auto text = read_file("/proc/" + std::to_string(pid) + "/stat");
    if (!text) return std::nullopt;
    return parse_stat_cpu(*text, sysconf(_SC_CLK_TCK));
}

std::optional<double> load_average() {
    const auto text = read_file("/proc/loadavg");
    if (!text) return std::nullopt;
    double value = 0;
    const auto [p, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc{}) return std::nullopt;
    return value;
}

std::optional<MemoryTrend> memory_trend(const std::vector<long>& rss_kib) {
    const std::size_t n = rss_kib.size();
    if (n < 3) return std::nullopt;
    const auto mean = [&](std::size_t from, std::size_t to) {
        long long sum = 0;
        for (std::size_t i = from; i < to; ++i) sum += rss_kib[i];
        return static_cast<long>(sum / static_cast<long long>(to - from));
    };
    MemoryTrend t;
    t.samples = static_cast<int>(n);
    t.peak_kib = *std::max_element(rss_kib.begin(), rss_kib.end());
    t.middle_kib = mean(n / 3, 2 * n / 3);
    t.last_kib = mean(2 * n / 3, n);
    return t;
}

}  // namespace schach::load
