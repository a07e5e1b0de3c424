#include "latency.hpp"

#include <algorithm>
#include <cmath>

namespace schach::load {

std::int64_t percentile(const std::vector<std::int64_t>& sorted, double p) {
    const double rank = std::ceil(p / 100.0 * static_cast<double>(sorted.size()));
    const std::size_t index = rank < 1 ? 0 : static_cast<std::size_t>(rank) - 1;
    return sorted[std::min(index, sorted.size() - 1)];
}

LatencySummary Latencies::summary() const {
    LatencySummary s;
    if (values_.empty()) return s;
    std::vector<std::int64_t> sorted = values_;
    std::sort(sorted.begin(), sorted.end());
    s.count = sorted.size();
    s.p50 = percentile(sorted, 50);
    s.p90 = percentile(sorted, 90);
    s.p99 = percentile(sorted, 99);
    s.max = sorted.back();
    return s;
}

}  // namespace schach::load
