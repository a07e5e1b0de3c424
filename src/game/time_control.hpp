#pragma once
// Time controls (FIDE Article 6.3): periods of "N moves in T" or "the rest of the game", each
// with a Fischer increment and/or a delay, or an hourglass. Read and written in two forms: the
// human spec ("5+3", "40/90+30,30+30") and the PGN TimeControl tag ("300+3", "40/5400+30:1800+30").
// Classification into blitz, rapid and classical follows Appendices A.1 and B.1.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "game/time_class.hpp"

namespace schach {

/// How a period's delay works. Both give the player `delay` per move that does not cost main time
/// when the move is made within it; they differ in what the display shows and when a flag falls.
enum class DelayKind : std::uint8_t {
    None,
    Simple,     // US / "delay" mode of 6.3.2: the main time starts counting only after the delay
    Bronstein,  // the main time counts at once; at the press, min(used, delay) is given back
};

/// One period of 6.3.1: `moves` moves in `base` (0 = the rest of the game). The increment is
/// added after each move made in the period, "from move 1" (6.3.1); the delay applies per move.
/// FIDE allows increment or delay; both together are accepted (delay first, then increment).
struct TimePeriod {
    int moves = 0;
    std::chrono::milliseconds base{0};
    std::chrono::milliseconds increment{0};
    std::chrono::milliseconds delay{0};
    DelayKind delay_kind = DelayKind::None;

    friend bool operator==(const TimePeriod&, const TimePeriod&) = default;
};

struct TimeControl {
    enum class Mode : std::uint8_t {
        Periods,    // the usual clock: the periods below
        Hourglass,  // one period, no bonus; the time a player uses is added to the opponent
        Untimed,    // PGN "-": played without a clock
        Unknown,    // PGN "?": not recorded
    };
    Mode mode = Mode::Periods;
    /// When the last period has `moves` > 0 it repeats ("40/120" alone = 120 min per 40 moves),
    /// as the clock would otherwise have nothing to give after it.
    std::vector<TimePeriod> periods;

    static TimeControl fischer(std::chrono::milliseconds base, std::chrono::milliseconds increment = {});
    static TimeControl hourglass(std::chrono::milliseconds base);
    static TimeControl untimed() { return {Mode::Untimed, {}}; }
    static TimeControl unknown() { return {Mode::Unknown, {}}; }

