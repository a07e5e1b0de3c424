#include "analysis/deep_proof.hpp"

#include "analysis/blockade.hpp"
#include "analysis/exhaustive.hpp"
#include "analysis/helpmate.hpp"

namespace schach {

DeepProof deep_proof(const Position& pos, Color winner, const DeepLimits& limits, MateContext& context) {
    using enum DeepProof::Outcome;
    if (deep_blocked_unwinnable(pos, winner, true)) return {Blocked, {}, 0};
    ExhaustiveResult r = exhaust(pos, winner, limits.exhaustive_nodes, Pruning::Deep);
    std::uint64_t nodes = r.nodes;
    if (r.outcome == ExhaustiveResult::Outcome::NoMate) return {Exhausted, {}, nodes};
    if (r.outcome == ExhaustiveResult::Outcome::Mate) return {Mate, std::move(r.line), nodes};
    // The styles that find the long lines of the constructions the cheaper rounds leave open (a
    // king walked into a far corner while the other side's men fill its flight squares); the
    // attacking style never found one of them first.
    for (HelpmateStyle style : {HelpmateStyle::Direct, HelpmateStyle::Cooperative}) {
        HelpmateResult h = find_helpmate(pos, winner, limits.helpmate_nodes, style, context);
        nodes += h.nodes;
        if (h.found) return {Mate, std::move(h.line), nodes};
    }
    return {Open, {}, nodes};
}

}  // namespace schach
