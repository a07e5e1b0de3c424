#pragma once
// Win/draw/loss expectation from a search score, for UCI_ShowWDL.
//
// The model is logistic, as fitted in the field to self-play results: the chance to win with a
// score of v centipawns is 1 / (1 + exp((A - v) / B)) and the chance to lose is the same for -v;
// the rest is the draw chance. A is the score at which a win becomes as likely as not, B how
// quickly the curve rises. With A = 200 and B = 75 (win / draw / loss permille): v = 0 gives
// 65 / 870 / 65, v = 100 gives 209 / 773 / 18, v = 200 gives 500 / 495 / 5, v = 400 gives
// 935 / 65 / 0. Mate scores are
// certain wins or losses. A played-out evaluation would fit A and B to its own games.

#include "engine/score.hpp"

namespace schach::engine {

inline constexpr double WdlA = 200.0;
inline constexpr double WdlB = 75.0;

/// Permille for the side to move; the three always sum to 1000.
Wdl wdl_from_value(Value v);

}  // namespace schach::engine
