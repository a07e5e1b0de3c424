#pragma once
// ASCII helpers for reading the text formats (FEN, SAN, EPD, suites, scripts). In core, the
// lowest module, because notation, the program and the tests all need them; they read bytes
// and say nothing to people, so core stays free of I/O and sentences.

#include <string_view>
#include <vector>

namespace schach {

/// The six ASCII white-space characters, without the C locale (this runs for every PGN move).
constexpr bool is_ascii_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/// Whether `a` and `b` are equal but for the case of ASCII letters (UCI option names).
constexpr bool ascii_iequals(std::string_view a, std::string_view b) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

/// `s` without white space at either end.
constexpr std::string_view trim(std::string_view s) {
    while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
    return s;
}

/// The words of `s`, split at ASCII white space; views into `s` (UCI lines, engine output).
inline std::vector<std::string_view> split_words(std::string_view s) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && is_ascii_space(s[i])) ++i;
        const std::size_t start = i;
        while (i < s.size() && !is_ascii_space(s[i])) ++i;
        if (i > start) words.push_back(s.substr(start, i - start));
    }
    return words;
}

}  // namespace schach
