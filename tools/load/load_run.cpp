// The load's coroutines (Boost.Beast WebSocket and HTTP clients on one io_context): the ramp,
// the HTTP clients that create and join games, one loop per WebSocket (connect, read, and with
// follow_nodes connect again), the moves after their think time, and the bookkeeping of every
// move from its send to its ack and to the opponent; with a fault, the fail-over of its games.

#include "load_run.hpp"

#include <netinet/in.h>
#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <fmt/format.h>

#include "net.hpp"
#include "proc_stats.hpp"

namespace schach::load {
namespace {

using Ws = WebSocket;

double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}
std::int64_t micros_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration_cast<std::chrono::microseconds>(b - a).count();
}

double cpu_seconds_of_this_process() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
    return s(u.ru_utime) + s(u.ru_stime);
}

enum class Phase { Ramp, Measure, Drain, Done };

/// A move on its way: made by connection `mover`, waiting for its ack and the opponent's event.
struct PendingMove {
    int ply = 0;  // moves before it
    std::int64_t a = 0;
    int mover = 0;
    std::string uci;
    Clock::time_point sent;  // when it was made (a resend keeps it)
    bool written = false;    // sent on a socket at least once
    bool in_window = false;
    bool acked = false, seen = false;
};

/// One seat's WebSocket (or both seats', at one device); with follow_nodes a new socket after
/// each that ends.
struct Conn {
    explicit Conn(const net::any_io_executor& ex) : think(ex), retry(ex) {}
    std::shared_ptr<Ws> ws;  // the current socket
    net::steady_timer think;
    net::steady_timer retry;  // the wait before the socket is opened again
    int thinking_ply = -1;    // the position a think runs for (-1: none)
    std::string secret;
    std::int64_t counter = 0;                 // the `a` of its moves
    bool open = false;                        // the current socket's handshake done, not ended
    bool stated = false;                      // the current socket got its state
    bool ready = false;                       // got a state once
    std::optional<json::object> first_dests;  // its moves in the state, played once all are ready
    bool writing = false;
    std::deque<std::string> outbox;         // messages waiting for the writer (one write at a time)
    std::optional<Clock::time_point> ping;  // a ping on its way
    bool closing = false;
    std::string node;                          // the node of the current socket (X-Schach-Node)
    std::string ask_node;                      // asked for with ?node= (after a 4307)
    int failures = 0;                          // sockets in a row that ended before a message
    std::optional<Clock::time_point> resumed;  // the first state after the fault (its game hit)
    chaos::ClientGame record;                  // what it received and got acknowledged (records)
};

struct Game {
    int slot = 0;
    std::string id;
    std::vector<std::unique_ptr<Conn>> conns;
    std::string board = std::string(64, '.');  // a1 = 0 ... h8 = 63, FEN letters
    int ply = 0;
    bool playing = false;   // counted in Run::playing
    bool over = false;      // the game has ended (or failed): closes once its moves are answered
    bool finished = false;  // ended by the rules (mate, draw): replaced by a new game
    bool closing = false;
    bool kept = false;  // its records taken
    int readers = 0;
    std::deque<PendingMove> pending;
    bool hit = false;                            // playing on the node of the fault
    std::optional<Clock::time_point> recovered;  // its first move acknowledged after the fault
};

