#include "puzzle/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace schach::puzzle {

namespace {

constexpr double Scale = 173.7178;  // Glicko-2's conversion from the Glicko scale
constexpr double Epsilon = 0.000001;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }
double e(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

/// Step 5: the new volatility, by the Illinois algorithm on f(x) = 0.
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
    };
    double big_a = a;
    double big_b = 0;
    if (delta * delta > phi * phi + v) {
        big_b = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0) ++k;
        big_b = a - k * tau;
    }
    double fa = f(big_a), fb = f(big_b);
    for (int i = 0; i < 100 && std::abs(big_b - big_a) > Epsilon; ++i) {
        const double c = big_a + (big_a - big_b) * fa / (fb - fa);
        const double fc = f(c);
        if (fc * fb <= 0) {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2;
        }
        big_b = c;
        fb = fc;
    }
    return std::exp(big_a / 2);
}

}  // namespace

double expected_score(const Glicko& a, const Glicko& b) {
    return e((a.rating - 1500) / Scale, (b.rating - 1500) / Scale, b.deviation / Scale);
}

Glicko update(const Glicko& player, std::span<const GlickoGame> games, const GlickoSettings& s, double periods) {
    // Step 2: to the Glicko-2 scale.
    const double mu = (player.rating - 1500) / Scale;
    const double phi = player.deviation / Scale;
    const double sigma = player.volatility;
    Glicko out = player;
    if (games.empty()) {
        // Step 6 alone: the deviation grows with the time away.
        const double grown = std::sqrt(phi * phi + periods * sigma * sigma) * Scale;
        out.deviation = std::clamp(grown, s.min_deviation, s.max_deviation);
        return out;
    }
    // Steps 3 and 4: the estimated variance and the improvement.
    double v_inv = 0, sum = 0;
    for (const GlickoGame& game : games) {
        const double mu_j = (game.opponent.rating - 1500) / Scale;
        const double phi_j = game.opponent.deviation / Scale;
        const double ej = e(mu, mu_j, phi_j);
        v_inv += g(phi_j) * g(phi_j) * ej * (1 - ej);
        sum += g(phi_j) * (game.score - ej);
    }
    const double v = 1.0 / v_inv;
    const double delta = v * sum;
    // Step 5: the new volatility.
    const double sigma_new = std::min(new_volatility(sigma, phi, v, delta, s.tau), s.max_volatility);
    // Steps 6 and 7: the new deviation and rating.
    const double phi_star = std::sqrt(phi * phi + periods * sigma_new * sigma_new);
    const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    const double mu_new = mu + phi_new * phi_new * sum;
    // Step 8: back to the Glicko scale, within the bounds.
    const double change = std::clamp(mu_new * Scale + 1500 - player.rating, -s.max_change, s.max_change);
    out.rating = player.rating + change;
    out.deviation = std::clamp(phi_new * Scale, s.min_deviation, s.max_deviation);
    out.volatility = sigma_new;
    return out;
}

Glicko after_inactivity(const Glicko& player, double days, const GlickoSettings& s) {
    if (days <= 0) return player;
    return update(player, {}, s, days * s.periods_per_day);
}

PuzzleAttempt rate_attempt(const Glicko& player, const Glicko& puzzle, bool win, const GlickoSettings& s,
                           double provisional_for_puzzle) {
    PuzzleAttempt out;
    const GlickoGame as_player[] = {{puzzle, win ? 1.0 : 0.0}};
    const GlickoGame as_puzzle[] = {{player, win ? 0.0 : 1.0}};
    out.player = update(player, as_player, s);
    out.puzzle = player.deviation >= provisional_for_puzzle ? puzzle : update(puzzle, as_puzzle, s);
    return out;
}

}  // namespace schach::puzzle
