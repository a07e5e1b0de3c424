#include "engine/book.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/fen.hpp"

namespace schach::engine {
namespace {

const char* GnuchessBook = "/usr/share/games/gnuchess/book.bin";

std::vector<std::uint8_t> entry(std::uint64_t key, std::uint16_t move, std::uint16_t weight) {
    std::vector<std::uint8_t> b;
    for (int i = 7; i >= 0; --i) b.push_back(static_cast<std::uint8_t>(key >> (8 * i)));
    b.push_back(static_cast<std::uint8_t>(move >> 8));
    b.push_back(static_cast<std::uint8_t>(move));
    b.push_back(static_cast<std::uint8_t>(weight >> 8));
    b.push_back(static_cast<std::uint8_t>(weight));
    for (int i = 0; i < 4; ++i) b.push_back(0);
    return b;
}

std::uint16_t code(Square from, Square to, int promo = 0) {
    return static_cast<std::uint16_t>(idx(file_of(to)) | (idx(rank_of(to)) << 3) | (idx(file_of(from)) << 6) |
                                      (idx(rank_of(from)) << 9) | (promo << 12));
}

TEST(PolyglotBook, ReadsEntriesOfTheStartPosition) {
    const Position start;
    ASSERT_EQ(start.key(), 0x463b96181691fc9cULL);
    auto bytes = entry(start.key(), code(Square::D2, Square::D4), 10);
    const auto e4 = entry(start.key(), code(Square::E2, Square::E4), 30);
    bytes.insert(bytes.end(), e4.begin(), e4.end());
    // A move that is not legal here (a collision) is left out.
    const auto bad = entry(start.key(), code(Square::E2, Square::E5), 99);
    bytes.insert(bytes.end(), bad.begin(), bad.end());
    auto book = PolyglotBook::from_bytes(bytes);
    ASSERT_TRUE(book.has_value());
    const auto moves = book->moves(start);
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(to_uci(moves[0].move, false), "e2e4");
    EXPECT_EQ(moves[0].weight, 30);
    EXPECT_EQ(to_uci(moves[1].move, false), "d2d4");
}

TEST(PolyglotBook, CastlingAndPromotionCodes) {
    auto castle = position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ASSERT_TRUE(castle.has_value());
    const Move m = from_polyglot(*castle, code(Square::E1, Square::H1));
    EXPECT_EQ(m.kind(), MoveKind::Castling);
    auto promo = position_from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    ASSERT_TRUE(promo.has_value());
    const Move q = from_polyglot(*promo, code(Square::A7, Square::A8, 4));
    EXPECT_EQ(q.kind(), MoveKind::Promotion);
    EXPECT_EQ(q.promotion(), PieceType::Queen);
    EXPECT_FALSE(from_polyglot(*promo, code(Square::A7, Square::A8, 0)));
}

TEST(PolyglotBook, RefusesDamagedFiles) {
    std::vector<std::uint8_t> odd(15, 0);
    EXPECT_EQ(PolyglotBook::from_bytes(odd).error().kind, BookError::Kind::BadSize);
    auto bytes = entry(2, 0, 1);
    const auto lower = entry(1, 0, 1);
    bytes.insert(bytes.end(), lower.begin(), lower.end());
    const auto r = PolyglotBook::from_bytes(bytes);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().kind, BookError::Kind::NotSorted);
    EXPECT_EQ(r.error().offset, 1u);
    EXPECT_EQ(PolyglotBook::open("/nonexistent/book.bin").error().kind, BookError::Kind::CannotOpen);
}

TEST(PolyglotBook, GnuchessBookOpensWithTheUsualFirstMoves) {
    if (!std::filesystem::exists(GnuchessBook)) GTEST_SKIP() << "gnuchess-book not installed";
    auto book = PolyglotBook::open(GnuchessBook);
    ASSERT_TRUE(book.has_value());
    EXPECT_GT(book->size(), 100000u);
    const auto moves = book->moves(Position());
    ASSERT_GE(moves.size(), 4u);
    std::vector<std::string> first;
    for (int i = 0; i < 4; ++i) first.push_back(to_uci(moves[static_cast<std::size_t>(i)].move, false));
    EXPECT_NE(std::ranges::find(first, "e2e4"), first.end());
    EXPECT_NE(std::ranges::find(first, "d2d4"), first.end());
    std::mt19937_64 rng(1);
    EXPECT_TRUE(Position().is_legal(book->pick(Position(), rng)));
}

}  // namespace
}  // namespace schach::engine
