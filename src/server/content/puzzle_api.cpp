#include "server/content/puzzle_api.hpp"

#include <charconv>
#include <cmath>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "server/api/board_json.hpp"
#include "server/api/replies.hpp"
#include "text/puzzle_text.hpp"

namespace schach::server {
namespace json = boost::json;
namespace {

/// A body of the trainer's POSTs: at most this many bytes.
constexpr std::size_t MaxPuzzleBodyBytes = 512;

/// A request's field with a bad value: `{code: "malformed", text, field, value}`.
Reply bad_field(std::string_view field, std::string_view value, Language lang) {
    json::object o = error_body(ErrorCode::Malformed, lang).as_object();
    o["field"] = field;
    o["value"] = value;
    return Reply{400, std::move(o), std::nullopt, std::nullopt, std::nullopt};
}

PuzzleMsg message_of(PuzzleCode code) {
    switch (code) {
        case PuzzleCode::NoSuchPuzzle: return PuzzleMsg::NoSuchPuzzle;
        case PuzzleCode::NoneLeft: return PuzzleMsg::NoPuzzleLeft;
        case PuzzleCode::BadPly: return PuzzleMsg::BadPly;
        case PuzzleCode::BadMove: return PuzzleMsg::BadMove;
        case PuzzleCode::NoBrowser: return PuzzleMsg::NoBrowser;
        case PuzzleCode::Storage: return PuzzleMsg::Storage;
        case PuzzleCode::Busy: return PuzzleMsg::Busy;
    }
    return PuzzleMsg::Storage;
}

int status_of(PuzzleCode code) {
    switch (code) {
        case PuzzleCode::NoSuchPuzzle:
        case PuzzleCode::NoneLeft: return 404;
        case PuzzleCode::Storage: return 500;
        case PuzzleCode::Busy: return 429;
        default: return 400;
    }
}

Reply puzzle_error(PuzzleCode code, Language lang) {
    json::object o{{"code", puzzle_code_id(code)}, {"text", std::string(pattern(message_of(code), lang))}};
    return Reply{status_of(code), std::move(o), std::nullopt, std::nullopt, std::nullopt};
}

json::value move_json(const Position& before, Move m) {
    return json::object{{"uci", to_uci(before, m)}, {"san", to_san(before, m)}};
}

json::object step_json(const Position& pos, Move last, Color mover) { return board_step_json(pos, last, mover); }

/// The boards after each of `moves` from `start`.
json::array steps_json(Position pos, std::span<const Move> moves) {
    json::array out;
    for (Move m : moves) {
        const Color mover = pos.side_to_move();
        pos.do_move(m);
        out.push_back(step_json(pos, m, mover));
    }
    return out;
}

json::object glicko_json(const StoredGlicko& g) {
    return json::object{{"rating", std::lround(g.rating)}, {"deviation", std::lround(g.deviation)}};
}

json::object player_json(const PuzzlePlayer& p) {
    json::object o = glicko_json(p.glicko);
    o["provisional"] = p.provisional;
    o["solved"] = p.solved;
    o["failed"] = p.failed;
    json::array history;
    for (const auto& [at, rating] : p.history) history.push_back(json::array{at, std::lround(rating)});
    o["history"] = std::move(history);
    return o;
}

json::array themes_json(const puzzle::Puzzle& p) {
    json::array out;
    for (std::size_t t = 0; t < static_cast<std::size_t>(puzzle::Theme::Count); ++t)
        if (p.themes.test(t)) out.emplace_back(puzzle::theme_id(static_cast<puzzle::Theme>(t)));
    return out;
}

json::object puzzle_json(const PuzzleChoice& c) {
    const puzzle::Puzzle& p = *c.puzzle;
    json::array moves;
    for (Move m : p.moves) moves.emplace_back(to_uci(m, p.position.is_chess960()));
    json::object o{{"id", p.id},
                   {"fen", to_fen(p.position, p.position.is_chess960() ? FenFormat::Shredder : FenFormat::XFen)},
                   {"moves", std::move(moves)},
                   {"rating", std::lround(c.rating.rating)},
                   {"themes", themes_json(p)},
                   {"chess960", p.position.is_chess960()},
                   {"orientation", p.start().side_to_move() == Color::White ? "white" : "black"},
                   {"start", step_json(p.position, Move(), Color::White)},
                   {"steps", steps_json(p.position, p.moves)},
                   {"player", player_json(c.player)}};
    return o;
}

/// `themes=fork,pin` (empty: every puzzle), or the first unknown id.
std::expected<puzzle::Themes, std::string> read_themes(const std::optional<std::string>& text) {
    puzzle::Themes themes;
    if (!text) return themes;
    std::string_view rest = *text;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view id = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        if (id.empty()) continue;
        const auto t = puzzle::parse_theme(id);
        if (!t) return std::unexpected(std::string(id));
        themes.set(static_cast<std::size_t>(*t));
    }
    return themes;
}

/// `difficulty=-600|-300|0|300|600` (absent: 0).
std::optional<puzzle::Difficulty> read_difficulty(const std::optional<std::string>& text) {
    if (!text) return puzzle::Difficulty::Normal;
    int v = 0;
    const char* end = text->data() + text->size();
    const auto [ptr, ec] = std::from_chars(text->data() + (text->starts_with('+') ? 1 : 0), end, v);
    if (ec != std::errc() || ptr != end || v % 300 != 0 || v < -600 || v > 600) return std::nullopt;
    return static_cast<puzzle::Difficulty>(v / 300);
}

}  // namespace

