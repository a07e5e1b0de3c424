#include "server/api/service_handler.hpp"

#include <boost/json/serialize.hpp>

#include "server/api/analysis_json.hpp"
#include "server/api/coach_json.hpp"
#include "server/api/error_words.hpp"
#include "server/api/game_json.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

Reply error_reply(const ServiceError& error, Language lang) {
    Reply r;
    r.status = http_status(error);
    r.body = http_error_json(error, lang);
    r.retry_after = error.retry_after_s;
    if (error.code == ServiceCode::Moved) r.moved_to = error.owner;
    return r;
}

Reply ok_reply(int status, json::value body) {
    Reply r;
    r.status = status;
    r.body = std::move(body);
    return r;
}

}  // namespace

void ServiceHandler::create(const json::value& options, const Client& client, ReplySink done) {
    const Language lang = client.lang;
    const auto request = read_create_request(options);
    if (!request) return done(error_reply(request.error(), lang));
    service_.create_game(*request, client,
                         [lang, done = std::move(done)](std::expected<CreatedGame, ServiceError> created) {
                             if (!created) return done(error_reply(created.error(), lang));
                             Reply r = ok_reply(201, created_json(*created));
                             r.game = created->id;
                             r.seat_secret = created->secret;
                             done(std::move(r));
                         });
}

void ServiceHandler::join(const std::string& game, const json::value& body, const Client& client, ReplySink done) {
    const Language lang = client.lang;
    const auto request = read_join_request(body);
    if (!request) return done(error_reply(request.error(), lang));
    auto answer = [game, lang, done = std::move(done)](std::expected<JoinedGame, ServiceError> joined) {
        if (!joined) return done(error_reply(joined.error(), lang));
        Reply r = ok_reply(200, joined_json(*joined));
        r.game = game;
        r.seat_secret = joined->secret;
        done(std::move(r));
    };
    // A rematch seat is proven by the seat secret of the old game (its cookie s_<old id>).
    if (request->invite) service_.join(game, *request->invite, client, std::move(answer));
    else service_.join_rematch(game, *request->rematch, client, std::move(answer));
}

void ServiceHandler::state(const std::string& game, const Client& client, ReplySink done) {
    service_.state(game, client,
                   [lang = client.lang, done = std::move(done)](std::expected<GameState, ServiceError> s) {
                       if (!s) return done(error_reply(s.error(), lang));
                       done(ok_reply(200, state_json(*s->view, s->you, lang)));
                   });
}

void ServiceHandler::pgn(const std::string& game, const Client& client, PgnSink done) {
    service_.pgn(game, [lang = client.lang, done = std::move(done)](std::expected<std::string, ServiceError> text) {
        if (!text) return done(std::unexpected(error_reply(text.error(), lang)));
        done(std::move(*text));
    });
}

void ServiceHandler::coach(const std::string& game, const Client& client, std::optional<std::int64_t> ply,
                           ReplySink done) {
    service_.coach(game, client, ply,
                   [lang = client.lang, done = std::move(done)](std::expected<CoachAdvice, ServiceError> advice) {
                       if (!advice) return done(error_reply(advice.error(), lang));
                       done(ok_reply(200, coach_json(*advice, lang)));
                   });
}

void ServiceHandler::list(const Client& client, JsonSink done) {
    if (client.browser.empty()) return done(json::array());
    service_.list_games(client.browser, [lang = client.lang, done = std::move(done)](std::vector<GameSummary> games) {
        done(games_json(games, lang));
    });
}

void ServiceHandler::request_analysis(const std::string& game, const Client& client, ReplySink done) {
    service_.request_analysis(
        game, client, [lang = client.lang, done = std::move(done)](std::expected<AnalysisReport, ServiceError> r) {
            if (!r) return done(error_reply(r.error(), lang));
            done(ok_reply(202, analysis_status_json(*r)));
        });
}

void ServiceHandler::analysis(const std::string& game, const Client& client, ReplySink done) {
    service_.analysis(game,
                      [lang = client.lang, done = std::move(done)](std::expected<AnalysisReport, ServiceError> r) {
                          if (!r) return done(error_reply(r.error(), lang));
                          done(ok_reply(200, analysis_json(*r, lang)));
                      });
}

void ServiceHandler::try_move(const std::string& game, const json::value& body, const Client& client, ReplySink done) {
    const Language lang = client.lang;
    const auto request = read_try_request(body);
    if (!request) return done(error_reply(request.error(), lang));
    service_.try_move(game, request->ply, request->uci,
                      [lang, done = std::move(done)](std::expected<MistakeTry, ServiceError> r) {
                          if (!r) return done(error_reply(r.error(), lang));
                          done(ok_reply(200, try_json(*r, lang)));
                      });
}

void ServiceHandler::import_game(const json::value& body, const Client& client, ReplySink done) {
    const Language lang = client.lang;
    const auto request = read_import_request(body);
    if (!request) return done(ok_reply(400, import_error_json(request.error(), lang)));
    service_.import_game(*request, client, [lang, done = std::move(done)](std::expected<GameId, ServiceError> id) {
        if (!id) return done(error_reply(id.error(), lang));
        done(ok_reply(201, json::object{{"id", *id}, {"url", "/game/" + *id}}));
    });
}

void ServiceHandler::act(const std::string& game, ClientMessage command, const Client& client, ActSink done) {
    service_.act(game, client, std::move(command), std::move(done));
}

void ServiceHandler::subscribe(const std::string& game, std::optional<std::int64_t> since, const Client& client,
                               EventSink sink, SubscriptionSink done) {
    // The seat decides what each event shows (dests), so it is looked up first.
    service_.state(game, client,
                   [this, game, since, lang = client.lang, sink = std::move(sink),
                    done = std::move(done)](std::expected<GameState, ServiceError> state) mutable {
                       if (!state) return done(std::unexpected(state.error()));
                       const std::optional<Seat> you = state->you;
                       service_.subscribe(
                           game, since,
                           [sink = std::move(sink), you, lang](const Event& e) {
                               sink(json::serialize(event_json(e, you, lang)));
                           },
                           std::move(done));
                   });
}

}  // namespace schach::server
