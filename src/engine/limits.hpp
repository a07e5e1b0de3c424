#pragma once
// What a search may spend: the UCI `go` parameters, typed.

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/move.hpp"

namespace schach::engine {

using Millis = std::int64_t;

struct SearchLimits {
    // Clock (milliseconds), as the GUI reports it before the move.
    std::optional<Millis> wtime, btime;
    Millis winc = 0, binc = 0;
    int movestogo = 0;  // 0: sudden death
    // Fixed limits (0: none).
    Millis movetime = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    /// A soft node limit: no new iteration starts once the search has used this many (0: none).
    /// With `nodes` as the hard limit, this is how self-play for training data spends its nodes
    /// (whole iterations, so the reported score belongs to a finished depth).
    std::uint64_t soft_nodes = 0;
    int mate = 0;  // search for a mate in this many moves
    bool infinite = false;
    bool ponder = false;  // search on the opponent's time until ponderhit or stop
    /// Restrict the root to these moves (UCI searchmoves); empty: all legal moves.
    std::vector<Move> searchmoves;

    bool uses_clock() const { return wtime.has_value() || btime.has_value(); }
};

}  // namespace schach::engine
