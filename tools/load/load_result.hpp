#pragma once
// What one load run measured: the setup it ran with, the moves and their latencies, the errors
// and the server's resources. Filled by run_load (load_run.hpp), printed by report.hpp.

#include <cstdint>
#include <optional>
#include <string>

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
    std::int64_t total() const { return error_events + refusals + dropped + failed_requests + unacked + unseen; }
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
    LoadErrors errors;
    // The server and the machine (none when unknown, e.g. attached without --server-pid).
    std::optional<Memory> memory;                // at the end of the window (VmHWM: the peak of the whole run)
    std::optional<double> server_cpu_percent;    // of one core, inside the window
    std::optional<double> tool_cpu_percent;      // this tool's, of one core, inside the window
    std::optional<double> load_start, load_end;  // 1-minute load average at the window's ends

    double moves_per_second() const { return measured_seconds > 0 ? static_cast<double>(moves) / measured_seconds : 0; }
    /// No error, every move acknowledged and seen by the opponent.
    bool clean() const { return errors.total() == 0; }
};

}  // namespace schach::load
