// The Chess960 explorer's answers (tools_api.hpp): numbers, arrays and their derivation.

#include <random>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "server/content/tools_json.hpp"
#include "text/chess960_text.hpp"

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
            const auto p = tools::piece_of_letter((*rank)[i]);
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

}  // namespace schach::server
