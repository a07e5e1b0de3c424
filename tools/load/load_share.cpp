#include "load_share.hpp"

#include <algorithm>
#include <type_traits>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_to.hpp>

namespace schach::load {
namespace {

namespace json = boost::json;

/// A vector of numbers or texts as a JSON array, and back (what is not of the kind left out).
template <class T>
json::array array_of(const std::vector<T>& values) {
    json::array a;
    a.reserve(values.size());
    for (const T& v : values) a.emplace_back(v);
    return a;
}

template <class T>
std::vector<T> vector_of(const json::object& o, std::string_view key) {
    std::vector<T> out;
    if (const json::value* v = o.if_contains(key); v != nullptr && v->is_array())
        for (const json::value& x : v->as_array()) {
            if constexpr (std::is_same_v<T, std::string>) {
                if (x.is_string()) out.emplace_back(x.as_string());
            } else if (x.is_int64()) {
                out.push_back(x.as_int64());
            }
        }
    return out;
}

std::int64_t count_of(const json::object& o, std::string_view key) {
    const json::value* v = o.if_contains(key);
    return v != nullptr && v->is_int64() ? v->as_int64() : 0;
}

double real_of(const json::object& o, std::string_view key) {
    const json::value* v = o.if_contains(key);
    return v != nullptr && v->is_number() ? v->to_number<double>() : 0;
}

std::optional<double> maybe_real(const json::object& o, std::string_view key) {
    const json::value* v = o.if_contains(key);
    return v != nullptr && v->is_number() ? std::optional(v->to_number<double>()) : std::nullopt;
}

json::object encode_record(const chaos::ClientGame& g) {
    json::object acked;
    for (const auto& [ply, uci] : g.acked) acked[std::to_string(ply)] = uci;
    return json::object{{"id", g.id},
                        {"received", array_of(g.received)},
                        {"acked", std::move(acked)},
                        {"contradictions", array_of(g.contradictions)}};
}

chaos::ClientGame decode_record(const json::object& o) {
    chaos::ClientGame g;
    if (const json::value* id = o.if_contains("id"); id != nullptr && id->is_string()) g.id = id->as_string();
    g.received = vector_of<std::string>(o, "received");
    g.contradictions = vector_of<std::string>(o, "contradictions");
    if (const json::value* acked = o.if_contains("acked"); acked != nullptr && acked->is_object())
        for (const auto& [ply, uci] : acked->as_object())
            if (uci.is_string()) g.acked[std::stoi(std::string(ply))] = std::string(uci.as_string());
    return g;
}

/// The counts of a share as (key, pointer) pairs, for the encoding and the merge alike.
template <class Result, class Figures>
auto counts(Result& r, Figures& c) {
    return std::vector<std::pair<const char*, std::int64_t*>>{
        {"moves", &r.moves},
        {"moves_total", &r.moves_total},
        {"games_ended", &r.games_ended},
        {"error_events", &r.errors.error_events},
        {"refusals", &r.errors.refusals},
        {"dropped", &r.errors.dropped},
        {"failed_requests", &r.errors.failed_requests},
        {"unacked", &r.errors.unacked},
        {"unseen", &r.errors.unseen},
        {"reconnects", &c.reconnects},
        {"redirects", &c.redirects},
        {"resends", &c.resends},
        {"confirmed", &c.confirmed},
        {"retries", &c.retries},
    };
}

}  // namespace

std::string encode_share(const LoadShare& share) {
    LoadResult r = share.result;
    ClusterFigures c = r.cluster.value_or(ClusterFigures{});
    json::object o;
    for (const auto& [key, value] : counts(r, c)) o[key] = *value;
    o["measured_seconds"] = r.measured_seconds;
    o["ramp_seconds"] = r.ramp_seconds;
    o["games_at_start"] = r.games_at_start;
    o["games_min"] = r.games_min;
    if (r.tool_cpu_percent) o["tool_cpu_percent"] = *r.tool_cpu_percent;
    if (r.load_start) o["load_start"] = *r.load_start;
    if (r.load_end) o["load_end"] = *r.load_end;
    o["killed"] = c.killed;
    o["kill_at_seconds"] = c.kill_at_seconds;
    o["games_on_killed"] = c.games_on_killed;
    o["not_recovered"] = c.not_recovered;
    const LoadSamples& s = share.samples;
    o["ack"] = array_of(s.ack);
    o["seen"] = array_of(s.seen);
    o["ping"] = array_of(s.ping);
    o["failover"] = array_of(s.failover);
    o["resumed"] = array_of(s.resumed);
    o["ack_outside"] = array_of(s.ack_outside);
    o["ack_failover"] = array_of(s.ack_failover);
    json::array records;
    records.reserve(share.records.size());
    for (const chaos::ClientGame& g : share.records) records.emplace_back(encode_record(g));
    o["records"] = std::move(records);
    return json::serialize(o);
}

bool decode_share(std::string_view text, LoadShare& share) {
    boost::system::error_code ec;
    const json::value v = json::parse(text, ec);
    if (ec || !v.is_object()) return false;
    const json::object& o = v.as_object();
    LoadResult& r = share.result;
    ClusterFigures& c = r.cluster.emplace();
    for (const auto& [key, value] : counts(r, c)) *value = count_of(o, key);
    r.measured_seconds = real_of(o, "measured_seconds");
    r.ramp_seconds = real_of(o, "ramp_seconds");
    r.games_at_start = static_cast<int>(count_of(o, "games_at_start"));
    r.games_min = static_cast<int>(count_of(o, "games_min"));
    r.tool_cpu_percent = maybe_real(o, "tool_cpu_percent");
    r.load_start = maybe_real(o, "load_start");
    r.load_end = maybe_real(o, "load_end");
    if (const json::value* k = o.if_contains("killed"); k != nullptr && k->is_string()) c.killed = k->as_string();
    c.kill_at_seconds = real_of(o, "kill_at_seconds");
    c.games_on_killed = static_cast<int>(count_of(o, "games_on_killed"));
    c.not_recovered = static_cast<int>(count_of(o, "not_recovered"));
    LoadSamples& s = share.samples;
    s.ack = vector_of<std::int64_t>(o, "ack");
    s.seen = vector_of<std::int64_t>(o, "seen");
    s.ping = vector_of<std::int64_t>(o, "ping");
    s.failover = vector_of<std::int64_t>(o, "failover");
    s.resumed = vector_of<std::int64_t>(o, "resumed");
    s.ack_outside = vector_of<std::int64_t>(o, "ack_outside");
    s.ack_failover = vector_of<std::int64_t>(o, "ack_failover");
    if (const json::value* records = o.if_contains("records"); records != nullptr && records->is_array())
        for (const json::value& g : records->as_array())
            if (g.is_object()) share.records.push_back(decode_record(g.as_object()));
    return true;
}

LoadResult merge_shares(const std::vector<LoadShare>& shares, int games) {
    LoadResult r;
    ClusterFigures& c = r.cluster.emplace();
    if (shares.empty()) return r;
    const LoadResult& first = shares.front().result;
    r.games = games;
    r.sockets_per_game = first.sockets_per_game;
    r.think_ms = first.think_ms;
    r.tc = first.tc;
    r.load_start = first.load_start;
    r.load_end = first.load_end;
    Latencies ack, seen, ping, failover, resumed, outside, in_failover;
    for (const LoadShare& share : shares) {
        LoadResult part = share.result;
        ClusterFigures part_figures = part.cluster.value_or(ClusterFigures{});
        const auto from = counts(part, part_figures);
        const auto to = counts(r, c);
        for (std::size_t i = 0; i < to.size(); ++i) *to[i].second += *from[i].second;
        r.measured_seconds = std::max(r.measured_seconds, part.measured_seconds);
        r.ramp_seconds = std::max(r.ramp_seconds, part.ramp_seconds);
        r.games_at_start += part.games_at_start;
        r.games_min += part.games_min;
        if (part.tool_cpu_percent) r.tool_cpu_percent = r.tool_cpu_percent.value_or(0) + *part.tool_cpu_percent;
        if (!part_figures.killed.empty()) {
            c.killed = part_figures.killed;
            c.kill_at_seconds = std::max(c.kill_at_seconds, part_figures.kill_at_seconds);
        }
        c.games_on_killed += part_figures.games_on_killed;
        c.not_recovered += part_figures.not_recovered;
        const LoadSamples& s = share.samples;
        ack.add_all(s.ack);
        seen.add_all(s.seen);
        ping.add_all(s.ping);
        failover.add_all(s.failover);
        resumed.add_all(s.resumed);
        outside.add_all(s.ack_outside);
        in_failover.add_all(s.ack_failover);
    }
    r.ack = ack.summary();
    r.seen = seen.summary();
    r.ping = ping.summary();
    c.failover = failover.summary();
    c.resumed = resumed.summary();
    c.ack_outside = outside.summary();
    c.ack_failover = in_failover.summary();
    return r;
}

int shares_needed(int games, int sockets, long open_files) {
    constexpr long Reserved = 256;  // the tool's own files: HTTP clients, the event loop, pipes, logs
    const long room = std::max(1000L, open_files - Reserved);
    const long needed = static_cast<long>(games) * sockets;
    return static_cast<int>(std::max(1L, (needed + room - 1) / room));
}

}  // namespace schach::load
