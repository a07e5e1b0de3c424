#include "server/api/game_json.hpp"

#include <algorithm>
#include <ctime>

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/movegen.hpp"
#include "server/api/board_json.hpp"
#include "server/api/error_words.hpp"
#include "text/outcome_text.hpp"

namespace schach::server {
namespace json = boost::json;
namespace {

std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }

json::value color_or_null(const std::optional<Color>& c) {
    return c ? json::value(color_name(*c)) : json::value(nullptr);
}

/// Whether `you` may move now (dests and castling are only for them).
bool may_move(const GameView& v, std::optional<Seat> you) {
    if (!you || v.status != Status::Started || v.outcome.is_over()) return false;
    const Color turn = v.position.side_to_move();
    const PlayerView& p = turn == Color::White ? v.white : v.black;
    return !p.engine && seat_has(*you, turn);
}

/// The board's moves (board_json) for `you` when it is their turn, else none.
void moves_json(const GameView& v, std::optional<Seat> you, json::object& out) {
    if (!may_move(v, you)) {
        out["dests"] = nullptr;
        out["castling"] = json::object();
        return;
    }
    BoardMoves moves = board_moves(v.position);
    out["dests"] = std::move(moves.dests);
    out["castling"] = std::move(moves.castling);
}

json::value last_move_json(const GameView& v) {
    if (v.moves.empty()) return nullptr;
    const std::string& uci = v.moves.back().uci;
    return json::array{json::value(uci.substr(0, 2)), json::value(uci.substr(2, 2))};
}

json::value clock_json(const GameView& v) {
    if (!v.clock) return nullptr;
    return json::object{{"white", v.clock->white},
                        {"black", v.clock->black},
                        {"running", color_or_null(v.clock->running)},
                        {"lowTime", v.clock->low_time}};
}

json::value first_move_json(const GameView& v) {
    if (!v.first_move || v.status != Status::Started) return nullptr;
    return json::object{{"color", color_name(v.first_move->color)}, {"left", v.first_move->left}};
}

json::object claimable_json(const GameView& v) {
    return {{"threefold", v.can_claim_threefold}, {"fifty", v.can_claim_fifty}};
}

json::object player_json(const PlayerView& p) {
    return {{"kind", p.engine ? "engine" : "human"}, {"name", p.name}, {"joined", p.joined}};
}

json::value you_json(std::optional<Seat> you) { return you ? json::value(seat_id(*you)) : json::value(nullptr); }

}  // namespace

json::value result_json(const GameView& v, Language lang) {
    if (v.status != Status::Over || !v.outcome.is_over()) return nullptr;
    return json::object{{"result", result_token(v.outcome.result)},
                        {"reason", termination_id(v.outcome.termination)},
                        {"article", termination_article(v.outcome.termination)},
                        {"text", describe(v.outcome, lang)}};
}

json::object state_json(const GameView& v, std::optional<Seat> you, Language lang) {
    json::object s;
    s["id"] = v.id;
    s["variant"] = v.chess960 ? "chess960" : "standard";
    // A Chess960 game from a position of one's own has no number.
    s["chess960"] = v.chess960 && v.chess960_number >= 0 ? json::value(v.chess960_number) : json::value(nullptr);
    s["mode"] = mode_id(v.mode);
    s["level"] = v.mode == Mode::Computer ? json::value(v.level) : json::value(nullptr);
    s["tc"] = v.tc_text.empty() ? json::value(nullptr)
                                : json::value(json::object{{"text", v.tc_text}, {"class", v.tc_class}});
    s["players"] = json::object{{"white", player_json(v.white)}, {"black", player_json(v.black)}};
    s["you"] = you_json(you);
    s["initialFen"] = v.initial_fen;
    s["fen"] = v.moves.empty() ? v.initial_fen : v.moves.back().fen;
    s["ply"] = static_cast<std::int64_t>(v.moves.size());
    s["turn"] = color_name(v.position.side_to_move());
    json::array moves;
    for (const MoveRecord& m : v.moves)
        moves.push_back(json::object{{"uci", m.uci},
                                     {"san", m.san},
                                     {"clock", m.clock ? json::value(*m.clock) : json::value(nullptr)},
                                     {"fen", m.fen}});
    s["moves"] = std::move(moves);
    s["lastMove"] = last_move_json(v);
    s["check"] = check_json(v.position);
    moves_json(v, you, s);
    s["clock"] = clock_json(v);
    s["firstMove"] = first_move_json(v);
    s["offers"] = json::object{{"draw", color_or_null(v.draw_offer)},
                               {"takeback", color_or_null(v.takeback_offer)},
                               {"rematch", color_or_null(v.rematch_offer)}};
    s["claimable"] = claimable_json(v);
    s["status"] = status_id(v.status);
    s["result"] = result_json(v, lang);
    s["version"] = v.version;
    s["imported"] = v.imported;
    return s;
}

