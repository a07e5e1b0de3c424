// schach serve's transport against a fake domain: the server runs in-process on a free port and a
// Beast client talks to it (static files and their headers, the HTTP API, the NDJSON stream and
// the WebSocket with its limits).

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "puzzle/puzzle.hpp"
#include "server/api/routes.hpp"
#include "server/api/service_handler.hpp"
#include "server/content/exercises.hpp"
#include "server/content/puzzle_api.hpp"
#include "server/content/tools_api.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/domain/puzzle_service.hpp"
#include "server/http/asio_runtime.hpp"
#include "server/http/http_server.hpp"
#include "server/sqlite/sqlite_store.hpp"

namespace schach::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace json = boost::json;
using tcp = net::ip::tcp;

Reply reply(int status, json::value body) {
    Reply r;
    r.status = status;
    r.body = std::move(body);
    return r;
}

/// A domain of games that are only lists of moves: every UCI move is legal except "h2h5" (refused
/// as unreadable, bad-move); a game's events are kept for replays.
class FakeHandler : public Handler {
public:
    struct Game {
        std::string secret;
        std::vector<std::string> events;  // events[i] has version i + 1
        std::map<int, EventSink> subscribers;
    };

    void create(const json::value& options, const Client& caller, ReplySink done) override {
        done(create_now(options, caller));
    }
    void join(const std::string&, const json::value&, const Client&, ReplySink done) override {
        done(reply(409, json::object{}));
    }
    void state(const std::string& id, const Client& caller, ReplySink done) override {
        if (id == MovedGame) return done(moved_reply());
        done(state_now(id, caller));
    }
    void pgn(const std::string& id, const Client& caller, PgnSink done) override {
        if (id == MovedGame) return done(std::unexpected(moved_reply()));
        auto text = pgn_now(id, caller);
        if (!text) return done(std::unexpected(reply(404, json::object{{"code", "no-such-game"}})));
        done(std::move(*text));
    }
    /// The game another node holds (node "n2").
    static constexpr const char* MovedGame = "Moved007";
    static Reply moved_reply() {
        Reply r = reply(307, json::object{{"code", "moved"}});
        r.moved_to = "n2";
        return r;
    }
    void coach(const std::string& id, const Client& caller, std::optional<std::int64_t> ply, ReplySink done) override {
        done(coach_now(id, caller, ply));
    }
    void list(const Client&, JsonSink done) override { done(json::array{}); }
    void request_analysis(const std::string&, const Client&, ReplySink done) override {
        Reply r = reply(429, json::object{{"code", "analysis_limit"}});
        r.retry_after = 60;
        done(std::move(r));
    }
    void analysis(const std::string&, const Client&, ReplySink done) override {
        done(reply(404, json::object{{"code", "analysis_not_requested"}}));
    }
    void try_move(const std::string&, const json::value&, const Client&, ReplySink done) override {
        done(reply(404, json::object{{"code", "no-such-game"}}));
    }
    void import_game(const json::value&, const Client&, ReplySink done) override {
        done(reply(400, json::object{{"code", "pgn_error"}}));
    }
    void subscribe(const std::string& id, std::optional<std::int64_t> since, const Client& caller, EventSink sink,
                   SubscriptionSink done) override {
        done(subscribe_now(id, since, caller, std::move(sink)));
    }

    Reply create_now(const json::value& options, const Client& caller) {
        std::lock_guard lock(mutex_);
        if (!options.as_object().contains("mode")) return reply(400, json::object{{"code", "bad-request"}});
        const std::string id = "Game" + std::to_string(1000 + games_.size());
        Game& g = games_[id];
        g.secret = "secret" + id;
        last_browser = caller.browser;
        Reply r = reply(201, json::object{{"id", id}, {"color", "white"}, {"secret", g.secret}});
        r.game = id;
        r.seat_secret = g.secret;
        return r;
    }
    Reply state_now(const std::string& id, const Client& caller) {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it == games_.end()) return reply(404, json::object{{"code", "no-such-game"}});
        return reply(200, state_of(id, it->second, caller));
    }
    std::optional<std::string> pgn_now(const std::string& id, const Client&) {
        std::lock_guard lock(mutex_);
        if (!games_.contains(id)) return std::nullopt;
        return "[Event \"?\"]\n\n*\n";
    }
    Reply coach_now(const std::string& id, const Client&, std::optional<std::int64_t>) {
        std::lock_guard lock(mutex_);
        return games_.contains(id) ? reply(200, json::object{{"ply", 0}, {"hints", json::array{}}})
                                   : reply(404, json::object{{"code", "no-such-game"}});
    }
    void act(const std::string& id, ClientMessage command, const Client& caller, ActSink done) override {
        std::unique_lock lock(mutex_);
        ++acts;
        const auto it = games_.find(id);
        if (it == games_.end()) return done(std::unexpected(make_error(ServiceCode::NoSuchGame)));
        Game& g = it->second;
        if (caller.secret != g.secret) return done(std::unexpected(make_error(ServiceCode::NotYourSeat)));
        if (const auto* move = std::get_if<MoveMessage>(&command)) {
            const std::string uci = move->text;
            if (uci == "h2h5") return done(std::unexpected(make_error(ServiceCode::BadMove)));
            const std::int64_t v = static_cast<std::int64_t>(g.events.size()) + 1;
            json::object d{{"uci", uci}};
            if (uci == "a2a3") d["padding"] = std::string(16 * 1024, 'p');  // a large event
            g.events.push_back(json::serialize(json::object{{"v", v}, {"t", "move"}, {"d", std::move(d)}}));
            const std::string event = g.events.back();
            const auto subscribers = g.subscribers;
            lock.unlock();
            done(Ack{move->a});  // acknowledged, then broadcast
            for (const auto& [key, sink] : subscribers) sink(event);
            return;
        }
        done(Ack{});
    }
    std::expected<Subscription, ServiceError> subscribe_now(const std::string& id, std::optional<std::int64_t> since,
                                                            const Client& caller, EventSink sink) {
        std::lock_guard lock(mutex_);
        if (id == MovedGame) {
            ServiceError moved = make_error(ServiceCode::Moved);
            moved.owner = "n2";
            return std::unexpected(moved);
        }
        const auto it = games_.find(id);
        if (it == games_.end()) return std::unexpected(make_error(ServiceCode::NoSuchGame));
        Game& g = it->second;
        const auto version = static_cast<std::int64_t>(g.events.size());
        if (since && *since >= 0 && *since <= version) {
            for (auto i = *since; i < version; ++i) sink(g.events[static_cast<std::size_t>(i)]);
        } else {
            sink(json::serialize(json::object{{"v", version}, {"t", "state"}, {"d", state_of(id, g, caller)}}));
        }
        const int key = next_key_++;
        g.subscribers.emplace(key, std::move(sink));
        return Subscription([this, id, key] {
            std::lock_guard l(mutex_);
            games_[id].subscribers.erase(key);
        });
    }

    std::size_t subscriber_count(const std::string& id) {
        std::lock_guard lock(mutex_);
        return games_[id].subscribers.size();
    }

    std::atomic<int> acts{0};
    std::string last_browser;

private:
    static json::value state_of(const std::string& id, const Game& g, const Client& caller) {
        return json::object{{"id", id},
                            {"version", g.events.size()},
                            {"you", caller.secret == g.secret ? json::value("white") : json::value(nullptr)}};
    }
    std::mutex mutex_;
    std::map<std::string, Game> games_;
    int next_key_ = 0;
};

using Response = http::response<http::string_body>;

