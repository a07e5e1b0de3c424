#include "server/content/exercise_api.hpp"

#include <algorithm>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "notation/notation.hpp"
#include "server/api/board_json.hpp"
#include "server/api/error_words.hpp"
#include "server/api/protocol.hpp"
#include "server/api/replies.hpp"
#include "server/content/exercises.hpp"

namespace schach::server {
namespace json = boost::json;
namespace {

/// A try's body: at most this many bytes (the moves so far are few and short).
constexpr std::size_t MaxTryBytes = 1024;

Reply service_error(ServiceCode code, Language lang) {
    const WordedError e = word(make_error(code), lang);
    json::object o{{"code", e.code}, {"text", e.text}};
    return Reply{400, std::move(o), std::nullopt, std::nullopt, std::nullopt};
}

json::value move_json(const Position& before, Move m) {
    if (!m) return nullptr;
    return json::object{{"uci", to_uci(m, before.is_chess960())}, {"san", to_san(before, m)}};
}

/// The position as the board needs it: FEN, side to move, legal destinations by square (castling
/// also as king onto rook, with the king's target), the checked king, the last move.
json::object position_json(const Game& game) {
    const Position& pos = game.position();
    BoardMoves moves = board_moves(pos);
    json::value last = nullptr;
    if (!game.moves().empty()) {
        const Move m = game.moves().back();
        const CastlingSide side = m.to() > m.from() ? CastlingSide::King : CastlingSide::Queen;
        const Square to = m.kind() == MoveKind::Castling ? Position::king_target(~pos.side_to_move(), side) : m.to();
        last = json::array{json::value(to_string(m.from())), json::value(to_string(to))};
    }
    return json::object{{"fen", to_fen(pos)},
                        {"turn", pos.side_to_move() == Color::White ? "white" : "black"},
                        {"dests", std::move(moves.dests)},
                        {"castling", std::move(moves.castling)},
                        {"check", check_json(pos)},
                        {"lastMove", std::move(last)}};
}

json::object summary_json(const Exercise& ex) {
    return json::object{{"id", ex.id}, {"section", ex.section}, {"steps", static_cast<std::int64_t>(ex.steps.size())}};
}

Reply one(const Exercise& ex, Language lang) {
    auto game = exercise_game(ex, {});
    if (!game) return error_reply(500, ErrorCode::Internal, lang);
    json::array setup;
    Position replay = game->start();  // the moves' SAN only: no arbiter needed
    for (Move m : game->moves()) {
        setup.push_back(move_json(replay, m));
        replay.do_move(m);
    }
    json::object o = summary_json(ex);
    o["orientation"] = game->position().side_to_move() == Color::White ? "white" : "black";
    o["setup"] = std::move(setup);
    json::array touched;
    for (const std::string& t : ex.touched) touched.emplace_back(t);
    o["touched"] = std::move(touched);
    o["position"] = position_json(*game);
    return ok_reply(std::move(o));
}

/// `{moves:[uci…], move:uci, claim?:"threefold"|"fifty"}`, or nothing when it has another shape.
std::optional<Attempt> read_attempt(std::string_view body) {
    boost::system::error_code ec;
    json::parse_options po;
    po.max_depth = 3;
    const json::value v = json::parse(json::string_view(body.data(), body.size()), ec, {}, po);
    if (ec || !v.is_object()) return std::nullopt;
    const json::object& o = v.as_object();
    Attempt a;
    for (const auto& [key, value] : o)
        if (key != "moves" && key != "move" && key != "claim") return std::nullopt;
    const json::value* move = o.if_contains("move");
    if (move == nullptr || !move->is_string() || move->as_string().size() > 8) return std::nullopt;
    a.move = std::string(move->as_string());
    if (const json::value* moves = o.if_contains("moves")) {
        if (!moves->is_array() || moves->as_array().size() > MaxExerciseMoves) return std::nullopt;
        for (const json::value& m : moves->as_array()) {
            if (!m.is_string() || m.as_string().size() > 8) return std::nullopt;
            a.moves.emplace_back(m.as_string());
        }
    }
    if (const json::value* claim = o.if_contains("claim"); claim != nullptr && !claim->is_null()) {
        if (!claim->is_string()) return std::nullopt;
        if (claim->as_string() == "threefold") a.claim = DrawClaim::Threefold;
        else if (claim->as_string() == "fifty") a.claim = DrawClaim::FiftyMoves;
        else return std::nullopt;
    }
    return a;
}

Reply try_one(const Exercise& ex, std::string_view body, Language lang) {
    if (body.size() > MaxTryBytes) return error_reply(413, ErrorCode::TooLarge, lang);
    const auto attempt = read_attempt(body);
    if (!attempt) return error_reply(400, ErrorCode::Malformed, lang);
    const auto result = try_exercise(ex, *attempt, lang);
    if (!result) {
        if (result.error() == ExerciseError::BadMove) return service_error(ServiceCode::BadMove, lang);
        json::object o{{"code", exercise_error_id(result.error())}, {"text", error_text(ErrorCode::Malformed, lang)}};
        return Reply{400, std::move(o), std::nullopt, std::nullopt, std::nullopt};
    }
    json::object o{{"result", verdict_id(result->verdict)}};
    o["move"] = move_json(result->before, result->move);
    json::value reply = nullptr;
    if (result->reply) {
        Position mid = result->before;  // the reply's SAN only: no arbiter needed
        mid.do_move(result->move);
        reply = move_json(mid, result->reply);
    }
    o["reply"] = std::move(reply);
    json::array moves;
    for (const std::string& m : result->moves) moves.emplace_back(m);
    o["moves"] = std::move(moves);
    o["position"] = position_json(result->game);
    json::value why = nullptr;
    if (result->verdict == Verdict::Refused) {
        const WordedError e = word(make_error(result->refusal), lang);
        json::array squares;
        for (const std::string& s : e.squares) squares.emplace_back(s);
        why = json::object{{"code", e.code}, {"text", e.text}, {"article", e.article}, {"squares", std::move(squares)}};
    } else if (result->miss) {
        why = json::object{{"code", exercise_miss_id(result->miss->code)},
                           {"text", describe(*result->miss, lang)},
                           {"article", ""},
                           {"squares", json::array()}};
    }
    o["explanation"] = std::move(why);
    return ok_reply(std::move(o));
}

}  // namespace

Reply exercise_request(bool post, const std::vector<std::string>& rest, std::string_view body, Language lang) {
    if (rest.empty()) {
        if (post) return error_reply(405, ErrorCode::Method, lang);
        json::array list;
        for (const Exercise& ex : exercises()) list.push_back(summary_json(ex));
        return ok_reply(json::object{{"exercises", std::move(list)}});
    }
    const Exercise* ex = find_exercise(rest[0]);
    if (ex == nullptr || rest.size() > 2 || (rest.size() == 2 && rest[1] != "try"))
        return error_reply(404, ErrorCode::NoSuchPath, lang);
    if (rest.size() == 1) return post ? error_reply(405, ErrorCode::Method, lang) : one(*ex, lang);
    if (!post) return error_reply(405, ErrorCode::Method, lang);
    return try_one(*ex, body, lang);
}

}  // namespace schach::server
