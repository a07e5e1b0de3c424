#pragma once
// The cluster under the fault test (schach-chaos): started with scripts/cluster.sh into a
// directory of its own, or one already running (make cluster) used as it is. Its faults: a
// signal to a node (by its pid file), a node started again (cluster.sh node-start), a node's
// database sessions ended.
//
// A cluster this tool started always stops with it: at its end by `cluster.sh stop`, and when
// the tool dies any other way (a crash, SIGKILL, a ctest timeout) by a watchdog shell of its own
// session that sees its pipe from the tool close and runs the same stop. No process is left.

#include <sys/types.h>

#include <expected>
#include <filesystem>
#include <string>
#include <vector>

namespace schach::chaos {

struct ClusterSetup {
    std::filesystem::path script;  // scripts/cluster.sh
    std::filesystem::path dir;     // its CLUSTER_DIR
    std::string schach;            // the program of the nodes
    int nodes = 3;
    std::string node_args;  // NODE_ARGS
    int proxies = 1;        // PROXIES: haproxy processes on the one port
};

class Cluster {
public:
    /// Starts a cluster (scripts/cluster.sh start) and its watchdog; the error says why not, with
    /// the script's output.
    static std::expected<Cluster, std::string> start(const ClusterSetup& setup);
    /// A running cluster: its addresses given, its pids in `dir` (for the signals); not stopped.
    static std::expected<Cluster, std::string> attach(const ClusterSetup& setup, std::string url, std::string pg_url);

    Cluster(Cluster&& other) noexcept;
    Cluster& operator=(Cluster&&) = delete;
    ~Cluster();

    const std::string& url() const { return url_; }
    const std::string& pg_url() const { return pg_url_; }
    const std::vector<std::string>& nodes() const { return nodes_; }

    /// Sends `signal` to the node's process.
    std::expected<void, std::string> signal(const std::string& node, int signal) const;
    /// Starts a node again (after a kill), waiting until it listens.
    std::expected<void, std::string> start_node(const std::string& node) const;
    /// Stops the cluster when this tool started it (else nothing); idempotent.
    void stop();

private:
    Cluster() = default;
    std::expected<std::string, std::string> run_script(const std::vector<std::string>& args) const;

    ClusterSetup setup_;
    bool owned_ = false;
    std::string url_, pg_url_;
    std::vector<std::string> nodes_;
    pid_t watchdog_ = -1;
    int watchdog_pipe_ = -1;
};

}  // namespace schach::chaos
