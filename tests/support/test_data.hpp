#pragma once
// Readers for the reference data in shared/data (SCHACH_DATA_DIR): EPD perft lines
// (`FEN ;D1 n ;D2 n ... ;id "x"`), `.perft` blocks (`id` / `epd` / `perft D n`) and TSV tables.
// A file that cannot be opened throws, so a test that depends on it fails instead of passing empty.

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/ascii.hpp"

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

struct PerftExpectation {
    int depth = 0;
    std::uint64_t nodes = 0;
};

struct PerftCase {
    std::string id;    // from `id`, or "line N" when the file gives none
    std::string fen;   // 4 or 6 fields, as written
    std::vector<PerftExpectation> expected;
    std::string file;  // file name, for messages
    int line = 0;      // 1-based line of the FEN

    std::string where() const { return file + ":" + std::to_string(line) + " [" + id + "]"; }
};

/// One EPD perft line: `FEN ;D1 20 ;D2 400 ... ;id "name"`.
inline PerftCase parse_epd_perft_line(std::string_view line, const std::string& file, int line_no) {
    const std::vector<std::string> parts = split(line, ';');
    PerftCase c;
    c.fen = std::string(trim(parts[0]));
    c.file = file;
    c.line = line_no;
    c.id = "line " + std::to_string(line_no);
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::vector<std::string> words = split_words(trim(parts[i]));
        if (words.size() < 2) throw std::runtime_error(file + ":" + std::to_string(line_no) + ": bad opcode");
        if (words[0] == "id") {
            std::string id = std::string(trim(trim(parts[i]).substr(2)));
            if (id.size() >= 2 && id.front() == '"' && id.back() == '"') id = id.substr(1, id.size() - 2);
            c.id = id;
        } else if (words[0].size() >= 2 && words[0][0] == 'D') {
            c.expected.push_back({parse_int(std::string_view(words[0]).substr(1)), parse_u64(words[1])});
        } else {
            throw std::runtime_error(file + ":" + std::to_string(line_no) + ": unknown opcode " + words[0]);
        }
    }
    return c;
}

inline std::vector<PerftCase> read_epd_perft(const std::filesystem::path& path) {
    const std::string file = path.filename().string();
    std::vector<PerftCase> cases;
    int line_no = 0;
    for (const std::string& line : read_lines(path)) {
        ++line_no;
        if (!is_comment_or_blank(line)) cases.push_back(parse_epd_perft_line(line, file, line_no));
    }
    return cases;
}

/// `.perft` blocks: `id NAME`, `epd FEN`, then `perft DEPTH NODES` lines; `#` starts a comment.
inline std::vector<PerftCase> read_dot_perft(const std::filesystem::path& path) {
    const std::string file = path.filename().string();
    std::vector<PerftCase> cases;
    int line_no = 0;
    for (const std::string& raw : read_lines(path)) {
        ++line_no;
        if (is_comment_or_blank(raw)) continue;
        const std::string_view line = trim(raw);
        const auto space = line.find(' ');
        const std::string_view key = line.substr(0, space);
        const std::string_view value = space == std::string_view::npos ? "" : trim(line.substr(space));
        const std::string where = file + ":" + std::to_string(line_no);
        if (key == "id") {
            cases.push_back(PerftCase{std::string(value), {}, {}, file, line_no});
        } else if (key == "epd") {
            if (cases.empty()) throw std::runtime_error(where + ": epd before id");
            cases.back().fen = std::string(value);
            cases.back().line = line_no;
        } else if (key == "perft") {
            const std::vector<std::string> words = split_words(value);
            if (cases.empty() || words.size() != 2) throw std::runtime_error(where + ": bad perft line");
            cases.back().expected.push_back({parse_int(words[0]), parse_u64(words[1])});
        } else {
            throw std::runtime_error(where + ": unknown key '" + std::string(key) + "'");
        }
    }
    return cases;
}

inline std::vector<PerftCase> read_perft_file(const std::filesystem::path& path) {
    return path.extension() == ".perft" ? read_dot_perft(path) : read_epd_perft(path);
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
