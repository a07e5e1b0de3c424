#pragma once
// LiveGame: one game of the server: a Match (game and clock) with its seats, invitation, offers,
// lifecycle (created -> started -> over/aborted), version counter and recent events. A value:
// GameService copies it, applies an action to the copy, stores the copy's effects and only then
// keeps the copy, so a failed write leaves the game as it was. Not thread-safe (one strand).
//
// Every action takes `now`, the service's steady clock in ms; the match runs on its own scale,
// `now - offset_`, so a game restored after a restart continues where its stored clocks stood.

#include <cstdint>
#include <deque>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "game/match.hpp"
#include "game/time_control.hpp"
#include "server/domain/client_message.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/game_view.hpp"
#include "server/domain/service_error.hpp"
#include "server/domain/shared_list.hpp"
#include "server/domain/store.hpp"

namespace schach::server {

/// The first-move timer of timed games (as on lichess): until each side has made its first move
/// no clock time is charged; instead the side to move has this long for its first move, else the
/// game is aborted (no result). Engines have no such timer.
inline constexpr Millis FirstMoveTimeMs = 30'000;

/// Lag compensation (as on lichess, bounded): a human's move is credited the network lag of its
/// connection (half the measured round trip), at most LagCapMs per move and LagQuotaMs per side
/// in all (each move's credit is stored, so the quota outlives a restart), once both sides have made their first move.
inline constexpr Millis LagCapMs = 500;
inline constexpr Millis LagQuotaMs = 5'000;

/// How a game was set up (what the games row keeps).
struct GameSetup {
    GameId id;
    Mode mode = Mode::Friend;
    int level = 0;
    bool chess960 = false;
    int chess960_number = 518;
    std::string tc;  // "" without clock
    Position start;
    Millis created = 0;                  // wall time
    bool imported = false;               // read from a PGN: stored finished, nobody can move
    std::string white_name, black_name;  // an imported game's players ("" for none)
};

/// What an action changed, for the store and the subscribers (events in version order).
struct Effects {
    std::optional<StoredMove> move;
    std::optional<int> take_back_from;  // moves from this ply on were taken back
    std::vector<StoredSeat> seats;      // seats that changed (a join; both at one device)
    std::vector<Event> events;
    /// A rematch both sides want: the service creates the game, then calls rematch_created.
    bool rematch_agreed = false;
    bool empty() const { return events.empty() && !rematch_agreed; }
};

/// What the computer needs to think about its move, and the ply its reply is for.
struct EngineTask : EnginePosition {
    int ply = 0;  // the reply is for this ply (a stale reply is dropped)
};

class LiveGame {
public:
    /// A new game. It starts at once (the clock of the first mover runs) unless a seat waits for
    /// its invitation: a friend game, or a rematch until its players have come.
    LiveGame(GameSetup setup, ByColor<StoredSeat> seats, Millis now, Millis wall_now);
    /// A stored game, its moves replayed through Match; its clock continues from the stored
    /// clock values, the side to move's running again from `now`. Fails on a corrupt record.
    static std::expected<LiveGame, std::string> restore(const LoadedGame& loaded, Millis now);

    const GameId& id() const { return setup_.id; }
    Status status() const { return status_; }
    std::int64_t version() const { return version_; }
    const GameSetup& setup() const { return setup_; }
    const Match& match() const { return match_; }
    const ByColor<StoredSeat>& seats() const { return seats_; }
    /// The stored moves (a copy of them).
    std::vector<StoredMove> stored_moves() const { return stored_.to_vector(); }
    /// The moves as shown: UCI, SAN, the mover's clock after it, the FEN after it.
    const MoveRecords& move_records() const { return records_; }
    /// The seat a secret holds, if any (both seats share the secret at one device).
    std::optional<Seat> seat_of(std::string_view secret) const;
    /// Whether `browser` holds a seat here.
    bool has_browser(std::string_view browser) const;

    /// The first event (version 1) and the games row, for Store::create_game.
    StoredGame stored_game() const;
    GameUpdate update(Millis wall_now) const;

    // The actions. `seat` is the caller's (checked here); errors are codes with their data.
    /// `lag_ms`: the mover's connection lag (one way), credited within LagCapMs and the quota.
    std::expected<Effects, ServiceError> move(Seat seat, const MoveMessage& message, Millis now, Millis wall_now,
                                              Millis lag_ms = 0);
    /// The computer's move for task.ply (dropped with no effects when the game moved on).
    /// `waited_ms`: how long the request waited for a free engine, given back to the computer's
    /// clock (it runs only while the engine searches; stored in the move's lag_ms).
    std::expected<Effects, ServiceError> engine_move(Move m, int ply, Millis now, Millis wall_now,
                                                     Millis waited_ms = 0);
    std::expected<Effects, ServiceError> draw(Seat seat, Answer answer, Millis now);
    std::expected<Effects, ServiceError> claim(Seat seat, const ClaimMessage& message, Millis now, Millis wall_now);
    std::expected<Effects, ServiceError> resign(Seat seat, Millis now);
    std::expected<Effects, ServiceError> abort(Seat seat, Millis now);
    std::expected<Effects, ServiceError> takeback(Seat seat, Answer answer, Millis now);
    /// The invitation: the first to come takes the free seat (secret_hash and browser are theirs).
    std::expected<Effects, ServiceError> join(std::string_view invite, const std::string& secret_hash,
                                              const std::string& browser, Millis now);
    /// After the game: offer, accept or decline a rematch (agreed at once against the computer
    /// and at one device).
    std::expected<Effects, ServiceError> rematch(Seat seat, Answer answer, Millis now);
    /// The rematch `id` exists: the Rematch event.
    void rematch_created(const GameId& id, Effects& effects, Millis now);
    const GameId& rematch_id() const { return rematch_id_; }

