#pragma once
// Readers for the reference data in shared/data (SCHACH_DATA_DIR): perft suites (EPD lines and
// `.perft` blocks, through the library's parse_perft_suite) and TSV tables.
// A file that cannot be opened throws, so a test that depends on it fails instead of passing empty.

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/ascii.hpp"
#include "notation/perft_suite.hpp"
#include "text/perft_suite_text.hpp"

namespace schach::test {

inline std::filesystem::path data_dir() { return std::filesystem::path(SCHACH_DATA_DIR); }
inline std::filesystem::path data_file(std::string_view relative) { return data_dir() / relative; }

/// The library's trim (core/ascii.hpp), as the tests have long called it: test::trim.
using schach::trim;

/// Splits on one separator character, keeping empty fields.
inline std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const auto pos = s.find(sep, start);
        out.emplace_back(s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
        if (pos == std::string_view::npos) return out;
        start = pos + 1;
    }
}

/// Splits on runs of blanks, dropping empty fields.
inline std::vector<std::string> split_words(std::string_view s) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
        if (i > start) out.emplace_back(s.substr(start, i - start));
    }
    return out;
}

inline std::uint64_t parse_u64(std::string_view s) {
    std::uint64_t v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || ptr != s.data() + s.size())
        throw std::runtime_error("not a number: '" + std::string(s) + "'");
    return v;
}

inline int parse_int(std::string_view s) { return static_cast<int>(parse_u64(s)); }

/// All lines of a text file, without line terminators (CR included).
inline std::vector<std::string> read_lines(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open data file " + path.string());
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
    }
    return lines;
}

inline bool is_comment_or_blank(std::string_view line) {
    const std::string_view t = trim(line);
    return t.empty() || t.front() == '#';
}

// --- Perft suites ---

/// A position of a suite (notation/perft_suite.hpp) with where it stands, for test messages.
struct PerftCase {
    std::string id;   // from `id`, or "line N" when the file gives none
    std::string fen;  // 4 to 6 fields
    std::vector<PerftCheck> expected;
    bool chess960 = false;  // the suite means Chess960 rules (Shredder castling letters, "xfen" ids)
    std::string file;       // file name, for messages
    int line = 0;           // 1-based line of the FEN

    std::string where() const { return file + ":" + std::to_string(line) + " [" + id + "]"; }
};

/// Every case of an EPD or `.perft` suite, read by the library's parser; a suite that does not
/// parse throws with the reason.
inline std::vector<PerftCase> read_perft_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open data file " + path.string());
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const std::string file = path.filename().string();
    auto suite = parse_perft_suite(text);
    if (!suite)
        throw std::runtime_error(file + ":" + std::to_string(suite.error().line) + ": " +
                                 describe(suite.error(), Language::English));
    std::vector<PerftCase> cases;
    for (PerftSuiteEntry& e : *suite) {
        const int line = static_cast<int>(e.line);
        cases.push_back({e.name.empty() ? "line " + std::to_string(line) : std::move(e.name), std::move(e.fen),
                         std::move(e.checks), e.chess960, file, line});
    }
    return cases;
}

// --- TSV tables ---

struct TsvRow {
    std::vector<std::string> cells;
    int line = 0;
};

struct TsvTable {
    std::vector<std::string> header;
    std::vector<TsvRow> rows;

    /// Column index by header name; throws when the column is missing.
    std::size_t column(std::string_view name) const {
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == name) return i;
        throw std::runtime_error("no TSV column '" + std::string(name) + "'");
    }
};

/// A TSV file whose `#` lines are comments. With `has_header`, the first other line names the columns.
inline TsvTable read_tsv(const std::filesystem::path& path, bool has_header = true) {
    TsvTable table;
    int line_no = 0;
    bool header_seen = !has_header;
    for (const std::string& line : read_lines(path)) {
        ++line_no;
        if (is_comment_or_blank(line)) continue;
        if (!header_seen) {
            table.header = split(line, '\t');
            header_seen = true;
            continue;
        }
        table.rows.push_back({split(line, '\t'), line_no});
    }
    return table;
}

}  // namespace schach::test
