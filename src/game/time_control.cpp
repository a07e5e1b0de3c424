#include "game/time_control.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace schach {
namespace {

using std::chrono::milliseconds;
using Kind = TimeControlError::Kind;
using Expected = TimeControlError::Expected;

constexpr std::int64_t MsPerSecond = 1000;
constexpr std::int64_t MsPerMinute = 60 * MsPerSecond;
constexpr std::int64_t MaxMs = 1000LL * 60 * MsPerMinute;  // 1000 hours: far beyond any game
constexpr std::int64_t MaxMoves = 10000;
constexpr int MaxDecimals = 3;  // thousandths: a millisecond when the unit is a second

std::unexpected<TimeControlError> fail(Kind kind, std::size_t offset, Expected expected = Expected::Nothing) {
    return std::unexpected(TimeControlError{kind, offset, expected});
}

/// A number as written: value in thousandths, so "1.5" minutes and "1.5" seconds both stay exact.
struct Number {
    std::int64_t thousandths = 0;
    bool has_decimals = false;
    std::size_t offset = 0;
};

/// Walks the text. The human spec allows spaces between parts; the PGN tag only around it.
class Cursor {
public:
    Cursor(std::string_view text, bool spaces_inside) : text_(text), spaces_inside_(spaces_inside) { skip_spaces(); }

