#pragma once
// Test-local position helpers: a position from a FEN the test knows to be valid, and a legal move
// by its UCI text, each a test failure (not a crash) when the test's own data is wrong.

#include <gtest/gtest.h>

#include <string_view>

#include "core/fen.hpp"
#include "core/move.hpp"
#include "support/test_moves.hpp"

namespace schach::test {

/// The position of `fen`; a failure (and the start position) when it does not parse.
inline Position position(std::string_view fen) {
    auto pos = position_from_fen(fen);
    EXPECT_TRUE(pos.has_value()) << fen;
    return pos ? *pos : Position();
}

/// The legal move of `pos` written `text` (king takes rook in Chess960); a failure and
/// Move::none() when there is none.
inline Move legal_move(const Position& pos, std::string_view text) {
    const auto m = find_uci(pos, text, pos.is_chess960());
    EXPECT_TRUE(m.has_value()) << "no legal move " << text;
    return m.value_or(Move::none());
}

}  // namespace schach::test
