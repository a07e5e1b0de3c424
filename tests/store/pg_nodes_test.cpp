// Several nodes on one PostgreSQL (docs/server.md, "Several nodes"): the owner and epoch of each
// game, the fence on every write, the lease and the orphans of a dead node. A node is "killed"
// here by moving its lease into the past from a connection of the test's own (its beats are
// made rare so that it does not renew the lease meanwhile).

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/http/asio_runtime.hpp"
#include "server/postgres/pg_store.hpp"
#include "store/pg_database_test.hpp"
#include "support/sync.hpp"

namespace schach::server {
namespace {

using namespace std::chrono_literals;
class PgNodesTest : public test::PgDatabaseTest {
protected:
    /// A node whose lease lasts a minute and is beaten rarely: it lives until the test says not.
    std::unique_ptr<PgStore> node(const std::string& name) const {
        PgOptions options{uri, 1, name};
        options.address = "127.0.0.1:80" + name.substr(name.size() - 1);
        options.beat = 30s;
        options.lease = 60s;
        auto store = PgStore::open(options);
        EXPECT_TRUE(store) << store.error().message;
        return store ? std::move(*store) : nullptr;
    }

    /// The node's lease ends now, in the database's eyes.
    void kill(const std::string& name) const {
        value("UPDATE nodes SET lease_until = now() - interval '1 second' WHERE name = '" + name + "'");
    }

