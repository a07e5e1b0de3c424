#pragma once
// GameService: the live games of `schach serve`, for a transport (HTTP, WebSocket, tests) that
// knows neither the store nor Match. One actor per game: everything that changes a game (moves,
// joins, engine replies, flags and timers, offers, unloading) is a task in the game's mailbox,
// run one at a time. An action is applied to a copy of the game, the copy's effects are handed to
// the store, and the actor is suspended (no thread waits) until the store has committed them;
// only then is the copy made current, the action acknowledged and its events broadcast. Tasks
// that come meanwhile wait in the mailbox. Games against the computer get their moves from the
// EnginePool. On construction the service loads every started game from the store and resumes
// it: the time the server was down is charged to nobody.
//
// No lock is held around a game or its subscribers: the mailbox is the game's only writer; the
// current game is a shared immutable value readers on any thread take atomically. The map of
// live games is sharded, each shard's lock held only to look up, insert or erase.
//
// Every public function may be called from any thread and returns at once; its answer comes
// through its completion (from the game's mailbox, the caller's thread or, for a new game, the
// store's), except drain() and the destructor, which wait and are not for the runtime's own
// threads. Callbacks must not block: they hand the answer on (a transport posts it to its
// connection).
//
// A transport's path (server/api): parse_client_message -> act -> ws_reply (ack, refusal) in the
// connection's language; subscribe -> event_json(event, you, lang) per connection; state -> state_json.

#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/coach.hpp"
#include "core/outcome.hpp"
#include "review/explain.hpp"
#include "review/game_review.hpp"
#include "server/domain/analysis_queue.hpp"
#include "server/domain/client_message.hpp"
#include "server/domain/game_view.hpp"
#include "server/domain/runtime.hpp"
#include "server/domain/service_error.hpp"

