// schach-load: the load test of `schach serve` (issue #12). Starts the server itself (--server
// BIN: a free port, a fresh database), or a cluster of it (--cluster N: N nodes on PostgreSQL
// behind haproxy, a node killed half-way; cluster_load.hpp), or attaches to one (--url), plays N
// games at once over WebSockets and prints what it measured: a summary for people, then one line
// for scripts (report.hpp); --json and --summary write them to files too. Exit code 0 only
// without errors, 1 with errors, 2 for bad options, 3 when the server cannot be started.

#include <stdlib.h>
#include <sys/resource.h>

#include <atomic>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "abuse.hpp"
#include "cluster_load.hpp"
#include "load_run.hpp"
#include "net.hpp"
#include "report.hpp"
#include "server_process.hpp"
#include "stored_check.hpp"
#include "text/cli_text.hpp"

#ifndef SCHACH_SOURCE_DIR
#define SCHACH_SOURCE_DIR "."
#endif

namespace {

using namespace schach;
using namespace schach::load;

/// --lang if given (anywhere on the line), else the locale: LANGUAGE, LC_ALL, LC_MESSAGES, LANG,
/// the first that is set; de* is German.
Language language_of(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string_view(argv[i]) == "--lang")
            if (auto l = parse_language(argv[i + 1])) return *l;
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* v = std::getenv(name);
        if (v == nullptr || *v == '\0') continue;
        return std::string_view(v).starts_with("de") ? Language::German : Language::English;
    }
    return Language::English;
}

bool write_file(const std::string& path, const std::string& text, Language lang) {
    if (path.empty()) return true;
    std::ofstream out(path);
    out << text;
    if (out) return true;
    fmt::print(stderr, "{}: {}\n", say(Msg::ErrorLabel, lang), say(Msg::LoadCannotWrite, lang, path));
    return false;
}

