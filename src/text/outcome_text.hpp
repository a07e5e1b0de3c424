#pragma once
// How a game ended, in words.

#include <string>

#include "core/outcome.hpp"
#include "notation/language.hpp"

namespace schach {

/// A sentence: "Schachmatt: Weiß gewinnt (Art. 5.1.1)" / "Checkmate: White wins (Art. 5.1.1)".
std::string describe(const Outcome& outcome, Language lang);

}  // namespace schach
