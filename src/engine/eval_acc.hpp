#pragma once
// The two ways of adding up the evaluation's terms: with the weights (ScoreAcc, the engine) or
// as feature counts (TraceAcc, the Texel tuner). The terms (eval_terms, pawns) are written once,
// as templates on the accumulator, so the tuner sees exactly the features the engine scores.

#include <array>

#include "core/types.hpp"
#include "engine/eval_params.hpp"

namespace schach::engine {

/// Sums weights: `add(p, c, n)` adds n times weight p for colour c (White plus, Black minus).
struct ScoreAcc {
    const Weights* weights = &EvalWeights;
    int mg = 0, eg = 0;
    void add(int p, Color c, int n = 1) {
        const ScorePair w = (*weights)[static_cast<std::size_t>(p)];
        const int s = c == Color::White ? n : -n;
        mg += s * w.mg;
        eg += s * w.eg;
    }
    void add_pair(ScorePair s) {
        mg += s.mg;
        eg += s.eg;
    }
};

/// Counts features: coef[p] is White's count of feature p minus Black's.
struct TraceAcc {
    std::array<int, param::Count> coef{};
    void add(int p, Color c, int n = 1) { coef[static_cast<std::size_t>(p)] += c == Color::White ? n : -n; }
};

}  // namespace schach::engine