class HttpServerTest : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = std::filesystem::temp_directory_path() /
                ("schach-http-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(root_);
        std::filesystem::create_directories(root_ / "dist");
        write(root_ / "dist" / "index.html", "<!doctype html><title>Schach</title>");
        write(root_ / "dist" / "app.js", "console.log(1);");
        write(root_ / "dist" / "app.css", "body{}");
        write(root_ / "secret.txt", "TOP SECRET");
        ServerOptions options;
        options.host = "127.0.0.1";
        options.port = 0;
        options.static_dir = root_ / "dist";
        options.rate_messages = 20;
        configure(options);
        server_ = std::make_unique<HttpServer>(domain(), options);
        const auto port = server_->start();
        ASSERT_TRUE(port.has_value()) << port.error();
        port_ = *port;
    }
    void TearDown() override {
        server_.reset();
        std::filesystem::remove_all(root_);
    }
    virtual void configure(ServerOptions&) {}
    virtual Handler& domain() { return handler_; }

    static void write(const std::filesystem::path& path, std::string_view text) {
        std::ofstream(path, std::ios::binary) << text;
    }

    std::string host() const { return "127.0.0.1:" + std::to_string(port_); }
    std::string origin() const { return "http://" + host(); }

    Response request(http::verb verb, const std::string& target, std::string body = {},
                     const std::map<std::string, std::string>& headers = {}) {
        net::io_context ioc;
        tcp::socket socket(ioc);
        socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
        http::request<http::string_body> req{verb, target, 11};
        req.set(http::field::host, host());
        for (const auto& [name, value] : headers) req.set(name, value);
        if (!body.empty() || verb == http::verb::post) {
            req.set(http::field::content_type, "application/json");
            req.body() = std::move(body);
            req.prepare_payload();
        }
        http::write(socket, req);
        beast::flat_buffer buffer;
        Response res;
        http::read(socket, buffer, res);
        return res;
    }
    /// A raw request line (targets Beast's client would not send as they are).
    std::string raw(const std::string& text) {
        net::io_context ioc;
        tcp::socket socket(ioc);
        socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
        net::write(socket, net::buffer(text));
        std::string out;
        boost::system::error_code ec;
        std::array<char, 4096> chunk;
        for (;;) {
            const std::size_t n = socket.read_some(net::buffer(chunk), ec);
            out.append(chunk.data(), n);
            if (ec || out.find("\r\n\r\n") != std::string::npos) {
                // enough for the status line; the body follows Content-Length
                if (ec) break;
                const auto length_at = out.find("Content-Length: ");
                const auto header_end = out.find("\r\n\r\n");
                if (length_at == std::string::npos) break;
                const std::size_t length = std::stoul(out.substr(length_at + 16));
                if (out.size() >= header_end + 4 + length) break;
            }
        }
        return out;
    }

    /// Creates a game; returns its id and seat secret.
    std::pair<std::string, std::string> create_game() {
        const Response res = request(http::verb::post, "/api/v1/games", R"({"mode":"friend"})");
        EXPECT_EQ(res.result_int(), 201);
        const json::value body = json::parse(res.body());
        return {std::string(body.at("id").as_string()), std::string(body.at("secret").as_string())};
    }
    Response move(const std::string& id, const std::string& secret, const std::string& uci) {
        return request(http::verb::post, "/api/v1/games/" + id + "/move/" + uci, {},
                       {{"Authorization", "Bearer " + secret}});
    }

    using Ws = websocket::stream<tcp::socket>;
    /// A WebSocket to `target` with `origin`; the handshake's response in `res`.
    std::unique_ptr<Ws> ws_connect(net::io_context& ioc, const std::string& target, const std::string& origin_value,
                                   websocket::response_type& res, boost::system::error_code& ec) {
        auto ws = std::make_unique<Ws>(ioc);
        ws->next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
        ws->set_option(websocket::stream_base::decorator(
            [origin_value](websocket::request_type& req) { req.set(http::field::origin, origin_value); }));
        ws->handshake(res, host(), target, ec);
        return ws;
    }
    std::unique_ptr<Ws> ws_open(net::io_context& ioc, const std::string& target) {
        websocket::response_type res;
        boost::system::error_code ec;
        auto ws = ws_connect(ioc, target, origin(), res, ec);
        EXPECT_FALSE(ec) << ec.message();
        return ws;
    }
    static json::value ws_read(Ws& ws) {
        beast::flat_buffer buffer;
        ws.read(buffer);
        return json::parse(beast::buffers_to_string(buffer.data()));
    }
    /// Reads until the server closes; the close code.
    static int ws_close_code(Ws& ws) {
        boost::system::error_code ec;
        for (int i = 0; i < 1000 && !ec; ++i) {
            beast::flat_buffer buffer;
            ws.read(buffer, ec);
        }
        return ws.reason().code;
    }

    FakeHandler handler_;
    std::unique_ptr<HttpServer> server_;
    std::filesystem::path root_;
    std::uint16_t port_ = 0;
};

TEST_F(HttpServerTest, ServesThePageWithSecurityHeaders) {
    for (const std::string target : {"/", "/game/aB3dE5gH", "/watch/aB3dE5gH", "/chess960", "/uhr", "/clock", "/pgn"}) {
        const Response res = request(http::verb::get, target);
        EXPECT_EQ(res.result_int(), 200) << target;
        EXPECT_EQ(res.body(), "<!doctype html><title>Schach</title>");
        EXPECT_EQ(res[http::field::content_type], "text/html; charset=utf-8");
        EXPECT_EQ(res["Content-Security-Policy"], ContentSecurityPolicy);
        EXPECT_EQ(res["X-Content-Type-Options"], "nosniff");
        EXPECT_EQ(res["Referrer-Policy"], "no-referrer");
    }
    const Response js = request(http::verb::get, "/app.js");
    EXPECT_EQ(js.result_int(), 200);
    EXPECT_EQ(js[http::field::content_type], "text/javascript; charset=utf-8");
    EXPECT_EQ(request(http::verb::get, "/app.css")[http::field::content_type], "text/css; charset=utf-8");
    const std::string etag(js[http::field::etag]);
    ASSERT_FALSE(etag.empty());
    EXPECT_EQ(request(http::verb::get, "/app.js", {}, {{"If-None-Match", etag}}).result_int(), 304);
    EXPECT_EQ(request(http::verb::get, "/missing.js").result_int(), 404);
    const Response api_error = request(http::verb::get, "/api/v1/nothing");
    EXPECT_EQ(api_error.result_int(), 404);
    EXPECT_EQ(api_error["Content-Security-Policy"], ContentSecurityPolicy);
}

TEST_F(HttpServerTest, HealthzAnswersOkForTheLoadBalancer) {
    const Response res = request(http::verb::get, "/healthz");
    EXPECT_EQ(res.result_int(), 200);
    EXPECT_EQ(json::parse(res.body()).at("ok"), true);
    EXPECT_EQ(res[http::field::cache_control], "no-store");
    EXPECT_EQ(request(http::verb::post, "/healthz").result_int(), 405);
}

TEST_F(HttpServerTest, RefusesDirectoryTraversal) {
    for (const std::string target :
         {"/../secret.txt", "/%2e%2e/secret.txt", "/game/../../secret.txt", "/..%2fsecret.txt", "/%2E%2E%5Csecret.txt",
          "/app.js%00.html", "//etc/passwd", "/.%2e/secret.txt", "/dist/../secret.txt"}) {
        const std::string res = raw("GET " + target + " HTTP/1.1\r\nHost: " + host() + "\r\n\r\n");
        EXPECT_TRUE(res.starts_with("HTTP/1.1 400") || res.starts_with("HTTP/1.1 404")) << target << ": " << res;
        EXPECT_EQ(res.find("TOP SECRET"), std::string::npos) << target;
    }
}

TEST_F(HttpServerTest, CreatesMovesAndShowsTheState) {
    const Response created = request(http::verb::post, "/api/v1/games", R"({"mode":"friend"})");
    ASSERT_EQ(created.result_int(), 201);
    const json::value body = json::parse(created.body());
    const std::string id(body.at("id").as_string());
    const std::string secret(body.at("secret").as_string());
    // The seat cookie and a browser id, both HttpOnly and SameSite=Lax.
    std::vector<std::string> cookies;
    for (const auto& field : created)
        if (field.name() == http::field::set_cookie) cookies.emplace_back(field.value());
    ASSERT_EQ(cookies.size(), 2u);
    EXPECT_TRUE(cookies[0].starts_with("s_" + id + "=" + secret + ";")) << cookies[0];
    EXPECT_NE(cookies[0].find("HttpOnly"), std::string::npos);
    EXPECT_NE(cookies[0].find("SameSite=Lax"), std::string::npos);
    EXPECT_TRUE(cookies[1].starts_with("b=")) << cookies[1];
    EXPECT_FALSE(handler_.last_browser.empty());

    const Response moved = move(id, secret, "e2e4");
    EXPECT_EQ(moved.result_int(), 200);
    EXPECT_EQ(json::parse(moved.body()), json::parse(R"({"ok":true})"));
    const Response refused = move(id, secret, "h2h5");
    EXPECT_EQ(refused.result_int(), 400);
    EXPECT_EQ(json::parse(refused.body()).at("code"), "bad-move");

    // The state, with the seat from the cookie (as a browser sends it).
    const Response state = request(http::verb::get, "/api/v1/games/" + id, {}, {{"Cookie", "s_" + id + "=" + secret}});
    ASSERT_EQ(state.result_int(), 200);
    const json::value s = json::parse(state.body());
    EXPECT_EQ(s.at("version"), 1);
    EXPECT_EQ(s.at("you"), "white");
    EXPECT_EQ(json::parse(request(http::verb::get, "/api/v1/games/" + id).body()).at("you"), nullptr);
    const Response pgn = request(http::verb::get, "/api/v1/games/" + id + "/pgn");
    EXPECT_EQ(pgn.result_int(), 200);
    EXPECT_EQ(pgn[http::field::content_type], "application/x-chess-pgn; charset=utf-8");
    EXPECT_EQ(request(http::verb::get, "/api/v1/games").body(), "[]");
    // A browser's POST from the page's own origin is fine.
    EXPECT_EQ(request(http::verb::post, "/api/v1/games/" + id + "/resign", {},
                      {{"Cookie", "s_" + id + "=" + secret}, {"Origin", origin()}})
                  .result_int(),
              200);
}

