#pragma once
// The load itself: N games at once against a running server, each created through the HTTP API
// (the creator's seat, the invitation joined by a second client, as a browser does) and played
// over WebSockets, both sides choosing at random among the destinations the server sends. All
// on one thread (one io_context), so the tool takes at most one core from the server.
//
// Phases: the ramp-up (game i starts at ramp * i / N; the window opens once all are playing or
// after ramp + 120 s), the measured window (`duration`), the drain (no new moves; the answers to
// the sent ones are awaited, at most `drain`). A game that ends is replaced by a new one until
// the drain.

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "chaos_check.hpp"
#include "load_result.hpp"

namespace schach::load {

struct LoadOptions {
    std::string host = "127.0.0.1";  // the server (a numeric address)
    std::uint16_t port = 8080;
    int games = 1000;
    double duration_seconds = 60;
    double ramp_seconds = 10;
    double drain_seconds = 10;
    int think_ms = 2000;      // mean; each wait is uniform in [think/2, 3 think/2]
    bool one_socket = false;  // a game at one device ("local"): both seats on one socket
    std::string tc = "5+3";   // "" or "-": no clock
    int http_clients = 4;
    /// Spread the players over this many source addresses (127.0.0.10, .11, ...; all on lo), as
    /// many clients would be, so that the server's limits per address see each as one client;
    /// 0: the system's choice (one address for all).
    int source_addresses = 0;
    int ping_ms = 5000;  // a ping per game every this often (mean), 0: none
    std::uint32_t seed = 1;
    pid_t server_pid = -1;  // for memory and CPU; -1: not measured
    /// Progress for people (already in their language), called from the run's thread.
    std::function<void(const std::string&)> progress;
    /// Progress texts: playing (games playing, games asked for) and measuring (seconds).
    std::function<std::string(int, int)> progress_text;
    std::function<std::string(double)> measuring_text;

    // ---- several nodes behind a proxy ----
    /// Players that go on across nodes as the page does (web/src/connection.ts): an HTTP 307 is
    /// followed, a WebSocket closed with 4307 "node=X" is opened again at once with ?node=X, a
    /// socket that ends otherwise is opened again after the page's delay (0.5 s, doubling up to
    /// 10 s), and a move without its ack is sent again on the new socket (the same ply, move and
    /// counter; the server takes it once). Dropped sockets are then no errors; they are counted.
    bool follow_nodes = false;
    /// The fault, made by another process (cluster_load.cpp): lines `NODE NANOSECONDS` on this
    /// descriptor, the node killed and when (steady_clock, which is CLOCK_MONOTONIC: the same in
    /// every process of the machine). The games whose sockets were on that node are the
    /// fail-over's (ClusterFigures). -1: none.
    int fault_fd = -1;
    /// Called when the measured window opens, with the games playing on each node (their
    /// sockets' X-Schach-Node; empty on one server), and when it closes.
    std::function<void(const std::map<std::string, int>&)> window_opened;
    std::function<void()> window_closed;
};

/// Every latency a run measured (microseconds), for runs split over processes whose figures
/// are merged (load_share.hpp).
struct LoadSamples {
    std::vector<std::int64_t> ack, seen, ping;
    std::vector<std::int64_t> failover, resumed, ack_outside, ack_failover;  // with follow_nodes
};

/// Runs the load and returns what it measured. Never throws for what the server does (that is
/// counted as errors). With `records`, every socket's history (the moves it received, its own
/// moves acknowledged) is kept for chaos_check's check of the record, one ClientGame per socket;
/// with `samples`, every latency.
LoadResult run_load(const LoadOptions& options, std::vector<chaos::ClientGame>* records = nullptr,
                    LoadSamples* samples = nullptr);

}  // namespace schach::load
