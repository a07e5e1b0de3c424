// The Beast side of schach serve: the accept loop, one coroutine per HTTP connection, the NDJSON
// stream and the WebSocket of a game. Every connection runs on its own strand; the domain's event
// sinks post onto that strand and never wait for a socket.

#include "server/http/http_server.hpp"

#include "server/content/tools_api.hpp"

#include <array>
#include <atomic>
#include <charconv>
#include <cstdio>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "engine/thread_priority.hpp"
#include "server/api/analysis_socket.hpp"
#include "server/api/game_json.hpp"
#include "server/api/routes.hpp"
#include "server/content/exercise_api.hpp"
#include "server/http/lag_meter.hpp"

namespace schach::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace json = boost::json;
using tcp = net::ip::tcp;
using boost::system::error_code;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

auto use_ec(error_code& ec) { return net::redirect_error(net::use_awaitable, ec); }

template <class Message>
void add_security_headers(Message& m) {
    m.set("Content-Security-Policy", ContentSecurityPolicy);
    m.set("X-Content-Type-Options", "nosniff");
    m.set("Referrer-Policy", "no-referrer");
    m.set("X-Frame-Options", "DENY");
}

Response make_response(http::status status, std::string body, std::string_view type, bool keep_alive) {
    Response res{status, 11};
    res.set(http::field::content_type, type);
    add_security_headers(res);
    res.keep_alive(keep_alive);
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

Response json_response(int status, const json::value& body, bool keep_alive) {
    Response res = make_response(static_cast<http::status>(status), json::serialize(body), "application/json",
                                 keep_alive);
    res.set(http::field::cache_control, "no-store");
    return res;
}

Response error_response(int status, ErrorCode code, Language lang, bool keep_alive) {
    return json_response(status, error_body(code, lang), keep_alive);
}

std::string etag_of(std::string_view content) {
    std::uint64_t h = 14695981039346656037ull;  // FNV-1a
    for (const char c : content) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    char text[24];
    std::snprintf(text, sizeof text, "\"%016llx\"", static_cast<unsigned long long>(h));
    return text;
}

/// A connection's outgoing events: filled by the domain's sinks (posted onto the connection's
/// strand), emptied by its writer. Bounded: past the limit the connection is dropped.
struct Outbox {
    explicit Outbox(net::any_io_executor ex) : executor(ex), signal(ex) {}
    net::any_io_executor executor;
    net::steady_timer signal;
    std::deque<std::string> queue;
    std::size_t limit = MaxQueuedEvents;
    bool done = false;                             // the connection ends: no more writes
    std::optional<websocket::close_reason> close;  // the writer closes the WebSocket with this
    std::function<void()> kill;                    // closes the socket at once (a slow reader)

    /// On the strand.
    void push(std::string message) {
        if (done) return;
        if (queue.size() >= limit) {
            done = true;
            if (kill) kill();
        } else {
            queue.push_back(std::move(message));
        }
        signal.cancel();
    }
    void finish() {
        done = true;
        signal.cancel();
    }
};

/// The sink holds the outbox weakly and no executor of its own: the game's actor may keep a
/// subscriber's sink after the connection, and the server's io_context, are gone (a copy of a
/// strand must never outlive its io_context).
EventSink sink_for(const std::shared_ptr<Outbox>& box) {
    return [weak = std::weak_ptr<Outbox>(box)](std::string event) {
        const auto b = weak.lock();
        if (!b) return;
        net::post(b->executor, [weak, event = std::move(event)]() mutable {
            if (const auto live = weak.lock()) live->push(std::move(event));
        });
    };
}

/// Waits for the outbox's signal (or `timeout`); true when it timed out.
net::awaitable<bool> wait_signal(Outbox& box, std::chrono::milliseconds timeout) {
    error_code ec;
    box.signal.expires_after(timeout);
    co_await box.signal.async_wait(use_ec(ec));
    co_return !ec;
}

Method method_of(const Request& req) {
    switch (req.method()) {
        case http::verb::get: return Method::Get;
        case http::verb::head: return Method::Head;
        case http::verb::post: return Method::Post;
        default: return Method::Other;
    }
}

/// A whole-number parameter (`?v=N`, `?ply=N`), or none when absent or not a whole number.
std::optional<std::int64_t> integer_param(const Target& target, std::string_view name) {
    const auto v = target.param(name);
    if (!v) return std::nullopt;
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
    if (ec != std::errc{} || end != v->data() + v->size()) return std::nullopt;
    return n;
}

/// The version a client saw last (`?v=N`); none: the client gets the full state.
std::optional<std::int64_t> since_version(const Target& target) { return integer_param(target, "v"); }

/// Awaits a Handler call's answer: `start` gets the sink to hand to the call; the answer,
/// delivered from any thread, resumes the coroutine on its own executor.
template <class T, class Start>
net::awaitable<T> answer_of(Start start) {
    const auto ex = co_await net::this_coro::executor;
    T result = co_await net::async_initiate<const net::use_awaitable_t<>, void(T)>(
        [&](auto completion) {
            auto shared = std::make_shared<decltype(completion)>(std::move(completion));
            start([shared, ex](T value) {
                net::post(ex, [shared, value = std::move(value)]() mutable { (*shared)(std::move(value)); });
            });
        },
        net::use_awaitable);
    co_return result;
}

using WebSocket = websocket::stream<beast::tcp_stream>;

/// The header that names the node that answered (several nodes behind a proxy).
constexpr const char* NodeHeader = "X-Schach-Node";
/// How a `moved` event's JSON starts (game_json.cpp event_json: `{"t":"moved","node":...}`).
constexpr std::string_view MovedEventPrefix = R"({"t":"moved")";

std::int64_t steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// A WebSocket's writer: the only one to write or close, so that writes never overlap. Sends the
/// outbox's messages in order, closes with its close code, and pings every `interval` for the
/// lag (none when `lag` is null or the interval 0).
net::awaitable<void> ws_writer(std::shared_ptr<WebSocket> ws, std::shared_ptr<Outbox> box,
                               std::shared_ptr<LagMeter> lag, std::chrono::milliseconds interval) {
    error_code wec;
    const bool pings = lag && interval.count() > 0;
    auto next_ping = std::chrono::steady_clock::now() + interval;
    for (;;) {
        while (!box->queue.empty() && !box->done && !box->close) {
            std::string message = std::move(box->queue.front());
            box->queue.pop_front();
            ws->text(true);
            co_await ws->async_write(net::buffer(message), use_ec(wec));
            if (wec) {
                box->finish();
                co_return;
            }
        }
        if (box->close) {
            const websocket::close_reason reason = *box->close;
            box->done = true;
            co_await ws->async_close(reason, use_ec(wec));
            co_return;
        }
        if (box->done) co_return;
        if (pings && std::chrono::steady_clock::now() >= next_ping) {
            next_ping = std::chrono::steady_clock::now() + interval;
            const std::string payload = lag->ping(steady_ms());
            co_await ws->async_ping(websocket::ping_data(beast::string_view(payload)), use_ec(wec));
            if (wec) {
                box->finish();
                co_return;
            }
            continue;
        }
        const auto wait =
            pings ? std::chrono::duration_cast<std::chrono::milliseconds>(next_ping - std::chrono::steady_clock::now())
                  : std::chrono::milliseconds(std::chrono::hours(24));
        co_await wait_signal(*box, std::max(wait, std::chrono::milliseconds(1)));
    }
}

}  // namespace

