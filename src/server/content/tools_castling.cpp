// The castling trainer's answers (tools_api.hpp): its cases, and any position's moves and tries,
// a try played or refused with the rules' reason.

#include <cctype>

#include "core/explain.hpp"
#include "notation/notation.hpp"
#include "server/content/tools_json.hpp"
#include "text/refusal_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

/// A case of the trainer: a position with White to move and the castling it is about.
struct CastlingCase {
    std::string_view id;
    std::string_view fen;
};

// The cases of the Chess960 text (seed 004): the targets are always fixed (g-side king g1, rook
// f1; c-side king c1, rook d1), whatever has to move to get there; then three the rules refuse.
constexpr CastlingCase Cases[] = {
    {"rook-only", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1"},
    {"king-only", "1r2kr2/pppppppp/8/8/8/8/PPPPPPPP/1R2KR2 w FBfb - 0 1"},
    {"swap", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1"},
    {"king-b1", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"},
    {"through-check", "rk2r2r/pppp1ppp/8/8/8/8/PPPP1PPP/RK5R w HAha - 0 1"},
    {"blocked", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK3B1R w HAha - 0 1"},
    {"no-right", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w Aha - 0 1"},
};

}  // namespace

ToolReply castling_cases(Language lang) {
    json::array cases;
    for (const CastlingCase& c : Cases) {
        const auto pos = tools::read_position(json::object{{"fen", c.fen}}, lang);
        if (!pos) return pos.error();  // a defect in the table: the test of every case catches it
        cases.push_back(json::object{{"id", c.id}, {"position", tools::moves_of(*pos)}});
    }
    return {200, json::object{{"cases", std::move(cases)},
                              {"targets", json::object{{"g", json::object{{"king", "g1"}, {"rook", "f1"}}},
                                                       {"c", json::object{{"king", "c1"}, {"rook", "d1"}}}}}}};
}

ToolReply position_info(const json::value& request, Language lang) {
    const auto pos = tools::read_position(request, lang);
    if (!pos) return pos.error();
    return {200, tools::moves_of(*pos)};
}

ToolReply position_move(const json::value& request, Language lang) {
    const auto pos = tools::read_position(request, lang);
    if (!pos) return pos.error();
    const auto from = tools::string_field(request, "from", 2), to = tools::string_field(request, "to", 2);
    if (!from || !to) return tools::bad_request(lang);
    const Square f = parse_square(*from), t = parse_square(*to);
    if (f == Square::None || t == Square::None) return tools::bad_request(lang);
    PieceType promotion = PieceType::None;
    if (const auto p = tools::string_field(request, "promotion", 1)) {
        const auto piece = tools::piece_of_letter(static_cast<char>(std::toupper(static_cast<unsigned char>((*p)[0]))));
        if (!piece || *piece == PieceType::King) return tools::bad_request(lang);
        promotion = *piece;
    }
    const Refusal refusal = explain_move(*pos, f, t, promotion);
    if (!refusal.ok()) {
        json::array squares;
        for (Square s : {refusal.square, refusal.by})
            if (s != Square::None) squares.emplace_back(to_string(s));
        return {200, json::object{{"legal", false},
                                  {"refusal", json::object{{"code", refusal_id(refusal.code)},
                                                           {"article", refusal_article(refusal.code)},
                                                           {"text", describe(refusal, lang)},
                                                           {"squares", std::move(squares)}}}}};
    }
    const Move m = find_move(*pos, f, t, promotion);
    Position after = *pos;
    const std::string san = to_san(after, m, lang);
    after.do_move(m);
    json::object body{{"legal", true},
                      {"uci", to_string(m.from()) + to_string(m.to())},
                      {"san", san},
                      {"castling", m.kind() == MoveKind::Castling},
                      {"position", tools::moves_of(after)}};
    return {200, std::move(body)};
}

}  // namespace schach::server