    bool is_timed() const { return mode == Mode::Periods || mode == Mode::Hourglass; }
    bool is_hourglass() const { return mode == Mode::Hourglass; }
    /// The period with this 0-based index, repeating the last one past the end.
    /// Precondition: !periods.empty().
    const TimePeriod& period(int index) const;

    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

/// A spec or tag that cannot be read: what went wrong, at which 0-based character offset.
struct TimeControlError {
    enum class Kind : std::uint8_t {
        Syntax,          // a character that does not belong there; `expected` says what would
        OutOfRange,      // a number beyond the limits (10000 moves, 1000 hours)
        TooPrecise,      // finer than a millisecond (more than 3 decimals)
        ZeroMoves,       // "0/90": a period needs at least one move
        NoTime,          // a period that gives no time at all ("0+0"): not a playable control
        RestNotLast,     // "90,30": nothing can follow a rest-of-game period
        HourglassBonus,  // an hourglass has neither increment nor delay
    };
    /// For Syntax: what would fit at the offset.
    enum class Expected : std::uint8_t {
        Nothing,
        DigitsAfterPoint,
        WholeMoves,
        Seconds,
        Minutes,
        MinutesOrMoves,
        SecondsOrMoves,
        TimeControl,  // the spec is empty
        SpecStart,    // minutes, moves/minutes, 'h', '-' or '?'
        TagStart,     // PGN tag: '?', '-', '*' or seconds
        CommaOrEnd,
        ColonOrEnd,
        End,
    };
    Kind kind = Kind::Syntax;
    std::size_t offset = 0;
    Expected expected = Expected::Nothing;
    friend bool operator==(const TimeControlError&, const TimeControlError&) = default;
};
std::string_view time_control_error_id(TimeControlError::Kind kind);
std::string_view time_control_expected_id(TimeControlError::Expected expected);

/// Reads a human spec. Spaces between the parts are allowed; letters are case-insensitive.
///
///   spec     := "-" | "?" | hourglass | period { ("," | ":") period } | fide
///   hourglass:= ("h" | "hourglass") time                     "h3", "hourglass 3"
///   period   := [ moves "/" ] time [ bonus ]                 "5+3", "40/90+30", "90"
///             | minutes "/" moves [ bonus ]               "90/40+30" (FIDE's order: 20 to 60
///                                                          moves, fewer than the minutes, no unit)
///   bonus    := "+" seconds [ delay ] | delay                "+3", "+2d3", "d5"
///   delay    := "d" seconds  (simple / US delay)  |  "b" seconds  (Bronstein delay)
///   fide     := moves "/" time "+" minutes "+" seconds [ delay ]
///   time     := number [ "m" | "s" ]                         minutes, unless suffixed "s"
///   seconds  := number [ "s" ]
///   number   := digits [ "." digits ]                        at most 3 decimals
///
/// "40/90+30,30+30" is 40 moves in 90 min then 30 min for the rest, +30 s per move throughout;
/// "90/40+30:30+30" writes the same in FIDE's order.
/// The `fide` shorthand writes the same as "40/90+30+30s": after a moves period a second "+"
/// makes the first "+" number the minutes of a rest-of-game period and the second the bonus of
/// both periods (a first "+" number suffixed "s" is an increment, so the shorthand is refused).
/// Every period must give time ("0+0" is an error; "0+1" is not); a rest period comes last.
std::expected<TimeControl, TimeControlError> parse_time_control(std::string_view spec);
/// The normalized human form, which parse_time_control reads back to the same value: "5+3",
/// "40/90+30,30+30", "5d3", "5b3", "5+2d3", "h3", "30s+0", "-", "?". Periods without delay always
/// show their increment ("1+0"); whole minutes are written as minutes, anything else as seconds.
std::string to_string(const TimeControl& control);

/// Reads a PGN TimeControl tag (PGN standard 9.6.1), all times in seconds:
///   "?" unknown, "-" untimed, "*60" hourglass (sandclock) of 60 s, and periods joined by ':',
///   each "moves/seconds" or "seconds" (rest of the game), optionally "+increment".
/// Extensions, written only when needed: "moves/seconds+increment" (as FIDE and lichess write),
/// delays "300d5" (simple) and "300b5" (Bronstein) after any increment ("300+2d5"), and up to 3
/// decimals on any time. Whitespace around the value is ignored.
std::expected<TimeControl, TimeControlError> parse_pgn_time_control(std::string_view tag);
/// The PGN tag value: "300+2", "40/5400+30:1800+30", "*60", "-", "?".
std::string to_pgn_time_control(const TimeControl& control);

/// Appendices A.1 / B.1 (checklist item 66).
/// T = base of the first period + 60 × (its increment + its delay), i.e. the time for a 60-move
/// game. The Laws speak only of increments; a delay is counted like one, as the most a player can
/// gain per move is the same. Blitz if T ≤ 10 min, rapid if T < 60 min, classical otherwise.
/// An hourglass counts its base; untimed and unknown controls are classical (2-minute penalties).
TimeClass classify(const TimeControl& control);

/// Guidelines III.2.2 (checklist item 87): the quickplay-finish rules may be announced only for
/// standard and rapid games without increment. A delay counts as an increment here: it too gives
/// time for every move, which is what the Guidelines make up for.
bool guidelines_iii_allowed(const TimeControl& control);

/// A common control under the name players use for it.
struct TimeControlPreset {
    std::string_view name;  // a spelling parse_time_control reads: "3+2", "40/90+30+30s"
    TimeControl control;
};
/// 1+0, 3+2, 5+3, 10+5, 15+10, 25+10, 90+30 and the FIDE standard 40/90+30+30s, in that order.
const std::vector<TimeControlPreset>& time_control_presets();

}  // namespace schach