namespace schach::server {

class Store;
class EnginePool;

/// Who calls: the seat secret (cookie `s_<id>` or bearer token; "" for none) and the browser id
/// (cookie `b`; "" for none). No language: answers are codes, worded by the transport's side.
struct Caller {
    std::string secret;
    std::string browser;
    /// The client's network address (behind a trusted proxy, the one it forwarded), "" where
    /// unknown: the key of the limits per client (running games against the computer) and of
    /// the engine's turns between clients.
    std::string address = {};
    /// The connection's network lag, one way (half its measured round trip), for the lag
    /// compensation of its moves (live_game.hpp LagCapMs); 0: unknown or none (HTTP).
    Millis lag_ms = 0;
};

enum class ColorChoice : std::uint8_t { White, Black, Random };

/// POST /api/v1/games. `tc` is a time control spec ("5+3", "10+0"; "" or "-" for none);
/// chess960_number: 0..959, none for a random one (only with chess960).
struct CreateGameRequest {
    Mode mode = Mode::Friend;
    int level = 1;  // computer mode: 1..8
    ColorChoice color = ColorChoice::Random;
    std::string tc;
    bool chess960 = false;
    std::optional<int> chess960_number;
    /// A start position of one's own (FEN; Chess960 rules with `chess960`), instead of the
    /// standard or a numbered Chess960 start.
    std::optional<std::string> fen;
};

struct CreatedGame {
    GameId id;
    Seat seat = Seat::White;            // the creator's seat ("both" at one device)
    std::string secret;                 // the creator's seat secret (only its hash is stored)
    std::optional<std::string> invite;  // friend mode: the token for the other seat
};

struct JoinedGame {
    Seat seat = Seat::White;
    std::string secret;
};

/// An action's answer: acknowledged (with the page's counter, for a move) or refused.
struct Ack {
    std::optional<std::int64_t> a;
};
using ActResult = std::expected<Ack, ServiceError>;
using ReplyHandler = std::function<void(ActResult)>;
/// The completion of a call: its answer or why not.
template <class T>
using Done = std::function<void(std::expected<T, ServiceError>)>;
/// Receives each new event of a game, in version order, on the game's mailbox. Once its
/// subscription has ended it gets no new event (one under way when it ends still completes), so
/// it must own what it uses.
using EventHandler = std::function<void(const Event&)>;

/// A game of the browser's list (GET /api/v1/games).
struct GameSummary {
    GameId id;
    PlayerView white, black;
    Status status = Status::Created;
    Outcome outcome;
    Millis updated = 0;  // ms since the Unix epoch
};

/// The state of a game for one caller.
struct GameState {
    std::shared_ptr<const GameView> view;
    std::optional<Seat> you;  // the caller's seat, none for spectators
};

/// The coach's hints on the last move of a game against the computer, for its player.
struct CoachAdvice {
    int ply = 0;  // moves played: the hints are on the last of them (none at 0)
    Color learner = Color::White;
    Color mover = Color::White;  // who played that move (at ply 0: the side to move)
    std::vector<Hint> hints;
};

/// Ends a subscription when destroyed (or on reset()). Movable, not copyable.
class Subscription {
public:
    Subscription() = default;
    explicit Subscription(std::function<void()> cancel) : cancel_(std::move(cancel)) {}
    Subscription(Subscription&& other) noexcept : cancel_(std::exchange(other.cancel_, {})) {}
    Subscription& operator=(Subscription&& other) noexcept {
        if (this != &other) {
            reset();
            cancel_ = std::exchange(other.cancel_, {});
        }
        return *this;
    }
    Subscription(const Subscription&) = delete;
    Subscription& operator=(const Subscription&) = delete;
    ~Subscription() { reset(); }
    void reset() {
        if (cancel_) std::exchange(cancel_, {})();
    }

private:
    std::function<void()> cancel_;
};

/// A game's computer analysis (GET /api/v1/games/{id}/analysis; POST's answer has no positions).
struct AnalysisReport {
    AnalysisState state = AnalysisState::Queued;
    AnalysisProgress progress;
    Position start;                               // the game's start
    std::vector<Move> moves;                      // Done: the plies reviewed
    std::vector<review::PositionEval> positions;  // Done: the start and the position after each reviewed ply
};

/// A try of "learn from your mistakes": another move in the position before ply `ply`.
struct MistakeTry {
    int ply = 0;
    Position before;  // the position the try was made in
    Move tried;
    bool solved = false;
    review::Eval eval;          // after the try (White's view)
    double loss = 0;            // the mover's Win% points lost against the best move (>= 0)
    review::PositionEval best;  // the position before: its evaluation and the engine's line
    /// A refused try: why (the same facts as for a mistake of the game).
    review::Explanation explanation;
};

/// A finished game read from a PGN (POST /api/v1/imports), its moves checked already.
struct ImportRequest {
    Position start;
    bool chess960 = false;
    std::vector<Move> moves;
    Outcome outcome;           // the result as written (the board decides where it is over)
    std::string white, black;  // the players' names, "" for none
};

struct ServiceOptions {
    /// The clock of the games, ms on any steady scale (tests pass their own).
    std::function<Millis()> now;
    /// Wall time for `updated`, ms since the Unix epoch.
    std::function<Millis()> wall_now;
    /// How often check_flags runs by itself (0: never; tests call check_flags()).
    Millis flag_interval_ms = 100;
    /// Events kept in memory per game for reconnects (older: the state is sent). Each holds the
    /// game as it was (its move list too), so the number is kept small.
    std::size_t recent_events = 32;
    /// Unloading from memory (each game is loaded again on demand, the same game): a finished or
    /// aborted game without subscribers after this idle time (after unload_idle_ms once a rematch
    /// was agreed: the rematch's id lives only in memory); a game no timer runs for (waiting for
    /// the friend, or without clock) after unload_idle_ms. A game whose flag or first-move
    /// timer can fall stays, so its timer keeps running. 0: never.
    Millis unload_finished_ms = 60'000;
    Millis unload_idle_ms = 30 * 60'000;
    /// How often the flag timer also looks for games to unload.
    Millis unload_sweep_ms = 10'000;
    /// Where the service reports what only an operator can fix (a failing store, a corrupt
    /// record at recovery); none: not reported.
    std::function<void(const std::string&)> log;
    /// The computer analyses (budgets, limits, the automatic analysis of games against the computer).
    AnalysisOptions analysis{};
    /// Games against the computer not yet over that one client (Caller::address, else its
    /// browser) may have at once; more are refused (ComputerGamesLimit, 429). 0: no limit.
    int computer_games_per_client = 4;
};

class GameService {
public:
    /// Loads and resumes every started game of `store` (and the friend games still waiting for
    /// the friend), waiting for the store (not from the runtime's threads); finished games are
    /// loaded when asked for. The runtime, the store and the pool outlive the service.
    GameService(Runtime& runtime, Store& store, EnginePool& engines, ServiceOptions options = {});
    /// Ends the service: no task runs after it, and every commit under way has come back (so the
    /// store is no longer used). Not from the runtime's threads.
    ~GameService();
    GameService(const GameService&) = delete;
    GameService& operator=(const GameService&) = delete;