struct HttpServer::Impl {
    Impl(Handler& h, ServerOptions o) : handler(h), options(std::move(o)) {}
    Handler& handler;
    ServerOptions options;
    // Declared before the io_context: its destruction ends the sessions' coroutines, whose frames
    // still count their connection out and leave the idle list.
    ClientLimits limits{options.limits};
    /// Connections waiting for a request (idle, or a request not yet whole), oldest first: at the
    /// cap the oldest is closed for a new one. The closer runs on the connection's strand.
    struct IdleEntry {
        std::shared_ptr<bool> still;  // false once the session is past this wait (on its strand)
        net::any_io_executor strand;
        std::function<void()> close;
    };
    std::mutex idle_mutex;
    std::map<std::uint64_t, IdleEntry> idle;
    std::uint64_t next_idle = 0;
    std::atomic<int> connections{0};  // open connections (HTTP, streams, WebSockets)
    net::io_context ioc;
    std::optional<tcp::acceptor> acceptor;
    std::vector<std::thread> threads;
    std::uint16_t port = 0;
    std::mutex mutex;
    std::atomic<bool> stopped{false};
    bool close_oldest_waiting();
    net::awaitable<void> refuse_connection(tcp::socket socket, LimitRefusal refusal);
    // The tools' heavy request (a PGN checked and adjudicated game by game: about a second for
    // 200 games) runs here, one at a time, not on the threads that serve the games.
    net::thread_pool tools_pool{1};
    std::atomic<int> tools_waiting{0};
    static constexpr int MaxToolsWaiting = 4;  // more: 429 rate
    net::awaitable<Response> serve_tool(const Request& req, const Target& target, Language lang);
    /// A call of an API kept per browser (the trainer, "My mistakes") for this client.
    using BrowserCall = std::function<void(const Client& client, ReplySink done)>;
    /// Such an API (none: its paths are 404): a browser without its id gets one with its first
    /// request (cookie `b`); the answers are never cached.
    net::awaitable<Response> serve_per_browser(const Request& req, const Target& target, bool available,
                                               BrowserCall call);

    net::awaitable<void> accept_loop();
    net::awaitable<void> http_session(tcp::socket socket, std::string peer);
    /// `address`: the client's (client_address(): the peer, or X-Forwarded-For from a trusted proxy).
    net::awaitable<Response> handle(const Request& req, const Target& target, const RouteMatch& route,
                                    const std::string& address);
    Response serve_static(const Request& req, const Target& target);
    net::awaitable<Response> serve_api(const Request& req, const Target& target, const RouteMatch& route,
                                       const std::string& address);
    net::awaitable<Response> serve_game_api(const Request& req, const Target& target, const RouteMatch& route,
                                            const std::string& address);
    net::awaitable<void> stream_session(beast::tcp_stream& stream, Request req, std::string game);
    /// `address`: the client's (client_address()), banned for a while when it floods.
    net::awaitable<void> ws_session(beast::tcp_stream stream, Request req, std::string game, std::string address);
    net::awaitable<void> analysis_session(beast::tcp_stream stream, Request req, std::string address);
    /// Counts a WebSocket message in `recent` (its times in the rate window); past the rate the
    /// socket is closed (1008) and its address barred for the flood ban. Whether it was.
    bool flooding(std::deque<std::chrono::steady_clock::time_point>& recent, Outbox& box, const std::string& address);

    Client caller_of(const Request& req, const Target& target, const std::string& game) const;
    bool origin_allowed(const Request& req) const;
    /// The stream's or WebSocket's subscription, or why not (no such game, or the domain threw;
    /// Moved: another node holds the game).
    net::awaitable<std::expected<Subscription, ServiceError>> try_subscribe(const std::string& game,
                                                                            std::optional<std::int64_t> since,
                                                                            const Client& caller, EventSink sink);
    /// 307 to the node that holds the game now (the same target with `node=`).
    Response moved_response(const Request& req, const std::string& owner) const;
};

net::awaitable<std::expected<Subscription, ServiceError>> HttpServer::Impl::try_subscribe(
    const std::string& game, std::optional<std::int64_t> since, const Client& caller, EventSink sink) {
    try {
        auto subscription = co_await answer_of<std::expected<Subscription, ServiceError>>(
            [&](SubscriptionSink done) { handler.subscribe(game, since, caller, std::move(sink), std::move(done)); });
        co_return subscription;
    } catch (const std::exception&) {
    }
    co_return std::unexpected(make_error(ServiceCode::NoSuchGame));
}

