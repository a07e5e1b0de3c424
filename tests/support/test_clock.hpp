#pragma once
// Time as the clock tests write it. Clock and Match take `now` as milliseconds since any epoch,
// so a test says at(90.5) for 90.5 s after it, and names a control by its spec: control("5+3").

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string_view>

#include "game/time_control.hpp"
#include "text/text.hpp"

namespace schach::test {

/// Seconds since the epoch, as the clock takes them.
inline std::chrono::milliseconds at(double secs) { return std::chrono::milliseconds(std::llround(secs * 1000)); }

/// The control a spec describes; a spec that cannot be read fails the test (and gives "?").
inline TimeControl control(std::string_view spec) {
    auto tc = parse_time_control(spec);
    EXPECT_TRUE(tc.has_value()) << spec << ": " << (tc ? "" : describe(tc.error(), Language::English));
    return tc.value_or(TimeControl::unknown());
}

}  // namespace schach::test
