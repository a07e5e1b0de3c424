#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json/serialize.hpp>

#include "core/fen.hpp"
#include "server/api/error_words.hpp"
#include "server/api/game_json.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/domain/live_game.hpp"
#include "server/http/asio_runtime.hpp"
#include "server/sqlite/sqlite_store.hpp"
#include "support/sync.hpp"

namespace schach::server {
namespace {

namespace asio = boost::asio;

/// A service on a real io_context thread and SQLite file, with a clock the test moves.
class ServiceFixture : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("schach-service-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        // Two threads on the io_context: the strands, not a single thread, keep each game in order.
        for (auto& t : threads_) t = std::thread([this] { io_.run(); });
        pool_ = std::make_unique<EnginePool>(EnginePoolOptions{1, 100, 16});
        start();
    }
    void TearDown() override {
        service_.reset();
        real_.reset();
        store_.reset();
        pool_.reset();
        work_.reset();
        for (auto& t : threads_) t.join();
        std::filesystem::remove_all(dir_);
    }
    /// (Re)starts the store and the service on the same file.
    void start() {
        auto store = SqliteStore::open((dir_ / "games.db").string());
        ASSERT_TRUE(store) << store.error().message;
        store_ = std::move(*store);
        ServiceOptions options;
        options.now = [this] { return now_.load(); };
        options.wall_now = [this] { return 1'700'000'000'000 + now_.load(); };
        options.flag_interval_ms = 0;
        real_ = std::make_unique<GameService>(runtime_, *store_, *pool_, options);
        service_ = std::make_unique<test::SyncService>(*real_);
    }
    /// The server goes away without any shutdown: the objects are simply gone.
    void crash_and_restart() {
        service_.reset();
        real_.reset();
        store_.reset();
        start();
    }