Response HttpServer::Impl::moved_response(const Request& req, const std::string& owner) const {
    const std::string_view target(req.target().data(), req.target().size());
    // Asked for that node already and sent here: the proxy holds it for down, while its lease
    // has not run out yet. No redirect loop: try again in a moment (then this node takes it).
    if (asked_for(target, owner)) {
        Response res = error_response(503, ErrorCode::Unavailable, options.default_lang, req.keep_alive());
        res.set(http::field::retry_after, "1");
        res.set(http::field::cache_control, "no-store");
        return res;
    }
    Response res{http::status::temporary_redirect, 11};
    add_security_headers(res);
    res.set(http::field::location, moved_target(target, owner));
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(req.keep_alive());
    res.prepare_payload();
    return res;
}

namespace {

std::string header(const Request& req, http::field f) { return std::string(req[f]); }

}  // namespace

Client HttpServer::Impl::caller_of(const Request& req, const Target& target, const std::string& game) const {
    Client caller;
    const std::string cookies = header(req, http::field::cookie);
    const std::string auth = header(req, http::field::authorization);
    if (auth.starts_with("Bearer ") && auth.size() > 7) caller.secret = auth.substr(7);
    else if (!game.empty()) caller.secret = cookie_value(cookies, "s_" + game).value_or("");
    caller.browser = cookie_value(cookies, "b").value_or("");
    caller.lang = request_language(target.param("lang"), cookie_value(cookies, "lang"),
                                   header(req, http::field::accept_language), options.default_lang);
    return caller;
}

/// No Origin (a script), or the server's own: "http(s)://" and the Host the request was sent to.
bool HttpServer::Impl::origin_allowed(const Request& req) const {
    const auto origin = req.find(http::field::origin);
    if (origin == req.end()) return true;
    const std::string host = header(req, http::field::host);
    if (host.empty()) return false;
    const std::string_view o = origin->value();
    return o == "http://" + host || o == "https://" + host;
}

net::awaitable<void> HttpServer::Impl::accept_loop() {
    for (;;) {
        error_code ec;
        tcp::socket socket = co_await acceptor->async_accept(net::make_strand(ioc), use_ec(ec));
        if (ec) {
            if (ec == net::error::operation_aborted || !acceptor->is_open()) co_return;
            continue;  // e.g. too many open files: go on with the next
        }
        if (connections.load() >= options.max_connections && !close_oldest_waiting()) {
            error_code ignored;
            socket.close(ignored);  // full of busy connections: refused at once
            continue;
        }
        error_code pec;
        const tcp::endpoint remote = socket.remote_endpoint(pec);
        if (pec) continue;  // gone already
        std::string peer = remote.address().to_string();
        // Each message goes out at once: with Nagle's algorithm a second small write (a move's
        // ack, then the clock) waited for the peer's delayed ACK, up to 40 ms.
        socket.set_option(tcp::no_delay(true), pec);
        const auto ex = socket.get_executor();
        if (const auto refused = limits.open_connection(peer, LimitClock::now())) {
            net::co_spawn(ex, refuse_connection(std::move(socket), *refused), net::detached);
            continue;
        }
        ++connections;  // counted here, in the order of accepting; the session counts down
        net::co_spawn(ex, http_session(std::move(socket), std::move(peer)), net::detached);
    }
}

bool HttpServer::Impl::close_oldest_waiting() {
    std::lock_guard lock(idle_mutex);
    if (idle.empty()) return false;
    IdleEntry oldest = std::move(idle.begin()->second);
    idle.erase(idle.begin());
    net::post(oldest.strand, [oldest] {
        if (*oldest.still) oldest.close();
    });
    return true;
}

namespace {

/// A limit's refusal: 429 with the code, the words and the seconds to wait (also as Retry-After).
Response limit_response(ErrorCode code, Language lang, const LimitRefusal& refusal, bool keep_alive) {
    Response res = json_response(429, limit_body(code, lang, refusal.retry_after.count()), keep_alive);
    res.set(http::field::retry_after, std::to_string(refusal.retry_after.count()));
    return res;
}

}  // namespace

/// An address over its connection limit: told so (429, Retry-After), then closed, without reading.
net::awaitable<void> HttpServer::Impl::refuse_connection(tcp::socket socket, LimitRefusal refusal) {
    beast::tcp_stream stream(std::move(socket));
    stream.expires_after(std::chrono::seconds(2));
    Response res = limit_response(ErrorCode::RateConnections, options.default_lang, refusal, false);
    error_code ec;
    co_await http::async_write(stream, res, use_ec(ec));
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
}

