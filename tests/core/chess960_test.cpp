// Chess960 start positions: all 960 against shared/data/chess960/scharnagl_960.tsv in both
// directions, the classical 518, positions that are no start, and Double Chess960.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "support/test_data.hpp"
#include "support/test_moves.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

struct StartRow {
    int number = 0;
    std::string back_rank, xfen, shredder;
};

std::vector<StartRow> load_starts() {
    const test::TsvTable table = test::read_tsv(test::data_file("chess960/scharnagl_960.tsv"), false);
    std::vector<StartRow> rows;
    for (const test::TsvRow& row : table.rows) {
        if (row.cells.size() != 4)
            throw std::runtime_error("scharnagl_960.tsv:" + std::to_string(row.line) + ": 4 columns expected");
        rows.push_back({test::parse_int(row.cells[0]), row.cells[1], row.cells[2], row.cells[3]});
    }
    return rows;
}

std::string letters(const std::array<PieceType, 8>& rank) {
    std::string out;
    for (PieceType t : rank) out += t == PieceType::None ? '?' : to_char(make_piece(Color::White, t));
    return out;
}

PieceType type_from_letter(char c) {
    switch (c) {
        case 'N': return PieceType::Knight;
        case 'B': return PieceType::Bishop;
        case 'R': return PieceType::Rook;
        case 'Q': return PieceType::Queen;
        case 'K': return PieceType::King;
        default: return PieceType::None;
    }
}

std::array<PieceType, 8> rank_from_letters(std::string_view text) {
    std::array<PieceType, 8> rank{};
    for (std::size_t i = 0; i < 8; ++i) rank[i] = type_from_letter(text.at(i));
    return rank;
}

std::string board_field(const std::string& fen) { return test::split_words(fen).at(0); }

TEST(Chess960Table, HasAll960InOrder) {
    const auto rows = load_starts();
    ASSERT_EQ(rows.size(), 960u);
    for (int n = 0; n < Chess960Count; ++n) EXPECT_EQ(rows[static_cast<std::size_t>(n)].number, n);
}

TEST(Chess960Table, NumberToBackRankAndPosition) {
    for (const StartRow& row : load_starts()) {
        SCOPED_TRACE("SP " + std::to_string(row.number));
        EXPECT_EQ(letters(chess960_back_rank(row.number)), row.back_rank);
        const auto pos = chess960_position(row.number);
        ASSERT_TRUE(pos) << describe(pos.error(), Language::English);
        EXPECT_TRUE(pos->is_consistent());
        EXPECT_EQ(board_fen(*pos), board_field(row.xfen));
        EXPECT_EQ(to_fen(*pos, FenFormat::XFen), row.xfen);
        EXPECT_EQ(to_fen(*pos, FenFormat::Shredder), row.shredder);
        EXPECT_EQ(pos->is_chess960(), row.number != ClassicalScharnagl);
        EXPECT_EQ(popcount(pos->castling_rooks()), 4);
    }
}

TEST(Chess960Table, FenToNumber) {
    for (const StartRow& row : load_starts()) {
        SCOPED_TRACE("SP " + std::to_string(row.number));
        EXPECT_EQ(chess960_number(rank_from_letters(row.back_rank)), row.number);
        for (const std::string& fen : {row.xfen, row.shredder}) {
            const auto pos = position_from_fen(fen, {{}, Variant::Chess960});
            ASSERT_TRUE(pos) << fen << ": " << describe(pos.error(), Language::English);
            const auto number = chess960_number(*pos);
            ASSERT_TRUE(number) << fen << ": " << describe(number.error(), Language::English);
            EXPECT_EQ(*number, row.number) << fen;
            EXPECT_TRUE(*pos == *chess960_position(row.number) || row.number == ClassicalScharnagl) << fen;
        }
    }
}

TEST(Chess960Numbering, ExactlyThe960ArraysOfAllArrangementsGetANumber) {
    std::array<PieceType, 8> rank = {PieceType::Knight, PieceType::Knight, PieceType::Bishop, PieceType::Bishop,
                                     PieceType::Rook,   PieceType::Rook,   PieceType::Queen,  PieceType::King};
    std::sort(rank.begin(), rank.end());
    std::set<int> seen;
    int arrangements = 0;
    do {
        ++arrangements;
        const int n = chess960_number(rank);
        if (n < 0) continue;
        EXPECT_TRUE(seen.insert(n).second) << "number " << n << " twice";
        EXPECT_EQ(chess960_back_rank(n), rank) << letters(rank);
        // A Chess960 array: bishops on opposite colours, king between the rooks.
        std::string s = letters(rank);
        EXPECT_NE(s.find('B') % 2, s.rfind('B') % 2) << s;
        EXPECT_LT(s.find('R'), s.find('K')) << s;
        EXPECT_GT(s.rfind('R'), s.find('K')) << s;
    } while (std::next_permutation(rank.begin(), rank.end()));
    EXPECT_EQ(arrangements, 5040);
    EXPECT_EQ(seen.size(), 960u);
}

