#pragma once
// One Elo rating per player from many games at once, on the scale of fixed anchors (like Ordo and
// BayesElo): pure math on the standard library, used by `schach ratings`.
//
// The model (Bradley–Terry, logistic Elo): player i scores against player j with the expectation
//     P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400)),
// a draw counting as half a win and half a loss. The ratings of the players who are not anchors
// maximize the likelihood of all games together, the anchors held at their given Elo; found by
// Newton's method on the gradient and Hessian of the log-likelihood (damped: no rating moves more
// than 400 Elo a step, and a step that lowers the likelihood is halved), until the largest step is
// below 1e-6 Elo or after 200 iterations.
//
// The prior: every pair of players that met gets ONE virtual draw added to its games (as BayesElo's
// virtual draws), which pulls the pair's score a little towards 50 % and keeps the fit finite when
// someone won or lost every game. A single opponent then gives exactly the Elo of the adjusted score
// (points + 0.5) / (games + 1). PlayerRating::games and ::points count the real games only.
//
// The error: the 95 % half-width 1.96 * sqrt(diag(F^-1)), F the Fisher information (the negative
// Hessian at the fit) of the free players, from the games and the virtual draws; anchors have 0.
//
// Without anchors the scale is the pool's own: one player is fixed at 0 for the fit, then everyone
// is shifted so that the average of all players is 0. The errors are then relative to that average
// (the variance of each rating minus the mean of all), not absolute.
//
// Games of a player against itself say nothing about strength and are ignored.

#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <vector>

namespace schach::match {

/// One game: the players' names and White's score (1, 0.5 or 0).
struct RatedGame {
    std::string white, black;
    double white_score = 0.5;
};

/// A player whose rating is given, not fitted.
struct Anchor {
    std::string name;
    double elo = 0;
};

struct PlayerRating {
    std::string name;
    double elo = 0;
    double error = 0;        // 95 % half-width; 0 for anchors
    std::int64_t games = 0;  // real games (not the virtual draws)
    double points = 0;       // real points
    bool anchor = false;
};

struct RatingError {
    enum class Kind {
        NoGames,        // no game between two different players
        UnknownAnchor,  // `name`: an anchor that played no game
        NotConnected,   // `name`: a player whose part of the game graph holds no anchor
    };
    Kind kind = Kind::NoGames;
    std::string name;
};

/// The virtual draws added to every pair of players that met (the prior).
inline constexpr double VirtualDrawsPerPair = 1.0;

/// The maximum-likelihood ratings of all players of `games`, the anchors fixed at their Elo (an
/// anchor named twice: the last value counts); sorted by Elo, best first (equal Elo by name).
std::expected<std::vector<PlayerRating>, RatingError> fit_ratings(std::span<const RatedGame> games,
                                                                  std::span<const Anchor> anchors);

}  // namespace schach::match
