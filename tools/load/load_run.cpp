// The load's coroutines (Boost.Beast WebSocket and HTTP clients on one io_context): the ramp,
// the HTTP clients that create and join games, one reader per WebSocket, the moves after their
// think time, and the bookkeeping of every move from its send to its ack and to the opponent.

#include "load_run.hpp"

#include <sys/resource.h>

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

/// A move on its way: sent by connection `mover`, waiting for its ack and the opponent's event.
struct PendingMove {
    int ply = 0;  // moves before it
    std::int64_t a = 0;
    int mover = 0;
    std::string uci;
    Clock::time_point sent;
    bool in_window = false;
    bool acked = false, seen = false;
};

/// One WebSocket of a game: a seat (or both, at one device).
struct Conn {
    explicit Conn(const net::any_io_executor& ex) : ws(ex), think(ex) {}
    Ws ws;
    net::steady_timer think;
    std::string secret;
    std::int64_t counter = 0;                 // the `a` of its moves
    bool open = false;                        // handshake done
    bool ready = false;                       // got the state
    std::optional<json::object> first_dests;  // its moves in the state, played once all are ready
    bool writing = false;
    std::deque<std::string> outbox;         // messages waiting for the writer (one write at a time)
    std::optional<Clock::time_point> ping;  // a ping on its way
    bool closing = false;
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
    int readers = 0;
    std::deque<PendingMove> pending;
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

class Run {
public:
    explicit Run(const LoadOptions& o)
        : options_(o), rng_(o.seed), endpoint_(net::ip::make_address(o.host), o.port),
          host_(fmt::format("{}:{}", o.host, o.port)), slots_(static_cast<std::size_t>(o.games)) {}

    LoadResult run() {
        result_.games = options_.games;
        result_.sockets_per_game = options_.one_socket ? 1 : 2;
        result_.think_ms = options_.think_ms;
        result_.tc = options_.tc == "-" ? "" : options_.tc;
        net::co_spawn(ioc_, control(), net::detached);
        ioc_.run();
        return result_;
    }

private:
    const LoadOptions& options_;
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
    std::map<std::string, chaos::ClientGame> histories_;  // per game id: its acknowledged moves

    bool sending() const { return phase_ == Phase::Ramp || phase_ == Phase::Measure; }

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
        if (options_.measuring_text) say(options_.measuring_text(options_.duration_seconds));
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
            if (g) count_unanswered(*g);
        result_.ack = ack_.summary();
        result_.seen = seen_.summary();
        result_.ping = ping_.summary();
        for (auto& [id, history] : histories_) result_.histories.push_back(std::move(history));
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

    // ---- HTTP: create and join ----------------------------------------------------------------

    /// Opens `socket` bound to the `index`th source address, when the run spreads its clients.
    void bind_source(tcp::socket& socket, int index, error_code& ec) const {
        if (options_.source_addresses <= 0) return;
        const auto n = static_cast<unsigned>(index % options_.source_addresses);
        const net::ip::address_v4 source(0x7f00000au + n);  // 127.0.0.10 + n
        if (socket.is_open()) socket.close(ec);
        socket.open(tcp::v4(), ec);
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
    /// connection when the kept one was closed by the server. None when it fails.
    net::awaitable<std::optional<http::response<http::string_body>>> post(HttpClient& c, const std::string& target,
                                                                          const std::string& body) {
        for (int attempt = 0; attempt < 2; ++attempt) {
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
        }
        net::co_spawn(ioc_, open_game(game), net::detached);
        co_return true;
    }

    // ---- the WebSockets -----------------------------------------------------------------------

    net::awaitable<void> open_game(std::shared_ptr<Game> g) {
        slots_[static_cast<std::size_t>(g->slot)] = g;
        ++alive_;
        for (const auto& conn : g->conns) {
            Conn& c = *conn;
            error_code ec;
            beast::get_lowest_layer(c.ws).expires_after(std::chrono::seconds(30));
            bind_source(beast::get_lowest_layer(c.ws).socket(), g->slot, ec);
            if (!ec) co_await beast::get_lowest_layer(c.ws).async_connect(endpoint_, use_ec(ec));
            if (!ec) {
                beast::get_lowest_layer(c.ws).expires_never();
                c.ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
                const std::string cookie = "s_" + g->id + "=" + c.secret;
                const std::string origin = "http://" + host_;
                c.ws.set_option(websocket::stream_base::decorator([cookie, origin](websocket::request_type& req) {
                    req.set(http::field::origin, origin);
                    req.set(http::field::cookie, cookie);
                }));
                co_await c.ws.async_handshake(host_, "/ws/v1/games/" + g->id + "?lang=en", use_ec(ec));
            }
            if (ec) {
                ++result_.errors.failed_requests;
                g->over = true;
                break;
            }
            c.open = true;
        }
        for (std::size_t k = 0; k < g->conns.size(); ++k) {
            if (!g->conns[k]->open) continue;
            ++g->readers;
            net::co_spawn(ioc_, read_loop(g, static_cast<int>(k)), net::detached);
        }
        if (g->over) end_game(g);
        if (g->readers == 0) gone(g);
        else if (options_.ping_ms > 0) net::co_spawn(ioc_, ping_loop(g), net::detached);
    }

    net::awaitable<void> read_loop(std::shared_ptr<Game> g, int k) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        beast::flat_buffer buffer;
        for (;;) {
            error_code ec;
            co_await c.ws.async_read(buffer, use_ec(ec));
            if (ec) {
                if (!c.closing) {
                    ++result_.errors.dropped;
                    g->over = true;
                    end_game(g);
                }
                break;
            }
            on_message(g, k, beast::buffers_to_string(buffer.data()));
            buffer.consume(buffer.size());
        }
        c.think.cancel();
        if (--g->readers == 0) gone(g);
    }

