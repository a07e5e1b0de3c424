#pragma once
// The load tools' common words for Asio, Beast and JSON (schach-load's players and abusers):
// the namespace aliases, a coroutine's completion token that keeps the error, and a JSON
// object's text field.

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
