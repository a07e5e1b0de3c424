#include "train/datagen.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/movegen.hpp"
#include "engine/engine.hpp"

namespace schach::train {
namespace {

DatagenOptions small_options() {
    DatagenOptions o;
    o.soft_nodes = 300;
    o.hard_nodes = 2400;
    o.hash_mb = 1;
    o.max_plies = 120;
    return o;
}

TEST(Datagen, PlaysAWholeLegalGameWithQuietScoresOnly) {
    int played = 0;
    for (std::uint64_t n = 0; n < 6 && played < 3; ++n) {
        const auto game = play_datagen_game(small_options(), n);
        if (!game) continue;  // an unbalanced start
        ++played;
        ASSERT_FALSE(game->plies.empty());
        Position pos = game->start;
        EXPECT_GE(pos.ply(), 8);  // 8-9 random plies before the first stored one
        std::size_t scored = 0;
        for (const PackedPly& p : game->plies) {
            ASSERT_TRUE(pos.is_legal(p.move));
            if (p.score != NoScore) {
                ++scored;
                EXPECT_FALSE(pos.in_check());
                EXPECT_FALSE(pos.is_capture(p.move));
                EXPECT_LT(std::abs(p.score), 20000);
            }
            pos.do_move(p.move);
        }
        EXPECT_GT(scored, 0u);
    }
    EXPECT_GT(played, 0);
}

TEST(Datagen, IsDeterministicForASeedAndNumber) {
    const auto a = play_datagen_game(small_options(), 3);
    const auto b = play_datagen_game(small_options(), 3);
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) return;
    ASSERT_EQ(a->plies.size(), b->plies.size());
    for (std::size_t i = 0; i < a->plies.size(); ++i) EXPECT_EQ(a->plies[i].move, b->plies[i].move);
    EXPECT_EQ(a->result, b->result);
}

TEST(Datagen, SoftNodeLimitEndsTheSearchBetweenIterations) {
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.soft_nodes = 5000;
    limits.nodes = 40000;
    const auto r = eng.search(limits);
    EXPECT_GE(r.last.nodes, 5000u);  // the iteration that crossed the soft limit finished
    EXPECT_LE(r.last.nodes, 40000u);
    limits.soft_nodes = 0;
    limits.nodes = 5000;
    const auto hard = eng.search(limits);
    EXPECT_LE(hard.last.nodes, 5000u);
}

TEST(Datagen, AppendsGamesAndGoesOnAfterATruncatedRecord) {
    const auto path = std::filesystem::temp_directory_path() / "schach_datagen_test.games";
    std::filesystem::remove(path);
    DatagenOptions o = small_options();
    o.games = 2;
    const auto first = run_datagen(o, path.string(), nullptr);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->games, 2u);
    // A killed writer: half a record at the end.
    {
        std::ofstream out(path, std::ios::binary | std::ios::app);
        out.write("\x01\x02\x03", 3);
    }
    const auto second = run_datagen(o, path.string(), nullptr);
    ASSERT_TRUE(second);
    std::ifstream in(path, std::ios::binary);
    std::optional<GameReadError> error;
    const GameFileSummary s = summarize_game_file(in, &error);
    EXPECT_FALSE(error);
    EXPECT_EQ(s.games, 4u);
    EXPECT_EQ(s.positions, first->positions + second->positions);
    std::filesystem::remove(path);
}

TEST(Datagen, RefusesAFileThatIsNoGameFile) {
    const auto path = std::filesystem::temp_directory_path() / "schach_datagen_not.games";
    {
        std::ofstream out(path);
        out << "this is text\n";
    }
    const auto r = run_datagen(small_options(), path.string(), nullptr);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, DatagenError::Kind::NotAGameFile);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace schach::train
