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

Reply ServiceHandler::create(const json::value& options, const Caller& caller) {
    const auto request = read_create_request(options, caller.lang);
    if (!request) return error_reply(request.error());
    const auto created = service_.create_game(*request, caller);
    if (!created) return error_reply(created.error());
    Reply r = ok_reply(201, created_json(*created));
    r.game = created->id;
    r.seat_secret = created->secret;
    return r;
}

Reply ServiceHandler::join(const std::string& game, const json::value& body, const Caller& caller) {
    const auto request = read_join_request(body, caller.lang);
    if (!request) return error_reply(request.error());
    // A rematch seat is proven by the seat secret of the old game (its cookie s_<old id>).
    const auto joined = request->invite ? service_.join(game, *request->invite, caller)
                                        : service_.join_rematch(game, *request->rematch, caller);
    if (!joined) return error_reply(joined.error());
    Reply r = ok_reply(200, joined_json(*joined));
    r.game = game;
    r.seat_secret = joined->secret;
    return r;
}

Reply ServiceHandler::state(const std::string& game, const Caller& caller) {
    const auto state = service_.state(game, caller);
    if (!state) return error_reply(state.error());
    return ok_reply(200, state_json(*state->view, state->you, caller.lang));
}

std::optional<std::string> ServiceHandler::pgn(const std::string& game, const Caller& caller) {
    auto text = service_.pgn(game, caller.lang);
    if (!text) return std::nullopt;
    return std::move(*text);
}

Reply ServiceHandler::coach(const std::string& game, const Caller& caller, std::optional<std::int64_t> ply) {
    const auto advice = service_.coach(game, caller, ply);
    if (!advice) return error_reply(advice.error());
    return ok_reply(200, coach_json(*advice, caller.lang));
}

json::value ServiceHandler::list(const Caller& caller) {
    if (caller.browser.empty()) return json::array();
    return games_json(service_.list_games(caller.browser), caller.lang);
}

void ServiceHandler::act(const std::string& game, const Action& action, const Caller& caller, ReplySink done) {
    json::object message{{"t", action.type}};
    if (!action.data.is_null()) message["d"] = action.data;
    // From HTTP a move has no ply: it is for the position now.
    if (action.type == "move" && action.data.is_object() && !action.data.as_object().contains("ply")) {
        const auto state = service_.state(game, caller);
        if (!state) return done(error_reply(state.error()));
        message["d"].as_object()["ply"] = state->view->moves.size();
    }
    auto parsed = parse_client_message(json::serialize(message), caller.lang);
    if (!parsed) return done(error_reply(parsed.error()));
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

std::optional<Subscription> ServiceHandler::subscribe(const std::string& game, std::optional<std::int64_t> since,
                                                      const Caller& caller, EventSink sink) {
    const auto state = service_.state(game, caller);
    if (!state) return std::nullopt;
    const std::optional<Seat> you = state->you;
    auto subscription = service_.subscribe(game, since,
                                           [sink = std::move(sink), you, lang = caller.lang](const Event& e) {
                                               sink(json::serialize(event_json(e, you, lang)));
                                           });
    if (!subscription) return std::nullopt;
    return std::move(*subscription);
}

}  // namespace schach::server
