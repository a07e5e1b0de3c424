#pragma once
// The board for terminal play (`schach play`): Unicode figurines with coordinates, either side at
// the bottom, the last move marked, the side to move and, when the game has a clock, the times.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/types.hpp"
#include "notation/language.hpp"
#include "text/cli_text.hpp"  // color_name

namespace schach::cli {

struct BoardView {
    Language lang = Language::German;
    bool flipped = false;  // Black at the bottom
    /// ANSI colours: light and dark squares as backgrounds, the last move highlighted. Without
    /// them the last move's squares are bracketed ("[♘]").
    bool color = false;
    Move last_move = Move::none();  // played in the position before `pos`; none: nothing marked
    /// Shown beside each side's back rank; nothing for a game without clock.
    std::optional<ByColor<std::chrono::milliseconds>> clocks;
};

/// The time as a chess clock shows it: "m:ss" below an hour, "h:mm:ss" from an hour on, and
/// tenths under 10 seconds ("0:09.3"). Truncated, never rounded up: a clock never shows more than
/// is left. Negative times show as zero.
std::string format_clock(std::chrono::milliseconds time);

/// The board as lines of text, each ending in '\n'. The names of the sides stand beside their
/// back ranks (with the clock, if any); the side to move is marked with "◀".
std::string render_board(const Position& pos, const BoardView& view);

}  // namespace schach::cli
