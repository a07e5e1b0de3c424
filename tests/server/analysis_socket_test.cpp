// The analysis board's WebSocket (/api/v1/analysis/socket) on the real transport and engine: the
// server runs in-process on a free port with a LineSearchPool, a Beast client asks for lines.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/fen.hpp"
#include "engine/thread_priority.hpp"
#include "server/domain/line_search.hpp"
#include "server/http/http_server.hpp"

namespace schach::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace json = boost::json;
using tcp = net::ip::tcp;
using Ws = websocket::stream<tcp::socket>;

/// No games at all: the analysis socket needs none.
class NoGames : public Handler {
public:
    void create(const json::value&, const Client&, ReplySink done) override { done(Reply{404, {}, {}, {}, {}}); }
    void join(const std::string&, const json::value&, const Client&, ReplySink done) override {
        done(Reply{404, {}, {}, {}, {}});
    }
    void state(const std::string&, const Client&, ReplySink done) override { done(Reply{404, {}, {}, {}, {}}); }
    void pgn(const std::string&, const Client&, PgnSink done) override {
        done(std::unexpected(Reply{404, {}, {}, {}, {}}));
    }
    void coach(const std::string&, const Client&, std::optional<std::int64_t>, ReplySink done) override {
        done(Reply{404, {}, {}, {}, {}});
    }
    void list(const Client&, JsonSink done) override { done(json::array()); }
    void request_analysis(const std::string&, const Client&, ReplySink done) override {
        done(Reply{404, {}, {}, {}, {}});
    }
    void analysis(const std::string&, const Client&, ReplySink done) override { done(Reply{404, {}, {}, {}, {}}); }
    void try_move(const std::string&, const json::value&, const Client&, ReplySink done) override {
        done(Reply{404, {}, {}, {}, {}});
    }
    void import_game(const json::value&, const Client&, ReplySink done) override { done(Reply{404, {}, {}, {}, {}}); }
    void act(const std::string&, ClientMessage, const Client&, ActSink) override {}
    void subscribe(const std::string&, std::optional<std::int64_t>, const Client&, EventSink,
                   SubscriptionSink done) override {
        done(std::unexpected(make_error(ServiceCode::NoSuchGame)));
    }
};

class AnalysisSocketTest : public ::testing::Test {
protected:
    void start(LineSearchOptions pool_options = {}) {
        pool_options.workers = pool_options.workers > 0 ? pool_options.workers : 1;
        pool_options.hash_mb = 8;
        pool_ = std::make_unique<LineSearchPool>(pool_options);
        ServerOptions options;
        options.host = "127.0.0.1";
        options.port = 0;
        options.line_search = pool_.get();
        server_ = std::make_unique<HttpServer>(handler_, options);
        const auto port = server_->start();
        ASSERT_TRUE(port.has_value()) << port.error();
        port_ = *port;
    }
    void TearDown() override {
        if (server_) server_->stop();
        server_.reset();
        pool_.reset();
    }
    std::string host() const { return "127.0.0.1:" + std::to_string(port_); }

    std::unique_ptr<Ws> connect(const std::string& target = "/api/v1/analysis/socket?lang=en") {
        auto ws = std::make_unique<Ws>(ioc_);
        ws->next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
        ws->set_option(websocket::stream_base::decorator(
            [this](websocket::request_type& req) { req.set(http::field::origin, "http://" + host()); }));
        ws->handshake(host(), target);
        return ws;
    }
    static void send(Ws& ws, const std::string& text) { ws.write(net::buffer(text)); }
    static json::value read(Ws& ws) {
        beast::flat_buffer buffer;
        ws.read(buffer);
        return json::parse(beast::buffers_to_string(buffer.data()));
    }
    /// Reads until a `lines` message of `id` with depth ≥ `depth` (or its last); that message.
    static json::value lines_until(Ws& ws, std::int64_t id, int depth) {
        for (;;) {
            json::value m = read(ws);
            if (m.at("t") != "lines" || m.at("id") != id) continue;
            if (m.at("depth").as_int64() >= depth || m.at("done").as_bool()) return m;
        }
    }

    NoGames handler_;
    std::unique_ptr<LineSearchPool> pool_;
    std::unique_ptr<HttpServer> server_;
    std::uint16_t port_ = 0;
    net::io_context ioc_;
};

