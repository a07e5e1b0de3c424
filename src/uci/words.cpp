#include "uci/words.hpp"

#include <algorithm>

#include "core/ascii.hpp"

namespace schach::uci {
namespace {
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace

std::vector<std::string_view> split_words(std::string_view line) { return schach::split_words(line); }

std::string lowercase(std::string_view text) {
    std::string out(text);
    std::ranges::transform(out, out.begin(), lower);
    return out;
}

bool iequals(std::string_view a, std::string_view b) { return ascii_iequals(a, b); }

}  // namespace schach::uci
