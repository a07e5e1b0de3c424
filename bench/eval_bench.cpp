// Evaluation benchmarks (Google Benchmark): nanoseconds per static evaluation.
//
//   BM_Evaluate            Evaluator::evaluate over a fixed set of positions (pawn hash warm, as
//                          in a search, where most pawn structures repeat); "ns/eval"
//   BM_EvaluateNoPawnHash  the same terms with the pawn structure computed every time
//   BM_TraceEvaluation     the tuner's feature extraction (trace_evaluation) per position
//
// The positions: a few classical ones and positions from seeded random games (plies 10..80),
// so the set is the same on every run without a data file.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/eval_acc.hpp"
#include "engine/eval_terms.hpp"
#include "engine/evaluate.hpp"

namespace {

using namespace schach;
using namespace schach::engine;

std::vector<Position> bench_positions() {
    std::vector<Position> out;
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"})
        out.push_back(*position_from_fen(fen));
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
    const auto next = [&] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    for (int game = 0; out.size() < 1000 && game < 1000; ++game) {
        Position pos;
        for (int ply = 0; ply < 80; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            pos.do_move(moves[static_cast<std::size_t>(next() % moves.size())]);
            if (ply >= 10 && ply % 10 == 0) out.push_back(pos);
        }
    }
    return out;
}

const std::vector<Position>& positions() {
    static const std::vector<Position> p = bench_positions();
    return p;
}

void report(benchmark::State& state, std::size_t per_iteration) {
    const auto evals = static_cast<double>(state.iterations() * per_iteration);
    state.counters["ns/eval"] = benchmark::Counter(evals, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.SetItemsProcessed(static_cast<std::int64_t>(evals));
}

void BM_Evaluate(benchmark::State& state) {
    Evaluator e;
    const auto& ps = positions();
    for (auto _ : state)
        for (const Position& p : ps) benchmark::DoNotOptimize(e.evaluate(p));
    report(state, ps.size());
}
BENCHMARK(BM_Evaluate);

void BM_EvaluateNoPawnHash(benchmark::State& state) {
    const auto& ps = positions();
    for (auto _ : state)
        for (const Position& p : ps) {
            ScoreAcc acc;
            PawnInfo pawns;
            evaluate_pawns(p.pieces(Color::White, PieceType::Pawn), p.pieces(Color::Black, PieceType::Pawn), acc,
                           pawns);
            evaluate_terms(p, pawns, acc);
            benchmark::DoNotOptimize(taper(acc.mg, acc.eg, game_phase(p), endgame_scale(p)));
        }
    report(state, ps.size());
}
BENCHMARK(BM_EvaluateNoPawnHash);

void BM_TraceEvaluation(benchmark::State& state) {
    const auto& ps = positions();
    for (auto _ : state)
        for (const Position& p : ps) benchmark::DoNotOptimize(trace_evaluation(p).phase);
    report(state, ps.size());
}
BENCHMARK(BM_TraceEvaluation);

}  // namespace
