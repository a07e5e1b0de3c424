#include "engine/timeman.hpp"

#include <algorithm>
#include <cmath>

namespace schach::engine {

TimeBudget plan_time(const SearchLimits& limits, const EngineOptions& options, Color us, int ply) {
    const Millis overhead = std::max(0, options.move_overhead_ms);
    if (limits.movetime > 0) {
        const Millis t = std::max<Millis>(1, limits.movetime - overhead);
        return {t, t, true};
    }
    const auto& clock = us == Color::White ? limits.wtime : limits.btime;
    if (!clock) return {};
    const Millis inc = std::max<Millis>(0, us == Color::White ? limits.winc : limits.binc);
    // What we may spend without flagging: the clock minus the lag of this move. At least 1 ms,
    // even on a clock already too short: a move must be found.
    const Millis available = std::max<Millis>(1, *clock - overhead);
    // Moves still to play on this clock: movestogo, else an estimate that shrinks as the game
    // goes on (50 at the start, 25 from move 50 on). Of the increment we plan three quarters,
    // and less on a clock below 30 increments: the rest pays for lag the overhead did not cover,
    // so that a low clock grows back instead of running out an increment at a time.
    const int expected = limits.movestogo > 0 ? std::min(limits.movestogo, 50) : std::max(25, 50 - ply / 4);
    const auto avail = static_cast<double>(available);
    const auto increment = static_cast<double>(inc);
    const double inc_share = inc > 0 ? 0.75 * std::min(1.0, avail / (30.0 * increment)) : 0.0;
    const bool last_move = limits.movestogo == 1;
    double soft = last_move ? 0.5 * avail : avail / expected + inc_share * increment;
    // Never plan more than a fifth of the clock (for the last move before a time control: half).
    soft = std::min(soft, last_move ? 0.5 * avail : 0.2 * avail);
    // The hard limit: four times the plan, at most 40% of the clock (80% for the last move).
    double hard = std::min(4.0 * soft, (last_move ? 0.8 : 0.4) * avail);
    hard = std::max(hard, soft);
    const auto soft_ms = std::max<Millis>(1, static_cast<Millis>(soft));
    auto hard_ms = std::max<Millis>(1, static_cast<Millis>(hard));
    // The one guarantee: the hard limit stays below the time left minus the overhead.
    if (available > 1) hard_ms = std::min(hard_ms, available - 1);
    return {std::min(soft_ms, hard_ms), hard_ms};
}

double soft_scale(int stable_iterations, Value previous, Value current) {
    // A best move that keeps changing wants more time; one that stood for many iterations less.
    static constexpr double Stability[] = {1.8, 1.4, 1.15, 1.0, 0.9, 0.8, 0.72, 0.66};
    const double stability = Stability[std::clamp(stable_iterations, 0, 7)];
    // A falling score (a problem just seen) wants more time too.
    double falling = 1.0;
    if (previous != ValueNone && current != ValueNone && !is_mate_score(previous) && !is_mate_score(current))
        falling = std::clamp(1.0 + 0.006 * (previous - current), 0.85, 1.5);
    return stability * falling;
}

}  // namespace schach::engine