    /// 6.9: a fallen flag ends the game (a draw when the opponent cannot mate).
    Effects check_flag(Millis now);
    /// Whether check_flag would end the game at `now` (cheap: no copy, no analysis).
    bool flag_due(Millis now) const;
    /// The earliest time (the service's clock, from `now` on) at which flag_due may hold: none
    /// while no timer runs. No clock runs faster than time, so flag_due is false before it.
    std::optional<Millis> flag_time(Millis now) const;

    /// Whether a timer can end the game by itself (a flag, the first-move timer): it must stay
    /// in memory while that is so.
    bool timer_running() const { return status_ == Status::Started && (first_move_deadline_ || match_.clock()); }

    /// The result: the match's, or the recorded one of a restored finished game.
    Outcome outcome() const;

    /// The engine's task when the computer is to move in a running game.
    std::optional<EngineTask> engine_task(Millis now) const;

    /// The game as the outside sees it at `now`.
    std::shared_ptr<const GameView> view(Millis now) const;
    /// The events after `version` still held, or none when it holds none that old.
    std::optional<std::vector<Event>> events_after(std::int64_t version) const;
    /// Keeps an action's events for reconnects (after they were stored).
    void remember(const Effects& effects, std::size_t keep);

    /// The seat a colour's player sits in, for the caller's own checks.
    static Seat seat_for(Color c) { return c == Color::White ? Seat::White : Seat::Black; }

private:
    /// The match's time: frozen (nobody is charged) until both sides have made their first move.
    Millis match_time(Millis now) const { return frozen_ ? *frozen_ : now - offset_; }
    /// Sets the first-move timer and the frozen clock after anything that changes the plies or
    /// the status: a deadline for a human's first move, none after both first moves.
    void update_first_move(Millis now);
    /// The colour a seat acts for: its own, or at one device the side to move.
    Color color_of(Seat seat) const;
    bool is_engine(Color c) const { return seats_[c].engine; }
    /// Common checks of the actions: running, the caller is a player.
    std::optional<ServiceError> check_running() const;
    /// Plays a move (already legal-checked by Match) and records it.
    std::expected<Effects, ServiceError> play(Move m, Millis now, Millis wall_now, Millis lag_ms = 0,
                                              Millis engine_wait_ms = 0);
    /// The lag credit for `mover`'s move now (taken from its quota), 0 when none is due.
    Millis take_lag_credit(Color mover, Millis lag_ms);
    /// Adds an event with the next version and the view after it.
    Event& add_event(Effects& effects, EventKind kind, Millis now);
    /// The end of the game when it is over, else the draw offer that stands now (by whom, or none).
    void add_end_or_draw_offer(Effects& effects, Millis now);
    /// Status Over once the match has ended.
    void settle_status();
    /// The offers that stood when the game was stored (restore).
    void restore_offers(const StoredOffers& offers, Millis now);
    /// Rebuilds the match from the first `plies` stored moves (takebacks, restore).
    std::expected<void, std::string> rebuild(std::vector<StoredMove> moves, Millis now);
    /// The moves are legal for the side to move in the position after `ply` moves.
    Position position_at(int ply) const;

    GameSetup setup_;
    TimeControl control_;
    ByColor<StoredSeat> seats_;
    Match match_;
    Millis offset_ = 0;
    std::optional<Millis> frozen_;                       // the match time while no time is charged
    std::optional<Millis> first_move_deadline_;          // service time (`now`) the first move is due by
    int first_move_ply_ = -1;                            // the ply the deadline is for
    ByColor<Millis> lag_quota_{LagQuotaMs, LagQuotaMs};  // lag credit still to give
    Status status_ = Status::Created;
    std::int64_t version_ = 0;
    SharedList<StoredMove> stored_;  // shared with the copies: an action does not copy the moves
    MoveRecords records_;
    std::optional<Color> takeback_offer_, rematch_offer_;
    /// A finished game restored from the store: its result as recorded (a resignation or an
    /// agreement is not in the moves).
    std::optional<Outcome> recorded_outcome_;
    GameId rematch_id_;  // the game of the rematch, once agreed (stored with the game)
    Millis updated_ = 0;
    std::deque<Event> recent_;
};

}  // namespace schach::server
