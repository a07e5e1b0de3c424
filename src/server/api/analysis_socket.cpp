#include "server/api/analysis_socket.hpp"

#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "notation/notation.hpp"
#include "review/openings.hpp"
#include "server/api/protocol.hpp"
#include "text/fen_text.hpp"
#include "text/opening_names.hpp"
#include "text/service_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

struct Words {
    std::string_view de, neutral, en;
};

std::string say(const Words& w, Language lang) {
    switch (lang) {
        case Language::German: return std::string(w.de);
        case Language::GermanNeutral: return std::string(w.neutral.empty() ? w.de : w.neutral);
        case Language::English: return std::string(w.en);
    }
    return std::string(w.en);
}

/// The sentence of an analysis error; protocol's words for the codes it shares.
std::string error_words(std::string_view code, Language lang) {
    if (code == "malformed") return error_text(ErrorCode::Malformed, lang);
    if (code == "unknown-type") return error_text(ErrorCode::UnknownType, lang);
    if (code == "bad-move")
        return say({"Dieser Zug ist in der Stellung nicht möglich.", "", "This move is not possible in the position."},
                   lang);
    if (code == "analysis_limit") return describe(AnalysisLimitKind::Searches, 0, lang);
    if (code == "busy")
        return say({"Die Engine ist gerade ausgelastet. Bitte gleich noch einmal versuchen.",
                    "Die Engine ist gerade ausgelastet. Bitte gleich noch einmal versuchen.",
                    "The engine is busy right now. Please try again in a moment."},
                   lang);
    return error_text(ErrorCode::Internal, lang);
}

/// The opening of the line: the deepest named position among the first plies (from the standard
/// start: classify_opening; from a FEN: the same walk over the positions given), in `lang`.
json::value opening_of(const Position& start, std::span<const Move> moves, Language lang) {
    if (start.is_chess960()) return nullptr;
    const review::Opening* found = nullptr;
    if (start.same_position(Position())) {
        if (const auto match = review::classify_opening(start, moves)) found = match->opening;
    } else {
        Position pos = start;
        found = review::opening_at(pos);
        for (std::size_t i = 0; i < moves.size() && static_cast<int>(i) < review::OpeningMaxPly; ++i) {
            pos.do_move(moves[i]);
            if (popcount(pos.pieces()) < review::OpeningMinMen) break;
            if (const review::Opening* o = review::opening_at(pos)) found = o;
        }
    }
    if (!found) return nullptr;
    return json::object{{"eco", found->eco}, {"name", opening_name(*found, lang)}};
}

json::object eval_json(engine::Score score, Color mover) {
    const int sign = mover == Color::White ? 1 : -1;
    if (score.kind == engine::Score::Kind::Mate) return json::object{{"mate", sign * score.value}};
    return json::object{{"cp", sign * score.value}};
}

bool is_whole(const json::value& v) { return v.is_int64() || v.is_uint64(); }

}  // namespace

std::string lines_message(std::int64_t id, const Position& end, const LineUpdate& update) {
    json::array lines;
    for (const SearchedLine& line : update.lines) {
        json::array uci, san;
        Position pos = end;
        for (const Move m : line.pv) {
            uci.emplace_back(to_uci(pos, m));
            san.emplace_back(to_san(pos, m));
            pos.do_move(m);
        }
        lines.push_back(json::object{
            {"eval", eval_json(line.score, end.side_to_move())}, {"pv", std::move(uci)}, {"san", std::move(san)}});
    }
    return json::serialize(json::object{{"t", "lines"},
                                        {"id", id},
                                        {"depth", update.depth},
                                        {"nodes", update.nodes},
                                        {"time", update.time_ms},
                                        {"done", update.done},
                                        {"lines", std::move(lines)}});
}

AnalysisSession::AnalysisSession(LineSearchPool& pool, Language lang, EventSink sink, std::string client)
    : pool_(pool), lang_(lang), sink_(std::move(sink)), client_(std::move(client)) {}

void AnalysisSession::error(std::string_view code, std::optional<std::int64_t> id, json::object extra) {
    json::object out{{"t", "error"}, {"code", code}, {"text", error_words(code, lang_)}};
    out["id"] = id ? json::value(*id) : json::value(nullptr);
    for (auto& [key, value] : extra) out[key] = std::move(value);
    sink_(json::serialize(out));
}

