#pragma once
// What the transport (http_server) needs from the domain: the HTTP API and the WebSocket messages
// of docs/web-protocol.md, already parsed and checked for their shape, and subscriptions to a
// game's events rendered as JSON. The transport knows no rules and no storage; the domain knows no
// sockets. An adapter over GameService implements it for `schach serve`; tests use a fake.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <boost/json/value.hpp>

#include "server/game_service.hpp"  // Caller, Subscription

namespace schach::server {

/// A client action (the WebSocket message `{t, d}`, or the same built from an HTTP path): `type`
/// one of move, draw, claim, resign, abort, takeback, rematch; `data` its checked `d` (a move:
/// `{ply?, uci|san, a?}`; no `ply` from HTTP: the current position).
struct Action {
    std::string type;
    boost::json::value data;
};

/// An answer of the domain: an HTTP status and a JSON body (errors: `{code, text, article?,
/// squares?}`). `refusal` marks a refusal by the rules (the WebSocket's `refusal`, not `error`).
/// `game` and `seat_secret` are set when the caller got a seat (create, join): the transport sets
/// the cookie `s_<game>`.
struct Reply {
    int status = 200;
    boost::json::value body;
    bool refusal = false;
    std::optional<std::string> game;
    std::optional<std::string> seat_secret;
    /// For an action: what a WebSocket answers, rendered by the domain (`{t:"ack"}`, `refusal`,
    /// `error`); none: the transport says `ack` (with the counter) or copies `body` into an error;
    /// an empty text: nothing at all (the event tells).
    std::optional<std::string> ws_reply;
};

/// Receives a game's events as JSON text (one `{v, t, d}` each, rendered for the caller's seat and
/// language), in order. Called from the domain's threads: it must not block.
using EventSink = std::function<void(std::string event)>;
using ReplySink = std::function<void(Reply)>;

class Handler {
public:
    virtual ~Handler() = default;
    /// POST /api/v1/games with its JSON object.
    virtual Reply create(const boost::json::value& options, const Caller& caller) = 0;
    /// POST /api/v1/games/{id}/join with `{invite}` or `{rematch}`.
    virtual Reply join(const std::string& game, const boost::json::value& body, const Caller& caller) = 0;
    /// GET /api/v1/games/{id}: the state (`you` from the caller's secret); 404 for no such game.
    virtual Reply state(const std::string& game, const Caller& caller) = 0;
    /// GET /api/v1/games/{id}/pgn: the PGN text, nothing for no such game.
    virtual std::optional<std::string> pgn(const std::string& game, const Caller& caller) = 0;
    /// GET /api/v1/games/{id}/coach?ply=N: the coach's hints on move N (default: the last) for the
    /// caller's seat (games against the computer only; 400 coach-off otherwise or for a ply not
    /// played, 403 without the seat).
    virtual Reply coach(const std::string& game, const Caller& caller, std::optional<std::int64_t> ply) = 0;
    /// GET /api/v1/games: the caller's browser's games (a JSON array).
    virtual boost::json::value list(const Caller& caller) = 0;
    /// An action of the caller's seat; `done` gets (from any thread, once) 200 `{ok:true}` once
    /// stored, 400 with a refusal, 403 not the caller's seat (or no seat), 404 no such game.
    virtual void act(const std::string& game, const Action& action, const Caller& caller, ReplySink done) = 0;
    /// Subscribes to the game's events after version `since`: the sink gets every kept event after
    /// it, then each new one; it gets the `state` event first instead when `since` is nothing, too
    /// old or in the future. Nothing when there is no such game. No event reaches the sink once
    /// the subscription is destroyed.
    virtual std::optional<Subscription> subscribe(const std::string& game, std::optional<std::int64_t> since,
                                                  const Caller& caller, EventSink sink) = 0;
};

}  // namespace schach::server
