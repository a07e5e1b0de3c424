#include "server/service_handler.hpp"

#include <boost/json/serialize.hpp>

#include "server/coach_json.hpp"
#include "server/game_json.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

Reply error_reply(const ServiceError& error) {
    Reply r;
    r.status = error.http_status();
    r.body = http_error_json(error);
    r.refusal = error.is_refusal();
    return r;
}

Reply ok_reply(int status, json::value body) {
    Reply r;
    r.status = status;
    r.body = std::move(body);
    return r;
}

}  // namespace

void ServiceHandler::create(const json::value& options, const Caller& caller, ReplySink done) {
    const auto request = read_create_request(options, caller.lang);
    if (!request) return done(error_reply(request.error()));
    service_.create_game(*request, caller, [done = std::move(done)](std::expected<CreatedGame, ServiceError> created) {
        if (!created) return done(error_reply(created.error()));
        Reply r = ok_reply(201, created_json(*created));
        r.game = created->id;
        r.seat_secret = created->secret;
        done(std::move(r));
    });
}

void ServiceHandler::join(const std::string& game, const json::value& body, const Caller& caller, ReplySink done) {
    const auto request = read_join_request(body, caller.lang);
    if (!request) return done(error_reply(request.error()));
    auto answer = [game, done = std::move(done)](std::expected<JoinedGame, ServiceError> joined) {
        if (!joined) return done(error_reply(joined.error()));
        Reply r = ok_reply(200, joined_json(*joined));
        r.game = game;
        r.seat_secret = joined->secret;
        done(std::move(r));
    };
    // A rematch seat is proven by the seat secret of the old game (its cookie s_<old id>).
    if (request->invite) service_.join(game, *request->invite, caller, std::move(answer));
    else service_.join_rematch(game, *request->rematch, caller, std::move(answer));
}

void ServiceHandler::state(const std::string& game, const Caller& caller, ReplySink done) {
    service_.state(game, caller,
                   [lang = caller.lang, done = std::move(done)](std::expected<GameState, ServiceError> s) {
                       if (!s) return done(error_reply(s.error()));
                       done(ok_reply(200, state_json(*s->view, s->you, lang)));
                   });
}

void ServiceHandler::pgn(const std::string& game, const Caller&, TextSink done) {
    service_.pgn(game, [done = std::move(done)](std::expected<std::string, ServiceError> text) {
        if (!text) return done(std::nullopt);
        done(std::move(*text));
    });
}

void ServiceHandler::coach(const std::string& game, const Caller& caller, std::optional<std::int64_t> ply,
                           ReplySink done) {
    service_.coach(game, caller, ply,
                   [lang = caller.lang, done = std::move(done)](std::expected<CoachAdvice, ServiceError> advice) {
                       if (!advice) return done(error_reply(advice.error()));
                       done(ok_reply(200, coach_json(*advice, lang)));
                   });
}

void ServiceHandler::list(const Caller& caller, JsonSink done) {
    if (caller.browser.empty()) return done(json::array());
    service_.list_games(caller.browser, [lang = caller.lang, done = std::move(done)](std::vector<GameSummary> games) {
        done(games_json(games, lang));
    });
}

void ServiceHandler::act(const std::string& game, const Action& action, const Caller& caller, ReplySink done) {
    json::object message{{"t", action.type}};
    if (!action.data.is_null()) message["d"] = action.data;
    // From HTTP a move has no ply: it is for the position now.
    const bool now = action.type == "move" && action.data.is_object() && !action.data.as_object().contains("ply");
    if (now) message["d"].as_object()["ply"] = 0;
    auto parsed = parse_client_message(json::serialize(message), caller.lang);
    if (!parsed) return done(error_reply(parsed.error()));
    if (now) std::get<MoveMessage>(*parsed).ply = MoveMessage::CurrentPly;
    // The WebSocket's answer comes from the domain (reply_json: the ack only of a move with a
    // counter, refusals with their squares).
    ClientMessage message_copy = *parsed;
    service_.act(game, caller, std::move(*parsed),
                 [done = std::move(done), message_copy = std::move(message_copy)](ActResult result) {
                     Reply reply = result ? ok_reply(200, json::object{{"ok", true}}) : error_reply(result.error());
                     const auto answer = reply_json(message_copy, result);
                     reply.ws_reply = answer ? json::serialize(*answer) : std::string();
                     done(std::move(reply));
                 });
}

void ServiceHandler::subscribe(const std::string& game, std::optional<std::int64_t> since, const Caller& caller,
                               EventSink sink, SubscriptionSink done) {
    // The seat decides what each event shows (dests), so it is looked up first.
    service_.state(game, caller,
                   [this, game, since, lang = caller.lang, sink = std::move(sink),
                    done = std::move(done)](std::expected<GameState, ServiceError> state) mutable {
                       if (!state) return done(std::nullopt);
                       const std::optional<Seat> you = state->you;
                       service_.subscribe(
                           game, since,
                           [sink = std::move(sink), you, lang](const Event& e) {
                               sink(json::serialize(event_json(e, you, lang)));
                           },
                           [done = std::move(done)](std::expected<Subscription, ServiceError> subscription) {
                               if (!subscription) return done(std::nullopt);
                               done(std::move(*subscription));
                           });
                   });
}

}  // namespace schach::server
