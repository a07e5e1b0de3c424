// The fault test's players: one coroutine per slot (create a game, play it over sockets that are
// opened again as often as needed, the next game), and per socket a reader and a ticker (the
// moves after their think time, the ack and idle timeouts).

#include "chaos_players.hpp"

#include <atomic>
#include <optional>
#include <random>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <fmt/format.h>

#include "core/fen.hpp"
#include "core/position.hpp"
#include "net.hpp"
#include "notation/notation.hpp"

namespace schach::chaos {

using load::CloseNotOwner;
using load::error_code;
using load::param_of;
using load::tcp;
using load::text_of;
using load::use_ec;
using load::WebSocket;
namespace net = load::net;
namespace beast = load::beast;
namespace http = load::http;
namespace websocket = load::websocket;
namespace json = load::json;

namespace {

/// A move of ours on its way.
struct Pending {
    int ply = 0;
    std::string uci;
    std::int64_t a = 0;
    Clock::time_point sent;
};

/// One game of a slot and what its client knows.
struct Game {
    ClientGame record;
    std::string secret;
    bool computer = false;
    std::string fen;
    json::object dests;  // of the seat(s) of this client; empty: not its turn
    bool over = false;
    std::optional<Pending> pending;
    std::int64_t counter = 0;
};

/// One socket of a game.
struct Socket : std::enable_shared_from_this<Socket> {
    explicit Socket(const net::any_io_executor& ex) : ws(ex) {}
    WebSocket ws;
    bool closed = false;
    bool writing = false;
    std::optional<Clock::time_point> move_at;  // when to move (our turn)
    Clock::time_point last_message = Clock::now();
    std::string redirect;  // the owner named by a 4307 close
    std::string node;      // the node that answered (X-Schach-Node), "?" when it does not say
};

}  // namespace

struct Players::Impl {
    explicit Impl(PlayerOptions o)
        : options(std::move(o)), rng(options.seed), endpoint(net::ip::make_address(options.host), options.port),
          host(fmt::format("{}:{}", options.host, options.port)) {}

    PlayerOptions options;
    net::io_context ioc;
    std::thread thread;
    std::mt19937 rng;
    tcp::endpoint endpoint;
    std::string host;
    bool moving = true;     // new moves are made
    bool stopping = false;  // every socket closes now
    int slots_running = 0;
    std::vector<std::shared_ptr<Game>> games;
    std::vector<std::shared_ptr<Socket>> open_sockets;
    PlayerCounts counts;

    net::awaitable<void> sleep(std::chrono::milliseconds d) {
        net::steady_timer t(ioc, d);
        error_code ec;
        co_await t.async_wait(use_ec(ec));
    }

    std::chrono::milliseconds think() {
        std::uniform_int_distribution<int> d(options.think_ms / 2, options.think_ms * 3 / 2);
        return std::chrono::milliseconds(d(rng));
    }

    // ---- a slot: games one after the other ------------------------------------------------------

    net::awaitable<void> slot(int index) {
        ++slots_running;
        const bool computer = options.computer_every > 0 &&
                              index % options.computer_every == options.computer_every - 1;
        while (moving && !stopping) {
            auto g = co_await create(computer);
            if (!g) break;
            co_await play(*g);
        }
        --slots_running;
    }

    static std::string create_body(bool computer) {
        json::object body{{"mode", computer ? "computer" : "local"}, {"color", "white"}};
        if (computer) body["level"] = 1;
        return json::serialize(body);
    }

    /// A new game through the proxy (tried again until it works or play ends).
    net::awaitable<std::shared_ptr<Game>> create(bool computer) {
        const std::string body = create_body(computer);
        while (moving && !stopping) {
            beast::tcp_stream stream(ioc);
            error_code ec;
            stream.expires_after(std::chrono::seconds(5));
            co_await stream.async_connect(endpoint, use_ec(ec));
            http::request<http::string_body> req{http::verb::post, "/api/v1/games", 11};
            req.set(http::field::host, host);
            req.set(http::field::content_type, "application/json");
            req.keep_alive(false);
            req.body() = body;
            req.prepare_payload();
            if (!ec) co_await http::async_write(stream, req, use_ec(ec));
            beast::flat_buffer buffer;
            http::response<http::string_body> res;
            if (!ec) co_await http::async_read(stream, buffer, res, use_ec(ec));
            if (!ec && res.result_int() == 201) {
                const json::value v = json::parse(res.body(), ec);
                auto g = std::make_shared<Game>();
                g->computer = computer;
                g->record.computer = computer;
                g->record.id = std::string(text_of(v, "id"));
                g->secret = std::string(text_of(v, "secret"));
                if (!ec && !g->record.id.empty() && !g->secret.empty()) {
                    ++counts.games;
                    games.push_back(g);
                    co_return g;
                }
            }
            ++counts.failed_connects;
            co_await sleep(std::chrono::milliseconds(200));
        }
        co_return nullptr;
    }

