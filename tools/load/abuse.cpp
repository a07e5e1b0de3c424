// The soak test's abusers (abuse.hpp): coroutines on one io_context, each kind from its own
// loopback address.

#include "abuse.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include "net.hpp"

namespace schach::load {
namespace {

class Abuse {
public:
    Abuse(const AbuseOptions& o, const std::atomic<bool>& stop)
        : o_(o), stop_(stop), endpoint_(net::ip::make_address(o.host), o.port),
          host_(o.host + ":" + std::to_string(o.port)), end_(Clock::now() + seconds(o.duration_seconds)) {}

    AbuseResult run() {
        for (int i = 0; i < o_.idle_connections; ++i) net::co_spawn(ioc_, idle(), net::detached);
        if (o_.creations > 0) net::co_spawn(ioc_, create(), net::detached);
        for (int i = 0; i < o_.flooders; ++i) net::co_spawn(ioc_, flood(), net::detached);
        if (o_.analysis_interval_ms > 0) net::co_spawn(ioc_, analyses(), net::detached);
        for (int i = 0; i < o_.board_sockets; ++i) net::co_spawn(ioc_, board(i, false), net::detached);
        if (o_.board_sockets > 0) net::co_spawn(ioc_, board(o_.board_sockets, true), net::detached);
        if (o_.probe_interval_ms > 0) net::co_spawn(ioc_, probe_loop(), net::detached);
        net::co_spawn(ioc_, watch(), net::detached);
        ioc_.run();
        result_.probe_reply = probe_latencies_.summary();
        result_.board_probe_reply = board_probe_latencies_.summary();
        return result_;
    }

private:
    static Clock::duration seconds(double s) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
    }
    bool going() const { return !stop_.load() && Clock::now() < end_; }

    net::awaitable<void> sleep(Clock::duration d) {
        net::steady_timer t(co_await net::this_coro::executor);
        t.expires_after(d);
        error_code ec;
        co_await t.async_wait(use_ec(ec));
    }

    /// Ends the run at its time: reads the server's engine figures, then stops the io_context,
    /// which ends every coroutine.
    net::awaitable<void> watch() {
        while (going()) co_await sleep(std::chrono::milliseconds(50));
        co_await read_health();
        ioc_.stop();
    }

    net::awaitable<void> read_health() {
        beast::tcp_stream stream(co_await net::this_coro::executor);
        error_code ec = co_await connect_from(stream, o_.probe_address);
        if (ec) co_return;
        http::request<http::empty_body> req{http::verb::get, "/healthz", 11};
        req.set(http::field::host, host_);
        stream.expires_after(std::chrono::seconds(5));
        co_await http::async_write(stream, req, use_ec(ec));
        beast::flat_buffer buffer;
        http::response<http::string_body> res;
        if (!ec) co_await http::async_read(stream, buffer, res, use_ec(ec));
        if (ec || res.result_int() != 200) co_return;
        const json::value v = json::parse(res.body(), ec);
        if (ec || !v.is_object()) co_return;
        const json::value* engine = v.as_object().if_contains("engine");
        if (engine == nullptr || !engine->is_object()) co_return;
        const auto number = [&](std::string_view key) -> std::int64_t {
            const json::value* x = engine->as_object().if_contains(key);
            return x != nullptr && x->is_number() ? x->to_number<std::int64_t>() : -1;
        };
        result_.engine_max_queued = number("max_queued");
        result_.engine_wait_p99_ms = number("wait_p99_ms");
        result_.engine_wait_max_ms = number("wait_max_ms");
        result_.engine_cut_short = number("cut_short");
    }

    /// A socket bound to `source` and connected to the server.
    net::awaitable<error_code> connect_from(beast::tcp_stream& stream, const std::string& source) {
        error_code ec;
        stream.socket().open(tcp::v4(), ec);
        if (!ec) stream.socket().bind(tcp::endpoint(net::ip::make_address(source), 0), ec);
        if (ec) co_return ec;
        stream.expires_after(std::chrono::seconds(10));
        co_await stream.async_connect(endpoint_, use_ec(ec));
        stream.expires_never();
        co_return ec;
    }

