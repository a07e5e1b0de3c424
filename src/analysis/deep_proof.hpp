#pragma once
// The last step for the questions every cheaper layer leaves open (dead.hpp): the deep static
// analysis (blockade.hpp in its deep mode: the loser's men never step where they would mate the
// winner's immobile king, since that ends the game; men that can never move before they are
// taken stand where they are), then an exhaustive search that asks the deep analysis at every
// position it visits, then long helpmate searches (the long mating lines of many-piece
// constructions). Both answers are proofs: "no mate" when the analysis or the whole pruned
// search rules every mate out, "mate" with the line a search found.

#include <cstdint>
#include <vector>

#include "analysis/mate_context.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

struct DeepProof {
    enum class Outcome : std::uint8_t {
        Blocked,    // the deep static analysis: `winner` can never mate
        Exhausted,  // every position reachable and not pruned was visited: none is a mate
        Mate,       // `line` leads from the position to a mate by `winner`
        Open,       // neither within the budget
    };
    Outcome outcome = Outcome::Open;
    std::vector<Move> line;
    std::uint64_t nodes = 0;  // positions the searches visited
};

/// Work allowed, in positions visited: the exhaustive search, and each helpmate search.
struct DeepLimits {
    std::uint64_t exhaustive_nodes = 1'024'000;
    std::uint64_t helpmate_nodes = 16'384'000;
};

/// Tries the deep proofs for `winner` from `pos`; the helpmate searches work in `context`.
DeepProof deep_proof(const Position& pos, Color winner, const DeepLimits& limits, MateContext& context);

}  // namespace schach
