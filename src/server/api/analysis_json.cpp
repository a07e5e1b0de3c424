#include "server/api/analysis_json.hpp"

#include <cmath>

#include <boost/json/array.hpp>

#include "core/outcome.hpp"
#include "game/game.hpp"
#include "notation/notation.hpp"
#include "review/game_review.hpp"
#include "review/openings.hpp"
#include "text/opening_names.hpp"
#include "text/pgn_text.hpp"
#include "text/review_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

std::string_view judgement_id(review::Judgement j) {
    switch (j) {
        case review::Judgement::Inaccuracy: return "inaccuracy";
        case review::Judgement::Mistake: return "mistake";
        case review::Judgement::Blunder: return "blunder";
        case review::Judgement::None: break;
    }
    return "";
}

std::string_view phase_id(review::Phase p) {
    switch (p) {
        case review::Phase::Opening: return "opening";
        case review::Phase::Middlegame: return "middlegame";
        case review::Phase::Endgame: return "endgame";
    }
    return "opening";
}

/// `{uci, san}` of a move in `pos` (SAN in English letters, as the state's moves), or null.
json::value move_json(const Position& pos, Move m) {
    if (m == Move::none()) return nullptr;
    return json::object{{"uci", to_uci(m, true)}, {"san", to_san(pos, m)}};
}

/// The line from `pos` in English SAN.
json::array line_json(Position pos, const std::vector<Move>& line) {
    json::array out;
    for (Move m : line) {
        out.push_back(json::string(to_san(pos, m)));
        pos.do_move(m);
    }
    return out;
}

/// A number with at most `places` decimals.
double rounded(double x, int places) {
    const double f = std::pow(10.0, places);
    return std::round(x * f) / f;
}

json::object side_json(const review::SideSummary& s) {
    return json::object{
        {"accuracy", s.accuracy ? json::value(rounded(*s.accuracy, 1)) : json::value(nullptr)},
        {"inaccuracies", s.inaccuracies},
        {"mistakes", s.mistakes},
        {"blunders", s.blunders},
        {"acpl", s.acpl},
        {"moves", s.moves},
    };
}

}  // namespace

json::object eval_json(review::Eval e) {
    switch (e.kind) {
        case review::Eval::Kind::Centipawns: return json::object{{"cp", e.value}};
        case review::Eval::Kind::Mate: return json::object{{"mate", e.value}};
        case review::Eval::Kind::Checkmate:
            return json::object{{"mate", 0}, {"checkmate", e.value > 0 ? "white" : "black"}};
    }
    return json::object{{"cp", 0}};
}

json::object analysis_status_json(const AnalysisReport& report) {
    return json::object{{"status", analysis_state_id(report.state)},
                        {"progress", json::object{{"done", report.progress.done}, {"total", report.progress.total}}}};
}

json::object analysis_json(const AnalysisReport& report, Language lang) {
    json::object out = analysis_status_json(report);
    out["opening"] = nullptr;
    out["start"] = nullptr;
    out["plies"] = json::array();
    out["players"] = nullptr;
    if (report.state != AnalysisState::Done || report.positions.empty()) return out;

    review::GameReview r;
    r.start = report.start;
    r.positions = report.positions;
    r.total_plies = static_cast<int>(report.moves.size());
    review::assemble(r, report.moves);

    if (const auto opening = review::classify_opening(report.start, report.moves); opening && opening->opening)
        out["opening"] = json::object{
            {"eco", opening->opening->eco}, {"name", opening_name(*opening->opening, lang)}, {"ply", opening->ply}};
    const review::PositionEval& first = r.positions.front();
    out["start"] = json::object{{"eval", eval_json(first.eval)},
                                {"best", move_json(r.start, first.pv.empty() ? Move::none() : first.pv.front())},
                                {"pv", line_json(r.start, first.pv)},
                                {"wc", rounded(review::winning_chances(first.eval), 4)}};
    json::array plies;
    Position before = r.start;
    for (const review::PlyReview& p : r.plies) {
        json::object o;
        o["ply"] = p.ply;
        o["san"] = to_san(before, p.move);
        o["uci"] = to_uci(p.move, true);
        o["eval"] = eval_json(p.after);
        o["best"] = move_json(before, p.best());
        o["pv"] = line_json(before, p.best_line);
        const std::string_view judgement = judgement_id(p.verdict.judgement);
        o["judgement"] = judgement.empty() ? json::value(nullptr) : json::value(judgement);
        const std::string text = describe(p.explanation, lang);
        o["text"] = text.empty() ? json::value(nullptr) : json::value(text);
        o["phase"] = phase_id(p.phase);
        o["wc"] = rounded(review::winning_chances(p.after), 4);
        o["cpl"] = p.centipawn_loss;
        plies.push_back(std::move(o));
        before.do_move(p.move);
    }
    out["plies"] = std::move(plies);
    out["players"] = json::object{{"white", side_json(r.white)}, {"black", side_json(r.black)}};
    out["division"] = json::object{
        {"middlegame", r.division.middlegame ? json::value(*r.division.middlegame) : json::value(nullptr)},
        {"endgame", r.division.endgame ? json::value(*r.division.endgame) : json::value(nullptr)}};
    return out;
}

