#include "cluster_load.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "chaos_check.hpp"
#include "chaos_cluster.hpp"
#include "chaos_db.hpp"
#include "load_share.hpp"
#include "net.hpp"
#include "proc_stats.hpp"
#include "text/cli_text.hpp"

namespace schach::load {
namespace {

namespace fs = std::filesystem;

pid_t pid_in(const fs::path& file) {
    std::ifstream in(file);
    long pid = 0;
    return in >> pid && pid > 0 ? static_cast<pid_t>(pid) : -1;
}

/// The CPU of the cluster's processes from the window's opening to its close, sampled every
/// second: the nodes, PostgreSQL with its backends, haproxy (each started in a session of its
/// own by scripts/cluster.sh: a process counts for the session it is in; PostgreSQL's children,
/// each in a session of its own, by their parent). A process that ends
/// keeps what it used until its last sample; one that starts in the window counts from zero.
class ClusterCpu {
public:
    ClusterCpu(fs::path dir, std::vector<std::string> nodes, int proxies)
        : dir_(std::move(dir)), nodes_(std::move(nodes)), proxies_(proxies) {}
    ~ClusterCpu() { close(); }
    ClusterCpu(const ClusterCpu&) = delete;
    ClusterCpu& operator=(const ClusterCpu&) = delete;

    void open() {
        opened_ = Clock::now();
        sample(true);
        thread_ = std::thread([this] {
            std::unique_lock lock(mutex_);
            while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_; })) sample(false);
        });
    }

    /// The last sample; the nodes' memory now.
    void close() {
        if (!thread_.joinable()) return;
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        thread_.join();
        sample(false);
        closed_ = Clock::now();
        Memory sum;
        for (const std::string& node : nodes_)
            if (const auto m = process_memory(pid_in(dir_ / (node + ".pid")))) {
                sum.rss_kib += m->rss_kib;
                sum.hwm_kib += m->hwm_kib;
            }
        memory_ = sum;
    }

    void fill(LoadResult& r) const {
        if (closed_ <= opened_) return;
        const double seconds = std::chrono::duration<double>(closed_ - opened_).count();
        double used[3] = {0, 0, 0};
        for (const auto& [pid, s] : seen_) used[s.group] += s.last - s.first;
        r.cluster->nodes_cpu_percent = used[Nodes] / seconds * 100;
        r.cluster->database_cpu_percent = used[Database] / seconds * 100;
        r.cluster->proxy_cpu_percent = used[Proxy] / seconds * 100;
        r.server_cpu_percent = r.cluster->nodes_cpu_percent;
        r.memory = memory_;
    }

private:
    enum Group { Nodes = 0, Database = 1, Proxy = 2 };
    struct Seen {
        int group = Nodes;
        double first = 0, last = 0;
    };

    void sample(bool first) {
        std::map<pid_t, Group> sessions;
        for (const std::string& node : nodes_) sessions[pid_in(dir_ / (node + ".pid"))] = Nodes;
        sessions[pid_in(dir_ / "postgres.pid")] = Database;
        for (int i = 1; i <= proxies_; ++i)
            sessions[pid_in(dir_ / (i == 1 ? std::string("haproxy.pid") : fmt::format("haproxy{}.pid", i)))] = Proxy;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator("/proc", ec)) {
            const std::string name = entry.path().filename().string();
            if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
            const auto pid = static_cast<pid_t>(std::stol(name));
            const auto stat = process_stat(pid);
            if (!stat) continue;
            // PostgreSQL's processes each start a session of their own: they count by their parent.
            auto group = sessions.find(stat->session);
            if (group == sessions.end()) {
                group = sessions.find(stat->parent);
                if (group != sessions.end() && group->second != Database) group = sessions.end();
            }
            if (group == sessions.end() || group->first <= 0) continue;
            auto [it, fresh] = seen_.try_emplace(pid, Seen{group->second, first ? stat->cpu_seconds : 0, 0});
            it->second.last = stat->cpu_seconds;
        }
    }

    fs::path dir_;
    std::vector<std::string> nodes_;
    int proxies_ = 1;
    std::map<pid_t, Seen> seen_;
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    Clock::time_point opened_{}, closed_{};
    Memory memory_;
};

