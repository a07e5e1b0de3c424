#pragma once
// The built-in table of named opening lines (generated: scripts/gen-openings.sh, data CC0 1.0).

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace schach::review::detail {

/// The names and lines, each ended by a NUL: offsets into it rather than pointers leave the
/// dynamic loader nothing to relocate in the table when the program starts.
extern const char OpeningText[];

/// A named line: the offsets of its strings in OpeningText.
struct OpeningLine {
    std::uint32_t eco;   // "B90"
    std::uint32_t name;  // "Sicilian Defense: Najdorf Variation"
    std::uint32_t pgn;   // "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6"
};

/// The string at `offset` of OpeningText.
inline std::string_view opening_text(std::uint32_t offset) { return OpeningText + offset; }

extern const OpeningLine OpeningLines[];
extern const std::size_t OpeningLineCount;

}  // namespace schach::review::detail
