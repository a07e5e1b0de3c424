#pragma once
// Time controls in words, for `schach timecontrol` and `schach play`: a description of a control
// in German or English, the names of the classes, and reporting a spec that does not parse.

#include <optional>
#include <string>
#include <string_view>

#include "game/time_control.hpp"
#include "notation/language.hpp"

namespace schach {

/// "Blitzschach", "Schnellschach", "Langpartie" / "blitz", "rapid", "classical".
std::string_view time_class_name(TimeClass c, Language lang);

/// The control in words, e.g. "5 Minuten + 3 Sekunden pro Zug" / "5 minutes + 3 seconds per move";
/// "40 Züge in 90 Minuten + 30 Sekunden pro Zug, dann 30 Minuten + 30 Sekunden pro Zug für den Rest
/// der Partie"; "Sanduhr mit 3 Minuten"; "ohne Uhr"; "unbekannt".
std::string describe_time_control(const TimeControl& control, Language lang);

/// "Bedenkzeit, Zeichen 2: erwartet Sekunden" / "time control, offset 2: expected seconds".
std::string describe(const TimeControlError& error, Language lang);

}  // namespace schach
