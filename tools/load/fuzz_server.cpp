// schach-fuzz-server: a mutating fuzzer of `schach serve`'s HTTP and WebSocket layer (issue #27).
// The Beast transport cannot be built by clang 14 (its coroutines), so libFuzzer cannot link it
// in-process; this client drives a running server instead: best run against the sanitize build
// (ASan + UBSan), whose report ends the server and so the run.
//
//   schach-fuzz-server --server build/sanitize/schach [--seconds 60] [--seed N] [--out DIR]
//
// It starts the server on a free loopback port with a fresh database, creates a game of each kind
// for real ids and seats, and then, until the time is up, sends requests made from valid seeds
// (the API's routes, the tools, a WebSocket handshake and frames) by 1 to 4 mutations each (bit
// flips, cut, doubled or deleted ranges, tokens that parsers trip on, two seeds spliced), each on
// a connection of its own. A finding is: the server has died (a crash or a sanitizer's report),
// it no longer answers `GET /healthz` within 5 s (checked every 50 requests: a hang), or it
// answered 500 (a bug: a refusal is a 4xx). Each finding's input is kept in DIR (and the last input
// sent, before each send, in DIR/last.bin, so a crash leaves it). Exit code 0: no finding; 1:
// findings; 2: bad arguments; 3: the server did not start.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <fmt/core.h>

#include "server_process.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using Bytes = std::string;

/// One connection, blocking, with a deadline on each send and receive.
class Connection {
public:
    Connection(std::uint16_t port, std::chrono::milliseconds timeout) {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd_ < 0) return;
        timeval tv{static_cast<time_t>(timeout.count() / 1000),
                   static_cast<suseconds_t>(timeout.count() % 1000 * 1000)};
        ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd_, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) close();
    }
    ~Connection() { close(); }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    bool open() const { return fd_ >= 0; }
    bool send(std::string_view bytes) {
        while (open() && !bytes.empty()) {
            const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n <= 0) return false;
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
        return open();
    }
    /// What comes until the server closes, `limit` bytes, or the deadline.
    Bytes receive(std::size_t limit = 1 << 16) {
        Bytes out;
        std::array<char, 4096> chunk;
        while (open() && out.size() < limit) {
            const ssize_t n = ::recv(fd_, chunk.data(), chunk.size(), 0);
            if (n <= 0) break;
            out.append(chunk.data(), static_cast<std::size_t>(n));
        }
        return out;
    }
    void shutdown_send() {
        if (open()) ::shutdown(fd_, SHUT_WR);
    }

private:
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    int fd_ = -1;
};

/// The status of an HTTP answer ("HTTP/1.1 404 ..."), 0 for none.
int status_of(std::string_view answer) {
    if (!answer.starts_with("HTTP/1.") || answer.size() < 12) return 0;
    int s = 0;
    for (char c : answer.substr(9, 3)) {
        if (c < '0' || c > '9') return 0;
        s = s * 10 + (c - '0');
    }
    return s;
}

Bytes request(std::string_view method, std::string_view target, std::string_view body = {},
              std::string_view extra = {}) {
    Bytes r = fmt::format("{} {} HTTP/1.1\r\nHost: 127.0.0.1\r\n{}", method, target, extra);
    if (!body.empty() || method == "POST")
        r += fmt::format("Content-Type: application/json\r\nContent-Length: {}\r\n", body.size());
    r += "\r\n";
    r += body;
    return r;
}

/// A masked client frame (RFC 6455 5.2) with `payload`, opcode 1 (text) unless told.
Bytes ws_frame(std::string_view payload, std::uint8_t opcode = 1) {
    Bytes f;
    f += static_cast<char>(0x80 | opcode);
    const std::array<std::uint8_t, 4> mask{0x12, 0x34, 0x56, 0x78};
    if (payload.size() < 126) {
        f += static_cast<char>(0x80 | payload.size());
    } else {
        f += static_cast<char>(0x80 | 126);
        f += static_cast<char>((payload.size() >> 8) & 0xff);
        f += static_cast<char>(payload.size() & 0xff);
    }
    for (std::uint8_t m : mask) f += static_cast<char>(m);
    for (std::size_t i = 0; i < payload.size(); ++i) f += static_cast<char>(payload[i] ^ mask[i % 4]);
    return f;
}