    std::size_t offset() {
        if (spaces_inside_) skip_spaces();
        return pos_;
    }
    /// The next character in lower case, or '\0' at the end.
    char peek() {
        const std::size_t at = offset();
        return at < text_.size() ? static_cast<char>(std::tolower(static_cast<unsigned char>(text_[at]))) : '\0';
    }
    bool eat(char c) {
        if (peek() != c) return false;
        ++pos_;
        return true;
    }
    bool eat_word(std::string_view word) {
        const std::size_t at = offset();
        if (text_.size() - at < word.size()) return false;
        for (std::size_t i = 0; i < word.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(text_[at + i])) != word[i]) return false;
        pos_ = at + word.size();
        return true;
    }
    /// True when only whitespace is left.
    bool at_end() {
        skip_spaces();
        return pos_ >= text_.size();
    }
    std::expected<Number, TimeControlError> number(Expected what);

private:
    void skip_spaces() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool digit_here() const { return pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9'; }

    std::string_view text_;
    bool spaces_inside_;
    std::size_t pos_ = 0;
};

std::expected<Number, TimeControlError> Cursor::number(Expected what) {
    Number n{0, false, offset()};
    if (!digit_here()) return fail(Kind::Syntax, pos_, what);
    // Capped well above every limit so that no digit string can overflow.
    constexpr std::int64_t Cap = 1'000'000'000'000'000LL;
    std::int64_t whole = 0;
    while (digit_here()) {
        whole = std::min(Cap, whole * 10 + (text_[pos_++] - '0'));
    }
    std::int64_t fraction = 0;
    int decimals = 0;
    if (pos_ < text_.size() && text_[pos_] == '.') {
        ++pos_;
        if (!digit_here()) return fail(Kind::Syntax, pos_, Expected::DigitsAfterPoint);
        n.has_decimals = true;
        while (digit_here()) {
            if (decimals == MaxDecimals) return fail(Kind::TooPrecise, pos_);
            fraction = fraction * 10 + (text_[pos_++] - '0');
            ++decimals;
        }
    }
    for (; decimals < MaxDecimals; ++decimals) fraction *= 10;
    n.thousandths = std::min(Cap, whole * 1000 + fraction);
    return n;
}

/// The number as a duration in `unit_ms` units; exact, since a thousandth of a second is a ms.
std::expected<milliseconds, TimeControlError> duration(const Number& n, std::int64_t unit_ms) {
    if (n.thousandths > MaxMs * 1000 / unit_ms) return fail(Kind::OutOfRange, n.offset);
    return milliseconds(n.thousandths * unit_ms / 1000);
}

std::expected<int, TimeControlError> move_count(const Number& n) {
    if (n.has_decimals) return fail(Kind::Syntax, n.offset, Expected::WholeMoves);
    if (n.thousandths > MaxMoves * 1000) return fail(Kind::OutOfRange, n.offset);
    if (n.thousandths == 0) return fail(Kind::ZeroMoves, n.offset);
    return static_cast<int>(n.thousandths / 1000);
}

/// The two notations differ only in units and spacing; the grammar of a period is shared.
struct Dialect {
    bool human;  // minutes with optional "m"/"s" suffix and spaces inside; else plain seconds
};

/// What a period's "+" said, kept so the FIDE shorthand can reread it as minutes.
struct PlusTerm {
    Number number;
    bool seconds_suffix = false;  // "+30s": certainly an increment
};

struct ParsedPeriod {
    TimePeriod period;
    std::size_t offset = 0;
    std::optional<PlusTerm> plus;
};

/// Optional "s" after a number of seconds (human spec only).
void eat_seconds_suffix(Cursor& c, Dialect d, PlusTerm* term = nullptr) {
    if (d.human && c.eat('s') && term != nullptr) term->seconds_suffix = true;
}

std::expected<milliseconds, TimeControlError> bonus_seconds(Cursor& c, Dialect d, PlusTerm* term = nullptr) {
    auto n = c.number(Expected::Seconds);
    if (!n) return std::unexpected(n.error());
    if (term != nullptr) term->number = *n;
    eat_seconds_suffix(c, d, term);
    return duration(*n, MsPerSecond);
}

/// `delay := ("d" | "b") seconds`, if present.
std::expected<void, TimeControlError> parse_delay(Cursor& c, Dialect d, TimePeriod& p) {
    DelayKind kind = DelayKind::None;
    if (c.eat('d')) kind = DelayKind::Simple;
    else if (c.eat('b')) kind = DelayKind::Bronstein;
    else return {};
    auto delay = bonus_seconds(c, d);
    if (!delay) return std::unexpected(delay.error());
    p.delay = *delay;
    // "5d0" is no delay at all; one spelling per value keeps == meaningful.
    p.delay_kind = p.delay.count() > 0 ? kind : DelayKind::None;
    return {};
}

/// `bonus := "+" seconds [delay] | delay`.
std::expected<std::optional<PlusTerm>, TimeControlError> parse_bonus(Cursor& c, Dialect d, TimePeriod& p) {
    std::optional<PlusTerm> term;
    if (c.eat('+')) {
        term.emplace();
        auto inc = bonus_seconds(c, d, &*term);
        if (!inc) return std::unexpected(inc.error());
        p.increment = *inc;
    }
    if (auto r = parse_delay(c, d, p); !r) return std::unexpected(r.error());
    return term;
}

/// The base time of a period: minutes (or "…s" seconds) in the human spec, seconds in PGN.
std::expected<milliseconds, TimeControlError> base_time(Cursor& c, Dialect d, const Number& n) {
    std::int64_t unit = d.human ? MsPerMinute : MsPerSecond;
    if (d.human) {
        if (c.eat('s')) unit = MsPerSecond;
        else c.eat('m');
    }
    return duration(n, unit);
}

/// Whether "a/b" of a human spec is written in FIDE's order, minutes before moves ("90/40" for
/// 90 minutes for 40 moves): after the slash a whole number of moves such as FIDE's periods
/// have (20 to 60), fewer than the minutes before it, and no unit. Otherwise the order is
/// moves before minutes: "40/90", "2/1", "40/9".
/// The numbers' side of that rule, in thousandths: `after` the slash a whole 20 to 60, fewer
/// than `before` it. The writer asks it too (moves_and_time).
bool fide_order_numbers(std::int64_t before, std::int64_t after) {
    constexpr std::int64_t FewestMoves = 20 * 1000, MostMoves = 60 * 1000;
    return after % 1000 == 0 && after >= FewestMoves && after <= MostMoves && after < before;
}

bool minutes_before_moves(Cursor& c, Dialect d, const Number& first, const Number& second) {
    const char next = c.peek();
    return d.human && fide_order_numbers(first.thousandths, second.thousandths) && next != 'm' && next != 's';
}

/// `period := [moves "/"] time [bonus]`, or in a human spec also `minutes "/" moves [bonus]`.
std::expected<ParsedPeriod, TimeControlError> parse_period(Cursor& c, Dialect d) {
    ParsedPeriod out;
    out.offset = c.offset();
    const Expected what = d.human ? Expected::MinutesOrMoves : Expected::SecondsOrMoves;
    auto first = c.number(what);
    if (!first) return std::unexpected(first.error());
    Number time = *first;
    if (c.eat('/')) {
        auto t = c.number(d.human ? Expected::Minutes : Expected::Seconds);
        if (!t) return std::unexpected(t.error());
        const bool swapped = minutes_before_moves(c, d, *first, *t);
        auto moves = move_count(swapped ? *t : *first);
        if (!moves) return std::unexpected(moves.error());
        out.period.moves = *moves;
        time = swapped ? *first : *t;
    }
    auto base = base_time(c, d, time);
    if (!base) return std::unexpected(base.error());
    out.period.base = *base;
    auto plus = parse_bonus(c, d, out.period);
    if (!plus) return std::unexpected(plus.error());
    out.plus = *plus;
    return out;
}

bool gives_time(const TimePeriod& p) {
    return p.base.count() > 0 || p.increment.count() > 0 || (p.delay_kind != DelayKind::None && p.delay.count() > 0);
}

/// Periods joined by `separator` (or `other`, when given), each checked: it gives time, and only
/// the last is a rest period.
std::expected<TimeControl, TimeControlError> parse_periods(Cursor& c, Dialect d, char separator, char other = '\0') {
    TimeControl tc;
    for (;;) {
        auto p = parse_period(c, d);
        if (!p) return std::unexpected(p.error());
        if (!gives_time(p->period)) return fail(Kind::NoTime, p->offset);
        tc.periods.push_back(p->period);
        const std::size_t at = c.offset();
        if (!c.eat(separator) && (other == '\0' || !c.eat(other))) break;
        if (p->period.moves == 0) return fail(Kind::RestNotLast, at);
    }
    return tc;
}

/// `moves "/" time "+" minutes "+" seconds [delay]`: the usual way to write the FIDE control.
bool starts_fide_shorthand(Cursor& c, const ParsedPeriod& p) {
    return p.period.moves > 0 && p.plus && !p.plus->seconds_suffix && p.period.delay_kind == DelayKind::None &&
           c.peek() == '+';
}

std::expected<TimeControl, TimeControlError> finish_fide_shorthand(Cursor& c, Dialect d, ParsedPeriod first) {
    c.eat('+');
    TimePeriod shared;
    auto inc = bonus_seconds(c, d);
    if (!inc) return std::unexpected(inc.error());
    shared.increment = *inc;
    if (auto r = parse_delay(c, d, shared); !r) return std::unexpected(r.error());

    TimePeriod opening = shared;
    opening.moves = first.period.moves;
    opening.base = first.period.base;
    if (!gives_time(opening)) return fail(Kind::NoTime, first.offset);

    TimePeriod rest = shared;
    auto rest_base = duration(first.plus->number, MsPerMinute);
    if (!rest_base) return std::unexpected(rest_base.error());
    rest.base = *rest_base;
    if (!gives_time(rest)) return fail(Kind::NoTime, first.plus->number.offset);
    return TimeControl{TimeControl::Mode::Periods, {opening, rest}};
}

std::expected<TimeControl, TimeControlError> parse_human_periods(Cursor& c) {
    const Dialect d{true};
    Cursor probe = c;
    auto first = parse_period(probe, d);
    if (!first) return std::unexpected(first.error());
    if (starts_fide_shorthand(probe, *first)) {
        c = probe;
        return finish_fide_shorthand(c, d, *first);
    }
    return parse_periods(c, d, ',', ':');
}

std::expected<TimeControl, TimeControlError> parse_hourglass(Cursor& c, Dialect d, std::int64_t default_unit) {
    auto n = c.number(d.human ? Expected::Minutes : Expected::Seconds);
    if (!n) return std::unexpected(n.error());
    std::int64_t unit = default_unit;
    if (d.human) {
        if (c.eat('s')) unit = MsPerSecond;
        else c.eat('m');
    }
    auto base = duration(*n, unit);
    if (!base) return std::unexpected(base.error());
    if (base->count() == 0) return fail(Kind::NoTime, n->offset);
    const char next = c.peek();
    if (next == '+' || next == 'd' || next == 'b') return fail(Kind::HourglassBonus, c.offset());
    return TimeControl::hourglass(*base);
}

std::expected<TimeControl, TimeControlError> expect_end(Cursor& c, std::expected<TimeControl, TimeControlError> r,
                                                        Expected what) {
    if (r && !c.at_end()) return fail(Kind::Syntax, c.offset(), what);
    return r;
}

// ---------------------------------------------------------------- writing

/// `ms` in `unit_ms` units with up to three decimals, trailing zeros dropped: "1.5", "30".
std::string decimal(milliseconds ms, std::int64_t unit_ms) {
    const std::int64_t thousandths = ms.count() * 1000 / unit_ms;
    std::string out = std::to_string(thousandths / 1000);
    std::int64_t fraction = thousandths % 1000;
    if (fraction == 0) return out;
    std::string digits = std::to_string(fraction);
    digits.insert(0, 3 - digits.size(), '0');
    while (digits.back() == '0') digits.pop_back();
    return out + "." + digits;
}

std::string human_time(milliseconds ms) {
    if (ms.count() % MsPerMinute == 0) return std::to_string(ms.count() / MsPerMinute);
    return decimal(ms, MsPerSecond) + "s";
}

char delay_letter(DelayKind k) { return k == DelayKind::Bronstein ? 'b' : 'd'; }

bool has_delay(const TimePeriod& p) { return p.delay_kind != DelayKind::None && p.delay.count() > 0; }

/// "+2", "d3", "+2d3"; the increment shows as "+0" when nothing else would ("1+0").
std::string bonus_text(const TimePeriod& p, bool always_increment) {
    std::string out;
    if (p.increment.count() > 0 || (always_increment && !has_delay(p))) out += "+" + decimal(p.increment, MsPerSecond);
    if (has_delay(p)) out += delay_letter(p.delay_kind) + decimal(p.delay, MsPerSecond);
    return out;
}

std::string moves_prefix(const TimePeriod& p) { return p.moves > 0 ? std::to_string(p.moves) + "/" : ""; }

/// "40/90", "30/90s"; with the unit "30/25m" where the minutes would read back as FIDE's
/// order (25 minutes for 30 moves is not 30 minutes for 25 moves).
std::string moves_and_time(const TimePeriod& p) {
    std::string time = human_time(p.base);
    const bool whole_minutes = p.base.count() % MsPerMinute == 0;
    if (p.moves > 0 && whole_minutes && fide_order_numbers(p.moves * 1000LL, p.base.count() / MsPerMinute * 1000))
        time += 'm';
    return moves_prefix(p) + time;
}

}  // namespace

