#pragma once
// The analysis as the store keeps it and as the review module computes it: the searched positions
// in UCI (stored) and in moves (review::PositionEval), and the judgement of a try of "learn from
// your mistakes" (lichess's rule: solved when it loses less than 4 Win% points against the best
// move, or mates).

#include <optional>
#include <span>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "review/explain.hpp"
#include "review/game_review.hpp"
#include "server/domain/store.hpp"

namespace schach::server {

/// Win% points a try may lose against the best move and still be solved.
inline constexpr double TrySolvedLoss = 4.0;

/// The positions for the store (the lines in UCI, castling as king-takes-rook).
std::vector<StoredPositionEval> stored_positions(const std::vector<review::PositionEval>& positions);
/// The stored positions read back against the game's moves (each line's moves read in its
/// position; a line stops at a move that does not read). None when they do not fit the game.
std::optional<std::vector<review::PositionEval>> review_positions(const Position& start, std::span<const Move> moves,
                                                                  const std::vector<StoredPositionEval>& stored);

struct TryVerdict {
    bool solved = false;
    double loss = 0;                  // the mover's Win% points lost against the best move (>= 0)
    review::Explanation explanation;  // a refused try: why
};
/// `tried` in `before`, searched (`after`: the position after it), against `best` (the position
/// before).
TryVerdict judge_try(const Position& before, Move tried, const review::PositionEval& best,
                     const review::PositionEval& after);

}  // namespace schach::server
