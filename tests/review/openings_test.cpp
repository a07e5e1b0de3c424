// Opening names: the built-in table (every line readable), known games named by their deepest
// named position, a transposition landing on the same name, and the German names.

#include "review/openings.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "support/test_positions.hpp"
#include "text/opening_names.hpp"

namespace schach::review {
namespace {

std::vector<Move> san_line(const Position& start, const std::vector<std::string>& sans) {
    std::vector<Move> moves;
    Position pos = start;
    for (const std::string& s : sans) {
        const auto m = parse_san(pos, s);
        EXPECT_TRUE(m.has_value()) << s;
        if (!m) break;
        moves.push_back(*m);
        pos.do_move(*m);
    }
    return moves;
}

TEST(ReviewOpenings, EveryLineOfTheTableIsRead) {
    const auto all = all_openings();
    EXPECT_EQ(all.size(), 3807u);
    std::set<std::string_view> names;
    for (const Opening& o : all) {
        EXPECT_GT(o.plies, 0) << o.name << ": " << o.pgn;
        EXPECT_EQ(o.eco.size(), 3u) << o.name;
        names.insert(o.name);
    }
    EXPECT_EQ(names.size(), 3174u);
}

TEST(ReviewOpenings, KnownGames) {
    struct Case {
        std::vector<std::string> moves;
        const char* eco;
        const char* name;
        int ply;
    };
    const Case cases[] = {
        {{"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3", "Be6"},
         "B90",
         "Sicilian Defense: Najdorf Variation, English Attack",
         11},
        {{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O",
          "h3"},
         "C92",
         "Ruy Lopez: Closed",
         17},
        {{"d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3"},
         "D55",
         "Queen's Gambit Declined: Modern Variation, Normal Line",
         11},
        // The same position by another order of moves (an English Opening first): the same name.
        {{"c4", "e6", "Nc3", "d5", "d4", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3"},
         "D55",
         "Queen's Gambit Declined: Modern Variation, Normal Line",
         11},
        // A move off the book keeps the last name found.
        {{"e4", "e5", "Nf3", "Nc6", "Bc4", "Rb8", "a3"}, "C50", "Italian Game", 5},
    };
    const Position start;
    for (const Case& c : cases) {
        const auto match = classify_opening(start, san_line(start, c.moves));
        ASSERT_TRUE(match.has_value()) << c.name;
        EXPECT_EQ(match->opening->eco, c.eco);
        EXPECT_EQ(match->opening->name, c.name);
        EXPECT_EQ(match->ply, c.ply) << c.name;
    }
}

TEST(ReviewOpenings, OnlyFromTheStandardStart) {
    const Position after_e4 = test::position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_FALSE(classify_opening(after_e4, san_line(after_e4, {"c5"})).has_value());
    // The position itself is named, wherever it came from.
    const Opening* o = opening_at(after_e4);
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(o->name, "King's Pawn Game");
    EXPECT_FALSE(classify_opening(Position(), {}).has_value());
}

TEST(ReviewOpenings, GermanNames) {
    const Position start;
    const auto najdorf = classify_opening(
        start, san_line(start, {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3"}));
    ASSERT_TRUE(najdorf.has_value());
    EXPECT_EQ(opening_name(*najdorf->opening, Language::German),
              "Sizilianische Verteidigung: Najdorf-Variante, Englischer Angriff");
    EXPECT_EQ(opening_name(*najdorf->opening, Language::GermanNeutral),
              "Sizilianische Verteidigung: Najdorf-Variante, Englischer Angriff");
    EXPECT_EQ(opening_name(*najdorf->opening, Language::English),
              "Sicilian Defense: Najdorf Variation, English Attack");
    // A part without a German name of ours stays English.
    const auto kostic = classify_opening(start, san_line(start, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4"}));
    ASSERT_TRUE(kostic.has_value());
    EXPECT_EQ(opening_name(*kostic->opening, Language::German), "Italienische Partie: Blackburne-Kostić Gambit");
    EXPECT_EQ(kostic->opening->family(), "Italian Game");
    EXPECT_EQ(kostic->opening->variations(), std::vector<std::string_view>{"Blackburne-Kostić Gambit"});
}

}  // namespace
}  // namespace schach::review
