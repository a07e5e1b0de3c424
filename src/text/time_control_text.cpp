// Time controls in words (German and English) and command-line errors for specs.

#include "text/time_control_text.hpp"

#include "text/words.hpp"

#include <algorithm>
#include <cstdint>

#include <fmt/core.h>

namespace schach {
namespace {

using std::chrono::milliseconds;

/// A count of milliseconds in `unit`s, with up to 3 decimals and the language's decimal mark.
std::string decimal(std::int64_t ms, std::int64_t unit, bool en) {
    std::string out = std::to_string(ms / unit);
    std::int64_t rest = ms % unit;
    if (rest == 0) return out;
    std::string digits = fmt::format("{:0{}}", rest * 1000 / unit, 3);
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    return out + (en ? "." : ",") + digits;
}

/// "1 Sekunde", "2,5 Sekunden" / "1 second", "2.5 seconds".
std::string seconds_text(milliseconds t, bool en) {
    const bool one = t.count() == 1000;
    return decimal(t.count(), 1000, en) + (en ? (one ? " second" : " seconds") : (one ? " Sekunde" : " Sekunden"));
}

/// Whole minutes as minutes, anything else as seconds (as the normalized spec writes them).
std::string time_text(milliseconds t, bool en) {
    if (t.count() % 60000 != 0) return seconds_text(t, en);
    const std::int64_t minutes = t.count() / 60000;
    return std::to_string(minutes) +
           (en ? (minutes == 1 ? " minute" : " minutes") : (minutes == 1 ? " Minute" : " Minuten"));
}

bool has_delay(const TimePeriod& p) { return p.delay_kind != DelayKind::None && p.delay.count() > 0; }

/// " + 3 Sekunden pro Zug", ", 5 Sekunden Verzögerung pro Zug", " ohne Inkrement".
std::string bonus_text(const TimePeriod& p, bool en) {
    std::string out;
    if (p.increment.count() > 0) out += " + " + seconds_text(p.increment, en) + (en ? " per move" : " pro Zug");
    if (has_delay(p)) {
        const bool bronstein = p.delay_kind == DelayKind::Bronstein;
        out += ", " + seconds_text(p.delay, en);
        if (en) out += bronstein ? " Bronstein delay per move" : " delay per move";
        else out += bronstein ? " Bronstein-Verzögerung pro Zug" : " Verzögerung pro Zug";
    }
    if (out.empty()) out = en ? " without increment" : " ohne Inkrement";
    return out;
}

}  // namespace

std::string_view time_class_name(TimeClass c, Language lang) {
    const bool en = lang == Language::English;
    switch (c) {
        case TimeClass::Blitz: return en ? "blitz" : "Blitzschach";
        case TimeClass::Rapid: return en ? "rapid" : "Schnellschach";
        case TimeClass::Classical: return en ? "classical" : "Langpartie";
    }
    return en ? "classical" : "Langpartie";
}

std::string describe_time_control(const TimeControl& control, Language lang) {
    const bool en = lang == Language::English;
    switch (control.mode) {
        case TimeControl::Mode::Untimed: return en ? "untimed" : "ohne Uhr";
        case TimeControl::Mode::Unknown: return en ? "unknown" : "unbekannt";
        case TimeControl::Mode::Hourglass:
            return (en ? "hourglass with " : "Sanduhr mit ") +
                   time_text(control.periods.empty() ? milliseconds(0) : control.periods.front().base, en);
        case TimeControl::Mode::Periods: break;
    }
    if (control.periods.size() == 1 && control.periods.front().moves == 0) {
        const TimePeriod& p = control.periods.front();
        return time_text(p.base, en) + bonus_text(p, en);
    }
    std::string out;
    for (std::size_t i = 0; i < control.periods.size(); ++i) {
        const TimePeriod& p = control.periods[i];
        if (i > 0) out += en ? ", then " : ", dann ";
        if (p.moves > 0) {
            const std::string moves = std::to_string(p.moves) +
                                      (en ? (p.moves == 1 ? " move" : " moves") : (p.moves == 1 ? " Zug" : " Züge"));
            out += moves + (en ? " in " : " in ") + time_text(p.base, en) + bonus_text(p, en);
            // The last period repeats when it is a moves period (see TimeControl::periods).
            if (i + 1 == control.periods.size()) out += en ? ", repeating" : ", wiederholt sich";
        } else {
            out += time_text(p.base, en) + bonus_text(p, en) +
                   (en ? " for the rest of the game" : " für den Rest der Partie");
        }
    }
    return out;
}

namespace {

std::string_view expected_text(TimeControlError::Expected e, Language lang) {
    using E = TimeControlError::Expected;
    using words::pick;
    switch (e) {
        case E::Nothing: return "";
        case E::DigitsAfterPoint: return pick(lang, "Ziffern nach dem Punkt", "digits after the point");
        case E::WholeMoves: return pick(lang, "eine ganze Zugzahl", "a whole number of moves");
        case E::Seconds: return pick(lang, "Sekunden", "seconds");
        case E::Minutes: return pick(lang, "Minuten", "minutes");
        case E::MinutesOrMoves: return pick(lang, "Minuten oder Züge", "minutes or moves");
        case E::SecondsOrMoves: return pick(lang, "Sekunden oder Züge", "seconds or moves");
        case E::TimeControl: return pick(lang, "eine Bedenkzeit", "a time control");
        case E::SpecStart:
            return pick(lang, "Minuten, Züge/Minuten, 'h', '-' oder '?'", "minutes, moves/minutes, 'h', '-' or '?'");
        case E::TagStart: return pick(lang, "'?', '-', '*' oder Sekunden", "'?', '-', '*' or seconds");
        case E::CommaOrEnd: return pick(lang, "',' oder Ende", "',' or end");
        case E::ColonOrEnd: return pick(lang, "':' oder Ende", "':' or end");
        case E::End: return pick(lang, "Ende", "end");
    }
    return "?";
}

}  // namespace

std::string describe(const TimeControlError& error, Language lang) {
    using K = TimeControlError::Kind;
    using words::pick;
    std::string what;
    switch (error.kind) {
        case K::Syntax:
            what = std::string(pick(lang, "erwartet ", "expected ")) + std::string(expected_text(error.expected, lang));
            break;
        case K::OutOfRange: what = pick(lang, "Zahl zu groß", "number too large"); break;
        case K::TooPrecise: what = pick(lang, "höchstens 3 Nachkommastellen", "at most 3 decimals"); break;
        case K::ZeroMoves:
            what = pick(lang, "eine Periode braucht mindestens einen Zug", "a period needs at least one move");
            break;
        case K::NoTime: what = pick(lang, "diese Periode gibt keine Zeit", "this period gives no time"); break;
        case K::RestNotLast:
            what = pick(lang, "nach dem Rest der Partie kann keine Periode folgen",
                        "nothing can follow the rest of the game");
            break;
        case K::HourglassBonus:
            what = pick(lang, "eine Sanduhr hat weder Inkrement noch Verzögerung",
                        "an hourglass has neither increment nor delay");
            break;
    }
    return fmt::format(fmt::runtime(pick(lang, "Bedenkzeit, Zeichen {}: {}", "time control, offset {}: {}")),
                       error.offset, what);
}

}  // namespace schach