TEST_F(HttpServerTest, WrongSeatIsForbiddenAndWrongGameNotFound) {
    const auto [id, secret] = create_game();
    EXPECT_EQ(move(id, "not-the-secret", "e2e4").result_int(), 403);
    EXPECT_EQ(request(http::verb::post, "/api/v1/games/" + id + "/move/e2e4").result_int(), 403);
    EXPECT_EQ(move("Nosuch12", secret, "e2e4").result_int(), 404);
    const Response missing = request(http::verb::get, "/api/v1/games/Nosuch12");
    EXPECT_EQ(missing.result_int(), 404);
    EXPECT_EQ(json::parse(missing.body()).at("code"), "no-such-game");
    EXPECT_EQ(request(http::verb::get, "/api/v1/games/bad!id").result_int(), 404);
    EXPECT_EQ(
        request(http::verb::post, "/api/v1/games/" + id + "/move/e9e4", {}, {{"Authorization", "Bearer " + secret}})
            .result_int(),
        404);
    EXPECT_EQ(request(http::verb::post, "/api/v1/games/" + id + "/fly", {}, {{"Authorization", "Bearer " + secret}})
                  .result_int(),
              404);
}

TEST_F(HttpServerTest, MalformedJsonIsABadRequest) {
    for (const std::string& body :
         {std::string("{bad"), std::string("[1,2]"), std::string("\"text\""), std::string(100, '[')}) {
        const Response res = request(http::verb::post, "/api/v1/games", body);
        EXPECT_EQ(res.result_int(), 400) << body;
        EXPECT_EQ(json::parse(res.body()).at("code"), "malformed") << body;
    }
}

TEST_F(HttpServerTest, LargeBodiesAndHeadersAreRefused) {
    const Response res = request(http::verb::post, "/api/v1/games", std::string(17 * 1024, ' '));
    EXPECT_EQ(res.result_int(), 413);
    EXPECT_EQ(json::parse(res.body()).at("code"), "too-large");
    const std::string big =
        raw("GET / HTTP/1.1\r\nHost: " + host() + "\r\nX-Big: " + std::string(9000, 'x') + "\r\n\r\n");
    EXPECT_TRUE(big.starts_with("HTTP/1.1 431")) << big.substr(0, 40);
    EXPECT_TRUE(raw("NONSENSE\r\n\r\n").starts_with("HTTP/1.1 400"));
}

TEST_F(HttpServerTest, ToolsAnswerWithoutASeatAndThePgnCheckerReadsLargerBodies) {
    const Response start = request(http::verb::get, "/api/chess960/959?lang=en");
    EXPECT_EQ(start.result_int(), 200);
    EXPECT_EQ(json::parse(start.body()).at("backRank"), "RKRNNQBB");
    EXPECT_EQ(start[http::field::cache_control], "no-store");
    EXPECT_EQ(request(http::verb::get, "/api/chess960/960").result_int(), 400);
    EXPECT_EQ(request(http::verb::get, "/api/tools-that-do-not-exist").result_int(), 404);
    // 100 KiB of PGN: over the API's 16 KiB, within the checker's own limit.
    std::string games;
    while (games.size() < 100 * 1024) games += "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    const Response checked = request(http::verb::post, "/api/pgn/check", json::serialize(json::object{{"pgn", games}}));
    ASSERT_EQ(checked.result_int(), 200);
    EXPECT_EQ(json::parse(checked.body()).at("games").as_array().size(), MaxPgnGames);
    EXPECT_TRUE(json::parse(checked.body()).at("truncated").as_bool());
    const Response huge = request(http::verb::post, "/api/pgn/check", std::string(MaxPgnBodyBytes + 1, ' '));
    EXPECT_EQ(huge.result_int(), 413);
    EXPECT_EQ(request(http::verb::post, "/api/chess960/number", std::string(17 * 1024, ' ')).result_int(), 413);
    EXPECT_EQ(request(http::verb::post, "/api/chess960/number", R"({"backRank":"RNBQKBNR"})",
                      {{"Origin", "http://evil.example"}})
                  .result_int(),
              403);
}

TEST_F(HttpServerTest, ForeignOriginsCannotPost) {
    const auto [id, secret] = create_game();
    const Response res = request(http::verb::post, "/api/v1/games/" + id + "/resign", {},
                                 {{"Cookie", "s_" + id + "=" + secret}, {"Origin", "http://evil.example"}});
    EXPECT_EQ(res.result_int(), 403);
    EXPECT_EQ(json::parse(res.body()).at("code"), "origin");
    EXPECT_EQ(handler_.acts.load(), 0);
}

TEST_F(HttpServerTest, PostsWithoutOriginAreAllowedForScripts) {
    const auto [id, secret] = create_game();
    const Response res = request(http::verb::post, "/api/v1/games/" + id + "/abort", {},
                                 {{"Authorization", "Bearer " + secret}});
    EXPECT_EQ(res.result_int(), 200) << res.body();
    EXPECT_EQ(handler_.acts.load(), 1);
}

TEST_F(HttpServerTest, AForeignHostIsMisdirected) {
    // DNS rebinding: a page of evil.example whose name now points at 127.0.0.1.
    const std::string page = raw("GET / HTTP/1.1\r\nHost: evil.example:" + std::to_string(port_) + "\r\n\r\n");
    EXPECT_TRUE(page.starts_with("HTTP/1.1 421")) << page;
    EXPECT_NE(page.find("\"host\""), std::string::npos) << page;
    EXPECT_EQ(page.find("Schach"), std::string::npos);
    const std::string api = raw(
        "POST /api/v1/games HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 17\r\n\r\n"
        R"({"mode":"friend"})");
    EXPECT_TRUE(api.starts_with("HTTP/1.1 421")) << api;
    const std::string none = raw("GET / HTTP/1.0\r\n\r\n");
    EXPECT_TRUE(none.starts_with("HTTP/1.1 421")) << none;
    const std::string local = raw("GET / HTTP/1.1\r\nHost: LocalHost:" + std::to_string(port_) + "\r\n\r\n");
    EXPECT_TRUE(local.starts_with("HTTP/1.1 200")) << local;
}

class AllowedHostTest : public HttpServerTest {
    void configure(ServerOptions& o) override { o.allowed_hosts = {"schach.example", "Chess.Example"}; }
};

TEST_F(AllowedHostTest, NamesGivenWithAllowedHostAreServed) {
    for (const std::string name : {"schach.example", "schach.example:443", "CHESS.example"}) {
        const std::string page = raw("GET / HTTP/1.1\r\nHost: " + name + "\r\n\r\n");
        EXPECT_TRUE(page.starts_with("HTTP/1.1 200")) << name << "\n" << page;
    }
    const std::string other = raw("GET / HTTP/1.1\r\nHost: schach.example.evil\r\n\r\n");
    EXPECT_TRUE(other.starts_with("HTTP/1.1 421")) << other;
}

TEST_F(HttpServerTest, ServesTheRulesGuideAndItsExercises) {
    for (const std::string target : {"/regeln", "/rules"}) {
        const Response page = request(http::verb::get, target);
        EXPECT_EQ(page.result_int(), 200) << target;
        EXPECT_EQ(page.body(), "<!doctype html><title>Schach</title>") << target;
    }
    const Response list = request(http::verb::get, "/api/v1/exercises");
    EXPECT_EQ(list.result_int(), 200);
    EXPECT_EQ(list[http::field::cache_control], "no-store");
    EXPECT_EQ(json::parse(list.body()).at("exercises").as_array().size(), exercises().size());
    const Response wrong = request(http::verb::post, "/api/v1/exercises/castle-attacked/try?lang=en",
                                   R"({"moves":[],"move":"e1c1"})");
    EXPECT_EQ(wrong.result_int(), 200);
    EXPECT_EQ(json::parse(wrong.body()).at("explanation").at("text"),
              "The king cannot castle through d1: it is attacked by the bishop on g4");
    EXPECT_EQ(request(http::verb::post, "/api/v1/exercises/castle-attacked/try", R"({"move":"e1g1"})",
                      {{"Origin", "http://evil.example"}})
                  .result_int(),
              403);
    EXPECT_EQ(request(http::verb::get, "/api/v1/exercises/no-such").result_int(), 404);
    EXPECT_EQ(request(http::verb::put, "/api/v1/exercises/king/try", R"({"move":"e1d2"})").result_int(), 405);
    EXPECT_EQ(handler_.acts.load(), 0);  // the games' domain is not asked
}

TEST_F(HttpServerTest, WebSocketFromAForeignOriginIsRefused) {
    const auto [id, secret] = create_game();
    net::io_context ioc;
    websocket::response_type res;
    boost::system::error_code ec;
    ws_connect(ioc, "/ws/v1/games/" + id, "http://evil.example", res, ec);
    EXPECT_TRUE(ec);
    EXPECT_EQ(res.result_int(), 403);
    EXPECT_EQ(handler_.subscriber_count(id), 0u);
    ws_connect(ioc, "/ws/v1/games/Nosuch12", origin(), res, ec);
    EXPECT_EQ(res.result_int(), 404);
}