TEST_F(AnalysisSocketTest, LinesDeepenWithMultiPvAndSan) {
    start();
    const auto ws = connect();
    send(*ws, R"({"t":"analyse","id":1,"moves":["e2e4","c7c5"],"multipv":3})");
    const json::value opening = read(*ws);
    EXPECT_EQ(opening.at("t"), "opening");
    EXPECT_EQ(opening.at("id"), 1);
    EXPECT_EQ(opening.at("opening").at("eco"), "B20");
    EXPECT_EQ(opening.at("opening").at("name"), "Sicilian Defense");

    int last_depth = 0;
    json::value m;
    do {
        m = read(*ws);
        ASSERT_EQ(m.at("t"), "lines") << json::serialize(m);
        const int depth = static_cast<int>(m.at("depth").as_int64());
        EXPECT_GT(depth, last_depth);  // one report per completed depth, deeper each time
        last_depth = depth;
        const json::array& lines = m.at("lines").as_array();
        ASSERT_EQ(lines.size(), 3u);
        for (const json::value& line : lines) {
            const json::array& pv = line.at("pv").as_array();
            const json::array& san = line.at("san").as_array();
            ASSERT_FALSE(pv.empty());
            EXPECT_EQ(pv.size(), san.size());
            EXPECT_TRUE(line.at("eval").as_object().contains("cp"));
        }
        // Three different first moves, the best first (White's view: White to move here).
        EXPECT_NE(lines[0].at("pv").at(0), lines[1].at("pv").at(0));
        EXPECT_NE(lines[1].at("pv").at(0), lines[2].at("pv").at(0));
        EXPECT_GE(lines[0].at("eval").at("cp").as_int64(), lines[1].at("eval").at("cp").as_int64());
        EXPECT_GE(lines[1].at("eval").at("cp").as_int64(), lines[2].at("eval").at("cp").as_int64());
    } while (last_depth < 6);
    send(*ws, R"({"t":"stop"})");
    send(*ws, R"({"t":"ping"})");
    for (;;) {  // after the stop: at most reports already on their way, then the pong
        const json::value next = read(*ws);
        if (next.at("t") == "pong") break;
        EXPECT_EQ(next.at("t"), "lines");
    }
}

TEST_F(AnalysisSocketTest, ANewPositionEndsTheOldSearch) {
    start();
    const auto ws = connect("/api/v1/analysis/socket?lang=de");
    send(*ws, R"({"t":"analyse","id":1})");
    EXPECT_EQ(read(*ws).at("opening"), nullptr);  // the start position has no name
    lines_until(*ws, 1, 1);
    send(*ws, R"({"t":"analyse","id":2,"moves":["d2d4","g8f6","c2c4","e7e6","g1f3","b7b6"]})");
    // Reports of the first may still be on their way; once the second's come, none of the first.
    json::value m;
    do m = read(*ws);
    while (m.at("id") != 2);
    EXPECT_EQ(m.at("t"), "opening");
    EXPECT_EQ(m.at("opening").at("eco"), "E12");
    EXPECT_EQ(m.at("opening").at("name"), "Damenindische Verteidigung");
    for (int i = 0; i < 5; ++i) EXPECT_EQ(read(*ws).at("id"), 2);
}

TEST_F(AnalysisSocketTest, MatesFromWhitesViewAndPositionsWithoutMoves) {
    start();
    const auto ws = connect();
    // Black to move mates in 1 (Qh4#... after 1. f3 e5 2. g4): the evaluation is White's view.
    send(*ws, R"({"t":"analyse","id":7,"moves":["f2f3","e7e5","g2g4"],"multipv":1})");
    read(*ws);  // opening
    const json::value mate = lines_until(*ws, 7, 2);
    EXPECT_EQ(mate.at("lines").at(0).at("eval").at("mate"), -1);
    EXPECT_EQ(mate.at("lines").at(0).at("pv").at(0), "d8h4");
    EXPECT_EQ(mate.at("lines").at(0).at("san").at(0), "Qh4#");
    // Mate on the board: one last report without lines.
    send(*ws, R"({"t":"analyse","id":8,"moves":["f2f3","e7e5","g2g4","d8h4"]})");
    const json::value over = lines_until(*ws, 8, 0);
    EXPECT_TRUE(over.at("done").as_bool());
    EXPECT_TRUE(over.at("lines").as_array().empty());
}

TEST_F(AnalysisSocketTest, Chess960CastlingAsKingTakesRook) {
    start();
    const auto ws = connect();
    // Chess960 position 0 (BBQNNRKR) with the castling files: the lines are legal UCI there.
    send(
        *ws,
        R"({"t":"analyse","id":3,"fen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1","chess960":true,"multipv":2})");
    EXPECT_EQ(read(*ws).at("opening"), nullptr);  // no names in Chess960
    const json::value m = lines_until(*ws, 3, 3);
    EXPECT_EQ(m.at("lines").as_array().size(), 2u);
}

