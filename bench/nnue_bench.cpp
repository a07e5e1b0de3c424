// The network's benchmarks (Google Benchmark), on a random network of the engine's width (the
// speed does not depend on the weights):
//
//   BM_NnueUpdate        one incremental accumulator update for a quiet move, both sides; "ns/update"
//   BM_NnueOutput        the output layer (SCReLU and the dot product); "ns/output"
//   BM_NnueRefresh       a full refresh of both accumulators from the board; "ns/refresh"
//   BM_TrainEpoch/N      one epoch of `schach train` on one thread over 50,000 self-play positions
//                        for 768 -> N; "positions/s" (goal for N = 256: >= 100,000)

#include <benchmark/benchmark.h>

#include <vector>

#include "core/movegen.hpp"
#include "engine/nnue.hpp"
#include "train/datagen.hpp"
#include "train/trainer.hpp"

namespace {

using namespace schach;
namespace nnue = schach::engine::nnue;

const nnue::Network& network() {
    static const std::unique_ptr<nnue::Network> net =
        std::move(*nnue::read_network(train::quantise(train::FloatNetwork::random(nnue::HiddenSize, 1))));
    return *net;
}

void BM_NnueUpdate(benchmark::State& state) {
    const Position pos;
    const Move m = legal_moves(pos)[10];
    nnue::Accumulator from, to;
    nnue::refresh(network(), pos, from);
    const nnue::FeatureDelta d = nnue::delta_of(pos, m);
    for (auto _ : state) {
        nnue::apply(network(), from, d, to);
        benchmark::DoNotOptimize(to);
        benchmark::ClobberMemory();
    }
    state.counters["ns/update"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_NnueUpdate);

void BM_NnueOutput(benchmark::State& state) {
    const Position pos;
    nnue::Accumulator acc;
    nnue::refresh(network(), pos, acc);
    for (auto _ : state) benchmark::DoNotOptimize(nnue::output(network(), acc, Color::White, 32));
    state.counters["ns/output"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_NnueOutput);

void BM_NnueRefresh(benchmark::State& state) {
    const Position pos;
    nnue::Accumulator acc;
    for (auto _ : state) {
        nnue::refresh(network(), pos, acc);
        benchmark::DoNotOptimize(acc);
    }
    state.counters["ns/refresh"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_NnueRefresh);

const train::Dataset& training_data() {
    static const train::Dataset data = [] {
        train::DatagenOptions o;
        o.soft_nodes = 100;
        o.hard_nodes = 800;
        o.hash_mb = 1;
        train::SelfPlayer player(o);
        train::Dataset d;
        for (std::uint64_t n = 0; d.size() < 50000; ++n)
            if (auto g = player.play(n)) d.add_game(*g);
        return d;
    }();
    return data;
}

void BM_TrainEpoch(benchmark::State& state) {
    const train::Dataset& data = training_data();
    train::TrainOptions o;
    o.hidden = static_cast<int>(state.range(0));
    o.epochs = 1;
    o.threads = 1;
    for (auto _ : state) benchmark::DoNotOptimize(train::train(data, nullptr, o, nullptr));
    state.counters["positions/s"] = benchmark::Counter(static_cast<double>(state.iterations() * data.size()),
                                                       benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TrainEpoch)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
