// Choosing the next puzzle among 100,000 (Google Benchmark): BM_NextPuzzle picks for a random
// player (target rating, one to three themes, 2,000 puzzles already seen); "time/choice".

#include <benchmark/benchmark.h>

#include <unordered_set>

#include "engine/splitmix.hpp"
#include "puzzle/selection.hpp"

namespace {

using namespace schach::puzzle;

void BM_NextPuzzle(benchmark::State& state) {
    std::vector<Puzzle> puzzles(100000);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        puzzles[i].rating = 600 + static_cast<int>(schach::engine::splitmix64(i) % 2400);
        for (int k = 0; k < 4; ++k)
            puzzles[i].themes.set(schach::engine::splitmix64(i * 7 + static_cast<std::size_t>(k)) %
                                  static_cast<std::size_t>(Theme::Count));
    }
    const PuzzleIndex index(puzzles);
    std::unordered_set<std::size_t> seen;
    for (std::size_t i = 0; i < 2000; ++i) seen.insert(schach::engine::splitmix64(i + 99) % puzzles.size());
    std::uint64_t n = 0;
    for (auto _ : state) {
        Choice c;
        c.target_rating = 800 + static_cast<int>(schach::engine::splitmix64(n) % 1600);
        for (std::uint64_t k = 0; k <= n % 3; ++k)
            c.themes.set(schach::engine::splitmix64(n + k) % static_cast<std::size_t>(Theme::Count));
        c.seen = [&](std::size_t i) { return seen.contains(i); };
        c.random = n++;
        benchmark::DoNotOptimize(index.next(c));
    }
    state.counters["time/choice"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_NextPuzzle);

}  // namespace
