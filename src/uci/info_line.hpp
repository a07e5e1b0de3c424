#pragma once
// The engine's reports as UCI lines: `info ...` from SearchInfo, `bestmove X [ponder Y]`.

#include <string>

#include "engine/info.hpp"

namespace schach::uci {

/// "info depth 12 seldepth 18 multipv 1 score cp 31 [lowerbound] [wdl 120 800 80] nodes ...
/// nps ... hashfull ... time ... pv e2e4 e7e5". The wdl appears when `show_wdl` (the search's, or
/// an estimate from the score when the search gave none).
std::string info_line(const engine::SearchInfo& info, bool chess960, bool show_wdl);
/// "bestmove e2e4 ponder e7e5"; "bestmove 0000" when there is no legal move.
std::string bestmove_line(const engine::BestMove& best, bool chess960);
/// Win/draw/loss per mille from a score alone (a logistic model on centipawns; mates decided).
engine::Wdl estimate_wdl(const engine::Score& score);

}  // namespace schach::uci