    /// Every reader has ended: the unanswered moves are counted and the slot gets a new game.
    void gone(const std::shared_ptr<Game>& g) {
        count_unanswered(*g);
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
        if (!c.open || c.closing) return;
        c.closing = true;
        if (c.writing) return;  // the writer closes when its writes are done
        net::co_spawn(ioc_, close_ws(g, k), net::detached);
    }

    net::awaitable<void> close_ws(std::shared_ptr<Game> g, int k) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        error_code ec;
        beast::get_lowest_layer(c.ws).expires_after(std::chrono::seconds(5));
        co_await c.ws.async_close(websocket::close_code::normal, use_ec(ec));
        if (ec) {
            error_code ignored;
            beast::get_lowest_layer(c.ws).socket().close(ignored);
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
            it->acked = true;
            histories_[g.id].acked[it->ply] = it->uci;
            if (it->in_window) ack_.add(micros_between(it->sent, now));
            if (it->seen) g.pending.erase(it);
            return;
        }
    }

    void on_position(const std::shared_ptr<Game>& g, int k, bool state, const json::object& d, Clock::time_point now) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        const json::value* ply_value = d.if_contains("ply");
        const int ply = ply_value != nullptr && ply_value->is_int64() ? static_cast<int>(ply_value->as_int64()) : 0;
        if (!state) {
            for (auto it = g->pending.begin(); it != g->pending.end(); ++it) {
                if (it->ply + 1 != ply || it->seen || (it->mover == k && g->conns.size() > 1)) continue;
                it->seen = true;
                if (it->in_window) seen_.add(micros_between(it->sent, now));
                if (it->acked) g->pending.erase(it);
                break;
            }
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
        if (to_move) net::co_spawn(ioc_, think_and_move(g, k, dests->as_object(), ply), net::detached);
    }

    /// Waits the think time, then plays a random move among `dests` (a pawn onto the last rank
    /// becomes a queen).
    net::awaitable<void> think_and_move(std::shared_ptr<Game> g, int k, json::object dests, int ply) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        std::uniform_int_distribution<int> think(options_.think_ms / 2, options_.think_ms * 3 / 2);
        c.think.expires_after(std::chrono::milliseconds(think(rng_)));
        error_code ec;
        co_await c.think.async_wait(use_ec(ec));
        if (ec || g->over || !sending() || c.closing || g->ply != ply) co_return;
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
        g->pending.push_back(p);
        send(g, k, fmt::format(R"({{"t":"move","d":{{"ply":{},"uci":"{}","a":{}}}}})", ply, uci, p.a));
    }

    /// Queues a message on connection k; its writer sends the queue in order.
    void send(const std::shared_ptr<Game>& g, int k, std::string message) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        if (c.closing) return;
        c.outbox.push_back(std::move(message));
        if (!c.writing) net::co_spawn(ioc_, write_loop(g, k), net::detached);
    }

    net::awaitable<void> write_loop(std::shared_ptr<Game> g, int k) {
        Conn& c = *g->conns[static_cast<std::size_t>(k)];
        c.writing = true;
        error_code ec;
        while (!c.outbox.empty() && !ec) {
            const std::string message = std::move(c.outbox.front());
            c.outbox.pop_front();
            co_await c.ws.async_write(net::buffer(message), use_ec(ec));
        }
        c.writing = false;
        c.outbox.clear();
        if (c.closing) net::co_spawn(ioc_, close_ws(g, k), net::detached);
        else if (ec) {
            ++result_.errors.dropped;
            end_game(g);
        }
    }

    /// The transport's floor: a ping on the game's first socket every ping_ms (the server answers
    /// it on the connection's own strand, without the game or the store).
    net::awaitable<void> ping_loop(std::shared_ptr<Game> g) {
        Conn& c = *g->conns.front();
        std::uniform_int_distribution<int> wait(options_.ping_ms / 2, options_.ping_ms * 3 / 2);
        while (!g->closing && sending()) {
            co_await sleep(std::chrono::milliseconds(wait(rng_)));
            if (g->closing || !sending() || !c.ready || c.ping) continue;
            c.ping = Clock::now();
            send(g, 0, R"({"t":"ping"})");
        }
    }
};

}  // namespace

LoadResult run_load(const LoadOptions& options) {
    Run run(options);
    return run.run();
}

}  // namespace schach::load
