#pragma once
// Match: a game and its clock together. The one place that applies a move and presses the clock,
// tells the clock what the rules decided (penalties, the end of the game) and lets a flag fall
// (6.9), written once for `schach play`, the server and the engine match runner. Like Clock it
// never reads the system time: every call that lets time pass takes `now`, milliseconds since any
// epoch the caller likes (the clock's scale). Lifecycle (created, aborted, ...) and lag
// compensation are the server's, on top of this.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string_view>
#include <vector>

#include "core/explain.hpp"
#include "core/move.hpp"
#include "core/outcome.hpp"
#include "core/position.hpp"
#include "core/types.hpp"
#include "game/clock.hpp"
#include "game/game.hpp"
#include "game/time_control.hpp"

namespace schach {

/// Why a Match refused an action. Nothing changed, except for TimeOver.
struct MatchError {
    enum class Kind : std::uint8_t {
        Rules,     // the game refused: `refusal` says why (an illegal move, the game is over, ...)
        Clock,     // the clock refused: `clock` says why (not started, paused, time went back)
        TimeOver,  // a flag had fallen before the action: the game has now ended on time (6.9)
    };
    Kind kind = Kind::Rules;
    Refusal refusal{};
    ClockError clock = ClockError::Unplayable;
    friend bool operator==(const MatchError&, const MatchError&) = default;
};
/// "rules", "clock", "time-over".
std::string_view match_error_id(MatchError::Kind kind);

/// The time of one move, for the PGN's [%emt] and [%clk].
struct MoveTime {
    std::chrono::milliseconds used{0};               // the mover's thinking time; with a clock, pauses excluded
    std::optional<std::chrono::milliseconds> clock;  // the mover's time after the move; none without clock
    friend bool operator==(const MoveTime&, const MoveTime&) = default;
};

/// A flag that fell (6.9) and what it decided.
struct FlagFall {
    Color side;
    Outcome outcome;  // a loss for `side`, or a draw when the opponent cannot checkmate
    friend bool operator==(const FlagFall&, const FlagFall&) = default;
};

class Match {
public:
    using ms = std::chrono::milliseconds;

    /// A game from `start` under `control`: untimed or unknown means no clock. The size of
    /// penalties (A.3) follows the control, so options.time_class is set from classify(control).
    Match(Position start, const TimeControl& control, GameOptions options = {}, ClockOptions clock_options = {});
    /// A game and a clock as they are (restored, or set up by hand). A clock whose control is not
    /// timed counts as none. move_times() covers only the moves played from here on.
    explicit Match(Game game, std::optional<Clock> clock = std::nullopt);

    /// 6.6: the clock of the side to move starts. Refused when the game is already over (a
    /// position set up as mate) or the match has started. Without a clock it only marks when the
    /// first move's thinking began; play() does not need it then.
    std::expected<void, MatchError> start(ms now);

    /// Plays `m` for the side to move and presses its clock, in one step: both happen or neither.
    /// A flag that has fallen by `now` ends the game first (TimeOver) and the move is void; a move
    /// that ends the game (mate, stalemate, dead position, 9.6) stands and stops the clock.
    std::expected<MoveTime, MatchError> play(Move m, ms now);

    /// 6.9: ends the game when the flag of the side to move has fallen by `now`: a loss, or a draw
    /// when the opponent cannot checkmate by any series of legal moves. The fall, or nothing.
    std::optional<FlagFall> flag_check(ms now);
    /// The flag fall that ended the game, if one did.
    const std::optional<FlagFall>& flag_fall() const { return flag_fall_; }
    /// The result at `now`, changing nothing: a flag that has fallen counts even before
    /// flag_check records it (then the one-sided dead-position question is asked each call).
    Outcome outcome(ms now) const;
    bool is_over(ms now) const { return outcome(now).is_over(); }

