#pragma once
// PuzzleStore: where the tactics trainer keeps what it learns between restarts: each browser's
// puzzle rating and its attempts (for the puzzles already seen and the rating history), and each
// puzzle's rating as the players move it. Plain values and asynchronous completions, as Store
// (store.hpp); SqliteStore implements both.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/domain/store.hpp"

namespace schach::server {

/// A Glicko-2 rating as stored.
struct StoredGlicko {
    double rating = 1500;
    double deviation = 500;
    double volatility = 0.09;
    friend bool operator==(const StoredGlicko&, const StoredGlicko&) = default;
};

struct StoredPuzzlePlayer {
    std::string browser;
    StoredGlicko glicko;
    Millis last_ms = 0;  // the last rated attempt (the deviation grows from there while away)
    int solved = 0, failed = 0;
    friend bool operator==(const StoredPuzzlePlayer&, const StoredPuzzlePlayer&) = default;
};

struct StoredPuzzleAttempt {
    std::string puzzle;  // the puzzle's id
    bool win = false;
    bool rated = true;  // false: streak mode, no rating moved
    Millis at_ms = 0;
    double rating_after = 1500;  // the player's rating after it
    friend bool operator==(const StoredPuzzleAttempt&, const StoredPuzzleAttempt&) = default;
};

struct StoredPuzzleRating {
    std::string puzzle;
    StoredGlicko glicko;
    int plays = 0;
    friend bool operator==(const StoredPuzzleRating&, const StoredPuzzleRating&) = default;
};

/// A player with every attempt, oldest first.
struct LoadedPuzzlePlayer {
    StoredPuzzlePlayer player;
    std::vector<StoredPuzzleAttempt> attempts;
};

class PuzzleStore {
public:
    virtual ~PuzzleStore() = default;
    /// The player of a browser with its attempts, or none before its first attempt.
    virtual void load_puzzle_player(const std::string& browser, StoreDone<std::optional<LoadedPuzzlePlayer>> done) = 0;
    /// One attempt: the player's row after it, the attempt, and the puzzle's rating after it
    /// (none: unchanged), in one transaction.
    virtual void record_puzzle_attempt(const StoredPuzzlePlayer& player, const StoredPuzzleAttempt& attempt,
                                       const std::optional<StoredPuzzleRating>& puzzle, StoreDone<void> done) = 0;
    /// Every puzzle rating the players have moved (the file's ratings are the others).
    virtual void puzzle_ratings(StoreDone<std::vector<StoredPuzzleRating>> done) = 0;
};

}  // namespace schach::server
