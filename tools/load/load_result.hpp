#pragma once
// What one load run measured: the setup it ran with, the moves and their latencies, the errors
// and the server's resources. Filled by run_load (load_run.hpp), printed by report.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chaos_check.hpp"
#include "latency.hpp"
#include "proc_stats.hpp"

namespace schach::load {

struct LoadErrors {
    std::int64_t error_events = 0;     // {t:"error"} from the server
    std::int64_t refusals = 0;         // a move of ours refused ({t:"refusal"})
    std::int64_t dropped = 0;          // a WebSocket that ended without our close
    std::int64_t failed_requests = 0;  // HTTP create/join or a WebSocket handshake that failed
    std::int64_t unacked = 0;          // moves sent without their ack by the end
    std::int64_t unseen = 0;           // moves sent that the opponent's socket never got
    /// After the run: acknowledged moves the server's record does not hold (or holds otherwise),
    /// and games it cannot show (stored_check.hpp).
    std::int64_t not_stored = 0;
    std::int64_t violations = 0;  // the record's checks after a cluster run (lost acknowledged moves, ...)
    std::int64_t total() const {
        return error_events + refusals + dropped + failed_requests + unacked + unseen + not_stored + violations;
    }
};

/// What the server's record holds of the games played, checked after the run against every
/// move a player got acknowledged (stored_check.hpp).
struct StoredCheck {
    int games = 0;                   // games checked (every game created)
    std::int64_t acked = 0;          // acknowledged moves checked
    std::int64_t missing = 0;        // acknowledged moves not stored, or another move stored at their ply
    std::int64_t unreadable = 0;     // games the server could not show (or showed with illegal moves)
    bool after_restart = false;      // read from a server started again on the same database
    std::vector<std::string> first;  // the first few findings, in words (English)
};

/// What a run against a cluster measured beside the moves (LoadOptions::follow_nodes): its fault,
/// the fail-over, the players' reconnections and the check of the record afterwards.
struct ClusterFigures {
    int nodes = 0;
    std::string killed;             // the node killed with SIGKILL ("" none)
    double kill_at_seconds = 0;     // into the measured window
    int games_on_killed = 0;        // games playing on it at the kill (the owner of their sockets)
    LatencySummary failover;        // per such game: the kill -> its next move acknowledged
    LatencySummary resumed;         // per such game: the kill -> every socket of it has a state again
    int not_recovered = 0;          // such games with no move acknowledged again before the drain ended
    LatencySummary ack_outside;     // moves outside the fail-over window (every move of the other games too)
    LatencySummary ack_failover;    // moves of the hit games from before the kill until their next ack
    std::int64_t reconnects = 0;    // sockets opened again after one ended (not by a redirect)
    std::int64_t redirects = 0;     // HTTP 307 and WebSocket close 4307 followed
    std::int64_t resends = 0;       // unacknowledged moves sent again on a new socket
    std::int64_t confirmed = 0;     // moves without their ack found stored in a new socket's state
    std::int64_t retries = 0;       // HTTP requests tried again (a 503, a proxy's 502, a dropped connection)
    std::int64_t moves_stored = 0;  // of the run's games, in the database afterwards
    std::string violation_kinds;    // "lost-ack:1 ply-gap:2", "" none
    // The CPU of the cluster's processes inside the window, % of one core (none when not measured).
    std::optional<double> nodes_cpu_percent, database_cpu_percent, proxy_cpu_percent;
};

struct LoadResult {
    // The setup.
    int games = 0;                // concurrent games asked for
    int sockets_per_game = 2;     // 2: a socket per seat (a friend game); 1: both seats on one
    int think_ms = 0;             // the mean time a side waits before it moves
    std::string tc;               // the games' time control ("" none)
    double measured_seconds = 0;  // the window the latencies are from (after the ramp-up)
    double ramp_seconds = 0;      // until every game was playing
    int games_at_start = 0;       // games playing when the window opened
    int games_min = 0;            // the fewest games playing during the window
    // The moves.
    std::int64_t moves = 0;        // sent inside the window
    std::int64_t moves_total = 0;  // sent in the whole run (ramp-up included)
    std::int64_t games_ended = 0;  // ended (mate, draw) and replaced by a new game
    LatencySummary ack;            // send -> own ack
    LatencySummary seen;           // send -> the opponent's move event
    LatencySummary ping;           // ping -> pong: the transport and the machine, without game or store
    /// The acks of the window by the second their move was sent in (0 = the window's first):
    /// whether slow acks come all the time or in bursts (a stall of the server every few seconds).
    std::vector<LatencySummary> ack_by_second;
    LoadErrors errors;
    // The server and the machine (none when unknown, e.g. attached without --server-pid).
    std::optional<Memory> memory;                // at the end of the window (VmHWM: the peak of the whole run)
    std::optional<MemoryTrend> memory_trend;     // sampled once a second over the window
    std::optional<double> server_cpu_percent;    // of one core, inside the window
    std::optional<double> tool_cpu_percent;      // this tool's, of one core, inside the window
    std::optional<double> load_start, load_end;  // 1-minute load average at the window's ends
    std::optional<ClusterFigures> cluster;       // a run against a cluster

    // The games played: each one's acknowledged moves (for the stored check), and that check.
    std::vector<chaos::ClientGame> histories;
    std::optional<StoredCheck> stored;

    double moves_per_second() const { return measured_seconds > 0 ? static_cast<double>(moves) / measured_seconds : 0; }
    /// No error, every move acknowledged and seen by the opponent.
    bool clean() const { return errors.total() == 0; }
};

}  // namespace schach::load
