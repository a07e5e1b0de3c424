#pragma once
// Can a side still checkmate by any series of legal moves? (FIDE 5.2.2 dead position, 6.9 flag
// fall, 5.1.2 resignation, 7.5.5 second illegal move.) Sound by construction: "no" only with a
// proof; anything unproven is "undetermined", which the rules treat as "a mate is possible".
//
// The layers, cheapest first: forced moves, terminal positions and material; a helpmate search
// steered toward mate (helpmate.hpp); a static analysis of where every piece can ever go
// (blockade.hpp), on the position and on each of its children; an exhaustive search of every
// reachable position (exhaustive.hpp); finally a longer helpmate search. A helpmate found is
// replayed with the rules before it is reported.

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

enum class Winnability : std::uint8_t { Winnable, Unwinnable, Undetermined };

/// How an answer was found.
enum class MateProof : std::uint8_t {
    None,              // undetermined
    Checkmate,         // the position is already mate (or, for the other side, mate or stalemate)
    Material,          // the side lacks mating material against this opponent
    ForcedSequence,    // every legal continuation (only forced moves) ends where it cannot mate
    Helpmate,          // a line of legal moves that ends in mate (winnable)
    BlockedStructure,  // static analysis: the pieces that could give mate can never reach the king
    ExhaustedSearch,   // every position reachable from here was visited: none is a mate
};

struct MateAnalysis {
    Winnability verdict = Winnability::Undetermined;
    MateProof proof = MateProof::None;
    std::vector<Move> line;   // winnable: the moves from the position that end in mate
    std::uint64_t nodes = 0;  // positions the searches visited (work done)
};

/// Work allowed for one question. The defaults decide every known position in milliseconds at
/// worst; an exhausted budget gives "undetermined".
struct MateLimits {
    std::uint64_t quick_nodes = 3'000;          // first helpmate search, before any static analysis
    std::uint64_t exhaustive_nodes = 200'000;   // positions the exhaustive search may visit
    std::uint64_t search_nodes = 2'000'000;     // last helpmate search
};

/// Whether `winner` can still checkmate from `pos` by some series of legal moves.
MateAnalysis can_checkmate(const Position& pos, Color winner, const MateLimits& limits = {});
/// Dead position (5.2.2): neither side can checkmate (both proven).
bool is_dead(const Position& pos, const MateLimits& limits = {});
/// Material alone rules out a mate by `winner` (whatever the moves), as in python-chess and lichess.
bool insufficient_material(const Position& pos, Color winner);

/// "checkmate", "material", "forced-sequence", "helpmate", "blocked-structure", "exhausted-search", "none".
std::string_view proof_id(MateProof proof);

}  // namespace schach
