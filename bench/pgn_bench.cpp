// PGN benchmarks (Google Benchmark; main() is in perft_bench.cpp).
//
//   BM_PgnValidate   reads the PGN file named by SCHACH_PGN_BENCH_FILE from memory with PgnReader
//                    (the text in memory, as `schach pgn check` reads a mapped file) and a visitor
//                    that only counts: every move is parsed and checked for legality. Counters:
//                    games, moves, errors (per pass), bytes_per_second and games/s (per CPU
//                    second). Skipped when the variable is not set or the file cannot be read.
//   BM_PgnValidateStream  the same through a std::istream (PgnReader's chunked reading, as for
//                    standard input).
//   BM_PgnBuild      the same with PgnGameBuilder (a tree per game, taken and dropped per game).
//   BM_ParseSan/<mode>  parse_san on typical moves of real games (pawn pushes and captures, piece
//                    moves with and without disambiguation, castling, promotion, checks), strict
//                    and lenient; items = moves.
//
// scripts/bench.sh runs BM_PgnValidate as the fallback for `schach pgn check` and reads its
// cpu_time, games and errors from the JSON output.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <span>
#include <spanstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.hpp"
#include "core/position.hpp"
#include "notation/notation.hpp"
#include "pgn/pgn.hpp"
#include "text/text.hpp"

namespace {

using namespace schach;

/// The benchmark file, read once; empty with `error` set when it is not available.
struct PgnFile {
    std::string path;
    std::string text;
    std::string error;
};

const PgnFile& pgn_file() {
    static const PgnFile file = [] {
        PgnFile f;
        const char* env = std::getenv("SCHACH_PGN_BENCH_FILE");
        if (!env || !*env) {
            f.error = "SCHACH_PGN_BENCH_FILE is not set (a PGN file to read; scripts/bench.sh sets it)";
            return f;
        }
        f.path = env;
        std::ifstream in(f.path, std::ios::binary);
        if (!in) {
            f.error = "cannot open SCHACH_PGN_BENCH_FILE=" + f.path;
            return f;
        }
        f.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (in.bad()) f.error = "cannot read SCHACH_PGN_BENCH_FILE=" + f.path;
        else if (f.text.empty()) f.error = "SCHACH_PGN_BENCH_FILE=" + f.path + " is empty";
        return f;
    }();
    return file;
}

/// Counts and nothing else: the reader alone does the parsing and the legality checks.
class CountingVisitor final : public PgnVisitor {
public:
    void begin_game(const PgnLocation&) override { ++games; }
    void move(const Position&, Move, std::string_view, const PgnLocation&) override { ++moves; }
    void error(const PgnError&) override { ++errors; }