// ---------------------------------------------------------------- TimeControl

TimeControl TimeControl::fischer(milliseconds base, milliseconds increment) {
    return {Mode::Periods, {TimePeriod{0, base, increment, milliseconds(0), DelayKind::None}}};
}

TimeControl TimeControl::hourglass(milliseconds base) {
    return {Mode::Hourglass, {TimePeriod{0, base, milliseconds(0), milliseconds(0), DelayKind::None}}};
}

const TimePeriod& TimeControl::period(int index) const {
    const auto last = periods.size() - 1;
    return periods[std::min(static_cast<std::size_t>(std::max(index, 0)), last)];
}

std::string_view time_control_error_id(TimeControlError::Kind kind) {
    switch (kind) {
        case Kind::Syntax: return "syntax";
        case Kind::OutOfRange: return "out-of-range";
        case Kind::TooPrecise: return "too-precise";
        case Kind::ZeroMoves: return "zero-moves";
        case Kind::NoTime: return "no-time";
        case Kind::RestNotLast: return "rest-not-last";
        case Kind::HourglassBonus: return "hourglass-bonus";
    }
    return "syntax";
}

std::string_view time_control_expected_id(TimeControlError::Expected e) {
    switch (e) {
        case Expected::Nothing: return "";
        case Expected::DigitsAfterPoint: return "digits-after-point";
        case Expected::WholeMoves: return "whole-moves";
        case Expected::Seconds: return "seconds";
        case Expected::Minutes: return "minutes";
        case Expected::MinutesOrMoves: return "minutes-or-moves";
        case Expected::SecondsOrMoves: return "seconds-or-moves";
        case Expected::TimeControl: return "time-control";
        case Expected::SpecStart: return "spec-start";
        case Expected::TagStart: return "tag-start";
        case Expected::CommaOrEnd: return "comma-or-end";
        case Expected::ColonOrEnd: return "colon-or-end";
        case Expected::End: return "end";
    }
    return "?";
}