struct Game {
    std::string id, secret, invite;
};

/// The seeds: valid requests of every route, with real ids and seats.
std::vector<Bytes> seeds(const Game& computer, const Game& friend_game) {
    const std::string auth = "Authorization: Bearer " + computer.secret + "\r\n";
    const std::string cookie = "Cookie: s_" + computer.id + "=" + computer.secret + "; b=fuzzbrowser; lang=en\r\n";
    const std::string game = "/api/v1/games/" + computer.id;
    const std::string ws = "GET /ws/v1/games/" + computer.id +
                           "?v=1&lang=de HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: "
                           "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: "
                           "13\r\nOrigin: http://127.0.0.1\r\n" +
                           cookie + "\r\n";
    const std::string board =
        "GET /api/v1/analysis/socket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: "
        "websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
        "dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    return {
        request("GET", "/"),
        request("GET", "/healthz"),
        request("GET", "/api/v1/games", {}, "Cookie: b=fuzzbrowser\r\n"),
        request("POST", "/api/v1/games", R"({"mode":"computer","level":1,"color":"white","tc":"5+3"})"),
        request("POST", "/api/v1/games", R"({"mode":"friend","tc":"10+0","variant":"chess960","chess960":518})"),
        request("POST", "/api/v1/games", R"({"mode":"local","fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","tc":"-"})"),
        request("GET", game + "?lang=en", {}, cookie),
        request("GET", game + "/pgn"),
        request("GET", game + "/coach?ply=1", {}, cookie),
        request("GET", game + "/stream", {}, "Connection: close\r\n"),
        request("POST", game + "/move/e2e4", {}, auth),
        request("POST", game + "/draw/offer", {}, auth),
        request("POST", game + "/claim/threefold?move=e2e4", {}, auth),
        request("POST", game + "/takeback/offer", {}, auth),
        request("POST", game + "/resign", {}, auth),
        request("POST", game + "/analysis", "{}", cookie),
        request("GET", game + "/analysis?lang=de-neutral"),
        request("POST", game + "/analysis/try", R"({"ply":1,"uci":"e2e4"})", cookie),
        request("POST", "/api/v1/games/" + friend_game.id + "/join", R"({"invite":")" + friend_game.invite + "\"}"),
        request("POST", "/api/v1/imports", R"({"pgn":"[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"})"),
        request("POST", "/api/pgn/check", "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"),
        request("GET", "/api/v1/exercises?lang=en"),
        request("POST", "/api/v1/exercises/castling-1/try", R"({"moves":[],"move":"e1g1","claim":"fifty"})"),
        request("GET", "/api/v1/puzzles/next?themes=fork,mateIn1&difficulty=-300", {}, "Cookie: b=fuzzbrowser\r\n"),
        request("POST", "/api/v1/puzzles/x/try", R"({"ply":1,"uci":"e2e4"})", "Cookie: b=fuzzbrowser\r\n"),
        request("GET", "/api/chess960/518"),
        request("POST", "/api/chess960/number", R"({"backRank":"RNBQKBNR"})"),
        request("GET", "/api/castling/cases"),
        request("POST", "/api/position", R"({"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","variant":"standard"})"),
        request("POST", "/api/position/move",
                R"({"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","from":"e1","to":"h1","promotion":null})"),
        request("GET", "/api/time-control?spec=40/90%2B30,30%2B30&form=pgn"),
        ws + ws_frame(R"({"t":"move","d":{"ply":1,"uci":"e7e5","a":1}})") + ws_frame(R"({"t":"ping"})") +
            ws_frame(R"({"t":"draw","d":"offer"})") + ws_frame("", 8),
        board +
            ws_frame(R"({"t":"analyse","id":1,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",)"
                     R"("moves":["e2e4"],"multipv":3})") +
            ws_frame(R"({"t":"stop","id":1})"),
    };
}

