#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

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

TEST(ServerSqliteStore, WritesAndReadsBackAfterReopening) {
    TempDb tmp;
    {
        auto store = SqliteStore::open(tmp.path());
        ASSERT_TRUE(store) << store.error().message;
        ASSERT_TRUE(test::sync(**store).create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
        ASSERT_TRUE(test::sync(**store).append_move("aB3dE5gH", {0, "e2e4", 299000, 5000},
                                                    {Status::Started, "", "", 2, 5000},
                                                    std::vector<StoredEvent>{{2, "move", R"({"uci":"e2e4"})"}}));
        ASSERT_TRUE(test::sync(**store).append_move("aB3dE5gH", {1, "e7e5", std::nullopt, 6000},
                                                    {Status::Started, "", "", 3, 6000},
                                                    std::vector<StoredEvent>{{3, "move", "{}"}}));
        ASSERT_TRUE(test::sync(**store).update_game(
            "aB3dE5gH", {Status::Started, "", "", 4, 7000}, std::vector<StoredEvent>{{4, "join", "{}"}},
            std::vector<StoredSeat>{{Color::Black, false, "hash-b", "", "browser-2"}}));
    }  // closed without anything else: what was committed must be there
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store) << store.error().message;
    auto loaded = test::sync(**store).load_game("aB3dE5gH");
    ASSERT_TRUE(loaded);
    ASSERT_TRUE(loaded->has_value());
    const LoadedGame& g = **loaded;
    EXPECT_EQ(g.game.tc, "5+3");
    EXPECT_EQ(g.game.state.version, 4);
    ASSERT_EQ(g.moves.size(), 2u);
    EXPECT_EQ(g.moves[0], (StoredMove{0, "e2e4", 299000, 5000}));
    EXPECT_EQ(g.moves[1].clock_ms, std::nullopt);
    ASSERT_EQ(g.seats.size(), 2u);
    EXPECT_EQ(g.seats[0].color, Color::White);
    EXPECT_EQ(g.seats[1].secret_hash, "hash-b");
    EXPECT_EQ(g.seats[1].invite_hash, "");
    auto started = test::sync(**store).games_with_status(Status::Started);
    ASSERT_TRUE(started);
    EXPECT_EQ(*started, std::vector<GameId>{"aB3dE5gH"});
    auto mine = test::sync(**store).games_of_browser("browser-2");
    ASSERT_TRUE(mine);
    EXPECT_EQ(mine->size(), 1u);
    auto events = test::sync(**store).events_after("aB3dE5gH", 2);
    ASSERT_TRUE(events);
    ASSERT_EQ(events->size(), 2u);
    EXPECT_EQ((*events)[0].kind, "move");
    EXPECT_EQ((*events)[1].version, 4);
    EXPECT_FALSE((*test::sync(**store).load_game("nothere1")).has_value());
}

TEST(ServerSqliteStore, AFailedTransactionLeavesNothing) {
    TempDb tmp;
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store);
    ASSERT_TRUE(test::sync(**store).create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    ASSERT_TRUE(test::sync(**store).append_move("aB3dE5gH", {0, "e2e4", 299000, 5000},
                                                {Status::Started, "", "", 2, 5000},
                                                std::vector<StoredEvent>{{2, "move", "{}"}}));
    // The same ply again: the moves row fails, so the version and the event must not change.
    EXPECT_FALSE(test::sync(**store).append_move("aB3dE5gH", {0, "d2d4", 299000, 5000},
                                                 {Status::Started, "", "", 3, 5000},
                                                 std::vector<StoredEvent>{{3, "move", "{}"}}));
    // A version that does not follow: the moves row was written first and must be rolled back.
    EXPECT_FALSE(test::sync(**store).append_move("aB3dE5gH", {1, "e7e5", 299000, 5000},
                                                 {Status::Started, "", "", 9, 5000},
                                                 std::vector<StoredEvent>{{9, "move", "{}"}}));
    auto g = **test::sync(**store).load_game("aB3dE5gH");
    EXPECT_EQ(g.game.state.version, 2);
    ASSERT_EQ(g.moves.size(), 1u);
    EXPECT_EQ(g.moves[0].uci, "e2e4");
    EXPECT_EQ(test::sync(**store).events_after("aB3dE5gH", 0)->size(), 2u);
}

