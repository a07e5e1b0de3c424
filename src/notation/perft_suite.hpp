#pragma once
// Perft suites as text: EPD records (`FEN ;D1 20 ;D2 400 ;id "name"`) and `.perft` blocks
// (`id NAME`, `epd FEN`, `perft DEPTH NODES`), one parser for the program and the tests. A pure
// function over the text: reading the file, and the words of an error, are the caller's.

#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace schach {

/// Suites may go deeper than the command line's perft: locked positions have tiny trees
/// (scalachess' "prison" checks perft 32).
inline constexpr int MaxSuiteDepth = 64;

struct PerftCheck {
    int depth = 0;
    std::uint64_t nodes = 0;
};

struct PerftSuiteEntry {
    std::string name;  // the `id`; empty when the suite names none
    std::string fen;   // 4 to 6 fields, joined by single spaces
    std::vector<PerftCheck> checks;
    /// File letters in the castling field (Shredder-FEN) or an id starting with "xfen": the
    /// suite means Chess960 rules.
    bool chess960 = false;
    std::size_t line = 0;  // 1-based line of the FEN
};

/// Why a suite does not parse, at which line (0 for the whole text), with the offending token.
struct PerftSuiteError {
    enum class Code : std::uint8_t {
        BinaryData,          // a NUL byte: not a text file
        BlockWithoutCounts,  // a `.perft` block ended before any `perft` line
        PerftWithoutEpd,     // a `perft` line before any `epd` line
        NoCounts,            // an EPD record without `;Dn` operations
        FenFields,           // fewer than 4 FEN fields
        BadDepth,            // `token` is no depth in 0..MaxSuiteDepth
        BadNodeCount,        // `token` is no node count
        NoPositions,         // nothing but comments and blank lines
    };
    Code code = Code::NoPositions;
    std::size_t line = 0;
    std::string token;
};

/// Every entry of the suite in order; '#' starts a comment line. Unknown EPD operations are
/// ignored. Entries keep an empty name when the suite gives none.
std::expected<std::vector<PerftSuiteEntry>, PerftSuiteError> parse_perft_suite(std::string_view text);

}  // namespace schach