json::object event_json(const Event& e, std::optional<Seat> you, Language lang) {
    if (e.kind == EventKind::Moved)  // not versioned: `{t, node}`; the transport ends the connection after it
        return json::object{{"t", "moved"}, {"node", e.owner}};
    if (e.kind == EventKind::Analysis)  // not versioned: `{t, status, progress}`
        return json::object{{"t", "analysis"},
                            {"status", analysis_state_id(e.analysis)},
                            {"progress", json::object{{"done", e.progress.done}, {"total", e.progress.total}}}};
    const GameView& v = *e.view;
    json::object out;
    out["v"] = e.version == 0 ? v.version : e.version;
    out["t"] = event_kind_id(e.kind);
    switch (e.kind) {
        case EventKind::State:
        case EventKind::Takeback: out["d"] = state_json(v, you, lang); break;
        case EventKind::Move: {
            json::object d;
            const MoveRecord& m = v.moves.back();
            d["uci"] = m.uci;
            d["san"] = m.san;
            d["fen"] = m.fen;
            d["ply"] = static_cast<std::int64_t>(v.moves.size());
            d["clock"] = clock_json(v);
            d["firstMove"] = first_move_json(v);
            d["lastMove"] = last_move_json(v);
            d["check"] = check_json(v.position);
            moves_json(v, you, d);
            d["claimable"] = claimable_json(v);
            d["status"] = status_id(v.status);
            d["result"] = result_json(v, lang);
            out["d"] = std::move(d);
            break;
        }
        case EventKind::Offer:
            out["d"] = json::object{{"kind", offer_kind_id(e.offer)}, {"by", color_or_null(e.by)}};
            break;
        case EventKind::End:
            out["d"] = json::object{{"result", result_json(v, lang)}, {"status", status_id(v.status)}};
            break;
        case EventKind::Join: {
            // The seats and what the start of the game changed, so the page needs no refetch.
            json::object d{{"color", color_or_null(e.by)},
                           {"players", json::object{{"white", player_json(v.white)}, {"black", player_json(v.black)}}},
                           {"status", status_id(v.status)},
                           {"clock", clock_json(v)},
                           {"firstMove", first_move_json(v)}};
            moves_json(v, you, d);
            out["d"] = std::move(d);
            break;
        }
        case EventKind::Rematch: out["d"] = json::object{{"id", e.rematch}}; break;
        case EventKind::Analysis:
        case EventKind::Moved: break;
    }
    return out;
}

json::object ack_json(std::optional<std::int64_t> a) {
    return {{"t", "ack"}, {"d", a ? json::value(*a) : json::value(nullptr)}};
}

json::object error_json(const ServiceError& e, std::optional<std::int64_t> a, Language lang) {
    const WordedError w = word(e, lang);
    if (!is_refusal(e)) return {{"t", "error"}, {"d", json::object{{"code", w.code}, {"text", w.text}}}};
    json::array squares;
    for (const std::string& s : w.squares) squares.emplace_back(s);
    return {{"t", "refusal"},
            {"d", json::object{{"a", a ? json::value(*a) : json::value(nullptr)},
                               {"code", w.code},
                               {"article", w.article},
                               {"text", w.text},
                               {"squares", std::move(squares)}}}};
}

std::optional<std::string> ws_reply(const ClientMessage& command, const ActResult& result, Language lang) {
    const std::optional<std::int64_t> a = counter_of(command);
    if (!result) return json::serialize(error_json(result.error(), a, lang));
    if (a) return json::serialize(ack_json(a));
    return std::nullopt;
}

json::object http_error_json(const ServiceError& e, Language lang) {
    const WordedError w = word(e, lang);
    json::object o{{"code", w.code}, {"text", w.text}};
    if (!w.article.empty()) o["article"] = w.article;
    if (w.fen_field) o["field"] = *w.fen_field;
    if (w.fen_offset) o["offset"] = *w.fen_offset;
    if (e.limit) o["limit"] = analysis_limit_id(*e.limit);
    if (e.retry_after_s) o["retryAfter"] = *e.retry_after_s;
    if (e.code == ServiceCode::Moved) o["node"] = e.owner;
    return o;
}