// ---------------------------------------------------------------- human spec

std::expected<TimeControl, TimeControlError> parse_time_control(std::string_view spec) {
    Cursor c(spec, true);
    constexpr Expected AfterControl = Expected::CommaOrEnd;
    if (c.at_end()) return fail(Kind::Syntax, c.offset(), Expected::TimeControl);
    if (c.eat('-')) return expect_end(c, TimeControl::untimed(), Expected::End);
    if (c.eat('?')) return expect_end(c, TimeControl::unknown(), Expected::End);
    if (c.eat_word("hourglass") || c.eat('h'))
        return expect_end(c, parse_hourglass(c, Dialect{true}, MsPerMinute), Expected::End);
    const char first = c.peek();
    if (first < '0' || first > '9') return fail(Kind::Syntax, c.offset(), Expected::SpecStart);
    return expect_end(c, parse_human_periods(c), AfterControl);
}

std::string to_string(const TimeControl& control) {
    switch (control.mode) {
        case TimeControl::Mode::Unknown: return "?";
        case TimeControl::Mode::Untimed: return "-";
        case TimeControl::Mode::Hourglass:
            return "h" + (control.periods.empty() ? std::string("0") : human_time(control.periods.front().base));
        case TimeControl::Mode::Periods: break;
    }
    std::string out;
    for (const TimePeriod& p : control.periods) {
        if (!out.empty()) out += ',';
        out += moves_and_time(p) + bonus_text(p, true);
    }
    return out;
}