net::awaitable<void> HttpServer::Impl::http_session(tcp::socket socket, std::string peer) {
    struct Count {
        Impl& impl;
        const std::string& peer;
        ~Count() {
            --impl.connections;
            impl.limits.close_connection(peer);
        }
    } count{*this, peer};
    beast::tcp_stream stream(std::move(socket));
    const auto strand = co_await net::this_coro::executor;
    // While this connection waits for a request it may be closed for a newcomer at the cap. The
    // closer is posted to this strand; `waiting` (set and cleared here, on the strand) tells it
    // whether the wait is still on when it runs.
    struct Wait {
        Impl& impl;
        net::any_io_executor strand;
        std::optional<std::uint64_t> key;
        std::shared_ptr<bool> waiting;
        void start(std::function<void()> close) {
            waiting = std::make_shared<bool>(true);
            std::lock_guard lock(impl.idle_mutex);
            key = impl.next_idle++;
            impl.idle.emplace(*key, IdleEntry{waiting, strand, std::move(close)});
        }
        /// Ends the wait; true when the wait was picked to be closed for a newcomer meanwhile.
        bool end() {
            if (waiting) *waiting = false;
            if (!key) return false;
            std::lock_guard lock(impl.idle_mutex);
            const bool picked = impl.idle.erase(*key) == 0;
            key.reset();
            return picked;
        }
        ~Wait() { end(); }
    } wait{*this, strand, std::nullopt, nullptr};
    beast::flat_buffer buffer;
    bool first = true;
    for (;;) {
        http::request_parser<http::string_body> parser;
        parser.header_limit(static_cast<std::uint32_t>(MaxHeaderBytes));
        // The PGN checker reads larger bodies than the rest of the API (tools_api.hpp): the header
        // is read with its limit, then every other path gets the usual one.
        parser.body_limit(MaxPgnBodyBytes);
        error_code ec;
        wait.start([&stream] {
            error_code ignored;
            stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
            stream.socket().close(ignored);
        });
        // A kept-alive connection may wait for its next request; once it begins, the request
        // line and headers have the header deadline.
        if (buffer.size() == 0) {
            stream.expires_after(first ? options.header_timeout : options.idle_timeout);
            const std::size_t n = co_await stream.async_read_some(buffer.prepare(4096), use_ec(ec));
            buffer.commit(n);
        }
        first = false;
        if (!ec) {
            stream.expires_after(options.header_timeout);
            co_await http::async_read_header(stream, buffer, parser, use_ec(ec));
        }
        wait.end();
        // POST /api/v1/imports takes a PGN text too, with the same limit.
        const auto target_of = [&] {
            const auto t = parser.get().target();
            return std::string_view(t.data(), t.size());
        };
        if (!ec && !target_of().starts_with("/api/pgn/check") && !target_of().starts_with("/api/v1/imports")) {
            if (parser.content_length().value_or(0) > MaxBodyBytes) ec = http::error::body_limit;
            else parser.body_limit(MaxBodyBytes);
        }
        if (!ec && !parser.is_done()) {
            stream.expires_after(options.body_timeout);
            co_await http::async_read(stream, buffer, parser, use_ec(ec));
        }
        if (ec == http::error::end_of_stream || ec == beast::error::timeout || ec == net::error::operation_aborted ||
            ec == net::error::bad_descriptor)
            break;  // gone, too slow, or closed for a newcomer at the cap
        if (ec) {
            const bool too_large = ec == http::error::body_limit || ec == http::error::buffer_overflow ||
                                   ec == http::error::header_limit;
            if (ec != net::error::connection_reset && ec != net::error::eof) {
                const int status = ec == http::error::body_limit ? 413 : (too_large ? 431 : 400);
                Response res = error_response(status, too_large ? ErrorCode::TooLarge : ErrorCode::Malformed,
                                              options.default_lang, false);
                error_code wec;
                co_await http::async_write(stream, res, use_ec(wec));
                // Read what the client still sends (bounded), so that closing does not reset the
                // connection before it has read the answer.
                stream.socket().shutdown(tcp::socket::shutdown_send, wec);
                stream.expires_after(std::chrono::seconds(1));
                std::array<char, 4096> sink;
                for (int i = 0; i < 64 && !wec; ++i) co_await stream.async_read_some(net::buffer(sink), use_ec(wec));
            }
            break;
        }
        Request req = parser.release();
        if (!host_allowed(req[http::field::host], options.host, options.allowed_hosts)) {
            // A name this server was not given (DNS rebinding): answered, never served.
            Response res = error_response(421, ErrorCode::Host, options.default_lang, false);
            co_await http::async_write(stream, res, use_ec(ec));
            break;
        }
        const auto target = parse_target(req.target());
        if (!target) {
            Response res = error_response(400, ErrorCode::Malformed, options.default_lang, req.keep_alive());
            co_await http::async_write(stream, res, use_ec(ec));
            if (ec || !res.keep_alive()) break;
            continue;
        }
        const auto route = match_route(method_of(req), target->segments);
        if (route && route->route == Route::CreateGame && origin_allowed(req)) {
            const std::string client = client_address(peer, req["X-Forwarded-For"], options.limits.trusted_proxies);
            if (const auto refused = limits.take_game(client, LimitClock::now())) {
                const Client c = caller_of(req, *target, {});
                Response res = limit_response(ErrorCode::RateGames, c.lang, *refused, req.keep_alive());
                co_await http::async_write(stream, res, use_ec(ec));
                if (ec || !res.keep_alive()) break;
                continue;
            }
        }
        if (route && route->route == Route::GameSocket && websocket::is_upgrade(req)) {
            const Client c = caller_of(req, *target, {});
            if (!origin_allowed(req)) {
                Response res = error_response(403, ErrorCode::Origin, c.lang, false);
                co_await http::async_write(stream, res, use_ec(ec));
                break;
            }
            std::string address = client_address(peer, req["X-Forwarded-For"], options.limits.trusted_proxies);
            // A flooder behind a trusted proxy: banned by its own address, known only here.
            if (const auto refused = limits.banned(address, LimitClock::now())) {
                Response res = limit_response(ErrorCode::RateConnections, c.lang, *refused, false);
                co_await http::async_write(stream, res, use_ec(ec));
                break;
            }
            co_await ws_session(std::move(stream), std::move(req), route->game, std::move(address));
            co_return;
        }
        if (route && route->route == Route::AnalysisSocket) {
            const Client c = caller_of(req, *target, {});
            Response res;
            if (!options.line_search) res = error_response(404, ErrorCode::NoSuchPath, c.lang, false);
            else if (!websocket::is_upgrade(req)) res = error_response(400, ErrorCode::Malformed, c.lang, false);
            else if (!origin_allowed(req)) res = error_response(403, ErrorCode::Origin, c.lang, false);
            else {
                std::string address = client_address(peer, req["X-Forwarded-For"], options.limits.trusted_proxies);
                if (const auto refused = limits.banned(address, LimitClock::now())) {  // as a game's socket
                    res = limit_response(ErrorCode::RateConnections, c.lang, *refused, false);
                } else {
                    co_await analysis_session(std::move(stream), std::move(req), std::move(address));
                    co_return;
                }
            }
            co_await http::async_write(stream, res, use_ec(ec));
            break;
        }
        if (route && route->route == Route::GameStream) {
            co_await stream_session(stream, std::move(req), route->game);
            break;
        }
        if (!route && route.error() == ErrorCode::NotFound && !target->segments.empty() &&
            target->segments[0] == "ws" && websocket::is_upgrade(req)) {
            // A WebSocket for a game id that is none.
            Response res = error_response(404, ErrorCode::NotFound, caller_of(req, *target, {}).lang, false);
            co_await http::async_write(stream, res, use_ec(ec));
            break;
        }
        const RouteMatch matched = route ? *route : RouteMatch{Route::Static, {}, {}};
        Response res;
        if (route) {
            res = co_await handle(req, *target, matched,
                                  client_address(peer, req["X-Forwarded-For"], options.limits.trusted_proxies));
        } else {
            const Client c = caller_of(req, *target, {});
            const int status = route.error() == ErrorCode::Method ? 405 : 404;
            res = error_response(status, route.error(), c.lang, req.keep_alive());
            // A browser's POST from another site (CSRF) is refused before any route looks at it.
            if (req.method() == http::verb::post && !origin_allowed(req))
                res = error_response(403, ErrorCode::Origin, c.lang, req.keep_alive());
        }
        if (!options.node.empty()) res.set(NodeHeader, options.node);
        // A kept-alive connection waits for its next request from the moment its answer goes out
        // (the client may read the answer before this coroutine runs again): a newcomer at the cap
        // may take its place then, and it closes once the answer is written.
        bool close_after_write = false;
        if (res.keep_alive()) wait.start([&close_after_write] { close_after_write = true; });
        co_await http::async_write(stream, res, use_ec(ec));
        const bool picked = wait.end();
        if (ec || !res.keep_alive() || picked || close_after_write) break;
    }
    error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
}

