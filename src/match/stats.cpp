#include "match/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace schach::match {
namespace {

/// A discrete distribution: (outcome value, probability) pairs.
using Pdf = std::vector<std::pair<double, double>>;

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

std::pair<double, double> mean_and_variance(const Pdf& pdf) {
    double mean = 0;
    for (const auto& [value, p] : pdf) mean += p * value;
    double var = 0;
    for (const auto& [value, p] : pdf) var += p * (value - mean) * (value - mean);
    return {mean, var};
}

/// From outcome counts (outcome i worth i / (size - 1)) to the mean, its variance, and the estimate.
EloEstimate estimate(const Pdf& pdf, double n) {
    if (n <= 0) return {};
    const auto [mean, var] = mean_and_variance(pdf);
    EloEstimate e;
    e.elo = elo_from_score(mean);
    const double se = std::sqrt(var / n);
    if (se <= 0) {
        e.los = mean > 0.5 ? 1.0 : mean < 0.5 ? 0.0 : 0.5;
        return e;
    }
    const double z = normal_quantile(0.975);
    e.error = (elo_from_score(mean + z * se) - elo_from_score(mean - z * se)) / 2;
    e.los = normal_cdf((mean - 0.5) / se);
    return e;
}

/// The root x of sum p_i a_i / (1 + x a_i) = 0 between -1/max(a) and -1/min(a), where the
/// function falls monotonically (min(a) < 0 < max(a)). Bisection: 200 halvings reach the limit of
/// doubles.
double solve_secular(const Pdf& pdf) {
    double lo_a = pdf.front().first, hi_a = pdf.front().first;
    for (const auto& [a, p] : pdf) {
        lo_a = std::min(lo_a, a);
        hi_a = std::max(hi_a, a);
    }
    const double eps = 1e-9;
    double lo = -1 / hi_a + eps, hi = -1 / lo_a - eps;
    const auto f = [&](double x) {
        double sum = 0;
        for (const auto& [a, p] : pdf) sum += p * a / (1 + x * a);
        return sum;
    };
    for (int i = 0; i < 200 && lo < hi; ++i) {
        const double mid = (lo + hi) / 2;
        if (f(mid) > 0) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2;
}

/// The distribution on the outcomes of `observed` that is most likely to have produced it among
/// those whose t-value (mean - ref) / sigma is `t` (fixed-point iteration of the Lagrange
/// condition; each step solves one secular equation).
Pdf most_likely_with_t(const Pdf& observed, double ref, double t) {
    Pdf mle = observed;
    for (auto& entry : mle) entry.second = 1.0 / static_cast<double>(observed.size());
    for (int iteration = 0; iteration < 10; ++iteration) {
        const Pdf previous = mle;
        const auto [mu, var] = mean_and_variance(mle);
        const double sigma = std::sqrt(var);
        Pdf shifted = observed;
        for (auto& [a, p] : shifted) a = a - ref - t * sigma * (1 + ((mu - a) / sigma) * ((mu - a) / sigma)) / 2;
        const double x = solve_secular(shifted);
        double change = 0;
        for (std::size_t i = 0; i < mle.size(); ++i) {
            mle[i].second = observed[i].second / (1 + x * shifted[i].first);
            change = std::max(change, std::abs(mle[i].second - previous[i].second));
        }
        if (change < 1e-9) break;
    }
    return mle;
}

}  // namespace

std::int64_t Pentanomial::pairs() const {
    std::int64_t n = 0;
    for (const std::int64_t c : counts) n += c;
    return n;
}

void Pentanomial::add(double first, double second) {
    const auto index = static_cast<std::size_t>(std::lround((first + second) * 2));
    ++counts[std::min<std::size_t>(index, 4)];
}

double elo_from_score(double score) {
    score = std::clamp(score, 1e-3, 1 - 1e-3);
    return -400 * std::log10(1 / score - 1);
}

double score_from_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

EloEstimate elo_estimate(const Wdl& wdl) {
    const auto n = static_cast<double>(wdl.games());
    if (n <= 0) return {};
    return estimate({{0.0, static_cast<double>(wdl.losses) / n},
                     {0.5, static_cast<double>(wdl.draws) / n},
                     {1.0, static_cast<double>(wdl.wins) / n}},
                    n);
}

EloEstimate elo_estimate(const Pentanomial& pairs) {
    const auto n = static_cast<double>(pairs.pairs());
    if (n <= 0) return {};
    Pdf pdf;
    for (std::size_t i = 0; i < 5; ++i)
        pdf.emplace_back(static_cast<double>(i) / 4, static_cast<double>(pairs.counts[i]) / n);
    return estimate(pdf, n);
}

SprtBounds sprt_bounds(double alpha, double beta) {
    return {std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

double sprt_llr(const Pentanomial& pairs, double elo0, double elo1) {
    if (pairs.pairs() == 0) return 0;
    std::array<double, 5> counts{};
    double n = 0;
    for (std::size_t i = 0; i < 5; ++i) {
        counts[i] = std::max(1e-3, static_cast<double>(pairs.counts[i]));
        n += counts[i];
    }
    Pdf observed;
    for (std::size_t i = 0; i < 5; ++i) observed.emplace_back(static_cast<double>(i) / 4, counts[i] / n);
    // nElo = t * 800 / ln 10 per game; a pair's t-value is sqrt(2) times a game's.
    const double per_t = 800 / std::numbers::ln10;
    const Pdf h0 = most_likely_with_t(observed, 0.5, elo0 / per_t * std::numbers::sqrt2);
    const Pdf h1 = most_likely_with_t(observed, 0.5, elo1 / per_t * std::numbers::sqrt2);
    double llr = 0;
    for (std::size_t i = 0; i < 5; ++i) llr += observed[i].second * (std::log(h1[i].second) - std::log(h0[i].second));
    return n * llr;
}

SprtDecision sprt_decision(double llr, SprtBounds bounds) {
    if (llr >= bounds.upper) return SprtDecision::AcceptH1;
    if (llr <= bounds.lower) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

double normal_quantile(double p) {
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        if (normal_cdf(mid) < p) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2;
}

}  // namespace schach::match