    ActResult act(const GameId& id, const Caller& caller, ClientMessage m) {
        std::promise<ActResult> p;
        service_->act(id, caller, std::move(m), [&](ActResult r) { p.set_value(std::move(r)); });
        return p.get_future().get();
    }
    ActResult move(const GameId& id, const Caller& caller, int ply, std::string uci) {
        return act(id, caller, MoveMessage{ply, std::move(uci), false, ply + 1});
    }
    std::shared_ptr<const GameView> view(const GameId& id) { return service_->state(id, {})->view; }
    /// Waits (up to 30 s) until the game has `plies` moves.
    bool wait_for_plies(const GameId& id, std::size_t plies) {
        for (int i = 0; i < 3000; ++i) {
            if (view(id)->moves.size() >= plies) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }
    CreatedGame create(CreateGameRequest r, const std::string& browser = "browser-1") {
        auto g = service_->create_game(r, Caller{"", browser});
        EXPECT_TRUE(g) << g.error().id();
        return *g;
    }

    std::filesystem::path dir_;
    asio::io_context io_;
    asio::executor_work_guard<asio::io_context::executor_type> work_ = asio::make_work_guard(io_);
    std::array<std::thread, 2> threads_;
    std::atomic<Millis> now_{0};
    std::unique_ptr<EnginePool> pool_;
    std::unique_ptr<SqliteStore> store_;
    AsioRuntime runtime_{io_};
    std::unique_ptr<GameService> real_;
    std::unique_ptr<test::SyncService> service_;
};

using ServerGameService = ServiceFixture;

TEST_F(ServerGameService, AfterACrashEveryAcknowledgedMoveIsThereAndTheGameContinues) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "5+3", false, std::nullopt, std::nullopt});
    EXPECT_EQ(g.seat, Seat::Both);
    const Caller me{g.secret, "browser-1"};
    now_ = 10'000;
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    now_ = 30'000;
    ASSERT_TRUE(move(g.id, me, 1, "e7e5"));
    now_ = 1'000'000;  // the server comes back much later: nobody pays for the time between
    crash_and_restart();
    auto v = view(g.id);
    ASSERT_EQ(v->moves.size(), 2u);
    EXPECT_EQ(v->moves[1].uci, "e7e5");
    EXPECT_EQ(v->status, Status::Started);
    // The first moves are not charged (FirstMoveTimeMs): both have their time and the increment.
    EXPECT_EQ(v->clock->white, 303'000);
    EXPECT_EQ(v->clock->black, 303'000);
    EXPECT_EQ(v->clock->running, Color::White);
    now_ = 1'004'000;
    ASSERT_TRUE(move(g.id, me, 2, "g1f3"));
    EXPECT_EQ(view(g.id)->moves[2].clock, 302'000);  // 303 - 4 + 3
    // The resend of an acknowledged move after the restart is acknowledged again.
    EXPECT_TRUE(move(g.id, me, 1, "e7e5"));
}

TEST_F(ServerGameService, SeatsInvitationResendsAndStaleMoves) {
    const CreatedGame g = create({Mode::Friend, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    ASSERT_TRUE(g.invite);
    const Caller white{g.secret, "browser-1"};
    EXPECT_EQ(move(g.id, white, 0, "e2e4").error().id(), "not-started");
    EXPECT_EQ(service_->join(g.id, "wrong", {"", "browser-2"}).error().id(), "bad-invitation");
    auto joined = service_->join(g.id, *g.invite, {"", "browser-2"});
    ASSERT_TRUE(joined) << joined.error().id();
    EXPECT_EQ(joined->seat, Seat::Black);
    EXPECT_EQ(service_->join(g.id, *g.invite, {"", "browser-3"}).error().id(), "seat-taken");
    const Caller black{joined->secret, "browser-2"};
    const Caller spectator{"", "browser-3"};

    ASSERT_TRUE(move(g.id, white, 0, "e2e4"));
    auto again = move(g.id, white, 0, "e2e4");
    ASSERT_TRUE(again);
    EXPECT_EQ(again->a, 1);
    EXPECT_EQ(view(g.id)->moves.size(), 1u);
    EXPECT_EQ(move(g.id, white, 0, "d2d4").error().id(), "stale");
    EXPECT_EQ(move(g.id, spectator, 1, "e7e5").error().id(), "not-your-seat");
    EXPECT_EQ(move(g.id, white, 1, "e7e5").error().id(), "not-your-turn");
    auto refused = move(g.id, black, 1, "e7e4");
    ASSERT_FALSE(refused);
    EXPECT_TRUE(is_refusal(refused.error()));
    EXPECT_TRUE(move(g.id, black, 1, "e7e5"));
    EXPECT_EQ(service_->state(g.id, black)->you, Seat::Black);
    EXPECT_EQ(service_->state(g.id, spectator)->you, std::nullopt);
    EXPECT_EQ(service_->state("nothere1", spectator).error().id(), "no-such-game");

    auto mine = service_->list_games("browser-2");
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0].id, g.id);
    EXPECT_TRUE(service_->list_games("browser-9").empty());
}

TEST_F(ServerGameService, DrawOfferBeforeBothHaveMovedIsRefused) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    EXPECT_EQ(act(g.id, me, DrawMessage{Answer::Offer}).error().id(), "offer-not-allowed-yet");
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    EXPECT_TRUE(act(g.id, me, AbortMessage{}));
    EXPECT_EQ(view(g.id)->status, Status::Aborted);
}

TEST_F(ServerGameService, TheComputerRepliesAndATakebackTakesBothMoves) {
    const CreatedGame g = create({Mode::Computer, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    EXPECT_EQ(g.seat, Seat::White);
    const Caller me{g.secret, "browser-1"};
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    ASSERT_TRUE(wait_for_plies(g.id, 2));
    EXPECT_TRUE(view(g.id)->black.engine);
    ASSERT_TRUE(act(g.id, me, TakebackMessage{Answer::Offer}));
    EXPECT_EQ(view(g.id)->moves.size(), 0u);
    ASSERT_TRUE(move(g.id, me, 0, "d2d4"));
    ASSERT_TRUE(wait_for_plies(g.id, 2));
    EXPECT_EQ(view(g.id)->moves[0].uci, "d2d4");
}

TEST_F(ServerGameService, TheCoachSpeaksToThePlayerOfAComputerGameOnly) {
    const CreatedGame g = create({Mode::Computer, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    const auto none = service_->coach(g.id, me);
    ASSERT_TRUE(none);
    EXPECT_EQ(none->ply, 0);
    EXPECT_TRUE(none->hints.empty());
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    ASSERT_TRUE(wait_for_plies(g.id, 2));
    const auto advice = service_->coach(g.id, me);
    ASSERT_TRUE(advice);
    EXPECT_EQ(advice->ply, 2);
    EXPECT_EQ(advice->learner, Color::White);
    // On the computer's move only what it threatens, leaves loose or allows is said.
    for (const Hint& h : advice->hints)
        EXPECT_TRUE(h.code == HintCode::Threat || h.code == HintCode::Check || h.code == HintCode::TheirLoose ||
                    h.code == HintCode::CastleNow)
            << hint_id(h.code);

    // The player's own move, asked for by its number once the computer has answered.
    const auto own = service_->coach(g.id, me, 1);
    ASSERT_TRUE(own);
    EXPECT_EQ(own->ply, 1);
    EXPECT_EQ(own->mover, Color::White);
    EXPECT_EQ(advice->mover, Color::Black);
    ASSERT_EQ(own->hints.size(), 1u);
    EXPECT_EQ(own->hints[0].code, HintCode::CentrePawn);
    EXPECT_EQ(service_->coach(g.id, me, 3).error().id(), "bad-request");
    EXPECT_EQ(service_->coach(g.id, me, -1).error().id(), "bad-request");

    EXPECT_EQ(service_->coach(g.id, Caller{"", "browser-2"}).error().id(), "not-your-seat");
    EXPECT_EQ(service_->coach("nosuchgame12", me).error().id(), "no-such-game");
    const CreatedGame local = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    EXPECT_EQ(service_->coach(local.id, Caller{local.secret, "browser-1"}).error().id(), "coach-off");
}

TEST_F(ServerGameService, AClientPlaysFourGamesAgainstTheComputerAtOnceNotMore) {
    const CreateGameRequest computer{Mode::Computer, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt};
    const Caller me{"", "browser-9", "203.0.113.7"};
    std::vector<CreatedGame> games;
    for (int i = 0; i < 4; ++i) {
        auto g = service_->create_game(computer, me);
        ASSERT_TRUE(g) << g.error().id();
        games.push_back(*g);
    }
    const auto fifth = service_->create_game(computer, me);
    ASSERT_FALSE(fifth);
    EXPECT_EQ(fifth.error().code, ServiceCode::ComputerGamesLimit);
    EXPECT_EQ(http_status(fifth.error()), 429);
    EXPECT_EQ(fifth.error().retry_after_s, 60);
    EXPECT_EQ(http_error_json(fifth.error(), Language::English).at("code"), "computer-games-limit");
    // The same browser from another address counts apart; games with a friend do not count.
    EXPECT_TRUE(service_->create_game(computer, Caller{"", "browser-9", "203.0.113.8"}));
    EXPECT_TRUE(
        service_->create_game({Mode::Friend, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt}, me));
    // A game that ends makes room.
    ASSERT_TRUE(act(games[0].id, Caller{games[0].secret, "browser-9", ""}, AbortMessage{}));
    EXPECT_TRUE(service_->create_game(computer, me));
}

TEST_F(ServerGameService, TheComputerOpensWhenItHasWhite) {
    const CreatedGame g = create({Mode::Computer, 1, ColorChoice::Black, "5+0", true, 518, std::nullopt});
    EXPECT_EQ(g.seat, Seat::Black);
    ASSERT_TRUE(wait_for_plies(g.id, 1));
    EXPECT_EQ(view(g.id)->chess960_number, 518);
}

TEST_F(ServerGameService, SubscribersGetTheEventsInOrderOrTheState) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    std::mutex m;
    std::vector<std::pair<std::int64_t, EventKind>> seen;
    auto sub = service_->subscribe(g.id, std::nullopt, [&](const Event& e) {
        std::lock_guard lock(m);
        seen.emplace_back(e.version, e.kind);
    });
    ASSERT_TRUE(sub);
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    ASSERT_TRUE(move(g.id, me, 1, "e7e5"));
    service_->drain();
    {
        std::lock_guard lock(m);
        ASSERT_EQ(seen.size(), 3u);
        EXPECT_EQ(seen[0], std::make_pair(std::int64_t{0}, EventKind::State));
        EXPECT_EQ(seen[1], std::make_pair(std::int64_t{2}, EventKind::Move));
        EXPECT_EQ(seen[2], std::make_pair(std::int64_t{3}, EventKind::Move));
    }
    std::vector<std::int64_t> replay;
    auto late = service_->subscribe(g.id, 2, [&](const Event& e) { replay.push_back(e.version); });
    ASSERT_TRUE(late);
    service_->drain();
    EXPECT_EQ(replay, std::vector<std::int64_t>{3});
    sub->reset();
    ASSERT_TRUE(move(g.id, me, 2, "g1f3"));
    service_->drain();
    std::lock_guard lock(m);
    EXPECT_EQ(seen.size(), 3u);  // unsubscribed
    EXPECT_EQ(replay, (std::vector<std::int64_t>{3, 4}));
}

TEST_F(ServerGameService, FlagFallThroughCheckFlags) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "1+0", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    ASSERT_TRUE(move(g.id, me, 1, "e7e5"));
    now_ = 59'999;
    service_->check_flags();
    service_->drain();
    EXPECT_EQ(view(g.id)->status, Status::Started);
    now_ = 60'001;
    service_->check_flags();
    service_->drain();
    service_->drain();
    auto v = view(g.id);
    EXPECT_EQ(v->status, Status::Over);
    EXPECT_EQ(v->outcome, (Outcome{Result::BlackWins, Termination::TimeForfeit}));
}

TEST_F(ServerGameService, PgnHasTheRosterTheResultAndTheClocks) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "5+3", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    now_ = 1000;
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    ASSERT_TRUE(act(g.id, me, ResignMessage{}));  // at one device: the side to move (Black) resigns
    auto pgn = service_->pgn(g.id, Language::English);
    ASSERT_TRUE(pgn);
    for (const char* part :
         {"[Event ", "[Site ", "[Date ", "[Round ", "[White ", "[Black ", "[Result \"1-0\"]", "[TimeControl \"300+3\"]",
          "1. e4 { [%clk 0:05:03] } 1-0", "[Termination \"resignation\"]"})
        EXPECT_NE(pgn->find(part), std::string::npos) << part << "\n" << *pgn;
}

TEST_F(ServerGameService, RematchWithColoursSwapped) {
    const CreatedGame g = create({Mode::Friend, 1, ColorChoice::White, "3+2", false, std::nullopt, std::nullopt});
    auto joined = service_->join(g.id, *g.invite, {"", "browser-2"});
    ASSERT_TRUE(joined);
    const Caller white{g.secret, "browser-1"};
    const Caller black{joined->secret, "browser-2"};
    GameId rematch;
    std::mutex m;
    auto sub = service_->subscribe(g.id, std::nullopt, [&](const Event& e) {
        std::lock_guard lock(m);
        if (e.kind == EventKind::Rematch) rematch = e.rematch;
    });
    EXPECT_EQ(act(g.id, white, RematchMessage{Answer::Offer}).error().id(), "still-running");
    ASSERT_TRUE(act(g.id, white, ResignMessage{}));
    ASSERT_TRUE(act(g.id, white, RematchMessage{Answer::Offer}));
    EXPECT_EQ(view(g.id)->rematch_offer, Color::White);
    ASSERT_TRUE(act(g.id, black, RematchMessage{Answer::Accept}));
    service_->drain();
    {
        std::lock_guard lock(m);
        ASSERT_FALSE(rematch.empty());
    }
    sub->reset();
    crash_and_restart();  // the agreed rematch is stored with the old game: it still leads there
    EXPECT_EQ(view(rematch)->status, Status::Created);
    EXPECT_EQ(service_->join_rematch(rematch, g.id, {"nope", "x"}).error().id(), "bad-invitation");
    auto w = service_->join_rematch(rematch, g.id, white);
    ASSERT_TRUE(w) << w.error().id();
    EXPECT_EQ(w->seat, Seat::Black);
    EXPECT_EQ(view(rematch)->status, Status::Created);
    auto b = service_->join_rematch(rematch, g.id, black);
    ASSERT_TRUE(b) << b.error().id();
    EXPECT_EQ(b->seat, Seat::White);
    EXPECT_EQ(view(rematch)->status, Status::Started);
    EXPECT_EQ(view(rematch)->tc_text, "3+2");
    EXPECT_TRUE(move(rematch, {b->secret, "browser-2"}, 0, "e2e4"));
}

TEST_F(ServerGameService, RematchAtOneDeviceIsAgreedAtOnce) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    ASSERT_TRUE(act(g.id, me, AbortMessage{}));
    GameId rematch;
    auto sub = service_->subscribe(g.id, 1, [&](const Event& e) {
        if (e.kind == EventKind::Rematch) rematch = e.rematch;
    });
    ASSERT_TRUE(act(g.id, me, RematchMessage{Answer::Offer}));
    service_->drain();
    ASSERT_FALSE(rematch.empty());
    auto both = service_->join_rematch(rematch, g.id, me);
    ASSERT_TRUE(both) << both.error().id();
    EXPECT_EQ(both->seat, Seat::Both);
    EXPECT_EQ(view(rematch)->status, Status::Started);
}

TEST_F(ServerGameService, AfterARestartInvitationsStillOpenAndFinishedGamesKeepTheirResult) {
    const CreatedGame f = create({Mode::Friend, 1, ColorChoice::Black, "", false, std::nullopt, std::nullopt});
    const CreatedGame c = create({Mode::Computer, 2, ColorChoice::White, "10+0", false, std::nullopt, std::nullopt});
    const Caller human{c.secret, "browser-1"};
    ASSERT_TRUE(act(c.id, human, ResignMessage{}));
    crash_and_restart();
    auto joined = service_->join(f.id, *f.invite, {"", "browser-2"});
    ASSERT_TRUE(joined) << joined.error().id();
    EXPECT_EQ(joined->seat, Seat::White);
    auto v = view(c.id);
    EXPECT_EQ(v->status, Status::Over);
    EXPECT_EQ(v->outcome, (Outcome{Result::BlackWins, Termination::Resignation}));
    auto pgn = service_->pgn(c.id, Language::English);
    ASSERT_TRUE(pgn);
    EXPECT_NE(pgn->find("[Result \"0-1\"]"), std::string::npos) << *pgn;
    EXPECT_NE(pgn->find("[Black \"Schach level 2\"]"), std::string::npos) << *pgn;
    EXPECT_EQ(service_->list_games("browser-1").size(), 2u);
}

TEST_F(ServerGameService, NoTimeIsChargedBeforeTheFirstMovesAndTheFirstMoveTimerAborts) {
    const CreatedGame g = create({Mode::Friend, 1, ColorChoice::White, "5+0", false, std::nullopt, std::nullopt});
    now_ = 100'000;  // waiting for the friend: no timer yet
    service_->check_flags();
    service_->drain();
    EXPECT_EQ(view(g.id)->status, Status::Created);
    EXPECT_FALSE(view(g.id)->first_move);
    auto joined = service_->join(g.id, *g.invite, {"", "browser-2"});
    ASSERT_TRUE(joined);
    const Caller white{g.secret, "browser-1"};
    const Caller black{joined->secret, "browser-2"};
    now_ = 110'000;
    auto v = view(g.id);
    ASSERT_TRUE(v->first_move);
    EXPECT_EQ(*v->first_move, (FirstMoveView{Color::White, FirstMoveTimeMs - 10'000}));
    EXPECT_EQ(v->clock->white, 300'000);
    EXPECT_FALSE(v->clock->running);  // nobody's time runs
    ASSERT_TRUE(move(g.id, white, 0, "e2e4"));
    v = view(g.id);
    EXPECT_EQ(v->moves[0].clock, 300'000);
    EXPECT_EQ(*v->first_move, (FirstMoveView{Color::Black, FirstMoveTimeMs}));
    now_ = 110'000 + FirstMoveTimeMs - 1;
    service_->check_flags();
    service_->drain();
    EXPECT_EQ(view(g.id)->status, Status::Started);
    now_ = 110'000 + FirstMoveTimeMs;
    service_->check_flags();
    service_->drain();
    service_->drain();
    v = view(g.id);
    EXPECT_EQ(v->status, Status::Aborted);
    EXPECT_FALSE(v->outcome.is_over());
    EXPECT_EQ(move(g.id, black, 1, "e7e5").error().id(), "game-over");
}

TEST_F(ServerGameService, TheClocksRunOnlyAfterBothFirstMoves) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "5+0", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    now_ = 20'000;
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    now_ = 45'000;
    ASSERT_TRUE(move(g.id, me, 1, "e7e5"));
    auto v = view(g.id);
    EXPECT_FALSE(v->first_move);
    EXPECT_EQ(v->clock->black, 300'000);
    EXPECT_EQ(v->clock->running, Color::White);
    now_ = 50'000;
    EXPECT_EQ(view(g.id)->clock->white, 295'000);
    // A takeback to before the first moves: the timer again, nobody's clock running.
    ASSERT_TRUE(act(g.id, me, TakebackMessage{Answer::Offer}));
    v = view(g.id);
    EXPECT_EQ(v->moves.size(), 1u);
    EXPECT_EQ(*v->first_move, (FirstMoveView{Color::Black, FirstMoveTimeMs}));
    EXPECT_FALSE(v->clock->running);
}

TEST_F(ServerGameService, TheFirstMoveTimerSurvivesARestartWithoutChargingTheDowntime) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "3+2", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    now_ = 5'000;
    ASSERT_TRUE(move(g.id, me, 0, "d2d4"));
    now_ = 10'000;  // Black offers nothing, the server goes down; it comes back much later
    crash_and_restart();
    now_ = 500'000;
    crash_and_restart();
    auto v = view(g.id);
    ASSERT_TRUE(v->first_move);
    EXPECT_EQ(*v->first_move, (FirstMoveView{Color::Black, FirstMoveTimeMs}));
    now_ = 500'000 + FirstMoveTimeMs - 1;
    service_->check_flags();
    service_->drain();
    EXPECT_EQ(view(g.id)->status, Status::Started);
    now_ = 500'000 + FirstMoveTimeMs;
    service_->check_flags();
    service_->drain();
    service_->drain();
    EXPECT_EQ(view(g.id)->status, Status::Aborted);
    crash_and_restart();
    EXPECT_EQ(view(g.id)->status, Status::Aborted);
}

TEST_F(ServerGameService, TheComputerHasNoFirstMoveTimer) {
    const CreatedGame g = create({Mode::Computer, 1, ColorChoice::Black, "5+0", false, std::nullopt, std::nullopt});
    ASSERT_TRUE(wait_for_plies(g.id, 1));
    auto v = view(g.id);
    ASSERT_TRUE(v->first_move);
    EXPECT_EQ(v->first_move->color, Color::Black);
    EXPECT_EQ(v->moves[0].clock, 300'000);
}

TEST_F(ServerGameService, TheConnectionsLagIsCreditedToItsMovesAndStored) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "5+0", false, std::nullopt, std::nullopt});
    Caller me{g.secret, "browser-1"};
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    ASSERT_TRUE(move(g.id, me, 1, "e7e5"));
    me.lag_ms = 300;
    now_ = 2'000;
    ASSERT_TRUE(move(g.id, me, 2, "g1f3"));
    EXPECT_EQ(view(g.id)->moves[2].clock, 298'300);
    crash_and_restart();
    EXPECT_EQ(view(g.id)->clock->white, 298'300);
}

TEST_F(ServerGameService, TheLagQuotaUsedBeforeARestartStaysUsedAndATakebackGivesItBack) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "5+0", false, std::nullopt, std::nullopt});
    Caller me{g.secret, "browser-1"};
    // Pawn steps, no position twice (a fivefold repetition would end the game).
    const char* const White[] = {"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3",
                                 "g2g3", "h2h3", "a3a4", "b3b4", "c3c4", "d3d4"};
    const char* const Black[] = {"a7a6", "b7b6", "c7c6", "d7d6", "e7e6", "f7f6",
                                 "g7g6", "h7h6", "a6a5", "b6b5", "c6c5", "d6d5"};
    int ply = 0;
    const auto white_then_black = [&](Millis lag) {
        me.lag_ms = lag;
        const std::size_t at = static_cast<std::size_t>(ply);
        const Millis before = view(g.id)->clock->white;
        EXPECT_TRUE(move(g.id, me, ply, White[ply / 2])) << ply;
        ++ply;
        const Millis credit = *view(g.id)->moves[at].clock - before;
        me.lag_ms = 0;
        EXPECT_TRUE(move(g.id, me, ply, Black[ply / 2])) << ply;
        ++ply;
        return credit;
    };
    (void)white_then_black(0);  // the first moves: no clock yet, no credit
    // White's quota of 5 s at 500 ms a move: nine moves take 4.5 s of it.
    for (int i = 0; i < 9; ++i) EXPECT_EQ(white_then_black(500), 500) << i;
    crash_and_restart();
    // What is left after the restart: 500 ms for one more move, then nothing.
    EXPECT_EQ(white_then_black(500), 500);
    EXPECT_EQ(white_then_black(500), 0);
    // Four plies taken back (with them a move that had 500 ms of credit): that credit is back.
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(g.id, me, TakebackMessage{Answer::Offer}));
    ply -= 4;
    ASSERT_EQ(view(g.id)->moves.size(), static_cast<std::size_t>(ply));
    EXPECT_EQ(white_then_black(500), 500);
    EXPECT_EQ(white_then_black(500), 0);
}

TEST_F(ServerGameService, OffersSurviveARestartAndCanBeAccepted) {
    const CreatedGame g = create({Mode::Friend, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    auto joined = service_->join(g.id, *g.invite, {"", "browser-2"});
    ASSERT_TRUE(joined);
    const Caller white{g.secret, "browser-1"};
    const Caller black{joined->secret, "browser-2"};
    ASSERT_TRUE(move(g.id, white, 0, "e2e4"));
    ASSERT_TRUE(move(g.id, black, 1, "e7e5"));
    ASSERT_TRUE(act(g.id, black, TakebackMessage{Answer::Offer}));
    ASSERT_TRUE(act(g.id, black, DrawMessage{Answer::Offer}));
    crash_and_restart();
    auto v = view(g.id);
    EXPECT_EQ(v->draw_offer, Color::Black);
    EXPECT_EQ(v->takeback_offer, Color::Black);
    ASSERT_TRUE(act(g.id, white, TakebackMessage{Answer::Accept}));
    EXPECT_EQ(view(g.id)->moves.size(), 1u);
    ASSERT_TRUE(move(g.id, black, 1, "c7c5"));
    ASSERT_TRUE(act(g.id, white, DrawMessage{Answer::Offer}));
    crash_and_restart();
    EXPECT_EQ(view(g.id)->draw_offer, Color::White);
    ASSERT_TRUE(act(g.id, black, DrawMessage{Answer::Accept}));
    EXPECT_EQ(view(g.id)->outcome, (Outcome{Result::Draw, Termination::Agreement}));
    ASSERT_TRUE(act(g.id, black, RematchMessage{Answer::Offer}));
    crash_and_restart();
    EXPECT_EQ(view(g.id)->rematch_offer, Color::Black);
    std::mutex m;
    GameId rematch;
    auto sub = service_->subscribe(g.id, view(g.id)->version, [&](const Event& e) {
        std::lock_guard lock(m);
        if (e.kind == EventKind::Rematch) rematch = e.rematch;
    });
    ASSERT_TRUE(act(g.id, white, RematchMessage{Answer::Accept}));
    service_->drain();
    EXPECT_FALSE(view(g.id)->rematch_offer);
    std::lock_guard lock(m);
    EXPECT_FALSE(rematch.empty());
}

/// Collects a subscription's events as the page would get them (White's view, in English).
struct Recorder {
    std::mutex mutex;
    std::vector<std::string> events;
    EventHandler handler() {
        return [this](const Event& e) {
            std::lock_guard lock(mutex);
            events.push_back(boost::json::serialize(event_json(e, Seat::White, Language::English)));
        };
    }
    std::vector<std::string> take() {
        std::lock_guard lock(mutex);
        return std::exchange(events, {});
    }
};

TEST_F(ServerGameService, AReconnectAfterARestartGetsExactlyTheEventsItMissed) {
    const CreatedGame g = create({Mode::Friend, 1, ColorChoice::White, "5+3", false, std::nullopt, std::nullopt});
    Recorder live;
    auto sub = service_->subscribe(g.id, 1, live.handler());
    ASSERT_TRUE(sub);
    auto joined = service_->join(g.id, *g.invite, {"", "browser-2"});
    ASSERT_TRUE(joined);
    const Caller white{g.secret, "browser-1"};
    const Caller black{joined->secret, "browser-2"};
    now_ = 4'000;
    ASSERT_TRUE(move(g.id, white, 0, "e2e4"));
    now_ = 9'000;
    ASSERT_TRUE(move(g.id, black, 1, "e7e5"));
    now_ = 15'000;
    ASSERT_TRUE(move(g.id, white, 2, "g1f3"));
    ASSERT_TRUE(act(g.id, white, TakebackMessage{Answer::Offer}));
    ASSERT_TRUE(act(g.id, black, DrawMessage{Answer::Offer}));
    ASSERT_TRUE(act(g.id, white, ResignMessage{}));
    service_->drain();
    const std::vector<std::string> seen = live.take();
    ASSERT_EQ(seen.size(), 7u);  // v2 join, v3-v5 moves, v6 takeback and v7 draw offer, v8 the end
    sub->reset();
    crash_and_restart();
    now_ = 100'000;
    for (std::int64_t since = 1; since <= 8; ++since) {
        Recorder replay;
        auto again = service_->subscribe(g.id, since, replay.handler());
        ASSERT_TRUE(again);
        service_->drain();
        const std::vector<std::string> got = replay.take();
        EXPECT_EQ(got, std::vector<std::string>(seen.begin() + (since - 1), seen.end())) << "since " << since;
    }
}

TEST_F(ServerGameService, AfterATakebackTheStoreCannotReplayAndTheStateComes) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));                      // v2
    ASSERT_TRUE(act(g.id, me, TakebackMessage{Answer::Offer}));  // v3
    ASSERT_TRUE(move(g.id, me, 0, "d2d4"));                      // v4
    crash_and_restart();
    std::vector<std::pair<std::int64_t, EventKind>> seen;
    auto sub = service_->subscribe(g.id, 1, [&](const Event& e) { seen.emplace_back(e.version, e.kind); });
    service_->drain();
    // The move of v2 (e2e4) is no longer in the game: the full state, not a made-up event.
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0].second, EventKind::State);
    seen.clear();
    auto later = service_->subscribe(g.id, 3, [&](const Event& e) { seen.emplace_back(e.version, e.kind); });
    service_->drain();
    EXPECT_EQ(seen, (std::vector<std::pair<std::int64_t, EventKind>>{{4, EventKind::Move}}));
}

