#pragma once
// Store: where the games live between restarts. An interface of plain values (no SQLite types),
// so a PostgreSQL backend can implement it later. Every write is one transaction: all of it is
// stored, or nothing (then the caller refuses the action with ServiceCode::Storage).
//
// Asynchronous: every call returns at once and hands its result to a completion, called once on
// a thread of the store's (it must not block: a game's actor posts it onto its own mailbox). So
// a game waits for its commit without holding a thread, and a store can batch the writes waiting
// at one moment into one transaction. No executor and no Asio here: an adapter makes awaitables
// of these calls where a caller wants them.

#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "review/scale.hpp"
#include "server/domain/game_view.hpp"

namespace schach::server {

enum class StoreCode : std::uint8_t {
    Failed,    // the backend failed (I/O, a full disk, a closed store): nothing was stored
    Conflict,  // another writer was first: the game is not at the version (or the ply, the id)
               // the write expected; the caller's copy of the game is stale
    Moved,     // several nodes: another node (alive) holds the game; `owner` names it. A write
               // of a game taken over meanwhile (this node's epoch is old) fails so, nothing stored
};

struct StoreError {
    std::string message;  // the backend's words, for the log (never shown to players)
    StoreCode code = StoreCode::Failed;
    std::string owner = {};  // Moved: the node that holds the game
};

/// A store call's completion.
template <class T>
using StoreDone = std::function<void(std::expected<T, StoreError>)>;

struct StoredSeat {
    Color color = Color::White;
    bool engine = false;
    std::string secret_hash;  // SHA-256 hex of the seat secret, "" while the seat is free
    std::string invite_hash;  // SHA-256 hex of the invitation, "" once used (or none)
    std::string browser;      // the browser id of the seat's holder, "" for none
    friend bool operator==(const StoredSeat&, const StoredSeat&) = default;
};

/// The offers that stand (who made each), kept so that a restart does not lose them.
struct StoredOffers {
    std::optional<Color> draw, takeback, rematch;
    friend bool operator==(const StoredOffers&, const StoredOffers&) = default;
};

/// What changes in the games row with every event.
struct GameUpdate {
    Status status = Status::Created;
    std::string result;  // "1-0", "0-1", "1/2-1/2", "" while running
    std::string reason;  // termination_id, "" while running
    std::int64_t version = 0;
    Millis updated = 0;
    StoredOffers offers{};
    std::string rematch{};  // the rematch's game id once agreed, "" before
    friend bool operator==(const GameUpdate&, const GameUpdate&) = default;
};

struct StoredGame {
    GameId id;
    Millis created = 0;
    bool chess960 = false;
    int chess960_number = 518;
    Mode mode = Mode::Friend;
    int level = 0;
    std::string tc;  // the time control spec, "" without clock
    std::string initial_fen;
    GameUpdate state;
    /// A game read from a PGN (POST /api/v1/imports): finished when stored, nobody's seat; the
    /// players' names as its tags give them ("" for none).
    bool imported = false;
    std::string white_name, black_name;
    friend bool operator==(const StoredGame&, const StoredGame&) = default;
};

struct StoredMove {
    int ply = 0;  // moves before it
    std::string uci;
    std::optional<Millis> clock_ms;  // the mover's time after it
    Millis stamp_ms = 0;             // wall time
    Millis lag_ms = 0;               // the credit given with it (in clock_ms): a person's lag, from the
                                     // mover's quota; the computer's wait for a free engine
    friend bool operator==(const StoredMove&, const StoredMove&) = default;
};

/// An event as stored for reconnects: its kind and a language-free JSON payload.
struct StoredEvent {
    std::int64_t version = 0;
    std::string kind;
    std::string json;
    friend bool operator==(const StoredEvent&, const StoredEvent&) = default;
};

struct LoadedGame {
    StoredGame game;
    std::vector<StoredSeat> seats;
    std::vector<StoredMove> moves;  // in ply order
};

/// The search of one position of an analysis, as stored: the evaluation (White's view), the
/// engine's line from it (UCI), the depth reached and the nodes searched.
struct StoredPositionEval {
    review::Eval eval;
    std::vector<std::string> pv;
    int depth = 0;
    std::uint64_t nodes = 0;
    friend bool operator==(const StoredPositionEval&, const StoredPositionEval&) = default;
};

enum class AnalysisStatus : std::uint8_t {
    Queued,  // asked for, not finished (a restart queues it again)
    Done,    // `positions` holds the result
};

/// A game's computer analysis: one per game, computed once however many ask.
struct StoredAnalysis {
    GameId game;
    AnalysisStatus status = AnalysisStatus::Queued;
    std::string browser;      // who asked first ("" for the server itself: a game against the computer)
    Millis requested = 0;     // wall time of the request
    std::uint64_t nodes = 0;  // the budget per position
    int plies = 0;            // plies reviewed (the positions are plies + 1)
    std::vector<StoredPositionEval> positions;  // Done: the start and the position after each reviewed ply
    friend bool operator==(const StoredAnalysis&, const StoredAnalysis&) = default;
};

/// One's own mistake as an exercise ("My mistakes", docs/puzzles.md): a mistake or blunder the
/// review found in a game, made by the colour whose seat the browser held. The position before
/// ply `ply` (1-based: the move that was the mistake), the move played and the analysis' best
/// move (the answer), and its spacing (puzzle/spacing.hpp: Leitner boxes).
struct StoredMistake {
    std::string browser;
    GameId game;
    int ply = 0;
    std::string fen;  // the position before the move (Shredder-FEN in Chess960)
    bool chess960 = false;
    std::string played;    // UCI (castling as king-takes-rook)
    std::string best;      // UCI, the analysis' best move there
    bool blunder = false;  // else a mistake
    Millis created = 0;    // wall time
    int box = 0;           // 0: new, or missed last time
    Millis due = 0;        // served from this wall time on
    int solved = 0, missed = 0;
    Millis last = 0;  // the last counted attempt (0: none)
    friend bool operator==(const StoredMistake&, const StoredMistake&) = default;
};

class Store {
public:
    virtual ~Store() = default;

