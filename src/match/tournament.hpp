#pragma once
// A whole match: the schedule (two engines, a gauntlet of the first against the others, or a
// round robin), game pairs on the same opening with colours swapped, N games at a time on their
// own threads with engines reused across games (restarted after a crash or hang), the results
// folded into W/D/L and pentanomial counts, the SPRT's stop, and the PGN, positions and journal
// written as games finish. A run started again with the same arguments and journal plays only
// the games the journal does not list.

#include <atomic>
#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "match/config.hpp"
#include "match/game_runner.hpp"
#include "match/openings.hpp"
#include "match/records.hpp"
#include "match/stats.hpp"
#include "match/uci_client.hpp"

namespace schach::match {

/// Two engines that meet; results are counted from `first`'s view.
struct Pairing {
    int first = 0, second = 1;
};
/// Two engines: one pairing; -gauntlet: the first against each other; else each against each.
std::vector<Pairing> make_pairings(int engines, bool gauntlet);

struct ScheduledGame {
    std::size_t id = 0;  // position in the schedule, the journal's game number
    std::size_t pairing = 0;
    std::size_t pair = 0;  // the opening's game pair within the pairing
    int game_in_pair = 0;  // 0: `first` has White; 1: colours swapped
    int white = 0, black = 1;
};
/// Pair by pair, each pairing in turn: every opponent meets the same openings.
std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, int games_per_pairing);
/// The same with a number of games for each pairing: a pairing whose games are all scheduled drops
/// out of the later rounds, so the schedule up to the smallest count is the one of equal counts.
std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, const std::vector<int>& games);
/// The games of each pairing: -games, or fewer where one of its engines has games=.
std::vector<int> games_of_pairings(const MatchConfig& config, const std::vector<Pairing>& pairings);

struct PairingResult {
    Pairing pairing;
    Wdl wdl;
    Pentanomial pairs;
    std::map<std::size_t, double> half_pairs;  // pair -> first game's score, until its partner ends
    std::map<EndReason, int> reasons;
};

/// The state after a game, for progress lines and the final table.
struct MatchState {
    std::vector<std::string> names;
    std::vector<PairingResult> pairings;
    std::size_t done = 0, total = 0, resumed = 0;
    std::optional<double> llr;  // with -sprt (two engines)
    SprtBounds bounds;
    SprtDecision decision = SprtDecision::Continue;
    int illegal_forfeits = 0;
};

struct RunError {
    enum class Kind : std::uint8_t {
        CannotStartEngine,  // engine `index` (1-based): spawn failed with `error` (errno)
        CannotWrite,        // `path` could not be opened for writing (`error`)
        JournalMismatch,    // `path` is the journal of another match
    };
    Kind kind = Kind::CannotStartEngine;
    int index = 0;
    int error = 0;
    std::string path;
};

struct Callbacks {
    /// After each game (under the runner's lock): the game, its schedule entry, the new state.
    std::function<void(const GameRecord&, const ScheduledGame&, const MatchState&)> on_game;
    /// Once for each engine (1-based index, as -engine gave them), the first time it is started,
    /// when it said something while being set up (an option it does not have, an `info string`).
    std::function<void(int engine, const std::vector<SetupNote>& notes)> on_setup_notes;
    /// The sentence for the PGN's last comment (the reason the game ended).
    std::function<std::string(const GameRecord&, const std::string& white, const std::string& black)> reason_text;
};

/// Runs the match to its end (all games, or the SPRT's decision, or `stop` set from outside).
std::expected<MatchState, RunError> run_match(const MatchConfig& config, const OpeningSet& openings,
                                              const std::string& fingerprint, const Callbacks& callbacks,
                                              const std::atomic<bool>* stop = nullptr);

}  // namespace schach::match