TEST_F(HttpServerTest, WebSocketSendsStateAcksMovesAndAnswersPings) {
    const auto [id, secret] = create_game();
    net::io_context ioc;
    websocket::response_type res;
    boost::system::error_code ec;
    const auto ws = ws_connect(ioc, "/ws/v1/games/" + id + "?lang=en", origin(), res, ec);
    ASSERT_FALSE(ec) << ec.message();
    EXPECT_EQ(ws_read(*ws).at("t"), "state");
    ws->write(net::buffer(std::string(R"({"t":"ping"})")));
    EXPECT_EQ(ws_read(*ws), json::parse(R"({"t":"pong"})"));
    // No seat on this connection (no cookie): the domain says so.
    ws->write(net::buffer(std::string(R"({"t":"move","d":{"ply":0,"uci":"e2e4","a":1}})")));
    EXPECT_EQ(ws_read(*ws).at("d").at("code"), "not-your-seat");
    // Nonsense gets an error and changes nothing; the connection stays.
    for (const std::string bad : {"not json", R"({"t":"fly"})", R"({"t":"move","d":{"uci":"e2e4"}})",
                                  R"({"t":"move","d":{"ply":0,"uci":"zz"}})", R"({"t":"draw","d":"maybe"})", "[]"}) {
        ws->write(net::buffer(bad));
        const json::value error = ws_read(*ws);
        EXPECT_EQ(error.at("t"), "error") << bad;
        EXPECT_FALSE(error.at("d").at("text").as_string().empty());
    }
    EXPECT_EQ(handler_.acts.load(), 1);

    net::io_context ioc2;
    websocket::response_type res2;
    auto player = std::make_unique<Ws>(ioc2);
    player->next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    player->set_option(websocket::stream_base::decorator([&](websocket::request_type& req) {
        req.set(http::field::origin, origin());
        req.set(http::field::cookie, "lang=en; s_" + id + "=" + secret);
    }));
    player->handshake(res2, host(), "/ws/v1/games/" + id);
    EXPECT_EQ(ws_read(*player).at("d").at("you"), "white");
    player->write(net::buffer(std::string(R"({"t":"move","d":{"ply":0,"uci":"e2e4","a":7}})")));
    EXPECT_EQ(ws_read(*player), json::parse(R"({"t":"ack","d":7})"));
    EXPECT_EQ(ws_read(*player), json::parse(R"({"v":1,"t":"move","d":{"uci":"e2e4"}})"));
    EXPECT_EQ(ws_read(*ws), json::parse(R"({"v":1,"t":"move","d":{"uci":"e2e4"}})"));
    player->write(net::buffer(std::string(R"({"t":"move","d":{"ply":1,"uci":"h2h5","a":8}})")));
    const json::value refusal = ws_read(*player);
    EXPECT_EQ(refusal.at("t"), "refusal");
    EXPECT_EQ(refusal.at("d").at("a"), 8);
    EXPECT_EQ(refusal.at("d").at("code"), "bad-move");
    player->close(websocket::close_code::normal);
    ws->close(websocket::close_code::normal);
}

TEST_F(HttpServerTest, WebSocketMessagesPastFourKibCloseTheConnection) {
    const auto [id, secret] = create_game();
    net::io_context ioc;
    const auto ws = ws_open(ioc, "/ws/v1/games/" + id);
    ws_read(*ws);
    ws->write(net::buffer(std::string(5000, 'x')));
    EXPECT_EQ(ws_close_code(*ws), static_cast<int>(websocket::close_code::too_big));
}

TEST_F(HttpServerTest, WebSocketPastTheRateIsClosedWithPolicyViolationAndItsAddressWaits) {
    const auto [id, secret] = create_game();
    net::io_context ioc;
    const auto ws = ws_open(ioc, "/ws/v1/games/" + id);
    ws_read(*ws);
    boost::system::error_code ec;
    for (int i = 0; i < 30 && !ec; ++i) ws->write(net::buffer(std::string(R"({"t":"ping"})")), ec);
    EXPECT_EQ(ws_close_code(*ws), static_cast<int>(websocket::close_code::policy_error));
    // The flooder may not reconnect at once (each time a handshake and a game's state): its
    // address's next connection is told how long to wait.
    const Response again = request(http::verb::get, "/app.js");
    EXPECT_EQ(again.result_int(), 429);
    EXPECT_EQ(json::parse(again.body()).at("code"), "rate-connections");
    EXPECT_FALSE(again[http::field::retry_after].empty());
}

TEST_F(HttpServerTest, ReconnectWithAVersionReplaysTheMissedEvents) {
    const auto [id, secret] = create_game();
    for (const std::string uci : {"e2e4", "e7e5", "g1f3"}) ASSERT_EQ(move(id, secret, uci).result_int(), 200);
    net::io_context ioc;
    const auto ws = ws_open(ioc, "/ws/v1/games/" + id + "?v=1");
    EXPECT_EQ(ws_read(*ws), json::parse(R"({"v":2,"t":"move","d":{"uci":"e7e5"}})"));
    EXPECT_EQ(ws_read(*ws), json::parse(R"({"v":3,"t":"move","d":{"uci":"g1f3"}})"));
    ASSERT_EQ(move(id, secret, "b8c6").result_int(), 200);
    EXPECT_EQ(ws_read(*ws).at("v"), 4);
    const auto fresh = ws_open(ioc, "/ws/v1/games/" + id + "?v=99");
    const json::value state = ws_read(*fresh);
    EXPECT_EQ(state.at("t"), "state");
    EXPECT_EQ(state.at("v"), 4);
}

