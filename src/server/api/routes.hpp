#pragma once
// The route table of `schach serve` (docs/web-protocol.md): which request a method and a path are,
// with the game id and the rest of the path taken out. One table instead of counting segments in
// the transport; the transport dispatches on the Route.

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "server/api/protocol.hpp"

namespace schach::server {

enum class Method : std::uint8_t { Get, Head, Post, Other };

enum class Route : std::uint8_t {
    GameSocket,      // GET /ws/v1/games/{id} (a WebSocket upgrade)
    ListGames,       // GET /api/v1/games
    CreateGame,      // POST /api/v1/games
    GameState,       // GET /api/v1/games/{id}
    GameStream,      // GET /api/v1/games/{id}/stream (NDJSON)
    GamePgn,         // GET /api/v1/games/{id}/pgn
    GameCoach,       // GET /api/v1/games/{id}/coach
    JoinGame,        // POST /api/v1/games/{id}/join
    AnalysisAsk,     // POST /api/v1/games/{id}/analysis
    Analysis,        // GET /api/v1/games/{id}/analysis
    AnalysisTry,     // POST /api/v1/games/{id}/analysis/try
    Import,          // POST /api/v1/imports
    GameCommand,     // POST /api/v1/games/{id}/<command...> (move/e2e4, draw/offer, resign, ...)
    AnalysisSocket,  // GET /api/v1/analysis/socket (a WebSocket upgrade: the analysis board's engine lines)
    Exercises,       // GET or POST /api/v1/exercises/... (the rules guide)
    Puzzles,         // GET or POST /api/v1/puzzles/... (the tactics trainer)
    Health,          // GET /healthz (a load balancer's check)
    Mistakes,        // GET or POST /api/v1/mistakes/... (the trainer's "My mistakes")
    Tool,            // /api/<tool>/... (the tool pages' API: it answers paths and methods itself)
    Static,          // anything else: the page's files (GET or HEAD)
};

struct RouteMatch {
    Route route = Route::Static;
    std::string game;               // the {id} of the path, "" when it has none
    std::vector<std::string> rest;  // the segments a route takes as they come (a command, a tool's path)
};

/// The route of a request. Errors: NotFound (a game id that is no game id: 404 no-such-game),
/// NoSuchPath (an API path no route has: 404), Method (a route's path with another method: 405).
std::expected<RouteMatch, ErrorCode> match_route(Method method, const std::vector<std::string>& segments);

/// Several nodes: the request target `target` (path and query) sent to node `node` instead, the
/// `Location` of a 307: its query's `node` parameter set to `node` (the proxy routes by it).
std::string moved_target(std::string_view target, std::string_view node);

/// The WebSocket close code after which the page connects again with `node=<the close reason's
/// node>` (the game moved to another node; browsers follow no redirect on a WebSocket's handshake).
inline constexpr std::uint16_t MovedCloseCode = 4307;
/// The close reason of MovedCloseCode: "node=<name>".
std::string moved_close_reason(std::string_view node);
/// Whether the request target asked for node `node` already (`node=<node>` in its query): sent
/// elsewhere all the same, it finds that node down for the proxy (no redirect there again).
bool asked_for(std::string_view target, std::string_view node);

}  // namespace schach::server
