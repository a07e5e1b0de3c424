#include "core/see.hpp"

#include <gtest/gtest.h>

#include "support/test_positions.hpp"

namespace schach {
namespace {

struct SeeCase {
    const char* fen;
    const char* move;
    int value;  // the exact exchange value with SeePieceValue
};

class SeeValues : public ::testing::TestWithParam<SeeCase> {};

TEST_P(SeeValues, ThresholdAtTheExchangeValue) {
    const SeeCase& c = GetParam();
    const Position pos = test::position(c.fen);
    const Move m = test::legal_move(pos, c.move);
    EXPECT_TRUE(see_ge(pos, m, c.value)) << c.fen << " " << c.move;
    EXPECT_FALSE(see_ge(pos, m, c.value + 1)) << c.fen << " " << c.move;
    EXPECT_EQ(see(pos, m), c.value) << c.fen << " " << c.move;
}

INSTANTIATE_TEST_SUITE_P(Core, SeeValues,
                         ::testing::Values(SeeCase{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
                                           SeeCase{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5",
                                                   -200},
                                           SeeCase{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
                                           SeeCase{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
                                           SeeCase{"4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1", "d1d4", -900},
                                           SeeCase{"4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1", "d1d2", 0}));

}  // namespace
}  // namespace schach
