#include "chaos_cluster.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

namespace schach::chaos {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string first_line(const fs::path& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

/// Shell quoting of one word.
std::string quoted(const std::string& word) {
    std::string out = "'";
    for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

/// The environment of the script: ours plus the cluster's settings.
std::string environment(const ClusterSetup& s) {
    return "CLUSTER_DIR=" + quoted(s.dir.string()) + " NODES=" + std::to_string(s.nodes) +
           " SCHACH_BIN=" + quoted(s.schach) + " NODE_ARGS=" + quoted(s.node_args) +
           " PROXIES=" + std::to_string(s.proxies);
}

}  // namespace

std::expected<std::string, std::string> Cluster::run_script(const std::vector<std::string>& args) const {
    std::string command = environment(setup_) + " bash " + quoted(setup_.script.string());
    for (const std::string& a : args) command += " " + quoted(a);
    const fs::path log = setup_.dir / "chaos-script.log";
    command += " >" + quoted(log.string()) + " 2>&1 </dev/null";
    const int status = std::system(command.c_str());
    std::string output = read_text(log);
    if (status != 0) return std::unexpected("scripts/cluster.sh " + args.front() + " failed:\n" + output);
    return output;
}

std::expected<Cluster, std::string> Cluster::start(const ClusterSetup& setup) {
    Cluster c;
    c.setup_ = setup;
    c.owned_ = true;
    std::error_code ec;
    fs::create_directories(setup.dir, ec);
    if (ec) return std::unexpected("cannot create " + setup.dir.string() + ": " + ec.message());

    // The watchdog first, so that a tool killed during the start leaves nothing either.
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return std::unexpected(std::string("pipe: ") + std::strerror(errno));
    ::signal(SIGPIPE, SIG_IGN);
    const std::string stop_command = environment(setup) + " bash " + quoted(setup.script.string()) + " stop";
    const std::string script = "trap '' INT TERM HUP; if read -r line && [ \"$line\" = stop ]; then exit 0; fi; " +
                               stop_command;
    const std::string watchdog_log = (setup.dir / "chaos-watchdog.log").string();
    c.watchdog_ = ::fork();
    if (c.watchdog_ == 0) {
        ::setsid();
        ::dup2(fds[0], 0);
        const int out = ::open(watchdog_log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (out >= 0) {
            ::dup2(out, 1);
            ::dup2(out, 2);
        }
        ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(fds[0]);
    c.watchdog_pipe_ = fds[1];
    if (c.watchdog_ < 0) return std::unexpected(std::string("fork: ") + std::strerror(errno));

    auto started = c.run_script({"start"});
    if (!started) return std::unexpected(started.error());
    c.url_ = first_line(setup.dir / "url");
    c.pg_url_ = first_line(setup.dir / "pg-url");
    std::ifstream nodes(setup.dir / "nodes");
    for (std::string name, port; nodes >> name >> port;) c.nodes_.push_back(name);
    if (c.url_.empty() || c.pg_url_.empty() || c.nodes_.empty())
        return std::unexpected("scripts/cluster.sh start left no url, pg-url or nodes in " + setup.dir.string());
    return c;
}

std::expected<Cluster, std::string> Cluster::attach(const ClusterSetup& setup, std::string url, std::string pg_url) {
    Cluster c;
    c.setup_ = setup;
    c.url_ = std::move(url);
    c.pg_url_ = std::move(pg_url);
    std::ifstream nodes(setup.dir / "nodes");
    for (std::string name, port; nodes >> name >> port;) c.nodes_.push_back(name);
    if (c.nodes_.empty())
        return std::unexpected("no nodes listed in " + (setup.dir / "nodes").string() +
                               " (the cluster's directory: --cluster-dir)");
    return c;
}

Cluster::Cluster(Cluster&& other) noexcept
    : setup_(std::move(other.setup_)), owned_(std::exchange(other.owned_, false)), url_(std::move(other.url_)),
      pg_url_(std::move(other.pg_url_)), nodes_(std::move(other.nodes_)), watchdog_(std::exchange(other.watchdog_, -1)),
      watchdog_pipe_(std::exchange(other.watchdog_pipe_, -1)) {}

Cluster::~Cluster() { stop(); }

std::expected<void, std::string> Cluster::signal(const std::string& node, int sig) const {
    const std::string pid_text = first_line(setup_.dir / (node + ".pid"));
    const pid_t pid = pid_text.empty() ? -1 : static_cast<pid_t>(std::stol(pid_text));
    if (pid <= 0) return std::unexpected("no pid of node " + node + " in " + setup_.dir.string());
    if (::kill(pid, sig) != 0)
        return std::unexpected("kill " + std::to_string(pid) + " (" + node + "): " + std::strerror(errno));
    return {};
}

std::expected<void, std::string> Cluster::start_node(const std::string& node) const {
    auto r = run_script({"node-start", node});
    if (!r) return std::unexpected(r.error());
    return {};
}

void Cluster::stop() {
    if (!owned_) return;
    owned_ = false;
    (void)run_script({"stop"});
    if (watchdog_pipe_ >= 0) {
        [[maybe_unused]] const auto written = ::write(watchdog_pipe_, "stop\n", 5);
        ::close(watchdog_pipe_);
        watchdog_pipe_ = -1;
    }
    if (watchdog_ > 0) {
        int status = 0;
        ::waitpid(watchdog_, &status, 0);
        watchdog_ = -1;
    }
}

}  // namespace schach::chaos
