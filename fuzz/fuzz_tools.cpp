// libFuzzer target: hostile input to the stateless tools of `schach serve` (server/content/tools_api):
// the Chess960 explorer, positions and castling tries, time controls, the PGN checker.
//
// Input layout: byte 0 picks the tool, the rest is its input: 0 a start number as written in the
// path (`GET /api/chess960/{n}`, "n:m" adds `?black=m`), 1 the body of `/api/chess960/number`,
// 2 of `/api/position`, 3 of `/api/position/move`, 4 a time control spec (human form), 5 a PGN tag,
// 6 a PGN text for `/api/pgn/check` (sent as {pgn}).
//
// Checks (a violation prints the input and aborts, which libFuzzer reports):
//   - nothing crashes or throws, whatever the bytes; every answer is a JSON object;
//   - an answer other than 200 has a `code` and a `text`;
//   - a start position's back rank reads back to its number;
//   - a time control that was read is written in a form that reads again to the same form;
//   - a move that was played leaves a position the tools read again.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "server/content/tools_api.hpp"

namespace {

using namespace schach;
using namespace schach::server;
namespace json = boost::json;

[[noreturn]] void fail(const char* what, std::string_view input) {
    std::fprintf(stderr, "fuzz_tools: %s\ninput: %.*s\n", what, static_cast<int>(input.size()), input.data());
    std::abort();
}

void check_reply(const ToolReply& r, std::string_view input) {
    if (!r.body.is_object()) fail("an answer that is no object", input);
    if (r.status != 200 && (!r.body.as_object().contains("code") || !r.body.as_object().contains("text")))
        fail("an error without code or text", input);
}

json::value parsed_or_string(std::string_view text) {
    boost::system::error_code ec;
    json::value v = json::parse(text, ec);
    return ec ? json::value(json::string(text)) : v;
}

void check_start(std::string_view text) {
    const std::size_t colon = text.find(':');
    const std::optional<std::string_view> black = colon == std::string_view::npos
                                                      ? std::nullopt
                                                      : std::optional(text.substr(colon + 1));
    const ToolReply r = chess960_start(text.substr(0, colon), black, Language::English);
    check_reply(r, text);
    if (r.status != 200) return;
    const json::object& o = r.body.as_object();
    const ToolReply back = chess960_number_of(json::object{{"backRank", o.at("backRank")}}, Language::English);
    if (back.status != 200 || back.body.at("number") != o.at("number"))
        fail("a back rank that does not read back", text);
}

void check_time_control(std::string_view text, std::string_view form) {
    const ToolReply r = time_control_info(text, form, Language::German);
    check_reply(r, text);
    if (r.status != 200) return;
    const std::string spec(r.body.at(form == "pgn" ? "pgn" : "spec").as_string());
    const ToolReply again = time_control_info(spec, form, Language::English);
    if (again.status != 200 || again.body.at("spec") != r.body.at("spec"))
        fail("a control that does not read again", text);
}

void check_move(std::string_view text) {
    const ToolReply r = position_move(parsed_or_string(text), Language::GermanNeutral);
    check_reply(r, text);
    if (r.status != 200 || !r.body.at("legal").as_bool()) return;
    const json::value fen = r.body.at("position").at("fen");
    if (position_info(json::object{{"fen", fen}}, Language::English).status != 200)
        fail("a move that leaves a position the tools cannot read", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 7) {
        case 0: check_start(text); break;
        case 1: check_reply(chess960_number_of(parsed_or_string(text), Language::German), text); break;
        case 2: check_reply(position_info(parsed_or_string(text), Language::English), text); break;
        case 3: check_move(text); break;
        case 4: check_time_control(text, "human"); break;
        case 5: check_time_control(text, "pgn"); break;
        default: check_reply(pgn_check(json::object{{"pgn", json::string(text)}}, Language::English), text); break;
    }
    return 0;
}