TEST(Chess960Numbering, RejectsWhatIsNoChess960Array) {
    EXPECT_EQ(chess960_number(rank_from_letters("RNBQKBNR")), ClassicalScharnagl);
    EXPECT_GE(chess960_number(rank_from_letters("RNBBKQNR")), 0);   // bishops c1/d1: opposite colours
    EXPECT_EQ(chess960_number(rank_from_letters("RNBQKNBR")), -1);  // bishops c1/g1 share a colour
    EXPECT_EQ(chess960_number(rank_from_letters("RRBQKBNN")), -1);  // king not between the rooks
    EXPECT_EQ(chess960_number(rank_from_letters("KRBQRBNN")), -1);
    EXPECT_EQ(chess960_number(rank_from_letters("RNBQKQNR")), -1);  // two queens, one bishop
    EXPECT_EQ(chess960_number(rank_from_letters("RNNQKBNR")), -1);  // three knights
    EXPECT_EQ(chess960_number(rank_from_letters("RNBQRBNK")), -1);  // king in the corner
}

TEST(Chess960, ClassicalIs518) {
    const auto pos = chess960_position(ClassicalScharnagl);
    ASSERT_TRUE(pos);
    EXPECT_TRUE(*pos == Position());
    EXPECT_FALSE(pos->is_chess960());
    EXPECT_EQ(to_fen(*pos), StartFen);
    const auto number = chess960_number(Position());
    ASSERT_TRUE(number);
    EXPECT_EQ(*number, 518);
    EXPECT_EQ(letters(chess960_back_rank(518)), "RNBQKBNR");
}

TEST(Chess960, WellKnownNumbers) {
    EXPECT_EQ(letters(chess960_back_rank(0)), "BBQNNRKR");
    EXPECT_EQ(letters(chess960_back_rank(631)), "RNBKQRNB");
    EXPECT_EQ(letters(chess960_back_rank(909)), "RKQBRNBN");
    EXPECT_EQ(letters(chess960_back_rank(959)), "RKRNNQBB");
}

TEST(Chess960, OutOfRangeNumbersAreRefused) {
    for (int n : {-1, 960, 100000}) {
        const auto pos = chess960_position(n);
        ASSERT_FALSE(pos) << n;
        EXPECT_EQ(pos.error().kind, Chess960Error::Kind::OutOfRange);
        EXPECT_NE(describe(pos.error(), Language::English).find(std::to_string(n)), std::string::npos);
        EXPECT_FALSE(double_chess960_position(n, 0)) << n;
        EXPECT_FALSE(double_chess960_position(0, n)) << n;
    }
}

TEST(Chess960, NonStartPositionsSaySo) {
    auto reason = [](const std::string& fen) -> std::string {
        const auto pos = position_from_fen(fen);
        EXPECT_TRUE(pos) << fen;
        if (!pos) return "invalid FEN";
        const auto number = chess960_number(*pos);
        EXPECT_FALSE(number) << fen << " gave " << number.value_or(-1);
        return number ? "" : describe(number.error(), Language::English);
    };
    EXPECT_NE(reason("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").find("pawns"), std::string::npos);
    EXPECT_NE(reason("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").find("side to move"),
              std::string::npos);
    EXPECT_NE(reason("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1").find("castling"), std::string::npos);
    EXPECT_NE(reason("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBRN w Qkq - 0 1").find("mirrored"), std::string::npos);
    // (Bishops on one colour would already be invalid: a promoted bishop needs a missing pawn.)
    EXPECT_NE(reason("rrbqkbnn/pppppppp/8/8/8/8/PPPPPPPP/RRBQKBNN w - - 0 1").find("Chess960"), std::string::npos);
    EXPECT_NE(reason("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1").find("back ranks"), std::string::npos);
    EXPECT_NE(reason("4k3/8/8/8/8/8/8/4K3 w - - 0 1").find("back ranks"), std::string::npos);
}