    std::int64_t games = 0, moves = 0, errors = 0;
};

/// PgnGameBuilder that drops each finished game, so that memory stays bounded.
class DroppingBuilder final : public PgnGameBuilder {
public:
    void move(const Position& before, Move m, std::string_view text, const PgnLocation& where) override {
        ++moves;
        PgnGameBuilder::move(before, m, text, where);
    }
    void end_game() override {
        PgnGameBuilder::end_game();
        games += static_cast<std::int64_t>(take().size());
    }
    std::int64_t games = 0, moves = 0;
};

void set_pgn_counters(benchmark::State& state, std::int64_t games, std::int64_t moves, std::int64_t errors,
                      std::size_t bytes) {
    const auto iterations = static_cast<double>(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
    state.counters["games"] = benchmark::Counter(static_cast<double>(games));
    state.counters["moves"] = benchmark::Counter(static_cast<double>(moves));
    state.counters["errors"] = benchmark::Counter(static_cast<double>(errors));
    state.counters["games/s"] = benchmark::Counter(static_cast<double>(games) * iterations,
                                                   benchmark::Counter::kIsRate);
    state.counters["MB"] = benchmark::Counter(static_cast<double>(bytes) / 1e6);
}

/// One validation pass per iteration over the benchmark file, with the reader `read` makes.
template <class Read>
void validate_passes(benchmark::State& state, Read read) {
    const PgnFile& file = pgn_file();
    if (!file.error.empty()) {
        state.SkipWithError(file.error.c_str());
        return;
    }
    CountingVisitor last;
    for (auto _ : state) {
        CountingVisitor counter;
        read(file.text, counter);
        benchmark::DoNotOptimize(counter.moves);
        last = counter;
    }
    set_pgn_counters(state, last.games, last.moves, last.errors, file.text.size());
}

void BM_PgnValidate(benchmark::State& state) {
    validate_passes(state, [](const std::string& text, CountingVisitor& counter) {
        PgnReader reader{std::string_view(text)};
        reader.read_all(counter);
    });
}
BENCHMARK(BM_PgnValidate)->Unit(benchmark::kMillisecond);

void BM_PgnValidateStream(benchmark::State& state) {
    validate_passes(state, [](const std::string& text, CountingVisitor& counter) {
        std::ispanstream in(std::span<const char>(text.data(), text.size()));
        PgnReader reader(in);
        reader.read_all(counter);
    });
}
BENCHMARK(BM_PgnValidateStream)->Unit(benchmark::kMillisecond);

void BM_PgnBuild(benchmark::State& state) {
    const PgnFile& file = pgn_file();
    if (!file.error.empty()) {
        state.SkipWithError(file.error.c_str());
        return;
    }
    std::int64_t games = 0, moves = 0, errors = 0;
    for (auto _ : state) {
        std::ispanstream in(std::span<const char>(file.text.data(), file.text.size()));
        PgnReader reader(in);
        DroppingBuilder builder;
        reader.read_all(builder);
        benchmark::DoNotOptimize(builder.moves);
        games = builder.games;
        moves = builder.moves;
        errors = static_cast<std::int64_t>(builder.errors().size());
    }
    set_pgn_counters(state, games, moves, errors, file.text.size());
}
BENCHMARK(BM_PgnBuild)->Unit(benchmark::kMillisecond);

// --- parse_san ---

/// A position and a move text as found in real games.
struct SanCase {
    const char* fen;
    const char* san;
};
constexpr SanCase SanCases[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "c5"},
    {"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Nf3"},
    {"rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3", "cxd4"},
    {"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5", "Nc3"},
    {"r1bqkb1r/pp2pppp/2np1n2/6B1/3NP3/2N5/PPP2PPP/R2QKB1R b KQkq - 3 6", "e6"},
    {"r1bqkb1r/pp3ppp/2nppn2/6B1/3NP3/2N5/PPPQ1PPP/R3KB1R b KQkq - 1 7", "Be7"},
    {"r1bqk2r/pp2bppp/2nppn2/6B1/3NP3/2N5/PPPQ1PPP/R3KB1R w KQkq - 2 8", "O-O-O"},
    {"r1bqk2r/pp2bppp/2nppn2/6B1/3NP3/2N5/PPPQ1PPP/2KR1B1R b kq - 3 8", "O-O"},
    {"r1bq1rk1/pp2bppp/2nppn2/6B1/3NP3/2N5/PPPQ1PPP/2KR1B1R w - - 4 9", "Nxc6"},
    {"r1bq1rk1/pp2bppp/2Nppn2/6B1/4P3/2N5/PPPQ1PPP/2KR1B1R b - - 0 9", "bxc6"},
    {"r2q1rk1/pp1bbppp/2nppn2/8/3NP3/2N1B3/PPPQBPPP/R4RK1 w - - 6 10", "Rad1"},
    {"r2q1rk1/pp1bbppp/2nppn2/8/3NP3/2N1B3/PPPQBPPP/R4RK1 w - - 6 10", "Nf5"},
    {"r2qr1k1/pp1b1ppp/2nppn2/6B1/3NP3/2N5/PPPQ1PPP/2KR1B1R w - - 4 11", "Bxf6"},
    {"6k1/5ppp/8/8/8/8/1p3PPP/6K1 b - - 0 40", "b1=Q+"},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7#"},
    {"r1bqkbnr/ppp2ppp/2n5/3pP3/8/5N2/PPPP1PPP/RNBQKB1R w KQkq d6 0 4", "exd6"},
    {"2r3k1/5ppp/8/8/8/8/5PPP/2R1R1K1 w - - 0 30", "Rcd1"},
};

void BM_ParseSan(benchmark::State& state, ParseMode mode) {
    std::vector<Position> positions;
    for (const SanCase& c : SanCases) {
        auto pos = position_from_fen(c.fen);
        if (!pos) {
            state.SkipWithError(
                (std::string("bad FEN ") + c.fen + ": " + describe(pos.error(), Language::English)).c_str());
            return;
        }
        if (auto m = parse_san(*pos, c.san, mode); !m) {
            state.SkipWithError(
                (std::string(c.san) + " in " + c.fen + ": " + describe(m.error(), *pos, Language::English)).c_str());
            return;
        }
        positions.push_back(*pos);
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < positions.size(); ++i) {
            auto m = parse_san(positions[i], SanCases[i].san, mode);
            benchmark::DoNotOptimize(m);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK_CAPTURE(BM_ParseSan, lenient, ParseMode::Lenient);
BENCHMARK_CAPTURE(BM_ParseSan, strict, ParseMode::Strict);

}  // namespace
