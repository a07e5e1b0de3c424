#pragma once
// Clock: the chess clock of Article 6 as a pure value. It never reads the system time: every
// operation takes `now`, milliseconds since any epoch the caller likes, so a server can hold,
// save and replay clocks exactly and tests can drive them with plain numbers.

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.hpp"
#include "game/time_control.hpp"

namespace schach {

enum class ClockError : std::uint8_t {
    Unplayable,  // the control is untimed, unknown or has no periods
    NotStarted,
    AlreadyStarted,
    Stopped,  // the game's time is over (stop())
    Paused,   // a press while paused (6.11: the arbiter restarts the clock first)
    NotPaused,
    NotYourTurn,   // a press by the side whose clock is not running
    TimeWentBack,  // `now` earlier than the last event
};
/// "unplayable", "not-started", ...
std::string_view clock_error_id(ClockError e);

/// Why the arbiter changed a clock (the reason is recorded, the amount may be negative).
enum class AdjustmentReason : std::uint8_t {
    IncorrectClaim,  // 9.5.3: the claimant's opponent gets time
    IllegalMove,     // 7.5.5: the opponent of the player who moved illegally gets time
    Correction,      // 6.10: a wrong setting corrected, a defective clock replaced
    Sanction,        // 12.9: time added to the opponent or deducted from the offender
    Guidelines,      // Guidelines III.4 / III.5: the +2 minutes of a refused or postponed claim
};
std::string_view adjustment_reason_id(AdjustmentReason r);

/// One arbiter adjustment, as the game record keeps it.
struct ClockAdjustment {
    Color side;
    std::chrono::milliseconds amount;
    AdjustmentReason reason;
    int ply;                      // moves completed (both sides) when it was made
    bool sets_increment = false;  // `amount` is the side's new increment per move (III.4)
    friend bool operator==(const ClockAdjustment&, const ClockAdjustment&) = default;
};

struct ClockOptions {
    /// Checklist item 39: the Laws leave open whether the first increment is credited before
    /// move 1. Off: after each move only (FIDE "from move 1"); on: DGT-style, both sides start
    /// with base + increment.
    bool increment_at_start = false;
    friend bool operator==(const ClockOptions&, const ClockOptions&) = default;
};

/// What a press did.
struct PressResult {
    std::chrono::milliseconds used{0};       // the mover's thinking time for the move, pauses excluded
    std::chrono::milliseconds remaining{0};  // the mover's time after delay, increment and a new period
    /// The mover's time had run out before the press: no delay, increment or new period is
    /// credited and the clock shows 0. The caller decides: a move that ended the game (6.2.1.1:
    /// mate, stalemate, dead position, 9.6) stands; otherwise the flag has fallen (6.9).
    bool flag_fell = false;
    bool period_completed = false;  // the move completed a period; its successor's time was added
    friend bool operator==(const PressResult&, const PressResult&) = default;
};

class Clock {
public:
    using ms = std::chrono::milliseconds;

    /// Both displays show the first period's base (plus its increment with increment_at_start).
    explicit Clock(TimeControl control, ClockOptions options = {});

    /// 6.6: starts the clock of `first` (White, unless the game starts from a position with Black
    /// to move).
    std::expected<void, ClockError> start(ms now, Color first = Color::White);
    /// 6.2.1: the mover ends the turn. The time used is charged (a simple delay's first `delay`
    /// ms are free; Bronstein gives back min(used, delay)), the increment added, the move counted;
    /// completing a period adds the next period's base to what is left (6.3.2). Then the
    /// opponent's clock runs. In an hourglass the time used goes to the opponent.
    std::expected<PressResult, ClockError> press(Color mover, ms now);
    /// 6.11: the arbiter stops both clocks; the thinking time so far is kept for the turn.
    std::expected<void, ClockError> pause(ms now);
    std::expected<void, ClockError> resume(ms now);
    /// The game is over: the running side is charged its time (no bonus) and nothing runs again.
    std::expected<void, ClockError> stop(ms now);
    /// The arbiter adds (or with a negative amount takes) time (6.10, 7.5.5, 9.5.3, 12.9); logged.
    void add_time(Color side, ms amount, AdjustmentReason reason);