    // ---- idle: half a request line, then nothing ------------------------------------------------
    net::awaitable<void> idle() {
        while (going()) {
            beast::tcp_stream stream(co_await net::this_coro::executor);
            error_code ec = co_await connect_from(stream, o_.idle_address);
            if (ec) {
                co_await sleep(std::chrono::milliseconds(200));
                continue;
            }
            ++result_.idle_opened;
            co_await net::async_write(stream.socket(), net::buffer(std::string_view("GET / HT")), use_ec(ec));
            std::string got;
            std::array<char, 512> chunk;
            while (!ec) {
                const std::size_t n = co_await stream.socket().async_read_some(net::buffer(chunk), use_ec(ec));
                got.append(chunk.data(), n);
            }
            // Opened again at once when the deadline closed it, after a second when refused.
            if (got.starts_with("HTTP/1.1 429")) {
                ++result_.idle_refused;
                co_await sleep(std::chrono::seconds(1));
            } else {
                ++result_.idle_closed;
            }
        }
    }

    // ---- create: games at level 8, as fast as answered ------------------------------------------
    net::awaitable<void> create() {
        beast::tcp_stream stream(co_await net::this_coro::executor);
        beast::flat_buffer buffer;
        bool connected = false;
        for (int i = 0; i < o_.creations && going(); ++i) {
            error_code ec;
            if (!connected) {
                error_code ignored;
                stream.socket().close(ignored);
                buffer.clear();
                ec = co_await connect_from(stream, o_.create_address);
                if (ec) {
                    ++result_.create_other;
                    co_await sleep(std::chrono::milliseconds(100));
                    continue;
                }
                connected = true;
            }
            http::request<http::string_body> req{http::verb::post, "/api/v1/games", 11};
            req.set(http::field::host, host_);
            req.set(http::field::content_type, "application/json");
            req.keep_alive(true);
            req.body() = R"({"mode":"computer","level":8,"color":"black","tc":"1+0"})";
            req.prepare_payload();
            stream.expires_after(std::chrono::seconds(30));
            co_await http::async_write(stream, req, use_ec(ec));
            http::response<http::string_body> res;
            if (!ec) co_await http::async_read(stream, buffer, res, use_ec(ec));
            if (ec) {
                ++result_.create_other;
                connected = false;
                continue;
            }
            if (res.result_int() == 201) ++result_.created;
            else if (res.result_int() == 429) ++result_.create_refused;
            else ++result_.create_other;
            if (!res.keep_alive()) connected = false;
        }
    }

    // ---- flood: a WebSocket that never pauses ---------------------------------------------------
    net::awaitable<void> flood() {
        const auto game = co_await create_game(o_.flood_address, R"({"mode":"friend"})");
        if (!game) co_return;
        while (going()) {
            // Shared with its reader, which may still be waiting when this loop lets go of it.
            auto ws = std::make_shared<WebSocket>(co_await net::this_coro::executor);
            error_code ec = co_await connect_from(beast::get_lowest_layer(*ws), o_.flood_address);
            if (!ec) {
                const std::string origin = "http://" + host_;
                ws->set_option(websocket::stream_base::decorator(
                    [origin](websocket::request_type& req) { req.set(http::field::origin, origin); }));
                co_await ws->async_handshake(host_, "/ws/v1/games/" + game->first, use_ec(ec));
            }
            if (ec) {
                co_await sleep(std::chrono::milliseconds(200));
                continue;
            }
            // A reader notices the close; the writer sends until it fails.
            auto closed = std::make_shared<bool>(false);
            net::co_spawn(co_await net::this_coro::executor, read_until_closed(ws, closed), net::detached);
            while (!ec && !*closed && going()) {
                ws->text(true);
                co_await ws->async_write(net::buffer(std::string_view(R"({"t":"ping"})")), use_ec(ec));
                ++result_.flood_messages;
            }
            if (ec || *closed) ++result_.flood_closed;
            while (!*closed && going()) co_await sleep(std::chrono::milliseconds(10));
            if (!going()) co_return;
        }
    }

    /// Reads (and drops) what the server sends until the WebSocket fails or closes. A member
    /// coroutine with its arguments by value: a lambda coroutine's captures would die with the
    /// lambda, before the coroutine ends.
    static net::awaitable<void> read_until_closed(std::shared_ptr<WebSocket> ws, std::shared_ptr<bool> closed) {
        beast::flat_buffer b;
        error_code ec;
        while (!ec) {
            co_await ws->async_read(b, use_ec(ec));
            b.consume(b.size());
        }
        *closed = true;
    }

