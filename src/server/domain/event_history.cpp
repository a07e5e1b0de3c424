#include "server/domain/event_history.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/fen.hpp"

namespace schach::server {
namespace json = boost::json;
namespace {

// ---- Writing: the stored form of an event ---------------------------------------------------

std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }

json::value color_or_null(const std::optional<Color>& c) {
    return c ? json::value(color_name(*c)) : json::value(nullptr);
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

}  // namespace

std::string stored_event_json(const Event& e) {
    // Enough to render the event again for any viewer and language (event_history), given the
    // moves the game still has: what changed, and the clock, timer and status after it.
    json::object o;
    if (e.kind == EventKind::Analysis || e.kind == EventKind::Moved || !e.view)
        return "{}";  // never stored: not in the game's history
    const GameView& v = *e.view;
    const auto status_and_clock = [&] {
        o["status"] = status_id(v.status);
        if (v.outcome.is_over()) {
            o["result"] = result_token(v.outcome.result);
            o["reason"] = termination_id(v.outcome.termination);
        }
        o["clock"] = clock_json(v);
        o["firstMove"] = first_move_json(v);
    };
    switch (e.kind) {
        case EventKind::Move:
            o["uci"] = v.moves.back().uci;
            o["ply"] = static_cast<std::int64_t>(v.moves.size());
            o["claimable"] = claimable_json(v);
            status_and_clock();
            break;
        case EventKind::Offer:
            o["kind"] = offer_kind_id(e.offer);
            o["by"] = color_or_null(e.by);
            break;
        case EventKind::Join:
            o["color"] = color_or_null(e.by);
            o["joined"] = json::object{{"white", v.white.joined}, {"black", v.black.joined}};
            status_and_clock();
            break;
        case EventKind::Rematch: o["id"] = e.rematch; break;
        case EventKind::End: status_and_clock(); break;
        case EventKind::Analysis:
        case EventKind::Moved: break;
        case EventKind::State:
        case EventKind::Takeback:
            o["ply"] = static_cast<std::int64_t>(v.moves.size());
            o["claimable"] = claimable_json(v);
            status_and_clock();
            break;
    }
    return json::serialize(o);
}

namespace {

std::optional<Color> color_of(const json::value* v) {
    if (!v || !v->is_string()) return std::nullopt;
    if (v->as_string() == "white") return Color::White;
    if (v->as_string() == "black") return Color::Black;
    return std::nullopt;
}

std::optional<std::int64_t> number(const json::value* v) {
    if (v && v->is_int64()) return v->as_int64();
    if (v && v->is_uint64()) return static_cast<std::int64_t>(v->as_uint64());
    return std::nullopt;
}

bool flag(const json::object& o, std::string_view key) {
    const json::value* v = o.if_contains(key);
    return v && v->is_bool() && v->as_bool();
}

std::optional<Termination> termination_of(std::string_view id) {
    for (int t = 0; t <= static_cast<int>(Termination::Arbiter); ++t)
        if (termination_id(static_cast<Termination>(t)) == id) return static_cast<Termination>(t);
    return std::nullopt;
}

/// status, result/reason, clock and firstMove of a stored event onto `v`; false when malformed.
bool read_status_and_clock(const json::object& o, GameView& v) {
    const json::value* status = o.if_contains("status");
    if (!status || !status->is_string()) return false;
    auto s = parse_status(std::string_view(status->as_string()));
    if (!s) return false;
    v.status = *s;
    v.outcome = Outcome{};
    if (const json::value* r = o.if_contains("result"); r && r->is_string()) {
        const json::value* reason = o.if_contains("reason");
        if (!reason || !reason->is_string()) return false;
        auto result = parse_result_token(std::string_view(r->as_string()));
        auto termination = termination_of(std::string_view(reason->as_string()));
        if (!result || !termination) return false;
        v.outcome = Outcome{*result, *termination};
    }
    const json::value* clock = o.if_contains("clock");
    if (!clock) return false;
    v.clock.reset();
    if (clock->is_object()) {
        const json::object& c = clock->as_object();
        auto white = number(c.if_contains("white")), black = number(c.if_contains("black"));
        auto low = number(c.if_contains("lowTime"));
        if (!white || !black || !low) return false;
        v.clock = ClockView{*white, *black, color_of(c.if_contains("running")), *low};
    }
    const json::value* first = o.if_contains("firstMove");
    if (!first) return false;
    v.first_move.reset();
    if (first->is_object()) {
        auto c = color_of(first->as_object().if_contains("color"));
        auto left = number(first->as_object().if_contains("left"));
        if (!c || !left) return false;
        v.first_move = FirstMoveView{*c, *left};
    }
    return true;
}

/// The game after its first `ply` moves (those it has now), for a move or takeback event.
bool read_position(const json::object& o, const GameView& now, GameView& v) {
    auto ply = number(o.if_contains("ply"));
    if (!ply || *ply < 0 || *ply > static_cast<std::int64_t>(now.moves.size())) return false;
    v.moves = now.moves.prefix(static_cast<std::size_t>(*ply));
    const std::string& fen = v.moves.empty() ? now.initial_fen : v.moves.back().fen;
    auto pos = position_from_fen(fen);
    if (!pos) return false;
    v.position = *pos;
    const json::value* claimable = o.if_contains("claimable");
    if (!claimable || !claimable->is_object()) return false;
    v.can_claim_threefold = flag(claimable->as_object(), "threefold");
    v.can_claim_fifty = flag(claimable->as_object(), "fifty");
    return true;
}

std::optional<Event> rebuild(const StoredEvent& stored, const GameView& now) {
    boost::system::error_code ec;
    json::value parsed = json::parse(stored.json, ec);
    if (ec || !parsed.is_object()) return std::nullopt;
    const json::object& o = parsed.as_object();
    auto view = std::make_shared<GameView>(now);
    view->version = stored.version;
    Event e;
    e.version = stored.version;
    if (stored.kind == "move" || stored.kind == "takeback") {
        e.kind = stored.kind == "move" ? EventKind::Move : EventKind::Takeback;
        if (!read_position(o, now, *view) || !read_status_and_clock(o, *view)) return std::nullopt;
        // The move must be the one the game still has at that ply.
        const json::value* uci = o.if_contains("uci");
        if (e.kind == EventKind::Move &&
            (view->moves.empty() || !uci || !uci->is_string() || view->moves.back().uci != uci->as_string()))
            return std::nullopt;
        view->draw_offer = view->takeback_offer = view->rematch_offer = std::nullopt;
    } else if (stored.kind == "offer") {
        e.kind = EventKind::Offer;
        const json::value* kind = o.if_contains("kind");
        if (!kind || !kind->is_string()) return std::nullopt;
        if (kind->as_string() == "draw") e.offer = OfferKind::Draw;
        else if (kind->as_string() == "takeback") e.offer = OfferKind::Takeback;
        else if (kind->as_string() == "rematch") e.offer = OfferKind::Rematch;
        else return std::nullopt;
        e.by = color_of(o.if_contains("by"));
    } else if (stored.kind == "end") {
        e.kind = EventKind::End;
        if (!read_status_and_clock(o, *view)) return std::nullopt;
    } else if (stored.kind == "join") {
        e.kind = EventKind::Join;
        e.by = color_of(o.if_contains("color"));
        const json::value* joined = o.if_contains("joined");
        if (!e.by || !joined || !joined->is_object() || !read_status_and_clock(o, *view)) return std::nullopt;
        view->white.joined = flag(joined->as_object(), "white");
        view->black.joined = flag(joined->as_object(), "black");
        // A join comes before any move: the start position, moves for the side to move.
        view->moves = {};
        auto pos = position_from_fen(now.initial_fen);
        if (!pos) return std::nullopt;
        view->position = *pos;
    } else if (stored.kind == "rematch") {
        e.kind = EventKind::Rematch;
        const json::value* id = o.if_contains("id");
        if (!id || !id->is_string()) return std::nullopt;
        e.rematch = std::string(id->as_string());
    } else {
        return std::nullopt;  // "state" (the creation) is never replayed: the client has a state
    }
    e.view = std::move(view);
    return e;
}

}  // namespace

std::optional<std::vector<Event>> events_from_store(const std::vector<StoredEvent>& stored, std::int64_t since,
                                                    const GameView& now) {
    if (since > now.version) return std::nullopt;
    if (static_cast<std::int64_t>(stored.size()) != now.version - since) return std::nullopt;
    std::vector<Event> out;
    out.reserve(stored.size());
    for (std::size_t i = 0; i < stored.size(); ++i) {
        if (stored[i].version != since + 1 + static_cast<std::int64_t>(i)) return std::nullopt;
        auto e = rebuild(stored[i], now);
        if (!e) return std::nullopt;
        out.push_back(std::move(*e));
    }
    return out;
}

}  // namespace schach::server
