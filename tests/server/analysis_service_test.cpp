// The computer analysis on the server (docs/review.md, the server part): stored with the game and
// read back after a restart, a queued analysis resumed after a restart, the limits per browser,
// the games against the computer first, "learn from your mistakes", imports. Small node budgets;
// no timing is asserted, only order and results.

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "server/api/analysis_json.hpp"
#include "server/api/error_words.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/http/asio_runtime.hpp"
#include "server/sqlite/sqlite_store.hpp"
#include "support/sync.hpp"
#include "support/worker_hold.hpp"

namespace schach::server {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;

/// 1. f3 e5 2. g4?? Qh4#: White's second move allows mate in one.
const std::vector<std::string> FoolsMate{"f2f3", "e7e5", "g2g4", "d8h4"};
/// The Breyer Ruy Lopez to move 10 (20 plies), then White resigns.
const std::vector<std::string> Breyer{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
                                      "f1e1", "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6b8", "d2d4", "b8d7"};

using test::WorkerHold;

class AnalysisService : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("schach-analysis-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        for (auto& t : threads_) t = std::thread([this] { io_.run(); });
        pool_ = std::make_unique<EnginePool>(EnginePoolOptions{1, 100, 16});
        options_.analysis.nodes = 3000;
        options_.analysis.try_nodes = 50'000;
        options_.analysis.hash_mb = 4;
        options_.analysis.try_hash_mb = 4;
        options_.analysis.daily_limit = 2;
        options_.analysis.auto_computer_games = false;
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
    void start() {
        auto store = SqliteStore::open((dir_ / "games.db").string());
        ASSERT_TRUE(store) << store.error().message;
        store_ = std::move(*store);
        ServiceOptions options = options_;
        options.now = [this] { return now_.load(); };
        options.wall_now = [this] { return 1'700'000'000'000 + now_.load(); };
        options.flag_interval_ms = 0;
        real_ = std::make_unique<GameService>(runtime_, *store_, *pool_, options);
        service_ = std::make_unique<test::SyncService>(*real_);
    }
    void restart() {
        service_.reset();
        real_.reset();
        store_.reset();
        start();
    }

    /// A game at one device with `moves` played; `resign`: White resigns after them.
    GameId played(const std::vector<std::string>& moves, bool resign = false) {
        auto g = service_->create_game({Mode::Local, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt},
                                       Caller{"", "player"});
        EXPECT_TRUE(g);
        const Caller me{g->secret, "player"};
        for (std::size_t i = 0; i < moves.size(); ++i) {
            std::promise<ActResult> p;
            const int ply = static_cast<int>(i);
            service_->act(g->id, me, MoveMessage{ply, moves[i], false, ply + 1},
                          [&](ActResult r) { p.set_value(std::move(r)); });
            EXPECT_TRUE(p.get_future().get()) << moves[i];
        }
        if (resign) {
            std::promise<ActResult> p;
            service_->act(g->id, me, ResignMessage{}, [&](ActResult r) { p.set_value(std::move(r)); });
            EXPECT_TRUE(p.get_future().get());
        }
        return g->id;
    }
    /// Waits (up to 60 s) until the game's analysis is done.
    std::expected<AnalysisReport, ServiceError> analysed(const GameId& id) {
        for (int i = 0; i < 6000; ++i) {
            auto r = service_->analysis(id);
            if (!r || r->state == AnalysisState::Done) return r;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return service_->analysis(id);
    }

    std::filesystem::path dir_;
    asio::io_context io_;
    asio::executor_work_guard<asio::io_context::executor_type> work_ = asio::make_work_guard(io_);
    std::array<std::thread, 2> threads_;
    std::atomic<Millis> now_{0};
    ServiceOptions options_;
    std::unique_ptr<EnginePool> pool_;
    std::unique_ptr<SqliteStore> store_;
    AsioRuntime runtime_{io_};
    std::unique_ptr<GameService> real_;
    std::unique_ptr<test::SyncService> service_;
};

TEST_F(AnalysisService, IsStoredWithTheGameAndReadBackAfterARestart) {
    start();
    const GameId id = played(FoolsMate);
    const Caller spectator{"", "someone"};
    EXPECT_EQ(service_->analysis(id).error().code, ServiceCode::AnalysisNotRequested);
    const auto asked = service_->request_analysis(id, spectator);
    ASSERT_TRUE(asked) << asked.error().id();
    EXPECT_EQ(asked->progress.total, 5);
    const auto done = analysed(id);
    ASSERT_TRUE(done) << done.error().id();
    ASSERT_EQ(done->state, AnalysisState::Done);
    ASSERT_EQ(done->positions.size(), 5u);
    EXPECT_EQ(done->positions.back().eval, review::Eval::checkmate(Color::Black));
    // Before 2. g4 the engine sees no mate; after it, mate in one for Black.
    EXPECT_EQ(done->positions[3].eval, review::Eval::mate(-1));
    EXPECT_EQ(done->progress.done, 5);

    restart();
    const auto again = service_->analysis(id);
    ASSERT_TRUE(again) << again.error().id();
    EXPECT_EQ(again->state, AnalysisState::Done);
    ASSERT_EQ(again->positions.size(), done->positions.size());
    for (std::size_t i = 0; i < again->positions.size(); ++i) {
        EXPECT_EQ(again->positions[i].eval, done->positions[i].eval) << i;
        EXPECT_EQ(again->positions[i].pv, done->positions[i].pv) << i;
    }
    // Asked again (by anyone), it is not computed again and costs nothing.
    const auto asked_again = service_->request_analysis(id, Caller{"", "another"});
    ASSERT_TRUE(asked_again);
    EXPECT_EQ(asked_again->state, AnalysisState::Done);

    // The words: 2. g4 is a blunder that allows mate in one, in each language.
    const json::object en = analysis_json(*again, Language::English);
    const json::array& plies = en.at("plies").as_array();
    ASSERT_EQ(plies.size(), 4u);
    EXPECT_EQ(plies[2].at("san"), "g4");
    EXPECT_EQ(plies[2].at("judgement"), "blunder");
    const auto starts = [](const json::value& text, std::string_view prefix) {
        return text.is_string() && text.as_string().subview().starts_with(prefix);
    };
    EXPECT_TRUE(starts(plies[2].at("text"), "This allows mate in 1: Qh4#.")) << json::serialize(plies[2]);
    EXPECT_EQ(plies[3].at("eval"), json::parse(R"({"mate":0,"checkmate":"black"})"));
    EXPECT_EQ(plies[2].at("eval"), json::parse(R"({"mate":-1})"));
    EXPECT_EQ(en.at("players").at("white").at("blunders"), 1);
    EXPECT_TRUE(en.at("start").at("eval").is_object());
    const json::object de = analysis_json(*again, Language::German);
    EXPECT_TRUE(starts(de.at("plies").as_array()[2].at("text"), "Das erlaubt Matt in 1: Dh4#."));
    const json::object neutral = analysis_json(*again, Language::GermanNeutral);
    EXPECT_TRUE(starts(neutral.at("plies").as_array()[2].at("text"), "Das erlaubt Matt in 1: Wh4#."))
        << json::serialize(neutral.at("plies").as_array()[2]);
}

TEST_F(AnalysisService, AQueuedAnalysisResumesAfterARestart) {
    start();
    const GameId id = played(FoolsMate);
    {
        WorkerHold hold(*pool_);  // the worker is busy: the analysis stays queued
        const auto asked = service_->request_analysis(id, Caller{"", "b1"});
        ASSERT_TRUE(asked);
        EXPECT_EQ(asked->state, AnalysisState::Queued);
        EXPECT_EQ(service_->analysis(id)->state, AnalysisState::Queued);
        restart();  // the server goes; the request was stored
        EXPECT_EQ(service_->analysis(id)->state, AnalysisState::Queued);
    }
    const auto done = analysed(id);
    ASSERT_TRUE(done) << done.error().id();
    EXPECT_EQ(done->state, AnalysisState::Done);
    EXPECT_EQ(done->positions.size(), 5u);
}

TEST_F(AnalysisService, ABrowserHasOneAtATimeAndADailyNumber) {
    start();
    const GameId a = played(FoolsMate), b = played(FoolsMate), c = played(FoolsMate);
    const Caller me{"", "me"};
    {
        WorkerHold hold(*pool_);
        ASSERT_TRUE(service_->request_analysis(a, me));
        const auto busy = service_->request_analysis(b, me);
        ASSERT_FALSE(busy);
        EXPECT_EQ(busy.error().code, ServiceCode::AnalysisLimit);
        EXPECT_EQ(busy.error().limit, AnalysisLimitKind::Running);
        EXPECT_EQ(http_status(busy.error()), 429);
        EXPECT_GT(busy.error().retry_after_s.value_or(0), 0);
        // Someone else asking for the same game gets it as it is (computed once).
        const auto same = service_->request_analysis(a, Caller{"", "other"});
        ASSERT_TRUE(same);
        EXPECT_EQ(same->state, AnalysisState::Queued);
    }
    ASSERT_EQ(analysed(a)->state, AnalysisState::Done);
    ASSERT_TRUE(service_->request_analysis(b, me));
    ASSERT_EQ(analysed(b)->state, AnalysisState::Done);
    // Two a day (this test's limit): the third waits a day from the first.
    now_ = 60'000;
    const auto daily = service_->request_analysis(c, me);
    ASSERT_FALSE(daily);
    EXPECT_EQ(daily.error().limit, AnalysisLimitKind::Daily);
    EXPECT_EQ(daily.error().retry_after_s, 24 * 60 * 60 - 60);
    // The count survives a restart (read from the store).
    restart();
    EXPECT_EQ(service_->request_analysis(c, me).error().limit, AnalysisLimitKind::Daily);
    // A day later it is allowed again.
    now_ = 24 * 60 * 60 * 1000 + 1000;
    EXPECT_TRUE(service_->request_analysis(c, me));
    // A game still being played is not analysed.
    const GameId running = played({"e2e4"});
    EXPECT_EQ(service_->request_analysis(running, Caller{"", "x"}).error().code, ServiceCode::GameNotFinished);
}

TEST_F(AnalysisService, AnAddressHasALimitWhateverBrowserIdsItSends) {
    // A browser id is only a cookie: a client making up a new one for each request still gets
    // no more than its address's share of the queue.
    options_.analysis.per_address = 2;
    start();
    const GameId a = played(FoolsMate), b = played(FoolsMate), c = played(FoolsMate), d = played(FoolsMate);
    {
        WorkerHold hold(*pool_);
        ASSERT_TRUE(service_->request_analysis(a, Caller{"", "made-up-1", "127.0.1.69"}));
        ASSERT_TRUE(service_->request_analysis(b, Caller{"", "made-up-2", "127.0.1.69"}));
        const auto third = service_->request_analysis(c, Caller{"", "made-up-3", "127.0.1.69"});
        ASSERT_FALSE(third);
        EXPECT_EQ(third.error().code, ServiceCode::AnalysisLimit);
        EXPECT_EQ(third.error().limit, AnalysisLimitKind::Address);
        EXPECT_EQ(http_status(third.error()), 429);
        EXPECT_EQ(third.error().retry_after_s, 60);
        // Another address is not held up by it.
        EXPECT_TRUE(service_->request_analysis(d, Caller{"", "someone", "127.0.0.10"}));
    }
    // Once they are done, the address may ask again.
    ASSERT_EQ(analysed(a)->state, AnalysisState::Done);
    ASSERT_EQ(analysed(b)->state, AnalysisState::Done);
    EXPECT_TRUE(service_->request_analysis(c, Caller{"", "made-up-4", "127.0.1.69"}));
}

TEST_F(AnalysisService, AMoveAgainstTheComputerDoesNotWaitForAnAnalysis) {
    options_.analysis.nodes = 150'000;
    start();
    const GameId long_game = played(Breyer, true);
    // Every position the analysis finishes is counted as its progress events come.
    std::atomic<int> searched{0};
    auto sub = service_->subscribe(long_game, std::nullopt, [&](const Event& e) {
        if (e.kind == EventKind::Analysis) searched = e.progress.done;
    });
    ASSERT_TRUE(sub);
    const auto asked = service_->request_analysis(long_game, Caller{"", "watcher"});
    ASSERT_TRUE(asked);
    const int total = asked->progress.total;
    EXPECT_EQ(total, 21);
    for (int i = 0; i < 6000 && searched < 1; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_GE(searched.load(), 1);
    // The computer has White and thinks at once, on the only worker, while the analysis runs.
    const int before = searched;
    auto game = service_->create_game({Mode::Computer, 1, ColorChoice::Black, "", false, std::nullopt, std::nullopt},
                                      Caller{"", "player"});
    ASSERT_TRUE(game);
    bool moved = false;
    for (int i = 0; i < 6000 && !moved; ++i) {
        moved = !service_->state(game->id, {})->view->moves.empty();
        if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_TRUE(moved);
    const int after = searched;
    // At most the position under way and one more finished meanwhile: the game went first.
    EXPECT_LE(after - before, 2);
    EXPECT_LT(after, total);
}

TEST_F(AnalysisService, AGameAgainstTheComputerIsAnalysedWhenItEnds) {
    options_.analysis.auto_computer_games = true;
    start();
    auto game = service_->create_game({Mode::Computer, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt},
                                      Caller{"", "player"});
    ASSERT_TRUE(game);
    const Caller me{game->secret, "player"};
    std::promise<ActResult> moved;
    service_->act(game->id, me, MoveMessage{0, "e2e4", false, 1}, [&](ActResult r) { moved.set_value(r); });
    ASSERT_TRUE(moved.get_future().get());
    for (int i = 0; i < 3000 && service_->state(game->id, {})->view->moves.size() < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(service_->state(game->id, {})->view->moves.size(), 2u);
    std::promise<ActResult> resigned;
    service_->act(game->id, me, ResignMessage{}, [&](ActResult r) { resigned.set_value(r); });
    ASSERT_TRUE(resigned.get_future().get());
    // Nobody asked: the server did, for nobody's count.
    const auto done = analysed(game->id);
    ASSERT_TRUE(done) << done.error().id();
    EXPECT_EQ(done->state, AnalysisState::Done);
    EXPECT_EQ(done->positions.size(), 3u);
    const GameId other = played(FoolsMate);
    EXPECT_TRUE(service_->request_analysis(other, Caller{"", "player"}));
}

TEST_F(AnalysisService, LearnFromYourMistakesSolvedRefusedAndIllegal) {
    start();
    const GameId id = played(FoolsMate);
    // The analysis is not needed for a try: the position before is searched too.
    const auto good = service_->try_move(id, 3, "e2e4");
    ASSERT_TRUE(good) << good.error().id();
    EXPECT_TRUE(good->solved) << good->loss;
    EXPECT_LT(good->loss, 4.0);
    const auto bad = service_->try_move(id, 3, "g2g4");
    ASSERT_TRUE(bad) << bad.error().id();
    EXPECT_FALSE(bad->solved);
    EXPECT_EQ(bad->eval, review::Eval::mate(-1));
    ASSERT_NE(bad->explanation.find(review::FactKind::AllowsMate), nullptr);
    // A refused try does not give the answer away: nothing of what it missed.
    EXPECT_EQ(bad->explanation.find(review::FactKind::BestMove), nullptr);
    EXPECT_EQ(bad->explanation.find(review::FactKind::MissedMaterial), nullptr);
    EXPECT_EQ(bad->explanation.find(review::FactKind::MissedMate), nullptr);
    const json::object words = try_json(*bad, Language::English);
    EXPECT_EQ(words.at("verdict"), "refused");
    EXPECT_EQ(words.at("text").as_string().subview().substr(0, 27), "This allows mate in 1: Qh4#");
    EXPECT_EQ(try_json(*good, Language::German).at("verdict"), "solved");
    // With the analysis done, its evaluation of the position before is the measure.
    ASSERT_TRUE(service_->request_analysis(id, Caller{"", "b"}));
    ASSERT_EQ(analysed(id)->state, AnalysisState::Done);
    const auto mate = service_->try_move(id, 4, "d8h4");
    ASSERT_TRUE(mate);
    EXPECT_TRUE(mate->solved);
    // An illegal try is refused with the rule; a ply not played is a bad request.
    const auto illegal = service_->try_move(id, 3, "e1e3");
    ASSERT_FALSE(illegal);
    EXPECT_EQ(http_status(illegal.error()), 400);
    EXPECT_FALSE(word(illegal.error(), Language::English).text.empty());
    EXPECT_EQ(service_->try_move(id, 5, "e2e4").error().code, ServiceCode::BadRequest);
    const GameId running = played({"e2e4"});
    EXPECT_EQ(service_->try_move(running, 1, "d2d4").error().code, ServiceCode::GameNotFinished);
}

TEST_F(AnalysisService, AnImportedGameIsFinishedNobodysAndCanBeAnalysed) {
    start();
    const auto read = read_import_request(
        json::parse(R"({"pgn":"[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"})"));
    ASSERT_TRUE(read);
    EXPECT_EQ(read->moves.size(), 4u);
    EXPECT_EQ(read->white, "Anna");
    const auto id = service_->import_game(*read, Caller{"", "importer"});
    ASSERT_TRUE(id) << id.error().id();
    const auto state = service_->state(*id, {});
    ASSERT_TRUE(state);
    EXPECT_EQ(state->view->status, Status::Over);
    EXPECT_TRUE(state->view->imported);
    EXPECT_EQ(state->view->white.name, "Anna");
    EXPECT_EQ(state->view->outcome.result, Result::BlackWins);
    EXPECT_EQ(state->view->moves.size(), 4u);
    EXPECT_FALSE(state->you);
    // Nobody can move in it.
    std::promise<ActResult> p;
    service_->act(*id, Caller{"", "importer"}, ResignMessage{}, [&](ActResult r) { p.set_value(std::move(r)); });
    EXPECT_EQ(p.get_future().get().error().code, ServiceCode::NotYourSeat);
    // Listed for the importer's browser, analysed like a played game.
    EXPECT_EQ(service_->list_games("importer").size(), 1u);
    ASSERT_TRUE(service_->request_analysis(*id, Caller{"", "importer"}));
    EXPECT_EQ(analysed(*id)->positions.size(), 5u);
    restart();
    EXPECT_TRUE(service_->state(*id, {})->view->imported);

    // Chess960 from its FEN and Variant tags.
    const auto c960 = read_import_request(json::parse(
        R"({"pgn":"[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 Nd7 *\n"})"));
    ASSERT_TRUE(c960);
    EXPECT_TRUE(c960->chess960);
    const auto c960_id = service_->import_game(*c960, Caller{"", "importer"});
    ASSERT_TRUE(c960_id);
    const auto c960_state = service_->state(*c960_id, {});
    EXPECT_TRUE(c960_state->view->chess960);
    EXPECT_EQ(c960_state->view->moves.size(), 2u);
}

TEST(AnalysisImport, TheRulesEndTheGameWhereTheyEndIt) {
    // The start position a fifth time after 16 plies: drawn there (9.6.1), the moves after it
    // and the PGN's own result are not the game's.
    const auto fivefold = read_import_request(json::parse(
        R"({"pgn":"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 e5 1-0\n"})"));
    ASSERT_TRUE(fivefold);
    EXPECT_EQ(fivefold->moves.size(), 16u);
    EXPECT_EQ(fivefold->outcome.result, Result::Draw);
    EXPECT_EQ(fivefold->outcome.termination, Termination::FivefoldRepetition);
    // Checkmate on the board: the rules' result, with its reason, whatever the tag says.
    const auto mate = read_import_request(json::parse(R"({"pgn":"1. f3 e5 2. g4 Qh4# *\n"})"));
    ASSERT_TRUE(mate);
    EXPECT_EQ(mate->outcome.result, Result::BlackWins);
    EXPECT_EQ(mate->outcome.termination, Termination::Checkmate);
    // A game the rules did not end keeps its tag's result.
    const auto resigned = read_import_request(json::parse(R"({"pgn":"1. e4 e5 0-1\n"})"));
    ASSERT_TRUE(resigned);
    EXPECT_EQ(resigned->moves.size(), 2u);
    EXPECT_EQ(resigned->outcome.result, Result::BlackWins);
    EXPECT_EQ(resigned->outcome.termination, Termination::None);
}

TEST(AnalysisImport, APgnErrorSaysWhereAndWhat) {
    const auto bad = read_import_request(json::parse(R"({"pgn":"[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n"})"));
    ASSERT_FALSE(bad);
    ASSERT_TRUE(bad.error().pgn);
    const json::object body = import_error_json(bad.error(), Language::English);
    EXPECT_EQ(body.at("code"), "pgn_error");
    EXPECT_EQ(body.at("line"), 3);
    EXPECT_EQ(body.at("column"), 13);
    EXPECT_EQ(body.at("kind"), "illegal-move");
    EXPECT_FALSE(body.at("text").as_string().empty());
    const auto empty = read_import_request(json::parse(R"({"pgn":""})"));
    ASSERT_FALSE(empty);
    EXPECT_EQ(import_error_json(empty.error(), Language::German).at("code"), "pgn_error");
    EXPECT_FALSE(read_import_request(json::parse(R"({"text":"1. e4 *"})")));
}

TEST(AnalysisStore, AnalysesAndImportsAreStoredAndReadBack) {
    const auto path = std::filesystem::temp_directory_path() / ("schach-analysis-store-" + std::to_string(::getpid()));
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
    StoredGame g;
    g.id = "Imported";
    g.created = 5;
    g.initial_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.state.status = Status::Over;
    g.state.result = "0-1";
    g.state.version = 1;
    g.imported = true;
    g.white_name = "Anna";
    g.black_name = "Ben";
    const std::vector<StoredSeat> seats{{Color::White, false, "", "", "b"}, {Color::Black, false, "", "", "b"}};
    const std::vector<StoredMove> moves{{0, "f2f3", std::nullopt, 1, 0}, {1, "e7e5", std::nullopt, 2, 0}};
    StoredAnalysis a{"Imported", AnalysisStatus::Queued, "b", 1000, 3000, 2, {}};
    {
        auto store = SqliteStore::open(path.string());
        ASSERT_TRUE(store);
        auto s = test::sync(**store);
        ASSERT_TRUE(s.import_game(g, seats, moves, {1, "state", "{}"}));
        ASSERT_TRUE(s.queue_analysis(a));
        EXPECT_EQ(s.queue_analysis(a).error().code, StoreCode::Conflict);  // one per game
        ASSERT_EQ(s.queued_analyses()->size(), 1u);
        EXPECT_EQ(s.analyses_requested_since(1000)->size(), 1u);
        EXPECT_EQ(s.analyses_requested_since(1001)->size(), 0u);
    }
    a.status = AnalysisStatus::Done;
    a.positions = {{review::Eval::cp(35), {"f2f3", "e7e5"}, 12, 3000},
                   {review::Eval::mate(-3), {"e7e5"}, 9, 2900},
                   {review::Eval::checkmate(Color::Black), {}, 0, 0}};
    {
        auto store = SqliteStore::open(path.string());
        ASSERT_TRUE(store);
        ASSERT_TRUE(test::sync(**store).save_analysis(a));
    }
    auto store = SqliteStore::open(path.string());
    ASSERT_TRUE(store);
    auto s = test::sync(**store);
    const auto loaded = s.load_game("Imported");
    ASSERT_TRUE(loaded && *loaded);
    EXPECT_EQ((*loaded)->game, g);
    EXPECT_EQ((*loaded)->moves, moves);
    const auto back = s.load_analysis("Imported");
    ASSERT_TRUE(back && *back);
    EXPECT_EQ(**back, a);
    EXPECT_TRUE(s.queued_analyses()->empty());
    EXPECT_FALSE(*s.load_analysis("Nothing1"));
    store->reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}

}  // namespace
}  // namespace schach::server