TEST(ServerSqliteStore, TakeBackRemovesTheMoves) {
    TempDb tmp;
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store);
    ASSERT_TRUE(test::sync(**store).create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    ASSERT_TRUE(test::sync(**store).append_move("aB3dE5gH", {0, "e2e4", 1, 1}, {Status::Started, "", "", 2, 1},
                                                std::vector<StoredEvent>{{2, "move", "{}"}}));
    ASSERT_TRUE(test::sync(**store).append_move("aB3dE5gH", {1, "e7e5", 1, 1}, {Status::Started, "", "", 3, 1},
                                                std::vector<StoredEvent>{{3, "move", "{}"}}));
    ASSERT_TRUE(test::sync(**store).take_back("aB3dE5gH", 0, {Status::Started, "", "", 4, 1},
                                              std::vector<StoredEvent>{{4, "takeback", "{}"}}));
    EXPECT_TRUE((**test::sync(**store).load_game("aB3dE5gH")).moves.empty());
}

TEST(ServerSqliteStore, ParametersAreNeverSql) {
    TempDb tmp;
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store);
    StoredGame g = sample_game();
    g.id = "x'); DROP TABLE games; --";
    ASSERT_TRUE(test::sync(**store).create_game(g, sample_seats(), {1, "state", "{}"}));
    EXPECT_TRUE((**test::sync(**store).load_game(g.id)).game.id == g.id);
    EXPECT_EQ(test::sync(**store).games_with_status(Status::Started)->size(), 1u);
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

StoredGame game_with_id(const std::string& id) {
    StoredGame g = sample_game();
    g.id = id;
    return g;
}

/// Ply `ply` of a game that only moves knights out and back (legality does not matter here).
StoredMove nth_move(int ply, Millis stamp) {
    static const char* const Moves[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    return {ply, Moves[ply % 4], std::nullopt, stamp};
}

// Many games writing at once from many threads (the group commit shares transactions among
// them): every write lands, a refused one (a ply again) is rolled back alone.
TEST(ServerSqliteStore, ConcurrentWritesFromManyThreadsAllLandAndARefusedOneAlone) {
    TempDb tmp;
    constexpr int Games = 16, Moves = 25;
    {
        auto store = SqliteStore::open(tmp.path());
        ASSERT_TRUE(store) << store.error().message;
        SqliteStore& db = **store;
        auto s = test::sync(db);
        std::vector<std::thread> threads;
        std::vector<int> failures(Games, 0), refused(Games, 0);
        for (int t = 0; t < Games; ++t)
            threads.emplace_back([&, t] {
                const std::string id = "game" + std::to_string(1000 + t);
                if (!s.create_game(game_with_id(id), sample_seats(), {1, "state", "{}"})) ++failures[t];
                for (int ply = 0; ply < Moves; ++ply) {
                    const std::int64_t v = ply + 2;
                    if (!s.append_move(id, nth_move(ply, v), {Status::Started, "", "", v, v},
                                       std::vector<StoredEvent>{{v, "move", "{}"}}))
                        ++failures[t];
                    // Must not succeed: the ply is there (another writer was first).
                    if (ply == 10) {
                        const auto again = s.append_move(id, nth_move(ply, v), {Status::Started, "", "", v + 1, v},
                                                         std::vector<StoredEvent>{{v + 1, "move", "{}"}});
                        if (again || again.error().code != StoreCode::Conflict) ++refused[t];
                    }
                }
            });
        for (std::thread& t : threads) t.join();
        for (int t = 0; t < Games; ++t) {
            EXPECT_EQ(failures[t], 0) << t;
            EXPECT_EQ(refused[t], 0) << t;
        }
        EXPECT_GE(db.commits(), 1u);
        EXPECT_LE(db.commits(), static_cast<std::uint64_t>(Games * (Moves + 2)));
    }
    auto store = SqliteStore::open(tmp.path());
    ASSERT_TRUE(store) << store.error().message;
    for (int t = 0; t < Games; ++t) {
        const auto g = test::sync(**store).load_game("game" + std::to_string(1000 + t));
        ASSERT_TRUE(g && *g) << t;
        EXPECT_EQ((**g).moves.size(), static_cast<std::size_t>(Moves)) << t;
        EXPECT_EQ((**g).game.state.version, Moves + 1) << t;
    }
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

}  // namespace
}  // namespace schach::server