    // ---- a game: sockets until it ends ----------------------------------------------------------

    net::awaitable<void> play(Game& g) {
        std::string node;  // the owner to ask for (?node=), after a redirect
        int redirects_in_a_row = 0;
        while (!stopping && !g.over && (moving || g.pending)) {
            if (redirects_in_a_row > 1)  // an owner not reachable yet: a little patience
                co_await sleep(std::chrono::milliseconds(std::min(500, 100 * redirects_in_a_row)));
            auto s = std::make_shared<Socket>(ioc.get_executor());
            error_code ec;
            auto& layer = beast::get_lowest_layer(s->ws);
            layer.expires_after(std::chrono::seconds(5));
            co_await layer.async_connect(endpoint, use_ec(ec));
            if (!ec) layer.socket().set_option(tcp::no_delay(true), ec);  // as browsers do
            websocket::response_type res;
            if (!ec) {
                const std::string cookie = "s_" + g.record.id + "=" + g.secret;
                s->ws.set_option(websocket::stream_base::decorator(
                    [cookie](websocket::request_type& req) { req.set(http::field::cookie, cookie); }));
                std::string target = "/ws/v1/games/" + g.record.id + "?lang=en";
                if (!node.empty()) target += "&node=" + node;
                co_await s->ws.async_handshake(res, host, target, use_ec(ec));
            }
            node.clear();
            if (ec) {
                if (res.result() == http::status::temporary_redirect) {
                    node = param_of(std::string_view(res[http::field::location]), "node");
                    ++counts.redirects;
                    ++redirects_in_a_row;
                    continue;
                }
                ++counts.failed_connects;
                redirects_in_a_row = 0;
                co_await sleep(std::chrono::milliseconds(200));
                continue;
            }
            layer.expires_never();
            ++counts.connects;
            s->node = std::string(res["X-Schach-Node"]);
            if (s->node.empty()) s->node = "?";
            open_sockets.push_back(s);
            net::co_spawn(ioc, ticker(g, s), net::detached);
            co_await read_loop(g, *s);
            std::erase(open_sockets, s);
            if (!s->redirect.empty()) {
                node = s->redirect;
                ++counts.redirects;
                ++redirects_in_a_row;
            } else {
                redirects_in_a_row = 0;
                if (!stopping && !g.over && (moving || g.pending)) {
                    ++counts.reconnects;
                    co_await sleep(std::chrono::milliseconds(100));
                }
            }
        }
    }

    void close(Socket& s) {
        if (s.closed) return;
        s.closed = true;
        error_code ignored;
        beast::get_lowest_layer(s.ws).socket().shutdown(tcp::socket::shutdown_both, ignored);
        beast::get_lowest_layer(s.ws).socket().close(ignored);
    }

    net::awaitable<void> read_loop(Game& g, Socket& s) {
        beast::flat_buffer buffer;
        while (!s.closed) {
            error_code ec;
            co_await s.ws.async_read(buffer, use_ec(ec));
            if (ec) {
                if (ec == websocket::error::closed && s.ws.reason().code == CloseNotOwner)
                    s.redirect = param_of(std::string_view(s.ws.reason().reason.c_str()), "node");
                break;
            }
            s.last_message = Clock::now();
            on_message(g, s, beast::buffers_to_string(buffer.data()));
            buffer.consume(buffer.size());
        }
        close(s);
    }

