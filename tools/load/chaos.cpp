// schach-chaos: the fault test of several `schach serve` nodes behind haproxy on one PostgreSQL
// (issue #23, docs/cluster.md). Starts a cluster (scripts/cluster.sh, into --dir) or uses a
// running one (--url, --pg, its pids in --cluster-dir); plays games through the proxy
// (chaos_players.hpp) while it kills a node (SIGKILL, started again later), stops another for
// longer than its lease (SIGSTOP, then SIGCONT) and ends a third one's database sessions
// (pg_terminate_backend), round after round with the nodes turned; then reads the record and
// checks it against what the clients saw (chaos_check.hpp) and prints the fail-over times.
//
// A developer's tool like schach-fuzz-server: its report is in English. Exit code 0 when every
// check holds, 1 with a violation, 2 for bad options, 3 when the cluster cannot be started or
// the record not read.

#include <signal.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "chaos_check.hpp"
#include "chaos_cluster.hpp"
#include "chaos_db.hpp"
#include "chaos_http.hpp"
#include "chaos_players.hpp"
#include "net.hpp"

#ifndef SCHACH_SOURCE_DIR
#define SCHACH_SOURCE_DIR "."
#endif

namespace {

using namespace schach::chaos;
using namespace std::chrono_literals;

struct Options {
    std::string server;
    std::string script = std::string(SCHACH_SOURCE_DIR) + "/scripts/cluster.sh";
    std::string dir = "build/chaos";
    std::string url, pg;
    std::string cluster_dir = "build/cluster";
    int nodes = 3;
    std::string node_args =
        "--engine-threads 1 --no-auto-analysis --connections-per-address 0 --games-per-minute 0 "
        "--games-per-hour 0 --computer-games-per-address 0";
    PlayerOptions players;
    int rounds = 1;
    double warmup = 6;
    double fault_gap = 12;
    double stop_seconds = 5;
    double restart_after = 6;
    double bound = 15;
    double hit_threshold = 0;  // 0: longer than any think time (1.5 think + 0.25 s, at least 1 s)
    double drain = 15;
    bool require_epoch = false;
};

using Seconds = std::chrono::duration<double>;

Clock::duration span(double seconds) { return std::chrono::duration_cast<Clock::duration>(Seconds(seconds)); }

double since(Clock::time_point t0, Clock::time_point t) { return Seconds(t - t0).count(); }

/// The faults, round after round: at each step one fault, the nodes turned each round.
class FaultRunner {
public:
    FaultRunner(Cluster& cluster, const Options& o, Clock::time_point t0) : cluster_(cluster), o_(o), t0_(t0) {}

    /// Runs every round; false when a fault could not be made (the error printed).
    bool run() {
        const auto& nodes = cluster_.nodes();
        const auto n = nodes.size();
        Clock::time_point at = t0_ + span(o_.warmup);
        for (int round = 0; round < o_.rounds; ++round) {
            const std::string& kill = nodes[static_cast<std::size_t>(round) % n];
            const std::string& stop = nodes[static_cast<std::size_t>(round + 1) % n];
            const std::string& cut = nodes[static_cast<std::size_t>(round + 2) % n];
            // SIGKILL, the node started again restart_after later.
            wait_until(at);
            if (!note("SIGKILL " + kill, cluster_.signal(kill, SIGKILL))) return false;
            wait_until(at + span(o_.restart_after));
            if (auto r = cluster_.start_node(kill); !r) return fail(r.error());
            log(fmt::format("{} started again", kill));
            // SIGSTOP for longer than the lease, then SIGCONT.
            at += span(o_.fault_gap);
            wait_until(at);
            if (!note(fmt::format("SIGSTOP {} for {:.0f} s", stop, o_.stop_seconds), cluster_.signal(stop, SIGSTOP)))
                return false;
            wait_until(at + span(o_.stop_seconds));
            if (auto r = cluster_.signal(stop, SIGCONT); !r) return fail(r.error());
            log(fmt::format("SIGCONT {}", stop));
            // The node's database sessions ended.
            at += span(o_.fault_gap);
            wait_until(at);
            auto ended = terminate_sessions(cluster_.pg_url(), "schach-" + cut);
            if (!ended) return fail(ended.error());
            faults_.push_back(Fault{fmt::format("pg_terminate_backend {} ({} sessions)", cut, *ended), Clock::now()});
            log(faults_.back().what);
            at += span(o_.fault_gap);
        }
        wait_until(at);
        return true;
    }

