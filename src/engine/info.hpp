#pragma once
// What a search reports while it runs and when it ends.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/move.hpp"
#include "engine/score.hpp"

namespace schach::engine {

/// One `info` line: an iteration (or one of its MultiPV lines) completed or a bound found.
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Score score;
    std::optional<Wdl> wdl;  // when EngineOptions::show_wdl
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    int hashfull = 0;  // permille
    std::int64_t time_ms = 0;
    std::vector<Move> pv;
};

/// The search's answer. `move` is always legal in the searched position unless the position has
/// no legal move (then Move::none()).
struct BestMove {
    Move move;
    Move ponder;  // expected reply, or Move::none()
};

}  // namespace schach::engine
