#pragma once
// The one switch every sentence goes through: the words of the reader's language.

#include <string_view>

#include "notation/language.hpp"

namespace schach::words {

/// German and English; the gender-neutral German takes the German words.
constexpr std::string_view pick(Language lang, std::string_view de, std::string_view en) {
    return lang == Language::English ? en : de;
}
/// German, gender-neutral German (after the seed text) and English.
constexpr std::string_view pick(Language lang, std::string_view de, std::string_view neutral, std::string_view en) {
    switch (lang) {
        case Language::German: return de;
        case Language::GermanNeutral: return neutral;
        case Language::English: return en;
    }
    return en;
}
constexpr bool is_english(Language lang) { return lang == Language::English; }

}  // namespace schach::words