json::object try_json(const MistakeTry& t, Language lang) {
    json::object out;
    out["verdict"] = t.solved ? "solved" : "refused";
    out["ply"] = t.ply;
    out["uci"] = to_uci(t.tried, true);
    out["san"] = to_san(t.before, t.tried);
    out["eval"] = eval_json(t.eval);
    out["loss"] = rounded(t.loss, 1);
    out["best"] = move_json(t.before, t.best.pv.empty() ? Move::none() : t.best.pv.front());
    out["bestEval"] = eval_json(t.best.eval);
    out["pv"] = line_json(t.before, t.best.pv);
    const std::string text = t.solved ? describe_try_solved(t.before, t.tried,
                                                            t.best.pv.empty() ? Move::none() : t.best.pv.front(), lang)
                                      : describe(t.explanation, lang);
    out["text"] = text.empty() ? json::value(nullptr) : json::value(text);
    return out;
}

std::expected<MistakeTryRequest, ServiceError> read_try_request(const json::value& body) {
    const auto malformed = std::unexpected(make_error(ServiceCode::Malformed));
    if (!body.is_object()) return malformed;
    const json::object& o = body.as_object();
    const json::value* ply = o.if_contains("ply");
    const json::value* uci = o.if_contains("uci");
    if (!ply || !uci || !uci->is_string() || o.size() != 2) return malformed;
    if (!ply->is_int64() || ply->as_int64() < 1 || ply->as_int64() > 10'000) return malformed;
    if (uci->as_string().size() > 8) return malformed;
    return MistakeTryRequest{static_cast<int>(ply->as_int64()), std::string(uci->as_string())};
}

std::expected<ImportRequest, ImportError> read_import_request(const json::value& body) {
    if (!body.is_object()) return std::unexpected(ImportError{});
    const json::value* text = body.as_object().if_contains("pgn");
    if (!text || !text->is_string()) return std::unexpected(ImportError{});
    const std::string pgn(text->as_string());
    std::vector<PgnError> errors;
    PgnReaderOptions options;
    options.max_game_bytes = 1u << 20;
    std::vector<PgnGame> games = read_pgn_games(pgn, &errors, options);
    // The first game of the text: an error in it is the answer (one after it is not read).
    if (!errors.empty() && (games.empty() || errors.front().where.game <= 1))
        return std::unexpected(ImportError{errors.front()});
    if (games.empty()) return std::unexpected(ImportError{});
    const PgnGame& g = games.front();
    ImportRequest r;
    r.start = g.start;
    r.chess960 = g.start.is_chess960();
    r.moves = g.mainline();
    if (const auto result = parse_result_token(g.result)) r.outcome.result = *result;
    // The rules end a game by themselves (checkmate, stalemate, a dead position, the fivefold
    // repetition, the 75-move rule): the game is what was played up to there, its result the rules'.
    Game game(g.start);
    std::size_t kept = 0;
    while (kept < r.moves.size() && !game.is_over() && game.play(r.moves[kept])) ++kept;
    r.moves.resize(kept);
    if (game.is_over()) r.outcome = game.outcome();
    const auto name = [&](std::string_view tag) {
        const auto v = g.tag(tag);
        return v && *v != "?" ? std::string(v->substr(0, 100)) : std::string();
    };
    r.white = name("White");
    r.black = name("Black");
    return r;
}

json::object import_error_json(const ImportError& error, Language lang) {
    if (!error.pgn) {
        return json::object{{"code", "pgn_error"}, {"line", 1},         {"column", 1},
                            {"kind", "no-game"},   {"detail", nullptr}, {"text", describe_no_pgn_game(lang)}};
    }
    const PgnError& e = *error.pgn;
    return json::object{{"code", "pgn_error"},
                        {"line", e.where.line},
                        {"column", e.where.column},
                        {"kind", pgn_error_id(e.kind)},
                        {"detail", pgn_detail_id(e.detail)},
                        {"text", describe(e, lang)}};
}

}  // namespace schach::server