Reply http_reply(const ActResult& result, Language lang) {
    Reply r;
    if (result) {
        r.body = json::object{{"ok", true}};
        return r;
    }
    r.status = http_status(result.error());
    r.body = http_error_json(result.error(), lang);
    if (result.error().code == ServiceCode::Moved) r.moved_to = result.error().owner;
    return r;
}

namespace {

/// Only these keys (and each at most once: Boost.JSON keeps the last of duplicates, so the
/// object's size is compared too).
bool only_keys(const json::object& o, std::initializer_list<std::string_view> keys) {
    for (const auto& kv : o) {
        bool known = false;
        for (std::string_view k : keys) known = known || kv.key() == k;
        if (!known) return false;
    }
    return true;
}

std::optional<std::int64_t> integer(const json::value* v) {
    if (!v) return std::nullopt;
    if (v->is_int64()) return v->as_int64();
    if (v->is_uint64() && v->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
        return static_cast<std::int64_t>(v->as_uint64());
    return std::nullopt;
}

std::optional<std::string> short_string(const json::value* v, std::size_t max) {
    if (!v || !v->is_string() || v->as_string().size() > max || v->as_string().empty()) return std::nullopt;
    return std::string(v->as_string());
}

std::optional<Answer> answer(const json::value* v) {
    if (!v || !v->is_string()) return std::nullopt;
    const json::string& s = v->as_string();
    if (s == "offer") return Answer::Offer;
    if (s == "accept") return Answer::Accept;
    if (s == "decline") return Answer::Decline;
    return std::nullopt;
}

/// The move text of a move or claim: exactly one of `uci` or `san`.
bool is_uci_move(std::string_view s) {
    if (s.size() != 4 && s.size() != 5) return false;
    const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (!file(s[0]) || !rank(s[1]) || !file(s[2]) || !rank(s[3])) return false;
    return s.size() == 4 || std::string_view("qrbn").find(s[4]) != std::string_view::npos;
}

bool is_san_text(std::string_view s) {
    return !s.empty() && s.size() <= 16 && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '=' || c == '+' ||
               c == '#' || c == '-' || c == 'x' || c == '!' || c == '?';
    });
}

bool move_text(const json::object& d, std::string& text, bool& is_san) {
    const json::value* uci = d.if_contains("uci");
    const json::value* san = d.if_contains("san");
    if ((uci != nullptr) == (san != nullptr)) return false;
    auto s = uci ? short_string(uci, 5) : short_string(san, 16);
    if (!s || (uci ? !is_uci_move(*s) : !is_san_text(*s))) return false;
    text = *s;
    is_san = san != nullptr;
    return true;
}

std::optional<ClientMessage> read_message(const json::object& msg) {
    if (!only_keys(msg, {"t", "d"})) return std::nullopt;
    const json::value* t = msg.if_contains("t");
    if (!t || !t->is_string()) return std::nullopt;
    const json::string& type = t->as_string();
    const json::value* d = msg.if_contains("d");
    const bool no_data = !d || d->is_null();
    if (type == "ping" && no_data) return PingMessage{};
    if (type == "resign" && no_data) return ResignMessage{};
    if (type == "abort" && no_data) return AbortMessage{};
    if (type == "draw") {
        if (auto a = answer(d)) return DrawMessage{*a};
        return std::nullopt;
    }
    if (type == "takeback") {
        if (auto a = answer(d)) return TakebackMessage{*a};
        return std::nullopt;
    }
    if (type == "rematch") {
        if (auto a = answer(d)) return RematchMessage{*a};
        return std::nullopt;
    }
    if (!d || !d->is_object()) return std::nullopt;
    const json::object& o = d->as_object();
    if (type == "move") {
        if (!only_keys(o, {"ply", "uci", "san", "a"})) return std::nullopt;
        MoveMessage m;
        auto ply = integer(o.if_contains("ply"));
        if (!ply || *ply < 0 || *ply > 100000) return std::nullopt;
        m.ply = static_cast<int>(*ply);
        if (!move_text(o, m.text, m.is_san)) return std::nullopt;
        if (const json::value* a = o.if_contains("a"); a && !a->is_null()) {
            m.a = integer(a);
            if (!m.a || *m.a < 0 || *m.a >= 100000) return std::nullopt;
        }
        return m;
    }
    if (type == "claim") {
        if (!only_keys(o, {"kind", "uci", "san"})) return std::nullopt;
        ClaimMessage c;
        const json::value* kind = o.if_contains("kind");
        if (!kind || !kind->is_string()) return std::nullopt;
        if (kind->as_string() == "threefold") c.kind = DrawClaim::Threefold;
        else if (kind->as_string() == "fifty") c.kind = DrawClaim::FiftyMoves;
        else return std::nullopt;
        if (o.contains("uci") || o.contains("san")) {
            std::string text;
            if (!move_text(o, text, c.is_san)) return std::nullopt;
            c.move = text;
        }
        return c;
    }
    return std::nullopt;
}

}  // namespace

