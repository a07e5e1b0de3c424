// Helpers shared by the subcommands: number and option parsing, reading positions, error reporting.

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <utility>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "core/chess960.hpp"
#include "core/position.hpp"
#include "text/text.hpp"

namespace schach::cli {

namespace {
Language chosen_language = Language::English;
}  // namespace

Language lang() { return chosen_language; }
void set_lang(Language language) { chosen_language = language; }

Language language_from_environment() {
    // The first of these that is set and not empty decides (as gettext reads them); LANGUAGE may
    // list several ("de:en"): its first entry counts.
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(name);
        if (value == nullptr || *value == '\0') continue;
        const std::string_view v(value);
        return v.starts_with("de") ? Language::German : Language::English;
    }
    return Language::English;
}

std::expected<std::optional<Language>, std::string> language_from_args(int argc, const char* const* argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--") break;
        std::optional<std::string_view> value;
        if (arg == "--lang" && i + 1 < argc) value = argv[i + 1];
        else if (arg.starts_with("--lang=")) value = arg.substr(7);
        if (!value) continue;
        if (const auto parsed = parse_language(lowercase(*value))) return parsed;
        return std::unexpected(std::string(*value));
    }
    return std::optional<Language>{};
}

CLI::Option* add_lang_option(CLI::App& sub, std::string& value, Msg description) {
    return sub.add_option("--lang", value, tr(description))->type_name("LANG");
}

std::string help_footer(std::optional<Msg> before, std::initializer_list<std::string_view> examples,
                        std::optional<Msg> after) {
    std::string out = before ? tr(*before) + "\n" : std::string();
    out += tr(examples.size() == 1 ? Msg::Example : Msg::Examples);
    for (std::string_view example : examples) out += fmt::format("\n  {}", example);
    if (after) out += "\n" + tr(*after);
    return out;
}

void print_caret(std::string_view text, std::size_t offset) {
    std::string shown(text);
    std::replace_if(
        shown.begin(), shown.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    // The caret goes under the character at the offset; count columns, not bytes.
    std::size_t column = 0;
    for (std::size_t i = 0; i < std::min(offset, shown.size()); ++i)
        if ((static_cast<unsigned char>(shown[i]) & 0xC0) != 0x80) ++column;
    fmt::print(stderr, "  {}\n  {}^\n", shown, std::string(column, ' '));
}

void print_error(std::string_view message) { fmt::print(stderr, "{}: {}\n", tr(Msg::ErrorLabel), message); }

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
    for (Problem problem : error.problems.list()) f(describe(problem, lang()), problem_id(problem));
}

}  // namespace

std::optional<std::int64_t> parse_integer(std::string_view text) { return parse_whole<std::int64_t>(text); }

std::optional<std::uint64_t> parse_count(std::string_view text) { return parse_whole<std::uint64_t>(text); }

bool is_negative_number(std::string_view text) {
    return text.size() > 1 && text[0] == '-' &&
           std::all_of(text.begin() + 1, text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<int> parse_ranged(std::string_view text, int min, int max, Msg what) {
    auto value = parse_integer(text);
    if (value && *value >= min && *value <= max) return static_cast<int>(*value);
    print_error(tr(Msg::InvalidNumber, tr(what), text, min, max));
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
    if (!format) print_error(tr(Msg::UnknownFormat, name));
    return format;
}

std::optional<Notation> notation_option(std::string_view name) {
    const auto notation = parse_notation(lowercase(name));  // CLI11 accepts any case
    if (!notation) print_error(tr(Msg::UnknownNotation, name));
    return notation;
}

std::optional<Language> language_option(std::string_view code) {
    const auto language = parse_language(lowercase(code));
    if (!language) print_error(tr(Msg::UnknownLanguage, code));
    return language;
}

std::string position_error_line(const PositionError& error) {
    if (error.is_syntax) return describe(error.fen, lang());
    std::string out(invalid_position(lang()));
    const char* separator = " ";
    for_each_problem(error, [&](const auto& description, const auto& name) {
        out += fmt::format("{}{} [{}]", separator, description, name);
        separator = "; ";
    });
    return out;
}

void report_position_error(std::string_view fen, const PositionError& error) {
    if (error.is_syntax) {
        print_error(describe(error.fen, lang()));
        print_caret(fen, error.fen.offset);
        return;
    }
    print_error(invalid_position(lang()));
    for_each_problem(error, [](const auto& description, const auto& name) {
        fmt::print(stderr, "  - {} [{}]\n", description, name);
    });
}

std::expected<std::ifstream, std::string> open_input_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return std::unexpected(tr(Msg::IsDirectory, path));
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected(open_failure(path, errno));
    return in;
}

std::string open_failure(const std::string& path, int err) {
    // The usual two in words of the language; strerror speaks only the C locale's English.
    const std::string reason = err == ENOENT   ? tr(Msg::NotFound)
                               : err == EACCES ? tr(Msg::PermissionDenied)
                                               : std::string(err != 0 ? std::strerror(err) : "?");
    return tr(Msg::CannotReadFile, path, reason);
}

CLI::Option* add_variant_option(CLI::App& sub, std::string& name) {
    return sub.add_option("--variant", name, tr(Msg::HelpVariant))->type_name("standard|chess960|auto");
}

std::optional<VariantChoice> variant_choice(std::string_view name, bool chess960_flag) {
    const std::string n = lowercase(name);
    VariantChoice choice;
    if (n == "chess960" || n == "960" || (n.empty() && chess960_flag)) choice.rules = Variant::Chess960;
    else if (n == "auto") choice.detect = true;
    else if (n != "standard" && n != "classical" && !n.empty()) {
        print_error(tr(Msg::UnknownVariant, name));
        return std::nullopt;
    }
    if (chess960_flag && (choice.detect || choice.rules != Variant::Chess960)) {
        print_error(tr(Msg::Chess960ContradictsVariant));
        return std::nullopt;
    }
    return choice;
}

std::optional<Position> read_position(std::string_view fen, VariantChoice variant, Problems relax) {
    ValidateOptions options;
    options.relax = relax;
    options.variant = variant.option();
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
        const auto parsed = parse_ranged(number, 0, Chess960Count - 1, Msg::WhatStartNumber);
        if (!parsed) return std::nullopt;
        n = *parsed;
    }
    auto pos = chess960_position(n);
    if (!pos) {
        print_error(describe(pos.error(), lang()));
        return std::nullopt;
    }
    return Chess960Start{n, std::move(*pos)};
}

std::optional<TimeControl> parse_time_control_arg(std::string_view spec) {
    auto control = parse_time_control(spec);
    if (control) return *control;
    print_error(describe(control.error(), lang()));
    print_caret(spec, control.error().offset);
    return std::nullopt;
}

}  // namespace schach::cli
