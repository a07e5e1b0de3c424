// Schach benchmarks (Google Benchmark).
//
//   BM_Perft/<name>           deep single-threaded perft, one iteration each; counter "nps" (nodes/s)
//                             and "nodes"; the node count is checked against the reference value.
//   BM_GenerateLegal/<name>   generate_legal into a fresh MoveList        ("moves/s" = items/s)
//   BM_CountLegal/<name>      count_legal (popcount bulk counting)
//   BM_DoUndo/<name>          do_move + undo_move over every legal move
//   BM_GivesCheck/<name>      gives_check over every legal move (no copy of the position)
//   BM_IsLegal/<name>         is_legal over every legal move (no move generation)
//   BM_FenParse/<name>        parse_fen (text -> Setup) and position_from_fen (-> validated Position)
//   BM_FenWrite/<name>        to_fen (X-FEN)
//
// scripts/bench.sh runs this binary and compares the perft positions with Stockfish; it relies on
// the benchmark names BM_Perft/start, BM_Perft/kiwipete and BM_Perft/fischer1.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "text/text.hpp"

namespace {

using namespace schach;

struct BenchPosition {
    const char* fen;
    int perft_depth;
    std::uint64_t perft_nodes;  // reference count at perft_depth
};

// Reference counts: chessprogramming wiki / Ethereal standard.epd / Ethereal fischer.epd (line 1).
constexpr BenchPosition Start{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324};
constexpr BenchPosition Kiwipete{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690};
constexpr BenchPosition Fischer1{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 6, 227689589};
// Shallower extra positions for the micro-benchmarks only.
constexpr BenchPosition Endgame{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0, 0};   // CPW position 3
constexpr BenchPosition Promotions{"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 0, 0};  // many promotions

/// Parses a benchmark FEN; the FENs above are fixed, so failure is a bug worth stopping for.
Position load(const char* fen) {
    auto pos = position_from_fen(fen);
    if (!pos) {
        std::fprintf(stderr, "perft_bench: cannot load '%s': %s\n", fen,
                     describe(pos.error(), Language::English).c_str());
        std::abort();
    }
    return *pos;
}

// --- Deep perft ---

void BM_Perft(benchmark::State& state, BenchPosition bp) {
    const Position root = load(bp.fen);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        Position pos = root;
        nodes = perft(pos, bp.perft_depth);
        benchmark::DoNotOptimize(nodes);
    }
    if (nodes != bp.perft_nodes) {
        const std::string msg = "perft(" + std::to_string(bp.perft_depth) + ") = " + std::to_string(nodes) +
                                ", expected " + std::to_string(bp.perft_nodes);
        state.SkipWithError(msg.c_str());
        return;
    }
    const auto total = static_cast<double>(nodes) * static_cast<double>(state.iterations());
    state.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes));
    state.counters["depth"] = benchmark::Counter(bp.perft_depth);
    state.counters["nps"] = benchmark::Counter(total, benchmark::Counter::kIsRate);
}
// Iterations(1): each takes 0.5-3 s; bench.sh repeats them interleaved with Stockfish instead.
BENCHMARK_CAPTURE(BM_Perft, start, Start)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, kiwipete, Kiwipete)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, fischer1, Fischer1)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

// --- Move generation ---

void BM_GenerateLegal(benchmark::State& state, const char* fen) {
    const Position pos = load(fen);
    std::size_t moves = 0;
    for (auto _ : state) {
        MoveList list;
        generate_legal(pos, list);
        benchmark::DoNotOptimize(list.data());
        moves = list.size();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(moves));
    state.counters["moves"] = benchmark::Counter(static_cast<double>(moves));
}
BENCHMARK_CAPTURE(BM_GenerateLegal, start, Start.fen);
BENCHMARK_CAPTURE(BM_GenerateLegal, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_GenerateLegal, fischer1, Fischer1.fen);
BENCHMARK_CAPTURE(BM_GenerateLegal, endgame, Endgame.fen);
BENCHMARK_CAPTURE(BM_GenerateLegal, promotions, Promotions.fen);

