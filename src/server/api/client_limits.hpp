#pragma once
// What one client may take of the server (issue #27): open connections per address, and rates
// per address (new games a minute and an hour). Pure and thread-safe; the time is passed in, so
// that tests step it. The transport asks before it serves; a refusal carries the seconds after
// which the same request would be taken (the `Retry-After` of the 429 answer).
//
// Rates are GCRA (the generic cell rate algorithm, as nginx's limit_req and many API gateways
// do): one timestamp per client and rate, a burst of `count` at once and then one every
// `window / count`. So "300 an hour" takes 300 creations at once and refuses the 301st until a
// twelfth of a minute has passed, without keeping 300 timestamps per address.

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace schach::server {

using LimitClock = std::chrono::steady_clock;

/// A rate: at most `count` in any `window` (as a burst, then evenly spread).
struct Rate {
    int count = 0;  // 0: no limit
    std::chrono::seconds window{60};
};

struct ClientLimitOptions {
    int connections_per_address = 32;  // open at once from one address; 0: no limit
    Rate games_per_minute{20, std::chrono::seconds(60)};
    Rate games_per_hour{300, std::chrono::seconds(3600)};
    /// After one of its WebSockets was closed for flooding, an address may not connect again for
    /// this long (a flooder reconnecting at once would make the server pay a handshake and a
    /// game's state each time); 0: no ban.
    std::chrono::seconds flood_ban{30};
    /// Peers whose `X-Forwarded-For` is believed (the proxy in front, e.g. haproxy on loopback).
    std::vector<std::string> trusted_proxies;
};

/// The limits a request can run into.
enum class LimitKind : std::uint8_t { Connections, Games };

struct LimitRefusal {
    LimitKind kind;
    std::chrono::seconds retry_after;  // at least 1
};

/// The client's address: the peer's, or, when the peer is a trusted proxy, the last address of
/// `X-Forwarded-For` that is not itself a trusted proxy (the one the proxy saw; everything left
/// of it the client may have written itself). Whitespace around entries is ignored; an empty or
/// all-trusted header leaves the peer.
std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted_proxies);

class ClientLimits {
public:
    explicit ClientLimits(ClientLimitOptions options);

    const ClientLimitOptions& options() const { return options_; }
    bool trusted(std::string_view peer) const;

    /// Counts a connection from `address` at `now`, or refuses it (the count unchanged): too
    /// many open, or the address is banned. A trusted proxy's connections are never refused here:
    /// the proxy counts its clients itself.
    std::optional<LimitRefusal> open_connection(const std::string& address, LimitClock::time_point now);
    /// Each counted connection, once.
    void close_connection(const std::string& address);
    int connections(const std::string& address) const;

    /// Bans `address` from `now` for options().flood_ban (not a trusted proxy: its clients are
    /// banned by their own addresses).
    void ban_flooder(const std::string& address, LimitClock::time_point now);
    /// The ban still ahead of `address` at `now`, if any (for a client behind a trusted proxy,
    /// checked where its own address is known).
    std::optional<LimitRefusal> banned(const std::string& address, LimitClock::time_point now) const;

    /// Takes one new game for `address` at `now`, or refuses it (nothing taken).
    std::optional<LimitRefusal> take_game(const std::string& address, LimitClock::time_point now);

    /// Addresses with state (open connections or a rate not yet back to its full burst).
    std::size_t tracked() const;

private:
    struct Bucket {
        LimitClock::time_point minute{}, hour{};  // GCRA's theoretical arrival times
        LimitClock::time_point banned_until{};
        int open = 0;
    };
    void forget_idle(LimitClock::time_point now);

    ClientLimitOptions options_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Bucket> clients_;
    std::size_t since_sweep_ = 0;
};

}  // namespace schach::server