/// Tokens that parsers trip on.
constexpr std::array<std::string_view, 24> Tokens = {
    "\r\n",
    "\r\n\r\n",
    "\n",
    "%",
    "%00",
    "%2e%2e/",
    "../",
    "\"",
    "{",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    "\\u0000",
    "\xff\xfe",
    "\xc3\x28",
    "Transfer-Encoding: chunked\r\n",
    "Content-Length: 99999999999\r\n",
    "Content-Length: -1\r\n",
    "Upgrade: websocket\r\n",
    "Connection: close\r\n",
    "Expect: 100-continue\r\n",
    "9223372036854775808",
    "-1",
    "1e308",
    "NaN",
    "0\r\n\r\n",
};

class Mutator {
public:
    explicit Mutator(std::uint64_t seed) : random_(seed) {}

    Bytes mutate(const std::vector<Bytes>& corpus) {
        Bytes b = corpus[below(corpus.size())];
        const std::size_t steps = 1 + below(4);
        for (std::size_t i = 0; i < steps; ++i) step(b, corpus);
        if (b.size() > (1u << 20)) b.resize(1u << 20);
        return b;
    }

private:
    std::size_t below(std::size_t n) {
        return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(random_);
    }

    void step(Bytes& b, const std::vector<Bytes>& corpus) {
        const std::size_t at = below(b.size() + 1);
        switch (below(8)) {
            case 0:  // flip bits
                for (std::size_t i = 0, n = 1 + below(8); i < n && !b.empty(); ++i)
                    b[below(b.size())] ^= static_cast<char>(1u << below(8));
                break;
            case 1:  // delete a range
                b.erase(at, below(64) + 1);
                break;
            case 2: {  // double a range
                const std::string part = b.substr(at, below(256) + 1);
                b.insert(at, part);
                break;
            }
            case 3:  // a token
                b.insert(at, Tokens[below(Tokens.size())]);
                break;
            case 4:  // a long run of one byte
                b.insert(at, Bytes(1 + below(20'000), static_cast<char>(below(256))));
                break;
            case 5:  // cut
                b.resize(at);
                break;
            case 6: {  // splice another seed's tail
                const Bytes& other = corpus[below(corpus.size())];
                b = b.substr(0, at) + other.substr(below(other.size() + 1));
                break;
            }
            default:  // random bytes
                for (std::size_t i = 0, n = 1 + below(16); i < n; ++i)
                    b.insert(b.begin() + static_cast<std::ptrdiff_t>(below(b.size() + 1)),
                             static_cast<char>(below(256)));
                break;
        }
    }

    std::mt19937_64 random_;
};

std::optional<Game> create(std::uint16_t port, std::string_view body) {
    Connection c(port, std::chrono::seconds(10));
    if (!c.send(request("POST", "/api/v1/games", body, "Connection: close\r\n"))) return std::nullopt;
    const Bytes answer = c.receive();
    if (status_of(answer) != 201) return std::nullopt;
    const auto at = answer.find("\r\n\r\n");
    boost::system::error_code ec;
    const boost::json::value v = boost::json::parse(answer.substr(at + 4), ec);
    if (ec || !v.is_object()) return std::nullopt;
    const auto text = [&](std::string_view key) {
        const auto* x = v.as_object().if_contains(key);
        return x != nullptr && x->is_string() ? std::string(x->as_string()) : std::string();
    };
    return Game{text("id"), text("secret"), text("invite")};
}

bool healthy(std::uint16_t port) {
    Connection c(port, std::chrono::seconds(5));
    return c.send(request("GET", "/healthz", {}, "Connection: close\r\n")) && status_of(c.receive()) == 200;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"schach-fuzz-server: a mutating fuzzer of schach serve's HTTP and WebSocket layer"};
    std::string server;
    double seconds = 60;
    std::uint64_t seed = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    std::filesystem::path out = "build/fuzz-server";
    app.add_option("--server", server, "the schach binary to start (best the sanitize build's)")->required();
    app.add_option("--seconds", seconds, "how long to send")->check(CLI::Range(1.0, 86400.0 * 7));
    app.add_option("--seed", seed, "the mutator's seed (printed at the start)");
    app.add_option("--out", out, "where the findings' inputs go");
    CLI11_PARSE(app, argc, argv);

    std::filesystem::create_directories(out);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("schach-fuzz-server-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    // The server's own limits would refuse most of one address's requests: off, so that the
    // requests reach the routes (the limits have tests of their own).
    auto started = schach::load::ServerProcess::start(
        server,
        {"--connections-per-address", "0", "--games-per-minute", "0", "--games-per-hour", "0",
         "--computer-games-per-address", "0", "--flood-ban", "0", "--engine-threads", "1", "--analysis-nodes", "2000",
         "--header-timeout", "1", "--idle-timeout", "1"},
        dir);
    if (!started) {
        fmt::print(stderr, "schach-fuzz-server: the server did not start: {}\n", started.error());
        std::filesystem::remove_all(dir);
        return 3;
    }
    const std::string& url = started->url();
    const auto port = static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1)));
    const auto computer = create(port, R"({"mode":"computer","level":1,"color":"white","tc":"5+3"})");
    const auto friend_game = create(port, R"({"mode":"friend","tc":"10+0"})");
    if (!computer || !friend_game) {
        fmt::print(stderr, "schach-fuzz-server: the server made no game to start from\n");
        return 3;
    }
    const std::vector<Bytes> corpus = seeds(*computer, *friend_game);
    fmt::print(stderr, "schach-fuzz-server: {} for {} s, seed {}, {} seeds\n", url, seconds, seed, corpus.size());

