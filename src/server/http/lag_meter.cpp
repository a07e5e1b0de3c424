#include "server/http/lag_meter.hpp"

#include <charconv>

namespace schach::server {

std::string LagMeter::ping(std::int64_t now_ms) {
    pending_ = now_ms;
    return std::to_string(now_ms);
}

void LagMeter::pong(std::string_view payload, std::int64_t now_ms) {
    std::int64_t sent = 0;
    const auto [end, ec] = std::from_chars(payload.data(), payload.data() + payload.size(), sent);
    if (ec != std::errc{} || end != payload.data() + payload.size() || payload.empty()) return;
    std::int64_t expected = sent;
    if (sent < 0 || !pending_.compare_exchange_strong(expected, -1)) return;  // not the last ping's answer
    const std::int64_t rtt = now_ms - sent;
    if (rtt < 0) return;
    const std::int64_t sample = rtt / 2;
    lag_ = measured_ ? (3 * lag_.load() + sample) / 4 : sample;
    measured_ = true;
}

}  // namespace schach::server
