#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>

#include "core/attacks.hpp"
#include "tools/attack_tables/build_tables.hpp"

namespace schach::attacks {
namespace {

/// A slider's attacks by walking its four directions square by square.
Bitboard walked(Square s, Bitboard occupied, bool diagonal) {
    static constexpr int Straight[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int Diagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    Bitboard out = 0;
    for (const auto& d : diagonal ? Diagonal : Straight) {
        int f = idx(file_of(s)) + d[0], r = idx(rank_of(s)) + d[1];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += d[0], r += d[1]) {
            out |= Bitboard{1} << (r * 8 + f);
            if (occupied & (Bitboard{1} << (r * 8 + f))) break;
        }
    }
    return out;
}

TEST(AttackTables, TheProgramCarriesTheTablesAsBuiltNow) {
    const auto fresh = std::make_unique<detail::Tables>();
    detail::build_tables(*fresh);
    EXPECT_EQ(std::memcmp(fresh.get(), &detail::tables, sizeof(detail::Tables)), 0);
}

TEST(AttackTables, BothSliderTablesAgreeWithWalkedRays) {
    std::mt19937_64 rng(2026);
    for (int i = 0; i < 20000; ++i) {
        const Bitboard occupied = rng() & rng();
        const Square s = square_at(static_cast<int>(rng() % 64));
        const detail::SliderEntry& rook = detail::tables.rook[s];
        const detail::SliderEntry& bishop = detail::tables.bishop[s];
        ASSERT_EQ(detail::tables.slider_magic[detail::magic_index(rook, occupied)], walked(s, occupied, false));
        ASSERT_EQ(detail::tables.slider_magic[detail::magic_index(bishop, occupied)], walked(s, occupied, true));
#if defined(__BMI2__)
        ASSERT_EQ(detail::tables.slider_pext[detail::pext_index(rook, occupied)], walked(s, occupied, false));
        ASSERT_EQ(detail::tables.slider_pext[detail::pext_index(bishop, occupied)], walked(s, occupied, true));
#endif
        ASSERT_EQ(rook_empty(s), walked(s, 0, false));
        ASSERT_EQ(queen(s, occupied), walked(s, occupied, false) | walked(s, occupied, true));
    }
}

}  // namespace
}  // namespace schach::attacks
