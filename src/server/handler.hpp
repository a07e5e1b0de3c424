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

using JsonSink = std::function<void(boost::json::value)>;
using TextSink = std::function<void(std::optional<std::string>)>;
using SubscriptionSink = std::function<void(std::optional<Subscription>)>;

/// Every call returns at once; its answer comes through the sink given, once, from any thread
/// (the transport posts it onto its connection).
class Handler {
public:
    virtual ~Handler() = default;
    /// POST /api/v1/games with its JSON object.
    virtual void create(const boost::json::value& options, const Caller& caller, ReplySink done) = 0;
    /// POST /api/v1/games/{id}/join with `{invite}` or `{rematch}`.
    virtual void join(const std::string& game, const boost::json::value& body, const Caller& caller,
                      ReplySink done) = 0;
    /// GET /api/v1/games/{id}: the state (`you` from the caller's secret); 404 for no such game.
    virtual void state(const std::string& game, const Caller& caller, ReplySink done) = 0;
    /// GET /api/v1/games/{id}/pgn: the PGN text, nothing for no such game.
    virtual void pgn(const std::string& game, const Caller& caller, TextSink done) = 0;
    /// GET /api/v1/games/{id}/coach?ply=N: the coach's hints on move N (default: the last) for the
    /// caller's seat (games against the computer only; 400 coach-off otherwise or for a ply not
    /// played, 403 without the seat).
    virtual void coach(const std::string& game, const Caller& caller, std::optional<std::int64_t> ply,
                       ReplySink done) = 0;
    /// GET /api/v1/games: the caller's browser's games (a JSON array).
    virtual void list(const Caller& caller, JsonSink done) = 0;
    /// An action of the caller's seat; `done` gets 200 `{ok:true}` once stored, 400 with a
    /// refusal, 403 not the caller's seat (or no seat), 404 no such game.
    virtual void act(const std::string& game, const Action& action, const Caller& caller, ReplySink done) = 0;
    /// Subscribes to the game's events after version `since`: the sink gets every kept event after
    /// it, then each new one; it gets the `state` event first instead when `since` is nothing, too
    /// old or in the future. Nothing when there is no such game. No new event reaches the sink
    /// once the subscription is destroyed (one under way may still complete).
    virtual void subscribe(const std::string& game, std::optional<std::int64_t> since, const Caller& caller,
                           EventSink sink, SubscriptionSink done) = 0;
};

}  // namespace schach::server
