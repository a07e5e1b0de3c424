// What only SqliteStore has (a database of an older schema, a process killed after its writes);
// the behaviour both stores share is the contract of tests/store/store_contract_test.cpp.

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <sqlite3.h>

#include "server/sqlite/sqlite_store.hpp"
#include "support/sync.hpp"

namespace schach::server {
namespace {

/// A database file in a fresh temporary directory, removed at the end.
struct TempDb {
    std::filesystem::path dir;
    TempDb() {
        dir = std::filesystem::temp_directory_path() /
              ("schach-store-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~TempDb() { std::filesystem::remove_all(dir); }
    std::string path() const { return (dir / "games.db").string(); }
};

StoredGame sample_game() {
    StoredGame g;
    g.id = "aB3dE5gH";
    g.created = 1000;
    g.mode = Mode::Friend;
    g.tc = "5+3";
    g.initial_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.state = {Status::Started, "", "", 1, 1000};
    return g;
}

std::vector<StoredSeat> sample_seats() {
    return {{Color::White, false, "hash-w", "", "browser-1"}, {Color::Black, false, "", "invite-hash", ""}};
}

TEST(ServerSqliteStore, OffersAreStoredAndADatabaseOfSchemaOneIsMigrated) {
    TempDb tmp;
    {
        // A database as the first schema wrote it (version 1, no offer columns), with a game.
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(tmp.path().c_str(), &db), SQLITE_OK);
        const char* v1 =
            "CREATE TABLE schema_version(version INTEGER NOT NULL); INSERT INTO schema_version VALUES(1);"
            "CREATE TABLE games(id TEXT PRIMARY KEY, created INTEGER NOT NULL, variant TEXT NOT NULL,"
            " chess960 INTEGER NOT NULL, mode TEXT NOT NULL, level INTEGER NOT NULL, tc TEXT NOT NULL,"
            " white_kind TEXT NOT NULL, black_kind TEXT NOT NULL, initial_fen TEXT NOT NULL, status TEXT NOT NULL,"
            " result TEXT NOT NULL, reason TEXT NOT NULL, version INTEGER NOT NULL, updated INTEGER NOT NULL);"
            "CREATE TABLE seats(game TEXT NOT NULL, color TEXT NOT NULL, engine INTEGER NOT NULL,"
            " secret_hash TEXT NOT NULL, invite_hash TEXT NOT NULL, browser TEXT NOT NULL, PRIMARY KEY(game, color));"
            "CREATE TABLE moves(game TEXT NOT NULL, ply INTEGER NOT NULL, uci TEXT NOT NULL, clock_ms INTEGER,"
            " stamp_ms INTEGER NOT NULL, PRIMARY KEY(game, ply));"
            "CREATE TABLE events(game TEXT NOT NULL, version INTEGER NOT NULL, kind TEXT NOT NULL,"
            " json TEXT NOT NULL, PRIMARY KEY(game, version));"
            "INSERT INTO games VALUES('aB3dE5gH', 1000, 'standard', 518, 'friend', 0, '5+3', 'human', 'human',"
            " 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'started', '', '', 1, 1000);"
            "INSERT INTO moves VALUES('aB3dE5gH', 0, 'e2e4', 299700, 1500);";
        ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
        sqlite3_close(db);
    }
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store) << store.error().message;
    auto before = test::sync(**store).load_game("aB3dE5gH");
    ASSERT_TRUE(before && *before);
    EXPECT_EQ((**before).game.state.offers, StoredOffers{});
    GameUpdate u{Status::Started, "", "", 2, 2000};
    u.offers = {Color::Black, Color::White, std::nullopt};
    ASSERT_TRUE(test::sync(**store).update_game("aB3dE5gH", u, std::vector<StoredEvent>{{2, "offer", "{}"}}, {}));
    EXPECT_EQ((**test::sync(**store).load_game("aB3dE5gH")).game.state.offers, u.offers);
    u.version = 3;
    u.offers = {std::nullopt, std::nullopt, Color::White};
    ASSERT_TRUE(test::sync(**store).update_game("aB3dE5gH", u, std::vector<StoredEvent>{{3, "offer", "{}"}}, {}));
    EXPECT_EQ((**test::sync(**store).load_game("aB3dE5gH")).game.state.offers, u.offers);
    // Schema 3: the agreed rematch.
    EXPECT_EQ((**test::sync(**store).load_game("aB3dE5gH")).game.state.rematch, "");
    u.version = 4;
    u.rematch = "Zz9Yy8Xx";
    ASSERT_TRUE(test::sync(**store).update_game("aB3dE5gH", u, std::vector<StoredEvent>{{4, "rematch", "{}"}}, {}));
    EXPECT_EQ((**test::sync(**store).load_game("aB3dE5gH")).game.state.rematch, "Zz9Yy8Xx");
    // Schema 4: each move's lag credit; a move of an older schema gave none.
    u.version = 5;
    ASSERT_TRUE(test::sync(**store).append_move("aB3dE5gH", {1, "e7e5", 299'400, 3000, 420}, u, {{5, "move", "{}"}}));
    const auto moves = (**test::sync(**store).load_game("aB3dE5gH")).moves;
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(moves[0], (StoredMove{0, "e2e4", 299'700, 1500, 0}));
    EXPECT_EQ(moves[1], (StoredMove{1, "e7e5", 299'400, 3000, 420}));
}

/// Ply `ply` of a game that only moves knights out and back (legality does not matter here).
StoredMove nth_move(int ply, Millis stamp) {
    static const char* const Moves[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    return {ply, Moves[ply % 4], std::nullopt, stamp};
}

// A write that returned is on disk: a process killed with SIGKILL right after its writes
// returned loses none of them.
TEST(ServerSqliteStore, AWriteThatReturnedSurvivesSigkill) {
    TempDb tmp;
    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {  // the writer: reports each ply once append_move has returned
        ::close(pipe_fds[0]);
        auto store = SqliteStore::open(tmp.path());
        if (!store || !test::sync(**store).create_game(sample_game(), sample_seats(), {1, "state", "{}"})) ::_exit(2);
        for (int ply = 0;; ++ply) {
            const std::int64_t v = ply + 2;
            if (!test::sync(**store).append_move("aB3dE5gH", nth_move(ply, v), {Status::Started, "", "", v, v},
                                                 std::vector<StoredEvent>{{v, "move", "{}"}}))
                ::_exit(3);
            if (::write(pipe_fds[1], &ply, sizeof ply) != static_cast<ssize_t>(sizeof ply)) ::_exit(4);
        }
    }
    ::close(pipe_fds[1]);
    int last = -1, ply = 0;
    while (last < 40 && ::read(pipe_fds[0], &ply, sizeof ply) == static_cast<ssize_t>(sizeof ply)) last = ply;
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    while (::read(pipe_fds[0], &ply, sizeof ply) == static_cast<ssize_t>(sizeof ply))
        last = ply;  // sent before the kill
    ::close(pipe_fds[0]);
    ASSERT_TRUE(WIFSIGNALED(status)) << status;
    ASSERT_GE(last, 40);
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store) << store.error().message;
    const auto g = test::sync(**store).load_game("aB3dE5gH");
    ASSERT_TRUE(g && *g);
    EXPECT_GE((**g).moves.size(), static_cast<std::size_t>(last + 1));
}

// The background checkpoints copy the WAL into the database while the writes go on, so the WAL is
// started again from its beginning instead of growing by every commit for as long as the server
// runs (their connection once never opened the WAL and did nothing).
TEST(ServerSqliteStore, CheckpointsCopyTheWalWhileTheServerRuns) {
    TempDb tmp;
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store) << store.error().message;
    ASSERT_TRUE(test::sync(**store).create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    for (int ply = 0; ply < 20; ++ply) {
        const std::int64_t v = ply + 2;
        ASSERT_TRUE(test::sync(**store).append_move("aB3dE5gH", nth_move(ply, v), {Status::Started, "", "", v, v},
                                                    std::vector<StoredEvent>{{v, "move", "{}"}}));
    }
    // The checkpointer runs every 500 ms (perhaps once while the moves were written): the 21
    // commits' frames (a few pages each) are copied soon, and the database file grows past its
    // first page.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while ((**store).checkpointed_frames() <= 20 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_GT((**store).checkpointed_frames(), 20);
    EXPECT_GT(std::filesystem::file_size(tmp.path()), 4096u);
}

}  // namespace
}  // namespace schach::server
