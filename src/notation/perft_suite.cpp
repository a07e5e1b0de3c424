#include "notation/perft_suite.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <utility>

namespace schach {
namespace {

using Code = PerftSuiteError::Code;

std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

std::string unquote(std::string_view s) {
    s = trim(s);
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
    return std::string(s);
}

bool starts_with_ignore_case(std::string_view s, std::string_view prefix) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return s.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), s.begin(), [&](char a, char b) { return lower(a) == lower(b); });
}

/// Splits "word rest" at the first blank.
std::pair<std::string_view, std::string_view> split_word(std::string_view s) {
    s = trim(s);
    const std::size_t end = s.find_first_of(" \t");
    if (end == std::string_view::npos) return {s, {}};
    return {s.substr(0, end), trim(s.substr(end))};
}

template <class T>
std::optional<T> parse_whole(std::string_view text) {
    T value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc{} || ptr != end) return std::nullopt;
    return value;
}

PerftSuiteError error_of(Code code) { return PerftSuiteError{code, 0, {}}; }

/// The error of a line, for the parser's helpers (the line is filled in by the caller).
std::unexpected<PerftSuiteError> failure(Code code, std::string_view token = {}) {
    return std::unexpected(PerftSuiteError{code, 0, std::string(token)});
}

std::expected<PerftCheck, PerftSuiteError> parse_check(std::string_view depth_text, std::string_view nodes_text) {
    const auto depth = parse_whole<int>(depth_text);
    if (!depth || *depth < 0 || *depth > MaxSuiteDepth) return failure(Code::BadDepth, depth_text);
    const auto nodes = parse_whole<std::uint64_t>(nodes_text);
    if (!nodes) return failure(Code::BadNodeCount, nodes_text);
    return PerftCheck{*depth, *nodes};
}

/// An EPD record: "FEN [halfmove fullmove] ;D1 n ;D2 n ... ;id \"name\"". The FEN keeps 4 to 6
/// fields; operations after it are separated by ';' (unknown ones are ignored).
std::expected<void, PerftSuiteError> parse_epd(std::string_view text, PerftSuiteEntry& entry) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (fields.size() < 6) {
        while (i < text.size() && blank(text[i])) ++i;
        if (i >= text.size() || text[i] == ';') break;
        const std::size_t start = i;
        while (i < text.size() && !blank(text[i]) && text[i] != ';') ++i;
        const std::string_view token = text.substr(start, i - start);
        if (fields.size() >= 4 && !parse_whole<std::uint64_t>(token)) {  // "D1 20;" without a ';' before it
            i = start;
            break;
        }
        fields.push_back(token);
    }
    if (fields.size() < 4) return failure(Code::FenFields);
    entry.fen.clear();
    for (std::string_view f : fields) {
        if (!entry.fen.empty()) entry.fen += ' ';
        entry.fen += f;
    }
    if (fields[2].find_first_not_of("KQkq-") != std::string_view::npos) entry.chess960 = true;

    std::string_view ops = text.substr(i);
    while (!ops.empty()) {
        const std::size_t end = ops.find(';');
        const std::string_view op = trim(ops.substr(0, end));
        ops = end == std::string_view::npos ? std::string_view{} : ops.substr(end + 1);
        if (op.empty()) continue;
        auto [key, value] = split_word(op);
        if (key.size() >= 2 && (key[0] == 'D' || key[0] == 'd') &&
            std::all_of(key.begin() + 1, key.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            auto check = parse_check(key.substr(1), value);
            if (!check) return std::unexpected(check.error());
            entry.checks.push_back(*check);
        } else if (key == "id") {
            entry.name = unquote(value);
        }
    }
    return {};
}

}  // namespace

std::expected<std::vector<PerftSuiteEntry>, PerftSuiteError> parse_perft_suite(std::string_view text) {
    std::vector<PerftSuiteEntry> entries;
    std::string pending_id;  // a .perft "id" line names the next "epd" block
    bool in_block = false;   // the last entry came from an "epd" line and takes "perft" lines
    std::size_t line_no = 0;
    const auto at_line = [&](PerftSuiteError error) {
        error.line = line_no;
        return std::unexpected(std::move(error));
    };
    const auto block_done = [&] { return !in_block || !entries.back().checks.empty(); };

    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view raw = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_no;
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#') continue;
        if (line.find('\0') != std::string_view::npos) return at_line(error_of(Code::BinaryData));
        auto [word, rest] = split_word(line);
        if (word == "perft") {
            if (!in_block) return at_line(error_of(Code::PerftWithoutEpd));
            auto [depth, nodes] = split_word(rest);
            auto check = parse_check(depth, nodes);
            if (!check) return at_line(check.error());
            entries.back().checks.push_back(*check);
            continue;
        }
        if (!block_done()) return at_line(error_of(Code::BlockWithoutCounts));
        in_block = false;
        if (word == "id") {
            pending_id = unquote(rest);
            continue;
        }
        PerftSuiteEntry entry;
        entry.line = line_no;
        const bool dot_perft = word == "epd";
        if (auto r = parse_epd(dot_perft ? rest : line, entry); !r) return at_line(r.error());
        if (dot_perft) {
            if (!pending_id.empty()) entry.name = std::exchange(pending_id, {});
            in_block = true;
        } else if (entry.checks.empty()) {
            return at_line(error_of(Code::NoCounts));
        }
        if (starts_with_ignore_case(entry.name, "xfen")) entry.chess960 = true;
        entries.push_back(std::move(entry));
    }
    if (!block_done()) return at_line(error_of(Code::BlockWithoutCounts));
    if (entries.empty()) return std::unexpected(PerftSuiteError{Code::NoPositions, 0, {}});
    return entries;
}

}  // namespace schach
