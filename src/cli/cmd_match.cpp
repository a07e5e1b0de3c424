// schach match -engine cmd=... -engine cmd=... [-each ...] [-concurrency N] [-games N] ...
//
// The match runner (src/match): UCI engines as child processes, games refereed by our Game and
// Clock, W/D/L, pentanomial Elo, LOS and SPRT, PGN, positions for tuning and a journal to resume.
// The settings follow cutechess-cli (one dash, KEY=VALUE), read by match/config.hpp.

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "match/config.hpp"
#include "match/openings.hpp"
#include "match/tournament.hpp"
#include "text/fen_text.hpp"
#include "text/outcome_text.hpp"
#include "text/pgn_text.hpp"

namespace schach::cli {
namespace {

using namespace schach::match;

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) { interrupted.store(true); }

/// Ctrl-C or SIGTERM once: no new games, the running ones finish and the journal stays whole;
/// a second one ends the program at once (the handler resets itself).
void catch_interrupts() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

std::string errno_text(int err) {
    if (err == ENOENT) return tr(Msg::NotFound);
    if (err == EACCES) return tr(Msg::PermissionDenied);
    return err != 0 ? std::strerror(err) : "?";
}

std::string config_error_text(const ConfigError& e) {
    switch (e.kind) {
        case ConfigError::Kind::UnknownOption: return tr(Msg::MatchUnknownOption, e.token);
        case ConfigError::Kind::MissingValue: return tr(Msg::MatchMissingValue, e.token);
        case ConfigError::Kind::BadValue: return tr(Msg::MatchBadValue, e.token, e.value);
        case ConfigError::Kind::UnknownKey: return tr(Msg::MatchUnknownKey, e.token, e.value);
        case ConfigError::Kind::TooFewEngines: return tr(Msg::MatchTooFewEngines);
        case ConfigError::Kind::MissingCommand: return tr(Msg::MatchMissingCommand, e.index);
        case ConfigError::Kind::NoLimit: return tr(Msg::MatchNoLimit, e.index);
        case ConfigError::Kind::DifferentClocks: return tr(Msg::MatchDifferentClocks, e.index);
        case ConfigError::Kind::SprtNeedsTwo: return tr(Msg::MatchSprtNeedsTwo);
    }
    return "?";
}

std::string opening_error_text(const OpeningError& e) {
    const std::string path = e.path.string();
    switch (e.kind) {
        case OpeningError::Kind::CannotOpen: return tr(Msg::MatchOpeningsCannotOpen, path);
        case OpeningError::Kind::BadFen: return tr(Msg::MatchOpeningsBadFen, path, e.line, describe(e.fen, lang()));
        case OpeningError::Kind::BadPgn: return tr(Msg::MatchOpeningsBadPgn, path, describe(e.pgn, lang()));
        case OpeningError::Kind::BadBook:
            if (e.book.kind == engine::BookError::Kind::CannotOpen) return tr(Msg::MatchOpeningsCannotOpen, path);
            return tr(Msg::MatchOpeningsBadBook, path);
        case OpeningError::Kind::Empty: return tr(Msg::MatchOpeningsEmpty, path);
    }
    return "?";
}

std::string run_error_text(const RunError& e, const MatchConfig& config) {
    switch (e.kind) {
        case RunError::Kind::CannotStartEngine:
            return tr(Msg::MatchCannotStartEngine, e.index, config.engines[static_cast<std::size_t>(e.index - 1)].cmd,
                      errno_text(e.error));
        case RunError::Kind::CannotWrite: return tr(Msg::MatchCannotWrite, e.path, errno_text(e.error));
        case RunError::Kind::JournalMismatch: return tr(Msg::MatchJournalMismatch, e.path);
    }
    return "?";
}

/// The sentence that ends a game's PGN.
std::string reason_text(const GameRecord& r, const std::string& white, const std::string& black) {
    const auto name = [&](Color c) { return c == Color::White ? white : black; };
    const Color culprit = r.culprit.value_or(r.outcome.winner() ? ~*r.outcome.winner() : Color::White);
    switch (r.reason) {
        case EndReason::Rules: return describe(r.outcome, lang());
        case EndReason::TimeForfeit: return tr(Msg::MatchReasonTimeForfeit, name(culprit), describe(r.outcome, lang()));
        case EndReason::IllegalMove: return tr(Msg::MatchReasonIllegal, name(culprit), r.bad_move, name(~culprit));
        case EndReason::Crash: return tr(Msg::MatchReasonCrash, name(culprit), name(~culprit));
        case EndReason::Stall: return tr(Msg::MatchReasonStall, name(culprit), name(~culprit));
        case EndReason::NotReady: return tr(Msg::MatchReasonNotReady, name(culprit), name(~culprit));
        case EndReason::ResignAdjudicated:
            if (!r.outcome.winner()) return describe(r.outcome, lang());
            return tr(Msg::MatchReasonResign, name(culprit), name(~culprit));
        case EndReason::DrawAdjudicated: return tr(Msg::MatchReasonDraw);
    }
    return {};
}

/// The first engine's results over all its pairings (two engines: the match).
Wdl first_engine_total(const MatchState& s, Pentanomial& pairs) {
    Wdl total;
    for (const PairingResult& p : s.pairings) {
        if (p.pairing.first != 0) continue;
        total.wins += p.wdl.wins;
        total.draws += p.wdl.draws;
        total.losses += p.wdl.losses;
        for (std::size_t i = 0; i < 5; ++i) pairs.counts[i] += p.pairs.counts[i];
    }
    return total;
}

std::string progress_line(const MatchState& s) {
    Pentanomial pairs;
    const Wdl w = first_engine_total(s, pairs);
    const EloEstimate e = pairs.pairs() > 0 ? elo_estimate(pairs) : elo_estimate(w);
    const double pct = w.games() > 0 ? 100.0 * w.points() / static_cast<double>(w.games()) : 0.0;
    std::string line = tr(Msg::MatchProgress, s.done, s.total, w.wins, w.draws, w.losses, pct, e.elo + 0.0, e.error);
    if (s.llr) line += tr(Msg::MatchProgressLlr, *s.llr, s.bounds.lower, s.bounds.upper);
    return line;
}

/// One row of the table: the first engine's results against `opponent`.
void print_row(const std::string& engine, const std::string& opponent, const Wdl& w, const Pentanomial& pairs) {
    const EloEstimate e = pairs.pairs() > 0 ? elo_estimate(pairs) : elo_estimate(w);
    const double pct = w.games() > 0 ? 100.0 * w.points() / static_cast<double>(w.games()) : 0.0;
    const auto& c = pairs.counts;
    fmt::print("| {} | {} | {} | {} | {} | {} | {:.1f} % | {:+.1f} | {:.1f} | {:.1f} % | {}, {}, {}, {}, {} |\n",
               engine, opponent, w.games(), w.wins, w.draws, w.losses, pct, e.elo + 0.0, e.error, 100.0 * e.los, c[0],
               c[1], c[2], c[3], c[4]);
}

void print_table(const MatchState& s, const MatchConfig& config) {
    fmt::print("{}\n", tr(Msg::MatchTableHeader));
    fmt::print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
    for (const PairingResult& p : s.pairings)
        print_row(s.names[static_cast<std::size_t>(p.pairing.first)],
                  s.names[static_cast<std::size_t>(p.pairing.second)], p.wdl, p.pairs);
    if (config.gauntlet && s.pairings.size() > 1) {
        Pentanomial pairs;
        const Wdl total = first_engine_total(s, pairs);
        print_row(s.names.front(), tr(Msg::MatchTableAll), total, pairs);
    }
    if (s.names.size() > 2 && !config.gauntlet) {
        // Standings: points of each engine over all its games.
        std::vector<std::pair<double, std::size_t>> points(s.names.size());
        std::vector<std::int64_t> games(s.names.size(), 0);
        for (std::size_t i = 0; i < points.size(); ++i) points[i].second = i;
        for (const PairingResult& p : s.pairings) {
            const auto a = static_cast<std::size_t>(p.pairing.first), b = static_cast<std::size_t>(p.pairing.second);
            points[a].first += p.wdl.points();
            points[b].first += static_cast<double>(p.wdl.games()) - p.wdl.points();
            games[a] += p.wdl.games();
            games[b] += p.wdl.games();
        }
        std::vector<std::int64_t> played = games;
        std::sort(points.begin(), points.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
        fmt::print("\n{}\n|--:|---|--:|--:|--:|\n", tr(Msg::MatchStandingsHeader));
        for (std::size_t rank = 0; rank < points.size(); ++rank) {
            const auto [pts, i] = points[rank];
            fmt::print("| {} | {} | {} | {:.1f} | {:.1f} |\n", rank + 1, s.names[i], played[i], pts,
                       played[i] > 0 ? 100.0 * pts / static_cast<double>(played[i]) : 0.0);
        }
    }
    if (s.llr && config.sprt) {
        fmt::print("\n");
        if (s.decision == SprtDecision::AcceptH1)
            fmt::print("{}\n", tr(Msg::MatchSprtH1, *s.llr, s.bounds.upper, config.sprt->elo1));
        else if (s.decision == SprtDecision::AcceptH0)
            fmt::print("{}\n", tr(Msg::MatchSprtH0, *s.llr, s.bounds.lower, config.sprt->elo1));
        else fmt::print("{}\n", tr(Msg::MatchSprtOpen, *s.llr, s.bounds.lower, s.bounds.upper));
    }
    std::map<EndReason, int> reasons;
    for (const PairingResult& p : s.pairings)
        for (const auto& [r, n] : p.reasons) reasons[r] += n;
    fmt::print("\n{}\n", tr(Msg::MatchForfeits, reasons[EndReason::TimeForfeit], reasons[EndReason::IllegalMove],
                            reasons[EndReason::Crash], reasons[EndReason::Stall], reasons[EndReason::NotReady]));
    // Stable English for scripts: the counts of each way the games ended.
    std::string line = "endings:";
    for (int r = 0; r <= static_cast<int>(EndReason::DrawAdjudicated); ++r)
        line += fmt::format(" {}={}", end_reason_id(static_cast<EndReason>(r)), reasons[static_cast<EndReason>(r)]);
    fmt::print("{}\n", line);
}

/// The arguments after `match`, without the --lang main has read already.
std::vector<std::string> match_arguments(const std::vector<std::string>& rest) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == "--lang" && i + 1 < rest.size()) {
            ++i;
            continue;
        }
        if (rest[i].starts_with("--lang=")) continue;
        out.push_back(rest[i]);
    }
    return out;
}

