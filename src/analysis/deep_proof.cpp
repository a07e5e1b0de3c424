#include "analysis/deep_proof.hpp"

#include "analysis/blockade.hpp"
#include "analysis/exhaustive.hpp"

namespace schach {

DeepProof deep_proof(const Position& pos, Color winner, std::uint64_t max_nodes) {
    using enum DeepProof::Outcome;
    if (deep_blocked_unwinnable(pos, winner, true)) return {Blocked, {}, 0};
    ExhaustiveResult r = exhaust(pos, winner, max_nodes, Pruning::Deep);
    switch (r.outcome) {
        case ExhaustiveResult::Outcome::NoMate: return {Exhausted, {}, r.nodes};
        case ExhaustiveResult::Outcome::Mate: return {Mate, std::move(r.line), r.nodes};
        case ExhaustiveResult::Outcome::Aborted: break;
    }
    return {Open, {}, r.nodes};
}

}  // namespace schach
