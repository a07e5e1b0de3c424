#pragma once
// schach-load against a cluster (--cluster N; make load-cluster): N nodes of the program on a
// throw-away PostgreSQL behind haproxy, started with scripts/cluster.sh as the fault test does
// (chaos_cluster.hpp: stopped with the tool however it ends), the load's players through the proxy
// following the nodes as the page does (LoadOptions::follow_nodes); at `kill_at` seconds into the
// window the node holding the most games is killed with SIGKILL and started again `restart_after`
// seconds later. Afterwards the record is read from the database and checked as the fault test
// checks it (chaos_check.hpp: every acknowledged move stored, plies contiguous and legal, epochs
// never decreasing, what each socket received a prefix of the stored game).

#include <expected>
#include <filesystem>
#include <string>

#include "load_result.hpp"
#include "load_run.hpp"
#include "notation/language.hpp"

namespace schach::load {

struct ClusterLoadOptions {
    std::filesystem::path script;  // scripts/cluster.sh
    std::filesystem::path dir;     // the cluster's directory: its state and logs
    std::string server;            // the nodes' program
    int nodes = 3;
    std::string node_args;     // options for every node
    double kill_at = -1;       // seconds into the window; < 0: no kill
    double restart_after = 6;  // seconds from the kill to the node's new start; 0: not started again
    int processes = 0;         // the players' processes (load_share.hpp); 0: as the open files need
};

/// Starts the cluster, runs the load against its proxy with the kill, measures the cluster's CPU
/// and memory in the window, checks the record and stops the cluster. The error (in `lang`) when
/// the cluster cannot be started or its record not read.
std::expected<LoadResult, std::string> run_cluster_load(LoadOptions load, const ClusterLoadOptions& cluster,
                                                        Language lang);

}  // namespace schach::load
