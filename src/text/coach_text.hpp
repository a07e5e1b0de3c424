#pragma once
// The coach's words: each principle's name and each hint as a sentence, in German,
// gender-neutral German (after the seed text) and English.

#include <string>
#include <string_view>

#include "analysis/coach.hpp"
#include "notation/language.hpp"

namespace schach {

/// "Das Zentrum besetzen" / "Take the centre".
std::string_view principle_name(Principle p, Language lang);
/// A sentence naming the squares and pieces, e.g. "Gut: der Springer kommt auf f3 ins Spiel".
std::string describe(const Hint& hint, Language lang);

}  // namespace schach
