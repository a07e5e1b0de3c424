// Choosing the next puzzle among 100,000 (Google Benchmark): BM_NextPuzzle picks for a random
// player (target rating, one to three themes, 2,000 puzzles already seen); "time/choice".
// BM_NextPuzzleRequest is the trainer's whole request, GET /api/v1/puzzles/next as the server
// answers it (server/content/puzzle_api: the service's thread, the choice, the boards of every
// step as JSON) for 500 browsers with 1,000 attempts each behind them; "p50_ms" and "p99_ms" are
// the latency's percentiles over the run (the goal: p99 < 20 ms).
// BM_PuzzleScanGame is the generator on one of our games (98 plies, a mate in one missed at ply
// 97) with scripts/puzzles.sh's budgets; the argument is --prefilter-nodes (0: every position at
// the scan's 25,000 nodes; 2000: the two-stage scan). "positions/cpu_s" and each stage's share
// of the process's CPU time ("scan_%", ...); "puzzles" found in the game (1 in both).

#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <map>
#include <mutex>
#include <unordered_set>

#include "engine/splitmix.hpp"
#include "pgn/pgn.hpp"
#include "puzzle/generator.hpp"
#include "puzzle/selection.hpp"
#include "server/content/puzzle_api.hpp"
#include "server/domain/puzzle_service.hpp"

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

/// A PuzzleStore in memory (the bench measures the choice and the answer, not SQLite).
class MemoryStore final : public schach::server::PuzzleStore {
public:
    void load_puzzle_player(
        const std::string& browser,
        schach::server::StoreDone<std::optional<schach::server::LoadedPuzzlePlayer>> done) override {
        std::lock_guard lock(mutex_);
        const auto it = players_.find(browser);
        if (it == players_.end()) return done(std::nullopt);
        done(it->second);
    }
    void record_puzzle_attempt(const schach::server::StoredPuzzlePlayer& player,
                               const schach::server::StoredPuzzleAttempt& attempt,
                               const std::optional<schach::server::StoredPuzzleRating>&,
                               schach::server::StoreDone<void> done) override {
        std::lock_guard lock(mutex_);
        auto& p = players_[player.browser];
        p.player = player;
        p.attempts.push_back(attempt);
        done({});
    }
    void puzzle_ratings(schach::server::StoreDone<std::vector<schach::server::StoredPuzzleRating>> done) override {
        done(std::vector<schach::server::StoredPuzzleRating>{});
    }
    std::map<std::string, schach::server::LoadedPuzzlePlayer> players_;

private:
    std::mutex mutex_;
};

void BM_NextPuzzleRequest(benchmark::State& state) {
    using namespace schach::server;
    // 100,000 puzzles: four real ones, each under many ids, ratings and themes.
    const char* lines[] = {
        "MkQF4R,4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1,e8e2 d1d8 e2e8 d8e8,720,500,0,0,backRankMate mate,g:1#1,",
        "Fk1234,6k1/6pp/8/8/8/8/1R6/R5K1 b - - 0 1,g8h8 a1a8,900,500,0,0,mate mateIn1,g:2#1,",
        "Ab0001,r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,600,500,0,0,mate,g:3#1,",
        "Ab0002,rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2,g2g4 d8h4,800,500,0,0,mate,g:4#1,",
    };
    std::vector<Puzzle> base;
    for (const char* line : lines) {
        auto p = parse_csv(line);
        if (!p) {
            state.SkipWithError(("bad puzzle line, column " + std::to_string(p.error().column)).c_str());
            return;
        }
        base.push_back(std::move(*p));
    }
    std::vector<Puzzle> puzzles(100000);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        puzzles[i] = base[i % base.size()];
        puzzles[i].id = "p" + std::to_string(i);
        puzzles[i].rating = 600 + static_cast<int>(schach::engine::splitmix64(i) % 2400);
        for (int k = 0; k < 4; ++k)
            puzzles[i].themes.set(schach::engine::splitmix64(i * 7 + static_cast<std::size_t>(k)) %
                                  static_cast<std::size_t>(Theme::Count));
    }
    MemoryStore store;
    for (std::size_t b = 0; b < 500; ++b) {
        LoadedPuzzlePlayer& p = store.players_["browser" + std::to_string(b)];
        p.player.browser = "browser" + std::to_string(b);
        p.player.glicko.rating = 800 + static_cast<double>(schach::engine::splitmix64(b) % 1600);
        for (std::size_t a = 0; a < 1000; ++a)
            p.attempts.push_back(
                {"p" + std::to_string(schach::engine::splitmix64(b * 1000 + a) % puzzles.size()), true, true, 0, 1500});
    }
    PuzzleServiceOptions options;
    options.now = [] { return schach::server::Millis{0}; };
    PuzzleService service(std::move(puzzles), store, options);
    PuzzleApi api(service);
    std::vector<double> ms;
    std::uint64_t n = 0;
    for (auto _ : state) {
        Client client;
        client.browser = "browser" + std::to_string(n % 500);
        client.lang = schach::Language::English;
        Target target;
        target.segments = {"api", "v1", "puzzles", "next"};
        std::string themes;
        for (std::uint64_t k = 0; k <= n % 3; ++k) {
            if (!themes.empty()) themes += ',';
            themes += theme_id(
                static_cast<Theme>(schach::engine::splitmix64(n + k) % (static_cast<std::size_t>(Theme::Count) - 1)));
        }
        target.query["themes"] = themes;
        target.query["difficulty"] = std::to_string(300 * (static_cast<int>(n % 5) - 2));
        ++n;
        std::promise<Reply> reply;
        const auto t0 = std::chrono::steady_clock::now();
        api.handle(false, {"next"}, target, {}, client, [&reply](Reply r) { reply.set_value(std::move(r)); });
        Reply r = reply.get_future().get();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        benchmark::DoNotOptimize(r);
    }
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) {
        return ms.empty() ? 0.0
                          : ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * static_cast<double>(ms.size())))];
    };
    state.counters["p50_ms"] = at(0.50);
    state.counters["p99_ms"] = at(0.99);
}
BENCHMARK(BM_NextPuzzleRequest)->Iterations(5000)->UseRealTime();