TEST_F(ServerGameService, FinishedGamesWithoutWatchersAreUnloadedAndComeBackTheSame) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "5+3", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    ASSERT_TRUE(move(g.id, me, 0, "e2e4"));
    ASSERT_TRUE(move(g.id, me, 1, "e7e5"));
    ASSERT_TRUE(act(g.id, me, ResignMessage{}));
    const std::string before = boost::json::serialize(state_json(*view(g.id), Seat::Both, Language::English));
    std::vector<std::int64_t> seen;
    auto sub = service_->subscribe(g.id, std::nullopt, [&](const Event& e) { seen.push_back(e.version); });
    service_->drain();
    EXPECT_EQ(service_->live_games(), 1u);
    now_ = 1'000'000;
    EXPECT_EQ(service_->unload_idle(), 0u);  // watched
    sub->reset();
    now_ += 59'999;
    EXPECT_EQ(service_->unload_idle(), 0u);  // the grace period after the last watcher
    now_ += 1;
    EXPECT_EQ(service_->unload_idle(), 1u);
    EXPECT_EQ(service_->live_games(), 0u);
    // Loaded again on demand: the same game, and it still takes a rematch.
    EXPECT_EQ(boost::json::serialize(state_json(*view(g.id), Seat::Both, Language::English)), before);
    EXPECT_EQ(service_->live_games(), 1u);
    GameId rematch;
    auto again = service_->subscribe(g.id, 5, [&](const Event& e) {
        if (e.kind == EventKind::Rematch) rematch = e.rematch;
    });
    ASSERT_TRUE(act(g.id, me, RematchMessage{Answer::Offer}));
    service_->drain();
    EXPECT_FALSE(rematch.empty());
    // With its rematch agreed (known only in memory) the old game waits longer.
    again->reset();
    now_ += 60'000;
    service_->unload_idle();
    auto seat = service_->join_rematch(rematch, g.id, me);
    EXPECT_TRUE(seat) << seat.error().id();
}

