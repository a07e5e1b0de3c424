// The catalogue of the program's sentences (text/cli_text.hpp): every message exists in each
// language, takes the same arguments in each, and says one language only.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "text/cli_text.hpp"

namespace schach {
namespace {

/// The number of {} fields of a fmt pattern ("{{" is a literal brace).
int fields(std::string_view pattern) {
    int n = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '{') continue;
        if (i + 1 < pattern.size() && pattern[i + 1] == '{') {
            ++i;
            continue;
        }
        ++n;
    }
    return n;
}

TEST(CliText, EveryMessageInEveryLanguageWithTheSameFields) {
    for (int i = 0; i < static_cast<int>(Msg::End); ++i) {
        const auto m = static_cast<Msg>(i);
        const std::string_view de = pattern(m, Language::German), neutral = pattern(m, Language::GermanNeutral),
                               en = pattern(m, Language::English);
        EXPECT_FALSE(de.empty() || de == "?") << i;
        EXPECT_FALSE(en.empty() || en == "?") << i;
        EXPECT_EQ(fields(de), fields(en)) << i << ": " << de << " | " << en;
        EXPECT_EQ(fields(neutral), fields(en)) << i << ": " << neutral;
        // One language per pattern: no "German / English" pairs any more.
        EXPECT_EQ(de.find(" / "), std::string_view::npos) << de;
        EXPECT_EQ(en.find(" / "), std::string_view::npos) << en;
    }
}

TEST(CliText, SayFillsInTheFields) {
    EXPECT_EQ(say(Msg::InvalidNumber, Language::English, say(Msg::WhatDepth, Language::English), "99", 0, 20),
              "invalid depth '99': expected an integer from 0 to 20");
    EXPECT_EQ(say(Msg::InvalidNumber, Language::German, say(Msg::WhatDepth, Language::German), "99", 0, 20),
              "ungültige Tiefe '99': erwartet eine ganze Zahl von 0 bis 20");
    EXPECT_EQ(say(Msg::PerftTime, Language::English, 1.5, 42), "time: 1.500 s, nodes per second: 42");
}

TEST(CliText, NeutralGermanNamesPeopleAfterTheSeedText) {
    EXPECT_EQ(say(Msg::DeadBadWinner, Language::GermanNeutral, "x"), "Siegere 'x': erwartet white oder black");
    EXPECT_EQ(say(Msg::DeadBadWinner, Language::German, "x"), "Sieger 'x': erwartet white oder black");
    EXPECT_NE(pattern(Msg::PlayUnknownControl, Language::GermanNeutral).find("mensch"), std::string_view::npos);
    EXPECT_EQ(pattern(Msg::PlayCheck, Language::GermanNeutral), "Schach!");  // no person, no piece: as German
    EXPECT_EQ(color_name(Color::White, Language::GermanNeutral), "Weiß");
}

}  // namespace
}  // namespace schach
