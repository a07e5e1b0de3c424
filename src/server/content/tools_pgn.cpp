// The PGN page's checker (tools_api.hpp): every game of a text read and checked move by move,
// adjudicated by the Laws like `schach pgn adjudicate`, and written again in three letter sets.

#include "core/outcome.hpp"
#include "game/adjudication.hpp"
#include "pgn/pgn.hpp"
#include "server/content/tools_json.hpp"
#include "text/outcome_text.hpp"
#include "text/pgn_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

std::string_view color_id(Color c) { return c == Color::White ? "white" : "black"; }

/// One game as read: what the builder keeps plus the record's facts for the adjudication.
struct ReadGame {
    PgnLocation where;
    std::vector<std::pair<std::string, std::string>> tags;
    Position start;
    std::vector<Move> moves;
    std::vector<std::string> san;
    ByColor<std::optional<double>> last_clock{};
    std::string marker;
    std::vector<PgnError> errors;
};

/// Builds the PgnGame (for writing) and notes the main line, clocks and errors of each game.
class CheckVisitor final : public PgnGameBuilder {
public:
    void begin_game(const PgnLocation& where) override {
        PgnGameBuilder::begin_game(where);
        games.emplace_back();
        games.back().where = where;
        depth_ = 0;
        last_mover_.reset();
    }
    void tag(std::string_view name, std::string_view value) override {
        PgnGameBuilder::tag(name, value);
        games.back().tags.emplace_back(name, value);
    }
    bool begin_moves(const Position& start) override {
        games.back().start = start;
        return PgnGameBuilder::begin_moves(start);
    }
    void move(const Position& before, Move m, std::string_view text, const PgnLocation& where) override {
        PgnGameBuilder::move(before, m, text, where);
        if (depth_ != 0) return;
        games.back().moves.push_back(m);
        games.back().san.emplace_back(text);
        last_mover_ = before.side_to_move();
        games.back().last_clock[*last_mover_].reset();
    }
    void comment(std::string_view text) override {
        PgnGameBuilder::comment(text);
        if (depth_ != 0 || !last_mover_ || text.find("%clk") == std::string_view::npos) return;
        if (auto seconds = parse_comment(text).clock_seconds) games.back().last_clock[*last_mover_] = seconds;
    }
    void begin_variation() override {
        PgnGameBuilder::begin_variation();
        ++depth_;
    }
    void end_variation() override {
        PgnGameBuilder::end_variation();
        --depth_;
    }
    void result(std::string_view token) override {
        PgnGameBuilder::result(token);
        games.back().marker.assign(token);
    }
    void error(const PgnError& e) override {
        PgnGameBuilder::error(e);
        if (!games.empty()) games.back().errors.push_back(e);
    }

    std::vector<ReadGame> games;

private:
    int depth_ = 0;
    std::optional<Color> last_mover_;
};

std::optional<std::string_view> tag_of(const ReadGame& g, std::string_view name) {
    for (const auto& [k, v] : g.tags)
        if (k == name) return std::string_view(v);
    return std::nullopt;
}

json::object adjudication_json(const ReadGame& g, Language lang) {
    GameRecord record;
    record.recorded = std::string(tag_of(g, "Result").value_or(g.marker));
    if (const auto t = tag_of(g, "Termination")) record.termination = std::string(*t);
    record.last_clock = g.last_clock;
    const Adjudication a = adjudicate(g.start, g.moves, record);
    json::object out{{"verdict", adjudication_label(a)}, {"recorded", record.recorded}, {"differs", a.differs}};
    if (a.verdict == Adjudication::Verdict::Over) {
        out["result"] = result_token(a.laws.result);
        out["termination"] = termination_id(a.laws.termination);
        out["article"] = termination_article(a.laws.termination);
        out["text"] = describe(a.laws, lang);
    } else {
        out["result"] = nullptr;
    }
    if (a.end_ply) {
        out["endedAt"] = *a.end_ply == 0 ? std::string() : move_number_of_ply(g.start, *a.end_ply);
        out["morePlies"] = a.plies - *a.end_ply;
    }
    if (a.cannot_mate) {
        out["cannotMate"] = color_id(*a.cannot_mate);
        out["cannotMateArticle"] = a.cannot_mate_article;
    }
    if (a.verdict == Adjudication::Verdict::NotReplayable) out["badMove"] = move_number_of_ply(g.start, a.bad_ply);
    return out;
}

json::object error_json(const PgnError& e, Language lang) {
    return {{"line", e.where.line},
            {"column", e.where.column},
            {"kind", pgn_error_id(e.kind)},
            {"detail", pgn_detail_id(e.detail)},
            {"text", describe(e, lang)}};
}

}  // namespace

ToolReply pgn_check(const json::value& request, Language lang) {
    const auto text = tools::string_field(request, "pgn", MaxPgnBytes);
    if (!text) {
        if (request.is_object() && request.as_object().contains("pgn") && request.at("pgn").is_string())
            return tools::error(413, "too-large", error_text(ErrorCode::TooLarge, lang),
                                json::object{{"limit", MaxPgnBytes}});
        return tools::bad_request(lang);
    }
    PgnReader reader{std::string_view(*text)};
    CheckVisitor visitor;
    std::vector<PgnGame> written;
    json::array games;
    std::size_t errors = 0, differ = 0;
    bool truncated = false;
    while (reader.read_game(visitor)) {
        if (visitor.games.size() > MaxPgnGames) {
            truncated = true;
            break;
        }
        ReadGame& g = visitor.games.back();
        json::object game{{"number", g.where.game},
                          {"line", g.where.line},
                          {"white", std::string(tag_of(g, "White").value_or("?"))},
                          {"black", std::string(tag_of(g, "Black").value_or("?"))},
                          {"moves", json::array(g.san.begin(), g.san.end())}};
        json::array errs;
        for (const PgnError& e : g.errors) errs.push_back(error_json(e, lang));
        errors += g.errors.size();
        game["errors"] = std::move(errs);
        auto built = visitor.take();
        if (g.errors.empty() && !built.empty()) {
            json::object adjudication = adjudication_json(g, lang);
            if (adjudication.at("differs").as_bool()) ++differ;
            game["adjudication"] = std::move(adjudication);
            json::object pgn;
            for (const Language l : {Language::English, Language::German, Language::GermanNeutral})
                pgn[language_code(l)] = write_pgn(built.back(), PgnWriteOptions{.lang = l});
            game["pgn"] = std::move(pgn);
        } else {
            game["adjudication"] = nullptr;
            game["pgn"] = nullptr;
        }
        games.push_back(std::move(game));
        g.moves.clear();  // only the answer keeps the game now
        g.san.clear();
    }
    return {200, json::object{
                     {"games", std::move(games)}, {"errors", errors}, {"differ", differ}, {"truncated", truncated}}};
}

}  // namespace schach::server
