// The counts and attack sets of core/bulk_count.hpp (all knights and sliders at once, AVX-512)
// against the tables, one piece at a time, on random boards; skipped in builds without AVX-512.

#include <gtest/gtest.h>

#include <random>

#include "core/attacks.hpp"
#include "core/bulk_count.hpp"

namespace schach {
namespace {

#if defined(SCHACH_BULK_COUNT)

/// The moves of knight_and_slider_move_lanes, summed.
int moves(Bitboard knights, Bitboard diagonal, Bitboard straight, Bitboard occupied, Bitboard target) {
    return static_cast<int>(
        bulk::moves_in(bulk::knight_and_slider_move_lanes(knights, diagonal, straight, occupied, target)));
}

struct Pieces {
    Bitboard knights, diagonal, straight, occupied, target;
};

/// A random board: the pieces asked about on `occupied`, some of both kinds of sliders on the
/// same squares (queens), and a random target (the generator's: not our pieces, in the check mask).
Pieces random_pieces(std::mt19937_64& rng) {
    const Bitboard occupied = rng() & rng() & rng();
    const Bitboard ours = occupied & rng();
    Pieces p{};
    p.occupied = occupied;
    p.knights = ours & rng() & rng();
    p.diagonal = ours & ~p.knights & rng() & rng();
    p.straight = ours & ~p.knights & rng() & rng();  // squares in both: queens
    p.target = rng() % 4 == 0 ? ~ours : ~ours & rng();
    return p;
}

TEST(BulkCount, MovesOfAllKnightsAndSlidersEqualTheSumOverEachPiece) {
    std::mt19937_64 rng(0xB01C);
    for (int i = 0; i < 200000; ++i) {
        const Pieces p = random_pieces(rng);
        int expected = 0;
        for (Square s : squares(p.knights)) expected += popcount(attacks::knight(s) & p.target);
        for (Square s : squares(p.diagonal)) expected += popcount(attacks::bishop(s, p.occupied) & p.target);
        for (Square s : squares(p.straight)) expected += popcount(attacks::rook(s, p.occupied) & p.target);
        ASSERT_EQ(moves(p.knights, p.diagonal, p.straight, p.occupied, p.target), expected)
            << "knights " << p.knights << " diagonal " << p.diagonal << " straight " << p.straight << " occupied "
            << p.occupied << " target " << p.target;
    }
}

TEST(BulkCount, AttacksOfAllKnightsAndSlidersEqualTheUnionOverEachPiece) {
    std::mt19937_64 rng(0xA77AC);
    for (int i = 0; i < 200000; ++i) {
        const Pieces p = random_pieces(rng);
        Bitboard expected = 0;
        for (Square s : squares(p.knights)) expected |= attacks::knight(s);
        for (Square s : squares(p.diagonal)) expected |= attacks::bishop(s, p.occupied);
        for (Square s : squares(p.straight)) expected |= attacks::rook(s, p.occupied);
        ASSERT_EQ(bulk::knight_and_slider_attacks(p.knights, p.diagonal, p.straight, p.occupied), expected);
    }
}

TEST(BulkCount, EveryPieceOnEverySquareOfAnEmptyBoard) {
    // Lone pieces in corners and on edges: where a wrapped step would show first.
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = square_at(sq);
        const Bitboard one = bb(s);
        EXPECT_EQ(moves(one, 0, 0, one, ~one), popcount(attacks::knight(s))) << sq;
        EXPECT_EQ(moves(0, one, 0, one, ~one), popcount(attacks::bishop(s, one))) << sq;
        EXPECT_EQ(moves(0, 0, one, one, ~one), popcount(attacks::rook(s, one))) << sq;
        EXPECT_EQ(bulk::knight_and_slider_attacks(one, one, one, one),
                  attacks::knight(s) | attacks::bishop(s, one) | attacks::rook(s, one))
            << sq;
    }
}

#else

TEST(BulkCount, NotInThisBuild) { GTEST_SKIP() << "no AVX-512: the generator counts piece by piece"; }

#endif

}  // namespace
}  // namespace schach
