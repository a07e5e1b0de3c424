#pragma once
// Opening names: the named lines of lichess's chess-openings table (CC0, built in), found by
// position, so that a game that transposes into a named line gets its name. A game is named by
// the deepest position of its first 40 plies that ends a named line, walking no further once
// fewer than 20 men are left (as lichess does); only games from the standard start position.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach::review {

struct Opening {
    std::string_view eco;   // "B90"
    std::string_view name;  // English: "Sicilian Defense: Najdorf Variation"
    std::string_view pgn;   // the named line: "1. e4 c5 2. Nf3 d6 ..."
    int plies = 0;          // of the named line
    /// "Sicilian Defense".
    std::string_view family() const;
    /// {"Najdorf Variation"}, {"Paris Gambit", "Gent Gambit"}; empty for a family alone.
    std::vector<std::string_view> variations() const;
};

struct OpeningMatch {
    const Opening* opening = nullptr;
    int ply = 0;  // the game's ply at which the named position stood
};

/// How far a game is searched for a name, and the fewest men still worth a look.
inline constexpr int OpeningMaxPly = 40;
inline constexpr int OpeningMinMen = 20;

/// The opening whose named line ends in `pos` (the first in the table's order when several do).
const Opening* opening_at(const Position& pos);
/// The opening of a game from `start` (nothing unless it is the standard start position).
std::optional<OpeningMatch> classify_opening(const Position& start, std::span<const Move> moves);
/// Every named line, in the table's order (ECO A00 .. E99).
std::span<const Opening> all_openings();

}  // namespace schach::review
