#pragma once
// One's own mistakes as exercises, spaced (Leitner boxes): a solved exercise moves up a box and
// comes back after that box's interval (1, 3, 7, 21, 60 days, then every 60 days), a missed one
// goes back to the first box and comes back in 10 minutes (solved then, the next day). Counted
// apart from the puzzle rating. Time is passed in (milliseconds since the epoch), never read here.

#include <cstdint>
#include <optional>
#include <span>

namespace schach::puzzle {

struct Spacing {
    int box = 0;              // 0: new or last missed
    std::int64_t due_ms = 0;  // comes back from this time on
    int solved = 0, missed = 0;
};

/// The exercise after an attempt at `now_ms`.
Spacing after_attempt(const Spacing& s, bool solved, std::int64_t now_ms);

/// The interval after a solve that reaches `box` (1-based), in milliseconds.
std::int64_t interval_ms(int box);

/// The exercise to serve now: the one due longest ago (new ones count as due at 0; of equal due
/// times the first), or nothing when none is due.
std::optional<std::size_t> next_due(std::span<const Spacing> exercises, std::int64_t now_ms);

/// The interval after a miss, in milliseconds.
std::int64_t retry_after_miss_ms();

}  // namespace schach::puzzle
