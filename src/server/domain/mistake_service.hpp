#pragma once
// "My mistakes" (docs/puzzles.md): each browser's own mistakes and blunders from its reviewed
// games, served as exercises with spacing (puzzle/spacing.hpp: a miss comes back in 10 minutes,
// a solve after 1, 3, 7, 21, 60 days), counted apart from the puzzle rating. The exercises are
// made by GameService when an analysis is stored (mistake_records.hpp); this serves them from
// the Store and judges a try with GameService::try_move, the judge of "learn from your
// mistakes" (the same verdict and words for the same move). Codes and values only.
//
// Limits: one try (or answer) of a browser at a time, and at most `max_waiting` tries waiting
// for the engine on the server; more are refused (Busy) rather than queued. Every call returns
// at once and answers through its completion, from a thread of the store's or the engine pool's.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/move.hpp"
#include "core/position.hpp"
#include "server/domain/game_service.hpp"
#include "server/domain/store.hpp"

namespace schach::server {

struct MistakeServiceOptions {
    /// Wall time, ms since the Unix epoch (tests pass their own).
    std::function<Millis()> now;
    /// Tries waiting for the engine at once, all browsers together.
    int max_waiting = 8;
};

/// A browser's exercises at a glance.
struct MistakeStats {
    int count = 0;                   // exercises
    int due = 0;                     // due now
    int solved = 0;                  // solved at their last counted attempt
    std::optional<Millis> next_due;  // the earliest due time of all (none: no exercise)
};

/// An exercise: its row (with its schedule) and its moves read in its position.
struct MistakeExercise {
    StoredMistake row;
    Position before;
    Move played;
    Move best;
};

struct MistakeNext {
    std::optional<MistakeExercise> exercise;  // none: nothing is due now
    MistakeStats stats;
};

/// A try: the judge's verdict (its explanation without the facts of what the try missed: they
/// would name the answer), and the schedule after it.
struct MistakeAttempt {
    MistakeExercise exercise;  // its schedule after the try
    MistakeTry verdict;
    bool counted = false;  // the exercise was due, so the try moved its schedule (a retry does not)
    MistakeStats stats;
};

/// The answer shown: counted as missed when the exercise was due (not tried yet this time).
struct MistakeAnswer {
    MistakeExercise exercise;
    bool counted = false;
    MistakeStats stats;
};

class MistakeService {
public:
    /// `store` and `games` outlive the service and every call under way.
    MistakeService(Store& store, GameService& games, MistakeServiceOptions options = {});
    ~MistakeService();
    MistakeService(const MistakeService&) = delete;
    MistakeService& operator=(const MistakeService&) = delete;

    /// The browser's exercise due longest ago, or none (then the stats say when the next is due).
    /// Errors: Storage.
    void next(const std::string& browser, Done<MistakeNext> done);
    /// The counts. Errors: Storage.
    void stats(const std::string& browser, Done<MistakeStats> done);
    /// `uci` in the exercise's position, judged by the try of "learn from your mistakes" (its
    /// verdict; of its explanation only what the try allows); when the exercise is due the
    /// schedule moves (solved: up a box; else back to the first). Errors:
    /// NoSuchMistake, Busy, the move's refusal (Rules, BadMove), Storage.
    void try_move(const std::string& browser, const std::string& id, const std::string& uci, Done<MistakeAttempt> done);
    /// The answer (the analysis' best move); a due exercise counts as missed. Errors:
    /// NoSuchMistake, Busy, Storage.
    void answer(const std::string& browser, const std::string& id, Done<MistakeAnswer> done);

private:
    struct Impl;
    std::shared_ptr<Impl> impl_;  // shared with the calls under way
};

/// The counts of `rows` at `now`.
MistakeStats mistake_stats(const std::vector<StoredMistake>& rows, Millis now);

}  // namespace schach::server
