#pragma once
// Small text helpers of the UCI loop: words of a line, ASCII case.

#include <string>
#include <string_view>
#include <vector>

namespace schach::uci {

/// The words of a line, split at ASCII white space (a stray '\r' too); views into `line`.
std::vector<std::string_view> split_words(std::string_view line);
/// ASCII lower case.
std::string lowercase(std::string_view text);
/// Equal but for ASCII case.
bool iequals(std::string_view a, std::string_view b);

}  // namespace schach::uci
