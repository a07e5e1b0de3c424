// The joint Elo fit of ratings.hpp: the games gathered per pair of players (with the virtual draw),
// the anchors checked against the game graph, Newton's method on the log-likelihood, and the
// errors from the inverse of the Fisher information (Cholesky; the matrices are tiny).

#include "match/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <optional>
#include <utility>

namespace schach::match {
namespace {

constexpr double EloScale = std::numbers::ln10 / 400.0;  // c: the logit of a score is c * (r_i - r_j)
constexpr double Z95 = 1.96;
constexpr int MaxIterations = 200;
constexpr double StepTolerance = 1e-6;  // Elo: the fit has converged when no rating moves more
constexpr double MaxStep = 400.0;       // Elo: the damping of a Newton step
constexpr int MaxHalvings = 60;
constexpr std::size_t NotFree = std::numeric_limits<std::size_t>::max();

/// All games of two players a < b, with the virtual draws, from a's view.
struct Pairing {
    std::size_t a = 0, b = 0;
    double games = 0;
    double points = 0;
};

/// The players (numbered in the order they first appear) and their pairings.
struct Pool {
    std::vector<std::string> names;
    std::map<std::string, std::size_t, std::less<>> index;
    std::vector<std::int64_t> games;
    std::vector<double> points;
    std::vector<Pairing> pairings;

