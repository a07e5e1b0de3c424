// The routes of the tools and what their files share (tools_json.hpp).

#include "server/content/tools_api.hpp"

#include <boost/json/parse.hpp>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "server/api/board_json.hpp"
#include "server/content/tools_json.hpp"
#include "text/fen_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace tools {

ToolReply error(int status, std::string_view code, std::string text, json::object extra) {
    extra["code"] = code;
    extra["text"] = std::move(text);
    return {status, std::move(extra)};
}

ToolReply bad_request(Language lang) { return error(400, "bad-request", error_text(ErrorCode::Malformed, lang)); }

std::optional<std::string> string_field(const json::value& request, std::string_view name, std::size_t max) {
    if (!request.is_object()) return std::nullopt;
    const json::value* v = request.as_object().if_contains(name);
    if (v == nullptr || !v->is_string() || v->as_string().size() > max) return std::nullopt;
    return std::string(v->as_string());
}

std::expected<Position, ToolReply> read_position(const json::value& request, Language lang) {
    const auto fen = string_field(request, "fen", 128);
    if (!fen) return std::unexpected(bad_request(lang));
    Variant variant = Variant::Chess960;
    if (const auto v = string_field(request, "variant", 16)) {
        if (*v == "standard") variant = Variant::Standard;
        else if (*v != "chess960") return std::unexpected(bad_request(lang));
    }
    auto pos = position_from_fen(*fen, ValidateOptions{.variant = variant});
    if (!pos) {
        json::object extra;
        if (pos.error().is_syntax) {
            extra["field"] = fen_field_id(pos.error().fen.field);
            extra["offset"] = pos.error().fen.offset;
        }
        return std::unexpected(error(400, "bad-fen", describe(pos.error(), lang), std::move(extra)));
    }
    return *pos;
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

json::object moves_of(const Position& pos) {
    BoardMoves moves = board_moves(pos);
    json::object tries;
    const Color us = pos.side_to_move();
    // A castling try is the king onto one of its own rooks on the back rank: the trainer lets a
    // player try it and shows why the rules refuse it when they do.
    const Square king = pos.king(us);
    if (rank_of(king) == relative(us, Rank::R1)) {
        Bitboard rooks = pos.pieces(us, PieceType::Rook) & bb(relative(us, Rank::R1));
        while (rooks) add_destination(tries, to_string(king), to_string(pop_lsb(rooks)));
    }
    return {{"fen", to_fen(pos)},
            {"turn", us == Color::White ? "white" : "black"},
            {"check", check_json(pos)},
            {"dests", std::move(moves.dests)},
            {"castling", std::move(moves.castling)},
            {"tries", std::move(tries)}};
}

}  // namespace tools

namespace {

json::value parse_body(std::string_view body) {
    boost::system::error_code ec;
    json::parse_options po;
    po.max_depth = 8;
    json::value v = json::parse(body, ec, {}, po);
    if (ec) return nullptr;
    return v;
}

}  // namespace

std::optional<ToolReply> tools_request(bool post, const Target& target, std::string_view body, Language lang) {
    const auto& seg = target.segments;
    if (seg.size() < 2 || seg[0] != "api") return std::nullopt;
    const auto method_error = [&] { return tools::error(405, "method", error_text(ErrorCode::Method, lang)); };
    if (seg[1] == "chess960" && seg.size() == 3) {
        if (seg[2] == "number") return post ? chess960_number_of(parse_body(body), lang) : method_error();
        if (post) return method_error();
        return chess960_start(seg[2], target.param("black"), lang);
    }
    if (seg[1] == "castling" && seg.size() == 3 && seg[2] == "cases")
        return post ? method_error() : castling_cases(lang);
    if (seg[1] == "position" && seg.size() == 2) return post ? position_info(parse_body(body), lang) : method_error();
    if (seg[1] == "position" && seg.size() == 3 && seg[2] == "move")
        return post ? position_move(parse_body(body), lang) : method_error();
    if (seg[1] == "time-control" && seg.size() == 2) {
        if (post) return method_error();
        const auto spec = target.param("spec");
        if (!spec || spec->size() > 128) return tools::bad_request(lang);
        return time_control_info(*spec, target.param("form").value_or("human"), lang);
    }
    if (seg[1] == "pgn" && seg.size() == 3 && seg[2] == "check") {
        if (!post) return method_error();
        if (body.size() > MaxPgnBodyBytes) return tools::error(413, "too-large", error_text(ErrorCode::TooLarge, lang));
        return pgn_check(parse_body(body), lang);
    }
    return std::nullopt;
}

}  // namespace schach::server
