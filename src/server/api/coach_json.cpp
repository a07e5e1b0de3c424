#include "server/api/coach_json.hpp"

#include <boost/json/array.hpp>

#include "text/coach_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

/// The squares a hint names, for the board to mark: where the piece stands, where it came from,
/// the attacker, then the further squares, each once.
json::array hint_squares(const Hint& h) {
    Bitboard seen = 0;
    json::array out;
    const auto add = [&](Square s) {
        if (s == Square::None || contains(seen, s)) return;
        seen |= bb(s);
        out.emplace_back(to_string(s));
    };
    add(h.square);
    add(h.from);
    add(h.to);
    add(h.by);
    for (Square s : squares(h.squares)) add(s);
    return out;
}

}  // namespace

json::object coach_json(const CoachAdvice& advice, Language lang) {
    json::array hints;
    for (const Hint& h : advice.hints) {
        json::object o;
        o["principle"] = static_cast<int>(h.principle);
        o["principle_id"] = principle_id(h.principle);
        o["principle_name"] = principle_name(h.principle, lang);
        o["code"] = hint_id(h.code);
        o["praise"] = h.praise();
        o["text"] = describe(h, lang);
        o["squares"] = hint_squares(h);
        hints.push_back(std::move(o));
    }
    json::object body;
    body["ply"] = advice.ply;
    body["learner"] = advice.learner == Color::White ? "white" : "black";
    body["mover"] = advice.mover == Color::White ? "white" : "black";
    body["hints"] = std::move(hints);
    return body;
}

}  // namespace schach::server