/// The node holding the most games (the first by name on a tie; the first node when none holds any).
std::string busiest(const std::map<std::string, int>& games_on, const std::vector<std::string>& nodes) {
    std::string best = nodes.front();
    int most = -1;
    for (const auto& [node, games] : games_on)
        if (games > most && std::find(nodes.begin(), nodes.end(), node) != nodes.end()) {
            best = node;
            most = games;
        }
    return best;
}

/// The record's check into the result: its violations are errors.
void check_record(LoadResult& r, const std::vector<chaos::ClientGame>& records, const chaos::StoredRecord& stored) {
    std::map<std::string_view, int> kinds;
    for (const chaos::Violation& v : chaos::check_histories(records, stored.games)) {
        ++kinds[chaos::violation_kind_id(v.kind)];
        ++r.errors.violations;
        if (r.errors.violations <= 10)
            fmt::print(stderr, "  [{}] game {}: {}\n", chaos::violation_kind_id(v.kind), v.game, v.detail);
    }
    for (const auto& [kind, n] : kinds)
        r.cluster->violation_kinds += fmt::format("{}{}:{}", r.cluster->violation_kinds.empty() ? "" : " ", kind, n);
    for (const auto& [id, g] : stored.games) r.cluster->moves_stored += static_cast<std::int64_t>(g.moves.size());
}

/// A process playing one share of the games (load_share.hpp), and the parent's end of its pipes:
/// it reports "open NODE=GAMES ..." when its window opens, "closed" when it closes, then
/// "result" and its share's JSON; it is told the fault on its control pipe.
struct Worker {
    pid_t pid = -1;
    int report = -1;   // read: its reports
    int control = -1;  // write: the fault
    std::string buffer;
    bool result = false;  // the rest of the buffer is its share
    bool ended = false;
};

void write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

/// The share's process: plays, reports, hands back what it measured; never returns.
[[noreturn]] void play_share(LoadOptions share, int report, int control) {
    share.fault_fd = control;
    share.window_opened = [report](const std::map<std::string, int>& games_on) {
        std::string line = "open";
        for (const auto& [node, games] : games_on) line += fmt::format(" {}={}", node, games);
        write_all(report, line + "\n");
    };
    share.window_closed = [report] { write_all(report, "closed\n"); };
    LoadShare out;
    try {
        out.result = run_load(share, &out.records, &out.samples);
        write_all(report, "result\n" + encode_share(out));
    } catch (const std::exception& e) {
        fmt::print(stderr, "{}\n", e.what());
    }
    std::fflush(stderr);
    ::_exit(0);
}

/// The parent's side of the shares: their reports read, the CPU measured while every window is
/// open, the node killed `kill_at` seconds after the last window opened and every share told.
class Shares {
public:
    Shares(chaos::Cluster& cluster, const ClusterLoadOptions& options, ClusterCpu& cpu, const LoadOptions& load,
           Language lang)
        : cluster_(cluster), options_(options), cpu_(cpu), load_(load), lang_(lang) {}

    ~Shares() { finish(); }

    /// Waits for the node's new start, if one is on its way.
    void finish() {
        if (restarter_.joinable()) restarter_.join();
    }

    /// Starts `n` processes with the games shared out; false when one cannot be started.
    bool start(int n) {
        for (int i = 0; i < n; ++i) {
            int report[2], control[2];
            if (::pipe2(report, O_CLOEXEC) != 0 || ::pipe2(control, O_CLOEXEC) != 0) return false;
            LoadOptions share = load_;
            share.games = load_.games / n + (i < load_.games % n ? 1 : 0);
            share.seed = load_.seed + static_cast<std::uint32_t>(i) * 7919u;
            if (i > 0) share.progress = nullptr;  // one share tells the progress
            std::fflush(stdout);
            std::fflush(stderr);
            const pid_t pid = ::fork();
            if (pid < 0) return false;
            if (pid == 0) {
                for (const Worker& w : workers_) {
                    ::close(w.report);
                    ::close(w.control);
                }
                ::close(report[0]);
                ::close(control[1]);
                play_share(std::move(share), report[1], control[0]);
            }
            ::close(report[1]);
            ::close(control[0]);
            workers_.push_back(Worker{pid, report[0], control[1], {}, false, false});
        }
        return true;
    }

