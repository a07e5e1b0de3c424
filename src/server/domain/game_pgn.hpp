#pragma once
// A live game as PGN (export format): the seven tag roster, Variant/SetUp/FEN for Chess960 and
// other starts, TimeControl, Termination, and each move's clock as a [%clk] comment.

#include <string>

#include "server/domain/live_game.hpp"

namespace schach::server {

/// The game so far; the result "*" while it runs (and for an aborted game).
std::string game_pgn(const LiveGame& game);

}  // namespace schach::server
