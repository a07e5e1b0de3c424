// The levels through the Engine facade: real searches, the book, the seeded generator.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/level.hpp"
#include "support/test_positions.hpp"

namespace schach::engine {
namespace {

constexpr const char* GnuChessBook = "/usr/share/games/gnuchess/book.bin";

Position from_fen(std::string_view fen) { return test::position(fen); }

/// The move `level` plays in `pos` with `seed`; without a book unless `book`.
Move play(int level, std::uint64_t seed, const Position& pos, bool book = false, std::uint64_t nodes = 0) {
    Engine engine;
    EngineOptions o;
    o.level = level;
    o.seed = seed;
    o.book_file = book ? GnuChessBook : "";
    engine.set_options(o);
    EXPECT_TRUE(engine.set_position(pos, {}).has_value());
    SearchLimits limits;
    limits.nodes = nodes;
    const Move m = engine.search(limits).best.move;
    EXPECT_TRUE(pos.is_legal(m)) << to_fen(pos) << " level " << level;
    return m;
}

/// The best material balance a move can keep (by the guard's capture search).
Value best_material(const Position& pos) {
    Value best = -ValueInfinite;
    for (Move m : legal_moves(pos)) best = std::max(best, material_after(pos, m));
    return best;
}

/// Whether the search reports more than one root line when asked (MultiPV).
bool search_gives_lines() {
    Engine engine;
    EngineOptions o;
    o.multipv = 3;
    engine.set_options(o);
    int most = 0;
    engine.on_info([&](const SearchInfo& info) { most = std::max(most, info.multipv); });
    SearchLimits limits;
    limits.depth = 2;
    engine.search(limits);
    return most >= 3;
}

TEST(LevelPlay, LevelOneVariesItsMovesOverSeeds) {
    if (!search_gives_lines()) GTEST_SKIP() << "the search reports one line only (no MultiPV yet)";
    // An open middlegame position out of the book's reach: many reasonable moves.
    const Position pos = from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R1BQK2R w KQ - 0 9");
    std::set<std::uint16_t> moves;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) moves.insert(play(1, seed, pos).bits());
    EXPECT_GE(moves.size(), 4u);
    // The same seed plays the same move.
    EXPECT_EQ(play(1, 5, pos), play(1, 5, pos));
}

TEST(LevelPlay, TheBookGivesVarietyInTheOpening) {
    if (!std::filesystem::exists(GnuChessBook)) GTEST_SKIP() << GnuChessBook << " not installed (gnuchess-book)";
    std::set<std::uint16_t> moves;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) moves.insert(play(4, seed, Position(), true).bits());
    EXPECT_GE(moves.size(), 2u);
}

TEST(LevelPlay, NeverHangsAQueenOrRookInQuietPositions) {
    const char* quiet[] = {
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
        "r2q1rk1/ppp1bppp/2np1n2/4p3/2B1P1b1/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 2 8",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R1BQK2R w KQ - 0 9",
        "2r2rk1/pp1q1ppp/2n1pn2/3p4/3P4/P1NQPN2/1P3PPP/2R2RK1 b - - 3 16",
        "r4rk1/1pq2ppp/p1n1pn2/8/3P4/P1N1QN2/1P3PPP/2R2RK1 w - - 0 18",
        "6k1/pp3ppp/2r1p3/3p4/3P4/2R1P3/PP3PPP/6K1 w - - 0 28",
    };
    for (const char* fen : quiet) {
        const Position pos = from_fen(fen);
        const Value keep = best_material(pos);
        for (int level = 1; level <= 4; ++level) {
            for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                const Move m = play(level, seed, pos);
                EXPECT_GT(material_after(pos, m), keep - 400)
                    << fen << " level " << level << " seed " << seed << " plays " << to_uci(m, false);
            }
        }
    }
}

TEST(LevelPlay, MateInOneIsTakenFromLevelTwo) {
    const char* mates[] = {
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",                                // back rank
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  // scholar's mate
        "7k/8/6QK/8/8/8/8/8 w - - 0 1",                                        // queen and king
    };
    for (const char* fen : mates) {
        const Position pos = from_fen(fen);
        for (int level = 2; level <= 7; ++level) {
            Position after = pos;
            after.do_move(play(level, 3, pos, false, 20'000));
            EXPECT_TRUE(after.in_check() && legal_moves(after).empty()) << fen << " level " << level;
        }
    }
}

TEST(LevelPlay, LimitStrengthPlaysTheLevelOfItsElo) {
    // UCI_Elo 450 is level 1: its depth cap (1) shows in the last info line.
    Engine engine;
    EngineOptions o;
    o.limit_strength = true;
    o.elo = 450;
    o.book_file = "";
    engine.set_options(o);
    ASSERT_TRUE(engine.set_position(Position(), {}).has_value());
    const auto result = engine.search({});
    EXPECT_EQ(result.last.depth, 1);
    EXPECT_TRUE(Position().is_legal(result.best.move));
}

}  // namespace
}  // namespace schach::engine