TEST_F(HttpServerTest, StreamSendsTheStateThenEachEventAsALine) {
    const auto [id, secret] = create_game();
    net::io_context ioc;
    tcp::socket socket(ioc);
    socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    net::write(socket, net::buffer("GET /api/v1/games/" + id + "/stream HTTP/1.1\r\nHost: " + host() + "\r\n\r\n"));
    std::string data;
    const std::size_t header_end = net::read_until(socket, net::dynamic_buffer(data), "\r\n\r\n");
    const std::string head = data.substr(0, header_end);
    data.erase(0, header_end);
    EXPECT_TRUE(head.starts_with("HTTP/1.1 200")) << head;
    EXPECT_NE(head.find("application/x-ndjson"), std::string::npos);
    const auto line = [&] {
        const std::size_t end = net::read_until(socket, net::dynamic_buffer(data), "\n");
        const std::string text = data.substr(0, end - 1);
        data.erase(0, end);
        return json::parse(text);
    };
    EXPECT_EQ(line().at("t"), "state");
    ASSERT_EQ(move(id, secret, "d2d4").result_int(), 200);
    EXPECT_EQ(line(), json::parse(R"({"v":1,"t":"move","d":{"uci":"d2d4"}})"));
    socket.close();
    // The server notices the client going away and ends the subscription.
    for (int i = 0; i < 200 && handler_.subscriber_count(id) > 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(handler_.subscriber_count(id), 0u);
    const std::string missing = raw("GET /api/v1/games/Nosuch12/stream HTTP/1.1\r\nHost: " + host() + "\r\n\r\n");
    EXPECT_TRUE(missing.starts_with("HTTP/1.1 404")) << missing;
}

class LagPingTest : public HttpServerTest {
    void configure(ServerOptions& options) override { options.lag_ping_interval = std::chrono::milliseconds(10); }
};

TEST_F(LagPingTest, WebSocketsArePingedToMeasureTheirLag) {
    const auto [id, secret] = create_game();
    net::io_context ioc;
    auto ws = ws_open(ioc, "/ws/v1/games/" + id);
    std::atomic<int> pings{0};
    ws->control_callback([&](websocket::frame_type kind, beast::string_view payload) {
        if (kind == websocket::frame_type::ping && !payload.empty()) ++pings;
    });
    EXPECT_EQ(ws_read(*ws).at("t"), "state");
    // Reading answers the server's pings (Beast sends the pongs); our own pings keep it talking.
    for (int i = 0; i < 200 && pings.load() < 3; ++i) {
        ws->write(net::buffer(std::string(R"({"t":"ping"})")));
        EXPECT_EQ(ws_read(*ws).at("t"), "pong");
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_GE(pings.load(), 3);
}

class FullServerTest : public HttpServerTest {
    void configure(ServerOptions& options) override { options.max_connections = 2; }
};

TEST_F(FullServerTest, AtTheCapTheConnectionWaitingLongestMakesRoom) {
    net::io_context ioc;
    std::vector<tcp::socket> held;
    for (int i = 0; i < 2; ++i) {
        held.emplace_back(ioc);
        held.back().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // accepted in this order
    }
    // Both wait for a request: a newcomer is served, and the oldest is closed for it.
    EXPECT_EQ(request(http::verb::get, "/app.js").result_int(), 200);
    std::array<char, 16> byte;
    boost::system::error_code ec;
    held[0].read_some(net::buffer(byte), ec);
    EXPECT_TRUE(ec == net::error::eof || ec == net::error::connection_reset) << ec.message();
    // The other one is still open and can send its request.
    net::write(held[1], net::buffer("GET /app.js HTTP/1.1\r\nHost: " + host() + "\r\n\r\n"));
    std::string data;
    net::read_until(held[1], net::dynamic_buffer(data), "\r\n\r\n");
    EXPECT_TRUE(data.starts_with("HTTP/1.1 200")) << data;
}

TEST_F(FullServerTest, AtTheCapWithNobodyWaitingTheNewcomerIsClosed) {
    net::io_context ioc;
    // The game is made on a connection kept alive, so that no connection of the test is still
    // closing when the next arrives: it waits for its next request, the first to go at the cap.
    tcp::socket keep(ioc);
    keep.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    http::request<http::string_body> create{http::verb::post, "/api/v1/games", 11};
    create.set(http::field::host, host());
    create.set(http::field::content_type, "application/json");
    create.body() = R"({"mode":"friend"})";
    create.prepare_payload();
    http::write(keep, create);
    beast::flat_buffer buffer;
    Response created;
    http::read(keep, buffer, created);
    ASSERT_EQ(created.result_int(), 201);
    const std::string id(json::parse(created.body()).at("id").as_string());
    // The server's side of `keep` waits for its next request from the moment its answer went out.
    // Two WebSockets: busy, never closed for a newcomer; the second takes the kept connection's place.
    auto a = ws_open(ioc, "/ws/v1/games/" + id);
    auto b = ws_open(ioc, "/ws/v1/games/" + id);
    boost::system::error_code kept;
    keep.read_some(net::buffer(buffer.prepare(16)), kept);
    EXPECT_TRUE(kept == net::error::eof || kept == net::error::connection_reset) << kept.message();
    EXPECT_EQ(ws_read(*a).at("t"), "state");
    EXPECT_EQ(ws_read(*b).at("t"), "state");
    tcp::socket extra(ioc);
    extra.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    std::array<char, 16> byte;
    boost::system::error_code ec;
    extra.read_some(net::buffer(byte), ec);
    EXPECT_TRUE(ec == net::error::eof || ec == net::error::connection_reset) << ec.message();
    a->write(net::buffer(std::string(R"({"t":"ping"})")));
    EXPECT_EQ(ws_read(*a).at("t"), "pong");
}

class SlowClientTest : public HttpServerTest {
    void configure(ServerOptions& options) override {
        options.header_timeout = std::chrono::milliseconds(300);
        options.idle_timeout = std::chrono::milliseconds(300);
    }
};

TEST_F(SlowClientTest, HalfARequestLineHoldsNoSlotPastTheHeaderDeadline) {
    net::io_context ioc;
    tcp::socket slow(ioc);
    slow.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    net::write(slow, net::buffer(std::string("GET /app.js HT")));
    std::array<char, 16> byte;
    boost::system::error_code ec;
    slow.read_some(net::buffer(byte), ec);  // the server closes it (the test's own timeout: ctest's)
    EXPECT_TRUE(ec == net::error::eof || ec == net::error::connection_reset) << ec.message();
    // A kept-alive connection is closed once idle too, after answering its request.
    tcp::socket idle(ioc);
    idle.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    net::write(idle, net::buffer("GET /app.js HTTP/1.1\r\nHost: " + host() + "\r\n\r\n"));
    std::string data;
    net::read_until(idle, net::dynamic_buffer(data), "console.log(1);", ec);
    EXPECT_TRUE(data.starts_with("HTTP/1.1 200")) << data;
    std::array<char, 64> rest;
    while (!ec) idle.read_some(net::buffer(rest), ec);
    EXPECT_TRUE(ec == net::error::eof || ec == net::error::connection_reset) << ec.message();
}

class PerAddressTest : public HttpServerTest {
    void configure(ServerOptions& options) override {
        options.limits.connections_per_address = 3;
        options.limits.games_per_minute = {3, std::chrono::seconds(60)};
        options.limits.games_per_hour = {0, std::chrono::seconds(3600)};
    }
};

TEST_F(PerAddressTest, AnAddressPastItsConnectionsIsToldToWait) {
    net::io_context ioc;
    std::vector<tcp::socket> held;
    for (int i = 0; i < 3; ++i) {
        held.emplace_back(ioc);
        held.back().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const std::string refused = raw("GET /app.js HTTP/1.1\r\nHost: " + host() + "\r\n\r\n");
    EXPECT_TRUE(refused.starts_with("HTTP/1.1 429")) << refused;
    EXPECT_NE(refused.find("Retry-After: "), std::string::npos) << refused;
    EXPECT_NE(refused.find("\"code\":\"rate-connections\""), std::string::npos) << refused;
    held.clear();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(request(http::verb::get, "/app.js").result_int(), 200);
}

TEST_F(PerAddressTest, NewGamesPastTheRateAreRefusedWithRetryAfterInTheClientsLanguage) {
    for (int i = 0; i < 3; ++i) create_game();
    const Response refused = request(http::verb::post, "/api/v1/games?lang=de", R"({"mode":"friend"})");
    EXPECT_EQ(refused.result_int(), 429);
    const std::string retry(refused[http::field::retry_after]);
    EXPECT_EQ(retry, "20");  // one game every 60 s / 3
    const json::value body = json::parse(refused.body());
    EXPECT_EQ(body.at("code"), "rate-games");
    EXPECT_EQ(body.at("retryAfter"), 20);
    EXPECT_EQ(body.at("text"),
              "Zu viele neue Partien von dieser Adresse in kurzer Zeit. Bitte in 20 s noch einmal versuchen.");
    // X-Forwarded-For from a peer that is not a trusted proxy changes nothing.
    EXPECT_EQ(request(http::verb::post, "/api/v1/games", R"({"mode":"friend"})", {{"X-Forwarded-For", "192.0.2.1"}})
                  .result_int(),
              429);
    // Other requests of the same address go on.
    EXPECT_EQ(request(http::verb::get, "/app.js").result_int(), 200);
}

class NodeTest : public HttpServerTest {
    void configure(ServerOptions& options) override {
        options.node = "n1";
        options.health = [this] { return json::object{{"ok", lease.load()}, {"node", "n1"}}; };
    }

protected:
    std::atomic<bool> lease{true};
};

TEST_F(NodeTest, AGameAnotherNodeHoldsIsRedirectedThereWithItsNodeParameter) {
    const Response state = request(http::verb::get, "/api/v1/games/Moved007?v=3&node=n1");
    EXPECT_EQ(state.result_int(), 307);
    EXPECT_EQ(state[http::field::location], "/api/v1/games/Moved007?v=3&node=n2");
    EXPECT_EQ(state["X-Schach-Node"], "n1");
    const Response pgn = request(http::verb::get, "/api/v1/games/Moved007/pgn");
    EXPECT_EQ(pgn.result_int(), 307);
    EXPECT_EQ(pgn[http::field::location], "/api/v1/games/Moved007/pgn?node=n2");
    // Sent here though it asked for n2: n2 is down for the proxy (its lease not yet run out). No
    // redirect loop: try again in a moment.
    const Response again = request(http::verb::get, "/api/v1/games/Moved007?node=n2");
    EXPECT_EQ(again.result_int(), 503);
    EXPECT_EQ(again[http::field::retry_after], "1");
    EXPECT_EQ(json::parse(again.body()).at("code"), "unavailable");
    // A game of this node is answered here, and says so.
    const auto [id, secret] = create_game();
    const Response own = request(http::verb::get, "/api/v1/games/" + id);
    EXPECT_EQ(own.result_int(), 200);
    EXPECT_EQ(own["X-Schach-Node"], "n1");
}

TEST_F(NodeTest, AWebSocketToAGameAnotherNodeHoldsIsClosedNamingThatNode) {
    net::io_context ioc;
    websocket::response_type res;
    boost::system::error_code ec;
    const auto ws = ws_connect(ioc, "/ws/v1/games/Moved007", origin(), res, ec);
    ASSERT_FALSE(ec) << ec.message();  // accepted: browsers follow no redirect on a WebSocket
    EXPECT_EQ(res["X-Schach-Node"], "n1");
    EXPECT_EQ(ws_close_code(*ws), static_cast<int>(MovedCloseCode));
    EXPECT_EQ(std::string(ws->reason().reason.c_str()), "node=n2");
    // Asked for n2 and sent here all the same: "try again later", no loop of redirects.
    const auto again = ws_connect(ioc, "/ws/v1/games/Moved007?node=n2", origin(), res, ec);
    ASSERT_FALSE(ec) << ec.message();
    EXPECT_EQ(ws_close_code(*again), static_cast<int>(websocket::close_code::try_again_later));
}

TEST_F(NodeTest, HealthzIsUnavailableWhileTheNodeHasNoLease) {
    EXPECT_EQ(request(http::verb::get, "/healthz").result_int(), 200);
    lease = false;
    const Response res = request(http::verb::get, "/healthz");
    EXPECT_EQ(res.result_int(), 503);
    EXPECT_EQ(json::parse(res.body()).at("ok"), false);
}

TEST(MovedTarget, SetsTheNodeParameterAndKeepsTheRest) {
    EXPECT_EQ(moved_target("/api/v1/games/abc", "n2"), "/api/v1/games/abc?node=n2");
    EXPECT_EQ(moved_target("/ws/v1/games/abc?v=4", "n3"), "/ws/v1/games/abc?v=4&node=n3");
    EXPECT_EQ(moved_target("/x?node=n1&v=4&node", "n3"), "/x?v=4&node=n3");
    EXPECT_EQ(moved_close_reason("n2"), "node=n2");
    EXPECT_TRUE(asked_for("/ws/v1/games/abc?v=4&node=n2", "n2"));
    EXPECT_FALSE(asked_for("/ws/v1/games/abc?v=4&node=n23", "n2"));
    EXPECT_FALSE(asked_for("/ws/v1/games/abc", "n2"));
}

class BehindProxyTest : public HttpServerTest {
    void configure(ServerOptions& options) override {
        options.limits.connections_per_address = 2;
        options.limits.games_per_minute = {1, std::chrono::seconds(60)};
        options.limits.trusted_proxies = {"127.0.0.1"};
    }
};

TEST_F(BehindProxyTest, BehindATrustedProxyEachForwardedClientHasItsOwnLimits) {
    const auto create_from = [&](const std::string& address) {
        return request(http::verb::post, "/api/v1/games", R"({"mode":"friend"})", {{"X-Forwarded-For", address}})
            .result_int();
    };
    EXPECT_EQ(create_from("192.0.2.1"), 201);
    EXPECT_EQ(create_from("192.0.2.1"), 429);
    EXPECT_EQ(create_from("192.0.2.2"), 201);
    // A client's own X-Forwarded-For entries are left of the proxy's: the rightmost counts.
    EXPECT_EQ(create_from("192.0.2.99, 192.0.2.1"), 429);
    // The proxy's connections are not limited by its address.
    net::io_context ioc;
    std::vector<tcp::socket> held;
    for (int i = 0; i < 4; ++i) {
        held.emplace_back(ioc);
        held.back().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    }
    EXPECT_EQ(request(http::verb::get, "/app.js").result_int(), 200);
}

class SlowReaderTest : public HttpServerTest {
    void configure(ServerOptions& options) override { options.max_queued_events = 4; }
};

TEST_F(SlowReaderTest, AReaderThatFallsBehindIsDroppedNotWaitedFor) {
    const auto [id, secret] = create_game();
    net::io_context ioc;
    auto ws = std::make_unique<Ws>(ioc);
    ws->next_layer().open(tcp::v4());
    ws->next_layer().set_option(net::socket_base::receive_buffer_size(4096));
    ws->next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    ws->set_option(websocket::stream_base::decorator(
        [this](websocket::request_type& req) { req.set(http::field::origin, origin()); }));
    ws->handshake(host(), "/ws/v1/games/" + id);
    // Many large events while this client reads nothing: the moves are never held up.
    for (int i = 0; i < 400; ++i) ASSERT_EQ(move(id, secret, "a2a3").result_int(), 200);
    boost::system::error_code ec;
    int read = 0;
    for (; read < 1000 && !ec; ++read) {
        beast::flat_buffer buffer;
        ws->read(buffer, ec);
    }
    EXPECT_TRUE(ec);
    EXPECT_LT(read, 400);
}

/// The real domain behind the transport: GameService on SQLite, as `schach serve` runs it.
class ServeTest : public HttpServerTest {
protected:
    void SetUp() override {
        games_thread_ = std::thread([this] { games_io_.run(); });
        db_ = std::filesystem::temp_directory_path() /
              ("schach-serve-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
        std::filesystem::remove(db_);
        auto store = SqliteStore::open(db_.string());
        ASSERT_TRUE(store) << store.error().message;
        store_ = std::move(*store);
        pool_ = std::make_unique<EnginePool>(EnginePoolOptions{1, 100, 16});
        service_ = std::make_unique<GameService>(runtime_, *store_, *pool_, service_options());
        service_handler_ = std::make_unique<ServiceHandler>(*service_);
        HttpServerTest::SetUp();
    }
    void TearDown() override {
        if (server_) server_->stop();
        if (service_) service_->drain();
        server_.reset();
        service_handler_.reset();
        service_.reset();
        pool_.reset();
        store_.reset();
        work_.reset();
        games_thread_.join();
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db_.string() + suffix);
        HttpServerTest::TearDown();
    }
    Handler& domain() override { return *service_handler_; }
    virtual ServiceOptions service_options() { return {}; }

    std::unique_ptr<Ws> ws_with_cookie(net::io_context& ioc, const std::string& target, const std::string& cookie) {
        auto ws = std::make_unique<Ws>(ioc);
        ws->next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
        ws->set_option(websocket::stream_base::decorator([this, cookie](websocket::request_type& req) {
            req.set(http::field::origin, origin());
            req.set(http::field::cookie, cookie);
        }));
        ws->handshake(host(), target);
        return ws;
    }

    net::io_context games_io_;
    net::executor_work_guard<net::io_context::executor_type> work_ = net::make_work_guard(games_io_);
    std::thread games_thread_;
    AsioRuntime runtime_{games_io_};
    std::filesystem::path db_;
    std::unique_ptr<SqliteStore> store_;
    std::unique_ptr<EnginePool> pool_;
    std::unique_ptr<GameService> service_;
    std::unique_ptr<ServiceHandler> service_handler_;
};

TEST_F(ServeTest, AFriendGameOverHttpAndWebSockets) {
    const Response created = request(http::verb::post, "/api/v1/games?lang=en",
                                     R"({"mode":"friend","color":"white","tc":"5+3"})");
    ASSERT_EQ(created.result_int(), 201) << created.body();
    const json::value c = json::parse(created.body());
    const std::string id(c.at("id").as_string());
    const std::string white(c.at("secret").as_string());
    EXPECT_EQ(c.at("color"), "white");
    EXPECT_EQ(c.at("urls").at("play").as_string(), "/game/" + id);
    const std::string invite(c.at("invite").as_string());
    EXPECT_EQ(c.at("urls").at("invite").as_string(), "/game/" + id + "?invite=" + invite);

    const Response joined = request(http::verb::post, "/api/v1/games/" + id + "/join",
                                    json::serialize(json::object{{"invite", invite}}));
    ASSERT_EQ(joined.result_int(), 200) << joined.body();
    const std::string black(json::parse(joined.body()).at("secret").as_string());
    EXPECT_EQ(
        request(http::verb::post, "/api/v1/games/" + id + "/join", json::serialize(json::object{{"invite", invite}}))
            .result_int(),
        409);

    net::io_context ioc;
    const auto w = ws_with_cookie(ioc, "/ws/v1/games/" + id + "?lang=en", "s_" + id + "=" + white);
    const auto b = ws_with_cookie(ioc, "/ws/v1/games/" + id + "?lang=de", "s_" + id + "=" + black);
    const json::value ws_state = ws_read(*w);
    EXPECT_EQ(ws_state.at("t"), "state");
    EXPECT_EQ(ws_state.at("d").at("you"), "white");
    EXPECT_TRUE(ws_state.at("d").at("dests").is_object());
    EXPECT_EQ(ws_read(*b).at("d").at("you"), "black");

    // Black cannot move for White; White's move is acknowledged and reaches both.
    b->write(net::buffer(std::string(R"({"t":"move","d":{"ply":0,"uci":"e7e5","a":1}})")));
    const json::value refused = ws_read(*b);
    EXPECT_EQ(refused.at("t"), "refusal") << json::serialize(refused);
    EXPECT_EQ(refused.at("d").at("a"), 1);
    w->write(net::buffer(std::string(R"({"t":"move","d":{"ply":0,"uci":"e2e4","a":1}})")));
    EXPECT_EQ(ws_read(*w), json::parse(R"({"t":"ack","d":1})"));
    const json::value moved = ws_read(*w);
    EXPECT_EQ(moved.at("t"), "move");
    EXPECT_EQ(moved.at("d").at("san"), "e4");
    const json::value seen = ws_read(*b);
    EXPECT_EQ(seen.at("v"), moved.at("v"));
    EXPECT_TRUE(seen.at("d").at("dests").is_object());  // Black is to move now
    // A resent move (its ack was lost) is acknowledged again, not played twice.
    w->write(net::buffer(std::string(R"({"t":"move","d":{"ply":0,"uci":"e2e4","a":1}})")));
    EXPECT_EQ(ws_read(*w), json::parse(R"({"t":"ack","d":1})"));

    // Black answers over HTTP; an illegal move is refused with the rule, in words.
    const Response illegal = move(id, black, "e7e4");
    EXPECT_EQ(illegal.result_int(), 400);
    EXPECT_FALSE(json::parse(illegal.body()).at("text").as_string().empty());
    EXPECT_EQ(move(id, white, "d2d4").result_int(), 400);  // not White's turn
    EXPECT_EQ(move(id, "no-such-secret", "e7e5").result_int(), 403);
    EXPECT_EQ(move(id, black, "e7e5").result_int(), 200);
    EXPECT_EQ(ws_read(*w).at("d").at("san"), "e5");
    const std::int64_t version = ws_read(*b).at("v").as_int64();

    const json::value state = json::parse(request(http::verb::get, "/api/v1/games/" + id).body());
    EXPECT_EQ(state.at("ply"), 2);
    EXPECT_EQ(state.at("version"), version);
    const std::string pgn = request(http::verb::get, "/api/v1/games/" + id + "/pgn").body();
    EXPECT_NE(pgn.find("1. e4 "), std::string::npos) << pgn;
    EXPECT_NE(pgn.find(" e5 "), std::string::npos) << pgn;
    EXPECT_EQ(request(http::verb::get, "/api/v1/games/Nosuch12").result_int(), 404);
    // The coach helps only against the computer: a friend game gets its typed refusal.
    const Response coach = request(http::verb::get, "/api/v1/games/" + id + "/coach", {},
                                   {{"Authorization", "Bearer " + white}});
    EXPECT_EQ(coach.result_int(), 400);
    EXPECT_EQ(json::parse(coach.body()).at("code"), "coach-off");

    // A reconnect with the version before the last move gets that move again.
    const auto again = ws_with_cookie(ioc, "/ws/v1/games/" + id + "?v=" + std::to_string(version - 1), "");
    const json::value replayed = ws_read(*again);
    EXPECT_EQ(replayed.at("v"), version);
    EXPECT_EQ(replayed.at("d").at("san"), "e5");

    // Malformed input changes nothing.
    w->write(net::buffer(std::string(R"({"t":"move","d":{"ply":2,"uci":"e1e9","a":2}})")));
    EXPECT_EQ(ws_read(*w).at("t"), "error");
    EXPECT_EQ(json::parse(request(http::verb::get, "/api/v1/games/" + id).body()).at("version"), version);

    // An action without a counter gets no ack: its event tells.
    w->write(net::buffer(std::string(R"({"t":"draw","d":"offer"})")));
    const json::value offer = ws_read(*w);
    EXPECT_EQ(offer.at("t"), "offer") << json::serialize(offer);
    EXPECT_EQ(offer.at("v"), version + 1);
    EXPECT_EQ(offer.at("d").at("by"), "white");
    w->close(websocket::close_code::normal);
    b->close(websocket::close_code::normal);
    again->close(websocket::close_code::normal);
}

/// The analysis over HTTP and the game's WebSocket, on the real service at a small budget.
class AnalysisServeTest : public ServeTest {
protected:
    ServiceOptions service_options() override {
        ServiceOptions o;
        o.analysis.nodes = 3000;
        o.analysis.try_nodes = 30'000;
        o.analysis.hash_mb = 4;
        o.analysis.try_hash_mb = 4;
        o.analysis.daily_limit = 1;
        return o;
    }
};

TEST_F(AnalysisServeTest, ImportAskWatchReadAndTryOverHttp) {
    const std::string pgn = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    const Response imported = request(http::verb::post, "/api/v1/imports?lang=en",
                                      json::serialize(json::object{{"pgn", pgn}}), {{"Cookie", "b=browser1"}});
    ASSERT_EQ(imported.result_int(), 201) << imported.body();
    const json::value created = json::parse(imported.body());
    const std::string id(created.at("id").as_string());
    EXPECT_EQ(created.at("url").as_string(), "/game/" + id);
    const json::value state = json::parse(request(http::verb::get, "/api/v1/games/" + id).body());
    EXPECT_EQ(state.at("status"), "over");
    EXPECT_EQ(state.at("imported"), true);
    EXPECT_EQ(state.at("players").at("white").at("name"), "Anna");

    const Response none = request(http::verb::get, "/api/v1/games/" + id + "/analysis?lang=en");
    EXPECT_EQ(none.result_int(), 404);
    EXPECT_EQ(json::parse(none.body()).at("code"), "analysis_not_requested");

    net::io_context ioc;
    const auto ws = ws_with_cookie(ioc, "/ws/v1/games/" + id + "?lang=en", "");
    EXPECT_EQ(ws_read(*ws).at("t"), "state");
    const Response asked = request(http::verb::post, "/api/v1/games/" + id + "/analysis", {},
                                   {{"Cookie", "b=browser1"}});
    ASSERT_EQ(asked.result_int(), 202) << asked.body();
    EXPECT_EQ(json::parse(asked.body()).at("progress").at("total"), 5);
    // The progress on the game's WebSocket, not versioned, until done.
    json::value event;
    int seen = 0;
    do {
        event = ws_read(*ws);
        ASSERT_EQ(event.at("t"), "analysis") << json::serialize(event);
        EXPECT_FALSE(event.as_object().contains("v"));
        ++seen;
    } while (event.at("status") != "done");
    EXPECT_GE(seen, 2);
    EXPECT_EQ(event.at("progress"), json::parse(R"({"done":5,"total":5})"));

    const Response read = request(http::verb::get, "/api/v1/games/" + id + "/analysis?lang=de");
    ASSERT_EQ(read.result_int(), 200) << read.body();
    const json::value analysis = json::parse(read.body());
    EXPECT_EQ(analysis.at("status"), "done");
    const json::value& g4 = analysis.at("plies").at(2);
    EXPECT_EQ(g4.at("uci"), "g2g4");
    EXPECT_EQ(g4.at("judgement"), "blunder");
    EXPECT_TRUE(g4.at("text").as_string().subview().starts_with("Das erlaubt Matt in 1: Dh4#")) << g4;
    EXPECT_TRUE(g4.at("best").is_object());
    EXPECT_EQ(analysis.at("players").at("white").at("blunders"), 1);
    EXPECT_FALSE(analysis.at("opening").at("name").as_string().empty());
    EXPECT_TRUE(analysis.at("start").at("eval").is_object());

    const Response refused = request(http::verb::post, "/api/v1/games/" + id + "/analysis/try?lang=en",
                                     R"({"ply":3,"uci":"g2g4"})");
    ASSERT_EQ(refused.result_int(), 200) << refused.body();
    EXPECT_EQ(json::parse(refused.body()).at("verdict"), "refused");
    const Response illegal = request(http::verb::post, "/api/v1/games/" + id + "/analysis/try?lang=en",
                                     R"({"ply":3,"uci":"e1e3"})");
    EXPECT_EQ(illegal.result_int(), 400);
    EXPECT_FALSE(json::parse(illegal.body()).at("text").as_string().empty());

    // One analysis a day in this test: the browser's next is refused with Retry-After.
    const Response second = request(http::verb::post, "/api/v1/imports", json::serialize(json::object{{"pgn", pgn}}),
                                    {{"Cookie", "b=browser1"}});
    const std::string other(json::parse(second.body()).at("id").as_string());
    const Response limited = request(http::verb::post, "/api/v1/games/" + other + "/analysis?lang=en", {},
                                     {{"Cookie", "b=browser1"}});
    EXPECT_EQ(limited.result_int(), 429) << limited.body();
    EXPECT_EQ(json::parse(limited.body()).at("code"), "analysis_limit");
    EXPECT_FALSE(limited[http::field::retry_after].empty());

    // A PGN error says where.
    const Response bad = request(http::verb::post, "/api/v1/imports?lang=en",
                                 json::serialize(json::object{{"pgn", "1. e4 e5 2. Ke3 *"}}));
    EXPECT_EQ(bad.result_int(), 400);
    const json::value error = json::parse(bad.body());
    EXPECT_EQ(error.at("code"), "pgn_error");
    EXPECT_EQ(error.at("line"), 1);
    EXPECT_EQ(error.at("column"), 13);
    ws->close(websocket::close_code::normal);
}

/// The tactics trainer over HTTP, on the real store: two hand-made puzzles.
class PuzzleServeTest : public ServeTest {
protected:
    void configure(ServerOptions& options) override {
        std::vector<puzzle::Puzzle> puzzles;
        for (const char* line : {"MkQF4R,4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1,e8e2 d1d8 e2e8 d8e8,1500,500,0,0,"
                                 "backRankMate endgame mate mateIn2 rookEndgame short,games.pgn:1#1,",
                                 "Fk1234,6k1/6pp/8/8/8/8/1R6/R5K1 b - - 0 1,g8h8 a1a8,1500,500,0,0,"
                                 "endgame mate mateIn1 oneMove,games.pgn:2#1,"}) {
            auto p = puzzle::parse_csv(line);
            ASSERT_TRUE(p.has_value()) << line;
            puzzles.push_back(std::move(*p));
        }
        PuzzleServiceOptions o;
        o.now = [] { return Millis{1'700'000'000'000}; };
        o.try_nodes = 20'000;
        puzzle_service_ = std::make_unique<PuzzleService>(std::move(puzzles), *store_, o);
        puzzle_api_ = std::make_unique<PuzzleApi>(*puzzle_service_);
        options.puzzles = puzzle_api_.get();
    }
    void TearDown() override {
        if (server_) server_->stop();
        server_.reset();
        puzzle_api_.reset();
        puzzle_service_.reset();
        ServeTest::TearDown();
    }
    /// The browser cookie a first answer gave.
    static std::string browser_cookie(const Response& res) {
        for (const auto& field : res)
            if (field.name() == http::field::set_cookie && field.value().starts_with("b="))
                return std::string(field.value().substr(0, field.value().find(';')));
        return {};
    }
    std::unique_ptr<PuzzleService> puzzle_service_;
    std::unique_ptr<PuzzleApi> puzzle_api_;
};

TEST_F(PuzzleServeTest, ServesRatesAndJudgesPuzzlesPerBrowser) {
    // The collection: its size and themes.
    const json::value stats = json::parse(request(http::verb::get, "/api/v1/puzzles/stats").body());
    EXPECT_EQ(stats.at("count"), 2);
    EXPECT_EQ(stats.at("themes").at("mateIn2"), 1);
    EXPECT_EQ(stats.at("themes").at("mate"), 2);

    // A theme filter: the back-rank mate; the browser gets its id with it.
    const Response first = request(http::verb::get, "/api/v1/puzzles/next?themes=backRankMate&difficulty=-300");
    ASSERT_EQ(first.result_int(), 200) << first.body();
    const std::string cookie = browser_cookie(first);
    ASSERT_FALSE(cookie.empty());
    const json::value p = json::parse(first.body());
    EXPECT_EQ(p.at("id"), "MkQF4R");
    EXPECT_EQ(p.at("fen"), "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    EXPECT_EQ(p.at("moves"), json::parse(R"(["e8e2","d1d8","e2e8","d8e8"])"));
    EXPECT_EQ(p.at("rating"), 1500);
    EXPECT_EQ(p.at("orientation"), "white");
    EXPECT_EQ(p.at("steps").as_array().size(), 4u);
    EXPECT_EQ(p.at("steps").at(0).at("lastMove"), json::parse(R"(["e8","e2"])"));
    EXPECT_EQ(p.at("player").at("rating"), 1500);
    const std::map<std::string, std::string> as_browser{{"Cookie", cookie}};

    // The stored move is right; another that mates too is right; one that allows mate is wrong,
    // with the refutation on the board and in words.
    const json::value right = json::parse(
        request(http::verb::post, "/api/v1/puzzles/MkQF4R/try", R"({"ply":1,"uci":"d1d8"})", as_browser).body());
    EXPECT_EQ(right.at("result"), "right");
    const Response wrong = request(http::verb::post, "/api/v1/puzzles/MkQF4R/try?lang=en", R"({"ply":1,"uci":"d1d7"})",
                                   as_browser);
    ASSERT_EQ(wrong.result_int(), 200) << wrong.body();
    const json::value w = json::parse(wrong.body());
    EXPECT_EQ(w.at("result"), "wrong");
    EXPECT_EQ(w.at("refutation").at(0).at("uci"), "e2e1");
    EXPECT_EQ(w.at("steps").as_array().size(), 2u);
    EXPECT_NE(std::string(w.at("text").as_string()).find("Re1#"), std::string::npos) << w.at("text");
    const json::value german = json::parse(
        request(http::verb::post, "/api/v1/puzzles/MkQF4R/try?lang=de", R"({"ply":1,"uci":"d1d7"})", as_browser)
            .body());
    EXPECT_NE(std::string(german.at("text").as_string()).find("Te1#"), std::string::npos) << german.at("text");
    const json::value other_mate = json::parse(
        request(http::verb::post, "/api/v1/puzzles/Fk1234/try", R"({"ply":1,"uci":"b2b8"})", as_browser).body());
    EXPECT_EQ(other_mate.at("result"), "mate");
    EXPECT_EQ(
        request(http::verb::post, "/api/v1/puzzles/MkQF4R/try", R"({"ply":2,"uci":"e2e8"})", as_browser).result_int(),
        400);
    EXPECT_EQ(
        request(http::verb::post, "/api/v1/puzzles/MkQF4R/try", R"({"ply":1,"uci":"d1d9"})", as_browser).result_int(),
        400);

    // A solve raises the rating (Glicko-2 from 1500/500); the attempt is kept and the puzzle not
    // served again.
    const Response solved = request(http::verb::post, "/api/v1/puzzles/MkQF4R/result", R"({"win":true})", as_browser);
    ASSERT_EQ(solved.result_int(), 200) << solved.body();
    const json::value r = json::parse(solved.body());
    EXPECT_TRUE(r.at("rated").as_bool());
    EXPECT_GT(r.at("player").at("rating").as_int64(), 1500);
    EXPECT_GT(r.at("delta").as_int64(), 0);
    EXPECT_EQ(r.at("player").at("solved"), 1);
    // A provisional player (deviation >= 230) does not move the puzzle.
    EXPECT_EQ(r.at("puzzle").at("rating"), 1500);
    const json::value next = json::parse(request(http::verb::get, "/api/v1/puzzles/next", {}, as_browser).body());
    EXPECT_EQ(next.at("id"), "Fk1234");
    const Response none = request(http::verb::get, "/api/v1/puzzles/next?themes=backRankMate", {}, as_browser);
    EXPECT_EQ(none.result_int(), 404);
    EXPECT_EQ(json::parse(none.body()).at("code"), "no-puzzle-left");
    // A second attempt at the same puzzle is not rated.
    const json::value again =
        json::parse(request(http::verb::post, "/api/v1/puzzles/MkQF4R/result", R"({"win":false})", as_browser).body());
    EXPECT_FALSE(again.at("rated").as_bool());
    EXPECT_EQ(again.at("player").at("rating"), r.at("player").at("rating"));

    const json::value player = json::parse(request(http::verb::get, "/api/v1/puzzles/player", {}, as_browser).body());
    EXPECT_EQ(player.at("solved"), 1);
    EXPECT_EQ(player.at("failed"), 1);
    ASSERT_EQ(player.at("history").as_array().size(), 1u);
    EXPECT_EQ(player.at("history").at(0).at(1), r.at("player").at("rating"));

    // Another browser starts at 1500 and sees the first puzzle again.
    const json::value stranger = json::parse(request(http::verb::get, "/api/v1/puzzles/player").body());
    EXPECT_EQ(stranger.at("rating"), 1500);

    // Bad input: what and where.
    const Response bad_theme = request(http::verb::get, "/api/v1/puzzles/next?themes=fork,nonsense", {}, as_browser);
    EXPECT_EQ(bad_theme.result_int(), 400);
    EXPECT_EQ(json::parse(bad_theme.body()).at("field"), "themes");
    EXPECT_EQ(json::parse(bad_theme.body()).at("value"), "nonsense");
    EXPECT_EQ(request(http::verb::get, "/api/v1/puzzles/next?difficulty=100", {}, as_browser).result_int(), 400);
    EXPECT_EQ(request(http::verb::post, "/api/v1/puzzles/nope00/result", R"({"win":true})", as_browser).result_int(),
              404);
    EXPECT_EQ(request(http::verb::post, "/api/v1/puzzles/MkQF4R/result", R"({"win":1})", as_browser).result_int(), 400);
}

TEST_F(PuzzleServeTest, RatingsSurviveARestart) {
    const Response first = request(http::verb::get, "/api/v1/puzzles/next");
    const std::string cookie = browser_cookie(first);
    const std::string id(json::parse(first.body()).at("id").as_string());
    const json::value r = json::parse(
        request(http::verb::post, "/api/v1/puzzles/" + id + "/result", R"({"win":false})", {{"Cookie", cookie}})
            .body());
    EXPECT_LT(r.at("player").at("rating").as_int64(), 1500);
    // A new service on the same store knows the browser.
    PuzzleServiceOptions o;
    o.now = [] { return Millis{1'700'000'000'000}; };
    PuzzleService fresh({}, *store_, o);
    std::promise<std::expected<PuzzlePlayer, PuzzleCode>> promise;
    fresh.player(cookie.substr(2), [&](std::expected<PuzzlePlayer, PuzzleCode> p) { promise.set_value(p); });
    const auto p = promise.get_future().get();
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(std::lround(p->glicko.rating), r.at("player").at("rating").as_int64());
    EXPECT_EQ(p->failed, 1);
}

}  // namespace
}  // namespace schach::server