    /// Every 50 ms: the move when its time has come, the timeouts, the end of play.
    net::awaitable<void> ticker(Game& g, std::shared_ptr<Socket> s) {
        while (!s->closed) {
            co_await sleep(std::chrono::milliseconds(50));
            if (s->closed) break;
            const Clock::time_point now = Clock::now();
            if (stopping || g.over || (!moving && !g.pending)) {
                close(*s);
                break;
            }
            if (g.pending) {
                if (now - g.pending->sent > std::chrono::milliseconds(options.ack_timeout_ms)) close(*s);
                continue;
            }
            if (s->move_at && now >= *s->move_at && moving && !s->writing) {
                s->move_at.reset();
                if (!send_move(g, *s)) close(*s);
                continue;
            }
            if (!s->move_at && now - s->last_message > std::chrono::milliseconds(options.idle_timeout_ms))
                close(*s);  // waiting for the computer (or a lost event): a fresh state
        }
    }

    /// Picks a move among the destinations and sends it; false when there is none to make.
    bool send_move(Game& g, Socket& s) {
        std::vector<std::string> moves;
        for (const auto& [from, tos] : g.dests)
            if (tos.is_array())
                for (const json::value& to : tos.as_array())
                    if (to.is_string()) moves.push_back(std::string(from) + std::string(to.as_string()));
        if (moves.empty()) return false;
        std::string uci = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        // A pawn onto the last rank: a queen (the position tells, the destinations do not).
        if (auto pos = position_from_fen(g.fen); pos && !parse_uci(*pos, uci) && parse_uci(*pos, uci + "q")) uci += 'q';
        Pending p;
        p.ply = static_cast<int>(g.record.received.size());
        p.uci = uci;
        p.a = ++g.counter;
        g.pending = p;
        ++counts.moves_sent;
        write_pending(g, s);
        return true;
    }

    void write_pending(Game& g, Socket& s) {
        g.pending->sent = Clock::now();
        net::co_spawn(ioc,
                      write(s.shared_from_this(), fmt::format(R"({{"t":"move","d":{{"ply":{},"uci":"{}","a":{}}}}})",
                                                              g.pending->ply, g.pending->uci, g.pending->a)),
                      net::detached);
    }

    net::awaitable<void> write(std::shared_ptr<Socket> s, std::string message) {
        if (s->closed || s->writing) co_return;  // one write at a time (a move waits for its ack)
        s->writing = true;
        error_code ec;
        co_await s->ws.async_write(net::buffer(message), use_ec(ec));
        s->writing = false;
        if (ec) close(*s);
    }

    // ---- messages -------------------------------------------------------------------------------

    void progress(Game& g) { g.record.progress.push_back(Clock::now()); }

    /// A contradiction the client saw, with when (since the start) and from which node.
    void contradiction(Game& g, const Socket& s, const std::string& what) {
        g.record.contradictions.push_back(fmt::format("at +{:.1f} s from node {}: {}",
                                                      std::chrono::duration<double>(Clock::now() - options.t0).count(),
                                                      s.node, what));
    }

    void ended(Game& g) {
        if (g.over) return;
        g.over = true;
        g.record.ended = Clock::now();
        progress(g);
    }

    /// The seat's turn from an event's `dests`, the position from its `fen`.
    void take_turn(Game& g, Socket& s, const json::object& d) {
        if (const std::string_view fen = text_of(d, "fen"); !fen.empty()) g.fen = std::string(fen);
        const json::value* dests = d.if_contains("dests");
        g.dests = dests != nullptr && dests->is_object() ? dests->as_object() : json::object();
        if (!g.dests.empty() && !g.pending) s.move_at = Clock::now() + think();
        const std::string_view status = text_of(d, "status");
        if (status == "over" || status == "aborted") ended(g);
    }

    void on_message(Game& g, Socket& s, const std::string& text) {
        error_code ec;
        const json::value v = json::parse(text, ec);
        if (ec || !v.is_object()) {
            ++counts.errors;
            close(s);
            return;
        }
        const json::object& o = v.as_object();
        const std::string_view t = text_of(o, "t");
        const json::value* d = o.if_contains("d");
        if (t == "state" && d != nullptr && d->is_object()) {
            on_state(g, s, d->as_object());
        } else if (t == "move" && d != nullptr && d->is_object()) {
            on_move(g, s, d->as_object());
        } else if (t == "ack") {
            if (g.pending && d != nullptr && d->is_int64() && d->as_int64() == g.pending->a) {
                g.record.acked[g.pending->ply] = g.pending->uci;
                g.pending.reset();
                ++counts.moves_acked;
                progress(g);
                if (!g.dests.empty() && !s.move_at) s.move_at = Clock::now() + think();
            }
        } else if (t == "end") {
            ended(g);
        } else if (t == "refusal") {
            ++counts.refusals;
            g.pending.reset();
            close(s);  // a fresh state on the next socket
        } else if (t == "error") {
            ++counts.errors;
            close(s);
        }
    }

