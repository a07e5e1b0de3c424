#pragma once
// The built-in table of named opening lines (generated: scripts/gen-openings.sh, data CC0 1.0).

#include <cstddef>

namespace schach::review::detail {

struct OpeningLine {
    const char* eco;   // "B90"
    const char* name;  // "Sicilian Defense: Najdorf Variation"
    const char* pgn;   // "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6"
};

extern const OpeningLine OpeningLines[];
extern const std::size_t OpeningLineCount;

}  // namespace schach::review::detail