net::awaitable<Response> HttpServer::Impl::handle(const Request& req, const Target& target, const RouteMatch& route,
                                                  const std::string& address) {
    try {
        if (route.route != Route::Static) {
            Response res = co_await serve_api(req, target, route, address);
            co_return res;
        }
        co_return serve_static(req, target);
    } catch (const std::exception&) {
    }
    co_return error_response(500, ErrorCode::Internal, options.default_lang, false);
}

Response HttpServer::Impl::serve_static(const Request& req, const Target& target) {
    const Language lang = request_language(target.param("lang"), cookie_value(header(req, http::field::cookie), "lang"),
                                           header(req, http::field::accept_language), options.default_lang);
    const auto file = static_file_for(target.segments);
    if (!file || options.static_dir.empty()) return error_response(404, ErrorCode::NoSuchPath, lang, req.keep_alive());
    if (req.method() != http::verb::get && req.method() != http::verb::head)
        return error_response(405, ErrorCode::Method, lang, req.keep_alive());
    const std::filesystem::path path = options.static_dir / *file;
    std::error_code fec;
    if (!std::filesystem::is_regular_file(path, fec) || std::filesystem::file_size(path, fec) > (64u << 20))
        return error_response(404, ErrorCode::NoSuchPath, lang, req.keep_alive());
    std::ifstream in(path, std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    std::string body = std::move(content).str();
    const std::string etag = etag_of(body);
    Response res;
    if (req[http::field::if_none_match] == etag) {
        res = make_response(http::status::not_modified, {}, content_type_for(*file), req.keep_alive());
    } else {
        res = make_response(http::status::ok, std::move(body), content_type_for(*file), req.keep_alive());
        if (req.method() == http::verb::head) {
            const auto size = res.body().size();
            res.body().clear();
            res.content_length(size);
        }
    }
    res.set(http::field::etag, etag);
    res.set(http::field::cache_control, "no-cache");
    return res;
}

net::awaitable<Response> HttpServer::Impl::serve_api(const Request& req, const Target& target, const RouteMatch& route,
                                                     const std::string& address) {
    const Language lang = caller_of(req, target, route.game).lang;
    const bool keep = req.keep_alive();
    // A browser's POST from another site (CSRF) is refused before any route looks at it.
    if (req.method() == http::verb::post && !origin_allowed(req))
        co_return error_response(403, ErrorCode::Origin, lang, keep);
    switch (route.route) {
        case Route::Exercises: {  // the rules guide: stateless, no seats
            const Reply r = exercise_request(req.method() == http::verb::post, route.rest, req.body(), lang);
            co_return json_response(r.status, r.body, keep);
        }
        case Route::Tool: {
            Response res = co_await serve_tool(req, target, lang);
            co_return res;
        }
        case Route::Puzzles: {
            Response res = co_await serve_per_browser(
                req, target, options.puzzles != nullptr, [&](const Client& c, ReplySink done) {
                    options.puzzles->handle(req.method() == http::verb::post, route.rest, target, req.body(), c,
                                            std::move(done));
                });
            co_return res;
        }
        case Route::Health: {
            // 503 while the health says not ok (a node without its lease: the proxy sends nothing).
            json::object body = options.health ? options.health() : json::object();
            const bool ok = !body.contains("ok") || body["ok"] == true;
            body["ok"] = ok;
            Response res = json_response(ok ? 200 : 503, body, keep);
            res.set(http::field::cache_control, "no-store");
            co_return res;
        }
        case Route::Mistakes: {
            Response res = co_await serve_per_browser(
                req, target, options.mistakes != nullptr, [&](const Client& c, ReplySink done) {
                    options.mistakes->handle(req.method() == http::verb::post, route.rest, target, req.body(), c,
                                             std::move(done));
                });
            co_return res;
        }
        default: break;
    }
    Response res = co_await serve_game_api(req, target, route, address);
    co_return res;
}

/// The games' API (/api/v1/games...): each route a call of the Handler, awaited.
net::awaitable<Response> HttpServer::Impl::serve_game_api(const Request& req, const Target& target,
                                                          const RouteMatch& route, const std::string& address) {
    const bool keep = req.keep_alive();
    const std::string& game = route.game;
    Client client = caller_of(req, target, game);
    client.address = address;
    // A JSON body (POST): an object, or nothing at all.
    json::value body = json::object();
    if (req.method() == http::verb::post && !req.body().empty()) {
        error_code ec;
        json::parse_options po;
        po.max_depth = 16;
        body = json::parse(req.body(), ec, {}, po);
        if (ec || !body.is_object()) co_return error_response(400, ErrorCode::Malformed, client.lang, keep);
    }

    std::optional<std::string> new_browser;
    const auto answer = [&](const Reply& a) {
        if (a.moved_to) return moved_response(req, *a.moved_to);
        Response res = json_response(a.status, a.body, keep);
        if (a.game && a.seat_secret && valid_game_id(*a.game))
            res.insert(http::field::set_cookie,
                       "s_" + *a.game + "=" + *a.seat_secret + "; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000");
        if (new_browser)
            res.insert(http::field::set_cookie,
                       "b=" + *new_browser + "; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000");
        if (a.retry_after) res.set(http::field::retry_after, std::to_string(*a.retry_after));
        return res;
    };
    // A browser without its id gets one with its first game (create, join).
    const auto give_browser_id = [&] {
        if (!client.browser.empty()) return;
        new_browser = random_token(12);
        client.browser = *new_browser;
    };

    switch (route.route) {
        case Route::ListGames: {
            const json::value games =
                co_await answer_of<json::value>([&](JsonSink done) { handler.list(client, std::move(done)); });
            co_return json_response(200, games, keep);
        }
        case Route::CreateGame: {
            give_browser_id();
            const Reply created =
                co_await answer_of<Reply>([&](ReplySink done) { handler.create(body, client, std::move(done)); });
            co_return answer(created);
        }
        case Route::GameState: {
            const Reply state =
                co_await answer_of<Reply>([&](ReplySink done) { handler.state(game, client, std::move(done)); });
            co_return answer(state);
        }
        case Route::GameCoach: {
            const auto ply = integer_param(target, "ply");
            const Reply advice =
                co_await answer_of<Reply>([&](ReplySink done) { handler.coach(game, client, ply, std::move(done)); });
            co_return answer(advice);
        }
        case Route::GamePgn: {
            const auto pgn = co_await answer_of<std::expected<std::string, Reply>>(
                [&](PgnSink done) { handler.pgn(game, client, std::move(done)); });
            if (!pgn && pgn.error().moved_to) co_return moved_response(req, *pgn.error().moved_to);
            if (!pgn) co_return error_response(404, ErrorCode::NotFound, client.lang, keep);
            Response res = make_response(http::status::ok, *pgn, "application/x-chess-pgn; charset=utf-8", keep);
            res.set(http::field::cache_control, "no-store");
            co_return res;
        }
        case Route::JoinGame: {
            // A rematch seat is proven by the seat of the old game: its cookie, where no bearer is sent.
            const json::value* old = body.as_object().if_contains("rematch");
            if (old != nullptr && old->is_string() && valid_game_id(old->as_string()) &&
                !header(req, http::field::authorization).starts_with("Bearer "))
                client.secret =
                    cookie_value(header(req, http::field::cookie), "s_" + std::string(old->as_string())).value_or("");
            give_browser_id();
            const Reply joined =
                co_await answer_of<Reply>([&](ReplySink done) { handler.join(game, body, client, std::move(done)); });
            co_return answer(joined);
        }
        case Route::AnalysisAsk: {
            const Reply asked = co_await answer_of<Reply>(
                [&](ReplySink done) { handler.request_analysis(game, client, std::move(done)); });
            co_return answer(asked);
        }
        case Route::Analysis: {
            const Reply analysis =
                co_await answer_of<Reply>([&](ReplySink done) { handler.analysis(game, client, std::move(done)); });
            co_return answer(analysis);
        }
        case Route::AnalysisTry: {
            const Reply tried = co_await answer_of<Reply>(
                [&](ReplySink done) { handler.try_move(game, body, client, std::move(done)); });
            co_return answer(tried);
        }
        case Route::Import: {
            give_browser_id();  // the imported game is listed for this browser
            const Reply imported =
                co_await answer_of<Reply>([&](ReplySink done) { handler.import_game(body, client, std::move(done)); });
            co_return answer(imported);
        }
        case Route::GameCommand: {
            auto command = command_from_path(route.rest, target);
            if (!command) co_return error_response(404, ErrorCode::NoSuchPath, client.lang, keep);
            const ActResult result = co_await answer_of<ActResult>(
                [&](ActSink done) { handler.act(game, std::move(*command), client, std::move(done)); });
            co_return answer(http_reply(result, client.lang));
        }
        default: break;
    }
    co_return error_response(404, ErrorCode::NoSuchPath, client.lang, keep);
}

net::awaitable<Response> HttpServer::Impl::serve_per_browser(const Request& req, const Target& target, bool available,
                                                             BrowserCall call) {
    const bool keep = req.keep_alive();
    Client client = caller_of(req, target, {});
    if (!available) co_return error_response(404, ErrorCode::NoSuchPath, client.lang, keep);
    std::optional<std::string> new_browser;
    if (client.browser.empty()) {
        new_browser = random_token(12);
        client.browser = *new_browser;
    }
    const Reply r = co_await answer_of<Reply>([&](ReplySink done) { call(client, std::move(done)); });
    Response res = json_response(r.status, r.body, keep);
    res.set(http::field::cache_control, "no-store");
    if (new_browser)
        res.insert(http::field::set_cookie, "b=" + *new_browser + "; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000");
    co_return res;
}

net::awaitable<Response> HttpServer::Impl::serve_tool(const Request& req, const Target& target, Language lang) {
    const bool keep = req.keep_alive();
    const bool post = req.method() == http::verb::post;  // its Origin checked by serve_api
    std::optional<ToolReply> tool;
    if (post && target.segments.size() == 3 && target.segments[1] == "pgn") {
        struct Waiting {
            std::atomic<int>& n;
            ~Waiting() { --n; }
        } waiting{tools_waiting};
        if (++tools_waiting > MaxToolsWaiting) co_return error_response(429, ErrorCode::Rate, lang, keep);
        tool = co_await net::co_spawn(
            tools_pool,
            [&]() -> net::awaitable<std::optional<ToolReply>> {
                co_return tools_request(post, target, req.body(), lang);
            },
            net::use_awaitable);
    } else {
        tool = tools_request(post, target, req.body(), lang);
    }
    if (!tool) co_return error_response(404, ErrorCode::NoSuchPath, lang, keep);
    co_return json_response(tool->status, tool->body, keep);
}

net::awaitable<void> HttpServer::Impl::stream_session(beast::tcp_stream& stream, Request req, std::string game) {
    const auto target = parse_target(req.target());
    const Client caller = caller_of(req, *target, game);
    const std::optional<std::int64_t> since = since_version(*target);
    const auto ex = co_await net::this_coro::executor;
    const auto box = std::make_shared<Outbox>(ex);
    box->limit = options.max_queued_events;
    box->kill = [&stream] {
        error_code ignored;
        stream.socket().close(ignored);
    };
    // A `moved` event is the stream's last line: the client asks again (and gets the 307).
    EventSink sink = [inner = sink_for(box), weak = std::weak_ptr(box)](std::string event) {
        const bool moved = event.starts_with(MovedEventPrefix);
        inner(std::move(event));
        if (const auto b = moved ? weak.lock() : nullptr)
            net::post(b->executor, [weak] {
                if (const auto live = weak.lock()) live->finish();
            });
    };
    auto subscription = co_await try_subscribe(game, since, caller, std::move(sink));
    error_code ec;
    if (!subscription) {
        Response res = subscription.error().code == ServiceCode::Moved
                           ? moved_response(req, subscription.error().owner)
                           : error_response(404, ErrorCode::NotFound, caller.lang, false);
        res.keep_alive(false);
        if (!options.node.empty()) res.set(NodeHeader, options.node);
        co_await http::async_write(stream, res, use_ec(ec));
        co_return;
    }
    stream.expires_never();
    http::response<http::empty_body> res{http::status::ok, 11};
    if (!options.node.empty()) res.set(NodeHeader, options.node);
    res.set(http::field::content_type, "application/x-ndjson");
    res.set(http::field::cache_control, "no-store");
    res.set(http::field::connection, "close");
    add_security_headers(res);
    http::response_serializer<http::empty_body> serializer(res);
    co_await http::async_write_header(stream, serializer, use_ec(ec));
    if (ec) co_return;

    // A reader that only notices the client going away.
    net::co_spawn(
        ex,
        [&stream, box]() -> net::awaitable<void> {
            std::array<char, 512> scratch;
            error_code rec;
            while (!rec && !box->done) co_await stream.async_read_some(net::buffer(scratch), use_ec(rec));
            box->finish();
        },
        net::detached);
    while (!box->done) {
        while (!box->queue.empty() && !box->done) {
            std::string line = std::move(box->queue.front());
            box->queue.pop_front();
            line.push_back('\n');
            co_await net::async_write(stream, net::buffer(line), use_ec(ec));
            if (ec) box->finish();
        }
        if (box->done) break;
        if (co_await wait_signal(*box, options.stream_keepalive)) {
            co_await net::async_write(stream, net::buffer("\n", 1), use_ec(ec));
            if (ec) box->finish();
        }
    }
    if (subscription) subscription->reset();
    error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream.socket().close(ignored);
    // The reader holds `stream` by reference: let it see the close before this frame ends.
    for (int i = 0; i < 100 && box.use_count() > 1; ++i) {
        net::steady_timer t(ex, std::chrono::milliseconds(1));
        co_await t.async_wait(use_ec(ignored));
    }
}

net::awaitable<void> HttpServer::Impl::ws_session(beast::tcp_stream stream, Request req, std::string game,
                                                  std::string address) {
    const auto target = parse_target(req.target());
    const Client caller = caller_of(req, *target, game);
    const std::optional<std::int64_t> since = since_version(*target);
    const auto ex = co_await net::this_coro::executor;
    auto ws = std::make_shared<websocket::stream<beast::tcp_stream>>(std::move(stream));
    const auto box = std::make_shared<Outbox>(ex);
    box->limit = options.max_queued_events;
    box->kill = [weak = std::weak_ptr(ws)] {
        if (const auto w = weak.lock()) {
            error_code ignored;
            beast::get_lowest_layer(*w).socket().close(ignored);
        }
    };
    // A `moved` event (another node holds the game now) ends the connection with MovedCloseCode
    // and the node: browsers follow no redirect on a WebSocket, the page connects again.
    // (Asked for that node already: it is down in the proxy's eyes, its lease not yet run out;
    // "try again later", after which the page waits before it connects again.)
    const std::string target_text(req.target().data(), req.target().size());
    const auto close_moved = [target_text](Outbox& b, const std::string& owner) {
        b.close = asked_for(target_text, owner)
                      ? websocket::close_reason(websocket::close_code::try_again_later)
                      : websocket::close_reason(static_cast<websocket::close_code>(MovedCloseCode),
                                                moved_close_reason(owner));
        b.signal.cancel();
    };
    EventSink sink = [inner = sink_for(box), weak = std::weak_ptr(box), close_moved](std::string event) {
        if (!event.starts_with(MovedEventPrefix)) return inner(std::move(event));
        const auto b = weak.lock();
        if (!b) return;
        std::string owner;
        if (const auto v = json::parse(event).as_object().if_contains("node"); v && v->is_string())
            owner = std::string(v->as_string());
        net::post(b->executor, [weak, owner, close_moved] {
            if (const auto live = weak.lock()) close_moved(*live, owner);
        });
    };
    auto subscription = co_await try_subscribe(game, since, caller, std::move(sink));
    error_code ec;
    std::optional<std::string> moved;
    if (!subscription && subscription.error().code == ServiceCode::Moved) moved = subscription.error().owner;
    if (!subscription && !moved) {
        Response res = error_response(404, ErrorCode::NotFound, caller.lang, false);
        if (!options.node.empty()) res.set(NodeHeader, options.node);
        co_await http::async_write(beast::get_lowest_layer(*ws), res, use_ec(ec));
        co_return;
    }
    beast::get_lowest_layer(*ws).expires_never();
    // The lag: the answers to our own pings (read by the reader, on this connection's strand).
    const auto lag = std::make_shared<LagMeter>();
    ws->control_callback([lag](websocket::frame_type kind, beast::string_view payload) {
        if (kind == websocket::frame_type::pong)
            lag->pong(std::string_view(payload.data(), payload.size()), steady_ms());
    });
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.handshake_timeout = options.header_timeout;
    ws->set_option(timeouts);
    ws->set_option(websocket::stream_base::decorator([node = options.node](websocket::response_type& res) {
        res.set("Content-Security-Policy", ContentSecurityPolicy);
        if (!node.empty()) res.set(NodeHeader, node);
    }));
    ws->read_message_max(MaxFrameBytes);
    co_await ws->async_accept(req, use_ec(ec));
    if (ec) co_return;
    if (moved) close_moved(*box, *moved);

    // The writer: the only one to write or close, so that writes never overlap.
    net::co_spawn(ex, ws_writer(ws, box, lag, options.lag_ping_interval), net::detached);

    beast::flat_buffer buffer;
    std::deque<std::chrono::steady_clock::time_point> recent;
    for (;;) {
        buffer.clear();
        co_await ws->async_read(buffer, use_ec(ec));
        if (ec) break;
        if (box->close) continue;  // closing: the client's last words are ignored
        if (flooding(recent, *box, address)) continue;
        if (!ws->got_text()) {
            box->push(error_message(ErrorCode::Malformed, caller.lang));
            continue;
        }
        // Parsed once into its typed command; its answer rendered once, in this connection's language.
        auto command = parse_client_message(beast::buffers_to_string(buffer.data()));
        if (!command) {
            box->push(error_message(command.error(), caller.lang));
            continue;
        }
        if (std::holds_alternative<PingMessage>(*command)) {
            box->push(R"({"t":"pong"})");
            continue;
        }
        const auto deliver = [weak = std::weak_ptr(box), ex, command = *command, lang = caller.lang,
                              close_moved](ActResult result) {
            if (!result && result.error().code == ServiceCode::Moved) {
                // Not acknowledged here: the page sends it again to the node that holds the game.
                net::post(ex, [weak, owner = result.error().owner, close_moved] {
                    if (const auto b = weak.lock()) close_moved(*b, owner);
                });
                return;
            }
            auto message = ws_reply(command, result, lang);
            if (!message) return;  // a success without a counter: the event tells
            net::post(ex, [weak, message = std::move(*message)]() mutable {
                if (const auto b = weak.lock()) b->push(std::move(message));
            });
        };
        try {
            Client mover = caller;
            mover.lag_ms = lag->lag_ms();
            handler.act(game, std::move(*command), mover, deliver);
        } catch (const std::exception&) {
            box->push(error_message(ErrorCode::Internal, caller.lang));
        }
    }
    if (subscription) subscription->reset();
    box->finish();
}

/// The analysis board's WebSocket: each message to an AnalysisSession, its answers through the
/// outbox (the same writer, limits and rate as a game's WebSocket, without lag pings).
bool HttpServer::Impl::flooding(std::deque<std::chrono::steady_clock::time_point>& recent, Outbox& box,
                                const std::string& address) {
    const auto now = std::chrono::steady_clock::now();
    while (!recent.empty() && now - recent.front() > options.rate_window) recent.pop_front();
    recent.push_back(now);
    if (recent.size() <= static_cast<std::size_t>(options.rate_messages)) return false;
    box.close = websocket::close_reason(websocket::close_code::policy_error);
    box.signal.cancel();
    limits.ban_flooder(address, LimitClock::now());  // no reconnecting at once
    return true;
}

net::awaitable<void> HttpServer::Impl::analysis_session(beast::tcp_stream stream, Request req, std::string address) {
    const auto target = parse_target(req.target());
    const Client caller = caller_of(req, *target, {});
    const auto ex = co_await net::this_coro::executor;
    auto ws = std::make_shared<websocket::stream<beast::tcp_stream>>(std::move(stream));
    const auto box = std::make_shared<Outbox>(ex);
    box->limit = options.max_queued_events;
    box->kill = [weak = std::weak_ptr(ws)] {
        if (const auto w = weak.lock()) {
            error_code ignored;
            beast::get_lowest_layer(*w).socket().close(ignored);
        }
    };
    beast::get_lowest_layer(*ws).expires_never();
    ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws->set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set("Content-Security-Policy", ContentSecurityPolicy); }));
    ws->read_message_max(MaxFrameBytes);
    error_code ec;
    co_await ws->async_accept(req, use_ec(ec));
    if (ec) co_return;
    AnalysisSession session(*options.line_search, caller.lang, sink_for(box), address);

    net::co_spawn(ex, ws_writer(ws, box, nullptr, std::chrono::milliseconds(0)), net::detached);

    beast::flat_buffer buffer;
    std::deque<std::chrono::steady_clock::time_point> recent;
    for (;;) {
        buffer.clear();
        co_await ws->async_read(buffer, use_ec(ec));
        if (ec) break;
        if (box->close) continue;
        if (flooding(recent, *box, address)) {
            session.stop();
            continue;
        }
        if (!ws->got_text()) {
            session.message({});  // not JSON text: malformed, in the session's own form
            continue;
        }
        try {
            session.message(beast::buffers_to_string(buffer.data()));
        } catch (const std::exception&) {
            box->push(error_message(ErrorCode::Internal, caller.lang));
        }
    }
    session.stop();
    box->finish();
}

