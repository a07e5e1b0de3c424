// The Chess960 explorer's and castling trainer's answers (tools_api.hpp).

#include <random>

#include "core/chess960.hpp"
#include "core/explain.hpp"
#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "server/tools_json.hpp"
#include "text/chess960_text.hpp"
#include "text/refusal_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

constexpr std::string_view Letters = "PNBRQK?";  // in the order of PieceType

char letter(PieceType t) { return Letters[static_cast<std::size_t>(t)]; }

std::string back_rank_text(int n) {
    std::string s;
    for (PieceType t : chess960_back_rank(n)) s += letter(t);
    return s;
}

std::string file_name(int f) { return std::string(1, static_cast<char>('a' + f)); }

/// The five steps of the derivation: what each chose among how many, and the files it filled.
json::array steps_json(int n) {
    const Chess960Derivation d = chess960_derivation(n);
    struct Step {
        std::string_view id;
        int choices, choice;
    };
    const Step steps[] = {{"light-bishop", 4, d.light},
                          {"dark-bishop", 4, d.dark},
                          {"queen", 6, d.queen},
                          {"knights", 10, d.knights},
                          {"rook-king-rook", 1, 0}};
    const auto rank = chess960_back_rank(n);
    json::array out;
    for (std::size_t i = 0; i < std::size(steps); ++i) {
        json::array files, pieces;
        for (int f = 0; f < 8; ++f)
            if (d.step_of[static_cast<std::size_t>(f)] == static_cast<int>(i)) {
                files.emplace_back(file_name(f));
                pieces.emplace_back(std::string(1, letter(rank[static_cast<std::size_t>(f)])));
            }
        out.push_back(json::object{{"step", steps[i].id},
                                   {"choices", steps[i].choices},
                                   {"choice", steps[i].choice},
                                   {"files", std::move(files)},
                                   {"pieces", std::move(pieces)}});
    }
    return out;
}

ToolReply chess960_error(const Chess960Error& e, Language lang) {
    return tools::error(400, "chess960", describe(e, lang), json::object{{"kind", chess960_error_id(e.kind)}});
}

/// "518", "random" or nothing.
std::optional<int> read_number(std::string_view text) {
    if (text == "random") {
        static thread_local std::mt19937 rng{std::random_device{}()};
        return std::uniform_int_distribution<int>(0, Chess960Count - 1)(rng);
    }
    if (text.empty() || text.size() > 4) return std::nullopt;
    int n = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

std::optional<PieceType> piece_of_letter(char c) {
    switch (c) {
        case 'K': return PieceType::King;
        case 'Q': return PieceType::Queen;
        case 'R': return PieceType::Rook;
        case 'B': return PieceType::Bishop;
        case 'N': return PieceType::Knight;
        default: return std::nullopt;
    }
}

}  // namespace

ToolReply chess960_start(std::string_view number, std::optional<std::string_view> black, Language lang) {
    const auto white = read_number(number);
    const auto other = black ? read_number(*black) : white;
    if (!white || !other) return tools::bad_request(lang);
    const auto pos = double_chess960_position(*white, *other);
    if (!pos) return chess960_error(pos.error(), lang);
    json::object body{{"number", *white},
                      {"backRank", back_rank_text(*white)},
                      {"fen", to_fen(*pos, FenFormat::XFen)},
                      {"shredderFen", to_fen(*pos, FenFormat::Shredder)},
                      {"classical", *white == ClassicalScharnagl},
                      {"steps", steps_json(*white)}};
    if (black) {
        body["black"] = *other;
        body["blackBackRank"] = back_rank_text(*other);
        body["blackSteps"] = steps_json(*other);
    }
    return {200, std::move(body)};
}

ToolReply chess960_number_of(const json::value& request, Language lang) {
    if (const auto rank = tools::string_field(request, "backRank", 8)) {
        std::array<PieceType, 8> pieces{};
        if (rank->size() != 8) return tools::bad_request(lang);
        for (std::size_t i = 0; i < 8; ++i) {
            const auto p = piece_of_letter((*rank)[i]);
            if (!p) return tools::bad_request(lang);
            pieces[i] = *p;
        }
        const int n = chess960_number(pieces);
        if (n < 0) return chess960_error(Chess960Error{Chess960Error::Kind::NoChess960Array}, lang);
        return {200, json::object{{"number", n}, {"backRank", *rank}}};
    }
    const auto pos = tools::read_position(request, lang);
    if (!pos) return pos.error();
    const auto n = chess960_number(*pos);
    if (!n) return chess960_error(n.error(), lang);
    return {200, json::object{{"number", *n}, {"backRank", back_rank_text(*n)}}};
}

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
        const auto piece = piece_of_letter(static_cast<char>(std::toupper(static_cast<unsigned char>((*p)[0]))));
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
