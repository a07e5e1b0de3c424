#pragma once
// Late move reductions by depth and move number: 0.75 + ln(depth) * ln(moves) / 2.25 (a
// log-product table: +45 to +80 Elo over a flat reduction in young engines).
//
// The table is made by the compiler: the logarithm below is constexpr (std::log is not, in
// clang), and tests/engine/reductions_test.cpp checks every entry against std::log. Made at the
// program's start instead, its 8,000 logarithms were a quarter of the start-up of every command;
// made at the first search, the guard cost the search an out-of-line call per move.

#include <array>

namespace schach::engine {

namespace detail {

/// ln(x) for x >= 1: x = m * 2^k with m in [1, 2), ln(m) = 2 atanh((m - 1) / (m + 1)) by its
/// series (|t| <= 1/3: 24 terms are far past double precision).
constexpr double log_at_least_one(double x) {
    constexpr double Ln2 = 0.693147180559945309417232121458176568;
    int k = 0;
    while (x >= 2.0) {
        x /= 2.0;
        ++k;
    }
    const double t = (x - 1.0) / (x + 1.0);
    const double t2 = t * t;
    double term = t, sum = 0.0;
    for (int n = 1; n < 48; n += 2) {
        sum += term / n;
        term *= t2;
    }
    return k * Ln2 + 2.0 * sum;
}

}  // namespace detail

struct ReductionTable {
    std::array<std::array<int, 64>, 64> r{};
    constexpr ReductionTable() {
        // The 63 logarithms once (clang counts the steps of a constant evaluation: a million).
        std::array<double, 64> ln{};
        for (int x = 1; x < 64; ++x) ln[x] = detail::log_at_least_one(x);
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m) r[d][m] = static_cast<int>(0.75 + ln[d] * ln[m] / 2.25);
    }
};

inline constexpr ReductionTable Reductions{};

}  // namespace schach::engine
