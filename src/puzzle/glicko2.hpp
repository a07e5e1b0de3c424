#pragma once
// Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), with lichess's settings for
// puzzles: every attempt is one game between the player and the puzzle, rated as its own period.

#include <span>

namespace schach::puzzle {

struct Glicko {
    double rating = 1500;
    double deviation = 500;  // RD
    double volatility = 0.09;
};

/// One game's opponent and the score against it (1 win, 0.5 draw, 0 loss).
struct GlickoGame {
    Glicko opponent;
    double score = 0;
};

struct GlickoSettings {
    double tau = 0.75;           // the system constant: how fast volatility may change
    double min_deviation = 45;   // lichess's floor
    double max_deviation = 500;  // and ceiling
    double max_volatility = 0.1;
    double max_change = 700;  // rating points one period may move
    /// Rating periods a day for the growth of the deviation while a player is away (lichess: 0.21436).
    double periods_per_day = 0.21436;
};

/// The rating after one period with these games (Glickman's steps 1-8). Without games only the
/// deviation grows (step 6). `periods` > 1 lets the deviation grow as if that many periods passed
/// (time away); the new deviation stays within the settings' bounds.
Glicko update(const Glicko& player, std::span<const GlickoGame> games, const GlickoSettings& settings = {},
              double periods = 1.0);

/// The deviation grown by `days` without games (lichess: before each game, by the days since the last).
Glicko after_inactivity(const Glicko& player, double days, const GlickoSettings& settings = {});

/// The expected score of `a` against `b` (Glicko-2's E with b's deviation).
double expected_score(const Glicko& a, const Glicko& b);

/// A puzzle attempt: the player against the puzzle, `win` for a solve. Both ratings move (the
/// puzzle as the player's opponent with the opposite score), except that a player whose deviation
/// is still at least `provisional_for_puzzle` (lichess: 230) does not move the puzzle.
struct PuzzleAttempt {
    Glicko player, puzzle;
};
PuzzleAttempt rate_attempt(const Glicko& player, const Glicko& puzzle, bool win, const GlickoSettings& settings = {},
                           double provisional_for_puzzle = 230);

}  // namespace schach::puzzle
