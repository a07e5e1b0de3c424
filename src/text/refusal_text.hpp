#pragma once
// Why a move is refused, in words.

#include <string>

#include "core/explain.hpp"
#include "notation/language.hpp"

namespace schach {

/// A sentence a player understands, e.g. "Der Springer auf e2 ist gefesselt: ...".
std::string describe(const Refusal& refusal, Language lang);

}  // namespace schach