/// The placement field of a FEN into `board`.
void read_board(std::string_view fen, std::string& board) {
    board.assign(64, '.');
    int rank = 7, file = 0;
    for (const char c : fen) {
        if (c == ' ') break;
        if (c == '/') {
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else if (rank >= 0 && file < 8) {
            board[static_cast<std::size_t>(rank * 8 + file)] = c;
            ++file;
        }
    }
}

int square_index(std::string_view s) {
    if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

/// The UCI of each move in a state's `moves`.
std::vector<std::string> moves_of(const json::object& d) {
    std::vector<std::string> out;
    if (const json::value* list = d.if_contains("moves"); list != nullptr && list->is_array())
        for (const json::value& m : list->as_array()) out.emplace_back(text_of(m, "uci"));
    return out;
}

class Run {
public:
    Run(const LoadOptions& o, std::vector<chaos::ClientGame>* records, LoadSamples* samples)
        : options_(o), records_(records), samples_(samples), rng_(o.seed),
          endpoint_(net::ip::make_address(o.host), o.port), host_(fmt::format("{}:{}", o.host, o.port)),
          slots_(static_cast<std::size_t>(o.games)) {}

    LoadResult run() {
        result_.games = options_.games;
        result_.sockets_per_game = options_.one_socket ? 1 : 2;
        result_.think_ms = options_.think_ms;
        result_.tc = options_.tc == "-" ? "" : options_.tc;
        if (options_.follow_nodes) result_.cluster.emplace();
        net::co_spawn(ioc_, control(), net::detached);
        ioc_.run();
        return result_;
    }

private:
    const LoadOptions& options_;
    std::vector<chaos::ClientGame>* records_;
    LoadSamples* samples_;
    net::io_context ioc_;
    std::mt19937 rng_;
    tcp::endpoint endpoint_;
    std::string host_;  // the Host header (and the Origin's host)
    Phase phase_ = Phase::Ramp;
    std::deque<int> queue_;  // slots waiting for a game
    std::vector<std::shared_ptr<Game>> slots_;
    int playing_ = 0;
    int alive_ = 0;  // games with a reader left
    LoadResult result_;
    Latencies ack_, seen_, ping_;
    std::vector<Latencies> ack_seconds_;                  // the window's acks by the second of their send
    std::map<std::string, chaos::ClientGame> histories_;  // per game id: its acknowledged moves
    // The fault and its fail-over.
    std::optional<Clock::time_point> fault_time_;
    std::vector<std::shared_ptr<Game>> hit_;
    Latencies failover_, resumed_, ack_outside_, ack_failover_;
    Clock::time_point window_start_;

    bool sending() const { return phase_ == Phase::Ramp || phase_ == Phase::Measure; }
    ClusterFigures* cluster() { return result_.cluster ? &*result_.cluster : nullptr; }

    net::awaitable<void> sleep(std::chrono::milliseconds d) {
        net::steady_timer t(ioc_, d);
        error_code ec;
        co_await t.async_wait(use_ec(ec));
    }

    void say(const std::string& text) {
        if (options_.progress) options_.progress(text);
    }

    // ---- the run ------------------------------------------------------------------------------

    net::awaitable<void> control() {
        const Clock::time_point t0 = Clock::now();
        for (int i = 0; i < options_.http_clients; ++i) net::co_spawn(ioc_, http_client(i), net::detached);
        net::co_spawn(ioc_, ramp(t0), net::detached);
        const auto ramp_limit = t0 + std::chrono::duration_cast<Clock::duration>(
                                         std::chrono::duration<double>(options_.ramp_seconds + 120));
        auto next_note = t0 + std::chrono::seconds(5);
        while (playing_ < options_.games && Clock::now() < ramp_limit) {
            co_await sleep(std::chrono::milliseconds(50));
            if (Clock::now() >= next_note) {
                if (options_.progress_text) say(options_.progress_text(playing_, options_.games));
                next_note += std::chrono::seconds(5);
            }
        }
        // The window.
        const Clock::time_point start = Clock::now();
        result_.ramp_seconds = seconds_between(t0, start);
        result_.games_at_start = result_.games_min = playing_;
        phase_ = Phase::Measure;
        window_start_ = start;
        if (options_.measuring_text) say(options_.measuring_text(options_.duration_seconds));
        if (options_.window_opened) options_.window_opened(games_on_nodes());
        if (options_.fault_fd >= 0) net::co_spawn(ioc_, read_faults(), net::detached);
        const auto server_cpu0 = options_.server_pid > 0 ? process_cpu_seconds(options_.server_pid) : std::nullopt;
        const double tool_cpu0 = cpu_seconds_of_this_process();
        result_.load_start = load_average();
        const auto end = start + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(options_.duration_seconds));
        // The server's resident size once a second over the window: bounded, or still growing?
        std::vector<long> rss;
        auto next_sample = start;
        while (Clock::now() < end) {
            if (options_.server_pid > 0 && Clock::now() >= next_sample) {
                if (const auto m = process_memory(options_.server_pid)) rss.push_back(m->rss_kib);
                next_sample += std::chrono::seconds(1);
            }
            co_await sleep(std::chrono::milliseconds(20));
        }
        result_.memory_trend = memory_trend(rss);
        const Clock::time_point stop = Clock::now();
        phase_ = Phase::Drain;
        result_.measured_seconds = seconds_between(start, stop);
        result_.load_end = load_average();
        result_.tool_cpu_percent = (cpu_seconds_of_this_process() - tool_cpu0) / result_.measured_seconds * 100;
        if (options_.window_closed) options_.window_closed();
        if (options_.server_pid > 0) {
            const auto server_cpu1 = process_cpu_seconds(options_.server_pid);
            if (server_cpu0 && server_cpu1)
                result_.server_cpu_percent = (*server_cpu1 - *server_cpu0) / result_.measured_seconds * 100;
            result_.memory = process_memory(options_.server_pid);
        }
        // The drain: no new moves; the sent ones get their answers.
        const auto drain_end =
            stop + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options_.drain_seconds));
        while (Clock::now() < drain_end && outstanding() > 0) co_await sleep(std::chrono::milliseconds(20));
        phase_ = Phase::Done;
        for (const auto& g : slots_)
            if (g) end_game(g);
        const auto close_end = Clock::now() + std::chrono::seconds(10);
        while (alive_ > 0 && Clock::now() < close_end) co_await sleep(std::chrono::milliseconds(20));
        for (const auto& g : slots_)  // still open after the close: counted now
            if (g) {
                count_unanswered(*g);
                keep_records(*g);
            }
        result_.ack = ack_.summary();
        for (const Latencies& second : ack_seconds_) result_.ack_by_second.push_back(second.summary());
        result_.seen = seen_.summary();
        result_.ping = ping_.summary();
        for (auto& [id, history] : histories_) result_.histories.push_back(std::move(history));
        if (ClusterFigures* c = cluster()) summarize_failover(*c);
        if (samples_ != nullptr)
            *samples_ = LoadSamples{ack_.values(),     seen_.values(),        ping_.values(),        failover_.values(),
                                    resumed_.values(), ack_outside_.values(), ack_failover_.values()};
        ioc_.stop();
    }

    std::size_t outstanding() const {
        std::size_t n = 0;
        for (const auto& g : slots_)
            if (g) n += g->pending.size();
        return n;
    }

    net::awaitable<void> ramp(Clock::time_point t0) {
        for (int i = 0; i < options_.games && sending(); ++i) {
            const auto at = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                                     options_.ramp_seconds * i / std::max(1, options_.games)));
            if (Clock::now() < at) {
                net::steady_timer t(ioc_, at);
                error_code ec;
                co_await t.async_wait(use_ec(ec));
            }
            queue_.push_back(i);
        }
    }

    // ---- the fault ----------------------------------------------------------------------------

    /// The games playing on each node (the node of their first socket that has one).
    std::map<std::string, int> games_on_nodes() const {
        std::map<std::string, int> games_on;
        for (const auto& g : slots_)
            if (g && g->playing)
                for (const auto& c : g->conns)
                    if (!c->node.empty()) {
                        ++games_on[c->node];
                        break;
                    }
        return games_on;
    }

    /// The faults another process tells (LoadOptions::fault_fd), one line each.
    net::awaitable<void> read_faults() {
        net::posix::stream_descriptor in(ioc_, options_.fault_fd);
        std::string buffer;
        for (;;) {
            error_code ec;
            const std::size_t n = co_await net::async_read_until(in, net::dynamic_buffer(buffer), '\n', use_ec(ec));
            if (ec) break;
            const std::string line = buffer.substr(0, n - 1);
            buffer.erase(0, n);
            const std::size_t space = line.find(' ');
            if (space == std::string::npos) continue;
            long long ns = 0;
            const auto [p, parsed] = std::from_chars(line.data() + space + 1, line.data() + line.size(), ns);
            if (parsed != std::errc{}) continue;
            fault(line.substr(0, space), Clock::time_point(std::chrono::nanoseconds(ns)));
        }
        error_code ignored;
        in.release();  // the descriptor is the caller's
    }

    /// `node` was killed at `at`: the games whose sockets were last on it are hit (their sockets
    /// have ended by now or soon will).
    void fault(const std::string& node, Clock::time_point at) {
        ClusterFigures* figures = cluster();
        if (figures == nullptr || fault_time_) return;
        fault_time_ = at;
        figures->killed = node;
        figures->kill_at_seconds = seconds_between(window_start_, at);
        for (const auto& g : slots_) {
            if (!g || !g->playing) continue;
            for (const auto& c : g->conns)
                if (c->node == node) g->hit = true;
            if (g->hit) hit_.push_back(g);
        }
        figures->games_on_killed = static_cast<int>(hit_.size());
    }

    void summarize_failover(ClusterFigures& c) {
        for (const auto& g : hit_) {
            if (!g->recovered) ++c.not_recovered;
            std::optional<Clock::time_point> last;
            for (const auto& conn : g->conns) {
                if (!conn->resumed) {
                    last.reset();
                    break;
                }
                last = std::max(last.value_or(*conn->resumed), *conn->resumed);
            }
            if (last) resumed_.add(micros_between(*fault_time_, *last));
        }
        c.failover = failover_.summary();
        c.resumed = resumed_.summary();
        c.ack_outside = ack_outside_.summary();
        c.ack_failover = ack_failover_.summary();
    }

    // ---- HTTP: create and join ----------------------------------------------------------------

    /// Opens `socket` bound to the `index`th source address, when the run spreads its clients.
    /// The port is chosen at the connect (IP_BIND_ADDRESS_NO_PORT), so each address has the
    /// ephemeral ports once per destination.
    void bind_source(tcp::socket& socket, int index, error_code& ec) const {
        if (options_.source_addresses <= 0) return;
        const auto n = static_cast<unsigned>(index % options_.source_addresses);
        const net::ip::address_v4 source(0x7f00000au + n);  // 127.0.0.10 + n
        if (socket.is_open()) socket.close(ec);
        socket.open(tcp::v4(), ec);
        if (!ec) socket.set_option(net::detail::socket_option::boolean<IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT>(true), ec);
        if (!ec) socket.bind(tcp::endpoint(source, 0), ec);
    }

    struct HttpClient {
        HttpClient(const net::any_io_executor& ex, int i) : stream(ex), index(i) {}
        beast::tcp_stream stream;
        int index = 0;
        beast::flat_buffer buffer;
        bool connected = false;
    };

    /// A POST with a JSON body as the page sends it (Origin, keep-alive); one retry on a fresh
    /// connection when the kept one was closed by the server. With follow_nodes, as the page's
    /// fetch: a 307 is followed (the same method and body), and a 502/503/504 (a node going
    /// away, none up for the proxy yet) or a failed connection is tried again a second later, a
    /// few times. None when it fails.
    net::awaitable<std::optional<http::response<http::string_body>>> post(HttpClient& c, std::string target,
                                                                          const std::string& body) {
        const int attempts = options_.follow_nodes ? 8 : 2;
        int redirects = 0;
        for (int attempt = 0; attempt < attempts; ++attempt) {
            if (attempt > 1) {
                ++cluster()->retries;
                co_await sleep(std::chrono::seconds(1));
            }
            error_code ec;
            if (!c.connected) {
                c.buffer.clear();
                c.stream.expires_after(std::chrono::seconds(30));
                bind_source(c.stream.socket(), c.index, ec);
                if (!ec) co_await c.stream.async_connect(endpoint_, use_ec(ec));
                if (ec) continue;
                c.connected = true;
            }
            http::request<http::string_body> req{http::verb::post, target, 11};
            req.set(http::field::host, host_);
            req.set(http::field::origin, "http://" + host_);
            req.set(http::field::content_type, "application/json");
            req.keep_alive(true);
            req.body() = body;
            req.prepare_payload();
            c.stream.expires_after(std::chrono::seconds(30));
            co_await http::async_write(c.stream, req, use_ec(ec));
            http::response<http::string_body> res;
            if (!ec) co_await http::async_read(c.stream, c.buffer, res, use_ec(ec));
            if (ec) {
                error_code ignored;
                c.stream.socket().close(ignored);
                c.connected = false;
                continue;
            }
            if (!res.keep_alive()) {
                error_code ignored;
                c.stream.socket().close(ignored);
                c.connected = false;
            }
            if (options_.follow_nodes) {
                const std::string_view location = res[http::field::location];
                if (res.result() == http::status::temporary_redirect && location.starts_with('/') && redirects < 5) {
                    target = std::string(location);
                    ++redirects;
                    ++cluster()->redirects;
                    attempt = 0;  // a redirect is no failure
                    continue;
                }
                const unsigned status = res.result_int();
                if (status == 502 || status == 503 || status == 504) {
                    attempt = std::max(attempt, 1);  // the next try waits
                    continue;
                }
            }
            co_return res;
        }
        co_return std::nullopt;
    }

    net::awaitable<void> http_client(int index) {
        HttpClient c(ioc_.get_executor(), index);
        while (sending()) {
            if (queue_.empty()) {
                co_await sleep(std::chrono::milliseconds(10));
                continue;
            }
            const int slot = queue_.front();
            queue_.pop_front();
            if (!co_await start_game(c, slot)) {
                ++result_.errors.failed_requests;
                net::co_spawn(ioc_, requeue_later(slot), net::detached);
            }
        }
        error_code ignored;
        c.stream.socket().close(ignored);
    }

    net::awaitable<void> requeue_later(int slot) {
        co_await sleep(std::chrono::seconds(1));
        if (sending()) queue_.push_back(slot);
    }

    // (Built outside the coroutines: GCC 12 rejects braced JSON initialisers inside one.)
    std::string create_body() const {
        json::object create{{"mode", options_.one_socket ? "local" : "friend"}, {"color", "white"}};
        if (!options_.tc.empty() && options_.tc != "-") create["tc"] = options_.tc;
        return json::serialize(create);
    }
    static std::string join_body(const std::string& invite) {
        return json::serialize(json::object{{"invite", invite}});
    }

    /// Creates a game (and joins its invitation) for `slot` and opens its WebSockets.
    net::awaitable<bool> start_game(HttpClient& c, int slot) {
        // Each player makes its own game, from its own address (the server's limits count per
        // address): the client's kept connection moves to the slot's address when it differs.
        const int n = options_.source_addresses;
        if (n > 0 && c.index % n != slot % n) {
            error_code ignored;
            c.stream.socket().close(ignored);
            c.connected = false;
            c.index = slot;
        }
        const auto created = co_await post(c, "/api/v1/games", create_body());
        if (!created || created->result_int() != 201) co_return false;
        error_code ec;
        const json::value answer = json::parse(created->body(), ec);
        if (ec || !answer.is_object()) co_return false;
        auto game = std::make_shared<Game>();
        game->slot = slot;
        game->id = std::string(text_of(answer.as_object(), "id"));
        const std::string white(text_of(answer.as_object(), "secret"));
        if (game->id.empty() || white.empty()) co_return false;
        histories_[game->id].id = game->id;  // created: the record must hold it, moves or not
        std::vector<std::string> secrets = {white};
        if (!options_.one_socket) {
            const std::string invite(text_of(answer.as_object(), "invite"));
            const auto joined = co_await post(c, "/api/v1/games/" + game->id + "/join", join_body(invite));
            if (!joined || joined->result_int() != 200) co_return false;
            const json::value j = json::parse(joined->body(), ec);
            if (ec || !j.is_object() || text_of(j.as_object(), "secret").empty()) co_return false;
            secrets.emplace_back(text_of(j.as_object(), "secret"));
        }
        for (const std::string& s : secrets) {
            game->conns.push_back(std::make_unique<Conn>(ioc_.get_executor()));
            game->conns.back()->secret = s;
            game->conns.back()->record.id = game->id;
        }
        open_game(game);
        co_return true;
    }

    // ---- the WebSockets -----------------------------------------------------------------------

    void open_game(const std::shared_ptr<Game>& g) {
        slots_[static_cast<std::size_t>(g->slot)] = g;
        ++alive_;
        g->readers = static_cast<int>(g->conns.size());
        for (std::size_t k = 0; k < g->conns.size(); ++k)
            net::co_spawn(ioc_, conn_loop(g, static_cast<int>(k)), net::detached);
        if (options_.ping_ms > 0) net::co_spawn(ioc_, ping_loop(g), net::detached);
    }

    /// A seat's sockets one after the other: without follow_nodes one (its end or failure ends
    /// the game), with it as many as it takes until the game is over.
    net::awaitable<void> conn_loop(std::shared_ptr<Game> g, int k) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        while (!g->closing && !c.closing) {
            const bool connected = co_await connect(*g, c);
            if (g->closing || c.closing) {
                if (connected) close_conn_now(c);
                break;
            }
            std::string moved;
            if (connected) moved = co_await read_socket(g, k);
            if (g->closing || c.closing) break;
            if (!options_.follow_nodes) {
                ++(connected ? result_.errors.dropped : result_.errors.failed_requests);
                end_game(g);
                break;
            }
            if (!moved.empty()) {  // another node holds the game: there at once
                c.ask_node = moved;
                ++cluster()->redirects;
                continue;
            }
            ++cluster()->reconnects;
            c.retry.expires_after(retry_delay(c.failures++));
            error_code ec;
            co_await c.retry.async_wait(use_ec(ec));
        }
        c.think.cancel();
        if (--g->readers == 0) gone(g);
    }

    /// A new socket for `c` (?node= when it was sent to one); false when it fails.
    net::awaitable<bool> connect(Game& g, Conn& c) {
        auto ws = std::make_shared<Ws>(ioc_.get_executor());
        auto& layer = beast::get_lowest_layer(*ws);
        error_code ec;
        layer.expires_after(std::chrono::seconds(30));
        bind_source(layer.socket(), g.slot, ec);
        if (!ec) co_await layer.async_connect(endpoint_, use_ec(ec));
        if (!ec) layer.socket().set_option(tcp::no_delay(true), ec);  // as browsers do
        websocket::response_type res;
        if (!ec) {
            layer.expires_never();
            ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
            const std::string cookie = "s_" + g.id + "=" + c.secret;
            const std::string origin = "http://" + host_;
            ws->set_option(websocket::stream_base::decorator([cookie, origin](websocket::request_type& req) {
                req.set(http::field::origin, origin);
                req.set(http::field::cookie, cookie);
            }));
            std::string target = "/ws/v1/games/" + g.id + "?lang=en";
            if (!c.ask_node.empty()) target += "&node=" + c.ask_node;
            co_await ws->async_handshake(res, host_, target, use_ec(ec));
        }
        if (ec) co_return false;
        c.ws = std::move(ws);
        c.open = true;
        c.stated = false;
        c.node = std::string(res["X-Schach-Node"]);
        co_return true;
    }

    /// Reads the current socket until it ends; the node a 4307 close names, else "".
    net::awaitable<std::string> read_socket(std::shared_ptr<Game> g, int k) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        const std::shared_ptr<Ws> ws = c.ws;
        beast::flat_buffer buffer;
        error_code ec;
        for (;;) {
            co_await ws->async_read(buffer, use_ec(ec));
            if (ec) break;
            c.failures = 0;
            on_message(g, k, beast::buffers_to_string(buffer.data()));
            buffer.consume(buffer.size());
        }
        c.open = c.stated = false;
        c.outbox.clear();
        c.ping.reset();
        if (ec == websocket::error::closed && ws->reason().code == CloseNotOwner)
            co_return param_of(std::string_view(ws->reason().reason.c_str()), "node");
        co_return std::string();
    }

    /// Every reader has ended: the unanswered moves are counted and the slot gets a new game.
    void gone(const std::shared_ptr<Game>& g) {
        count_unanswered(*g);
        keep_records(*g);
        if (g->playing) {
            g->playing = false;
            --playing_;
            if (phase_ == Phase::Measure) result_.games_min = std::min(result_.games_min, playing_);
        }
        --alive_;
        auto& slot = slots_[static_cast<std::size_t>(g->slot)];
        if (slot == g) slot.reset();
        if (sending()) {
            if (g->finished) ++result_.games_ended;
            queue_.push_back(g->slot);
        }
    }

    void count_unanswered(Game& g) {
        for (const PendingMove& p : g.pending) {
            if (!p.acked) ++result_.errors.unacked;
            if (!p.seen) ++result_.errors.unseen;
        }
        g.pending.clear();
    }

    void keep_records(Game& g) {
        if (records_ == nullptr || g.kept) return;
        g.kept = true;
        for (auto& c : g.conns) records_->push_back(std::move(c->record));
    }

    /// Closes the game's sockets (a WebSocket close each, as a page that is left).
    void end_game(const std::shared_ptr<Game>& g) {
        g->over = true;
        if (g->closing) return;
        g->closing = true;
        for (std::size_t k = 0; k < g->conns.size(); ++k) close_conn(g, static_cast<int>(k));
    }

    void close_conn(const std::shared_ptr<Game>& g, int k) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        c.think.cancel();
        c.retry.cancel();
        if (c.closing) return;
        c.closing = true;
        if (!c.open || c.writing) return;  // the writer closes when its writes are done
        net::co_spawn(ioc_, close_ws(c.ws), net::detached);
    }

    static void close_conn_now(Conn& c) {
        error_code ignored;
        beast::get_lowest_layer(*c.ws).socket().close(ignored);
    }

    net::awaitable<void> close_ws(std::shared_ptr<Ws> ws) {
        error_code ec;
        beast::get_lowest_layer(*ws).expires_after(std::chrono::seconds(5));
        co_await ws->async_close(websocket::close_code::normal, use_ec(ec));
        if (ec) {
            error_code ignored;
            beast::get_lowest_layer(*ws).socket().close(ignored);
        }
    }

    /// Closes a game that is over once its moves are answered.
    void close_if_done(const std::shared_ptr<Game>& g) {
        if (g->over && g->pending.empty()) end_game(g);
    }

    void on_message(const std::shared_ptr<Game>& g, int k, const std::string& text) {
        const Clock::time_point now = Clock::now();
        error_code ec;
        const json::value v = json::parse(text, ec);
        if (ec || !v.is_object()) {
            ++result_.errors.error_events;
            end_game(g);
            return;
        }
        const json::object& o = v.as_object();
        const std::string_view t = text_of(o, "t");
        const json::value* d = o.if_contains("d");
        if (t == "ack") {
            if (d != nullptr && d->is_int64()) on_ack(*g, k, d->as_int64(), now);
            close_if_done(g);
        } else if ((t == "state" || t == "move") && d != nullptr && d->is_object()) {
            on_position(g, k, t == "state", d->as_object(), now);
        } else if (t == "pong") {
            Conn& c = *g->conns[static_cast<std::size_t>(k)];
            if (c.ping) {
                if (phase_ == Phase::Measure) ping_.add(micros_between(*c.ping, now));
                c.ping.reset();
            }
        } else if (t == "end") {
            g->over = g->finished = true;
            close_if_done(g);
        } else if (t == "refusal") {
            ++result_.errors.refusals;
            end_game(g);
        } else if (t == "error") {
            ++result_.errors.error_events;
            end_game(g);
        }
    }

    void on_ack(Game& g, int k, std::int64_t a, Clock::time_point now) {
        for (auto it = g.pending.begin(); it != g.pending.end(); ++it) {
            if (it->mover != k || it->a != a || it->acked) continue;
            acknowledged(g, *it, now);
            if (it->seen) g.pending.erase(it);
            return;
        }
    }

    /// A move of ours stored (its ack, or found in a new socket's state): its latency, and the
    /// fail-over's when its game was hit.
    void acknowledged(Game& g, PendingMove& p, Clock::time_point now) {
        p.acked = true;
        histories_[g.id].acked[p.ply] = p.uci;
        if (records_ != nullptr) g.conns[static_cast<std::size_t>(p.mover)]->record.acked[p.ply] = p.uci;
        const std::int64_t micros = micros_between(p.sent, now);
        bool in_failover = false;
        if (g.hit && now >= *fault_time_) {
            if (!g.recovered) {
                g.recovered = now;
                failover_.add(micros_between(*fault_time_, now));
            }
            in_failover = p.sent <= *g.recovered;
        }
        if (!p.in_window) return;
        ack_.add(micros);
        const auto second =
            static_cast<std::size_t>(std::max<std::int64_t>(0, micros_between(window_start_, p.sent)) / 1'000'000);
        if (ack_seconds_.size() <= second) ack_seconds_.resize(second + 1);
        ack_seconds_[second].add(micros);
        if (result_.cluster) (in_failover ? ack_failover_ : ack_outside_).add(micros);
    }

    void saw(PendingMove& p, Clock::time_point now) {
        p.seen = true;
        if (p.in_window) seen_.add(micros_between(p.sent, now));
    }

    /// Whether connection k has made its move at `ply` and waits for its ack (after a new
    /// socket's state: it was sent again, or is on its way).
    static bool waiting(const Game& g, int k, int ply) {
        return std::any_of(g.pending.begin(), g.pending.end(),
                           [k, ply](const PendingMove& p) { return p.mover == k && !p.acked && p.ply == ply; });
    }

    /// A socket's state against what its seat knew: its moves made meanwhile are found stored or
    /// sent (again); the opponent's moves in it are seen; what the seat received must be in it.
    void reconcile(const std::shared_ptr<Game>& g, int k, const json::object& d, Clock::time_point now) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        const std::vector<std::string> moves = moves_of(d);
        const auto in_state = [&](const PendingMove& p) {
            return static_cast<std::size_t>(p.ply) < moves.size() && moves[static_cast<std::size_t>(p.ply)] == p.uci;
        };
        for (auto it = g->pending.begin(); it != g->pending.end();) {
            PendingMove& p = *it;
            if (p.mover == k && !p.acked) {
                if (in_state(p)) {
                    ++cluster()->confirmed;
                    acknowledged(*g, p, now);
                } else if (static_cast<std::size_t>(p.ply) == moves.size()) {
                    if (p.written) ++cluster()->resends;
                    p.written = true;
                    send(g, k, fmt::format(R"({{"t":"move","d":{{"ply":{},"uci":"{}","a":{}}}}})", p.ply, p.uci, p.a));
                }
            }
            if (!p.seen && (p.mover != k || g->conns.size() == 1) && in_state(p)) saw(p, now);
            it = p.acked && p.seen ? g->pending.erase(it) : std::next(it);
        }
        std::vector<std::string>& had = c.record.received;
        for (std::size_t i = 0; i < had.size(); ++i)
            if (i >= moves.size() || moves[i] != had[i]) {
                c.record.contradictions.push_back(fmt::format(
                    "a state of {} moves from node {} lacks the move {} at ply {}", moves.size(), c.node, had[i], i));
                break;
            }
        if (records_ != nullptr) had = moves;
        if (g->hit && fault_time_ && !c.resumed) c.resumed = now;
    }

    /// A move event: the opponent's move seen, the seat's record extended. False on a gap (a
    /// missed event): the socket is closed for a fresh state.
    bool on_move_event(Game& g, int k, const json::object& d, int ply, Clock::time_point now) {
        Conn& c = *g.conns[static_cast<std::size_t>(k)];
        for (auto it = g.pending.begin(); it != g.pending.end(); ++it) {
            if (it->ply + 1 != ply || it->seen || (it->mover == k && g.conns.size() > 1)) continue;
            saw(*it, now);
            if (it->acked) g.pending.erase(it);
            break;
        }
        if (records_ == nullptr || ply <= 0) return true;
        std::vector<std::string>& had = c.record.received;
        const auto index = static_cast<std::size_t>(ply - 1);
        const std::string uci(text_of(d, "uci"));
        if (index < had.size()) {
            if (had[index] != uci)
                c.record.contradictions.push_back(fmt::format(
                    "a move event {} at ply {} from node {} where {} was received", uci, index, c.node, had[index]));
            return true;
        }
        if (index > had.size()) return !options_.follow_nodes;
        had.push_back(uci);
        return true;
    }

    void on_position(const std::shared_ptr<Game>& g, int k, bool state, const json::object& d, Clock::time_point now) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        const json::value* ply_value = d.if_contains("ply");
        const int ply = ply_value != nullptr && ply_value->is_int64() ? static_cast<int>(ply_value->as_int64()) : 0;
        if (state) {
            c.stated = true;
            if (options_.follow_nodes) reconcile(g, k, d, now);
        } else if (!on_move_event(*g, k, d, ply, now)) {
            close_conn_now(c);  // its state on the next socket
            return;
        }
        if (ply >= g->ply) {
            g->ply = ply;
            read_board(text_of(d, "fen"), g->board);
        }
        const std::string_view status = text_of(d, "status");
        const json::value* result = d.if_contains("result");
        if (status == "over" || status == "aborted" || (result != nullptr && !result->is_null()))
            g->over = g->finished = true;
        if (g->over) {
            close_if_done(g);
            return;
        }
        const json::value* dests = d.if_contains("dests");
        const bool to_move = dests != nullptr && dests->is_object() && !dests->as_object().empty();
        if (state && !c.ready) {
            // The first move waits until every socket of the game has its state, so that each
            // sees every move as an event.
            c.ready = true;
            if (to_move) c.first_dests = dests->as_object();
            bool all = true;
            for (const auto& other : g->conns) all = all && other->ready;
            if (!all || g->playing) return;
            g->playing = true;
            ++playing_;
            for (std::size_t i = 0; i < g->conns.size(); ++i)
                if (auto& first = g->conns[i]->first_dests) {
                    net::co_spawn(ioc_, think_and_move(g, static_cast<int>(i), std::move(*first), g->ply),
                                  net::detached);
                    first.reset();
                }
            return;
        }
        if (to_move && !waiting(*g, k, ply) && c.thinking_ply != ply)
            net::co_spawn(ioc_, think_and_move(g, k, dests->as_object(), ply), net::detached);
    }

    /// Waits the think time, then plays a random move among `dests` (a pawn onto the last rank
    /// becomes a queen). A socket down meanwhile: the move waits for the next one's state, as
    /// the page keeps a move made while it reconnects.
    net::awaitable<void> think_and_move(std::shared_ptr<Game> g, int k, json::object dests, int ply) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        std::uniform_int_distribution<int> think(options_.think_ms / 2, options_.think_ms * 3 / 2);
        c.thinking_ply = ply;
        c.think.expires_after(std::chrono::milliseconds(think(rng_)));
        error_code ec;
        co_await c.think.async_wait(use_ec(ec));
        if (c.thinking_ply == ply) c.thinking_ply = -1;
        if (ec || g->over || !sending() || c.closing || g->ply != ply || waiting(*g, k, ply)) co_return;
        std::vector<std::pair<std::string_view, std::string_view>> moves;
        for (const auto& [from, tos] : dests)
            if (tos.is_array())
                for (const json::value& to : tos.as_array())
                    if (to.is_string()) moves.emplace_back(from, std::string_view(to.as_string()));
        if (moves.empty()) co_return;
        const auto [from, to] = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
        std::string uci = std::string(from) + std::string(to);
        const int f = square_index(from), t = square_index(to);
        if (f >= 0 && t >= 0) {
            const char piece = g->board[static_cast<std::size_t>(f)];
            if ((piece == 'P' && t >= 56) || (piece == 'p' && t < 8)) uci += 'q';
        }
        PendingMove p;
        p.ply = ply;
        p.a = ++c.counter;
        p.mover = k;
        p.uci = uci;
        p.in_window = phase_ == Phase::Measure;
        ++result_.moves_total;
        if (p.in_window) ++result_.moves;
        p.sent = Clock::now();
        p.written = c.open && c.stated;
        g->pending.push_back(p);
        if (p.written) send(g, k, fmt::format(R"({{"t":"move","d":{{"ply":{},"uci":"{}","a":{}}}}})", ply, uci, p.a));
    }

    /// Queues a message on connection k; its writer sends the queue in order on the socket.
    void send(const std::shared_ptr<Game>& g, int k, std::string message) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        if (c.closing || !c.open) return;
        c.outbox.push_back(std::move(message));
        if (!c.writing) net::co_spawn(ioc_, write_loop(g, k, c.ws), net::detached);
    }

    net::awaitable<void> write_loop(std::shared_ptr<Game> g, int k, std::shared_ptr<Ws> ws) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        c.writing = true;
        error_code ec;
        while (!c.outbox.empty() && !ec && c.ws == ws) {
            const std::string message = std::move(c.outbox.front());
            c.outbox.pop_front();
            co_await ws->async_write(net::buffer(message), use_ec(ec));
        }
        c.writing = false;
        if (c.ws != ws) {  // a new socket meanwhile: what waits is for it
            if (!c.outbox.empty() && c.open && !c.closing) net::co_spawn(ioc_, write_loop(g, k, c.ws), net::detached);
            co_return;
        }
        c.outbox.clear();
        if (c.closing) {
            if (c.open) net::co_spawn(ioc_, close_ws(ws), net::detached);
        } else if (ec) {
            if (options_.follow_nodes) {
                close_conn_now(c);  // the reader sees it end and opens a new one
            } else {
                ++result_.errors.dropped;
                end_game(g);
            }
        }
    }

    /// The transport's floor: a ping on the game's first socket every ping_ms (the server answers
    /// it on the connection's own strand, without the game or the store).
    net::awaitable<void> ping_loop(std::shared_ptr<Game> g) {
        Conn& c = *g->conns.front();
        std::uniform_int_distribution<int> wait(options_.ping_ms / 2, options_.ping_ms * 3 / 2);
        while (!g->closing && sending()) {
            co_await sleep(std::chrono::milliseconds(wait(rng_)));
            if (g->closing || !sending() || !c.stated || c.ping) continue;
            c.ping = Clock::now();
            send(g, 0, R"({"t":"ping"})");
        }
    }
};

}  // namespace

LoadResult run_load(const LoadOptions& options, std::vector<chaos::ClientGame>* records, LoadSamples* samples) {
    Run run(options, records, samples);
    return run.run();
}

}  // namespace schach::load
