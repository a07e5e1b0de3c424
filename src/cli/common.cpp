// Helpers shared by the subcommands: number parsing, error reporting.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "core/position.hpp"

namespace schach::cli {

void print_error(std::string_view message) { fmt::print(stderr, "Fehler / error: {}\n", message); }

std::optional<std::int64_t> parse_integer(std::string_view text) {
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc{} || ptr != end) return std::nullopt;
    return value;
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc{} || ptr != end) return std::nullopt;
    return value;
}

bool is_negative_number(std::string_view text) {
    return text.size() > 1 && text[0] == '-' &&
           std::all_of(text.begin() + 1, text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<int> parse_ranged(std::string_view text, int min, int max, std::string_view what_de,
                                std::string_view what_en) {
    auto value = parse_integer(text);
    if (value && *value >= min && *value <= max) return static_cast<int>(*value);
    print_error(fmt::format("ungültige {} '{}': erwartet eine ganze Zahl von {} bis {} / invalid {} '{}': expected an "
                            "integer from {} to {}",
                            what_de, text, min, max, what_en, text, min, max));
    return std::nullopt;
}

std::optional<FenFormat> format_from_name(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "fen") return FenFormat::Fen;
    if (lower == "xfen" || lower == "x-fen") return FenFormat::XFen;
    if (lower == "shredder" || lower == "shredder-fen") return FenFormat::Shredder;
    return std::nullopt;
}

std::string position_error_line(const PositionError& error) {
    if (error.is_syntax) return error.message();
    std::string out = "Ungültige Stellung / invalid position:";
    const char* separator = " ";
    for (std::uint16_t bit = 1; bit != 0 && bit <= Problems::all().bits(); bit = static_cast<std::uint16_t>(bit << 1)) {
        const auto problem = static_cast<Problem>(bit);
        if (!error.problems.has(problem)) continue;
        const auto names = Problems{problem}.names();
        out += fmt::format("{}{} [{}]", separator, describe(problem), names.empty() ? "?" : names.front());
        separator = "; ";
    }
    return out;
}

void report_position_error(std::string_view fen, const PositionError& error) {
    if (error.is_syntax) {
        print_error(error.message());
        // Show where: the FEN as given and a caret under the offending character.
        std::string shown(fen);
        std::replace_if(shown.begin(), shown.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
        const std::size_t column = std::min(error.fen.offset, shown.size());
        fmt::print(stderr, "  {}\n  {}^\n", shown, std::string(column, ' '));
        return;
    }
    print_error("Ungültige Stellung / invalid position:");
    for (std::uint16_t bit = 1; bit != 0 && bit <= Problems::all().bits(); bit = static_cast<std::uint16_t>(bit << 1)) {
        const auto problem = static_cast<Problem>(bit);
        if (!error.problems.has(problem)) continue;
        const auto names = Problems{problem}.names();
        fmt::print(stderr, "  - {} [{}]\n", describe(problem), names.empty() ? "?" : names.front());
    }
}

}  // namespace schach::cli
