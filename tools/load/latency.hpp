#pragma once
// Latencies of one kind (a move's send -> ack, send -> the opponent's event), kept whole so the
// percentiles are exact: a run of a minute at 5,000 moves/s is 300,000 values (2.4 MB).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace schach::load {

/// The summary of a set of latencies, in microseconds; all 0 when there are none.
struct LatencySummary {
    std::size_t count = 0;
    std::int64_t p50 = 0, p90 = 0, p99 = 0, max = 0;
};

class Latencies {
public:
    void add(std::int64_t micros) { values_.push_back(micros); }
    void add_all(const std::vector<std::int64_t>& micros) {
        values_.insert(values_.end(), micros.begin(), micros.end());
    }
    std::size_t size() const { return values_.size(); }
    const std::vector<std::int64_t>& values() const { return values_; }
    /// Nearest-rank percentiles (the smallest value with at least p % of all at or below it).
    LatencySummary summary() const;

private:
    std::vector<std::int64_t> values_;
};

/// The nearest-rank percentile `p` (0 < p <= 100) of `sorted` (ascending, not empty).
std::int64_t percentile(const std::vector<std::int64_t>& sorted, double p);

}  // namespace schach::load
