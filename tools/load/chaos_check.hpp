#pragma once
// The fault test's checker (schach-chaos, chaos.cpp): what the clients saw against what the
// database holds after the run, Jepsen-style. Pure: the histories in, the violations out; no
// network, no database (chaos_db.hpp reads the stored games), so it is tested on hand-made bad
// histories (tests/load/chaos_check_test.cpp).
//
// Plies here are 0-based indices into a game's moves: index i is the move played with i moves
// before it (the stored `moves.ply`, the `ply` a client sends with its move).

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace schach::chaos {

using Clock = std::chrono::steady_clock;

/// What one client recorded of one game.
struct ClientGame {
    std::string id;
    /// The game's moves (UCI) as the client last knew them: from its last `state`, then each
    /// `move` event appended.
    std::vector<std::string> received;
    /// Every move of its own the server acknowledged: index -> UCI.
    std::map<int, std::string> acked;
    /// Contradictions the client saw itself (a `move` event that disagrees with a move it had).
    std::vector<std::string> contradictions;
    /// When the game went on (an ack or a `move` event): for the fail-over times.
    std::vector<Clock::time_point> progress;
    /// When the client learned that the game has ended (none while it runs).
    std::optional<Clock::time_point> ended;
    /// A game against the computer (its moves go on without the client).
    bool computer = false;
    /// A move of the client still waited for its ack when play ended (it may be stored later).
    bool unsettled = false;
};

struct StoredMove {
    int ply = 0;
    std::string uci;
    std::optional<std::int64_t> epoch;  // the writer's epoch (none before the column exists)
};

struct StoredGame {
    std::string initial_fen;
    bool chess960 = false;
    std::vector<StoredMove> moves;  // in ply order
};

enum class ViolationKind {
    MissingGame,        // a game the server created is not stored
    LostAck,            // an acknowledged move is not stored
    AckDiffers,         // another move is stored where an acknowledged one was
    PlyGap,             // the stored plies are not 0, 1, 2, ...
    IllegalMove,        // a stored move does not replay as legal chess (or the start is no position)
    EpochDecreased,     // a move stored with an older epoch than one before it
    ReceivedNotPrefix,  // what a client received is not a prefix of the stored game
    ClientContradiction,
    ServedDiffers,  // after play, the game as a node serves it is not the stored one
    NoProgress,     // a game that did not go on again after a fault within the bound
};

std::string_view violation_kind_id(ViolationKind kind);

struct Violation {
    ViolationKind kind;
    std::string game;
    std::string detail;  // where and what (English, for the report)
};

/// Every violation of the histories' invariants; empty when all hold.
std::vector<Violation> check_histories(const std::vector<ClientGame>& clients,
                                       const std::map<std::string, StoredGame>& stored);

/// A game as a node served it after play (GET /api/v1/games/{id} through the proxy, redirects
/// followed), read before the record.
struct ServedGame {
    std::string id;
    std::vector<std::string> moves;
    std::string node;  // X-Schach-Node of the answer ("?" when it does not say)
};

/// The served games against the record: the same moves, except that one more move may have been
/// stored since (the computer's, or a client's unsettled one) where `clients` says so.
std::vector<Violation> check_served(const std::vector<ServedGame>& served, const std::vector<ClientGame>& clients,
                                    const std::map<std::string, StoredGame>& stored);

/// A fault injected at a time (what it did, for the report).
struct Fault {
    std::string what;  // e.g. "SIGKILL n1"
    Clock::time_point at;
};

/// How long the games took to go on after one fault: for each game running at the fault (it
/// went on before it and had not ended), the time to its first progress after it.
struct FailoverFigures {
    std::string fault;
    int games = 0;                   // running at the fault
    int waited = 0;                  // those that waited longer than the threshold (the hit ones)
    double p50_seconds = 0;          // of the hit ones (0 when none)
    double max_seconds = 0;          // of all
    std::vector<double> waits;       // of the hit ones, ascending
    std::vector<std::string> stuck;  // games with no progress after the fault at all
};

/// The fail-over figures of each fault. A game's wait after a fault ends at its first progress
/// or, when it has none by `run_end`, counts as stuck. `hit_threshold`: the wait that makes a
/// game one of the hit ones (the others only waited for their own think time).
std::vector<FailoverFigures> failover_figures(const std::vector<ClientGame>& clients, const std::vector<Fault>& faults,
                                              Clock::time_point run_end, std::chrono::milliseconds hit_threshold);

/// NoProgress violations: games stuck after a fault, or waiting longer than `bound`.
std::vector<Violation> check_failover(const std::vector<ClientGame>& clients, const std::vector<Fault>& faults,
                                      Clock::time_point run_end, std::chrono::milliseconds bound);

}  // namespace schach::chaos
