#pragma once
// What the transport (http_server) needs from the domain: the HTTP API and the WebSocket messages
// of docs/web-protocol.md, already parsed and validated for their shape, and subscriptions to a
// game's events. The transport knows no rules and no storage; the domain knows no sockets.
// An adapter over GameService implements it for `schach serve`; tests use a fake.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "notation/language.hpp"

namespace schach::server {

/// Who sends a request: the seat secret (cookie `s_<id>` or bearer; never logged), the browser id
/// (cookie `b`) and the language the answers are rendered in.
struct Caller {
    std::optional<std::string> secret;
    std::optional<std::string> browser;
    Language lang = Language::German;
};

/// A client action (the WebSocket message `{t, d}`, or the same built from an HTTP path): `type`
/// one of move, draw, claim, resign, abort, takeback, rematch; `data` its validated `d`.
struct Action {
    std::string type;
    boost::json::value data;
};

/// An answer of the domain: an HTTP status and a JSON body (an object; for errors
/// `{code, text, article?, squares?}`). `refusal` marks a refusal by the rules (a WebSocket
/// `refusal`, not an `error`). `seat_secret` is set when the caller got a seat (create, join):
/// the transport sets the cookie `s_<game>`.
struct Answer {
    int status = 200;
    boost::json::value body;
    bool refusal = false;
    std::optional<std::string> game;
    std::optional<std::string> seat_secret;
};

/// A live subscription to a game's events; destroying it ends the deliveries.
class Subscription {
public:
    virtual ~Subscription() = default;
};

/// Receives a game's events as rendered JSON objects (one `{v, t, d}` each, for the caller's seat
/// and language), in order. Called from the domain's threads: it must not block.
using EventSink = std::function<void(std::string event)>;

class Handler {
public:
    virtual ~Handler() = default;
    /// POST /api/v1/games with its JSON object.
    virtual Answer create(const boost::json::value& options, const Caller& caller) = 0;
    /// POST /api/v1/games/{id}/join with `{invite}` or `{rematch}`.
    virtual Answer join(const std::string& game, const boost::json::value& body, const Caller& caller) = 0;
    /// GET /api/v1/games/{id}: the state (`you` from the caller's secret); 404 for no such game.
    virtual Answer state(const std::string& game, const Caller& caller) = 0;
    /// GET /api/v1/games/{id}/pgn: the PGN text (or nothing: no such game).
    virtual std::optional<std::string> pgn(const std::string& game) = 0;
    /// GET /api/v1/games: the caller's browser's games (a JSON array).
    virtual boost::json::value list(const Caller& caller) = 0;
    /// An action of the caller's seat: 200 `{ok:true}` once stored, 400 with a refusal, 403 not the
    /// caller's seat (or no seat), 404 no such game.
    virtual Answer act(const std::string& game, const Action& action, const Caller& caller) = 0;
    /// Subscribes to the game's events after version `since`: the sink gets every kept event after
    /// it, then each new one; it gets the `state` event first instead when `since` is nothing, too
    /// old or in the future. Nothing when there is no such game.
    virtual std::unique_ptr<Subscription> subscribe(const std::string& game, std::optional<std::int64_t> since,
                                                    const Caller& caller, EventSink sink) = 0;
};

}  // namespace schach::server