    // Draws, claims, resigning and the arbiter's rulings: Game decides, the clock is told (time
    // for the opponent, stopped when the game ends). Each first lets a fallen flag decide.

    /// 9.2/9.3/9.5: an incorrect claim gives the opponent time and plays the intended move,
    /// which presses the clock (refused beforehand when the clock could not be pressed).
    std::expected<ClaimResult, MatchError> claim_draw(Color claimant, DrawClaim claim, std::optional<Move> intended,
                                                      ms now);
    std::expected<void, MatchError> offer_draw(Color c, ms now);
    std::expected<void, MatchError> accept_draw(Color c, ms now);
    std::expected<void, MatchError> decline_draw(Color c, ms now);
    /// 5.1.2: a loss, or a draw when the opponent cannot checkmate.
    std::expected<Outcome, MatchError> resign(Color c, ms now);
    /// 7.5.5 (arbiter mode): a completed illegal move by `c`. The first gives the opponent 2
    /// minutes (1 in rapid and blitz) on the clock; the second loses (a draw when the opponent
    /// cannot checkmate). The caller restores the position; Match only rules.
    std::expected<Outcome, MatchError> illegal_move(Color c, ms now);
    /// Article 4 (with GameOptions::touch_move).
    std::expected<void, MatchError> touch(Color c, Square s, ms now);

    /// The arbiter adds (or with a negative amount takes) time: 6.10, 12.9, Guidelines III.
    /// Refused (ClockError::Unplayable) without a clock.
    std::expected<void, MatchError> add_time(Color side, ms amount, AdjustmentReason reason);
    /// Guidelines III.4: the arbiter sets an increment for both players for the rest of the game
    /// (clock()->may_request_increment says when a player may ask). Refused without a clock.
    std::expected<void, MatchError> set_increment(ms amount, AdjustmentReason reason = AdjustmentReason::Guidelines);
    /// 6.11: the arbiter stops and restarts both clocks; moves wait until the clock runs again.
    std::expected<void, MatchError> pause(ms now);
    std::expected<void, MatchError> resume(ms now);

    /// What `side` has left at `now`; none without clock.
    std::optional<ms> time_left(Color side, ms now) const;
    /// One entry per move played through this match: the move of ply first_timed_ply() + i.
    const std::vector<MoveTime>& move_times() const { return move_times_; }
    int first_timed_ply() const { return first_timed_ply_; }

    const Game& game() const { return game_; }
    const std::optional<Clock>& clock() const { return clock_; }

    friend bool operator==(const Match&, const Match&) = default;

private:
    /// Refuses a `now` earlier than the last action, before anything changes.
    std::expected<void, MatchError> check_time(ms now) const;
    /// The checks every action starts with: time order, a game not over, then a fallen flag.
    std::expected<void, MatchError> before_action(ms now);
    /// Whether the mover's clock could be pressed at `now` (tried on a copy).
    std::expected<void, MatchError> can_press(Color mover, ms now) const;
    /// Presses the mover's clock for the move just played and records its time.
    MoveTime record_move(Color mover, ms now);
    using ClockEvent = std::expected<void, ClockError> (Clock::*)(ms);
    /// pause() and resume(): the clock's own event, in time order.
    std::expected<void, MatchError> clock_event(ms now, ClockEvent event);
    /// Puts the game's new penalties (9.5.3, 7.5.5) on the clock.
    void apply_penalties(AdjustmentReason reason);
    /// After any action that was carried out: notes its time; a game that has ended stops the clock.
    void settle(ms now);

    Game game_;
    std::optional<Clock> clock_;
    std::vector<MoveTime> move_times_;
    int first_timed_ply_ = 0;
    std::size_t penalties_applied_ = 0;  // game_.penalties() already on the clock
    std::optional<ms> turn_began_;       // without clock: when the current turn's thinking began
    std::optional<ms> last_event_;
    bool started_ = false;
    std::optional<FlagFall> flag_fall_;
};

}  // namespace schach
