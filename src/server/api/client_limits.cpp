#include "server/api/client_limits.hpp"

#include <algorithm>

namespace schach::server {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool is_trusted(std::string_view address, const std::vector<std::string>& trusted) {
    return std::find(trusted.begin(), trusted.end(), address) != trusted.end();
}

using Duration = LimitClock::duration;

/// GCRA's step for one rate: the new theoretical arrival time, or how long until the request fits.
struct Step {
    LimitClock::time_point next;
    Duration wait{};
};
Step gcra(const Rate& rate, LimitClock::time_point stored, LimitClock::time_point now) {
    if (rate.count <= 0) return {stored, Duration::zero()};
    const Duration interval = std::chrono::duration_cast<Duration>(rate.window) / rate.count;
    const Duration tolerance = interval * (rate.count - 1);
    const LimitClock::time_point tat = std::max(stored, now);
    if (tat - now > tolerance) return {stored, tat - now - tolerance};
    return {tat + interval, Duration::zero()};
}

std::chrono::seconds whole_seconds_up(Duration d) {
    const auto s = std::chrono::ceil<std::chrono::seconds>(d);
    return std::max(s, std::chrono::seconds(1));
}

}  // namespace

std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted_proxies) {
    if (!is_trusted(peer, trusted_proxies)) return std::string(peer);
    // From the right: the first entry that is not one of our proxies is the client they saw.
    std::string_view rest = forwarded_for;
    while (!rest.empty()) {
        const auto comma = rest.rfind(',');
        const std::string_view entry = trim(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(0, comma);
        if (entry.empty()) continue;
        if (!is_trusted(entry, trusted_proxies)) return std::string(entry);
    }
    return std::string(peer);
}

ClientLimits::ClientLimits(ClientLimitOptions options) : options_(std::move(options)) {}

bool ClientLimits::trusted(std::string_view peer) const { return is_trusted(peer, options_.trusted_proxies); }

std::optional<LimitRefusal> ClientLimits::open_connection(const std::string& address, LimitClock::time_point now) {
    std::lock_guard lock(mutex_);
    Bucket& b = clients_[address];
    if (!trusted(address) && b.banned_until > now)
        return LimitRefusal{LimitKind::Connections, whole_seconds_up(b.banned_until - now)};
    if (options_.connections_per_address > 0 && !trusted(address) && b.open >= options_.connections_per_address)
        return LimitRefusal{LimitKind::Connections, std::chrono::seconds(10)};
    ++b.open;
    return std::nullopt;
}

void ClientLimits::close_connection(const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto it = clients_.find(address);
    if (it == clients_.end() || it->second.open == 0) return;
    const Bucket& b = it->second;
    if (--it->second.open == 0 && b.minute == LimitClock::time_point{} && b.hour == LimitClock::time_point{} &&
        b.banned_until == LimitClock::time_point{})
        clients_.erase(it);  // nothing more to remember of it
}

void ClientLimits::ban_flooder(const std::string& address, LimitClock::time_point now) {
    if (options_.flood_ban.count() <= 0 || trusted(address)) return;
    std::lock_guard lock(mutex_);
    Bucket& b = clients_[address];
    b.banned_until = std::max(b.banned_until, now + options_.flood_ban);
}

std::optional<LimitRefusal> ClientLimits::banned(const std::string& address, LimitClock::time_point now) const {
    std::lock_guard lock(mutex_);
    const auto it = clients_.find(address);
    if (it == clients_.end() || it->second.banned_until <= now) return std::nullopt;
    return LimitRefusal{LimitKind::Connections, whole_seconds_up(it->second.banned_until - now)};
}

int ClientLimits::connections(const std::string& address) const {
    std::lock_guard lock(mutex_);
    const auto it = clients_.find(address);
    return it == clients_.end() ? 0 : it->second.open;
}

std::optional<LimitRefusal> ClientLimits::take_game(const std::string& address, LimitClock::time_point now) {
    std::lock_guard lock(mutex_);
    if (++since_sweep_ >= 1024) forget_idle(now);
    Bucket& b = clients_[address];
    const Step minute = gcra(options_.games_per_minute, b.minute, now);
    const Step hour = gcra(options_.games_per_hour, b.hour, now);
    const Duration wait = std::max(minute.wait, hour.wait);
    if (wait > Duration::zero()) return LimitRefusal{LimitKind::Games, whole_seconds_up(wait)};
    b.minute = minute.next;
    b.hour = hour.next;
    return std::nullopt;
}

std::size_t ClientLimits::tracked() const {
    std::lock_guard lock(mutex_);
    return clients_.size();
}

void ClientLimits::forget_idle(LimitClock::time_point now) {
    since_sweep_ = 0;
    std::erase_if(clients_, [now](const auto& entry) {
        const Bucket& b = entry.second;
        return b.open == 0 && b.minute <= now && b.hour <= now && b.banned_until <= now;
    });
}

}  // namespace schach::server
