#pragma once
// Time management: how long one move may take (proper time management: +31 Elo in young
// engines). Two limits: the soft limit, checked between iterations (do not start what will not
// finish), scaled by how settled the search is; the hard limit, checked while searching (abort),
// always below the time left minus the move overhead.

#include <cstdint>

#include "core/types.hpp"
#include "engine/limits.hpp"
#include "engine/options.hpp"
#include "engine/score.hpp"

namespace schach::engine {

struct TimeBudget {
    Millis soft = 0;  // 0: no time limit
    Millis hard = 0;
    bool fixed = false;  // movetime: use it all (no early stop between iterations)
    bool limited() const { return hard > 0; }
};

/// The budget of a move for `us` under `limits` (movetime, or the clock with increments and
/// moves to go). `ply` is the game's ply (Position::ply), for the expected length of the game.
TimeBudget plan_time(const SearchLimits& limits, const EngineOptions& options, Color us, int ply = 0);

/// How much of the soft limit to use after an iteration: less when the best move has stayed the
/// same for `stable_iterations`, more when the score fell from `previous` to `current`.
double soft_scale(int stable_iterations, Value previous, Value current);

}  // namespace schach::engine