void PuzzleApi::handle(bool post, const std::vector<std::string>& rest, const Target& target, std::string_view body,
                       const Client& client, ReplySink done) {
    const Language lang = client.lang;
    if (rest.size() == 1 && (rest[0] == "next" || rest[0] == "stats" || rest[0] == "player")) {
        if (post) return done(error_reply(405, ErrorCode::Method, lang));
        if (rest[0] == "stats") {
            const PuzzleStatsView& s = service_.stats();
            json::object themes;
            for (const auto& [t, n] : s.themes) themes[puzzle::theme_id(t)] = n;
            return done(ok_reply(json::object{{"count", s.count}, {"themes", std::move(themes)}}));
        }
        if (rest[0] == "player")
            return service_.player(client.browser, [lang, done](std::expected<PuzzlePlayer, PuzzleCode> p) {
                if (!p) return done(puzzle_error(p.error(), lang));
                done(ok_reply(player_json(*p)));
            });
        const auto themes = read_themes(target.param("themes"));
        if (!themes) return done(bad_field("themes", themes.error(), lang));
        const auto difficulty = read_difficulty(target.param("difficulty"));
        if (!difficulty) return done(bad_field("difficulty", target.param("difficulty").value_or(""), lang));
        return service_.next(client.browser, *themes, *difficulty,
                             [lang, done](std::expected<PuzzleChoice, PuzzleCode> c) {
                                 if (!c) return done(puzzle_error(c.error(), lang));
                                 done(ok_reply(puzzle_json(*c)));
                             });
    }
    if (rest.size() != 2 || (rest[1] != "result" && rest[1] != "try"))
        return done(error_reply(404, ErrorCode::NoSuchPath, lang));
    if (!post) return done(error_reply(405, ErrorCode::Method, lang));
    if (body.size() > MaxPuzzleBodyBytes) return done(error_reply(413, ErrorCode::TooLarge, lang));
    const auto o = read_small_object(body);
    if (!o) return done(error_reply(400, ErrorCode::Malformed, lang));
    const std::string& id = rest[0];
    if (rest[1] == "result") {
        const json::value* win = o->if_contains("win");
        if (win == nullptr || !win->is_bool()) return done(bad_field("win", "", lang));
        const json::value* rated = o->if_contains("rated");
        if (rated != nullptr && !rated->is_bool()) return done(bad_field("rated", "", lang));
        return service_.result(client.browser, id, win->as_bool(), rated == nullptr || rated->as_bool(),
                               [lang, done](std::expected<PuzzleOutcome, PuzzleCode> r) {
                                   if (!r) return done(puzzle_error(r.error(), lang));
                                   done(ok_reply(json::object{{"player", player_json(r->player)},
                                                              {"delta", std::lround(r->player_delta)},
                                                              {"puzzle", glicko_json(r->puzzle)},
                                                              {"rated", r->rated}}));
                               });
    }
    const json::value* ply = o->if_contains("ply");
    if (ply == nullptr || !ply->is_int64() || ply->as_int64() < 0 || ply->as_int64() > 64)
        return done(bad_field("ply", "", lang));
    const json::value* uci = o->if_contains("uci");
    if (uci == nullptr || !uci->is_string() || uci->as_string().size() > 8) return done(bad_field("uci", "", lang));
    service_.judge(id, static_cast<std::size_t>(ply->as_int64()), std::string(uci->as_string()),
                   [lang, done](std::expected<PuzzleJudgement, PuzzleCode> j) {
                       if (!j) return done(puzzle_error(j.error(), lang));
                       using V = PuzzleJudgement::Verdict;
                       json::object out{{"result", j->verdict == V::Right       ? "right"
                                                   : j->verdict == V::OtherMate ? "mate"
                                                                                : "wrong"},
                                        {"move", move_json(j->before, j->move)}};
                       if (j->verdict != V::Wrong) out["steps"] = steps_json(j->before, std::vector<Move>{j->move});
                       if (j->verdict == V::Wrong) {
                           Position pos = j->before;
                           pos.do_move(j->move);
                           json::array refutation;
                           for (Move m : j->refutation) {
                               refutation.push_back(move_json(pos, m));
                               pos.do_move(m);
                           }
                           std::vector<Move> line{j->move};
                           line.insert(line.end(), j->refutation.begin(), j->refutation.end());
                           out["refutation"] = std::move(refutation);
                           out["steps"] = steps_json(j->before, line);
                           out["text"] = wrong_move_text(j->before, j->move, j->refutation, j->explanation, lang);
                       }
                       done(ok_reply(std::move(out)));
                   });
}

}  // namespace schach::server
