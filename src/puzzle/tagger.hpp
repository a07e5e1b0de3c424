#pragma once
// The themes of a puzzle, found from its solution on the rules core and from the review's
// explanation of the opponent's last move (review/explain.hpp: the line that punishes it is the
// puzzle's solution), never from a list of known positions.

#include "puzzle/puzzle.hpp"
#include "review/scale.hpp"

namespace schach::puzzle {

/// The evaluations are the solver's view of the position before the opponent's move, the puzzle's
/// start (after it) and the position after the last solver move.
Themes tag(const Puzzle& p, review::Eval before_eval, review::Eval start_eval, review::Eval end_eval);

}  // namespace schach::puzzle
