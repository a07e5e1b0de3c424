#pragma once
// TimeClass: how Appendices A.1 and B.1 classify a game by its time. Game needs it for the size
// of penalties (A.3) and TimeControl to classify a control; a header of its own lets each use it
// without including the other.

#include <cstdint>
#include <string_view>

namespace schach {

/// Appendices A.1 / B.1 (checklist item 66). Classical is what the Laws call a standard game.
enum class TimeClass : std::uint8_t { Blitz, Rapid, Classical };

/// "blitz", "rapid", "classical".
constexpr std::string_view time_class_id(TimeClass c) {
    switch (c) {
        case TimeClass::Blitz: return "blitz";
        case TimeClass::Rapid: return "rapid";
        case TimeClass::Classical: return "classical";
    }
    return "classical";
}

}  // namespace schach