TEST_F(ServerGameService, GamesWhoseTimersCanFallStayAndIdleUntimedGamesGo) {
    const CreatedGame timed = create({Mode::Local, 1, ColorChoice::White, "1+0", false, std::nullopt, std::nullopt});
    const CreatedGame untimed = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const CreatedGame waiting = create({Mode::Friend, 1, ColorChoice::White, "1+0", false, std::nullopt, std::nullopt});
    const Caller t{timed.secret, "browser-1"};
    const Caller u{untimed.secret, "browser-1"};
    ASSERT_TRUE(move(timed.id, t, 0, "e2e4"));
    ASSERT_TRUE(move(timed.id, t, 1, "e7e5"));
    ASSERT_TRUE(move(untimed.id, u, 0, "d2d4"));
    now_ = 30 * 60'000 - 1;
    EXPECT_EQ(service_->unload_idle(), 0u);
    now_ = 30 * 60'000;
    EXPECT_EQ(service_->unload_idle(), 2u);  // the untimed game and the friend game still waiting
    EXPECT_EQ(service_->live_games(), 1u);
    // The timed game kept its flag timer: the flag falls.
    service_->check_flags();
    service_->drain();
    service_->drain();
    EXPECT_EQ(view(timed.id)->status, Status::Over);
    // The others come back on demand and go on.
    ASSERT_TRUE(move(untimed.id, u, 1, "d7d5"));
    EXPECT_EQ(view(untimed.id)->moves.size(), 2u);
    auto joined = service_->join(waiting.id, *waiting.invite, {"", "browser-2"});
    ASSERT_TRUE(joined) << joined.error().id();
    EXPECT_EQ(view(waiting.id)->status, Status::Started);
}

