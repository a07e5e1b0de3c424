// schach serve: the web page, the HTTP API and the WebSockets of docs/web-protocol.md
// (src/server), the games in SQLite (--db FILE, the default) or PostgreSQL (--store URI). Runs
// until SIGINT or SIGTERM.

#include <pthread.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <fmt/core.h>

#include "cli/commands.hpp"
#include "engine/thread_priority.hpp"
#include "puzzle/puzzle.hpp"
#include "server/api/service_handler.hpp"
#include "server/content/mistake_api.hpp"
#include "server/content/puzzle_api.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/domain/line_search.hpp"
#include "server/domain/mistake_service.hpp"
#include "server/domain/puzzle_service.hpp"
#include "server/http/asio_runtime.hpp"
#include "server/http/http_server.hpp"
#include "server/postgres/pg_store.hpp"
#include "server/sqlite/sqlite_store.hpp"
#include "text/puzzle_text.hpp"

#ifndef SCHACH_WEB_DIST
#define SCHACH_WEB_DIST "web/dist"
#endif
#ifndef SCHACH_PUZZLES
#define SCHACH_PUZZLES "data/puzzles/puzzles.csv"
#endif

namespace schach::cli {
namespace {

struct ServeOptions {
    std::string host = "127.0.0.1";
    std::vector<std::string> allowed_hosts;
    int port = 8080;
    std::string db = "schach.db";
    std::string store;  // a PostgreSQL URI: PgStore instead of SQLite
    std::string node;   // --node: one of several nodes on that database
    std::string static_dir = SCHACH_WEB_DIST;
    std::string puzzles = SCHACH_PUZZLES;
    int engine_threads = 0;
    int threads = 2;
    int game_threads = 2;
    int max_connections = server::ServerOptions{}.max_connections;
    std::uint64_t analysis_nodes = server::AnalysisOptions{}.nodes;
    int analysis_daily = server::AnalysisOptions{}.daily_limit;
    int analyses_per_address = server::AnalysisOptions{}.per_address;
    int searches_per_address = server::LineSearchOptions{}.per_client;
    bool no_auto_analysis = false;
    int connections_per_address = server::ClientLimitOptions{}.connections_per_address;
    int games_per_minute = server::ClientLimitOptions{}.games_per_minute.count;
    int games_per_hour = server::ClientLimitOptions{}.games_per_hour.count;
    int computer_games = server::ServiceOptions{}.computer_games_per_client;
    int flood_ban = static_cast<int>(server::ClientLimitOptions{}.flood_ban.count());
    std::vector<std::string> trusted_proxies;
    double header_timeout = 5.0;
    double idle_timeout = 30.0;
    std::string lang;  // read by main (language_from_args)
};

/// The trainer's collection (lichess's CSV); a missing file is an empty collection, a bad line
/// an error with its line and column.
std::optional<std::vector<puzzle::Puzzle>> load_puzzles(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        print_error(say(PuzzleMsg::ServeNoPuzzles, lang(), path));
        return std::vector<puzzle::Puzzle>{};
    }
    auto puzzles = puzzle::read_puzzles(in);
    if (!puzzles) {
        print_error(say(PuzzleMsg::ServeBadPuzzles, lang(), path, puzzles.error().line, puzzles.error().error.column,
                        puzzles.error().error.text));
        return std::nullopt;
    }
    return std::move(*puzzles);
}

/// The URI as shown in messages: without its password (postgresql://user:secret@host -> user:***@host).
std::string without_password(const std::string& uri) {
    const std::size_t scheme = uri.find("://");
    if (scheme == std::string::npos) return uri;
    const std::size_t at = uri.find('@', scheme + 3);
    const std::size_t slash = uri.find('/', scheme + 3);
    if (at == std::string::npos || (slash != std::string::npos && slash < at)) return uri;
    const std::size_t colon = uri.find(':', scheme + 3);
    if (colon == std::string::npos || colon > at) return uri;
    return uri.substr(0, colon + 1) + "***" + uri.substr(at);
}

/// The games' store: PostgreSQL for --store, else the SQLite file of --db. Both keep the
/// tactics trainer's records too. None (the error printed) when it cannot be opened.
struct OpenedStore {
    std::unique_ptr<server::SqliteStore> sqlite;
    std::unique_ptr<server::PgStore> postgres;
    server::Store& store() { return sqlite ? static_cast<server::Store&>(*sqlite) : *postgres; }
    server::PuzzleStore& puzzles() { return sqlite ? static_cast<server::PuzzleStore&>(*sqlite) : *postgres; }
};

std::optional<OpenedStore> open_store(const ServeOptions& o) {
    OpenedStore opened;
    if (o.store.empty()) {
        auto store = server::SqliteStore::open(o.db);
        if (!store) {
            print_error(tr(Msg::ServeCannotOpenStore, o.db, store.error().message));
            return std::nullopt;
        }
        opened.sqlite = std::move(*store);
        return opened;
    }
    if (!o.store.starts_with("postgresql://") && !o.store.starts_with("postgres://")) {
        print_error(tr(Msg::ServeStoreNotPostgres, without_password(o.store)));
        return std::nullopt;
    }
    server::PgOptions options;
    options.conninfo = o.store;
    options.node = o.node;
    options.address = fmt::format("{}:{}", o.host, o.port);
    auto store = server::PgStore::open(options);
    if (!store) {
        print_error(tr(Msg::ServeCannotOpenDatabase, without_password(o.store), store.error().message));
        return std::nullopt;
    }
    opened.postgres = std::move(*store);
    return opened;
}

/// The address a person opens: the listening one, or 127.0.0.1 when it listens on all.
std::string address_to_open(const std::string& host, std::uint16_t port) {
    std::string shown = host;
    if (host == "0.0.0.0") shown = "127.0.0.1";
    if (host == "::") shown = "::1";
    if (shown.find(':') != std::string::npos) shown = "[" + shown + "]";
    return fmt::format("http://{}:{}", shown, port);
}

int serve(const ServeOptions& o) {
    // SIGINT and SIGTERM are blocked in every thread (the server's threads inherit the mask) and
    // taken here by sigwait, so that no handler runs inside the server.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    if (!o.node.empty() && o.store.empty()) {
        print_error(tr(Msg::ServeNodeNeedsStore));
        return ExitUsage;
    }
    auto store = open_store(o);
    if (!store) return ExitFailed;
    auto puzzles = load_puzzles(o.puzzles);
    if (!puzzles) return ExitFailed;
    server::PuzzleServiceOptions puzzle_options;
    puzzle_options.now = [] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
            .count();
    };
    puzzle_options.seed = static_cast<std::uint64_t>(puzzle_options.now());
    server::PuzzleService puzzle_service(std::move(*puzzles), store->puzzles(), puzzle_options);
    server::PuzzleApi puzzle_api(puzzle_service);
    server::EnginePoolOptions pool_options;
    pool_options.workers = o.engine_threads;
    server::EnginePool engines(pool_options);
    // The analysis board's engine lines: half the cores at the lowest priority, beside the games.
    server::LineSearchOptions line_options;
    line_options.per_client = o.searches_per_address;
    server::LineSearchPool lines(line_options);

    // The games' actors run on an io_context of their own, apart from the sockets. No thread
    // waits for a commit (an actor is suspended until the store's committer calls back), so
    // threads beyond the cores only cost: every task posted while one of them sleeps wakes it
    // (a futex call and two context switches, dearer than most tasks in a VM), and a batch of
    // commits woke one per move. 2 instead of 8 (docs/load.md, "CPU per move"): server CPU per
    // move 14-27 % less at 1000x2 and 3000x1, the acknowledgement's p99 no worse.
    boost::asio::io_context games_io;
    auto work = boost::asio::make_work_guard(games_io);
    std::vector<std::thread> games_threads;
    for (int i = 0; i < o.game_threads; ++i)
        games_threads.emplace_back([&games_io] {
            engine::name_this_thread("schach-game");
            games_io.run();
        });
    const auto finish = [&] {
        work.reset();
        games_io.stop();
        for (std::thread& t : games_threads) t.join();
    };

    server::ServiceOptions service_options;
    // What only an operator can fix (a failing store, a corrupt record): on stderr, in the
    // backend's words.
    service_options.log = [](const std::string& message) {
        fmt::print(stderr, "{}: {}\n", tr(Msg::WarningLabel), message);
    };
    service_options.analysis.nodes = o.analysis_nodes;
    service_options.analysis.daily_limit = o.analysis_daily;
    service_options.analysis.per_address = o.analyses_per_address;
    service_options.computer_games_per_client = o.computer_games;
    service_options.analysis.auto_computer_games = !o.no_auto_analysis;
    server::AsioRuntime runtime(games_io);
    auto service = std::make_unique<server::GameService>(runtime, store->store(), engines, service_options);
    server::ServiceHandler handler(*service);
    // One's own mistakes from the reviewed games, as the trainer's exercises ("My mistakes").
    auto mistakes = std::make_unique<server::MistakeService>(store->store(), *service);
    server::MistakeApi mistake_api(*mistakes);
    server::ServerOptions options;
    options.host = o.host;
    options.allowed_hosts = o.allowed_hosts;
    options.port = static_cast<std::uint16_t>(o.port);
    options.static_dir = o.static_dir;
    options.threads = o.threads;
    options.max_connections = o.max_connections;
    options.limits.connections_per_address = o.connections_per_address;
    options.limits.games_per_minute.count = o.games_per_minute;
    options.limits.games_per_hour.count = o.games_per_hour;
    options.limits.flood_ban = std::chrono::seconds(o.flood_ban);
    options.limits.trusted_proxies = o.trusted_proxies;
    options.header_timeout = std::chrono::milliseconds(static_cast<std::int64_t>(o.header_timeout * 1000));
    options.idle_timeout = std::chrono::milliseconds(static_cast<std::int64_t>(o.idle_timeout * 1000));
    options.default_lang = lang();  // --lang, else the locale
    options.line_search = &lines;
    options.puzzles = &puzzle_api;
    options.health = [&engines] {
        const server::EnginePoolStats s = engines.stats();
        return boost::json::object{{"engine", boost::json::object{{"workers", engines.workers()},
                                                                  {"queued", s.queued},
                                                                  {"max_queued", s.max_queued},
                                                                  {"served", s.served},
                                                                  {"wait_p50_ms", s.wait_p50_ms},
                                                                  {"wait_p99_ms", s.wait_p99_ms},
                                                                  {"wait_max_ms", s.wait_max_ms},
                                                                  {"cut_short", s.cut_short}}}};
    };
    options.mistakes = &mistake_api;
    // A node of several: named in every answer; /healthz 503 while it holds no lease (the proxy
    // then sends it nothing: its games may be another node's by now).
    options.node = o.node;
    if (!o.node.empty())
        options.health = [&engines, &store, engine_health = options.health] {
            boost::json::object body = engine_health();
            body["node"] = store->store().node();
            body["ok"] = store->store().lease_held();
            return body;
        };
    std::error_code ec;
    if (!std::filesystem::is_regular_file(options.static_dir / "index.html", ec))
        print_error(tr(Msg::ServeNoPage, o.static_dir));
    auto http = std::make_unique<server::HttpServer>(handler, options);
    const auto port = http->start();
    if (!port) {
        print_error(tr(Msg::ServeCannotListen, fmt::format("{}:{}", o.host, o.port), port.error()));
        http.reset();
        mistakes.reset();
        service.reset();
        finish();
        return ExitFailed;
    }
    fmt::print("{}\n", tr(Msg::ServeListening, address_to_open(o.host, *port)));
    std::fflush(stdout);

    int signal = 0;
    sigwait(&stop_signals, &signal);
    fmt::print("{}\n", tr(Msg::ServeStopping));
    std::fflush(stdout);
    // Stopped first (no new requests), but kept until the service has run what was posted: its
    // replies still find the server's io_context.
    http->stop();
    service->drain();
    http.reset();
    mistakes.reset();
    service.reset();
    finish();
    return ExitOk;
}

}  // namespace