TEST_F(AnalysisSocketTest, BadMessagesGetTypedErrors) {
    start();
    const auto ws = connect();
    send(*ws, "not json");
    EXPECT_EQ(read(*ws).at("code"), "malformed");
    send(*ws, R"({"t":"sing"})");
    EXPECT_EQ(read(*ws).at("code"), "unknown-type");
    send(*ws, R"({"t":"analyse","id":1,"multipv":6})");
    const json::value many = read(*ws);
    EXPECT_EQ(many.at("code"), "malformed");
    EXPECT_EQ(many.at("id"), 1);
    send(*ws, R"({"t":"analyse","id":2,"extra":true})");
    EXPECT_EQ(read(*ws).at("code"), "malformed");
    send(*ws, R"({"t":"analyse","id":3,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"})");
    const json::value fen = read(*ws);
    EXPECT_EQ(fen.at("code"), "bad-fen");
    EXPECT_EQ(fen.at("field"), "turn");
    EXPECT_EQ(fen.at("offset"), 44);
    EXPECT_FALSE(fen.at("text").as_string().empty());
    send(*ws, R"({"t":"analyse","id":4,"moves":["e2e4","e7e5","e4e5"]})");
    const json::value move = read(*ws);
    EXPECT_EQ(move.at("code"), "bad-move");
    EXPECT_EQ(move.at("index"), 2);
    EXPECT_EQ(move.at("uci"), "e4e5");
    EXPECT_EQ(move.at("text"), "This move is not possible in the position.");
    // A refused message started nothing; a good one still works.
    send(*ws, R"({"t":"analyse","id":5})");
    EXPECT_EQ(read(*ws).at("t"), "opening");
    EXPECT_EQ(lines_until(*ws, 5, 1).at("id"), 5);
}

TEST_F(AnalysisSocketTest, BoundedInTotalAndSharedWhenOthersWait) {
    // One search at a time and one waiting: a third is refused; the running search yields to
    // the waiting one after its share.
    LineSearchOptions options;
    options.workers = 1;
    options.share_ms = 100;
    options.max_waiting = 1;
    start(options);
    const auto a = connect(), b = connect(), c = connect();
    send(*a, R"({"t":"analyse","id":1})");
    read(*a);
    lines_until(*a, 1, 1);  // a's search runs
    send(*b, R"({"t":"analyse","id":1})");
    read(*b);  // b waits
    send(*c, R"({"t":"analyse","id":1})");
    read(*c);
    const json::value busy = read(*c);
    EXPECT_EQ(busy.at("code"), "busy");
    EXPECT_EQ(busy.at("text"), "The engine is busy right now. Please try again in a moment.");
    EXPECT_TRUE(lines_until(*a, 1, 1000).at("done").as_bool());  // a yielded
    EXPECT_EQ(lines_until(*b, 1, 1).at("t"), "lines");           // b's turn
}

TEST_F(AnalysisSocketTest, OneAddressHasItsShareOfSearches) {
    // Two searches at once per address (this test's limit): a third socket from the same
    // address is refused with analysis_limit until one of the others stops.
    LineSearchOptions options;
    options.workers = 1;
    options.per_client = 2;
    options.share_ms = 3'600'000;
    options.max_time_ms = 3'600'000;
    start(options);
    const auto a = connect(), b = connect(), c = connect("/api/v1/analysis/socket?lang=de");
    send(*a, R"({"t":"analyse","id":1})");
    read(*a);
    lines_until(*a, 1, 1);
    send(*b, R"({"t":"analyse","id":1})");
    read(*b);  // b waits for the worker
    send(*c, R"({"t":"analyse","id":7})");
    read(*c);
    const json::value refused = read(*c);
    EXPECT_EQ(refused.at("code"), "analysis_limit");
    EXPECT_EQ(refused.at("limit"), "searches");
    EXPECT_EQ(refused.at("id"), 7);
    EXPECT_EQ(refused.at("retryAfter"), 1);
    EXPECT_EQ(refused.at("text"),
              "Die Engine analysiert für deine Adresse schon so viele Stellungen, wie gleichzeitig gehen; halte "
              "eine davon an (oder schließe ein Analysebrett) und versuche es noch einmal.");
    EXPECT_EQ(pool_->searches_of("127.0.0.1"), 2);
    // A new position on the same socket replaces its search: still two, still allowed (it waits
    // behind b, which took the worker when a's first search stopped).
    send(*a, R"({"t":"analyse","id":2,"moves":["e2e4"]})");
    for (json::value m = read(*a); !(m.at("t") == "opening" && m.at("id") == 2); m = read(*a)) {
    }
    EXPECT_EQ(pool_->searches_of("127.0.0.1"), 2);
    // b stops: a's new position gets the worker, and c may search again (behind it).
    send(*b, R"({"t":"stop"})");
    EXPECT_EQ(lines_until(*a, 2, 1).at("id"), 2);
    for (int i = 0; i < 500 && pool_->searches_of("127.0.0.1") > 1; ++i)  // the stop is on another socket
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(pool_->searches_of("127.0.0.1"), 1);
    send(*c, R"({"t":"analyse","id":8})");
    read(*c);
    send(*a, R"({"t":"stop"})");
    EXPECT_EQ(lines_until(*c, 8, 1).at("id"), 8);
}