    // ---- HTTP, one request a connection ----------------------------------------------------------
    struct Answer {
        int status = 0;
        std::string body;
        bool retry_after = false;  // the answer had a Retry-After
    };

    /// A POST from `source` on a connection of its own (`auth`: a seat's secret; `cookie`: the
    /// Cookie header); none when the request fails.
    net::awaitable<std::optional<Answer>> post(const std::string& source, const std::string& target, std::string body,
                                               const std::string& auth = {}, const std::string& cookie = {}) {
        beast::tcp_stream stream(co_await net::this_coro::executor);
        error_code ec = co_await connect_from(stream, source);
        if (ec) co_return std::nullopt;
        http::request<http::string_body> req{http::verb::post, target, 11};
        req.set(http::field::host, host_);
        req.set(http::field::content_type, "application/json");
        if (!auth.empty()) req.set(http::field::authorization, "Bearer " + auth);
        if (!cookie.empty()) req.set(http::field::cookie, cookie);
        req.body() = std::move(body);
        req.prepare_payload();
        stream.expires_after(std::chrono::seconds(30));
        co_await http::async_write(stream, req, use_ec(ec));
        beast::flat_buffer buffer;
        http::response<http::string_body> res;
        if (!ec) co_await http::async_read(stream, buffer, res, use_ec(ec));
        if (ec) co_return std::nullopt;
        co_return Answer{static_cast<int>(res.result_int()), std::move(res.body()),
                         res.find(http::field::retry_after) != res.end()};
    }

    /// Creates a game from `source`: its id and secret, or none (a 429 counted by the caller).
    net::awaitable<std::optional<std::pair<std::string, std::string>>> create_game(const std::string& source,
                                                                                   std::string body,
                                                                                   int* status = nullptr) {
        const auto answer = co_await post(source, "/api/v1/games", std::move(body));
        if (!answer) co_return std::nullopt;
        if (status != nullptr) *status = answer->status;
        if (answer->status != 201) co_return std::nullopt;
        error_code ec;
        const json::value v = json::parse(answer->body, ec);
        if (ec) co_return std::nullopt;
        co_return std::make_pair(std::string(text_of(v, "id")), std::string(text_of(v, "secret")));
    }

    // ---- analyses: its own finished games, each asked for with a made-up browser id -------------
    /// A game at one device from the analysis address, 1.e4 e5 and resigned: finished; its id.
    net::awaitable<std::optional<std::string>> finished_game() {
        int status = 0;
        const auto game = co_await create_game(o_.analysis_address, R"({"mode":"local"})", &status);
        if (!game) {
            if (status == 429) ++result_.analysis_create_refused;
            else ++result_.analysis_other;
            co_return std::nullopt;
        }
        const std::string base = "/api/v1/games/" + game->first;
        for (const char* step : {"/move/e2e4", "/move/e7e5", "/resign"}) {
            const auto answer = co_await post(o_.analysis_address, base + step, "", game->second);
            if (!answer || answer->status != 200) {
                ++result_.analysis_other;
                co_return std::nullopt;
            }
        }
        ++result_.analysis_games;
        co_return game->first;
    }

    net::awaitable<void> analyses() {
        std::deque<std::string> waiting;  // finished games whose analysis was not accepted yet
        while (going()) {
            // A few finished games at hand; their creations are limited too (then it asks again
            // for the ones it has).
            if (waiting.size() < 8)
                if (auto id = co_await finished_game()) waiting.push_back(std::move(*id));
            if (!waiting.empty()) {
                const std::string id = std::move(waiting.front());
                waiting.pop_front();
                const std::string cookie = "b=abuser" + std::to_string(++browsers_);
                const auto answer = co_await post(o_.analysis_address, "/api/v1/games/" + id + "/analysis", "", {},
                                                  cookie);
                error_code ec;
                const json::value v = answer ? json::parse(answer->body, ec) : json::value();
                if (answer && answer->status == 202) {
                    ++result_.analysis_accepted;
                } else if (answer && answer->status == 429 && answer->retry_after && !ec &&
                           text_of(v, "code") == "analysis_limit") {
                    ++result_.analysis_refused;
                    waiting.push_back(id);  // asked for again later
                } else {
                    ++result_.analysis_other;
                }
            }
            co_await sleep(std::chrono::milliseconds(o_.analysis_interval_ms));
        }
    }

