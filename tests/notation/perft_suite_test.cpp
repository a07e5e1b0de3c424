// parse_perft_suite (notation/perft_suite.hpp): EPD records and .perft blocks, and the errors
// with their line and code.

#include <gtest/gtest.h>

#include "notation/perft_suite.hpp"
#include "text/perft_suite_text.hpp"

namespace schach {
namespace {

using Code = PerftSuiteError::Code;

TEST(PerftSuiteParser, EpdRecordsAndDotPerftBlocks) {
    const auto suite = parse_perft_suite(
        "# comment\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;id \"start\"\r\n"
        "\n"
        "id xfen-one\n"
        "epd 4k3/8/8/8/8/8/8/4K2R w K -\n"
        "perft 1 15\n"
        "4k3/8/8/8/8/8/8/R3K2R w HA - ;D1 26 ;foo bar\n");
    ASSERT_TRUE(suite) << describe(suite.error(), Language::English);
    ASSERT_EQ(suite->size(), 3u);
    EXPECT_EQ((*suite)[0].name, "start");
    EXPECT_EQ((*suite)[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ((*suite)[0].line, 2u);
    ASSERT_EQ((*suite)[0].checks.size(), 2u);
    EXPECT_EQ((*suite)[0].checks[1].depth, 2);
    EXPECT_EQ((*suite)[0].checks[1].nodes, 400u);
    EXPECT_FALSE((*suite)[0].chess960);
    EXPECT_EQ((*suite)[1].name, "xfen-one");
    EXPECT_EQ((*suite)[1].line, 5u);
    EXPECT_TRUE((*suite)[1].chess960);  // an "xfen" id
    EXPECT_EQ((*suite)[2].name, "");
    EXPECT_TRUE((*suite)[2].chess960);  // Shredder letters
}

TEST(PerftSuiteParser, ErrorsNameTheLineAndTheCode) {
    const auto error = [](std::string_view text) {
        const auto suite = parse_perft_suite(text);
        EXPECT_FALSE(suite) << text;
        return suite ? PerftSuiteError{} : suite.error();
    };
    EXPECT_EQ(error("").code, Code::NoPositions);
    EXPECT_EQ(error("# only\n").code, Code::NoPositions);
    const PerftSuiteError depth = error("\n8/8/8/8/8/8/8/8 w - - ;D99 1\n");
    EXPECT_EQ(depth.code, Code::BadDepth);
    EXPECT_EQ(depth.line, 2u);
    EXPECT_EQ(depth.token, "99");
    EXPECT_EQ(describe(depth, Language::English), "depth '99' not in 0..64");
    EXPECT_EQ(describe(depth, Language::German), "Tiefe '99' nicht in 0..64");
    EXPECT_EQ(error("8/8/8/8/8/8/8/8 w - - ;D1 x\n").code, Code::BadNodeCount);
    EXPECT_EQ(error("8/8/8/8/8/8/8/8 w - -\n").code, Code::NoCounts);
    EXPECT_EQ(error("8/8/8 w\n").code, Code::FenFields);
    EXPECT_EQ(error("perft 1 20\n").code, Code::PerftWithoutEpd);
    const PerftSuiteError block = error("epd 8/8/8/8/8/8/8/8 w - -\nid next\n");
    EXPECT_EQ(block.code, Code::BlockWithoutCounts);
    EXPECT_EQ(block.line, 2u);
    EXPECT_EQ(error("epd 8/8/8/8/8/8/8/8 w - -\n").code, Code::BlockWithoutCounts);
    EXPECT_EQ(error(std::string_view("8/8\0/8 w - - ;D1 1\n", 19)).code, Code::BinaryData);
}

}  // namespace
}  // namespace schach
