#pragma once
// Can a side still checkmate by any series of legal moves? (FIDE 5.2.2 dead position, 6.9 flag
// fall, 5.1.2 resignation, 7.5.5 second illegal move.) Sound by construction: "no" only with a
// proof; anything unproven is "undetermined", which the rules treat as "a mate is possible".

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

enum class Winnability : std::uint8_t { Winnable, Unwinnable, Undetermined };

/// How an answer was found.
enum class MateProof : std::uint8_t {
    None,            // undetermined
    Checkmate,       // the position is already mate
    Material,        // the side lacks mating material against this opponent
    ForcedSequence,  // every legal continuation (only forced moves) ends where it cannot mate
    Helpmate,        // a line of legal moves that ends in mate (winnable)
};

struct MateAnalysis {
    Winnability verdict = Winnability::Undetermined;
    MateProof proof = MateProof::None;
    std::vector<Move> line;  // winnable: the moves from the position that end in mate
};

/// Whether `winner` can still checkmate from `pos` by some series of legal moves.
MateAnalysis can_checkmate(const Position& pos, Color winner);
/// Dead position (5.2.2): neither side can checkmate.
bool is_dead(const Position& pos);
/// Material alone rules out a mate by `winner` (whatever the moves), as in python-chess and lichess.
bool insufficient_material(const Position& pos, Color winner);

std::string_view proof_id(MateProof proof);

}  // namespace schach
