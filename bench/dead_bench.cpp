// Dead-position benchmarks (Google Benchmark; main() is in perft_bench.cpp).
//
//   BM_DeadQuestion/<name>  one can_checkmate question, typical of its kind: a real opening
//                           (helpmate found at once), a pawn wall (static analysis), a locked
//                           king (exhaustive search), K+N against K+P (a cooperative helpmate).
//   BM_DeadSuite/<file>     every (position, colour) question of a labelled file once per pass,
//                           each timed alone in CPU time of the thread (the machines are
//                           shared: wall time counts other processes' work too). Counters:
//                           questions, undetermined, contradictions (answers against the label:
//                           must be 0), avg_us and worst_us per question. Runs only with SCHACH_DEAD_BENCH=1 and SCHACH_DATA_DIR set
//                           (scripts/bench.sh sets both); skipped otherwise, since a pass takes
//                           up to a minute.
//
// scripts/bench.sh reads the counters of BM_DeadSuite from the JSON output.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "analysis/dead.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "game/game.hpp"

namespace {

using namespace schach;

/// CPU time of this thread, in microseconds.
double thread_cpu_us() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

Position bench_position(const char* fen) {
    ValidateOptions options;
    options.relax = Problems::all() - Problem::OppositeCheck;
    return *position_from_fen(fen, options);
}

void BM_DeadQuestion(benchmark::State& state, const char* fen, Color winner) {
    const Position pos = bench_position(fen);
    MateContext context;  // as a caller keeps it: one per thread, reused across questions
    for (auto _ : state) benchmark::DoNotOptimize(can_checkmate(pos, winner, {}, context));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_DeadQuestion, opening, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                  Color::White);
BENCHMARK_CAPTURE(BM_DeadQuestion, pawn_wall, "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", Color::White);
BENCHMARK_CAPTURE(BM_DeadQuestion, locked_king, "1k6/b7/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1", Color::Black);
BENCHMARK_CAPTURE(BM_DeadQuestion, knight_vs_pawn, "8/8/8/4K3/4N3/4kp2/8/8 b - - 0 1", Color::White);

struct Question {
    Position pos;
    Color winner;
    bool can_mate;
};

/// "LL FEN" lines (LL: which colours can still mate), every `every`-th line, both colours.
std::vector<Question> load(const std::string& path, int every, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot open " + path;
        return {};
    }
    ValidateOptions options;
    options.relax = Problems::all() - Problem::OppositeCheck;
    std::vector<Question> out;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        if (line.size() < 4 || line[0] == '#' || line[2] != ' ') continue;
        if (n++ % every) continue;
        std::string fen = line.substr(3);
        if (std::count(fen.begin(), fen.end(), ' ') == 1) fen += " - -";
        auto pos = position_from_fen(fen, options);
        if (!pos) continue;
        out.push_back({*pos, Color::White, line[0] == 'W'});
        out.push_back({*pos, Color::Black, line[1] == 'B'});
    }
    return out;
}

void BM_DeadSuite(benchmark::State& state, const char* file, int every) {
    const char* enabled = std::getenv("SCHACH_DEAD_BENCH");
    const char* dir = std::getenv("SCHACH_DATA_DIR");
    if (!enabled || std::string(enabled) != "1" || !dir || !*dir) {
        state.SkipWithError("set SCHACH_DEAD_BENCH=1 and SCHACH_DATA_DIR (scripts/bench.sh does)");
        return;
    }
    std::string error;
    const std::vector<Question> questions = load(std::string(dir) + "/dead/" + file, every, error);
    if (questions.empty()) {
        state.SkipWithError(error.empty() ? "no questions" : error.c_str());
        return;
    }
    double total_us = 0, worst_us = 0;
    std::int64_t undetermined = 0, contradictions = 0;
    MateContext context;
    for (auto _ : state) {
        total_us = worst_us = 0;
        undetermined = contradictions = 0;
        for (const Question& q : questions) {
            const double start = thread_cpu_us();
            const MateAnalysis a = can_checkmate(q.pos, q.winner, {}, context);
            const double us = thread_cpu_us() - start;
            total_us += us;
            worst_us = std::max(worst_us, us);
            if (a.verdict == Winnability::Undetermined) ++undetermined;
            else if ((a.verdict == Winnability::Winnable) != q.can_mate) ++contradictions;
        }
    }
    const auto n = static_cast<double>(questions.size());
    state.counters["questions"] = n;
    state.counters["undetermined"] = static_cast<double>(undetermined);
    state.counters["contradictions"] = static_cast<double>(contradictions);
    state.counters["avg_us"] = total_us / n;
    state.counters["worst_us"] = worst_us;
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * questions.size()));
}
BENCHMARK_CAPTURE(BM_DeadSuite, test_vector, "cha_test-vector.txt", 1)->Iterations(1)->Unit(benchmark::kSecond);
// All 65,536 real-game positions: 131,072 questions.
BENCHMARK_CAPTURE(BM_DeadSuite, lichess, "chasolver_lichess.txt", 1)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

namespace schach {
namespace {

/// Game::play in random games from the start: the per-move rules, the automatic outcome and its
/// bounded dead-position check (MateContext of its own per question). Fixed seed.
void BM_GamePlayRandom(benchmark::State& state) {
    std::uint64_t plays = 0;
    for (auto _ : state) {
        std::uint64_t seed = 12345;
        for (int game = 0; game < 20; ++game) {
            Game g;
            while (!g.is_over() && g.position().halfmove_clock() < 100 && g.plies() < 300) {
                const MoveList moves = legal_moves(g.position());
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                const Move m = moves[static_cast<int>((seed >> 33) % static_cast<std::uint64_t>(moves.size()))];
                benchmark::DoNotOptimize(g.play(m));
                ++plays;
            }
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(plays));
}
BENCHMARK(BM_GamePlayRandom)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace schach