// round-0001.pgn game 6 of data/puzzles/games (level 3 against level 3): 49...Rd1# was there to
// find after 49. Bb4 (puzzle PZjZmy).
constexpr const char* ScanGamePgn = R"([Event "schach puzzles round-0001"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Qxd4 a6 5. c4 Nc6 6. Qd1 Nf6 7. Ng5 h6 8. Nf3 Nxe4 9. Bd3 Nc5
10. Kf1 Nxd3 11. Nc3 Bf5 12. Kg1 Qb6 13. Qd2 Nce5 14. Na4 Qc7 15. Qc3 e6 16. Nxe5 Nxe5 17. Bd2
Qc6 18. b3 Rd8 19. f3 Ng6 20. g4 Nh4 21. gxf5 Nxf5 22. Rf1 Ne7 23. Ra1 Qc7 24. Qa5 Qb8 25. Qc3 Rh7
26. f4 d5 27. Be3 Nf5 28. Bb6 Rd7 29. Rf1 d4 30. Qd2 Ne3 31. h3 e5 32. Qd3 f5 33. Rb1 Be7 34. Re1
e4 35. Qb1 Kf7 36. Bxd4 Nc2 37. Be5 Qa7+ 38. Kg2 Na3 39. Qb2 g5 40. Qf2 Qxf2+ 41. Kxf2 Bb4 42. Re3
Bd2 43. Re2 Bxf4 44. Nc5 Kg6 45. Bb2 Rd6 46. Bxa3 e3+ 47. Ke1 Rd2 48. Ne6 Rhd7 49. Bb4 Rd1# 0-1
)";

double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

void BM_PuzzleScanGame(benchmark::State& state) {
    schach::PgnReader reader{std::string_view(ScanGamePgn)};
    schach::PgnGameBuilder builder;
    if (!reader.read_game(builder) || !builder.errors().empty()) {
        state.SkipWithError("the game does not read");
        return;
    }
    const schach::PgnGame game = builder.take().front();
    const std::vector<schach::Move> moves = game.mainline();
    GeneratorOptions options;
    options.prefilter_nodes = static_cast<std::uint64_t>(state.range(0));
    options.scan_nodes = 25'000;
    options.solve_nodes = 400'000;
    options.verify_nodes = 2'000'000;
    options.clock = process_cpu_seconds;
    GeneratorStats total;
    double cpu = 0;
    std::size_t puzzles = 0;
    for (auto _ : state) {
        state.PauseTiming();
        Generator generator(options);  // a fresh table: every iteration the same searches
        state.ResumeTiming();
        const double t0 = process_cpu_seconds();
        puzzles += generator.scan_game(game.start, moves, "bench").size();
        cpu += process_cpu_seconds() - t0;
        const GeneratorStats& s = generator.stats();
        total.positions += s.positions;
        total.prefilter.seconds += s.prefilter.seconds;
        total.scan.seconds += s.scan.seconds;
        total.solve.seconds += s.solve.seconds;
        total.verify.seconds += s.verify.seconds;
        total.rate.seconds += s.rate.seconds;
    }
    const auto share = [cpu](double s) { return cpu > 0 ? 100.0 * s / cpu : 0.0; };
    state.counters["positions/cpu_s"] = cpu > 0 ? static_cast<double>(total.positions) / cpu : 0.0;
    state.counters["prefilter_%"] = share(total.prefilter.seconds);
    state.counters["scan_%"] = share(total.scan.seconds);
    state.counters["solve_%"] = share(total.solve.seconds);
    state.counters["verify_%"] = share(total.verify.seconds);
    state.counters["levels_%"] = share(total.rate.seconds);
    state.counters["puzzles"] = static_cast<double>(puzzles) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_PuzzleScanGame)->Arg(0)->Arg(2000)->Iterations(1)->UseRealTime()->Unit(benchmark::kSecond);

}  // namespace