    std::size_t size() const { return names.size(); }
    std::size_t player(const std::string& name) {
        const auto [it, added] = index.try_emplace(name, names.size());
        if (added) {
            names.push_back(name);
            games.push_back(0);
            points.push_back(0);
        }
        return it->second;
    }
};

Pool collect(std::span<const RatedGame> games) {
    Pool pool;
    std::map<std::pair<std::size_t, std::size_t>, Pairing> pairs;
    for (const RatedGame& g : games) {
        if (g.white == g.black) continue;
        const std::size_t w = pool.player(g.white), b = pool.player(g.black);
        pool.games[w] += 1;
        pool.games[b] += 1;
        pool.points[w] += g.white_score;
        pool.points[b] += 1.0 - g.white_score;
        Pairing& p = pairs[{std::min(w, b), std::max(w, b)}];
        p.a = std::min(w, b);
        p.b = std::max(w, b);
        p.games += 1.0;
        p.points += w < b ? g.white_score : 1.0 - g.white_score;
    }
    for (auto& [key, p] : pairs) {
        p.games += VirtualDrawsPerPair;
        p.points += 0.5 * VirtualDrawsPerPair;
        pool.pairings.push_back(p);
    }
    return pool;
}

/// The component of each player in the graph of pairings (a representative's number).
std::vector<std::size_t> components(const Pool& pool) {
    std::vector<std::size_t> parent(pool.size());
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    const auto root = [&](std::size_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    for (const Pairing& p : pool.pairings) parent[root(p.a)] = root(p.b);
    std::vector<std::size_t> label(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) label[i] = root(i);
    return label;
}

/// NotConnected for the first player whose component holds no fixed player.
std::optional<RatingError> unanchored_player(const Pool& pool, const std::vector<std::optional<double>>& fixed) {
    const std::vector<std::size_t> label = components(pool);
    std::vector<bool> anchored(pool.size(), false);
    for (std::size_t i = 0; i < pool.size(); ++i)
        if (fixed[i]) anchored[label[i]] = true;
    for (std::size_t i = 0; i < pool.size(); ++i)
        if (!anchored[label[i]]) return RatingError{RatingError::Kind::NotConnected, pool.names[i]};
    return std::nullopt;
}

/// The fixed rating of each player: the anchors, or without anchors the first player at 0.
std::expected<std::vector<std::optional<double>>, RatingError> fixed_ratings(const Pool& pool,
                                                                             std::span<const Anchor> anchors) {
    std::vector<std::optional<double>> fixed(pool.size());
    for (const Anchor& a : anchors) {
        const auto it = pool.index.find(a.name);
        if (it == pool.index.end()) return std::unexpected(RatingError{RatingError::Kind::UnknownAnchor, a.name});
        fixed[it->second] = a.elo;
    }
    if (anchors.empty()) fixed[0] = 0.0;
    if (const auto e = unanchored_player(pool, fixed)) return std::unexpected(*e);
    return fixed;
}

/// A dense square matrix, row by row.
struct Matrix {
    std::size_t n = 0;
    std::vector<double> a;
    explicit Matrix(std::size_t size) : n(size), a(size * size, 0.0) {}
    double& operator()(std::size_t i, std::size_t j) { return a[i * n + j]; }
    double operator()(std::size_t i, std::size_t j) const { return a[i * n + j]; }
};

/// The lower triangle L of F = L L^T (F symmetric positive definite; a pivot that rounding made
/// non-positive is taken as the smallest positive double, which gives a huge but finite error).
Matrix cholesky(const Matrix& f) {
    Matrix l(f.n);
    for (std::size_t j = 0; j < f.n; ++j) {
        double d = f(j, j);
        for (std::size_t k = 0; k < j; ++k) d -= l(j, k) * l(j, k);
        l(j, j) = std::sqrt(std::max(d, std::numeric_limits<double>::min()));
        for (std::size_t i = j + 1; i < f.n; ++i) {
            double s = f(i, j);
            for (std::size_t k = 0; k < j; ++k) s -= l(i, k) * l(j, k);
            l(i, j) = s / l(j, j);
        }
    }
    return l;
}

/// x with L L^T x = b.
std::vector<double> solve(const Matrix& l, std::vector<double> b) {
    for (std::size_t i = 0; i < l.n; ++i) {
        for (std::size_t k = 0; k < i; ++k) b[i] -= l(i, k) * b[k];
        b[i] /= l(i, i);
    }
    for (std::size_t i = l.n; i-- > 0;) {
        for (std::size_t k = i + 1; k < l.n; ++k) b[i] -= l(k, i) * b[k];
        b[i] /= l(i, i);
    }
    return b;
}

/// (L L^T)^-1, a column at a time.
Matrix inverse(const Matrix& l) {
    Matrix inv(l.n);
    for (std::size_t k = 0; k < l.n; ++k) {
        std::vector<double> unit(l.n, 0.0);
        unit[k] = 1.0;
        const std::vector<double> column = solve(l, std::move(unit));
        for (std::size_t i = 0; i < l.n; ++i) inv(i, k) = column[i];
    }
    return inv;
}

/// The players the fit moves: slot[i] is player i's place among them, NotFree for a fixed one.
struct FreePlayers {
    std::vector<std::size_t> slot;
    std::size_t count = 0;
};

FreePlayers free_players(const std::vector<std::optional<double>>& fixed) {
    FreePlayers f;
    f.slot.assign(fixed.size(), NotFree);
    for (std::size_t i = 0; i < fixed.size(); ++i)
        if (!fixed[i]) f.slot[i] = f.count++;
    return f;
}

/// The expected score of a rating difference.
double expected_score(double diff) { return 1.0 / (1.0 + std::pow(10.0, -diff / 400.0)); }

/// ln(1 / (1 + e^-x)) without overflow.
double log_sigmoid(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

double log_likelihood(const Pool& pool, const std::vector<double>& r) {
    double sum = 0;
    for (const Pairing& p : pool.pairings) {
        const double x = EloScale * (r[p.a] - r[p.b]);
        sum += p.points * log_sigmoid(x) + (p.games - p.points) * log_sigmoid(-x);
    }
    return sum;
}

/// The gradient of the log-likelihood and the Fisher information (its negative Hessian) over the
/// free players.
struct Derivatives {
    std::vector<double> gradient;
    Matrix information;
};

Derivatives derivatives(const Pool& pool, const std::vector<double>& r, const FreePlayers& free) {
    Derivatives d{std::vector<double>(free.count, 0.0), Matrix(free.count)};
    for (const Pairing& p : pool.pairings) {
        const double e = expected_score(r[p.a] - r[p.b]);
        const double g = EloScale * (p.points - p.games * e);
        const double w = EloScale * EloScale * p.games * e * (1.0 - e);
        const std::size_t i = free.slot[p.a], j = free.slot[p.b];
        if (i != NotFree) {
            d.gradient[i] += g;
            d.information(i, i) += w;
        }
        if (j != NotFree) {
            d.gradient[j] -= g;
            d.information(j, j) += w;
        }
        if (i != NotFree && j != NotFree) {
            d.information(i, j) -= w;
            d.information(j, i) -= w;
        }
    }
    return d;
}

/// One damped Newton step on `r`; returns the largest change of a rating.
double newton_step(const Pool& pool, std::vector<double>& r, const FreePlayers& free) {
    const Derivatives d = derivatives(pool, r, free);
    const std::vector<double> step = solve(cholesky(d.information), d.gradient);
    double largest = 0;
    for (const double s : step) largest = std::max(largest, std::abs(s));
    double t = largest > MaxStep ? MaxStep / largest : 1.0;
    const double before = log_likelihood(pool, r);
    const double slack = 1e-12 * (1.0 + std::abs(before));  // rounding near the maximum
    std::vector<double> next = r;
    for (int halvings = 0;; ++halvings, t /= 2) {
        for (std::size_t i = 0; i < r.size(); ++i)
            if (free.slot[i] != NotFree) next[i] = r[i] + t * step[free.slot[i]];
        if (log_likelihood(pool, next) >= before - slack || halvings == MaxHalvings) break;
    }
    r = std::move(next);
    return t * largest;
}

/// The 95 % half-widths: from the inverse of the Fisher information; with `centered`, of each
/// rating minus the mean of all players (the fixed player's covariance is 0).
std::vector<double> errors(const Pool& pool, const std::vector<double>& r, const FreePlayers& free, bool centered) {
    const Matrix cov = inverse(cholesky(derivatives(pool, r, free).information));
    std::vector<double> row_sum(free.count, 0.0);
    double total = 0;
    for (std::size_t i = 0; i < free.count; ++i) {
        for (std::size_t j = 0; j < free.count; ++j) row_sum[i] += cov(i, j);
        total += row_sum[i];
    }
    const double n = static_cast<double>(pool.size());
    std::vector<double> err(pool.size(), 0.0);
    for (std::size_t i = 0; i < pool.size(); ++i) {
        const std::size_t s = free.slot[i];
        double variance = s == NotFree ? 0.0 : cov(s, s);
        if (centered) variance += (s == NotFree ? 0.0 : -2.0 * row_sum[s] / n) + total / (n * n);
        err[i] = Z95 * std::sqrt(std::max(variance, 0.0));
    }
    return err;
}

/// The start of the fit: the fixed ratings, everyone else at their mean.
std::vector<double> start_ratings(const std::vector<std::optional<double>>& fixed) {
    double sum = 0;
    int count = 0;
    for (const auto& f : fixed)
        if (f) {
            sum += *f;
            ++count;
        }
    std::vector<double> r(fixed.size(), count > 0 ? sum / count : 0.0);
    for (std::size_t i = 0; i < fixed.size(); ++i)
        if (fixed[i]) r[i] = *fixed[i];
    return r;
}

std::vector<PlayerRating> table(const Pool& pool, const std::vector<double>& r, const std::vector<double>& err,
                                const std::vector<std::optional<double>>& fixed, bool anchored) {
    std::vector<PlayerRating> out;
    for (std::size_t i = 0; i < pool.size(); ++i)
        out.push_back({pool.names[i], r[i], err[i], pool.games[i], pool.points[i], anchored && fixed[i].has_value()});
    std::sort(out.begin(), out.end(), [](const PlayerRating& x, const PlayerRating& y) {
        return x.elo != y.elo ? x.elo > y.elo : x.name < y.name;
    });
    return out;
}

}  // namespace

std::expected<std::vector<PlayerRating>, RatingError> fit_ratings(std::span<const RatedGame> games,
                                                                  std::span<const Anchor> anchors) {
    const Pool pool = collect(games);
    if (pool.pairings.empty()) return std::unexpected(RatingError{RatingError::Kind::NoGames, {}});
    const auto fixed = fixed_ratings(pool, anchors);
    if (!fixed) return std::unexpected(fixed.error());
    const FreePlayers free = free_players(*fixed);
    std::vector<double> r = start_ratings(*fixed);
    for (int it = 0; it < MaxIterations && free.count > 0; ++it)
        if (newton_step(pool, r, free) < StepTolerance) break;
    const bool anchored = !anchors.empty();
    const std::vector<double> err = errors(pool, r, free, !anchored);
    if (!anchored) {
        const double mean = std::accumulate(r.begin(), r.end(), 0.0) / static_cast<double>(r.size());
        for (double& x : r) x -= mean;
    }
    return table(pool, r, err, *fixed, anchored);
}

}  // namespace schach::match
