#pragma once
// The phases of a game (opening, middlegame, endgame), by lichess's division rule: the middlegame
// begins at the first position with at most 10 major and minor pieces, or a sparse back rank
// (fewer than 4 of a side's own men on its first rank), or mixed-up men (a "mixedness" score over
// the 2x2 squares of the board above 150); the endgame at the first position with at most 6.

#include <optional>
#include <span>

#include "core/position.hpp"

namespace schach::review {

enum class Phase : std::uint8_t { Opening, Middlegame, Endgame };

/// Indices into the positions given (0: the start).
struct Division {
    std::optional<int> middlegame;  // none when the endgame came first or never left the opening
    std::optional<int> endgame;
    /// The phase of the position at `index`.
    Phase phase_at(int index) const;
};

Division divide(std::span<const Position> positions);

/// The terms of the rule, for tests.
int majors_and_minors(const Position& pos);
bool back_rank_sparse(const Position& pos);
int mixedness(const Position& pos);

}  // namespace schach::review