    static StoredGame game(const std::string& id, Status status = Status::Started) {
        StoredGame g;
        g.id = id;
        g.created = 1000;
        g.initial_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        g.state = {status, "", "", 1, 1000};
        return g;
    }
    static StoredMove move(int ply, const std::string& uci) { return {ply, uci, std::nullopt, 2000 + ply, 0}; }
    static GameUpdate at(std::int64_t version) { return {Status::Started, "", "", version, 2000 + version}; }
};

TEST_F(PgNodesTest, ALiveNodesGameIsItsOwnAndAnotherNodeIsToldWhere) {
    auto n1 = node("n1"), n2 = node("n2");
    ASSERT_TRUE(n1 && n2);
    auto s1 = test::sync(*n1), s2 = test::sync(*n2);
    ASSERT_TRUE(s1.create_game(game("gameA001"), {}, {1, "state", "{}"}));
    // Both nodes hold their leases: the game stays n1's.
    const auto elsewhere = s2.claim_game("gameA001");
    ASSERT_FALSE(elsewhere);
    EXPECT_EQ(elsewhere.error().code, StoreCode::Moved);
    EXPECT_EQ(elsewhere.error().owner, "n1");
    // Its owner claims it again (a new epoch) and writes.
    const auto own = s1.claim_game("gameA001");
    ASSERT_TRUE(own && *own) << (own ? "" : own.error().message);
    EXPECT_EQ(value("SELECT owner || '/' || owner_epoch FROM games WHERE id = 'gameA001'"), "n1/1");
    ASSERT_TRUE(s1.append_move("gameA001", move(0, "e2e4"), at(2), {{2, "move", "{}"}}));
    // No game: none.
    const auto none = s2.claim_game("gameA999");
    ASSERT_TRUE(none);
    EXPECT_FALSE(none->has_value());
    // The nodes table: each node with its address and a lease in the future.
    EXPECT_EQ(value("SELECT count(*) FROM nodes WHERE lease_until > now()"), "2");
    EXPECT_EQ(value("SELECT address FROM nodes WHERE name = 'n2'"), "127.0.0.1:802");
}

TEST_F(PgNodesTest, ADeadNodesGameIsTakenOverAndTheOldOwnerCanNeverWriteItAgain) {
    auto n1 = node("n1"), n2 = node("n2");
    ASSERT_TRUE(n1 && n2);
    auto s1 = test::sync(*n1), s2 = test::sync(*n2);
    ASSERT_TRUE(s1.create_game(game("gameB001"), {}, {1, "state", "{}"}));
    ASSERT_TRUE(s1.append_move("gameB001", move(0, "e2e4"), at(2), {{2, "move", "{}"}}));
    kill("n1");
    const auto taken = s2.claim_game("gameB001");
    ASSERT_TRUE(taken && *taken) << (taken ? "" : taken.error().message);
    EXPECT_EQ((**taken).moves.size(), 1u);
    EXPECT_EQ(value("SELECT owner || '/' || owner_epoch FROM games WHERE id = 'gameB001'"), "n2/1");
    // The old owner, back (its copy at version 2), writes the next ply: refused, nothing stored,
    // and told who holds the game; a move, a take-back and any other event alike.
    const auto fenced = s1.append_move("gameB001", move(1, "e7e5"), at(3), {{3, "move", "{}"}});
    ASSERT_FALSE(fenced);
    EXPECT_EQ(fenced.error().code, StoreCode::Moved);
    EXPECT_EQ(fenced.error().owner, "n2");
    EXPECT_EQ(s1.take_back("gameB001", 0, at(3), {{3, "takeback", "{}"}}).error().code, StoreCode::Moved);
    EXPECT_EQ(s1.update_game("gameB001", at(3), {{3, "offer", "{}"}}).error().code, StoreCode::Moved);
    EXPECT_EQ(value("SELECT count(*) FROM moves WHERE game = 'gameB001'"), "1");
    // The new owner goes on; each move keeps the epoch it was written with.
    ASSERT_TRUE(s2.append_move("gameB001", move(1, "c7c5"), at(3), {{3, "move", "{}"}}));
    EXPECT_EQ(value("SELECT string_agg(uci || '@' || epoch, ' ' ORDER BY ply) FROM moves WHERE game = 'gameB001'"),
              "e2e4@0 c7c5@1");
    // n1 lives again (its beat): n2 is alive, so the game stays n2's.
    value("UPDATE nodes SET lease_until = now() + interval '1 minute' WHERE name = 'n1'");
    const auto back = s1.claim_game("gameB001");
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().owner, "n2");
}

TEST_F(PgNodesTest, TheRunningGamesOfADeadNodeAreOrphansTakenByOneNodeOnly) {
    auto n1 = node("n1"), n2 = node("n2"), n3 = node("n3");
    ASSERT_TRUE(n1 && n2 && n3);
    auto s1 = test::sync(*n1), s2 = test::sync(*n2), s3 = test::sync(*n3);
    ASSERT_TRUE(s1.create_game(game("gameC001"), {}, {1, "state", "{}"}));
    ASSERT_TRUE(s1.create_game(game("gameC002", Status::Created), {}, {1, "state", "{}"}));
    ASSERT_TRUE(s1.create_game(game("gameC003", Status::Over), {}, {1, "state", "{}"}));
    ASSERT_TRUE(s2.create_game(game("gameC004"), {}, {1, "state", "{}"}));
    EXPECT_TRUE(s3.take_orphans(10)->empty());  // nobody is dead
    kill("n1");
    auto taken = s3.take_orphans(10);
    ASSERT_TRUE(taken) << taken.error().message;
    std::sort(taken->begin(), taken->end());
    EXPECT_EQ(*taken, (std::vector<GameId>{"gameC001", "gameC002"}));  // running ones only
    EXPECT_TRUE(s2.take_orphans(10)->empty());                         // taken once
    EXPECT_EQ(value("SELECT owner FROM games WHERE id = 'gameC003'"), "n1");
    EXPECT_EQ(value("SELECT owner || '/' || owner_epoch FROM games WHERE id = 'gameC002'"), "n3/1");
}

TEST_F(PgNodesTest, ANodeWhoseLeaseLapsedKnowsItAndItsTenureChanges) {
    PgOptions options{uri, 1, "n1"};
    options.beat = 100ms;
    options.lease = 400ms;
    auto opened = PgStore::open(options);
    ASSERT_TRUE(opened) << opened.error().message;
    PgStore& n1 = **opened;
    EXPECT_TRUE(n1.lease_held());
    const std::uint64_t before = n1.tenure();
    EXPECT_EQ(n1.node(), "n1");
    // The database says the lease ran out (as after a long stop): the next beat finds it lapsed.
    // Bounded wait, no timing asserted: the beats come every 100 ms.
    kill("n1");
    std::uint64_t after = before;
    for (int i = 0; i < 300 && after == before; ++i) {
        std::this_thread::sleep_for(20ms);
        after = n1.tenure();
    }
    EXPECT_NE(after, before) << "the tenure did not change after the lease lapsed";
    // And it holds the lease again.
    bool held = false;
    for (int i = 0; i < 300 && !held; ++i) {
        std::this_thread::sleep_for(20ms);
        held = n1.lease_held() && value("SELECT lease_until > now() FROM nodes WHERE name = 'n1'") == "t";
    }
    EXPECT_TRUE(held);
}

TEST_F(PgNodesTest, TwoNodesServicesHandAGameOverWhenItsOwnerDiesAndTheOldOneIsFenced) {
    namespace asio = boost::asio;
    asio::io_context io;
    auto work = asio::make_work_guard(io);
    std::thread thread([&] { io.run(); });
    {
        auto n1 = node("n1"), n2 = node("n2");
        ASSERT_TRUE(n1 && n2);
        EnginePool pool(EnginePoolOptions{1, 100, 16});
        ServiceOptions options;
        options.flag_interval_ms = 0;
        AsioRuntime runtime(io);
        GameService first_real(runtime, *n1, pool, options);
        GameService second_real(runtime, *n2, pool, options);
        test::SyncService first(first_real), second(second_real);
        auto g = first.create_game({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt},
                                   {"", "b"});
        ASSERT_TRUE(g);
        const Caller me{g->secret, "b"};
        auto act = [&](test::SyncService& on, int ply, std::string uci) {
            std::promise<ActResult> p;
            on.act(g->id, me, MoveMessage{ply, std::move(uci), false, 1},
                   [&](ActResult r) { p.set_value(std::move(r)); });
            return p.get_future().get();
        };
        // While n1 lives, n2 sends its callers there.
        const auto there = second.state(g->id, me);
        ASSERT_FALSE(there);
        EXPECT_EQ(there.error().code, ServiceCode::Moved);
        EXPECT_EQ(there.error().owner, "n1");
        ASSERT_TRUE(act(first, 0, "e2e4"));
        // n1 dies: the next move, sent to n2, is played there.
        kill("n1");
        ASSERT_TRUE(act(second, 1, "e7e5"));
        // n1 was only cut off (its own clock says its lease holds): its copy (after 1.e4) is fenced.
        // A move on it is refused with the node that holds the game, nothing of it stored, and the
        // copy dropped.
        const auto fenced = act(first, 1, "c7c5");
        ASSERT_FALSE(fenced);
        EXPECT_EQ(fenced.error().code, ServiceCode::Moved);
        EXPECT_EQ(fenced.error().owner, "n2");
        ASSERT_TRUE(act(second, 2, "g1f3"));
        EXPECT_EQ(
            value("SELECT string_agg(uci || '@' || epoch, ' ' ORDER BY ply) FROM moves WHERE game = '" + g->id + "'"),
            "e2e4@0 e7e5@1 g1f3@1");
        // A browser's list shows the game on either node without taking it.
        EXPECT_EQ(first.list_games("b").size(), 1u);
        EXPECT_EQ(value("SELECT owner FROM games WHERE id = '" + g->id + "'"), "n2");
        first.drain();
        second.drain();
    }
    work.reset();
    thread.join();
}

TEST_F(PgNodesTest, ASingleNodeIsNeitherFencedNorLeased) {
    auto store = PgStore::open(PgOptions{uri, 1, ""});
    ASSERT_TRUE(store) << store.error().message;
    auto s = test::sync(**store);
    ASSERT_TRUE(s.create_game(game("gameD001"), {}, {1, "state", "{}"}));
    ASSERT_TRUE(s.append_move("gameD001", move(0, "d2d4"), at(2), {{2, "move", "{}"}}));
    EXPECT_TRUE((**store).lease_held());
    EXPECT_TRUE(s.take_orphans(10)->empty());
    EXPECT_EQ(value("SELECT count(*) FROM nodes"), "0");
}

}  // namespace
}  // namespace schach::server