TEST_F(AnalysisSocketTest, ClosingTheSocketStopsItsSearch) {
    // One worker that never yields on its own: the second page gets lines only because the
    // first one's search stopped when its socket closed.
    LineSearchOptions options;
    options.workers = 1;
    options.share_ms = 3'600'000;
    options.max_time_ms = 3'600'000;
    start(options);
    auto a = connect();
    send(*a, R"({"t":"analyse","id":1})");
    read(*a);
    lines_until(*a, 1, 2);
    a->close(websocket::close_code::going_away);
    a.reset();
    const auto b = connect();
    send(*b, R"({"t":"analyse","id":9,"moves":["e2e4"]})");
    read(*b);
    EXPECT_EQ(lines_until(*b, 9, 1).at("id"), 9);
}

TEST(LineSearchPool, NoReportAfterCancel) {
    LineSearchOptions options;
    options.workers = 1;
    options.hash_mb = 8;
    options.share_ms = 3'600'000;  // only the cancel can free the worker for the second request
    options.max_time_ms = 3'600'000;
    LineSearchPool pool(options);
    std::mutex m;
    std::condition_variable cv;
    int reports = 0;
    bool cancelled = false, late = false;
    LineSearchRequest request;
    request.multipv = 2;
    request.on_update = [&](const LineUpdate& u) {
        std::lock_guard lock(m);
        if (cancelled) late = true;
        EXPECT_EQ(u.lines.size(), 2u);
        ++reports;
        cv.notify_all();
    };
    auto ticket = pool.submit(std::move(request));
    ASSERT_TRUE(ticket.has_value());
    {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return reports >= 3; });
    }
    ticket->cancel();
    {
        std::lock_guard lock(m);
        cancelled = true;
    }
    // A new request runs on the same worker once the old search has ended.
    std::atomic<bool> second{false};
    LineSearchRequest next;
    next.on_update = [&](const LineUpdate&) { second = true; };
    auto t2 = pool.submit(std::move(next));
    ASSERT_TRUE(t2.has_value());
    while (!second) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::lock_guard lock(m);
    EXPECT_FALSE(late);
}

// The search's thread goes to the idle class after its first lines; its reports must not: a report
// posts to a connection's strand, and a thread that any other preempts must not hold what the
// connections' threads wait for (the soak's stalled acknowledgements beside a board flooder).
TEST(LineSearchPool, ReportsComeAtTheCallersPriorityWhileTheSearchIsLowered) {
    LineSearchOptions options;
    options.workers = 1;
    options.hash_mb = 8;
    options.max_depth = 12;
    options.low_priority = true;
    const int nice = engine::this_thread_nice();  // the pool's worker is made at this value
    LineSearchPool pool(options);
    std::mutex m;
    std::condition_variable cv;
    int reports = 0, lowered = 0;
    bool done = false;
    LineSearchRequest request;
    request.on_update = [&](const LineUpdate& u) {
        std::lock_guard lock(m);
        ++reports;
        if (engine::this_thread_in_idle_class() || engine::this_thread_nice() != nice) ++lowered;
        done = done || u.done;
        cv.notify_all();
    };
    auto ticket = pool.submit(std::move(request));
    ASSERT_TRUE(ticket.has_value());
    std::unique_lock lock(m);
    ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(60), [&] { return done; }));
    EXPECT_GE(reports, 2);  // a report after the first lines: the search was lowered by then
    EXPECT_EQ(lowered, 0);
}

}  // namespace
}  // namespace schach::server