namespace {

/// Size, depth and JSON: the first checks of every body and message.
std::expected<json::object, ServiceError> read_object(std::string_view text) {
    if (text.size() > MaxMessageBytes) return std::unexpected(make_error(ServiceCode::TooLarge));
    json::parse_options options;
    options.max_depth = MaxMessageDepth;
    boost::system::error_code ec;
    json::value v = json::parse(json::string_view(text.data(), text.size()), ec, json::storage_ptr(), options);
    if (ec || !v.is_object()) return std::unexpected(make_error(ServiceCode::Malformed));
    return std::move(v.as_object());
}

}  // namespace

std::expected<ClientMessage, ErrorCode> parse_client_message(std::string_view text) {
    auto object = read_object(text);
    if (!object)
        return std::unexpected(object.error().code == ServiceCode::TooLarge ? ErrorCode::TooLarge
                                                                            : ErrorCode::Malformed);
    if (auto m = read_message(*object)) return *m;
    // A well-formed message of a type the protocol does not have says so (the page can tell).
    static constexpr std::string_view Known[] = {"move",  "draw",     "claim",   "resign",
                                                 "abort", "takeback", "rematch", "ping"};
    const json::value* t = object->if_contains("t");
    if (t && t->is_string() &&
        std::find(std::begin(Known), std::end(Known), std::string_view(t->as_string())) == std::end(Known))
        return std::unexpected(ErrorCode::UnknownType);
    return std::unexpected(ErrorCode::Malformed);
}

std::optional<ClientMessage> command_from_path(const std::vector<std::string>& rest, const Target& target) {
    if (rest.size() == 1 && rest[0] == "resign") return ResignMessage{};
    if (rest.size() == 1 && rest[0] == "abort") return AbortMessage{};
    if (rest.size() != 2) return std::nullopt;
    const std::string& verb = rest[0];
    const std::string& arg = rest[1];
    if (verb == "move") {
        if (!is_uci_move(arg)) return std::nullopt;
        return MoveMessage{MoveMessage::CurrentPly, arg, false, std::nullopt};  // for the position now
    }
    if (verb == "draw" || verb == "takeback" || verb == "rematch") {
        const json::value text(arg);
        const auto a = answer(&text);
        if (!a) return std::nullopt;
        if (verb == "draw") return DrawMessage{*a};
        if (verb == "takeback") return TakebackMessage{*a};
        return RematchMessage{*a};
    }
    if (verb == "claim") {
        ClaimMessage c;
        if (arg == "threefold") c.kind = DrawClaim::Threefold;
        else if (arg == "fifty") c.kind = DrawClaim::FiftyMoves;
        else return std::nullopt;
        if (const auto move = target.param("move")) {
            if (!is_uci_move(*move)) return std::nullopt;
            c.move = *move;
        }
        return c;
    }
    return std::nullopt;
}

