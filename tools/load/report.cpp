#include "report.hpp"

#include <fmt/format.h>

#include <utility>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "text/cli_text.hpp"

namespace schach::load {
namespace {

std::string ms(std::int64_t micros) { return fmt::format("{:.2f}", static_cast<double>(micros) / 1000.0); }
std::string one(double x) { return fmt::format("{:.1f}", x); }
std::string opt(const std::optional<double>& x, int decimals) {
    return x ? fmt::format("{:.{}f}", *x, decimals) : std::string("-");
}

/// The fields in their stable order: key and text ("-" for unknown); `number` false for texts.
struct Field {
    std::string key, value;
    bool number = true;
};

/// The fields of a cluster run, after the others (the line of a run on one server stays as it was).
template <class Add>
void add_cluster_fields(const ClusterFigures& c, Add& add) {
    add("nodes", std::to_string(c.nodes));
    add("killed", c.killed.empty() ? "-" : c.killed, false);
    add("kill_at_s", one(c.kill_at_seconds));
    add("failover_games", std::to_string(c.games_on_killed));
    add("failover_p50_ms", ms(c.failover.p50));
    add("failover_p99_ms", ms(c.failover.p99));
    add("failover_max_ms", ms(c.failover.max));
    add("failover_not_recovered", std::to_string(c.not_recovered));
    add("resumed_p50_ms", ms(c.resumed.p50));
    add("resumed_p99_ms", ms(c.resumed.p99));
    add("resumed_max_ms", ms(c.resumed.max));
    add("ack_outside_p50_ms", ms(c.ack_outside.p50));
    add("ack_outside_p99_ms", ms(c.ack_outside.p99));
    add("ack_outside_max_ms", ms(c.ack_outside.max));
    add("ack_failover_p50_ms", ms(c.ack_failover.p50));
    add("ack_failover_p99_ms", ms(c.ack_failover.p99));
    add("ack_failover_moves", std::to_string(c.ack_failover.count));
    add("reconnects", std::to_string(c.reconnects));
    add("redirects", std::to_string(c.redirects));
    add("resends", std::to_string(c.resends));
    add("confirmed", std::to_string(c.confirmed));
    add("retries", std::to_string(c.retries));
    add("moves_stored", std::to_string(c.moves_stored));
    add("nodes_cpu_pct", opt(c.nodes_cpu_percent, 1));
    add("pg_cpu_pct", opt(c.database_cpu_percent, 1));
    add("proxy_cpu_pct", opt(c.proxy_cpu_percent, 1));
}

std::vector<Field> fields(const LoadResult& r) {
    std::vector<Field> f;
    auto add = [&](std::string key, std::string value, bool number = true) {
        f.push_back({std::move(key), std::move(value), number});
    };
    add("games", std::to_string(r.games));
    add("sockets", std::to_string(r.sockets_per_game));
    add("think_ms", std::to_string(r.think_ms));
    add("tc", r.tc.empty() ? "-" : r.tc, false);
    add("seconds", one(r.measured_seconds));
    add("ramp_s", one(r.ramp_seconds));
    add("games_at_start", std::to_string(r.games_at_start));
    add("games_min", std::to_string(r.games_min));
    add("moves", std::to_string(r.moves));
    add("moves_total", std::to_string(r.moves_total));
    add("moves_per_s", one(r.moves_per_second()));
    add("games_ended", std::to_string(r.games_ended));
    const std::pair<const char*, const LatencySummary*> kinds[] = {
        {"ack", &r.ack}, {"seen", &r.seen}, {"ping", &r.ping}};
    for (const auto& [name, s] : kinds) {
        add(fmt::format("{}_p50_ms", name), ms(s->p50));
        add(fmt::format("{}_p90_ms", name), ms(s->p90));
        add(fmt::format("{}_p99_ms", name), ms(s->p99));
        add(fmt::format("{}_max_ms", name), ms(s->max));
    }
    add("errors", std::to_string(r.errors.total()));
    add("error_events", std::to_string(r.errors.error_events));
    add("refusals", std::to_string(r.errors.refusals));
    add("dropped", std::to_string(r.errors.dropped));
    add("failed_requests", std::to_string(r.errors.failed_requests));
    add("unacked", std::to_string(r.errors.unacked));
    add("unseen", std::to_string(r.errors.unseen));
    add("not_stored", std::to_string(r.errors.not_stored));
    add("stored_games", r.stored ? std::to_string(r.stored->games) : "-");
    add("stored_acked", r.stored ? std::to_string(r.stored->acked) : "-");
    add("stored_missing", r.stored ? std::to_string(r.stored->missing) : "-");
    add("stored_unreadable", r.stored ? std::to_string(r.stored->unreadable) : "-");
    add("rss_kib", r.memory ? std::to_string(r.memory->rss_kib) : "-");
    add("hwm_kib", r.memory ? std::to_string(r.memory->hwm_kib) : "-");
    add("server_cpu_pct", opt(r.server_cpu_percent, 1));
    add("tool_cpu_pct", opt(r.tool_cpu_percent, 1));
    add("load_start", opt(r.load_start, 2));
    add("load_end", opt(r.load_end, 2));
    const std::optional<MemoryTrend>& t = r.memory_trend;
    add("rss_samples", t ? std::to_string(t->samples) : "-");
    add("rss_peak_kib", t ? std::to_string(t->peak_kib) : "-");
    add("rss_mid_kib", t ? std::to_string(t->middle_kib) : "-");
    add("rss_last_kib", t ? std::to_string(t->last_kib) : "-");
    if (r.cluster) add_cluster_fields(*r.cluster, add);
    add("violations", std::to_string(r.errors.violations));
    return f;
}

std::string mib(long kib) { return fmt::format("{:.1f}", static_cast<double>(kib) / 1024.0); }

template <class Line>
void cluster_summary(const ClusterFigures& c, const LoadResult& r, Language lang, Line& line) {
    if (c.killed.empty()) {
        line(say(Msg::LoadSummaryClusterNoFault, lang, c.nodes));
    } else {
        line(say(Msg::LoadSummaryClusterFault, lang, c.nodes, c.killed, one(c.kill_at_seconds), c.games_on_killed));
        line(say(Msg::LoadSummaryFailover, lang, ms(c.failover.p50), ms(c.failover.p99), ms(c.failover.max),
                 c.failover.count, c.not_recovered));
        line(say(Msg::LoadSummaryResumed, lang, ms(c.resumed.p50), ms(c.resumed.p99), ms(c.resumed.max),
                 c.resumed.count));
        line(say(Msg::LoadSummaryAckFailover, lang, ms(c.ack_failover.p50), ms(c.ack_failover.p99),
                 ms(c.ack_failover.max), c.ack_failover.count));
    }
    line(say(Msg::LoadSummaryAckOutside, lang, ms(c.ack_outside.p50), ms(c.ack_outside.p90), ms(c.ack_outside.p99),
             ms(c.ack_outside.max), c.ack_outside.count));
    line(say(Msg::LoadSummaryFollowed, lang, c.reconnects, c.redirects, c.resends, c.confirmed, c.retries));
    line(say(Msg::LoadSummaryRecord, lang, c.moves_stored, r.errors.violations, c.violation_kinds));
    line(say(Msg::LoadSummaryClusterCpu, lang, r.memory ? mib(r.memory->rss_kib) : "-",
             r.memory ? mib(r.memory->hwm_kib) : "-", opt(c.nodes_cpu_percent, 0), opt(c.database_cpu_percent, 0),
             opt(c.proxy_cpu_percent, 0)));
}

}  // namespace

std::string machine_line(const LoadResult& result) {
    std::string line = "schach-load";
    for (const Field& f : fields(result)) line += fmt::format(" {}={}", f.key, f.value);
    return line;
}

std::string result_json(const LoadResult& result) {
    boost::json::object o;
    for (const Field& f : fields(result)) {
        if (f.value == "-") o[f.key] = nullptr;
        else if (!f.number) o[f.key] = f.value;
        else if (f.value.find('.') != std::string::npos) o[f.key] = std::stod(f.value);
        else o[f.key] = std::stoll(f.value);
    }
    // Each second of the window: [acks, p50, p99, max] (µs).
    boost::json::array seconds;
    for (const LatencySummary& s : result.ack_by_second)
        seconds.push_back(boost::json::array{static_cast<std::int64_t>(s.count), s.p50, s.p99, s.max});
    o["ack_by_second"] = std::move(seconds);
    return boost::json::serialize(o);
}

std::string human_summary(const LoadResult& r, Language lang) {
    std::string out;
    auto line = [&](const std::string& text) { out += text + "\n"; };
    line(say(Msg::LoadSummaryGames, lang, r.games, r.sockets_per_game, r.think_ms, one(r.moves_per_second()),
             one(r.measured_seconds), one(r.ramp_seconds)));
    line(say(Msg::LoadSummaryAck, lang, ms(r.ack.p50), ms(r.ack.p90), ms(r.ack.p99), ms(r.ack.max), r.ack.count));
    line(say(Msg::LoadSummarySeen, lang, ms(r.seen.p50), ms(r.seen.p90), ms(r.seen.p99), ms(r.seen.max), r.seen.count));
    line(say(Msg::LoadSummaryPing, lang, ms(r.ping.p50), ms(r.ping.p90), ms(r.ping.p99), ms(r.ping.max), r.ping.count));
    line(say(Msg::LoadSummaryErrors, lang, r.errors.total(), r.errors.error_events, r.errors.refusals, r.errors.dropped,
             r.errors.failed_requests, r.errors.unacked, r.errors.unseen));
    line(say(Msg::LoadSummaryGamesEnded, lang, r.games_ended, r.games_min));
    if (r.cluster) {
        cluster_summary(*r.cluster, r, lang, line);
    } else if (r.memory)
        line(say(Msg::LoadSummaryMemory, lang, mib(r.memory->rss_kib), mib(r.memory->hwm_kib),
                 opt(r.server_cpu_percent, 0)));
    if (r.memory_trend)
        line(say(Msg::LoadSummaryMemoryTrend, lang, r.memory_trend->samples, mib(r.memory_trend->peak_kib),
                 mib(r.memory_trend->middle_kib), mib(r.memory_trend->last_kib)));
    if (r.stored) {
        const StoredCheck& c = *r.stored;
        line(say(Msg::LoadSummaryStored, lang,
                 say(c.after_restart ? Msg::LoadStoredAfterRestart : Msg::LoadStoredLive, lang), c.games, c.acked,
                 c.missing, c.unreadable));
        for (const std::string& finding : c.first) line(say(Msg::LoadSummaryStoredFinding, lang, finding));
    }
    line(say(Msg::LoadSummaryMachine, lang, opt(r.load_start, 2), opt(r.load_end, 2), opt(r.tool_cpu_percent, 0)));
    return out;
}

std::string abuse_summary(const AbuseResult& a, Language lang) {
    std::string out;
    out += say(Msg::LoadSummaryAbuseIdle, lang, a.idle_opened, a.idle_closed, a.idle_refused) + "\n";
    out += say(Msg::LoadSummaryAbuseCreate, lang, a.created, a.create_refused, a.create_other) + "\n";
    out += say(Msg::LoadSummaryAbuseFlood, lang, a.flood_messages, a.flood_closed) + "\n";
    out += say(Msg::LoadSummaryAbuseAnalysis, lang, a.analysis_games, a.analysis_accepted, a.analysis_refused,
               a.analysis_other, a.analysis_create_refused) +
           "\n";
    out += say(Msg::LoadSummaryAbuseBoard, lang, a.board_sent, a.board_answered, a.board_refused, a.board_busy,
               a.board_closed, a.board_connect_refused) +
           "\n";
    out += say(Msg::LoadSummaryProbe, lang, ms(a.probe_reply.p50), ms(a.probe_reply.p99), ms(a.probe_reply.max),
               a.probes, a.probe_failures) +
           "\n";
    out += say(Msg::LoadSummaryBoardProbe, lang, ms(a.board_probe_reply.p50), ms(a.board_probe_reply.p99),
               ms(a.board_probe_reply.max), a.board_probes, a.board_probe_refused, a.board_probe_failures) +
           "\n";
    return out;
}

std::string abuse_machine_fields(const AbuseResult& a) {
    return fmt::format(
        "abuse_idle_opened={} abuse_idle_closed={} abuse_idle_refused={} abuse_created={} abuse_create_refused={} "
        "abuse_create_other={} abuse_flood_messages={} abuse_flood_closed={} probes={} probe_failures={} "
        "probe_create_refused={} probe_p50_ms={} probe_p99_ms={} probe_max_ms={} engine_max_queued={} "
        "engine_wait_p99_ms={} engine_wait_max_ms={} engine_cut_short={} abuse_analysis_games={} "
        "abuse_analysis_accepted={} abuse_analysis_refused={} abuse_analysis_other={} "
        "abuse_analysis_create_refused={} abuse_board_sent={} abuse_board_answered={} abuse_board_refused={} "
        "abuse_board_busy={} abuse_board_closed={} abuse_board_connect_refused={} board_probes={} "
        "board_probe_refused={} board_probe_failures={} board_probe_p50_ms={} board_probe_p99_ms={} "
        "board_probe_max_ms={}",
        a.idle_opened, a.idle_closed, a.idle_refused, a.created, a.create_refused, a.create_other, a.flood_messages,
        a.flood_closed, a.probes, a.probe_failures, a.probe_create_refused, ms(a.probe_reply.p50),
        ms(a.probe_reply.p99), ms(a.probe_reply.max), a.engine_max_queued, a.engine_wait_p99_ms, a.engine_wait_max_ms,
        a.engine_cut_short, a.analysis_games, a.analysis_accepted, a.analysis_refused, a.analysis_other,
        a.analysis_create_refused, a.board_sent, a.board_answered, a.board_refused, a.board_busy, a.board_closed,
        a.board_connect_refused, a.board_probes, a.board_probe_refused, a.board_probe_failures,
        ms(a.board_probe_reply.p50), ms(a.board_probe_reply.p99), ms(a.board_probe_reply.max));
}

}  // namespace schach::load