TEST_F(ServerGameService, AnActionOnAGameUnloadedMeanwhileFindsItAgain) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    // Many moves while the game is unloaded over and over: none is lost, none is doubled.
    const std::vector<std::string> moves = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"};
    std::atomic<bool> done{false};
    std::thread unloader([&] {
        while (!done) {
            now_ += 30 * 60'000;
            service_->unload_idle();
            std::this_thread::yield();
        }
    });
    for (int ply = 0; ply < static_cast<int>(moves.size()); ++ply)
        EXPECT_TRUE(move(g.id, me, ply, moves[static_cast<std::size_t>(ply)])) << ply;
    done = true;
    unloader.join();
    auto v = view(g.id);
    ASSERT_EQ(v->moves.size(), moves.size());
    EXPECT_EQ(v->version, 1 + static_cast<std::int64_t>(moves.size()));
}

TEST_F(ServerGameService, ConcurrentResendsKeepOneOrderOfVersions) {
    const CreatedGame g = create({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt});
    const Caller me{g.secret, "browser-1"};
    std::mutex m;
    std::vector<std::int64_t> versions;
    auto sub = service_->subscribe(g.id, 1, [&](const Event& e) {
        std::lock_guard lock(m);
        versions.push_back(e.version);
    });
    const std::vector<std::string> moves = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"};
    auto player = [&] {
        for (int ply = 0; ply < static_cast<int>(moves.size()); ++ply) {
            std::promise<ActResult> p;
            service_->act(g.id, me, MoveMessage{ply, moves[static_cast<std::size_t>(ply)], false, ply},
                          [&](ActResult r) { p.set_value(std::move(r)); });
            EXPECT_TRUE(p.get_future().get()) << ply;
        }
    };
    std::thread a(player), b(player), c(player);
    a.join();
    b.join();
    c.join();
    service_->drain();
    EXPECT_EQ(view(g.id)->moves.size(), moves.size());
    std::lock_guard lock(m);
    ASSERT_EQ(versions.size(), moves.size());
    for (std::size_t i = 0; i < versions.size(); ++i) EXPECT_EQ(versions[i], static_cast<std::int64_t>(i + 2));
}