namespace {

std::string iso8601(Millis wall) {
    const std::time_t t = static_cast<std::time_t>(wall / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace

std::expected<CreateGameRequest, ServiceError> parse_create_request(std::string_view text) {
    auto o = read_object(text);
    if (!o) return std::unexpected(o.error());
    return read_create_request(json::value(std::move(*o)));
}

std::expected<CreateGameRequest, ServiceError> read_create_request(const json::value& body) {
    if (!body.is_object()) return std::unexpected(make_error(ServiceCode::Malformed));
    const json::object* o = &body.as_object();
    auto malformed = [&] { return std::unexpected(make_error(ServiceCode::Malformed)); };
    auto bad = [&] { return std::unexpected(make_error(ServiceCode::BadRequest)); };
    if (!only_keys(*o, {"mode", "level", "color", "tc", "variant", "chess960", "fen"})) return malformed();
    CreateGameRequest r;
    const json::value* mode = o->if_contains("mode");
    if (!mode || !mode->is_string()) return malformed();
    auto m = parse_mode(std::string_view(mode->as_string()));
    if (!m) return malformed();
    r.mode = *m;
    if (const json::value* level = o->if_contains("level"); level && !level->is_null()) {
        auto n = integer(level);
        if (!n) return malformed();
        if (*n < 1 || *n > 8) return bad();
        r.level = static_cast<int>(*n);
    }
    if (const json::value* color = o->if_contains("color"); color && !color->is_null()) {
        if (!color->is_string()) return malformed();
        const json::string& c = color->as_string();
        if (c == "white") r.color = ColorChoice::White;
        else if (c == "black") r.color = ColorChoice::Black;
        else if (c == "random") r.color = ColorChoice::Random;
        else return malformed();
    }
    if (const json::value* tc = o->if_contains("tc"); tc && !tc->is_null()) {
        auto s = short_string(tc, 40);
        if (!s) return malformed();
        r.tc = *s;
    }
    if (const json::value* variant = o->if_contains("variant"); variant && !variant->is_null()) {
        if (!variant->is_string()) return malformed();
        if (variant->as_string() == "chess960") r.chess960 = true;
        else if (variant->as_string() != "standard") return malformed();
    }
    if (const json::value* n = o->if_contains("chess960"); n && !n->is_null()) {
        if (n->is_string() && n->as_string() == "random") {
            r.chess960 = true;
        } else {
            auto number = integer(n);
            if (!number) return malformed();
            if (*number < 0 || *number > 959) return bad();
            r.chess960 = true;
            r.chess960_number = static_cast<int>(*number);
        }
    }
    if (const json::value* fen = o->if_contains("fen"); fen && !fen->is_null()) {
        auto s = short_string(fen, 128);
        if (!s) return malformed();
        // A position of one's own or a numbered Chess960 start, not both.
        if (const json::value* n = o->if_contains("chess960"); n && !n->is_null()) return bad();
        r.fen = *s;
    }
    return r;
}

std::expected<JoinRequest, ServiceError> parse_join_request(std::string_view text) {
    auto o = read_object(text);
    if (!o) return std::unexpected(o.error());
    return read_join_request(json::value(std::move(*o)));
}

std::expected<JoinRequest, ServiceError> read_join_request(const json::value& body) {
    if (!body.is_object()) return std::unexpected(make_error(ServiceCode::Malformed));
    const json::object* o = &body.as_object();
    JoinRequest r;
    if (!only_keys(*o, {"invite", "rematch"})) return std::unexpected(make_error(ServiceCode::Malformed));
    r.invite = short_string(o->if_contains("invite"), 64);
    r.rematch = short_string(o->if_contains("rematch"), 8);
    if (r.invite.has_value() == r.rematch.has_value()) return std::unexpected(make_error(ServiceCode::Malformed));
    return r;
}

json::object created_json(const CreatedGame& c) {
    const std::string play = "/game/" + c.id;
    json::value invite_url = nullptr;
    if (c.invite) invite_url = play + "?invite=" + *c.invite;
    return {{"id", c.id},
            {"color", seat_id(c.seat)},
            {"secret", c.secret},
            {"invite", c.invite ? json::value(*c.invite) : json::value(nullptr)},
            {"urls", json::object{{"play", play}, {"invite", invite_url}, {"watch", "/watch/" + c.id}}}};
}

json::object joined_json(const JoinedGame& j) {
    // The page reads a join's colour as white or black only; at one device (a local rematch) the
    // secret holds both seats and the state's `you` says "both", so White stands for it here.
    const Seat shown = j.seat == Seat::Both ? Seat::White : j.seat;
    return {{"color", seat_id(shown)}, {"secret", j.secret}};
}

json::array games_json(const std::vector<GameSummary>& games, Language lang) {
    json::array out;
    for (const GameSummary& g : games) {
        GameView v;
        v.status = g.status;
        v.outcome = g.outcome;
        out.push_back(
            json::object{{"id", g.id},
                         {"players", json::object{{"white", player_json(g.white)}, {"black", player_json(g.black)}}},
                         {"status", status_id(g.status)},
                         {"result", result_json(v, lang)},
                         {"updated", iso8601(g.updated)}});
    }
    return out;
}

}  // namespace schach::server