    /// A new game with its seats and its first event. Conflict: the id is taken.
    virtual void create_game(const StoredGame& game, const std::vector<StoredSeat>& seats, const StoredEvent& event,
                             StoreDone<void> done) = 0;
    /// One move: the moves row, the games row and the event, in one transaction. Conflict (and
    /// nothing stored) when that ply exists already or the game's version is not the one before
    /// `events`.
    virtual void append_move(const GameId& id, const StoredMove& move, const GameUpdate& update,
                             const std::vector<StoredEvent>& events, StoreDone<void> done) = 0;
    /// Takes back the moves from ply `from_ply` on, with the games row and the event.
    virtual void take_back(const GameId& id, int from_ply, const GameUpdate& update,
                           const std::vector<StoredEvent>& events, StoreDone<void> done) = 0;
    /// Any other event (offers, the end, a join with its seats), with the games row.
    virtual void update_game(const GameId& id, const GameUpdate& update, const std::vector<StoredEvent>& events,
                             const std::vector<StoredSeat>& seats, StoreDone<void> done) = 0;

    /// The game, or none when there is no such game.
    virtual void load_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) = 0;

    // ---- Several nodes on one store (docs/server.md, "Several nodes") ----------------------------
    // Each game has an owner node, the only one that writes it, and an epoch (a fencing token)
    // that grows with every change of hands: a write carries the epoch its node holds and is
    // refused (Moved) once another node has taken the game over. A single node (SQLite) owns
    // everything: these defaults.

    /// The game to run here: this node becomes its owner with a new epoch, unless another node
    /// that is alive holds it (Moved, with its name). None when there is no such game.
    virtual void claim_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) {
        load_game(id, std::move(done));
    }
    /// Running games (created or started) whose owner is dead, at most `limit`, made this node's
    /// (each then to be claimed): what the players of a dead node do not come back to, so that
    /// clocks still fall and the computer still moves.
    virtual void take_orphans(int limit, StoreDone<std::vector<GameId>> done) {
        (void)limit;
        done(std::vector<GameId>{});
    }
    /// Changes whenever this node may have lost games it holds (its lease lapsed): every copy
    /// held in memory under an older tenure is to be dropped and claimed again.
    virtual std::uint64_t tenure() const { return 0; }
    /// Whether this node holds its lease (a single node always does): /healthz.
    virtual bool lease_held() const { return true; }
    /// This node's name ("" for a single node).
    virtual std::string node() const { return {}; }
    /// The ids of the games with this status.
    virtual void games_with_status(Status status, StoreDone<std::vector<GameId>> done) = 0;
    /// The ids of the games a browser holds a seat in, most recently updated first.
    virtual void games_of_browser(const std::string& browser, StoreDone<std::vector<GameId>> done) = 0;
    /// The events after `version` still kept, in order (at most the last `keep` per game).
    virtual void events_after(const GameId& id, std::int64_t version, StoreDone<std::vector<StoredEvent>> done) = 0;

    /// A finished game read from a PGN, with its moves and its first event, in one transaction.
    /// Conflict: the id is taken.
    virtual void import_game(const StoredGame& game, const std::vector<StoredSeat>& seats,
                             const std::vector<StoredMove>& moves, const StoredEvent& event, StoreDone<void> done) = 0;

    // ---- Analyses (docs/review.md, the server part) ---------------------------------------------
    /// A new request (status Queued, no positions). Conflict: the game has an analysis already.
    virtual void queue_analysis(const StoredAnalysis& analysis, StoreDone<void> done) = 0;
    /// The finished analysis (status Done with its positions), replacing the request's row.
    virtual void save_analysis(const StoredAnalysis& analysis, StoreDone<void> done) = 0;
    /// The game's analysis, or none when nobody asked for it.
    virtual void load_analysis(const GameId& id, StoreDone<std::optional<StoredAnalysis>> done) = 0;
    /// The requests not finished (status Queued), oldest first, without positions: what a
    /// restart resumes.
    virtual void queued_analyses(StoreDone<std::vector<StoredAnalysis>> done) = 0;
    /// The requests made at or after `since` (wall time), without positions: the daily limits.
    virtual void analyses_requested_since(Millis since, StoreDone<std::vector<StoredAnalysis>> done) = 0;

    // ---- One's own mistakes (docs/puzzles.md, "My mistakes") -------------------------------------
    /// The exercises from the game's stored analysis, and the analysis marked as turned into
    /// exercises, in one transaction (even with none). An exercise there already (the same
    /// browser, game and ply) keeps its schedule.
    virtual void save_mistakes(const GameId& game, const std::vector<StoredMistake>& mistakes,
                               StoreDone<void> done) = 0;
    /// The games whose finished analysis has not been turned into exercises yet (the analyses
    /// stored before the exercises existed, or whose exercises could not be stored), oldest first.
    virtual void analyses_without_mistakes(StoreDone<std::vector<GameId>> done) = 0;
    /// Every exercise of a browser, the earliest due first (then by game and ply).
    virtual void load_mistakes(const std::string& browser, StoreDone<std::vector<StoredMistake>> done) = 0;
    /// An exercise's schedule and counts after an attempt (box, due, solved, missed, last).
    /// Conflict: no such exercise.
    virtual void update_mistake(const StoredMistake& mistake, StoreDone<void> done) = 0;
};

}  // namespace schach::server