TEST_F(ServerGameService, TheFlagTimerEndsGamesByItself) {
    service_.reset();
    real_.reset();
    auto store = SqliteStore::open((dir_ / "timer.db").string());
    ASSERT_TRUE(store);
    ServiceOptions options;
    options.now = [this] { return now_.load(); };
    options.flag_interval_ms = 5;
    GameService real(runtime_, **store, *pool_, options);
    test::SyncService service(real);
    auto g = service.create_game({Mode::Local, 1, ColorChoice::White, "1+0", false, std::nullopt, std::nullopt}, {});
    ASSERT_TRUE(g);
    now_ = FirstMoveTimeMs;  // no first move in time: the timer aborts the game
    bool over = false;
    for (int i = 0; i < 1000 && !over; ++i) {
        over = service.state(g->id, {})->view->status == Status::Aborted;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_TRUE(over);
}

TEST_F(ServerGameService, AGameFromAPositionOfOnesOwnStartsThereAndSurvivesARestart) {
    // Chess960 rules from a position: the king on b1 castles queenside to c1, the a1 rook to d1.
    const std::string start = "4k3/8/8/8/8/8/8/RK5R w AH - 0 1";
    const std::string stored = "4k3/8/8/8/8/8/8/RK5R w KQ - 0 1";  // X-FEN: the outer rooks are K and Q
    CreateGameRequest r{Mode::Local, 1, ColorChoice::White, "", true, std::nullopt, std::nullopt};
    r.fen = start;
    const CreatedGame g = create(r);
    const Caller me{g.secret, "browser-1"};
    auto v = view(g.id);
    EXPECT_EQ(v->initial_fen, stored);
    EXPECT_TRUE(v->chess960);
    EXPECT_EQ(v->chess960_number, -1);
    crash_and_restart();
    v = view(g.id);
    EXPECT_EQ(v->initial_fen, stored);
    EXPECT_TRUE(v->moves.empty());
    ASSERT_TRUE(move(g.id, me, 0, "b1a1"));  // O-O-O: the king onto its rook
    v = view(g.id);
    ASSERT_EQ(v->moves.size(), 1u);
    EXPECT_EQ(v->moves[0].san, "O-O-O");
    EXPECT_TRUE(v->moves[0].fen.starts_with("4k3/8/8/8/8/8/8/2KR3R b")) << v->moves[0].fen;

    // A standard game from an endgame position.
    CreateGameRequest e{Mode::Computer, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt};
    e.fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    EXPECT_EQ(to_fen(view(create(e).id)->position), *e.fen);
}

TEST_F(ServerGameService, RefusesAStartPositionThatIsNoPositionWithTheFensError) {
    const Caller c{"", "b"};
    CreateGameRequest r{Mode::Friend, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt};
    r.fen = "4k3/8/8/8/8/8/4P3/4K3 x - - 0 1";
    auto e = service_->create_game(r, c);
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().id(), "bad-fen");
    const WordedError words = word(e.error(), Language::English);
    EXPECT_EQ(words.fen_field, "turn");
    EXPECT_EQ(words.fen_offset, 22u);  // the x
    EXPECT_FALSE(words.text.empty());
    r.fen = "4k3/8/8/8/8/8/8/4K2K w - - 0 1";  // two white kings
    e = service_->create_game(r, c);
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().id(), "bad-fen");
    EXPECT_FALSE(word(e.error(), Language::English).fen_field.has_value());  // a legal FEN, an impossible position
    // Castling rights that fit only Chess960 are refused in a standard game.
    r.fen = "4k3/8/8/8/8/8/8/RK5R w AH - 0 1";
    EXPECT_EQ(service_->create_game(r, c).error().id(), "bad-fen");
}

TEST_F(ServerGameService, RefusesGamesThatCannotBePlayed) {
    const Caller c{"", "b"};
    EXPECT_EQ(service_->create_game({Mode::Computer, 9, ColorChoice::White, "", false, std::nullopt, std::nullopt}, c)
                  .error()
                  .id(),
              "bad-request");
    EXPECT_EQ(service_->create_game({Mode::Friend, 1, ColorChoice::White, "0+0", false, std::nullopt, std::nullopt}, c)
                  .error()
                  .id(),
              "bad-request");
    EXPECT_EQ(service_->create_game({Mode::Friend, 1, ColorChoice::White, "", true, 960, std::nullopt}, c).error().id(),
              "bad-request");
}

}  // namespace
}  // namespace schach::server
