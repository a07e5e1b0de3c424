// The level policy as pure functions: limits per level, the Elo table, and the choice among
// synthetic root lines for a given random generator.

#include "engine/level.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/evaluate.hpp"
#include "support/test_positions.hpp"

namespace schach::engine {
namespace {

Position from_fen(std::string_view fen) { return test::position(fen); }

Move uci(const Position& pos, std::string_view text) { return test::legal_move(pos, text); }

TEST(Level, EloTableMapsOntoLevels) {
    EXPECT_EQ(level_for_elo(0), 1);
    EXPECT_EQ(level_for_elo(450), 1);
    EXPECT_EQ(level_for_elo(685), 1);  // a tie: the weaker level
    EXPECT_EQ(level_for_elo(686), 2);
    EXPECT_EQ(level_for_elo(1350), 4);
    EXPECT_EQ(level_for_elo(1515), 4);  // a tie
    EXPECT_EQ(level_for_elo(1516), 5);
    EXPECT_EQ(level_for_elo(2470), 8);
    EXPECT_EQ(level_for_elo(9999), 8);
    for (int level = MinLevel; level < MaxLevel; ++level) EXPECT_LT(level_elo(level), level_elo(level + 1));
    for (int level = MinLevel; level <= MaxLevel; ++level) EXPECT_EQ(level_for_elo(level_elo(level)), level);
    EngineOptions o;
    o.level = 3;
    EXPECT_EQ(effective_level(o), 3);
    o.limit_strength = true;
    o.elo = 1100;
    EXPECT_EQ(effective_level(o), 3);
}

TEST(Level, PoliciesGrowStrongerWithTheLevel) {
    for (int level = MinLevel; level < MaxLevel - 1; ++level) {
        const LevelPolicy a = policy_for_level(level), b = policy_for_level(level + 1);
        EXPECT_EQ(a.level, level);
        EXPECT_LE(a.depth, b.depth);
        EXPECT_LE(a.nodes, b.nodes);
        EXPECT_LE(a.movetime, b.movetime);
        EXPECT_GE(a.lines, b.lines);
        EXPECT_GT(a.temperature, b.temperature);
        EXPECT_GE(a.material_tolerance, b.material_tolerance);
        // Never a minor piece given away in a quiet position; a rook only by level 1 in the most
        // complex ones (a beginner's oversight); a queen never.
        EXPECT_LT(a.material_tolerance, SeeValue[idx(PieceType::Knight)]);
        EXPECT_LT(a.material_tolerance + a.complex_extra, SeeValue[idx(PieceType::Queen)]);
        if (level > 1) {
            EXPECT_LT(a.material_tolerance + a.complex_extra, SeeValue[idx(PieceType::Rook)]);
        }
    }
    EXPECT_FALSE(policy_for_level(1).mate_in_one);
    for (int level = 2; level <= MaxLevel; ++level) EXPECT_TRUE(policy_for_level(level).mate_in_one);
    const LevelPolicy full = policy_for_level(8);
    EXPECT_EQ(full.depth, 0);
    EXPECT_EQ(full.nodes, 0u);
    EXPECT_EQ(full.temperature, 0.0);
}

TEST(Level, LimitsAreCappedByTheLevel) {
    const LevelPolicy p = policy_for_level(2);
    SearchLimits asked;
    asked.depth = 20;
    asked.nodes = 1'000'000;
    SearchLimits l = limits_for_level(p, asked, Color::White);
    EXPECT_EQ(l.depth, p.depth);
    EXPECT_EQ(l.nodes, p.nodes);
    EXPECT_EQ(l.movetime, p.movetime);
    asked = {};
    asked.depth = 1;
    EXPECT_EQ(limits_for_level(p, asked, Color::White).depth, 1);  // the GUI may ask for less
    // Little time on our clock: a twentieth of it at most.
    asked = {};
    asked.wtime = 600;
    asked.btime = 100'000;
    EXPECT_EQ(limits_for_level(p, asked, Color::White).movetime, 30);
    EXPECT_EQ(limits_for_level(p, asked, Color::Black).movetime, p.movetime);
    // Infinite searches run until stop (the depth cap still ends the thinking).
    asked = {};
    asked.infinite = true;
    l = limits_for_level(p, asked, Color::White);
    EXPECT_EQ(l.movetime, 0);
    EXPECT_EQ(l.depth, p.depth);
    // Level 8 changes nothing.
    asked = {};
    asked.wtime = 1000;
    l = limits_for_level(policy_for_level(8), asked, Color::White);
    EXPECT_EQ(l.depth, 0);
    EXPECT_EQ(l.movetime, 0);
}

/// How often each line is chosen in `draws` draws.
std::vector<int> histogram(std::span<const Candidate> lines, const LevelPolicy& p, double complexity,
                           int draws = 4000) {
    std::mt19937_64 rng(42);
    std::vector<int> count(lines.size(), 0);
    for (int i = 0; i < draws; ++i) ++count[choose_line(lines, p, complexity, rng)];
    return count;
}

TEST(Level, ChoiceSamplesAmongGoodLinesByTemperature) {
    // Five lines 0, -20, -40, -60, -80 cp, all keeping the material.
    const std::array<Candidate, 5> lines{{{0, 0}, {-20, 0}, {-40, 0}, {-60, 0}, {-80, 0}}};
    const auto weak = histogram(lines, policy_for_level(1), 0.0);
    const auto strong = histogram(lines, policy_for_level(7), 0.0);
    // Level 1 spreads its choice; every line gets picked.
    for (int c : weak) EXPECT_GT(c, 300);
    EXPECT_LT(weak[0], 2000);
    // Level 7 (3 lines, temperature 12 * 0.6, window 60 * 0.75): mostly the best line, never
    // beyond the window.
    EXPECT_GT(strong[0], 3000);
    EXPECT_EQ(strong[3] + strong[4], 0);
    // Ordered by score: better lines are chosen more often.
    for (std::size_t i = 1; i < weak.size(); ++i) EXPECT_GT(weak[i - 1], weak[i]);
    // Temperature 0 (level 8): the best line.
    std::mt19937_64 rng(1);
    EXPECT_EQ(choose_line(lines, policy_for_level(8), 1.0, rng), 0u);
}

TEST(Level, ChoiceNeverGivesMaterialAwayInAQuietPosition) {
    // Line 1 is nearly as good by the shallow score but hangs a rook (material -500).
    const std::array<Candidate, 3> lines{{{0, 0}, {-5, -500}, {-30, 0}}};
    for (int level = 1; level < MaxLevel; ++level) {
        const auto h = histogram(lines, policy_for_level(level), 0.0, 1000);
        EXPECT_EQ(h[1], 0) << "level " << level;
    }
    // A pawn is within level 1's tolerance (150) but not level 5's (60).
    const std::array<Candidate, 2> pawn{{{0, 0}, {-5, -100}}};
    EXPECT_GT(histogram(pawn, policy_for_level(1), 0.0, 1000)[1], 100);
    EXPECT_EQ(histogram(pawn, policy_for_level(5), 0.0, 1000)[1], 0);
    // The best line itself may sacrifice: it is what the search chose.
    const std::array<Candidate, 2> sacrifice{{{50, -300}, {0, 0}}};
    EXPECT_GT(histogram(sacrifice, policy_for_level(1), 0.0, 1000)[0], 0);
}

TEST(Level, ComplexPositionsBringMoreMistakes) {
    const std::array<Candidate, 4> lines{{{0, 0}, {-60, 0}, {-120, 0}, {-180, -200}}};
    for (int level : {1, 3, 5}) {
        const auto quiet = histogram(lines, policy_for_level(level), 0.0);
        const auto wild = histogram(lines, policy_for_level(level), 1.0);
        EXPECT_GT(quiet[0], wild[0]) << "level " << level;
    }
    // Level 1 loses a minor piece's worth only in a complex position.
    const std::array<Candidate, 2> minor{{{0, 0}, {-10, -300}}};
    EXPECT_EQ(histogram(minor, policy_for_level(1), 0.0, 1000)[1], 0);
    EXPECT_GT(histogram(minor, policy_for_level(1), 1.0, 1000)[1], 0);
}

TEST(Level, ChoiceStaysInsideTheWindowAndAvoidsMates) {
    const std::array<Candidate, 3> lines{{{100, 0}, {-450, 0}, {line_value(Score{Score::Kind::Mate, -2, {}}), 0}}};
    const auto h = histogram(lines, policy_for_level(2), 1.0, 1000);
    EXPECT_EQ(h[1], 0);  // 550 cp worse than the best: outside level 2's window even when complex
    EXPECT_EQ(h[2], 0);
}

TEST(Level, SameSeedSameChoices) {
    const std::array<Candidate, 4> lines{{{0, 0}, {-10, 0}, {-20, 0}, {-30, 0}}};
    std::mt19937_64 a(7), b(7);
    for (int i = 0; i < 50; ++i)
        EXPECT_EQ(choose_line(lines, policy_for_level(1), 0.5, a), choose_line(lines, policy_for_level(1), 0.5, b));
}

TEST(Level, LineValueOrdersMatesAroundCentipawns) {
    EXPECT_EQ(line_value(Score{Score::Kind::Centipawns, 35, {}}), 35);
    EXPECT_GT(line_value(Score{Score::Kind::Mate, 1, {}}), line_value(Score{Score::Kind::Mate, 3, {}}));
    EXPECT_GT(line_value(Score{Score::Kind::Mate, 3, {}}), 5000);
    EXPECT_LT(line_value(Score{Score::Kind::Mate, -1, {}}), line_value(Score{Score::Kind::Mate, -4, {}}));
    EXPECT_LT(line_value(Score{Score::Kind::Mate, -4, {}}), -5000);
}

TEST(Level, MaterialAfterSeesHangingPieces) {
    // White queen d1: Qd1-d5 walks into ...e6xd5; Qd1-d3 is safe.
    const Position pos = from_fen("rnbqkbnr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(material_after(pos, uci(pos, "d2d3")), 0);
    const Position q = from_fen("4k3/8/4p3/8/8/8/8/3QK3 w - - 0 1");
    EXPECT_EQ(material_after(q, uci(q, "d1d3")), 875);   // a queen against a pawn
    EXPECT_EQ(material_after(q, uci(q, "d1d5")), -100);  // e6xd5: the queen for nothing
    // Rook takes a knight guarded by a pawn: +80 before, -100 after cxd5.
    const Position r = from_fen("4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1");
    EXPECT_EQ(material_after(r, uci(r, "e1e2")), 80);
    EXPECT_EQ(material_after(r, uci(r, "d1d5")), -100);
}

TEST(Level, MateInOneIsFound) {
    const Position pos = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    EXPECT_EQ(to_uci(mate_in_one(pos), false), "a1a8");
    const Move a2 = uci(pos, "a1a2");
    const Move only[] = {a2};
    EXPECT_FALSE(mate_in_one(pos, only));
    EXPECT_FALSE(mate_in_one(Position()));
}

TEST(Level, ComplexityOfQuietAndWildPositions) {
    EXPECT_LT(complexity(Position()), 0.1);
    const Position wild = from_fen("r1bqk2r/ppp2ppp/2n5/3np3/1bB5/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 6");
    EXPECT_GT(complexity(wild), 0.3);
    EXPECT_GT(complexity(from_fen("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")),
              complexity(from_fen("4k3/8/8/8/8/3q4/8/4K3 w - - 0 1")));
}

}  // namespace
}  // namespace schach::engine
