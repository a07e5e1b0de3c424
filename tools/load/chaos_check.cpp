#include "chaos_check.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/fen.hpp"
#include "core/position.hpp"
#include "notation/notation.hpp"

namespace schach::chaos {
namespace {

void add(std::vector<Violation>& out, ViolationKind kind, const std::string& game, std::string detail) {
    out.push_back(Violation{kind, game, std::move(detail)});
}

/// Plies 0..n-1 in order, each move legal from the start position, epochs never decreasing.
void check_stored(const std::string& id, const StoredGame& g, std::vector<Violation>& out) {
    for (std::size_t i = 0; i < g.moves.size(); ++i)
        if (g.moves[i].ply != static_cast<int>(i)) {
            add(out, ViolationKind::PlyGap, id,
                fmt::format("stored plies are not contiguous: expected ply {}, found {}", i, g.moves[i].ply));
            return;  // the replay would only repeat the gap
        }
    ValidateOptions options;
    options.variant = g.chess960 ? Variant::Chess960 : Variant::Standard;
    auto start = position_from_fen(g.initial_fen, options);
    if (!start) {
        add(out, ViolationKind::IllegalMove, id,
            fmt::format("the stored start position '{}' is no position", g.initial_fen));
        return;
    }
    Position pos = *start;
    for (const StoredMove& m : g.moves) {
        auto move = parse_uci(pos, m.uci);
        if (!move) {
            add(out, ViolationKind::IllegalMove, id,
                fmt::format("ply {}: '{}' is not legal in {}", m.ply, m.uci, to_fen(pos)));
            break;
        }
        pos.do_move(*move);
    }
    std::optional<std::int64_t> last;
    for (const StoredMove& m : g.moves) {
        if (!m.epoch) continue;
        if (last && *m.epoch < *last)
            add(out, ViolationKind::EpochDecreased, id,
                fmt::format("ply {} was written with epoch {} after a move of epoch {}", m.ply, *m.epoch, *last));
        last = std::max(last.value_or(*m.epoch), *m.epoch);
    }
}

void check_client(const ClientGame& c, const StoredGame& g, std::vector<Violation>& out) {
    for (const auto& [ply, uci] : c.acked) {
        if (ply < 0 || static_cast<std::size_t>(ply) >= g.moves.size()) {
            add(out, ViolationKind::LostAck, c.id,
                fmt::format("the acknowledged move {} at ply {} is not stored ({} plies stored)", uci, ply,
                            g.moves.size()));
        } else if (g.moves[static_cast<std::size_t>(ply)].uci != uci) {
            add(out, ViolationKind::AckDiffers, c.id,
                fmt::format("ply {}: {} was acknowledged, {} is stored", ply, uci,
                            g.moves[static_cast<std::size_t>(ply)].uci));
        }
    }
    for (std::size_t i = 0; i < c.received.size(); ++i) {
        if (i >= g.moves.size()) {
            add(out, ViolationKind::ReceivedNotPrefix, c.id,
                fmt::format("the client received {} moves, {} are stored", c.received.size(), g.moves.size()));
            break;
        }
        if (g.moves[i].uci != c.received[i]) {
            add(out, ViolationKind::ReceivedNotPrefix, c.id,
                fmt::format("ply {}: the client received {}, {} is stored", i, c.received[i], g.moves[i].uci));
            break;
        }
    }
    for (const std::string& note : c.contradictions) add(out, ViolationKind::ClientContradiction, c.id, note);
}

/// The first progress of `c` after `at` (before `end`), if any.
std::optional<Clock::time_point> progress_after(const ClientGame& c, Clock::time_point at, Clock::time_point end) {
    const auto it = std::upper_bound(c.progress.begin(), c.progress.end(), at);
    if (it == c.progress.end() || *it > end) return std::nullopt;
    return *it;
}

/// Whether the game ran at `at`: it went on before and had not ended.
bool running_at(const ClientGame& c, Clock::time_point at) {
    if (c.progress.empty() || c.progress.front() > at) return false;
    return !c.ended || *c.ended > at;
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

}  // namespace

std::string_view violation_kind_id(ViolationKind kind) {
    switch (kind) {
        case ViolationKind::MissingGame: return "missing-game";
        case ViolationKind::LostAck: return "lost-ack";
        case ViolationKind::AckDiffers: return "ack-differs";
        case ViolationKind::PlyGap: return "ply-gap";
        case ViolationKind::IllegalMove: return "illegal-move";
        case ViolationKind::EpochDecreased: return "epoch-decreased";
        case ViolationKind::ReceivedNotPrefix: return "received-not-prefix";
        case ViolationKind::ClientContradiction: return "client-contradiction";
        case ViolationKind::ServedDiffers: return "served-differs";
        case ViolationKind::NoProgress: return "no-progress";
    }
    return "unknown";
}

std::vector<Violation> check_histories(const std::vector<ClientGame>& clients,
                                       const std::map<std::string, StoredGame>& stored) {
    std::vector<Violation> out;
    for (const auto& [id, game] : stored) check_stored(id, game, out);
    for (const ClientGame& c : clients) {
        const auto it = stored.find(c.id);
        if (it == stored.end()) {
            add(out, ViolationKind::MissingGame, c.id, "the game was created, but it is not stored");
            continue;
        }
        check_client(c, it->second, out);
    }
    return out;
}

std::vector<Violation> check_served(const std::vector<ServedGame>& served, const std::vector<ClientGame>& clients,
                                    const std::map<std::string, StoredGame>& stored) {
    std::map<std::string, bool> may_trail;
    for (const ClientGame& c : clients) may_trail[c.id] = c.computer || c.unsettled;
    std::vector<Violation> out;
    for (const ServedGame& s : served) {
        const auto it = stored.find(s.id);
        if (it == stored.end()) continue;  // check_histories reports it
        const std::vector<StoredMove>& moves = it->second.moves;
        std::size_t same = 0;
        while (same < s.moves.size() && same < moves.size() && s.moves[same] == moves[same].uci) ++same;
        const bool prefix = same == s.moves.size() && s.moves.size() <= moves.size();
        const std::size_t behind = moves.size() - std::min(moves.size(), s.moves.size());
        const std::size_t allowed = may_trail[s.id] ? 1 : 0;
        if (!prefix)
            add(out, ViolationKind::ServedDiffers, s.id,
                fmt::format("node {} serves {} moves that differ from the {} stored from ply {} on", s.node,
                            s.moves.size(), moves.size(), same));
        else if (behind > allowed)
            add(out, ViolationKind::ServedDiffers, s.id,
                fmt::format("node {} serves {} moves, {} are stored", s.node, s.moves.size(), moves.size()));
    }
    return out;
}

std::vector<FailoverFigures> failover_figures(const std::vector<ClientGame>& clients, const std::vector<Fault>& faults,
                                              Clock::time_point run_end, std::chrono::milliseconds hit_threshold) {
    std::vector<FailoverFigures> all;
    for (const Fault& f : faults) {
        FailoverFigures fig;
        fig.fault = f.what;
        std::vector<double> hit;
        for (const ClientGame& c : clients) {
            if (!running_at(c, f.at)) continue;
            ++fig.games;
            const auto next = progress_after(c, f.at, run_end);
            if (!next) {
                fig.stuck.push_back(c.id);
                continue;
            }
            const double wait = seconds(*next - f.at);
            fig.max_seconds = std::max(fig.max_seconds, wait);
            if (*next - f.at > hit_threshold) hit.push_back(wait);
        }
        fig.waited = static_cast<int>(hit.size());
        if (!hit.empty()) {
            std::sort(hit.begin(), hit.end());
            fig.p50_seconds = hit[hit.size() / 2];
        }
        fig.waits = std::move(hit);
        all.push_back(std::move(fig));
    }
    return all;
}

std::vector<Violation> check_failover(const std::vector<ClientGame>& clients, const std::vector<Fault>& faults,
                                      Clock::time_point run_end, std::chrono::milliseconds bound) {
    std::vector<Violation> out;
    for (const Fault& f : faults) {
        for (const ClientGame& c : clients) {
            if (!running_at(c, f.at)) continue;
            const auto next = progress_after(c, f.at, run_end);
            if (!next) {
                add(out, ViolationKind::NoProgress, c.id,
                    fmt::format("no move after the fault '{}' ({:.1f} s until the end of play)", f.what,
                                seconds(run_end - f.at)));
            } else if (*next - f.at > bound) {
                add(out, ViolationKind::NoProgress, c.id,
                    fmt::format("the first move after the fault '{}' came after {:.1f} s (bound {:.1f} s)", f.what,
                                seconds(*next - f.at), seconds(bound)));
            }
        }
    }
    return out;
}

}  // namespace schach::chaos