void BM_CountLegal(benchmark::State& state, const char* fen) {
    const Position pos = load(fen);
    int moves = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(pos);
        moves = count_legal(pos);
        benchmark::DoNotOptimize(moves);
    }
    state.SetItemsProcessed(state.iterations() * moves);
    state.counters["moves"] = benchmark::Counter(moves);
}
BENCHMARK_CAPTURE(BM_CountLegal, start, Start.fen);
BENCHMARK_CAPTURE(BM_CountLegal, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_CountLegal, fischer1, Fischer1.fen);
BENCHMARK_CAPTURE(BM_CountLegal, endgame, Endgame.fen);

// --- do_move / undo_move ---

/// One iteration plays and takes back every legal move of the position (castling, e.p. and
/// promotions included where the position has them); items = moves made.
void BM_DoUndo(benchmark::State& state, const char* fen) {
    Position pos = load(fen);
    const MoveList moves = legal_moves(pos);
    for (auto _ : state) {
        for (Move m : moves) {
            const Undo u = pos.do_move(m);
            benchmark::DoNotOptimize(pos);
            pos.undo_move(m, u);
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(moves.size()));
}
BENCHMARK_CAPTURE(BM_DoUndo, start, Start.fen);
BENCHMARK_CAPTURE(BM_DoUndo, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_DoUndo, fischer1, Fischer1.fen);
BENCHMARK_CAPTURE(BM_DoUndo, promotions, Promotions.fen);

// --- gives_check / is_legal ---

/// One iteration asks about every legal move of the position; items = moves asked about.
template <bool Check>
void BM_AskEveryMove(benchmark::State& state, const char* fen) {
    const Position pos = load(fen);
    const MoveList moves = legal_moves(pos);
    for (auto _ : state) {
        int yes = 0;
        for (Move m : moves) yes += Check ? pos.gives_check(m) : pos.is_legal(m);
        benchmark::DoNotOptimize(yes);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(moves.size()));
}
void BM_GivesCheck(benchmark::State& state, const char* fen) { BM_AskEveryMove<true>(state, fen); }
void BM_IsLegal(benchmark::State& state, const char* fen) { BM_AskEveryMove<false>(state, fen); }
BENCHMARK_CAPTURE(BM_GivesCheck, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_GivesCheck, fischer1, Fischer1.fen);
BENCHMARK_CAPTURE(BM_GivesCheck, promotions, Promotions.fen);
BENCHMARK_CAPTURE(BM_IsLegal, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_IsLegal, fischer1, Fischer1.fen);
BENCHMARK_CAPTURE(BM_IsLegal, promotions, Promotions.fen);

// --- FEN ---

void BM_FenParse(benchmark::State& state, const char* fen) {
    const std::string text = fen;
    for (auto _ : state) {
        auto setup = parse_fen(text);
        benchmark::DoNotOptimize(setup);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_FenParse, start, Start.fen);
BENCHMARK_CAPTURE(BM_FenParse, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_FenParse, fischer1, Fischer1.fen);

/// Parse plus validation (king count, checks, castling rights, e.p.) into a Position.
void BM_PositionFromFen(benchmark::State& state, const char* fen) {
    const std::string text = fen;
    for (auto _ : state) {
        auto pos = position_from_fen(text);
        benchmark::DoNotOptimize(pos);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_PositionFromFen, start, Start.fen);
BENCHMARK_CAPTURE(BM_PositionFromFen, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_PositionFromFen, fischer1, Fischer1.fen);

void BM_FenWrite(benchmark::State& state, const char* fen) {
    const Position pos = load(fen);
    for (auto _ : state) {
        std::string out = to_fen(pos);
        benchmark::DoNotOptimize(out);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_FenWrite, start, Start.fen);
BENCHMARK_CAPTURE(BM_FenWrite, kiwipete, Kiwipete.fen);
BENCHMARK_CAPTURE(BM_FenWrite, fischer1, Fischer1.fen);

}  // namespace

BENCHMARK_MAIN();
