#pragma once
// The load tools' common words for Asio, Beast and JSON (schach-load's players and abusers,
// schach-chaos's players): the namespace aliases, a coroutine's completion token that keeps the
// error, a JSON object's text field, and the pieces of the page's way across nodes.

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

namespace schach::load {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace json = boost::json;
using tcp = net::ip::tcp;
using boost::system::error_code;
using Clock = std::chrono::steady_clock;
using WebSocket = websocket::stream<beast::tcp_stream>;

/// `co_await op(..., use_ec(ec))`: the error in `ec` instead of an exception.
inline auto use_ec(error_code& ec) { return net::redirect_error(net::use_awaitable, ec); }

/// The string `key` of `o`, or "" when it is missing or not a string.
inline std::string_view text_of(const json::object& o, std::string_view key) {
    const json::value* v = o.if_contains(key);
    return v != nullptr && v->is_string() ? std::string_view(v->as_string()) : std::string_view();
}

/// The same of a value: "" unless it is an object.
inline std::string_view text_of(const json::value& v, std::string_view key) {
    return v.is_object() ? text_of(v.as_object(), key) : std::string_view();
}

/// The value of `key=` in a URL's query or a WebSocket close reason ("node=n2"), or "".
inline std::string param_of(std::string_view text, std::string_view key) {
    const std::string needle = std::string(key) + "=";
    std::size_t at = 0;
    while ((at = text.find(needle, at)) != std::string_view::npos) {
        if (at == 0 || text[at - 1] == '?' || text[at - 1] == '&') {
            const std::size_t start = at + needle.size();
            const std::size_t end = text.find_first_of("&# ", start);
            return std::string(
                text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        }
        at += needle.size();
    }
    return {};
}

/// The close code of a node that does not own the game (its reason: "node=OWNER"; the server's
/// MovedCloseCode, src/server/api/routes.hpp).
inline constexpr unsigned short CloseNotOwner = 4307;

/// The page's wait before it opens a socket again after `failures` failed tries in a row
/// (web/src/connection.ts retryDelay: 0.5 s, doubling, at most 10 s).
inline std::chrono::milliseconds retry_delay(int failures) {
    return std::chrono::milliseconds(std::min<long>(10000, 500L << std::min(failures, 10)));
}

/// "http://IP:PORT" (a path after it ignored) into its parts; none for anything else.
inline std::optional<std::pair<std::string, std::uint16_t>> split_url(const std::string& url) {
    if (!url.starts_with("http://")) return std::nullopt;
    const std::size_t slash = url.find('/', 7);
    const std::string rest = url.substr(7, slash == std::string::npos ? std::string::npos : slash - 7);
    const std::size_t colon = rest.rfind(':');
    if (colon == std::string::npos || colon == 0) return std::nullopt;
    unsigned port = 0;
    const auto [end, ec] = std::from_chars(rest.data() + colon + 1, rest.data() + rest.size(), port);
    if (ec != std::errc{} || end != rest.data() + rest.size() || port == 0 || port > 65535) return std::nullopt;
    return std::pair{rest.substr(0, colon), static_cast<std::uint16_t>(port)};
}

}  // namespace schach::load
