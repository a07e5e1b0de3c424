// What only PgStore has: a connection lost under it, a server that is not there, its schema's
// version and the owner columns of the games.

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <chrono>
#include <future>
#include <memory>
#include <string>

#include "server/postgres/pg_store.hpp"
#include "store/pg_database_test.hpp"
#include "support/sync.hpp"

namespace schach::server {
namespace {

class PgStoreTest : public test::PgDatabaseTest {};

StoredGame sample_game(const std::string& id) {
    StoredGame g;
    g.id = id;
    g.created = 1000;
    g.initial_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.state = {Status::Started, "", "", 1, 1000};
    return g;
}

/// A store call's result, or none when it did not complete within a minute (a hang: the test
/// fails instead of waiting for ctest's timeout; no timing is measured).
template <class T, class Start>
std::optional<T> within_a_minute(Start start) {
    auto promise = std::make_shared<std::promise<T>>();
    auto future = promise->get_future();
    start([promise](T value) { promise->set_value(std::move(value)); });
    if (future.wait_for(std::chrono::minutes(1)) != std::future_status::ready) return std::nullopt;
    return future.get();
}

TEST_F(PgStoreTest, AfterALostConnectionReadsRunAgainAndAWriteFailsCleanly) {
    PgOptions options{uri, 2, ""};  // a single node: no lease connection beside these three
    auto store = PgStore::open(options);
    ASSERT_TRUE(store) << store.error().message;
    PgStore& db = **store;
    ASSERT_TRUE(test::sync(db).create_game(sample_game("game0001"), {}, {1, "state", "{}"}));
    ASSERT_TRUE(test::sync(db).load_game("game0001"));
    // Both readers connected: two reads at once, until the second reader has had one too (a read
    // that ends before the other starts leaves it to the first reader).
    const std::string backends =
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
        "AND application_name = 'schach'";
    for (int tries = 0; tries < 200 && value(backends) != "3"; ++tries) {
        std::promise<void> one, two;
        db.games_with_status(Status::Started, [&](auto) { one.set_value(); });
        db.games_with_status(Status::Started, [&](auto) { two.set_value(); });
        one.get_future().wait();
        two.get_future().wait();
    }
    ASSERT_EQ(value(backends), "3");  // the writer and both readers

    // Every backend of the store, killed from a second connection.
    const std::string killed = value(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND application_name = 'schach'");
    EXPECT_EQ(killed, "3");  // the writer and both readers

    // A read changes nothing, so one that meets a lost connection runs again on a fresh one:
    // two at once (both readers) succeed.
    using Loaded = std::expected<std::optional<LoadedGame>, StoreError>;
    auto first = std::make_shared<std::promise<Loaded>>();
    auto second = std::make_shared<std::promise<Loaded>>();
    db.load_game("game0001", [first](Loaded r) { first->set_value(std::move(r)); });
    db.load_game("game0001", [second](Loaded r) { second->set_value(std::move(r)); });
    for (auto* read : {first.get(), second.get()}) {
        auto future = read->get_future();
        ASSERT_EQ(future.wait_for(std::chrono::minutes(1)), std::future_status::ready) << "a read hung";
        const Loaded r = future.get();
        ASSERT_TRUE(r) << r.error().message;
        EXPECT_TRUE(r->has_value());
    }
    // A write is never run twice (its commit may have happened before the connection was lost):
    // it fails with Failed, or succeeds on a new connection; the one after it succeeds.
    using Done = std::expected<void, StoreError>;
    std::int64_t version = 1;
    for (int attempt = 0; attempt < 2 && version == 1; ++attempt) {
        auto w = within_a_minute<Done>([&](auto done) {
            db.update_game("game0001", {Status::Started, "", "", 2, 2000}, {{2, "offer", "{}"}}, {}, done);
        });
        ASSERT_TRUE(w) << "a write hung after the connection was lost";
        if (*w) version = 2;
        else EXPECT_EQ(w->error().code, StoreCode::Failed) << w->error().message;
    }
    EXPECT_EQ(version, 2);
    const auto g = test::sync(db).load_game("game0001");
    ASSERT_TRUE(g && *g);
    EXPECT_EQ((**g).game.state.version, version);
}

TEST_F(PgStoreTest, TextThatIsNotUtf8OrHoldsANulFailsAloneAndStoresNothing) {
    auto store = PgStore::open(PgOptions{uri, 1, ""});
    ASSERT_TRUE(store) << store.error().message;
    auto s = test::sync(**store);
    StoredGame latin1 = sample_game("latin001");
    latin1.white_name = "M\xfcller";  // Latin-1, as an old PGN may have it
    const auto refused = s.import_game(latin1, {}, {}, {1, "state", "{}"});
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, StoreCode::Failed);
    EXPECT_NE(refused.error().message.find("not UTF-8"), std::string::npos) << refused.error().message;
    const auto nul = s.create_game(sample_game("nul00001"), {}, {1, "state", std::string("{\"a\":\"b\0c\"}", 12)});
    ASSERT_FALSE(nul);
    EXPECT_EQ(nul.error().code, StoreCode::Failed);
    const auto read = s.games_of_browser(std::string("b\xc3", 2));  // a cut-off sequence
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().code, StoreCode::Failed);
    // Nothing of them stored; UTF-8 of any plane goes through.
    EXPECT_FALSE(s.load_game("latin001")->has_value());
    EXPECT_FALSE(s.load_game("nul00001")->has_value());
    StoredGame utf8 = sample_game("utf80001");
    utf8.white_name = "Müller ♔ 𝄞";
    ASSERT_TRUE(s.import_game(utf8, {}, {}, {1, "state", "{}"}));
    EXPECT_EQ((**s.load_game("utf80001")).game.white_name, "Müller ♔ 𝄞");
}

TEST_F(PgStoreTest, AServerThatIsNotThereFailsToOpen) {
    // Port 1 on loopback: nobody listens (connection refused at once).
    auto store = PgStore::open(PgOptions{"postgresql://schach@127.0.0.1:1/none", 1, ""});
    ASSERT_FALSE(store);
    EXPECT_EQ(store.error().code, StoreCode::Failed);
    EXPECT_NE(store.error().message.find("connect"), std::string::npos) << store.error().message;
}

TEST_F(PgStoreTest, TheSchemaIsVersionedAndTheGamesHaveAnOwner) {
    {
        auto store = PgStore::open(PgOptions{uri, 1, "node-7"});
        ASSERT_TRUE(store) << store.error().message;
        ASSERT_TRUE(test::sync(**store).create_game(sample_game("game0001"), {}, {1, "state", "{}"}));
    }
    EXPECT_EQ(value("SELECT max(version) FROM schema_version"), std::to_string(PgStore::SchemaVersion));
    // The fencing columns of a later step: the owner node, its epoch (0 until nodes take over games).
    EXPECT_EQ(value("SELECT owner || '/' || owner_epoch FROM games WHERE id = 'game0001'"), "node-7/0");
    {
        auto again = PgStore::open(PgOptions{uri, 1, "node-7"});  // opening twice migrates nothing
        ASSERT_TRUE(again) << again.error().message;
        EXPECT_TRUE(test::sync(**again).load_game("game0001")->has_value());
    }
    EXPECT_EQ(value("SELECT count(*) FROM schema_version"), std::to_string(PgStore::SchemaVersion));
    // A database of a newer program is refused, not written to.
    EXPECT_EQ(value("INSERT INTO schema_version VALUES(99) RETURNING version"), "99");
    auto newer = PgStore::open(PgOptions{uri, 1, ""});
    ASSERT_FALSE(newer);
    EXPECT_NE(newer.error().message.find("schema version 99"), std::string::npos) << newer.error().message;
}

}  // namespace
}  // namespace schach::server
