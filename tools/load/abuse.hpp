#pragma once
// The abusers of the soak test (issue #27): what one hostile client does to deny the service to
// the others, each from its own loopback address (Linux routes all of 127.0.0.0/8 to lo, so a
// client can bind 127.0.1.66 as its source), while the load's normal players play from theirs.
//
// - idle: connections that send half a request line and wait; each closed one is opened again.
// - create: new games against the computer at level 8 (1+0, the computer to move) as fast as the
//   server answers, counting the 201s and 429s.
// - flood: WebSockets that send pings without pause; the server should close them (1008).
// - analyses: games of its own, finished at once (two moves, then resigned), whose computer
//   analysis it asks for again and again, each time with a browser id of its own making (a
//   cookie the server cannot tell from a real one): the limit per address should refuse it.
// - board: the analysis board's WebSocket (/api/v1/analysis/socket) from several sockets at once,
//   each asking for a new position's lines every few hundred ms (under the message limit), and
//   one more that sends without pause (closed for flooding, its address then barred).
// - probe: a new player's game at level 1 from yet another address, again and again: the time
//   from 1.e4 to the computer's answer (the figure the goal is about); after each, the
//   same player's analysis board: the time to its first engine lines.

#include <atomic>
#include <cstdint>
#include <string>

#include "latency.hpp"

namespace schach::load {

/// The abusers' addresses are in 127.0.1.0/24, apart from the players' (127.0.0.10 and up,
/// --source-addresses): a player sharing an abuser's address would share its limits.
struct AbuseOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;
    double duration_seconds = 60;
    int idle_connections = 1100;
    std::string idle_address = "127.0.1.66";
    int creations = 300;  // game creations in all (as fast as answered)
    std::string create_address = "127.0.1.67";
    int flooders = 4;  // WebSockets sending without pause
    std::string flood_address = "127.0.1.68";
    int analysis_interval_ms = 50;  // an analysis asked for every this often; 0: none
    std::string analysis_address = "127.0.1.69";
    int board_sockets = 8;        // analysis board sockets asking every board_interval_ms (+1 flooding); 0: none
    int board_interval_ms = 250;  // under the message limit (100 per 20 s)
    std::string board_address = "127.0.1.71";
    int probe_interval_ms = 3000;  // a level-1 game every this often; 0: no probe
    std::string probe_address = "127.0.1.70";
};

struct AbuseResult {
    std::int64_t idle_opened = 0;              // idle connections opened (reopened ones included)
    std::int64_t idle_closed = 0;              // closed by the server (deadline, cap)
    std::int64_t idle_refused = 0;             // answered 429 at once (the limit per address)
    std::int64_t created = 0;                  // 201
    std::int64_t create_refused = 0;           // 429
    std::int64_t create_other = 0;             // any other answer or a failed request
    std::int64_t flood_messages = 0;           // sent
    std::int64_t flood_closed = 0;             // WebSockets the server closed
    std::int64_t analysis_games = 0;           // finished games made for it
    std::int64_t analysis_accepted = 0;        // 202
    std::int64_t analysis_refused = 0;         // 429 analysis_limit with a Retry-After
    std::int64_t analysis_other = 0;           // any other answer or a failed request
    std::int64_t analysis_create_refused = 0;  // its games' creations refused (429)
    std::int64_t board_sent = 0;               // `analyse` messages sent
    std::int64_t board_answered = 0;           // of those, answered with lines
    std::int64_t board_refused = 0;            // error analysis_limit (the address's searches)
    std::int64_t board_busy = 0;               // error busy (the server's queue is full)
    std::int64_t board_closed = 0;             // sockets the server closed
    std::int64_t board_connect_refused = 0;    // handshakes refused (429: the address barred)
    std::int64_t probes = 0;                   // level-1 games that answered 1.e4
    std::int64_t probe_failures = 0;           // created but no answer within 30 s, or a failed request
    std::int64_t probe_create_refused = 0;     // the probe's own creation refused (should be 0)
    LatencySummary probe_reply;                // 1.e4 -> the computer's move
    std::int64_t board_probes = 0;             // the probe's analysis board answered with lines
    std::int64_t board_probe_refused = 0;      // refused (an error instead of lines)
    std::int64_t board_probe_failures = 0;     // no answer within 30 s, or a failed handshake
    LatencySummary board_probe_reply;          // `analyse` -> its first lines
    // The server's engine queue at the end (GET /healthz): the most that waited at once and the
    // waits for a free engine (-1: not read).
    std::int64_t engine_max_queued = -1, engine_wait_p99_ms = -1, engine_wait_max_ms = -1;
    std::int64_t engine_cut_short = -1;  // searches cut at their slice for another client
};

/// Runs the abusers for `duration_seconds` on a thread of its own (the caller's); `stop` ends it
/// early.
AbuseResult run_abuse(const AbuseOptions& options, const std::atomic<bool>& stop);

}  // namespace schach::load