    /// Creates (and stores) a game; the caller's browser id lists it. Computer games where the
    /// engine has White start thinking at once. Errors: BadRequest (level, tc, Chess960 number),
    /// BadFen, Storage.
    void create_game(const CreateGameRequest& request, const Caller& caller, Done<CreatedGame> done);

    /// The first to come with the invitation token takes the free seat of a friend game (a task
    /// of the game's actor like any action). Errors: NoSuchGame, BadInvitation, SeatTaken.
    void join(const GameId& id, const std::string& invite, const Caller& caller, Done<JoinedGame> done);

    /// After a `rematch` event: the caller, proven by their seat secret of the old game
    /// (caller.secret, from the cookie `s_<old_id>`), takes their seat in the new game `id`.
    /// The new game starts when every player has come. Errors: NoSuchGame, BadInvitation, SeatTaken.
    void join_rematch(const GameId& id, const GameId& old_id, const Caller& caller, Done<JoinedGame> done);

    /// Runs `message` in the game's mailbox for the caller's seat; `reply` gets the answer once
    /// the change is stored (and before it is broadcast). A move already played at its ply is
    /// acknowledged again; a ping is acknowledged at once.
    void act(const GameId& id, const Caller& caller, ClientMessage message, ReplyHandler reply);

    /// Subscribes to the game's events after `since_version`: the events the service still holds
    /// come first, in order (from memory, else rebuilt from the store's kept events, so a
    /// reconnect after a restart gets exactly what it missed); when neither holds them all (or
    /// since_version is none or in the future) a State event (version 0) comes instead. Then each
    /// new event. Errors: NoSuchGame.
    void subscribe(const GameId& id, std::optional<std::int64_t> since_version, EventHandler handler,
                   Done<Subscription> done);

    /// The game now, for the caller. Errors: NoSuchGame.
    void state(const GameId& id, const Caller& caller, Done<GameState> done);

    /// The game as PGN (seven tag roster, the result, [%clk] comments). Errors: NoSuchGame.
    void pgn(const GameId& id, Done<std::string> done);

    /// The coach's hints on move `ply` (the position after that many moves; none: the last) for
    /// the caller, who must hold the seat of a game against the computer. Errors: NoSuchGame,
    /// NotYourSeat, CoachOff (another mode), BadRequest (a ply not played).
    void coach(const GameId& id, const Caller& caller, std::optional<std::int64_t> ply, Done<CoachAdvice> done);

    /// Asks for the computer analysis of a finished game (any player or spectator). The answer
    /// has the state and progress, no positions. Computed once however many ask: a game waiting,
    /// running or done is answered as it is, without counting. Errors: NoSuchGame,
    /// GameNotFinished, AnalysisLimit (with the limit and the seconds to wait), Storage.
    void request_analysis(const GameId& id, const Caller& caller, Done<AnalysisReport> done);
    /// The game's analysis: waiting or running (with progress), or done (with its positions).
    /// Errors: NoSuchGame, AnalysisNotRequested, Storage.
    void analysis(const GameId& id, Done<AnalysisReport> done);
    /// "Learn from your mistakes": `uci` instead of the move of ply `ply` (1-based), judged by
    /// the engine at the try budget (as a pool job: the games' priority) against the best move
    /// (the analysis's evaluation of the position before when it is done, else searched too).
    /// Errors: NoSuchGame, GameNotFinished, BadRequest (a ply not played), the move's refusal
    /// (Rules, BadMove), Storage.
    void try_move(const GameId& id, int ply, const std::string& uci, Done<MistakeTry> done);
    /// Stores a finished game read from a PGN, listed for the caller's browser; nobody holds a
    /// seat (nobody can move in it). The new game's id. Errors: Storage.
    void import_game(const ImportRequest& request, const Caller& caller, Done<GameId> done);

    /// The games of a browser id, newest first.
    void list_games(const std::string& browser, std::function<void(std::vector<GameSummary>)> done);

    /// Lets fallen flags decide (6.9) in every live game at now(); runs by itself every
    /// flag_interval_ms. Returns when the checks have been posted.
    void check_flags();

    /// Unloads the games ServiceOptions says may go (runs by itself with the flag timer); `done`
    /// gets the number unloaded once every game asked has answered.
    void unload_idle(std::function<void(std::size_t)> done = {});
    /// The games in memory now.
    std::size_t live_games() const;

    /// Blocks until every task posted so far has run, its commit included (tests, shutdown).
    /// Not from the runtime's threads.
    void drain();

private:
    struct Impl;
    std::shared_ptr<Impl> impl_;  // shared with the tasks and callbacks, which may outlive a call
};

}  // namespace schach::server