int run_match_command(const std::vector<std::string>& rest) {
    const std::vector<std::string> args = match_arguments(rest);
    const auto config = parse_match_args(args);
    if (!config) {
        print_error(config_error_text(config.error()));
        return ExitUsage;
    }
    const auto openings = OpeningSet::load(config->openings, config->chess960, config->seed);
    if (!openings) {
        print_error(opening_error_text(openings.error()));
        return ExitUsage;
    }
    const bool tty = isatty(STDERR_FILENO) != 0;
    Callbacks callbacks;
    callbacks.reason_text = reason_text;
    callbacks.on_game = [tty](const GameRecord&, const ScheduledGame&, const MatchState& s) {
        if (tty) fmt::print(stderr, "\r\033[K{}", progress_line(s));
        else fmt::print(stderr, "{}\n", progress_line(s));
        std::fflush(stderr);
    };
    // An engine that refuses an option plays on with its default (it said so in an info string,
    // or does not list the option at all): shown once, so that a test of a setting is not run
    // unawares without it.
    callbacks.on_setup_notes = [&config, tty](int engine, const std::vector<SetupNote>& notes) {
        if (tty) fmt::print(stderr, "\r\033[K");
        const std::string name = display_name(config->engines[static_cast<std::size_t>(engine - 1)]);
        for (const SetupNote& n : notes)
            fmt::print(stderr, "{}\n",
                       n.kind == SetupNote::Kind::UnknownOption ? tr(Msg::MatchEngineLacksOption, engine, name, n.text)
                                                                : tr(Msg::MatchEngineSaid, engine, name, n.text));
    };
    catch_interrupts();
    const auto state = run_match(*config, *openings, fingerprint(args), callbacks, &interrupted);
    if (tty) fmt::print(stderr, "\n");
    if (!state) {
        print_error(run_error_text(state.error(), *config));
        return ExitUsage;
    }
    if (state->resumed > 0) fmt::print(stderr, "{}\n", tr(Msg::MatchResumed, state->resumed, config->journal));
    print_table(*state, *config);
    if (interrupted.load()) {
        fmt::print(stderr, "{}\n", tr(Msg::MatchInterrupted));
        return ExitFailed;
    }
    return ExitOk;
}

}  // namespace

Command add_match_command(CLI::App& parent) {
    CLI::App* sub = parent.add_subcommand("match", tr(Msg::MatchAbout));
    // Everything after `match` is the runner's own cutechess-style syntax (one dash, KEY=VALUE).
    sub->prefix_command();
    sub->footer(help_footer(Msg::MatchFooter,
                            {"schach match -engine cmd=stockfish name=SF1 -engine cmd=stockfish name=SF2 -each depth=2 "
                             "-games 4",
                             "schach match -engine cmd=stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500 "
                             "-engine cmd=glaurung option.Threads=1 -each tc=10+0.1 option.Hash=16 -concurrency 2 "
                             "-openings file=8mvs_+90_+99.epd order=random -games 100 -pgnout games.pgn",
                             "schach match -engine cmd=./new -engine cmd=./old -each nodes=20000 "
                             "-sprt elo0=0 elo1=5 -games 20000 -concurrency 2 -pgnout sprt.pgn"}));
    Command command;
    command.app = sub;
    command.run = [sub] { return run_match_command(sub->remaining()); };
    return command;
}

}  // namespace schach::cli