// ---------------------------------------------------------------- PGN tag

std::expected<TimeControl, TimeControlError> parse_pgn_time_control(std::string_view tag) {
    Cursor c(tag, false);
    if (c.at_end()) return fail(Kind::Syntax, c.offset(), Expected::TagStart);
    if (c.eat('?')) return expect_end(c, TimeControl::unknown(), Expected::End);
    if (c.eat('-')) return expect_end(c, TimeControl::untimed(), Expected::End);
    if (c.eat('*')) return expect_end(c, parse_hourglass(c, Dialect{false}, MsPerSecond), Expected::End);
    return expect_end(c, parse_periods(c, Dialect{false}, ':'), Expected::ColonOrEnd);
}

std::string to_pgn_time_control(const TimeControl& control) {
    switch (control.mode) {
        case TimeControl::Mode::Unknown: return "?";
        case TimeControl::Mode::Untimed: return "-";
        case TimeControl::Mode::Hourglass:
            return "*" +
                   (control.periods.empty() ? std::string("0") : decimal(control.periods.front().base, MsPerSecond));
        case TimeControl::Mode::Periods: break;
    }
    std::string out;
    for (const TimePeriod& p : control.periods) {
        if (!out.empty()) out += ':';
        out += moves_prefix(p) + decimal(p.base, MsPerSecond) + bonus_text(p, false);
    }
    return out;
}

// ---------------------------------------------------------------- classification

TimeClass classify(const TimeControl& control) {
    if (!control.is_timed() || control.periods.empty()) return TimeClass::Classical;
    const TimePeriod& p = control.periods.front();
    const milliseconds delay = has_delay(p) ? p.delay : milliseconds(0);
    const std::int64_t t = p.base.count() + 60 * (p.increment + delay).count();
    if (t <= 10 * MsPerMinute) return TimeClass::Blitz;
    if (t < 60 * MsPerMinute) return TimeClass::Rapid;
    return TimeClass::Classical;
}

bool guidelines_iii_allowed(const TimeControl& control) {
    if (!control.is_timed() || control.periods.empty() || classify(control) == TimeClass::Blitz) return false;
    for (const TimePeriod& p : control.periods)
        if (p.increment.count() > 0 || has_delay(p)) return false;
    return true;
}

const std::vector<TimeControlPreset>& time_control_presets() {
    using std::chrono::minutes;
    using std::chrono::seconds;
    static const std::vector<TimeControlPreset> presets = [] {
        std::vector<TimeControlPreset> list = {
            {"1+0", TimeControl::fischer(minutes(1))},
            {"3+2", TimeControl::fischer(minutes(3), seconds(2))},
            {"5+3", TimeControl::fischer(minutes(5), seconds(3))},
            {"10+5", TimeControl::fischer(minutes(10), seconds(5))},
            {"15+10", TimeControl::fischer(minutes(15), seconds(10))},
            {"25+10", TimeControl::fischer(minutes(25), seconds(10))},
            {"90+30", TimeControl::fischer(minutes(90), seconds(30))},
        };
        // FIDE standard: 90 min for 40 moves, then 30 min, 30 s per move from move 1.
        TimeControl fide;
        fide.periods = {TimePeriod{40, minutes(90), seconds(30), milliseconds(0), DelayKind::None},
                        TimePeriod{0, minutes(30), seconds(30), milliseconds(0), DelayKind::None}};
        list.push_back({"40/90+30+30s", fide});
        return list;
    }();
    return presets;
}

}  // namespace schach