    // ---- board: the analysis board's socket, paced and flooding --------------------------------
    /// An `analyse` of the `n`th position of a fixed opening line (each one new to the socket).
    static std::string analyse_message(std::int64_t id) {
        static constexpr std::array<std::string_view, 10> line = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5",
                                                                  "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"};
        std::string moves;
        for (std::size_t i = 0; i < static_cast<std::size_t>(id % 11); ++i)
            moves += (i == 0 ? "\"" : ",\"") + std::string(line[i]) + "\"";
        return R"({"t":"analyse","id":)" + std::to_string(id) + R"(,"moves":[)" + moves + "]}";
    }

    /// Opens the analysis board's socket from `source`; the handshake's HTTP status when it failed
    /// with an answer (0 without one).
    net::awaitable<int> open_board(WebSocket& ws, const std::string& source) {
        error_code ec = co_await connect_from(beast::get_lowest_layer(ws), source);
        if (ec) co_return 0;
        const std::string origin = "http://" + host_;
        ws.set_option(websocket::stream_base::decorator(
            [origin](websocket::request_type& req) { req.set(http::field::origin, origin); }));
        websocket::response_type res;
        co_await ws.async_handshake(res, host_, "/api/v1/analysis/socket?lang=en", use_ec(ec));
        co_return ec ? std::max(1, static_cast<int>(res.result_int())) : 101;
    }

    net::awaitable<void> board(int index, bool flooding) {
        // The flooder starts once the paced sockets are open: its close bars the address.
        if (flooding) co_await sleep(std::chrono::seconds(1));
        std::int64_t id = index * 1000;
        while (going()) {
            auto ws = std::make_shared<WebSocket>(co_await net::this_coro::executor);
            const int status = co_await open_board(*ws, o_.board_address);
            if (status != 101) {
                if (status == 429) ++result_.board_connect_refused;
                co_await sleep(std::chrono::seconds(1));
                continue;
            }
            auto closed = std::make_shared<bool>(false);
            net::co_spawn(co_await net::this_coro::executor, read_board(ws, closed), net::detached);
            error_code ec;
            while (!ec && !*closed && going()) {
                ws->text(true);
                co_await ws->async_write(net::buffer(analyse_message(++id)), use_ec(ec));
                ++result_.board_sent;
                if (!flooding) co_await sleep(std::chrono::milliseconds(o_.board_interval_ms));
            }
            if (!going()) co_return;
            ++result_.board_closed;
            while (!*closed && going()) co_await sleep(std::chrono::milliseconds(10));
        }
    }

    /// Counts the answers of a board socket until it closes: the first lines of each request,
    /// the refusals.
    net::awaitable<void> read_board(std::shared_ptr<WebSocket> ws, std::shared_ptr<bool> closed) {
        beast::flat_buffer b;
        error_code ec;
        std::int64_t last_answered = -1;
        while (!ec) {
            co_await ws->async_read(b, use_ec(ec));
            if (ec) break;
            error_code pec;
            const json::value v = json::parse(beast::buffers_to_string(b.data()), pec);
            b.consume(b.size());
            if (pec || !v.is_object()) continue;
            const std::string_view t = text_of(v, "t");
            const json::value* idv = v.as_object().if_contains("id");
            const std::int64_t id = idv != nullptr && idv->is_int64() ? idv->as_int64() : -1;
            if (t == "lines" && id != last_answered) {
                last_answered = id;
                ++result_.board_answered;
            } else if (t == "error" && text_of(v, "code") == "analysis_limit") {
                ++result_.board_refused;
            } else if (t == "error" && text_of(v, "code") == "busy") {
                ++result_.board_busy;
            }
        }
        *closed = true;
    }

    // ---- probe: a level-1 game's answer to 1.e4, then its analysis board -------------------------

    net::awaitable<void> probe_loop() {
        while (going()) {
            const auto started = Clock::now();
            co_await probe();
            const auto next = started + std::chrono::milliseconds(o_.probe_interval_ms);
            if (Clock::now() < next) co_await sleep(next - Clock::now());
        }
    }

