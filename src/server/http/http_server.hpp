#pragma once
// The transport of `schach serve`: HTTP/1.1 and WebSocket (Boost.Beast, C++20 coroutines, one
// io_context run by N threads). Serves the page's static files, the HTTP API of
// docs/web-protocol.md and the WebSocket of a game, all through a Handler (server/handler.hpp).
// Beast stays inside http_server.cpp; this header shows none of it.

#include <chrono>
#include <cstdint>
#include <expected>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "server/api/client_limits.hpp"
#include "server/api/handler.hpp"
#include "server/api/protocol.hpp"
#include "server/content/mistake_api.hpp"
#include "server/content/puzzle_api.hpp"
#include "server/domain/line_search.hpp"

namespace schach::server {

struct ServerOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;         // 0: any free port (HttpServer::port() tells which)
    std::filesystem::path static_dir;  // the page (web/dist); empty: no static files
    int threads = 2;
    /// A slow client holds no slot for long (issue #27): the request line and headers must arrive
    /// within `header_timeout` of the connection (or of the first byte of a later request), the
    /// body within `body_timeout` after them; a kept-alive connection waits `idle_timeout` for its
    /// next request. A WebSocket's handshake is the upgrade request: the header deadline.
    std::chrono::milliseconds header_timeout{5'000};
    std::chrono::milliseconds body_timeout{10'000};
    std::chrono::milliseconds idle_timeout{30'000};
    std::chrono::milliseconds stream_keepalive{15'000};  // an empty NDJSON line after this silence
    int rate_messages = RateMessages;                    // WebSocket messages per window and connection
    std::chrono::milliseconds rate_window{RateWindowSeconds * 1000};
    std::size_t max_queued_events = MaxQueuedEvents;  // per connection; a slower reader is dropped
    Language default_lang = Language::German;         // where a request names no language we speak
    /// Open at once. At the cap a new connection still gets in: the connection that has waited
    /// longest for a request (idle, or a request not yet whole) is closed for it; when none
    /// waits (all WebSockets, streams or requests being served), the new one is closed.
    int max_connections = 1000;
    /// Per client: connections per address, new games per address a minute and an hour, and the
    /// proxies whose X-Forwarded-For names the client (answered 429 with Retry-After).
    ClientLimitOptions limits;
    /// How often a WebSocket gets a ping frame to measure its lag (LagMeter, for the lag
    /// compensation of its moves); 0: never.
    std::chrono::milliseconds lag_ping_interval{5'000};
    /// Host names the server answers to besides localhost, 127.0.0.1, [::1] and `host`
    /// (protocol.hpp host_allowed); any other Host gets 421.
    std::vector<std::string> allowed_hosts;
    /// The analysis board's engine lines (`/api/v1/analysis/socket`); none: that path is 404.
    /// Must outlive the server.
    LineSearchPool* line_search = nullptr;
    /// The tactics trainer's API (/api/v1/puzzles/...); none: those paths are 404. Must outlive
    /// the server.
    PuzzleApi* puzzles = nullptr;
    /// `GET /healthz` (haproxy's check): 200 with `{ok: true}` and what this gives (the engine
    /// queue's figures; `ok: false` makes it 503: a node without its lease); none: `{ok: true}`
    /// alone. Called on a server thread.
    std::function<boost::json::object()> health;
    /// The trainer's "My mistakes" (/api/v1/mistakes/...); none: those paths are 404. Must
    /// outlive the server.
    MistakeApi* mistakes = nullptr;
    /// This node's name (`--node`), sent in an `X-Schach-Node` header with every answer; "": none.
    std::string node;
};

/// The Content-Security-Policy of every answer (the page has no inline scripts or styles).
inline constexpr std::string_view ContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'";

class HttpServer {
public:
    /// `handler` must outlive the server and deliver no event to a sink after its subscription is
    /// destroyed.
    HttpServer(Handler& handler, ServerOptions options);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds host:port and starts the threads; the port bound, or why not (in English, from the
    /// system).
    std::expected<std::uint16_t, std::string> start();
    /// Stops accepting and ends every connection; returns once the threads have ended. Safe to call
    /// from any thread except the server's own, and more than once.
    void stop();
    /// Blocks until stop() (from another thread or a signal handler thread).
    void wait();
    std::uint16_t port() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace schach::server