    void on_state(Game& g, Socket& s, const json::object& d) {
        std::vector<std::string> moves;
        if (const json::value* list = d.if_contains("moves"); list != nullptr && list->is_array())
            for (const json::value& m : list->as_array()) moves.emplace_back(text_of(m, "uci"));
        std::vector<std::string>& had = g.record.received;
        for (std::size_t i = 0; i < had.size(); ++i)
            if (i >= moves.size() || moves[i] != had[i]) {
                contradiction(g, s,
                              fmt::format("a state of {} moves lacks the move {} received at ply {} (it has {})",
                                          moves.size(), had[i], i, i < moves.size() ? moves[i] : std::string("none")));
                break;
            }
        if (moves.size() > had.size()) progress(g);
        had = std::move(moves);
        if (g.pending) {
            const auto at = static_cast<std::size_t>(g.pending->ply);
            if (at == had.size()) {
                ++counts.resends;  // the same ply, move and counter: acknowledged once stored
                write_pending(g, s);
            } else {
                g.pending.reset();  // played already (its ack was lost) or overtaken
            }
        }
        take_turn(g, s, d);
    }

    void on_move(Game& g, Socket& s, const json::object& d) {
        const json::value* ply_value = d.if_contains("ply");
        if (ply_value == nullptr || !ply_value->is_int64()) return;
        const auto index = static_cast<std::size_t>(ply_value->as_int64() - 1);
        const std::string uci(text_of(d, "uci"));
        std::vector<std::string>& had = g.record.received;
        if (index < had.size()) {
            if (had[index] != uci)
                contradiction(g, s,
                              fmt::format("a move event {} at ply {} where {} was received", uci, index, had[index]));
            return;
        }
        if (index > had.size()) {  // a gap: a fresh state on the next socket
            close(s);
            return;
        }
        had.push_back(uci);
        progress(g);
        if (g.pending && static_cast<std::size_t>(g.pending->ply) == index && g.pending->uci != uci)
            g.pending.reset();  // another move took its place (its refusal follows)
        take_turn(g, s, d);
        if (d.if_contains("result") != nullptr && !d.at("result").is_null()) ended(g);
    }
};

Players::Players(PlayerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Players::~Players() {
    if (impl_ && impl_->thread.joinable()) finish(std::chrono::milliseconds(0));
}

void Players::start() {
    Impl& p = *impl_;
    for (int i = 0; i < p.options.games; ++i) net::co_spawn(p.ioc, p.slot(i), net::detached);
    p.thread = std::thread([&p] { p.ioc.run(); });
}

void Players::finish(std::chrono::milliseconds drain) {
    Impl& p = *impl_;
    if (!p.thread.joinable()) return;
    std::atomic<bool> drained{false};
    net::post(p.ioc, [&p] { p.moving = false; });
    // Wait (on the players' thread) until no move waits for its ack, or the drain is over.
    const auto end = Clock::now() + drain;
    while (Clock::now() < end && !drained) {
        net::post(p.ioc, [&p, &drained] {
            bool any = false;
            for (const auto& g : p.games) any = any || (g->pending && !g->over);
            if (!any) drained = true;
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    net::post(p.ioc, [&p] {
        p.stopping = true;
        for (const auto& s : p.open_sockets) p.close(*s);
    });
    // The slots end within a tick once every socket is closed; then the loop runs out of work.
    const auto hard_end = Clock::now() + std::chrono::seconds(10);
    std::atomic<bool> idle{false};
    while (Clock::now() < hard_end && !idle) {
        net::post(p.ioc, [&p, &idle] { idle = p.slots_running == 0; });
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    p.ioc.stop();
    p.thread.join();
    p.open_sockets.clear();
    for (const auto& g : p.games) {
        records_.push_back(g->record);
        records_.back().unsettled = g->pending.has_value() && !g->over;
    }
    counts_ = p.counts;
}

}  // namespace schach::chaos