Command add_serve_command(CLI::App& parent) {
    CLI::App* sub = parent.add_subcommand("serve", tr(Msg::ServeAbout));
    auto o = std::make_shared<ServeOptions>();
    sub->add_option("--host", o->host, tr(Msg::HelpServeHost));
    sub->add_option("--allowed-host", o->allowed_hosts, tr(Msg::HelpServeAllowedHost))->take_all();
    sub->add_option("--port", o->port, tr(Msg::HelpServePort))->check(CLI::Range(0, 65535));
    CLI::Option* db = sub->add_option("--db", o->db, tr(Msg::HelpServeDb));
    sub->add_option("--store", o->store, tr(Msg::HelpServeStore))->excludes(db);
    sub->add_option("--node", o->node, tr(Msg::HelpServeNode));
    sub->add_option("--static", o->static_dir, tr(Msg::HelpServeStatic));
    sub->add_option("--puzzles", o->puzzles, say(PuzzleMsg::HelpServePuzzles, lang()));
    sub->add_option("--engine-threads", o->engine_threads, tr(Msg::HelpServeEngineThreads))->check(CLI::Range(0, 64));
    sub->add_option("--threads", o->threads, tr(Msg::HelpServeThreads))->check(CLI::Range(1, 64));
    sub->add_option("--game-threads", o->game_threads, tr(Msg::HelpServeGameThreads))->check(CLI::Range(1, 1024));
    sub->add_option("--max-connections", o->max_connections, tr(Msg::HelpServeMaxConnections))
        ->check(CLI::Range(1, 1000000));
    sub->add_option("--analysis-nodes", o->analysis_nodes, tr(Msg::HelpServeAnalysisNodes))
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
    sub->add_option("--analysis-daily", o->analysis_daily, tr(Msg::HelpServeAnalysisDaily))
        ->check(CLI::Range(0, 100000));
    sub->add_option("--analyses-per-address", o->analyses_per_address, tr(Msg::HelpServeAnalysesPerAddress))
        ->check(CLI::Range(0, 100000));
    sub->add_option("--analysis-searches-per-address", o->searches_per_address,
                    tr(Msg::HelpServeAnalysisSearchesPerAddress))
        ->check(CLI::Range(0, 100000));
    sub->add_flag("--no-auto-analysis", o->no_auto_analysis, tr(Msg::HelpServeNoAutoAnalysis));
    sub->add_option("--connections-per-address", o->connections_per_address, tr(Msg::HelpServeConnectionsPerAddress))
        ->check(CLI::Range(0, 1000000));
    sub->add_option("--games-per-minute", o->games_per_minute, tr(Msg::HelpServeGamesPerMinute))
        ->check(CLI::Range(0, 1000000));
    sub->add_option("--games-per-hour", o->games_per_hour, tr(Msg::HelpServeGamesPerHour))
        ->check(CLI::Range(0, 1000000));
    sub->add_option("--computer-games-per-address", o->computer_games, tr(Msg::HelpServeComputerGames))
        ->check(CLI::Range(0, 1000000));
    sub->add_option("--flood-ban", o->flood_ban, tr(Msg::HelpServeFloodBan))->check(CLI::Range(0, 86400));
    sub->add_option("--trusted-proxy", o->trusted_proxies, tr(Msg::HelpServeTrustedProxy))->take_all();
    sub->add_option("--header-timeout", o->header_timeout, tr(Msg::HelpServeHeaderTimeout))
        ->check(CLI::Range(0.1, 3600.0));
    sub->add_option("--idle-timeout", o->idle_timeout, tr(Msg::HelpServeIdleTimeout))->check(CLI::Range(0.1, 86400.0));
    add_lang_option(*sub, o->lang, Msg::HelpLang);
    sub->footer(help_footer(Msg::ServeFooter, {"schach serve", "schach serve --port 0 --db /tmp/games.db --lang en",
                                               "schach serve --host 0.0.0.0 --port 8080",
                                               "schach serve --store postgresql://schach@127.0.0.1:5432/schach"}));
    Command command;
    command.app = sub;
    command.run = [o] { return serve(*o); };
    return command;
}

}  // namespace schach::cli
