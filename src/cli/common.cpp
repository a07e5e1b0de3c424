// Helpers shared by the subcommands: number and option parsing, reading positions, error reporting.

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <random>
#include <string>
#include <utility>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "core/chess960.hpp"
#include "core/position.hpp"
#include "text/problem_text.hpp"

namespace schach::cli {

void print_error(std::string_view message) { fmt::print(stderr, "Fehler / error: {}\n", message); }

namespace {

/// The whole text as a decimal number of type T, or nothing.
template <class T>
std::optional<T> parse_whole(std::string_view text) {
    T value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc{} || ptr != end) return std::nullopt;
    return value;
}

/// Calls `f(description, name)` for each problem of the error, in the order of their bits.
template <class F>
void for_each_problem(const PositionError& error, F&& f) {
    for (std::uint16_t bit = 1; bit != 0 && bit <= Problems::all().bits(); bit = static_cast<std::uint16_t>(bit << 1)) {
        const auto problem = static_cast<Problem>(bit);
        if (!error.problems.has(problem)) continue;
        const auto names = Problems{problem}.names();
        f(describe(problem), names.empty() ? "?" : names.front());
    }
}

}  // namespace

std::optional<std::int64_t> parse_integer(std::string_view text) { return parse_whole<std::int64_t>(text); }

std::optional<std::uint64_t> parse_count(std::string_view text) { return parse_whole<std::uint64_t>(text); }

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

std::string lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::vector<std::string_view> split_words(std::string_view line) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; };
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && space(line[i])) ++i;
        std::size_t j = i;
        while (j < line.size() && !space(line[j])) ++j;
        if (j > i) words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

std::optional<FenFormat> format_from_name(std::string_view name) {
    const std::string lower = lowercase(name);
    if (lower == "fen") return FenFormat::Fen;
    if (lower == "xfen" || lower == "x-fen") return FenFormat::XFen;
    if (lower == "shredder" || lower == "shredder-fen") return FenFormat::Shredder;
    return std::nullopt;
}

std::optional<FenFormat> format_option(std::string_view name) {
    const auto format = format_from_name(name);
    if (!format) print_error("unbekanntes Format / unknown format: " + std::string(name));
    return format;
}

std::optional<Notation> notation_option(std::string_view name) {
    const auto notation = parse_notation(lowercase(name));  // CLI11 accepts any case
    if (!notation)
        print_error("unbekannte Notation / unknown notation: " + std::string(name) + " (san, lan, uci, fan)");
    return notation;
}

std::optional<Language> language_option(std::string_view code) {
    const auto lang = parse_language(lowercase(code));
    if (!lang) print_error("unbekannte Sprache / unknown language: " + std::string(code) + " (en, de, de-neutral)");
    return lang;
}

std::string position_error_line(const PositionError& error) {
    if (error.is_syntax) return error.message();
    std::string out = "Ungültige Stellung / invalid position:";
    const char* separator = " ";
    for_each_problem(error, [&](const auto& description, const auto& name) {
        out += fmt::format("{}{} [{}]", separator, description, name);
        separator = "; ";
    });
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
    for_each_problem(error, [](const auto& description, const auto& name) {
        fmt::print(stderr, "  - {} [{}]\n", description, name);
    });
}

std::expected<std::ifstream, std::string> open_input_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return std::unexpected(fmt::format("{} ist ein Verzeichnis / is a directory", path));
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected(fmt::format("Datei nicht lesbar / cannot read file: {}", path));
    return in;
}

std::optional<Position> read_position(std::string_view fen, bool chess960, Problems relax) {
    ValidateOptions options;
    options.relax = relax;
    if (chess960) options.variant = Variant::Chess960;
    auto pos = position_from_fen(fen, options);
    if (!pos) {
        report_position_error(fen, pos.error());
        return std::nullopt;
    }
    return std::move(*pos);
}

std::optional<Chess960Start> chess960_start(std::string_view number, bool random) {
    int n = 0;
    if (random) {
        std::random_device device;
        n = std::uniform_int_distribution<int>(0, Chess960Count - 1)(device);
    } else {
        const auto parsed = parse_ranged(number, 0, Chess960Count - 1, "Startnummer", "start number");
        if (!parsed) return std::nullopt;
        n = *parsed;
    }
    auto pos = chess960_position(n);
    if (!pos) {
        print_error(pos.error());
        return std::nullopt;
    }
    return Chess960Start{n, std::move(*pos)};
}

std::optional<TimeControl> parse_time_control_arg(std::string_view spec) {
    auto control = parse_time_control(spec);
    if (control) return *control;
    print_error(control.error().message());
    std::string shown(spec);
    std::replace_if(shown.begin(), shown.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    // The caret goes under the character at the offset; count columns, not bytes.
    std::size_t column = 0;
    for (std::size_t i = 0; i < std::min(control.error().offset, shown.size()); ++i)
        if ((static_cast<unsigned char>(shown[i]) & 0xC0) != 0x80) ++column;
    fmt::print(stderr, "  {}\n  {}^\n", shown, std::string(column, ' '));
    return std::nullopt;
}

}  // namespace schach::cli
