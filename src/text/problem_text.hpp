#pragma once
// What is wrong with a position, in words.

#include <string>

#include "core/position.hpp"

namespace schach {

/// German and English explanation of one problem.
std::string describe(Problem p);

}  // namespace schach
