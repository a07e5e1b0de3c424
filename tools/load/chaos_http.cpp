#include "chaos_http.hpp"

#include <chrono>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json/parse.hpp>

#include "net.hpp"

namespace schach::chaos {

using load::error_code;
using load::tcp;
using load::text_of;
namespace net = load::net;
namespace beast = load::beast;
namespace http = load::http;
namespace json = load::json;

namespace {

/// The path and query of a Location (absolute or a path).
std::string target_of(std::string_view location) {
    if (location.starts_with("/")) return std::string(location);
    const std::size_t scheme = location.find("://");
    if (scheme == std::string_view::npos) return {};
    const std::size_t path = location.find('/', scheme + 3);
    return path == std::string_view::npos ? std::string("/") : std::string(location.substr(path));
}

}  // namespace

std::expected<ServedGame, std::string> fetch_served(const std::string& host, std::uint16_t port, const std::string& id,
                                                    int& redirects) {
    net::io_context ioc;
    const tcp::endpoint endpoint(net::ip::make_address(host), port);
    const std::string host_header = host + ":" + std::to_string(port);
    std::string target = "/api/v1/games/" + id;
    for (int hop = 0; hop <= 5; ++hop) {
        beast::tcp_stream stream(ioc);
        stream.expires_after(std::chrono::seconds(5));
        error_code ec;
        stream.connect(endpoint, ec);
        http::request<http::empty_body> req{http::verb::get, target, 11};
        req.set(http::field::host, host_header);
        req.keep_alive(false);
        if (!ec) http::write(stream, req, ec);
        beast::flat_buffer buffer;
        http::response<http::string_body> res;
        if (!ec) http::read(stream, buffer, res, ec);
        if (ec) return std::unexpected("GET " + target + ": " + ec.message());
        if (res.result() == http::status::temporary_redirect) {
            target = target_of(std::string_view(res[http::field::location]));
            if (target.empty()) return std::unexpected("GET /api/v1/games/" + id + ": a 307 without a usable Location");
            ++redirects;
            if (hop > 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
            continue;
        }
        if (res.result() != http::status::ok)
            return std::unexpected("GET " + target + ": HTTP " + std::to_string(res.result_int()));
        const json::value v = json::parse(res.body(), ec);
        if (ec || !v.is_object()) return std::unexpected("GET " + target + ": no JSON object");
        ServedGame g;
        g.id = id;
        g.node = std::string(res["X-Schach-Node"]);
        if (g.node.empty()) g.node = "?";
        if (const json::value* moves = v.as_object().if_contains("moves"); moves != nullptr && moves->is_array())
            for (const json::value& m : moves->as_array()) g.moves.emplace_back(text_of(m, "uci"));
        return g;
    }
    return std::unexpected("GET /api/v1/games/" + id + ": more than 5 redirects");
}

}  // namespace schach::chaos
