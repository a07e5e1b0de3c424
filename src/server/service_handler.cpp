#include "server/service_handler.hpp"

#include <chrono>
#include <ctime>

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

const json::value* field(const json::object& o, std::string_view name) {
    const json::value* v = o.if_contains(name);
    return v != nullptr && !v->is_null() ? v : nullptr;
}

std::string iso_utc(Millis ms) {
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

}  // namespace

std::optional<CreateGameRequest> read_create_request(const json::value& options) {
    if (!options.is_object()) return std::nullopt;
    const json::object& o = options.as_object();
    CreateGameRequest request;
    const json::value* mode = field(o, "mode");
    if (mode == nullptr || !mode->is_string()) return std::nullopt;
    const auto m = parse_mode(mode->as_string());
    if (!m) return std::nullopt;
    request.mode = *m;
    if (const json::value* level = field(o, "level")) {
        if (!level->is_int64() || level->as_int64() < 1 || level->as_int64() > 8) return std::nullopt;
        request.level = static_cast<int>(level->as_int64());
    }
    if (const json::value* color = field(o, "color")) {
        if (!color->is_string()) return std::nullopt;
        const std::string_view c = color->as_string();
        if (c == "white") request.color = ColorChoice::White;
        else if (c == "black") request.color = ColorChoice::Black;
        else if (c == "random") request.color = ColorChoice::Random;
        else return std::nullopt;
    }
    if (const json::value* tc = field(o, "tc")) {
        if (!tc->is_string() || tc->as_string().size() > 64) return std::nullopt;
        request.tc = std::string(tc->as_string());
    }
    if (const json::value* variant = field(o, "variant")) {
        if (!variant->is_string()) return std::nullopt;
        if (variant->as_string() == "chess960") request.chess960 = true;
        else if (variant->as_string() != "standard") return std::nullopt;
    }
    if (const json::value* number = field(o, "chess960")) {
        request.chess960 = true;
        if (number->is_int64() && number->as_int64() >= 0 && number->as_int64() <= 959)
            request.chess960_number = static_cast<int>(number->as_int64());
        else if (!(number->is_string() && number->as_string() == "random")) return std::nullopt;
    }
    return request;
}

Reply ServiceHandler::create(const json::value& options, const Caller& caller) {
    const auto request = read_create_request(options);
    if (!request) return error_reply(make_error(ServiceCode::BadRequest, caller.lang));
    const auto created = service_.create_game(*request, caller);
    if (!created) return error_reply(created.error());
    json::object urls{{"play", "/game/" + created->id}, {"watch", "/watch/" + created->id}};
    if (created->invite) urls["invite"] = "/game/" + created->id + "?invite=" + *created->invite;
    json::object body{
        {"id", created->id}, {"color", seat_id(created->seat)}, {"secret", created->secret}, {"urls", std::move(urls)}};
    if (created->invite) body["invite"] = *created->invite;
    Reply r = ok_reply(201, std::move(body));
    r.game = created->id;
    r.seat_secret = created->secret;
    return r;
}

Reply ServiceHandler::join(const std::string& game, const json::value& body, const Caller& caller) {
    const json::value* invite = body.is_object() ? field(body.as_object(), "invite") : nullptr;
    const json::value* rematch = body.is_object() ? field(body.as_object(), "rematch") : nullptr;
    const auto short_text = [](const json::value* v) {
        return v != nullptr && v->is_string() && v->as_string().size() <= 64;
    };
    if (short_text(invite) == short_text(rematch)) return error_reply(make_error(ServiceCode::BadRequest, caller.lang));
    // A rematch seat is proven by the seat secret of the old game (its cookie s_<old id>).
    const auto joined = invite != nullptr ? service_.join(game, std::string(invite->as_string()), caller)
                                          : service_.join_rematch(game, std::string(rematch->as_string()), caller);
    if (!joined) return error_reply(joined.error());
    Reply r = ok_reply(200, json::object{{"color", seat_id(joined->seat)}, {"secret", joined->secret}});
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
    json::array games;
    if (caller.browser.empty()) return games;
    for (const GameSummary& summary : service_.list_games(caller.browser)) {
        const auto state = service_.state(summary.id, caller);
        if (!state) continue;
        const json::object s = state_json(*state->view, state->you, caller.lang);
        games.push_back(json::object{{"id", summary.id},
                                     {"players", s.at("players")},
                                     {"status", status_id(summary.status)},
                                     {"result", s.at("result")},
                                     {"updated", iso_utc(summary.updated)}});
    }
    return games;
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
