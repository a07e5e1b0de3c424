#pragma once
// Match statistics as pure functions: Elo from a score, the error of a result from the trinomial
// (single games) or pentanomial (game pairs) model, the likelihood of superiority, and the SPRT.
//
// Our SPRT is the one fishtest and OpenBench run: a generalized SPRT on the pentanomial counts of
// game pairs, with the bounds elo0/elo1 in *normalized* Elo (nElo; Michel Van den Bergh,
// "Normalized Elo", hardy.uhasselt.be/Fishtest/normalized_elo_practical.pdf). Normalized Elo
// measures a difference by how many games it takes to see it, so the same bounds mean the same
// effort at any draw rate. Elo figures in the table (Elo +- error) are logistic Elo.

#include <array>
#include <cstdint>
#include <optional>

namespace schach::match {

/// Wins, draws and losses, from the first engine's view.
struct Wdl {
    std::int64_t wins = 0, draws = 0, losses = 0;
    std::int64_t games() const { return wins + draws + losses; }
    double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
    friend bool operator==(const Wdl&, const Wdl&) = default;
};

/// Game pairs (one opening, colours swapped) by the points of the pair, from the first engine's
/// view: [0] both lost (0), [1] a loss and a draw (0.5), [2] two draws or a win and a loss (1),
/// [3] a win and a draw (1.5), [4] both won (2).
struct Pentanomial {
    std::array<std::int64_t, 5> counts{};
    std::int64_t pairs() const;
    /// Adds the pair of results (each 0, 0.5 or 1 for the first engine).
    void add(double first, double second);
    friend bool operator==(const Pentanomial&, const Pentanomial&) = default;
};

/// Logistic Elo of an expected score in (0, 1): -400 log10(1/score - 1). 0.75 -> +190.85.
/// Scores of 0 or 1 are clamped to 0.001 / 0.999 (as fishtest does), giving about -/+1200.
double elo_from_score(double score);
/// The expected score of an Elo difference: 1 / (1 + 10^(-elo/400)).
double score_from_elo(double elo);

/// An Elo estimate with its 95 % confidence half-width (elo - error .. elo + error, taken as half
/// of the interval of the score's mean mapped through elo_from_score).
struct EloEstimate {
    double elo = 0;
    double error = 0;  // 95 %; 0 when there is no spread to measure (no games, all the same)
    double los = 0.5;  // likelihood of superiority: P(true Elo > 0), normal approximation
};
/// From single games (trinomial: each game 0, 0.5 or 1).
EloEstimate elo_estimate(const Wdl& wdl);
/// From game pairs (pentanomial: each pair's mean 0, 0.25, ..., 1), the model that fits paired
/// openings: the two games of a pair are correlated, which the trinomial model overestimates.
EloEstimate elo_estimate(const Pentanomial& pairs);

/// The SPRT's bounds on the log-likelihood ratio: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha);
/// alpha = beta = 0.05 gives -2.944 and +2.944.
struct SprtBounds {
    double lower = 0, upper = 0;
};
SprtBounds sprt_bounds(double alpha, double beta);

/// The log-likelihood ratio of H1 (nElo = elo1) against H0 (nElo = elo0) for pentanomial counts,
/// as the GSPRT of fishtest/OpenBench: the maximum-likelihood pair distribution under each
/// hypothesis (a fixed normalized t-value), then the counts' log ratio of the two. Counts of zero
/// are taken as 0.001 so that every outcome keeps some probability. 0 without pairs.
double sprt_llr(const Pentanomial& pairs, double elo0, double elo1);

enum class SprtDecision : std::uint8_t { Continue, AcceptH0, AcceptH1 };
SprtDecision sprt_decision(double llr, SprtBounds bounds);

/// The standard normal distribution's quantile (inverse CDF), p in (0, 1).
double normal_quantile(double p);

}  // namespace schach::match