TEST(Chess960, StartAfterTwoMovesIsNoStart) {
    const Position start = *chess960_position(0);  // BBQNNRKR
    Position pos = start;
    for (const char* uci : {"d1c3", "d8c6"}) {
        const auto m = test::find_uci(pos, uci, true);
        ASSERT_TRUE(m) << uci;
        pos.do_move(*m);
    }
    EXPECT_FALSE(chess960_number(pos));
    for (const char* uci : {"c3d1", "c6d8"}) pos.do_move(*test::find_uci(pos, uci, true));
    EXPECT_TRUE(pos.same_position(start));
    EXPECT_EQ(chess960_number(pos).value_or(-1), 0);  // back at the start: the clocks do not matter
}

TEST(DoubleChess960, EachSideGetsItsOwnArray) {
    const auto pos = double_chess960_position(0, 959);
    ASSERT_TRUE(pos) << describe(pos.error(), Language::English);
    EXPECT_TRUE(pos->is_chess960());
    EXPECT_TRUE(pos->is_consistent());
    EXPECT_EQ(board_fen(*pos), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
    EXPECT_EQ(to_fen(*pos, FenFormat::Shredder), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1");
    EXPECT_EQ(pos->castling_rook(Color::White, CastlingSide::King), Square::H1);
    EXPECT_EQ(pos->castling_rook(Color::White, CastlingSide::Queen), Square::F1);
    EXPECT_EQ(pos->castling_rook(Color::Black, CastlingSide::King), Square::C8);
    EXPECT_EQ(pos->castling_rook(Color::Black, CastlingSide::Queen), Square::A8);
    const auto number = chess960_number(*pos);
    ASSERT_FALSE(number);
    EXPECT_EQ(number.error().kind, Chess960Error::Kind::NotMirrored);
    EXPECT_NE(describe(number.error(), Language::English).find("mirrored"), std::string::npos);

    // The same array on both sides is the plain start; 518 twice is classical chess.
    EXPECT_TRUE(*double_chess960_position(77, 77) == *chess960_position(77));
    EXPECT_TRUE(*double_chess960_position(518, 518) == Position());
    const auto half = double_chess960_position(518, 0);
    ASSERT_TRUE(half);
    EXPECT_TRUE(half->is_chess960());
}

TEST(DoubleChess960, PairsAreValidAndRoundTrip) {
    for (int n = 1; n < Chess960Count; n += 7) {
        for (const auto& pos : {double_chess960_position(n, 959 - n), double_chess960_position(518, n)}) {
            ASSERT_TRUE(pos) << n;
            EXPECT_TRUE(pos->is_consistent()) << n;
            EXPECT_TRUE(pos->is_chess960()) << n;
            EXPECT_EQ(popcount(pos->castling_rooks()), 4) << n;
            // A round trip through Shredder-FEN gives the same position.
            const auto reparsed = position_from_fen(to_fen(*pos, FenFormat::Shredder));
            ASSERT_TRUE(reparsed) << to_fen(*pos, FenFormat::Shredder);
            EXPECT_TRUE(*reparsed == *pos) << to_fen(*pos, FenFormat::Shredder);
        }
    }
}

TEST(Chess960, TheDerivationPlacesThePiecesStepByStep) {
    for (int n = 0; n < Chess960Count; ++n) {
        const Chess960Derivation d = chess960_derivation(n);
        EXPECT_EQ(d.light + 4 * (d.dark + 4 * (d.queen + 6 * d.knights)), n);
        const auto rank = chess960_back_rank(n);
        int per_step[5] = {0, 0, 0, 0, 0};
        for (std::size_t f = 0; f < 8; ++f) {
            const int step = d.step_of[f];
            ASSERT_TRUE(step >= 0 && step <= 4) << n;
            ++per_step[step];
            // Which piece each step placed: bishops, queen, knights, then rook-king-rook.
            const PieceType want[] = {PieceType::Bishop, PieceType::Bishop, PieceType::Queen, PieceType::Knight,
                                      rank[f] == PieceType::King ? PieceType::King : PieceType::Rook};
            EXPECT_EQ(rank[f], want[step]) << n << " file " << f;
        }
        EXPECT_EQ(per_step[0] + per_step[1] + per_step[2], 3) << n;
        EXPECT_EQ(per_step[3], 2) << n;
        EXPECT_EQ(per_step[4], 3) << n;
        EXPECT_EQ(d.step_of[static_cast<std::size_t>(2 * d.light + 1)], 0) << n;  // light squares b d f h
        EXPECT_EQ(d.step_of[static_cast<std::size_t>(2 * d.dark)], 1) << n;       // dark squares a c e g
    }
    const Chess960Derivation classical = chess960_derivation(ClassicalScharnagl);
    EXPECT_EQ((std::array{classical.light, classical.dark, classical.queen, classical.knights}),
              (std::array{2, 1, 2, 5}));
}

}  // namespace
}  // namespace schach