/// The soft limit of open files up to the hard one, every socket being a file; past the hard one
/// up to `needed` when the system lets us (as root). A cluster's processes that the tool starts
/// inherit it (haproxy sizes its connections by it).
void raise_file_limit(rlim_t needed) {
    rlimit r{};
    if (getrlimit(RLIMIT_NOFILE, &r) != 0) return;
    if (r.rlim_max < needed) {
        const rlimit more{needed, needed};
        if (setrlimit(RLIMIT_NOFILE, &more) == 0) return;
    }
    if (r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

/// The options of every node of a cluster run: room for all the run's sockets on each (after a
/// kill the others hold them), the limits per address off unless kept, no engine work beyond one
/// thread, then the user's --server-arg.
std::string node_args(const LoadOptions& o, bool keep_limits, const std::vector<std::string>& server_args) {
    std::string args = fmt::format("--engine-threads 1 --no-auto-analysis --max-connections {}",
                                   o.games * (o.one_socket ? 1 : 2) + o.http_clients + 64);
    if (!keep_limits)
        args += " --connections-per-address 0 --games-per-minute 0 --games-per-hour 0 --computer-games-per-address 0";
    for (const std::string& a : server_args) args += " " + a;
    return args;
}

}  // namespace

int main(int argc, char** argv) {
    const Language lang = language_of(argc, argv);
    CLI::App app{say(Msg::LoadAbout, lang), "schach-load"};
    LoadOptions o;
    std::string url, server, json_path, summary_path, work_dir, lang_option;
    std::vector<std::string> server_args;
    int server_pid = -1;
    bool keep_limits = false, abuse = false, no_stored_check = false;
    int cluster_nodes = 0;
    ClusterLoadOptions cluster;
    cluster.script = std::string(SCHACH_SOURCE_DIR) + "/scripts/cluster.sh";
    std::optional<double> kill_at;
    AbuseOptions abuse_options;
    app.add_option("--source-addresses", o.source_addresses, say(Msg::HelpLoadSourceAddresses, lang))
        ->check(CLI::Range(0, 240));
    app.add_flag("--limits", keep_limits, say(Msg::HelpLoadLimits, lang));
    app.add_flag("--abuse", abuse, say(Msg::HelpLoadAbuse, lang));
    app.add_option("--abuse-idle", abuse_options.idle_connections, say(Msg::HelpLoadAbuseIdle, lang))
        ->check(CLI::Range(0, 20000));
    app.add_option("--abuse-creations", abuse_options.creations, say(Msg::HelpLoadAbuseCreations, lang))
        ->check(CLI::Range(0, 1000000));
    app.add_option("--abuse-flooders", abuse_options.flooders, say(Msg::HelpLoadAbuseFlooders, lang))
        ->check(CLI::Range(0, 1000));
    app.add_option("--probe-ms", abuse_options.probe_interval_ms, say(Msg::HelpLoadProbe, lang))
        ->check(CLI::Range(0, 600000));
    app.add_option("--abuse-analysis-ms", abuse_options.analysis_interval_ms, say(Msg::HelpLoadAbuseAnalysis, lang))
        ->check(CLI::Range(0, 600000));
    app.add_option("--abuse-boards", abuse_options.board_sockets, say(Msg::HelpLoadAbuseBoards, lang))
        ->check(CLI::Range(0, 1000));
    app.add_flag("--no-stored-check", no_stored_check, say(Msg::HelpLoadNoStoredCheck, lang));
    app.add_option("--games", o.games, say(Msg::HelpLoadGames, lang))->check(CLI::Range(1, 100000));
    app.add_option("--duration", o.duration_seconds, say(Msg::HelpLoadDuration, lang))->check(CLI::Range(0.1, 86400.0));
    app.add_option("--ramp", o.ramp_seconds, say(Msg::HelpLoadRamp, lang))->check(CLI::Range(0.0, 3600.0));
    app.add_option("--think-ms", o.think_ms, say(Msg::HelpLoadThink, lang))->check(CLI::Range(2, 600000));
    app.add_option("--tc", o.tc, say(Msg::HelpLoadTc, lang));
    app.add_flag("--one-socket", o.one_socket, say(Msg::HelpLoadOneSocket, lang));
    app.add_option("--http-clients", o.http_clients, say(Msg::HelpLoadHttpClients, lang))->check(CLI::Range(1, 64));
    app.add_option("--seed", o.seed, say(Msg::HelpLoadSeed, lang));
    app.add_option("--ping-ms", o.ping_ms, say(Msg::HelpLoadPing, lang))->check(CLI::Range(0, 600000));
    auto* url_opt = app.add_option("--url", url, say(Msg::HelpLoadUrl, lang));
    auto* server_opt = app.add_option("--server", server, say(Msg::HelpLoadServer, lang))->excludes(url_opt);
    app.add_option("--server-arg", server_args, say(Msg::HelpLoadServerArg, lang))->allow_extra_args(false);
    app.add_option("--server-pid", server_pid, say(Msg::HelpLoadServerPid, lang))->needs(url_opt);
    app.add_option("--work-dir", work_dir, say(Msg::HelpLoadWorkDir, lang))->needs(server_opt);
    auto* cluster_opt = app.add_option("--cluster", cluster_nodes, say(Msg::HelpLoadCluster, lang))
                            ->check(CLI::Range(2, 9))
                            ->needs(server_opt);
    app.add_option("--kill-at", kill_at, say(Msg::HelpLoadKillAt, lang))->needs(cluster_opt);
    app.add_option("--restart-after", cluster.restart_after, say(Msg::HelpLoadRestartAfter, lang))
        ->check(CLI::Range(0.0, 3600.0))
        ->needs(cluster_opt);
    app.add_option("--processes", cluster.processes, say(Msg::HelpLoadProcesses, lang))
        ->check(CLI::Range(1, 16))
        ->needs(cluster_opt);
    app.add_option("--cluster-script", cluster.script, say(Msg::HelpLoadClusterScript, lang))->needs(cluster_opt);
    app.add_option("--json", json_path, say(Msg::HelpLoadJson, lang));
    app.add_option("--summary", summary_path, say(Msg::HelpLoadSummary, lang));
    app.add_option("--lang", lang_option, say(Msg::HelpLang, lang));
    app.footer(say(Msg::LoadFooter, lang));
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;
    }
    if (url.empty() == server.empty()) {
        fmt::print(stderr, "{}: {}\n", say(Msg::ErrorLabel, lang), say(Msg::LoadNeedServer, lang));
        return 2;
    }
    raise_file_limit(static_cast<rlim_t>(o.games) * 2 + static_cast<rlim_t>(o.http_clients) + 1024);
    o.progress = [](const std::string& text) {
        fmt::print(stderr, "{}\n", text);
        std::fflush(stderr);
    };
    o.progress_text = [lang](int playing, int games) { return say(Msg::LoadProgress, lang, playing, games); };
    o.measuring_text = [lang](double seconds) { return say(Msg::LoadMeasuring, lang, fmt::format("{:g}", seconds)); };
    if (cluster_nodes > 0) {
        if (abuse) {
            fmt::print(stderr, "{}: {}\n", say(Msg::ErrorLabel, lang), say(Msg::LoadClusterNoAbuse, lang));
            return 2;
        }
        cluster.server = server;
        cluster.nodes = cluster_nodes;
        cluster.dir = work_dir.empty() ? std::filesystem::path("build/load/cluster") : std::filesystem::path(work_dir);
        cluster.node_args = node_args(o, keep_limits, server_args);
        cluster.kill_at = kill_at.value_or(o.duration_seconds / 2);
        std::expected<LoadResult, std::string> result;
        try {
            result = run_cluster_load(o, cluster, lang);
        } catch (const std::exception& e) {
            fmt::print(stderr, "{}: {}: {}\n", say(Msg::ErrorLabel, lang), say(Msg::InternalError, lang), e.what());
            return 3;
        }
        if (!result) {
            fmt::print(stderr, "{}: {}\n", say(Msg::ErrorLabel, lang), result.error());
            return 3;
        }
        const std::string text = human_summary(*result, lang) + machine_line(*result) + "\n";
        fmt::print("{}", text);
        std::fflush(stdout);
        bool written = write_file(json_path, result_json(*result) + "\n", lang);
        written = write_file(summary_path, text, lang) && written;
        if (!written) return 3;
        return result->clean() ? 0 : 1;
    }

    std::optional<ServerProcess> process;
    std::filesystem::path temp_dir, dir;
    std::vector<std::string> args;
    if (!server.empty()) {
        dir = work_dir;
        if (dir.empty()) {
            std::string pattern = (std::filesystem::temp_directory_path() / "schach-load-XXXXXX").string();
            if (::mkdtemp(pattern.data()) == nullptr) {
                fmt::print(stderr, "{}: {}\n", say(Msg::ErrorLabel, lang), say(Msg::LoadCannotWrite, lang, pattern));
                return 3;
            }
            dir = temp_dir = pattern;
        } else {
            std::error_code ec;
            std::filesystem::create_directories(dir, ec);
            for (const char* suffix : {"", "-wal", "-shm"})
                std::filesystem::remove(dir / ("load.db" + std::string(suffix)), ec);
        }
        // Room for every socket of the run, the HTTP clients and a margin; every client of the
        // run comes from one address, so the limits per address are off (the soak test sets them).
        args = {"--max-connections", std::to_string(o.games * (o.one_socket ? 1 : 2) + o.http_clients + 64)};
        if (!keep_limits)
            args.insert(args.end(), {"--connections-per-address", "0", "--games-per-minute", "0", "--games-per-hour",
                                     "0", "--computer-games-per-address", "0"});
        args.insert(args.end(), server_args.begin(), server_args.end());
        auto started = ServerProcess::start(server, args, dir);
        if (!started) {
            fmt::print(stderr, "{}: {}\n", say(Msg::ErrorLabel, lang),
                       say(Msg::LoadCannotStartServer, lang, server, started.error()));
            if (!temp_dir.empty()) std::filesystem::remove_all(temp_dir);
            return 3;
        }
        process.emplace(std::move(*started));
        url = process->url();
        server_pid = process->pid();
        fmt::print(stderr, "{}\n", say(Msg::LoadServerStarted, lang, server, process->pid(), url));
    }
    const auto address = schach::load::split_url(url);
    if (!address) {
        fmt::print(stderr, "{}: {}\n", say(Msg::ErrorLabel, lang), say(Msg::LoadBadUrl, lang, url));
        return 2;
    }
    o.host = address->first;
    o.port = address->second;
    o.server_pid = server_pid;
    LoadResult result;
    std::optional<AbuseResult> abused;
    try {
        std::atomic<bool> stop_abuse{false};
        std::thread abusers;
        if (abuse) {
            abuse_options.host = o.host;
            abuse_options.port = o.port;
            abuse_options.duration_seconds = o.ramp_seconds + o.duration_seconds + 120;
            abusers = std::thread([&] { abused = run_abuse(abuse_options, stop_abuse); });
        }
        result = run_load(o);
        stop_abuse = true;
        if (abusers.joinable()) abusers.join();
    } catch (const std::exception& e) {
        fmt::print(stderr, "{}: {}: {}\n", say(Msg::ErrorLabel, lang), say(Msg::InternalError, lang), e.what());
        return 3;
    }
    if (!no_stored_check) {
        // Every acknowledged move in the record: read from a server started again on the same
        // database (nothing from memory), or from the running one the tool attached to.
        std::string host = o.host;
        std::uint16_t port = o.port;
        std::optional<ServerProcess> again;
        if (process) {
            process->stop();
            process.reset();
            auto started = ServerProcess::start(server, args, dir);
            if (started) {
                again.emplace(std::move(*started));
                if (const auto a = split_url(again->url())) std::tie(host, port) = *a;
            }
        }
        if (!process && !again) {
            result.stored = StoredCheck{};
            result.stored->unreadable = static_cast<std::int64_t>(result.histories.size());
            result.stored->first.push_back("the server could not be started again on its database");
        } else {
            result.stored = check_stored(host, port, result.histories);
            result.stored->after_restart = again.has_value();
        }
        result.errors.not_stored = result.stored->missing + result.stored->unreadable;
        if (again) again->stop();
    }
    if (process) process->stop();
    if (!temp_dir.empty()) std::filesystem::remove_all(temp_dir);

    std::string text = human_summary(result, lang);
    if (abused) text += abuse_summary(*abused, lang);
    text += machine_line(result);
    if (abused) text += " " + abuse_machine_fields(*abused);
    text += "\n";
    fmt::print("{}", text);
    std::fflush(stdout);
    bool written = write_file(json_path, result_json(result) + "\n", lang);
    written = write_file(summary_path, text, lang) && written;
    if (!written) return 3;
    return result.clean() ? 0 : 1;
}
