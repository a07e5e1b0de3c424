#pragma once
// The fault test's players (schach-chaos): `games` games at once through the proxy, each on one
// WebSocket that holds the client's seats (a game at one device: both seats; every
// `computer_every`th game against the computer at level 1: one seat). They go on through the
// faults as the page does: a socket that ends is opened again, a redirect (HTTP 307 on the
// handshake, or the close 4307 "node=OWNER") is followed with ?node=OWNER, and a move without
// its ack is sent again (same ply and move) on the new socket. A game that ends is followed by a
// new one in its slot. Everything each client saw is recorded for the checker (chaos_check.hpp).
// All on one thread of its own (one io_context).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "chaos_check.hpp"

namespace schach::chaos {

struct PlayerOptions {
    std::string host = "127.0.0.1";  // the proxy (a numeric address)
    std::uint16_t port = 0;
    int games = 12;              // at once
    int computer_every = 4;      // every n-th slot plays the computer at level 1; 0: none
    int think_ms = 300;          // mean; each wait uniform in [think/2, 3 think/2]
    int ack_timeout_ms = 4000;   // a move without its ack this long: the socket is opened again
    int idle_timeout_ms = 4000;  // waiting for the computer without any message this long: the same
    std::uint32_t seed = 1;
    Clock::time_point t0 = Clock::now();  // the start of the run, for the times in the notes
};

struct PlayerCounts {
    std::int64_t games = 0;       // created
    std::int64_t moves_sent = 0;  // first sends (not the resends)
    std::int64_t moves_acked = 0;
    std::int64_t resends = 0;          // a move sent again on a new socket
    std::int64_t connects = 0;         // WebSocket handshakes that succeeded
    std::int64_t reconnects = 0;       // sockets opened again after one ended (not by redirect)
    std::int64_t redirects = 0;        // 307 or 4307 followed
    std::int64_t failed_connects = 0;  // handshakes or creations that failed (then tried again)
    std::int64_t refusals = 0;         // {t:"refusal"}
    std::int64_t errors = 0;           // {t:"error"}
};

class Players {
public:
    explicit Players(PlayerOptions options);
    ~Players();
    Players(const Players&) = delete;
    Players& operator=(const Players&) = delete;

    /// Starts playing on a thread of its own.
    void start();
    /// No new moves from now on (a move on its way is still sent again until acknowledged);
    /// returns when every game has no move waiting, or after `drain`, then closes every socket
    /// and joins the thread.
    void finish(std::chrono::milliseconds drain);

    /// After finish: every game played, and the counts.
    const std::vector<ClientGame>& games() const { return records_; }
    const PlayerCounts& counts() const { return counts_; }

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::vector<ClientGame> records_;
    PlayerCounts counts_;
};

}  // namespace schach::chaos
