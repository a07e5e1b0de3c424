// The shared move lists of the game views: views keep what they had while the game goes on.

#include "server/domain/move_records.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace schach::server {
namespace {

MoveRecord record(std::size_t i) { return {"m" + std::to_string(i), "s", static_cast<Millis>(i), "fen"}; }

TEST(MoveRecords, ViewsKeepTheirMovesWhileTheGameAppends) {
    MoveRecords game;
    std::vector<MoveRecords> views;
    for (std::size_t i = 0; i < 3 * MoveRecords::ChunkSize + 5; ++i) {
        game.push_back(record(i));
        views.push_back(game);  // a view after every move, as the events keep them
    }
    for (std::size_t v = 0; v < views.size(); ++v) {
        ASSERT_EQ(views[v].size(), v + 1);
        EXPECT_EQ(views[v].back(), record(v));
        std::size_t i = 0;
        for (const MoveRecord& r : views[v]) EXPECT_EQ(r, record(i++));
        EXPECT_EQ(i, v + 1);
    }
    EXPECT_TRUE(MoveRecords{}.empty());
    EXPECT_EQ(MoveRecords({record(0), record(1)}), game.prefix(2));
}

TEST(MoveRecords, APrefixCanGrowWithoutTouchingTheLongerList) {
    MoveRecords game;
    for (std::size_t i = 0; i < MoveRecords::ChunkSize + 10; ++i) game.push_back(record(i));
    MoveRecords earlier = game.prefix(MoveRecords::ChunkSize + 3);
    earlier.push_back({"other", "x", std::nullopt, "f"});
    EXPECT_EQ(earlier.size(), MoveRecords::ChunkSize + 4);
    EXPECT_EQ(earlier.back().uci, "other");
    EXPECT_EQ(game[MoveRecords::ChunkSize + 3], record(MoveRecords::ChunkSize + 3));
    EXPECT_EQ(game.prefix(0).size(), 0u);
}

TEST(MoveRecords, ReadersOfOldViewsRaceNoWriter) {
    // The writer fills the rest of the view's chunk and new chunks while a reader reads every
    // record of the view: they stay as they were (a writer that moved or rewrote the records of
    // a shared chunk would change them; a ThreadSanitizer build would also see the shared write).
    MoveRecords game;
    for (std::size_t i = 0; i < MoveRecords::ChunkSize / 2; ++i) game.push_back(record(i));
    const MoveRecords view = game;
    std::thread reader([&] {
        for (int k = 0; k < 200; ++k)
            for (std::size_t i = 0; i < view.size(); ++i) ASSERT_EQ(view[i], record(i));
    });
    for (std::size_t i = view.size(); i < 500; ++i) game.push_back(record(i));
    reader.join();
    EXPECT_EQ(game.size(), 500u);
}

TEST(SharedList, ACopyAppendsWithoutTouchingTheOriginalAndGivesItsPrefixAsAVector) {
    // An action's copy of a live game appends its move; the game it was copied from (kept when
    // the store refuses the action) reads as before, and so does a vector taken from it.
    SharedList<int, 4> game{0, 1, 2, 3, 4, 5};
    const SharedList<int, 4> before = game;
    SharedList<int, 4> action = game;
    for (int i = 6; i < 11; ++i) action.push_back(i);
    EXPECT_EQ(before.size(), 6u);
    EXPECT_EQ(before.to_vector(), (std::vector<int>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(action.to_vector(), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
    EXPECT_EQ(action.to_vector(3), (std::vector<int>{0, 1, 2}));
    EXPECT_TRUE(game == before);
    EXPECT_FALSE(action == before);
    // A takeback builds the list anew from the moves it keeps.
    SharedList<int, 4> kept;
    for (const int i : action.to_vector(2)) kept.push_back(i);
    kept.push_back(42);
    EXPECT_EQ(action[2], 2);
    EXPECT_EQ(kept.to_vector(), (std::vector<int>{0, 1, 42}));
}

}  // namespace
}  // namespace schach::server
