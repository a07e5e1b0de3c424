#include "puzzle/spacing.hpp"

#include <algorithm>
#include <array>

namespace schach::puzzle {

namespace {
constexpr std::int64_t Minute = 60'000;
constexpr std::int64_t Day = 24 * 60 * Minute;
constexpr std::array<std::int64_t, 5> Days = {1, 3, 7, 21, 60};
constexpr std::int64_t RetryAfterMiss = 10 * Minute;
}  // namespace

std::int64_t retry_after_miss_ms() { return RetryAfterMiss; }

std::int64_t interval_ms(int box) {
    const int i = std::clamp(box, 1, static_cast<int>(Days.size())) - 1;
    return Days[static_cast<std::size_t>(i)] * Day;
}

Spacing after_attempt(const Spacing& s, bool solved, std::int64_t now_ms) {
    Spacing out = s;
    if (solved) {
        out.box = std::min(s.box + 1, static_cast<int>(Days.size()));
        out.due_ms = now_ms + interval_ms(out.box);
        ++out.solved;
    } else {
        out.box = 0;
        out.due_ms = now_ms + RetryAfterMiss;
        ++out.missed;
    }
    return out;
}

std::optional<std::size_t> next_due(std::span<const Spacing> exercises, std::int64_t now_ms) {
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < exercises.size(); ++i) {
        if (exercises[i].due_ms > now_ms) continue;
        if (!best || exercises[i].due_ms < exercises[*best].due_ms) best = i;
    }
    return best;
}

}  // namespace schach::puzzle