void AnalysisSession::message(std::string_view text) {
    json::error_code ec;
    json::parse_options po;
    po.max_depth = 4;
    const json::value v = json::parse(text, ec, {}, po);
    if (ec || !v.is_object() || !v.as_object().contains("t") || !v.at("t").is_string())
        return error("malformed", std::nullopt);
    const json::object& o = v.as_object();
    const std::string_view type = o.at("t").as_string();
    if (type == "ping") {
        if (o.size() != 1) return error("malformed", std::nullopt);
        return sink_(R"({"t":"pong"})");
    }
    if (type == "stop") {
        if (o.size() != 1) return error("malformed", std::nullopt);
        return stop();
    }
    if (type != "analyse") return error("unknown-type", std::nullopt);

    // {t, id, fen?, moves?, multipv?, chess960?}: nothing else.
    for (const auto& [key, value] : o)
        if (key != "t" && key != "id" && key != "fen" && key != "moves" && key != "multipv" && key != "chess960")
            return error("malformed", std::nullopt);
    const json::value* idv = o.if_contains("id");
    if (!idv || !is_whole(*idv) || idv->to_number<double>() < 0 || idv->to_number<double>() > 9007199254740991.0)
        return error("malformed", std::nullopt);
    const std::int64_t id = idv->to_number<std::int64_t>();
    const json::value* fen = o.if_contains("fen");
    const json::value* moves = o.if_contains("moves");
    const json::value* multipv = o.if_contains("multipv");
    const json::value* c960 = o.if_contains("chess960");
    if ((fen && !fen->is_string()) || (moves && !moves->is_array()) || (c960 && !c960->is_bool()) ||
        (multipv &&
         (!is_whole(*multipv) || multipv->to_number<double>() < 1 || multipv->to_number<double>() > MaxLines)))
        return error("malformed", id);
    if (moves && moves->as_array().size() > MaxAnalysisMoves) return error("malformed", id);
    const bool chess960 = c960 && c960->as_bool();

    Position start;
    if (fen && fen->as_string().size() > 128) return error("malformed", id);
    if (fen) {
        auto pos = position_from_fen(fen->as_string(),
                                     ValidateOptions{.variant = chess960 ? Variant::Chess960 : Variant::Standard});
        if (!pos) {
            json::object extra;
            if (pos.error().is_syntax) {
                extra["field"] = fen_field_id(pos.error().fen.field);
                extra["offset"] = pos.error().fen.offset;
            }
            json::object out{{"t", "error"}, {"id", id}, {"code", "bad-fen"}, {"text", describe(pos.error(), lang_)}};
            for (auto& [key, value] : extra) out[key] = std::move(value);
            return sink_(json::serialize(out));
        }
        start = *pos;
    }
    start.set_chess960(chess960);
    std::vector<Move> line;
    Position pos = start;
    if (moves) {
        std::size_t index = 0;
        for (const json::value& m : moves->as_array()) {
            if (!m.is_string() || m.as_string().size() > 5) return error("malformed", id);
            const auto move = parse_uci(pos, m.as_string());
            if (!move || *move == Move::null())
                return error("bad-move", id, json::object{{"index", index}, {"uci", m.as_string()}});
            line.push_back(*move);
            pos.do_move(*move);
            ++index;
        }
    }
    analyse(id, start, line, multipv ? multipv->to_number<int>() : 1);
}

void AnalysisSession::analyse(std::int64_t id, const Position& start, std::span<const Move> moves, int multipv) {
    ticket_.cancel();  // one search at a time: the new position ends the old one's
    Position end = start;
    for (const Move m : moves) end.do_move(m);
    sink_(json::serialize(json::object{{"t", "opening"}, {"id", id}, {"opening", opening_of(start, moves, lang_)}}));
    LineSearchRequest request;
    request.start = start;
    request.moves.assign(moves.begin(), moves.end());
    request.multipv = multipv;
    request.client = client_;
    request.on_update = [sink = sink_, id, end](const LineUpdate& update) { sink(lines_message(id, end, update)); };
    auto ticket = pool_.submit(std::move(request));
    if (!ticket && ticket.error() == LineSearchError::ClientLimit)
        return error("analysis_limit", id,
                     json::object{{"limit", analysis_limit_id(AnalysisLimitKind::Searches)}, {"retryAfter", 1}});
    if (!ticket) return error("busy", id);
    ticket_ = std::move(*ticket);
}

}  // namespace schach::server
