#include "server/content/mistake_api.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "notation/notation.hpp"
#include "server/api/analysis_json.hpp"
#include "server/api/board_json.hpp"
#include "server/api/error_words.hpp"
#include "server/api/game_json.hpp"
#include "server/api/replies.hpp"
#include "server/domain/mistake_records.hpp"

namespace schach::server {
namespace json = boost::json;
namespace {

/// A body of the POSTs: at most this many bytes.
constexpr std::size_t MaxMistakeBodyBytes = 512;

Reply service_error(const ServiceError& e, Language lang) {
    return Reply{http_status(e), http_error_json(e, lang), std::nullopt, std::nullopt, std::nullopt};
}

json::value move_json(const Position& pos, Move m) {
    return json::object{{"uci", to_uci(m, true)}, {"san", to_san(pos, m)}};
}

json::object stats_json(const MistakeStats& s) {
    return json::object{{"count", s.count},
                        {"due", s.due},
                        {"solved", s.solved},
                        {"nextDue", s.next_due ? json::value(*s.next_due) : json::value(nullptr)}};
}

/// The spacing of an exercise.
json::object schedule_json(const StoredMistake& r) {
    return json::object{{"box", r.box}, {"due", r.due}, {"solved", r.solved}, {"missed", r.missed}};
}

/// The exercise as served: the position (and its board), the move played then, the game and ply.
json::object exercise_json(const MistakeExercise& e) {
    const StoredMistake& r = e.row;
    return json::object{{"id", mistake_id(r.game, r.ply)},
                        {"game", r.game},
                        {"ply", r.ply},
                        {"fen", r.fen},
                        {"chess960", r.chess960},
                        {"orientation", e.before.side_to_move() == Color::White ? "white" : "black"},
                        {"played", move_json(e.before, e.played)},
                        {"judgement", r.blunder ? "blunder" : "mistake"},
                        {"board", board_step_json(e.before, Move(), Color::White)},
                        {"schedule", schedule_json(r)}};
}

/// The board after `m` in the exercise's position.
json::object board_after(const Position& before, Move m) {
    Position after = before;
    after.do_move(m);
    return board_step_json(after, m, before.side_to_move());
}

json::object attempt_json(const MistakeAttempt& a, Language lang) {
    json::object out = try_json(a.verdict, lang);
    // A refused try does not give the answer away: that is the answer's request (or a retry).
    if (!a.verdict.solved) {
        out["best"] = nullptr;
        out["bestEval"] = nullptr;
        out["pv"] = json::array();
    }
    out["board"] = board_after(a.exercise.before, a.verdict.tried);
    out["counted"] = a.counted;
    out["exercise"] = exercise_json(a.exercise);
    out["stats"] = stats_json(a.stats);
    return out;
}

json::object answer_json(const MistakeAnswer& a) {
    return json::object{{"best", move_json(a.exercise.before, a.exercise.best)},
                        {"board", board_after(a.exercise.before, a.exercise.best)},
                        {"counted", a.counted},
                        {"exercise", exercise_json(a.exercise)},
                        {"stats", stats_json(a.stats)}};
}

}  // namespace

void MistakeApi::handle(bool post, const std::vector<std::string>& rest, const Target&, std::string_view body,
                        const Client& client, ReplySink done) {
    const Language lang = client.lang;
    if (rest.size() == 1 && (rest[0] == "next" || rest[0] == "stats")) {
        if (post) return done(error_reply(405, ErrorCode::Method, lang));
        if (rest[0] == "stats")
            return service_.stats(client.browser, [lang, done](std::expected<MistakeStats, ServiceError> s) {
                if (!s) return done(service_error(s.error(), lang));
                done(ok_reply(stats_json(*s)));
            });
        return service_.next(client.browser, [lang, done](std::expected<MistakeNext, ServiceError> n) {
            if (!n) return done(service_error(n.error(), lang));
            done(ok_reply(json::object{{"exercise", n->exercise ? json::value(exercise_json(*n->exercise)) : nullptr},
                                       {"stats", stats_json(n->stats)}}));
        });
    }
    if (rest.size() != 2 || (rest[1] != "try" && rest[1] != "answer"))
        return done(error_reply(404, ErrorCode::NoSuchPath, lang));
    if (!post) return done(error_reply(405, ErrorCode::Method, lang));
    if (body.size() > MaxMistakeBodyBytes) return done(error_reply(413, ErrorCode::TooLarge, lang));
    // An empty body is an empty object.
    const auto o = body.empty() ? std::optional<json::object>(json::object()) : read_small_object(body);
    if (!o) return done(error_reply(400, ErrorCode::Malformed, lang));
    const std::string& id = rest[0];
    if (rest[1] == "answer") {
        if (!o->empty()) return done(error_reply(400, ErrorCode::Malformed, lang));
        return service_.answer(client.browser, id, [lang, done](std::expected<MistakeAnswer, ServiceError> a) {
            if (!a) return done(service_error(a.error(), lang));
            done(ok_reply(answer_json(*a)));
        });
    }
    const json::value* uci = o->if_contains("uci");
    if (uci == nullptr || !uci->is_string() || uci->as_string().size() > 8 || o->size() != 1)
        return done(error_reply(400, ErrorCode::Malformed, lang));
    service_.try_move(client.browser, id, std::string(uci->as_string()),
                      [lang, done](std::expected<MistakeAttempt, ServiceError> a) {
                          if (!a) return done(service_error(a.error(), lang));
                          done(ok_reply(attempt_json(*a, lang)));
                      });
}

}  // namespace schach::server
