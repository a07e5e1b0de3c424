#pragma once
// The positions of a stored analysis as one text column, the same in every store (SQLite,
// PostgreSQL): one line per position, "<kind> <value> <depth> <nodes> <pv...>" with kind c
// (centipawns), m (mate in value), x (mate on the board).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/store.hpp"

namespace schach::server {

/// The positions as text.
std::string write_positions(const std::vector<StoredPositionEval>& positions);
/// The positions written by write_positions; none for a text it did not write.
std::optional<std::vector<StoredPositionEval>> read_positions(std::string_view text);

}  // namespace schach::server
