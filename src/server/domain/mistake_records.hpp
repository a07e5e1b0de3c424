#pragma once
// One's own mistakes as exercises ("My mistakes", docs/puzzles.md): which a finished analysis
// gives, for whom, and their ids. Pure functions of plain values: the service stores them
// (Store::save_mistakes) and serves them (mistake_service.hpp).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "review/game_review.hpp"
#include "server/domain/game_view.hpp"
#include "server/domain/store.hpp"

namespace schach::server {

/// The browser each colour's exercises go to ("" for none): a seat held by a person whose browser
/// is known. Nobody's at one device (two people, or one playing both sides: whose mistake?), in an
/// imported game (nobody holds its seats) or for the computer's seat.
ByColor<std::string> exercise_browsers(Mode mode, bool imported, const ByColor<StoredSeat>& seats);

/// The exercises of a reviewed game (`positions`: the start and the position after each reviewed
/// ply, as the analysis stores them): every mistake and blunder (lichess's scale, not the
/// inaccuracies) of a colour with a browser, from the position before it, with the analysis' best
/// move as the answer (none where the analysis has no other move). New, so due at `now`.
std::vector<StoredMistake> mistake_exercises(const GameId& game, const Position& start, std::span<const Move> moves,
                                             const std::vector<review::PositionEval>& positions,
                                             const ByColor<std::string>& browsers, Millis now);

/// An exercise's id in the protocol: "<game>-<ply>" ("Ab3dE5fG-17").
std::string mistake_id(const GameId& game, int ply);
/// The game and ply of an id, or none when it is not one.
std::optional<std::pair<GameId, int>> parse_mistake_id(std::string_view id);

}  // namespace schach::server