    /// Guidelines III.4 (checklist item 89): the player to move, with under 2 minutes left and
    /// the flag not fallen, may ask for a 5 s increment for both, in a game without increment
    /// (III.2.2). Whether the Guidelines were announced (III.2.1) is the caller's to know.
    bool may_request_increment(Color player, ms now) const;
    /// III.4: the arbiter sets an increment for both players for the rest of the game, in every
    /// period; logged for each side. The +2 minutes for the opponent are a separate add_time.
    void set_increment(ms amount, AdjustmentReason reason);

    /// The time shown at `now`, never below zero. The running side's includes the time elapsed
    /// in this turn: under a simple delay the main time stands still while the delay lasts;
    /// under Bronstein it counts at once. In an hourglass the waiting side gains what the
    /// running side loses.
    ms remaining(Color side, ms now) const;
    /// What is left of the running side's delay at `now` (0 without delay or when not running),
    /// for displays that count the delay down separately.
    ms delay_left(ms now) const;
    /// The running turn's thinking time so far (pauses excluded); 0 when nothing runs.
    ms turn_time(ms now) const;
    /// 6.1.1: the allotted time has expired.
    bool flagged(Color side, ms now) const { return remaining(side, now) <= ms(0); }

    /// 6.1: the side whose clock runs; at most one, none before start, while paused or stopped.
    std::optional<Color> running() const;
    /// The side whose turn it is, running or paused.
    std::optional<Color> to_move() const { return turn_; }
    bool started() const { return started_; }
    bool paused() const { return paused_; }
    bool stopped() const { return stopped_; }

    int moves_made(Color side) const { return moves_[side]; }
    /// 0-based index of the period `side` is in; it grows past the last stored period when that
    /// one repeats (see TimeControl::periods).
    int period(Color side) const { return period_[side]; }
    /// In the period that lasts to the end of the game (III.3.1 asks this when both flags fell).
    bool in_last_period(Color side) const { return playable() && current_period(side).moves == 0; }
    /// The increment `side` gets for its next move: the period's, or one the arbiter set.
    ms increment(Color side) const;
    const TimeControl& control() const { return control_; }
    const ClockOptions& options() const { return options_; }
    const std::vector<ClockAdjustment>& adjustments() const { return adjustments_; }

    friend bool operator==(const Clock&, const Clock&) = default;

private:
    bool playable() const { return control_.is_timed() && !control_.periods.empty(); }
    std::expected<void, ClockError> check_event(ms now) const;
    const TimePeriod& current_period(Color side) const { return control_.period(period_[side]); }
    ms used(ms now) const;
    ms charged(Color side, ms used_time) const;
    void settle_hourglass(Color mover, ms used_time);
    bool count_move(Color mover);

    TimeControl control_;
    ClockOptions options_;
    ByColor<ms> bank_{};  // time at the start of the current turn (or now, when not running)
    ByColor<int> moves_{};
    ByColor<int> period_{};
    ByColor<int> period_moves_{};  // moves made in the current period
    std::optional<Color> turn_;
    std::optional<ms> increment_override_;  // set by the arbiter (III.4)
    ms turn_used_{0};                       // thinking time of this turn before the last resume
    ms since_{0};                           // when the current running stretch began
    ms last_event_{0};
    bool started_ = false;
    bool paused_ = false;
    bool stopped_ = false;
    std::vector<ClockAdjustment> adjustments_;
};

/// A time as [%clk] writes it: "1:02:03", and tenths when they are not zero ("0:00:05.3").
/// Truncated, not rounded: a clock never shows more than is left. Negative times show "0:00:00".
std::string format_clk(std::chrono::milliseconds time);

}  // namespace schach
