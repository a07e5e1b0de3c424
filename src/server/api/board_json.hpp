#pragma once
// The board's part of the protocol (docs/web-protocol.md), one writer for the game, the exercises
// and the tools: the legal moves as the page's board takes them, and the king in check.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach::server {

struct BoardMoves {
    /// Legal destinations by from-square ("e2": ["e3", "e4"]), castling as the king onto its rook.
    boost::json::object dests;
    /// For each castling move, the king's target square ("e1": {"h1": "g1"}).
    boost::json::object castling;
};
BoardMoves board_moves(const Position& pos);

/// Appends `to` to the list of `from` in a dests-shaped map, once.
void add_destination(boost::json::object& map, const std::string& from, const std::string& to);

/// The square of the king in check, or null.
boost::json::value check_json(const Position& pos);

/// The board after `last` (played from the position before by `mover`; none: no last move) for
/// the trainers: `{fen, turn, dests, castling, check, lastMove}` (castling's last move: the
/// king's target square).
boost::json::object board_step_json(const Position& pos, Move last, Color mover);

}  // namespace schach::server