    Mutator mutator(seed);
    std::map<int, std::int64_t> statuses;  // status class (0: none, 1..5) -> count
    std::int64_t sent = 0, findings = 0;
    const auto finding = [&](std::string_view kind, const Bytes& input) {
        ++findings;
        const auto file = out / fmt::format("{}-{}.bin", kind, findings);
        std::ofstream(file, std::ios::binary) << input;
        fmt::print(stderr, "schach-fuzz-server: FINDING {} after {} requests: {}\n", kind, sent, file.string());
    };
    const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    Bytes input;
    while (Clock::now() < end && findings == 0) {
        input = sent < static_cast<std::int64_t>(corpus.size()) ? corpus[static_cast<std::size_t>(sent)]
                                                                : mutator.mutate(corpus);
        std::ofstream(out / "last.bin", std::ios::binary | std::ios::trunc) << input;
        {
            Connection c(port, std::chrono::milliseconds(1500));
            if (c.send(input)) {
                c.shutdown_send();
                const int status = status_of(c.receive());
                ++statuses[status / 100];
                if (status == 500) finding("status-500", input);
            } else {
                ++statuses[0];
            }
        }
        ++sent;
        if (started->exited()) {
            finding("crash", input);
            break;
        }
        if (sent % 50 == 0 && !healthy(port)) finding(started->exited() ? "crash" : "hang", input);
    }
    if (findings == 0 && !healthy(port)) finding("hang-at-end", input);
    const int exit_status = started->stop();
    std::filesystem::remove_all(dir);
    fmt::print(
        "schach-fuzz-server requests={} answered_2xx={} answered_3xx={} answered_4xx={} answered_5xx={} "
        "no_answer={} findings={} server_exit={} seed={}\n",
        sent, statuses[2], statuses[3], statuses[4], statuses[5], statuses[0] + statuses[1], findings, exit_status,
        seed);
    return findings == 0 && exit_status == 0 ? 0 : 1;
}