    net::awaitable<void> probe() {
        int status = 0;
        const auto game = co_await create_game(o_.probe_address,
                                               R"({"mode":"computer","level":1,"color":"white","tc":"5+3"})", &status);
        if (!game) {
            if (status == 429) ++result_.probe_create_refused;
            else ++result_.probe_failures;
            co_return;
        }
        websocket::stream<beast::tcp_stream> ws(co_await net::this_coro::executor);
        error_code ec = co_await connect_from(beast::get_lowest_layer(ws), o_.probe_address);
        if (!ec) {
            const std::string origin = "http://" + host_;
            const std::string cookie = "s_" + game->first + "=" + game->second;
            ws.set_option(websocket::stream_base::decorator([origin, cookie](websocket::request_type& req) {
                req.set(http::field::origin, origin);
                req.set(http::field::cookie, cookie);
            }));
            co_await ws.async_handshake(host_, "/ws/v1/games/" + game->first, use_ec(ec));
        }
        beast::flat_buffer buffer;
        if (!ec) co_await ws.async_read(buffer, use_ec(ec));  // the state
        if (ec) {
            ++result_.probe_failures;
            co_return;
        }
        buffer.consume(buffer.size());
        const auto sent = Clock::now();
        ws.text(true);
        co_await ws.async_write(net::buffer(std::string_view(R"({"t":"move","d":{"ply":0,"uci":"e2e4","a":1}})")),
                                use_ec(ec));
        // Our move's event, then the computer's: the second "move" event.
        int moves = 0;
        beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
        while (!ec && moves < 2) {
            co_await ws.async_read(buffer, use_ec(ec));
            if (ec) break;
            error_code pec;
            const json::value v = json::parse(beast::buffers_to_string(buffer.data()), pec);
            buffer.consume(buffer.size());
            if (!pec && text_of(v, "t") == "move") ++moves;
        }
        if (moves < 2) {
            ++result_.probe_failures;
            co_return;
        }
        probe_latencies_.add(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent).count());
        ++result_.probes;
        beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(2));
        co_await ws.async_write(net::buffer(std::string_view(R"({"t":"resign"})")), use_ec(ec));
        co_await ws.async_close(websocket::close_code::normal, use_ec(ec));
        co_await board_probe();
    }

    /// The probe player's analysis board: `analyse` to its first lines (within 30 s).
    net::awaitable<void> board_probe() {
        WebSocket ws(co_await net::this_coro::executor);
        if (co_await open_board(ws, o_.probe_address) != 101) {
            ++result_.board_probe_failures;
            co_return;
        }
        const auto sent = Clock::now();
        ws.text(true);
        error_code ec;
        co_await ws.async_write(net::buffer(analyse_message(++probe_boards_)), use_ec(ec));
        beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
        beast::flat_buffer buffer;
        bool answered = false, refused = false;
        while (!ec && !answered && !refused) {
            co_await ws.async_read(buffer, use_ec(ec));
            if (ec) break;
            error_code pec;
            const json::value v = json::parse(beast::buffers_to_string(buffer.data()), pec);
            buffer.consume(buffer.size());
            answered = !pec && text_of(v, "t") == "lines";
            refused = !pec && text_of(v, "t") == "error";
        }
        if (answered) {
            board_probe_latencies_.add(
                std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent).count());
            ++result_.board_probes;
        } else if (refused) {
            ++result_.board_probe_refused;
        } else {
            ++result_.board_probe_failures;
        }
        beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(2));
        co_await ws.async_close(websocket::close_code::normal, use_ec(ec));
    }

    const AbuseOptions& o_;
    const std::atomic<bool>& stop_;
    net::io_context ioc_;
    tcp::endpoint endpoint_;
    std::string host_;
    Clock::time_point end_;
    AbuseResult result_;
    Latencies probe_latencies_, board_probe_latencies_;
    std::int64_t browsers_ = 0;      // made-up browser ids so far
    std::int64_t probe_boards_ = 0;  // the probe's board requests so far
};

}  // namespace

AbuseResult run_abuse(const AbuseOptions& options, const std::atomic<bool>& stop) {
    Abuse abuse(options, stop);
    return abuse.run();
}

}  // namespace schach::load