    /// Reads every share's reports until each has ended; their shares (none for one that ended
    /// without its result).
    std::vector<std::optional<LoadShare>> collect() {
        while (std::any_of(workers_.begin(), workers_.end(), [](const Worker& w) { return !w.ended; })) {
            std::vector<pollfd> fds;
            for (const Worker& w : workers_)
                if (!w.ended) fds.push_back(pollfd{w.report, POLLIN, 0});
            int timeout = 1000;
            if (kill_at_ && !killed_)
                timeout = static_cast<int>(std::clamp<long long>(
                    std::chrono::duration_cast<std::chrono::milliseconds>(*kill_at_ - Clock::now()).count(), 0, 1000));
            ::poll(fds.data(), fds.size(), timeout);
            for (const pollfd& p : fds)
                if (p.revents != 0)
                    for (Worker& w : workers_)
                        if (w.report == p.fd) read_from(w);
            if (kill_at_ && !killed_ && Clock::now() >= *kill_at_) kill();
        }
        std::vector<std::optional<LoadShare>> shares;
        for (Worker& w : workers_) {
            int status = 0;
            ::waitpid(w.pid, &status, 0);
            ::close(w.report);
            ::close(w.control);
            LoadShare share;
            if (w.result && decode_share(w.buffer, share)) shares.emplace_back(std::move(share));
            else shares.emplace_back(std::nullopt);
        }
        return shares;
    }

    const std::string& killed() const { return killed_node_; }
    double kill_at_seconds() const {
        return killed_ ? std::chrono::duration<double>(kill_time_ - last_open_).count() : 0;
    }

private:
    chaos::Cluster& cluster_;
    const ClusterLoadOptions& options_;
    ClusterCpu& cpu_;
    const LoadOptions& load_;
    Language lang_;
    std::vector<Worker> workers_;
    std::map<std::string, int> games_on_;
    int opened_ = 0, closed_ = 0;
    Clock::time_point last_open_{}, kill_time_{};
    std::optional<Clock::time_point> kill_at_;
    bool killed_ = false;
    std::string killed_node_;
    std::thread restarter_;

    void read_from(Worker& w) {
        char chunk[65536];
        const ssize_t n = ::read(w.report, chunk, sizeof chunk);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (n <= 0) {
            w.ended = true;
            return;
        }
        w.buffer.append(chunk, static_cast<std::size_t>(n));
        std::size_t end;
        while (!w.result && (end = w.buffer.find('\n')) != std::string::npos) {
            const std::string line = w.buffer.substr(0, end);
            w.buffer.erase(0, end + 1);
            on_report(w, line);
        }
    }

    void on_report(Worker& w, const std::string& line) {
        if (line == "result") {
            w.result = true;
        } else if (line == "closed") {
            if (++closed_ == static_cast<int>(workers_.size())) cpu_.close();
        } else if (line.starts_with("open")) {
            for (std::size_t at = line.find(' '); at != std::string::npos;) {
                const std::size_t next = line.find(' ', at + 1);
                const std::string pair = line.substr(at + 1,
                                                     next == std::string::npos ? std::string::npos : next - at - 1);
                if (const std::size_t eq = pair.find('='); eq != std::string::npos)
                    games_on_[pair.substr(0, eq)] += std::stoi(pair.substr(eq + 1));
                at = next;
            }
            if (++opened_ == static_cast<int>(workers_.size())) {
                last_open_ = Clock::now();
                cpu_.open();
                if (options_.kill_at >= 0)
                    kill_at_ = last_open_ + std::chrono::duration_cast<Clock::duration>(
                                                std::chrono::duration<double>(options_.kill_at));
            }
        }
    }