HttpServer::HttpServer(Handler& handler, ServerOptions options)
    : impl_(std::make_unique<Impl>(handler, std::move(options))) {}

HttpServer::~HttpServer() { stop(); }

std::expected<std::uint16_t, std::string> HttpServer::start() {
    error_code ec;
    const auto address = net::ip::make_address(impl_->options.host, ec);
    if (ec) return std::unexpected(impl_->options.host + ": " + ec.message());
    tcp::acceptor& acceptor = impl_->acceptor.emplace(impl_->ioc);
    const tcp::endpoint endpoint(address, impl_->options.port);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) return std::unexpected(ec.message());
    impl_->port = acceptor.local_endpoint().port();
    net::co_spawn(impl_->ioc, impl_->accept_loop(), net::detached);
    const int n = std::max(1, impl_->options.threads);
    for (int i = 0; i < n; ++i)
        impl_->threads.emplace_back([this] {
            engine::name_this_thread("schach-io");
            impl_->ioc.run();
        });
    return impl_->port;
}

void HttpServer::stop() {
    std::lock_guard lock(impl_->mutex);
    if (!impl_->stopped.exchange(true)) impl_->stopped.notify_all();
    impl_->ioc.stop();
    for (std::thread& t : impl_->threads)
        if (t.joinable()) t.join();
    impl_->threads.clear();
    impl_->tools_pool.stop();
    impl_->tools_pool.join();
}

void HttpServer::wait() { impl_->stopped.wait(false); }

std::uint16_t HttpServer::port() const { return impl_->port; }

}  // namespace schach::server
