#pragma once
// LagMeter: one WebSocket's network lag, measured by the server's own ping frames. The payload of
// each ping is its send time; only the pong that answers the last ping counts (an unasked pong,
// or Beast's keep-alive pings with an empty payload, change nothing), so a client can make its
// lag look larger only by answering late, which the lag compensation bounds (LagCapMs, quota).

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace schach::server {

class LagMeter {
public:
    /// The payload of a ping sent at `now_ms` (any steady scale).
    std::string ping(std::int64_t now_ms);
    /// A pong with `payload` arrived at `now_ms`.
    void pong(std::string_view payload, std::int64_t now_ms);
    /// Half the smoothed round trip (3/4 the old value, 1/4 the new sample); 0 before any.
    std::int64_t lag_ms() const { return lag_.load(); }

private:
    std::atomic<std::int64_t> pending_{-1};  // the send time of the unanswered ping, -1: none
    std::atomic<std::int64_t> lag_{0};
    bool measured_ = false;
};

}  // namespace schach::server