    /// SIGKILL to the node holding the most games; every share told; the node started again later.
    void kill() {
        killed_ = true;
        const std::string node = busiest(games_on_, cluster_.nodes());
        if (auto done = cluster_.signal(node, SIGKILL); !done) {
            if (load_.progress) load_.progress(done.error());
            return;
        }
        kill_time_ = Clock::now();
        killed_node_ = node;
        const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(kill_time_.time_since_epoch()).count();
        for (const Worker& w : workers_) write_all(w.control, fmt::format("{} {}\n", node, ns));
        const auto it = games_on_.find(node);
        if (load_.progress)
            load_.progress(say(Msg::LoadClusterKilled, lang_, node, it == games_on_.end() ? 0 : it->second));
        if (options_.restart_after > 0)
            restarter_ = std::thread([this, node] {
                std::this_thread::sleep_for(std::chrono::duration<double>(options_.restart_after));
                const auto started = cluster_.start_node(node);
                if (load_.progress)
                    load_.progress(started ? say(Msg::LoadClusterRestarted, lang_, node) : started.error());
            });
    }
};

/// Open files per process now.
long open_files() {
    rlimit r{};
    return getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY ? static_cast<long>(r.rlim_cur) : 1024;
}

}  // namespace

std::expected<LoadResult, std::string> run_cluster_load(LoadOptions load, const ClusterLoadOptions& options,
                                                        Language lang) {
    const int sockets = load.one_socket ? 1 : 2;
    const long files = open_files();
    chaos::ClusterSetup setup;
    setup.script = options.script;
    setup.dir = fs::absolute(options.dir);
    setup.schach = options.server;
    setup.nodes = options.nodes;
    setup.node_args = options.node_args;
    // Two files a player's socket in haproxy (its side and the node's), in processes of `files`.
    setup.proxies = std::clamp(
        static_cast<int>((2L * (static_cast<long>(load.games) * sockets + load.http_clients + 200) + files - 101) /
                         std::max(1L, files - 100)),
        1, 9);
    if (load.progress) load.progress(say(Msg::LoadClusterStarting, lang, options.nodes, setup.dir.string()));
    auto cluster = chaos::Cluster::start(setup);
    if (!cluster) return std::unexpected(say(Msg::LoadCannotStartServer, lang, options.server, cluster.error()));
    const auto address = split_url(cluster->url());
    if (!address) return std::unexpected(say(Msg::LoadBadUrl, lang, cluster->url()));
    if (load.progress) load.progress(say(Msg::LoadClusterStarted, lang, cluster->nodes().size(), cluster->url()));
    load.host = address->first;
    load.port = address->second;
    load.server_pid = -1;
    load.follow_nodes = true;
    // The drain ends once every move has its answer; a cluster this machine cannot keep up with
    // queues the moves for seconds (each game waits for its last one), which is no lost move.
    load.drain_seconds = std::max(load.drain_seconds, 60.0);

    ClusterCpu cpu(setup.dir, cluster->nodes(), setup.proxies);
    std::vector<std::optional<LoadShare>> parts;
    Shares shares(*cluster, options, cpu, load, lang);
    {
        const int n = options.processes > 0 ? options.processes : shares_needed(load.games, sockets, files);
        const bool started = shares.start(n);
        parts = shares.collect();
        shares.finish();
        if (!started) return std::unexpected(say(Msg::LoadCannotStartServer, lang, "fork", std::strerror(errno)));
    }
    std::vector<LoadShare> measured;
    for (auto& part : parts)
        if (part) measured.push_back(std::move(*part));
    if (measured.size() != parts.size())
        return std::unexpected(
            say(Msg::LoadCannotStartServer, lang, "schach-load", "a share ended without its result"));

    LoadResult result = merge_shares(measured, load.games);
    result.sockets_per_game = sockets;
    result.think_ms = load.think_ms;
    result.tc = load.tc == "-" ? "" : load.tc;
    result.cluster->nodes = static_cast<int>(cluster->nodes().size());
    result.cluster->killed = shares.killed();
    result.cluster->kill_at_seconds = shares.kill_at_seconds();
    cpu.fill(result);

    std::vector<chaos::ClientGame> records;
    for (LoadShare& part : measured)
        for (chaos::ClientGame& g : part.records) records.push_back(std::move(g));
    std::set<std::string> unique;
    for (const chaos::ClientGame& g : records) unique.insert(g.id);
    const auto stored = chaos::read_record(cluster->pg_url(), std::vector<std::string>(unique.begin(), unique.end()));
    cluster->stop();
    if (!stored) return std::unexpected(stored.error());
    check_record(result, records, *stored);
    return result;
}

}  // namespace schach::load
