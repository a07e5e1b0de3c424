#pragma once
// The protocol's JSON (docs/web-protocol.md, v1): the state and the events of a game rendered for
// one viewer (their seat decides `dests`, `castling` and `you`) in one language, the server's
// answers (ack, refusal, error), the bodies of the HTTP API, and the one reader of client
// messages into typed commands. Nothing here throws.

#include <cstddef>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "notation/language.hpp"
#include "server/api/handler.hpp"
#include "server/api/protocol.hpp"
#include "server/domain/client_message.hpp"
#include "server/domain/game_service.hpp"
#include "server/domain/game_view.hpp"
#include "server/domain/service_error.hpp"

namespace schach::server {

/// The largest client message read (a WebSocket text frame, a POST body).
inline constexpr std::size_t MaxMessageBytes = 4096;
/// The deepest nesting a client message may have ({"t":..,"d":{..}} needs 2).
inline constexpr std::size_t MaxMessageDepth = 4;

/// The state object (also the `d` of state and takeback events).
boost::json::object state_json(const GameView& view, std::optional<Seat> you, Language lang);
/// A versioned event `{v, t, d}` for a viewer; a State event is the full state.
boost::json::object event_json(const Event& event, std::optional<Seat> you, Language lang);
/// `{result, reason, article, text}` or null while the game runs.
boost::json::value result_json(const GameView& view, Language lang);
/// `{t:"ack", d:a}`.
boost::json::object ack_json(std::optional<std::int64_t> a);
/// `{t:"refusal", d:{a, code, article, text, squares}}` for refusals, `{t:"error", d:{code, text}}`
/// for errors (error_words.hpp is_refusal decides), worded in `lang`.
boost::json::object error_json(const ServiceError& error, std::optional<std::int64_t> a, Language lang);
/// What a WebSocket sends back once act() answered `command`, rendered once: the ack
/// `{t:"ack", d:a}` of a move with a counter, the refusal or error; nothing for a successful
/// action without a counter (the page learns of it from the event).
std::optional<std::string> ws_reply(const ClientMessage& command, const ActResult& result, Language lang);
/// What HTTP answers for an action: 200 `{ok:true}`, or the error's status and body.
Reply http_reply(const ActResult& result, Language lang);
/// `{code, text, article?, field?, offset?}`: the body of an HTTP 4xx answer.
boost::json::object http_error_json(const ServiceError& error, Language lang);

// ---- The commands ------------------------------------------------------------------------------

/// Reads one client message, once, into its typed command (docs/web-protocol.md): size checked
/// before parsing, a small nesting depth, then the schema. Errors: TooLarge (over MaxMessageBytes,
/// not parsed at all), Malformed (not JSON, too deep, or not in the schema), UnknownType.
std::expected<ClientMessage, ErrorCode> parse_client_message(std::string_view text);
/// The command of `POST /api/v1/games/{id}/<rest...>` (move/e2e4 for the position now,
/// draw/offer, claim/fifty with `?move=`, resign, ...), or nothing for a path that names none.
std::optional<ClientMessage> command_from_path(const std::vector<std::string>& rest, const Target& target);

// ---- The HTTP API's bodies -------------------------------------------------------------------

/// `POST /api/v1/games` `{ mode, level?, color?, tc?, variant?, chess960? }` (size and depth
/// checked like client messages). Errors: TooLarge, Malformed, BadRequest (a level outside 1..8,
/// a Chess960 number outside 0..959).
std::expected<CreateGameRequest, ServiceError> parse_create_request(std::string_view text);
/// The same for a body the HTTP server has parsed already (Malformed when it is no object).
std::expected<CreateGameRequest, ServiceError> read_create_request(const boost::json::value& body);
/// `POST /api/v1/games/{id}/join`: `{ invite }` or `{ rematch: "<old id>" }`.
struct JoinRequest {
    std::optional<std::string> invite;
    std::optional<GameId> rematch;
};
std::expected<JoinRequest, ServiceError> parse_join_request(std::string_view text);
std::expected<JoinRequest, ServiceError> read_join_request(const boost::json::value& body);
/// `201 { id, color, secret, invite, urls: { play, invite, watch } }` (paths; `invite` is
/// `/game/{id}?invite=TOKEN`).
boost::json::object created_json(const CreatedGame& created);
/// `{ color, secret }` (`color` white or black, as the page reads it: "white" for both seats).
boost::json::object joined_json(const JoinedGame& joined);
/// `GET /api/v1/games`: `[ { id, players, status, result, updated } ]`, `updated` in ISO 8601 UTC.
boost::json::array games_json(const std::vector<GameSummary>& games, Language lang);

}  // namespace schach::server
