#pragma once
// The bench: a fixed search of a fixed list of positions, whose node count is a signature of the
// search (commits that change the search carry `Bench: N`) and whose speed compares machines and
// builds. The count is deterministic: one thread, a fresh 16 MiB table and fresh histories for
// every position, a depth limit only (no clock).

#include <cstdint>
#include <string_view>
#include <vector>

namespace schach::engine {

/// A position of the bench: its FEN, and whether it is a Chess960 position.
struct BenchPosition {
    std::string_view fen;
    bool chess960 = false;
};

/// The positions: openings, middlegames, endgames, Chess960, mates and promotions.
const std::vector<BenchPosition>& bench_positions();

inline constexpr int DefaultBenchDepth = 14;

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    int positions = 0;
    std::uint64_t nps() const {
        return time_ms > 0 ? nodes * 1000 / static_cast<std::uint64_t>(time_ms) : nodes * 1000;
    }
};

/// Searches every bench position to `depth`.
BenchResult run_bench(int depth = DefaultBenchDepth);

}  // namespace schach::engine
