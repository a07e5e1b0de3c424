// Where the match's games start: EPD, PGN and Polyglot openings, with typed errors.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/fen.hpp"
#include "match/openings.hpp"
#include "support/test_data.hpp"

namespace schach::match {
namespace {

std::filesystem::path temp_file(const std::string& name, const std::string& bytes) {
    const auto dir = std::filesystem::temp_directory_path() / ("schach-openings-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

TEST(MatchOpenings, EpdWithOpcodesAndFullFens) {
    const auto o = read_epd_openings(
        "# a comment\n"
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"x\";\n"
        "\n"
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\r\n",
        false);
    ASSERT_TRUE(o);
    ASSERT_EQ(o->size(), 2u);
    EXPECT_EQ(to_fen((*o)[0].start), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1");
    EXPECT_EQ((*o)[1].start.side_to_move(), Color::Black);
}

TEST(MatchOpenings, EpdErrorsNameTheLine) {
    const auto bad = read_epd_openings("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nnot a fen\n", false);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind, OpeningError::Kind::BadFen);
    EXPECT_EQ(bad.error().line, 2u);
    EXPECT_EQ(read_epd_openings("\n# nothing\n", false).error().kind, OpeningError::Kind::Empty);
}

TEST(MatchOpenings, ReferenceBooks) {
    const auto std_book = OpeningSet::load(
        {OpeningSpec::Format::Epd, test::data_file("books/8mvs_+90_+99.epd").string()}, false, 1);
    ASSERT_TRUE(std_book);
    EXPECT_EQ(std_book->size(), 8533u);
    const auto frc = OpeningSet::load({OpeningSpec::Format::Epd, test::data_file("books/FRC_openings.epd").string()},
                                      true, 1);
    ASSERT_TRUE(frc);
    EXPECT_EQ(frc->size(), 960u);
    EXPECT_TRUE(frc->opening(0).start.is_chess960());
    // Random order: a permutation fixed by the seed.
    OpeningSpec random{OpeningSpec::Format::Epd, test::data_file("books/8mvs_+90_+99.epd").string(),
                       OpeningSpec::Order::Random};
    const auto a = OpeningSet::load(random, false, 7), b = OpeningSet::load(random, false, 7),
               c = OpeningSet::load(random, false, 8);
    EXPECT_EQ(a->opening(3).start, b->opening(3).start);
    EXPECT_NE(a->opening(3).start, c->opening(3).start);
    EXPECT_NE(a->opening(0).start, std_book->opening(0).start);
}

TEST(MatchOpenings, PgnMovesUpToPlies) {
    const auto o = read_pgn_openings(
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
        "[Event \"b\"]\n\n1. d4 d5 *\n",
        3);
    ASSERT_TRUE(o);
    ASSERT_EQ(o->size(), 2u);
    EXPECT_EQ((*o)[0].moves.size(), 3u);
    EXPECT_EQ((*o)[1].moves.size(), 2u);
    const auto bad = read_pgn_openings("1. e4 e5 2. Ke3 *\n", 10);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind, OpeningError::Kind::BadPgn);
    EXPECT_EQ(bad.error().pgn.kind, PgnError::Kind::IllegalMove);
}

TEST(MatchOpenings, PolyglotBookWalks) {
    // One entry: the start position (key 0x463b96181691fc9c) -> e2e4 (to e4 = 28, from e2 = 12).
    const std::array<unsigned char, 16> entry{0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c,
                                              0x03, 0x1c, 0x00, 0x01, 0,    0,    0,    0};
    const auto path = temp_file("tiny.bin", std::string(entry.begin(), entry.end()));
    OpeningSpec spec{OpeningSpec::Format::Book, path.string()};
    spec.depth = 4;
    const auto set = OpeningSet::load(spec, false, 1);
    ASSERT_TRUE(set);
    const Opening o = set->opening(0);
    ASSERT_EQ(o.moves.size(), 1u);  // out of book after 1. e4
    EXPECT_EQ(o.moves[0], Move(Square::E2, Square::E4));

    const auto damaged = OpeningSet::load({OpeningSpec::Format::Book, temp_file("bad.bin", "123").string()}, false, 1);
    ASSERT_FALSE(damaged);
    EXPECT_EQ(damaged.error().kind, OpeningError::Kind::BadBook);
    EXPECT_EQ(OpeningSet::load({OpeningSpec::Format::Epd, "/nonexistent/x.epd"}, false, 1).error().kind,
              OpeningError::Kind::CannotOpen);
}

TEST(MatchOpenings, NoFileMeansStartOrChess960) {
    const auto standard = OpeningSet::load({}, false, 1);
    EXPECT_EQ(standard->opening(5).start, Position());
    const auto frc = OpeningSet::load({}, true, 1);
    EXPECT_TRUE(frc->opening(5).start.is_chess960());
}

}  // namespace
}  // namespace schach::match
