#pragma once
// A perft suite that does not parse, in words.

#include <string>

#include "notation/language.hpp"
#include "notation/perft_suite.hpp"

namespace schach {

/// "Tiefe '99' nicht in 0..64" / "depth '99' not in 0..64" (without the line: the caller puts
/// FILE:LINE: before it).
std::string describe(const PerftSuiteError& error, Language lang);

}  // namespace schach
