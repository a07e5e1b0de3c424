#pragma once
// What the transport (server/http) needs from the game side: the HTTP API and the WebSocket
// commands of docs/web-protocol.md, the commands already parsed into typed values (parsed once,
// by server/api/commands), and subscriptions to a game's events rendered as JSON for one
// connection in its language. The transport knows no rules and no storage; the domain knows no
// sockets and no languages. ServiceHandler implements it on GameService; tests use a fake.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <boost/json/value.hpp>

#include "notation/language.hpp"
#include "server/domain/client_message.hpp"
#include "server/domain/game_service.hpp"  // Caller, Subscription, ActResult

namespace schach::server {

/// A request's caller as the transport knows it: the domain's Caller and the language every
/// text of the answer is in.
struct Client : Caller {
    Language lang = Language::German;
};

/// An HTTP answer: a status and a JSON body (errors: `{code, text, article?}`). `game` and
/// `seat_secret` are set when the caller got a seat (create, join): the transport sets the cookie
/// `s_<game>`.
struct Reply {
    int status = 200;
    boost::json::value body;
    std::optional<std::string> game;
    std::optional<std::string> seat_secret;
    /// Seconds for a `Retry-After` header (429 analysis_limit).
    std::optional<std::int64_t> retry_after;
    /// 307 moved: the node that holds the game now; the transport sends the request there
    /// (`Location:` the same target with `node=<name>`, which the proxy routes by).
    std::optional<std::string> moved_to = std::nullopt;
};

/// Receives a game's events as JSON text (one `{v, t, d}` each, rendered for the caller's seat and
/// language), in order. Called from the domain's threads: it must not block.
using EventSink = std::function<void(std::string event)>;
using ReplySink = std::function<void(Reply)>;
using JsonSink = std::function<void(boost::json::value)>;
/// A subscription, or why not (NoSuchGame; Moved: another node holds the game).
using SubscriptionSink = std::function<void(std::expected<Subscription, ServiceError>)>;
/// A game's PGN text, or the answer instead (404, 307 moved).
using PgnSink = std::function<void(std::expected<std::string, Reply>)>;
/// An action's typed answer; the transport renders it once, for its kind of connection
/// (commands.hpp ws_reply, http_reply).
using ActSink = std::function<void(ActResult)>;

/// Every call returns at once; its answer comes through the sink given, once, from any thread
/// (the transport posts it onto its connection).
class Handler {
public:
    virtual ~Handler() = default;
    /// POST /api/v1/games with its JSON object.
    virtual void create(const boost::json::value& options, const Client& client, ReplySink done) = 0;
    /// POST /api/v1/games/{id}/join with `{invite}` or `{rematch}`.
    virtual void join(const std::string& game, const boost::json::value& body, const Client& client,
                      ReplySink done) = 0;
    /// GET /api/v1/games/{id}: the state (`you` from the caller's secret); 404 for no such game.
    virtual void state(const std::string& game, const Client& client, ReplySink done) = 0;
    /// GET /api/v1/games/{id}/pgn: the PGN text, nothing for no such game.
    virtual void pgn(const std::string& game, const Client& client, PgnSink done) = 0;
    /// GET /api/v1/games/{id}/coach?ply=N: the coach's hints on move N (default: the last) for the
    /// caller's seat (games against the computer only; 400 coach-off otherwise or for a ply not
    /// played, 403 without the seat).
    virtual void coach(const std::string& game, const Client& client, std::optional<std::int64_t> ply,
                       ReplySink done) = 0;
    /// POST /api/v1/games/{id}/analysis: asks for the game's computer analysis (202 `{status,
    /// progress}`; 404, 409 game_not_finished, 429 analysis_limit with `retry_after`).
    virtual void request_analysis(const std::string& game, const Client& client, ReplySink done) = 0;
    /// GET /api/v1/games/{id}/analysis: the analysis in the client's language (404
    /// analysis_not_requested when nobody asked).
    virtual void analysis(const std::string& game, const Client& client, ReplySink done) = 0;
    /// POST /api/v1/games/{id}/analysis/try `{ply, uci}`: "learn from your mistakes".
    virtual void try_move(const std::string& game, const boost::json::value& body, const Client& client,
                          ReplySink done) = 0;
    /// POST /api/v1/imports `{pgn}`: 201 `{id, url}` or 400 pgn_error.
    virtual void import_game(const boost::json::value& body, const Client& client, ReplySink done) = 0;
    /// GET /api/v1/games: the caller's browser's games (a JSON array).
    virtual void list(const Client& client, JsonSink done) = 0;
    /// A command of the caller's seat (never a ping: the transport answers those itself); `done`
    /// gets the typed answer once the change is stored (or why not).
    virtual void act(const std::string& game, ClientMessage command, const Client& client, ActSink done) = 0;
    /// Subscribes to the game's events after version `since`: the sink gets every kept event after
    /// it, then each new one; it gets the `state` event first instead when `since` is nothing, too
    /// old or in the future. The error when there is no such game (or another node holds it: a
    /// `moved` event may also end a subscription later). No new event reaches the sink once the
    /// subscription is destroyed (one under way may still complete).
    virtual void subscribe(const std::string& game, std::optional<std::int64_t> since, const Client& client,
                           EventSink sink, SubscriptionSink done) = 0;
};

}  // namespace schach::server
