// libFuzzer target: hostile input to `schach serve` as the transport reads it, before any game is
// touched: WebSocket messages, request targets and cookie headers.
//
// Input layout: byte 0 picks what the rest is: 0 a client message (server::read_action, then the
// domain's reader server::parse_client_message), 1 a request target (server::parse_target and the
// static file it names), 2 a Cookie and an Accept-Language header (split at the first '\n').
//
// Checks (a violation prints the input and aborts, which libFuzzer reports):
//   - nothing crashes, whatever the bytes;
//   - an accepted message is of a known type, and reading it again (serialized as {t, d}) gives the
//     same action: what the transport forwards is stable;
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

#include "server/game_json.hpp"
#include "server/protocol.hpp"

namespace {

using namespace schach;
using namespace schach::server;

[[noreturn]] void fail(const char* what, std::string_view input) {
    std::fprintf(stderr, "fuzz_server_messages: %s\ninput: %.*s\n", what, static_cast<int>(input.size()), input.data());
    std::abort();
}

void check_message(std::string_view text) {
    const auto action = read_action(text);
    // The domain's own reader must cope with anything too (it gets what the transport accepted).
    (void)parse_client_message(text, Language::English);
    if (!action) return;
    static constexpr std::string_view Known[] = {"move",  "draw",     "claim",   "resign",
                                                 "abort", "takeback", "rematch", "ping"};
    bool known = false;
    for (const std::string_view k : Known) known = known || action->type == k;
    if (!known) fail("an unknown type was accepted", text);
    boost::json::object again{{"t", action->type}};
    if (!action->data.is_null()) again["d"] = action->data;
    const std::string serialized = boost::json::serialize(again);
    const auto reread = read_action(serialized);
    if (!reread || reread->type != action->type || reread->data != action->data)
        fail("an accepted message does not read the same again", text);
    (void)parse_client_message(serialized, Language::German);
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
        (void)action_from_path({target->segments.begin() + 1, target->segments.end()}, *target);
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
