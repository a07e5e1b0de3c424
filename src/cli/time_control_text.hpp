#pragma once
// Time controls in words, for `schach timecontrol` and `schach play`: a description of a control
// in German or English, the names of the classes, and reporting a spec that does not parse.

#include <optional>
#include <string>
#include <string_view>

#include "core/language.hpp"
#include "core/time_control.hpp"

namespace schach::cli {

/// "Blitz", "Schnellschach", "klassisch" / "blitz", "rapid", "classical".
std::string_view time_class_name(TimeClass c, Language lang);

/// The control in words, e.g. "5 Minuten + 3 Sekunden pro Zug" / "5 minutes + 3 seconds per move";
/// "40 Züge in 90 Minuten + 30 Sekunden pro Zug, dann 30 Minuten + 30 Sekunden pro Zug für den Rest
/// der Partie"; "Sanduhr mit 3 Minuten"; "ohne Uhr"; "unbekannt".
std::string describe_time_control(const TimeControl& control, Language lang);

/// Parses a spec for the command line; on failure prints the error (with the character offset)
/// and the spec with a caret under the offending character to stderr, and returns nothing.
std::optional<TimeControl> parse_time_control_arg(std::string_view spec);

}  // namespace schach::cli