    const std::vector<Fault>& faults() const { return faults_; }

private:
    Cluster& cluster_;
    const Options& o_;
    Clock::time_point t0_;
    std::vector<Fault> faults_;

    static void wait_until(Clock::time_point t) { std::this_thread::sleep_until(t); }

    void log(const std::string& what) const {
        fmt::print("  +{:5.1f} s  {}\n", since(t0_, Clock::now()), what);
        std::fflush(stdout);
    }

    bool note(const std::string& what, const std::expected<void, std::string>& done) {
        if (!done) return fail(done.error());
        faults_.push_back(Fault{what, Clock::now()});
        log(what);
        return true;
    }

    static bool fail(const std::string& error) {
        fmt::print(stderr, "schach-chaos: a fault failed: {}\n", error);
        return false;
    }
};

void print_failover(const std::vector<FailoverFigures>& figures, double hit_seconds, double& max_all, double& p50_all) {
    std::vector<double> hit;
    fmt::print(
        "fail-over (from each fault to a game's next move, its think time included; hit: the games that "
        "waited over {:.2f} s, longer than any think time):\n",
        hit_seconds);
    for (const FailoverFigures& f : figures) {
        fmt::print("  {:<40} {:3} games running, {:3} hit, p50 {}, max {:5.2f} s{}\n", f.fault, f.games, f.waited,
                   f.waited > 0 ? fmt::format("{:5.2f} s", f.p50_seconds) : std::string("    -  "), f.max_seconds,
                   f.stuck.empty() ? "" : fmt::format(", {} stuck", f.stuck.size()));
        max_all = std::max(max_all, f.max_seconds);
        hit.insert(hit.end(), f.waits.begin(), f.waits.end());
    }
    std::sort(hit.begin(), hit.end());
    p50_all = hit.empty() ? 0 : hit[hit.size() / 2];
}

void print_violations(const std::vector<Violation>& violations) {
    std::map<std::string_view, int> by_kind;
    for (const Violation& v : violations) ++by_kind[violation_kind_id(v.kind)];
    fmt::print("violations: {}\n", violations.size());
    for (const auto& [kind, count] : by_kind) fmt::print("  {}: {}\n", kind, count);
    std::map<std::string_view, int> shown;  // at most 10 of each kind
    for (const Violation& v : violations) {
        const int n = ++shown[violation_kind_id(v.kind)];
        if (n <= 10) fmt::print("  [{}] game {}: {}\n", violation_kind_id(v.kind), v.game, v.detail);
        if (n == 11)
            fmt::print("  [{}] ... and {} more\n", violation_kind_id(v.kind), by_kind[violation_kind_id(v.kind)] - 10);
    }
}

int run(const Options& o) {
    ClusterSetup setup;
    setup.script = o.script;
    setup.schach = o.server;
    setup.nodes = o.nodes;
    setup.node_args = o.node_args;
    std::optional<Cluster> cluster;
    if (!o.url.empty()) {
        setup.dir = o.cluster_dir;
        auto c = Cluster::attach(setup, o.url, o.pg);
        if (!c) {
            fmt::print(stderr, "schach-chaos: {}\n", c.error());
            return 3;
        }
        cluster.emplace(std::move(*c));
    } else {
        setup.dir = std::filesystem::absolute(o.dir);
        fmt::print("schach-chaos: starting {} nodes (scripts/cluster.sh, in {})\n", o.nodes, setup.dir.string());
        std::fflush(stdout);
        auto c = Cluster::start(setup);
        if (!c) {
            fmt::print(stderr, "schach-chaos: the cluster did not start: {}\n", c.error());
            return 3;
        }
        cluster.emplace(std::move(*c));
    }
    const auto address = schach::load::split_url(cluster->url());
    if (!address) {
        fmt::print(stderr, "schach-chaos: '{}' is no http://IP:PORT address\n", cluster->url());
        return 2;
    }
    PlayerOptions po = o.players;
    po.host = address->first;
    po.port = address->second;
    fmt::print("schach-chaos: {} nodes ({}) behind {}, {} games at once (every {} against the computer), {} round(s)\n",
               cluster->nodes().size(), fmt::join(cluster->nodes(), " "), cluster->url(), po.games,
               po.computer_every > 0 ? fmt::format("{}th", po.computer_every) : std::string("none"), o.rounds);
    std::fflush(stdout);

    const Clock::time_point t0 = Clock::now();
    po.t0 = t0;
    Players players(po);
    players.start();
    FaultRunner faults(*cluster, o, t0);
    const bool faults_made = faults.run();
    const Clock::time_point play_end = Clock::now();
    players.finish(std::chrono::duration_cast<std::chrono::milliseconds>(Seconds(o.drain)));

    // Each game as the cluster serves it now (before the record: a move stored meanwhile can only
    // make the record longer), then the record.
    std::vector<std::string> ids;
    std::vector<ServedGame> served;
    std::vector<Violation> unserved;
    int served_redirects = 0;
    for (const ClientGame& g : players.games()) {
        ids.push_back(g.id);
        auto s = fetch_served(po.host, po.port, g.id, served_redirects);
        if (s) served.push_back(std::move(*s));
        else
            unserved.push_back(
                Violation{ViolationKind::ServedDiffers, g.id, "cannot be read after play: " + s.error()});
    }
    auto record = read_record(cluster->pg_url(), ids);
    cluster->stop();
    if (!record) {
        fmt::print(stderr, "schach-chaos: cannot read the record: {}\n", record.error());
        return 3;
    }

    const PlayerCounts& n = players.counts();
    std::int64_t stored = 0;
    for (const auto& [id, g] : record->games) stored += static_cast<std::int64_t>(g.moves.size());
    fmt::print(
        "play: {:.0f} s, {} games, {} moves stored, {} acknowledged of {} sent; {} sockets, {} reconnects, "
        "{} redirects, {} resends, {} failed connects, {} refusals, {} errors\n",
        since(t0, play_end), n.games, stored, n.moves_acked, n.moves_sent, n.connects, n.reconnects, n.redirects,
        n.resends, n.failed_connects, n.refusals, n.errors);

    double max_all = 0, p50_all = 0;
    const double hit = o.hit_threshold > 0 ? o.hit_threshold : std::max(1.0, 1.5 * po.think_ms / 1000.0 + 0.25);
    const auto threshold = std::chrono::duration_cast<std::chrono::milliseconds>(Seconds(hit));
    print_failover(failover_figures(players.games(), faults.faults(), play_end, threshold), hit, max_all, p50_all);

    fmt::print("after play: {} games read through the proxy ({} redirects followed)\n", served.size(),
               served_redirects);
    std::vector<Violation> violations = check_histories(players.games(), record->games);
    for (Violation& v : check_served(served, players.games(), record->games)) violations.push_back(std::move(v));
    for (Violation& v : unserved) violations.push_back(std::move(v));
    const auto bound = std::chrono::duration_cast<std::chrono::milliseconds>(Seconds(o.bound));
    for (Violation& v : check_failover(players.games(), faults.faults(), play_end, bound))
        violations.push_back(std::move(v));
    if (record->has_epochs) {
        fmt::print("epochs: checked (moves.epoch never decreases with the ply)\n");
    } else if (o.require_epoch) {
        violations.push_back(Violation{ViolationKind::EpochDecreased, "-",
                                       "the moves table has no epoch column, and --require-epoch asks for it"});
    } else {
        fmt::print(
            "epochs: not checked (the moves table has no epoch column: the server's fencing is not there yet)\n");
    }
    print_violations(violations);
    if (n.games == 0 || n.moves_acked == 0) fmt::print("schach-chaos: no game was played: nothing was tested\n");
    fmt::print(
        "schach-chaos nodes={} games={} faults={} moves_stored={} acked={} failover_p50_s={:.2f} "
        "failover_max_s={:.2f} violations={} epochs={}\n",
        cluster->nodes().size(), n.games, faults.faults().size(), stored, n.moves_acked, p50_all, max_all,
        violations.size(), record->has_epochs ? "checked" : "absent");
    if (!faults_made) return 3;
    return violations.empty() && n.moves_acked > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"schach-chaos: faults in a cluster of schach serve nodes behind haproxy, then a check of the record"};
    app.add_option("--server", o.server, "the schach program of the nodes")->required();
    app.add_option("--script", o.script, "scripts/cluster.sh");
    app.add_option("--dir", o.dir, "the started cluster's directory (its state and logs)");
    app.add_option("--url", o.url, "use this running cluster's proxy (http://IP:PORT) instead of starting one");
    app.add_option("--pg", o.pg, "with --url: its PostgreSQL (postgresql://...)");
    app.add_option("--cluster-dir", o.cluster_dir, "with --url: the directory of its pid files (build/cluster)");
    app.add_option("--nodes", o.nodes, "nodes to start")->check(CLI::Range(3, 9));
    app.add_option("--node-args", o.node_args, "options for every node");
    app.add_option("--games", o.players.games, "games at once")->check(CLI::Range(1, 5000));
    app.add_option("--computer-every", o.players.computer_every, "every n-th game against the computer (0: none)")
        ->check(CLI::Range(0, 1000));
    app.add_option("--think-ms", o.players.think_ms, "mean think time of a move")->check(CLI::Range(10, 60000));
    app.add_option("--seed", o.players.seed, "the players' random seed");
    app.add_option("--rounds", o.rounds, "rounds of the three faults")->check(CLI::Range(1, 100));
    app.add_option("--warmup", o.warmup, "seconds of play before the first fault")->check(CLI::Range(1.0, 600.0));
    app.add_option("--fault-gap", o.fault_gap, "seconds between faults")->check(CLI::Range(2.0, 600.0));
    app.add_option("--stop-seconds", o.stop_seconds, "how long a node stays stopped")->check(CLI::Range(0.5, 600.0));
    app.add_option("--restart-after", o.restart_after, "seconds from a kill to the node's new start")
        ->check(CLI::Range(0.5, 600.0));
    app.add_option("--bound", o.bound, "seconds within which every game must go on after a fault")
        ->check(CLI::Range(0.5, 600.0));
    app.add_option("--hit-threshold", o.hit_threshold,
                   "a wait over this many seconds makes a game a hit one (default: longer than any think time)")
        ->check(CLI::Range(0.0, 60.0));
    app.add_option("--drain", o.drain, "seconds for the moves on their way after play")->check(CLI::Range(0.0, 600.0));
    app.add_flag("--require-epoch", o.require_epoch, "a violation when the moves table has no epoch column");
    CLI11_PARSE(app, argc, argv);
    if (!o.url.empty() && o.pg.empty()) {
        fmt::print(stderr, "schach-chaos: --url needs --pg\n");
        return 2;
    }
    if (o.fault_gap <= o.stop_seconds || o.fault_gap <= o.restart_after) {
        fmt::print(stderr, "schach-chaos: --fault-gap must be longer than --stop-seconds and --restart-after\n");
        return 2;
    }
    return run(o);
}
