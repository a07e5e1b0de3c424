#pragma once
// Chess960 numbering errors in words.

#include <string>

#include "core/chess960.hpp"
#include "notation/language.hpp"

namespace schach {

/// "Startnummer 960 liegt nicht in 0..959" / "start number 960 is not in 0..959", ...
std::string describe(const Chess960Error& error, Language lang);

}  // namespace schach
