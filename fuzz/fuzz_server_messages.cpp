// libFuzzer target: hostile input to `schach serve` as the transport reads it, before any game is
// touched: WebSocket messages, request targets and cookie headers.
//
// Input layout: byte 0 picks what the rest is: 0 a client message (server::parse_client_message,
// the one reader of commands), 1 a request target (server::parse_target, the static file it names,
// the command of its path and its route), 2 a Cookie and an Accept-Language header (split at the
// first '\n').
//
// Checks (a violation prints the input and aborts, which libFuzzer reports):
//   - nothing crashes, whatever the bytes;
//   - an accepted message, written back as {t, d}, reads as the same command again: what the
//     transport forwards is stable;
//   - an accepted target has no segment that is empty, "." or "..", or holds '/', '\\' or NUL, and
//     the static file it names is one plain name that does not start with a dot;
//   - a cookie value holds no ';'.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <boost/json/serialize.hpp>

#include "server/api/game_json.hpp"
#include "server/api/protocol.hpp"
#include "server/api/routes.hpp"

namespace {

using namespace schach;
using namespace schach::server;

[[noreturn]] void fail(const char* what, std::string_view input) {
    std::fprintf(stderr, "fuzz_server_messages: %s\ninput: %.*s\n", what, static_cast<int>(input.size()), input.data());
    std::abort();
}

/// The command written back as the protocol's message (the page's side): what reading it again
/// must give the same command from.
std::string written(const ClientMessage& command) {
    namespace json = boost::json;
    const auto answer = [](Answer a) {
        return a == Answer::Offer ? "offer" : a == Answer::Accept ? "accept" : "decline";
    };
    const auto text = [](json::object& d, const std::string& move, bool is_san) { d[is_san ? "san" : "uci"] = move; };
    json::object out;
    std::visit(
        [&](const auto& c) {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, MoveMessage>) {
                json::object d{{"ply", c.ply}};
                text(d, c.text, c.is_san);
                if (c.a) d["a"] = *c.a;
                out = {{"t", "move"}, {"d", std::move(d)}};
            } else if constexpr (std::is_same_v<T, ClaimMessage>) {
                json::object d{{"kind", c.kind == DrawClaim::Threefold ? "threefold" : "fifty"}};
                if (c.move) text(d, *c.move, c.is_san);
                out = {{"t", "claim"}, {"d", std::move(d)}};
            } else if constexpr (std::is_same_v<T, DrawMessage>) {
                out = {{"t", "draw"}, {"d", answer(c.answer)}};
            } else if constexpr (std::is_same_v<T, TakebackMessage>) {
                out = {{"t", "takeback"}, {"d", answer(c.answer)}};
            } else if constexpr (std::is_same_v<T, RematchMessage>) {
                out = {{"t", "rematch"}, {"d", answer(c.answer)}};
            } else if constexpr (std::is_same_v<T, ResignMessage>) {
                out = {{"t", "resign"}};
            } else if constexpr (std::is_same_v<T, AbortMessage>) {
                out = {{"t", "abort"}};
            } else {
                out = {{"t", "ping"}};
            }
        },
        command);
    return json::serialize(out);
}

void check_message(std::string_view text) {
    const auto command = parse_client_message(text);
    if (!command) return;
    const std::string serialized = written(*command);
    const auto reread = parse_client_message(serialized);
    if (!reread || *reread != *command) fail("an accepted message does not read the same again", text);
}

void check_target(std::string_view text) {
    const auto target = parse_target(text);
    if (!target) return;
    for (const std::string& s : target->segments) {
        if (s.empty() || s == "." || s == "..") fail("a dot or empty segment was accepted", text);
        if (s.find_first_of(std::string_view("/\\\0", 3)) != std::string::npos)
            fail("a segment with a separator or NUL was accepted", text);
    }
    if (const auto file = static_file_for(target->segments)) {
        if (file->empty() || file->front() == '.' || file->find('/') != std::string::npos)
            fail("a static file name that is not plain", text);
    }
    if (target->segments.size() >= 2)
        (void)command_from_path({target->segments.begin() + 1, target->segments.end()}, *target);
    for (const Method m : {Method::Get, Method::Post, Method::Head, Method::Other}) {
        const auto route = match_route(m, target->segments);
        if (route && !route->game.empty() && !valid_game_id(route->game))
            fail("a route with a game id that is none", text);
    }
}

void check_headers(std::string_view text) {
    const std::size_t cut = text.find('\n');
    const std::string_view cookies = text.substr(0, cut);
    const std::string_view accept = cut == std::string_view::npos ? std::string_view() : text.substr(cut + 1);
    for (const std::string_view name : {"b", "lang", "s_aB3dE5gH"})
        if (const auto value = cookie_value(cookies, name))
            if (value->find(';') != std::string::npos) fail("a cookie value with ';'", text);
    (void)request_language(cookie_value(cookies, "lang"), std::nullopt, accept);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 3) {
        case 0: check_message(text); break;
        case 1: check_target(text); break;
        default: check_headers(text); break;
    }
    return 0;
}
