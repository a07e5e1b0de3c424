#pragma once
// The HTTP API of the tactics trainer (docs/web-protocol.md, "Puzzles"), on PuzzleService:
//   GET  /api/v1/puzzles/next?themes=fork,pin&difficulty=-300
//        {id, fen, moves, rating, themes, chess960, steps, player}: the puzzle (the FEN before the
//        opponent's move, the moves in UCI, the opponent's first), the board after each move
//   POST /api/v1/puzzles/{id}/result {win, rated?}
//        {player, delta, puzzle, rated}: the ratings after the attempt (Glicko-2)
//   POST /api/v1/puzzles/{id}/try {ply, uci}
//        {result: right|mate|wrong, move, refutation, steps, text}: the judge's verdict on a move
//        of the solver; for a wrong one the opponent's refutation and why, in words
//   GET  /api/v1/puzzles/stats   {count, themes: {id: n}}
//   GET  /api/v1/puzzles/player  {rating, deviation, provisional, solved, failed, history}
// Per browser (its cookie `b`, which the transport gives a browser that has none).

#include <string>
#include <string_view>
#include <vector>

#include "server/api/handler.hpp"
#include "server/api/protocol.hpp"
#include "server/domain/puzzle_service.hpp"

namespace schach::server {

class PuzzleApi {
public:
    explicit PuzzleApi(PuzzleService& service) : service_(service) {}
    /// A request under /api/v1/puzzles (`rest`: the segments after "puzzles"; `body` a POST's).
    /// Answers through `done` once, from any thread.
    void handle(bool post, const std::vector<std::string>& rest, const Target& target, std::string_view body,
                const Client& client, ReplySink done);

private:
    PuzzleService& service_;
};

}  // namespace schach::server
