// "My mistakes" (docs/puzzles.md): the exercises a stored analysis gives (only the browser's own
// colour's mistakes and blunders, never inaccuracies), their store (schema 7), the backfill of
// analyses stored before it, the service's spacing and the API's shapes and errors. A real game
// (1. f3 e5 2. g4?? Qh4#, two browsers) analysed at a small budget; the spacing's clock is the
// test's own. No timing is asserted.

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <thread>

#include <sqlite3.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "server/content/mistake_api.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/game_service.hpp"
#include "server/domain/mistake_records.hpp"
#include "server/domain/mistake_service.hpp"
#include "server/http/asio_runtime.hpp"
#include "server/sqlite/sqlite_store.hpp"
#include "support/sync.hpp"
#include "support/worker_hold.hpp"

namespace schach::server {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;

constexpr Millis Minute = 60'000;
constexpr Millis Day = 24 * 60 * Minute;

std::vector<Move> moves_of(Position pos, const std::vector<std::string>& ucis) {
    std::vector<Move> out;
    for (const std::string& u : ucis) {
        const auto m = parse_uci(pos, u);
        EXPECT_TRUE(m) << u;
        out.push_back(*m);
        pos.do_move(*m);
    }
    return out;
}

/// Evaluations by hand for 1. f3 e5 2. g4 Qh4#: f3 an inaccuracy (+20 to -50), e5 a mistake of
/// Black (-50 to +100), g4 a blunder (allows mate in one), the mate itself best.
std::vector<review::PositionEval> hand_positions(const Position& start) {
    const auto line = [&](const std::vector<std::string>& before, const std::string& best) {
        Position pos = start;
        for (Move m : moves_of(start, before)) pos.do_move(m);
        return moves_of(pos, {best});
    };
    return {
        {review::Eval::cp(20), line({}, "e2e4"), 10, 1000},
        {review::Eval::cp(-50), line({"f2f3"}, "d7d5"), 10, 1000},
        {review::Eval::cp(100), line({"f2f3", "e7e5"}, "b1c3"), 10, 1000},
        {review::Eval::mate(-1), line({"f2f3", "e7e5", "g2g4"}, "d8h4"), 10, 1000},
        {review::Eval::checkmate(Color::Black), {}, 0, 0},
    };
}

const std::vector<std::string> FoolsMate{"f2f3", "e7e5", "g2g4", "d8h4"};

TEST(MistakeRecords, OnlyTheBrowsersOwnMistakesAndBlundersNeverInaccuracies) {
    const Position start;
    const std::vector<Move> moves = moves_of(start, FoolsMate);
    const auto positions = hand_positions(start);
    ByColor<std::string> both;
    both[Color::White] = "white-browser";
    both[Color::Black] = "black-browser";
    const auto all = mistake_exercises("aB3dE5gH", start, moves, positions, both, 5000);
    ASSERT_EQ(all.size(), 2u);
    // Black's mistake (2... e5), then White's blunder (3. g4); not White's inaccuracy (1. f3).
    EXPECT_EQ(all[0].browser, "black-browser");
    EXPECT_EQ(all[0].ply, 2);
    EXPECT_FALSE(all[0].blunder);
    EXPECT_EQ(all[0].played, "e7e5");
    EXPECT_EQ(all[0].best, "d7d5");
    const StoredMistake& g4 = all[1];
    EXPECT_EQ(g4.browser, "white-browser");
    EXPECT_EQ(g4.game, "aB3dE5gH");
    EXPECT_EQ(g4.ply, 3);
    EXPECT_TRUE(g4.blunder);
    EXPECT_EQ(g4.fen, "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2");
    EXPECT_FALSE(g4.chess960);
    EXPECT_EQ(g4.played, "g2g4");
    EXPECT_EQ(g4.best, "b1c3");
    EXPECT_EQ(g4.created, 5000);
    EXPECT_EQ(g4.due, 5000);  // new: due at once
    EXPECT_EQ(g4.box, 0);

    // Against the computer: only the person's colour.
    ByColor<std::string> white_only;
    white_only[Color::White] = "me";
    const auto mine = mistake_exercises("aB3dE5gH", start, moves, positions, white_only, 0);
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0].ply, 3);
    EXPECT_TRUE(mistake_exercises("aB3dE5gH", start, moves, positions, {}, 0).empty());
    // Positions that do not fit the moves give nothing.
    EXPECT_TRUE(mistake_exercises("aB3dE5gH", start, moves, {positions.begin(), positions.end() - 1}, both, 0).empty());
}

TEST(MistakeRecords, WhoseExercisesAndTheirIds) {
    ByColor<StoredSeat> seats;
    seats[Color::White] = {Color::White, false, "h", "", "alice"};
    seats[Color::Black] = {Color::Black, true, "", "", ""};
    const auto computer = exercise_browsers(Mode::Computer, false, seats);
    EXPECT_EQ(computer[Color::White], "alice");
    EXPECT_EQ(computer[Color::Black], "");
    seats[Color::Black] = {Color::Black, false, "h2", "", "bob"};
    EXPECT_EQ(exercise_browsers(Mode::Friend, false, seats)[Color::Black], "bob");
    // At one device or imported: nobody's.
    EXPECT_EQ(exercise_browsers(Mode::Local, false, seats)[Color::White], "");
    EXPECT_EQ(exercise_browsers(Mode::Friend, true, seats)[Color::White], "");

    EXPECT_EQ(mistake_id("aB3dE5gH", 17), "aB3dE5gH-17");
    EXPECT_EQ(parse_mistake_id("aB3dE5gH-17"), (std::pair<GameId, int>{"aB3dE5gH", 17}));
    for (const char* bad : {"", "aB3dE5gH", "aB3dE5gH-", "aB3dE5gH-0", "aB3dE5gH-x", "-3", "a/b-3", "aB3dE5gH-3a"})
        EXPECT_FALSE(parse_mistake_id(bad)) << bad;
}

/// A database file in a fresh temporary directory, removed at the end.
struct TempDir {
    std::filesystem::path dir;
    TempDir() {
        dir = std::filesystem::temp_directory_path() /
              ("schach-mistakes-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~TempDir() { std::filesystem::remove_all(dir); }
    std::string db() const { return (dir / "games.db").string(); }
};

StoredMistake row(const std::string& browser, int ply, Millis due) {
    StoredMistake m;
    m.browser = browser;
    m.game = "aB3dE5gH";
    m.ply = ply;
    m.fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
    m.played = "g2g4";
    m.best = "b1c3";
    m.blunder = true;
    m.created = 1;
    m.due = due;
    return m;
}

TEST(MistakeStore, SavedOnceLoadedByDueUpdatedAndTheAnalysisMarked) {
    TempDir tmp;
    auto opened = SqliteStore::open(tmp.db());
    ASSERT_TRUE(opened) << opened.error().message;
    auto store = test::sync(**opened);
    StoredGame g;
    g.id = "aB3dE5gH";
    g.initial_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.state = {Status::Over, "0-1", "checkmate", 1, 1};
    ASSERT_TRUE(store.create_game(g, {}, {1, "state", "{}"}));
    StoredAnalysis a{"aB3dE5gH", AnalysisStatus::Done, "alice", 1, 1000, 0, {{review::Eval::cp(0), {}, 1, 1}}};
    ASSERT_TRUE(store.save_analysis(a));
    EXPECT_EQ(store.analyses_without_mistakes().value(), std::vector<GameId>{"aB3dE5gH"});

    ASSERT_TRUE(store.save_mistakes("aB3dE5gH", {row("alice", 5, 300), row("alice", 3, 100), row("bob", 3, 50)}));
    EXPECT_TRUE(store.analyses_without_mistakes().value().empty());
    auto alice = store.load_mistakes("alice").value();
    ASSERT_EQ(alice.size(), 2u);
    EXPECT_EQ(alice[0], row("alice", 3, 100));  // the earliest due first
    EXPECT_EQ(alice[1].ply, 5);
    EXPECT_EQ(store.load_mistakes("bob").value().size(), 1u);
    EXPECT_TRUE(store.load_mistakes("carol").value().empty());

    // A schedule moved, then the same exercise saved again: it keeps its schedule.
    StoredMistake moved = alice[0];
    moved.box = 2;
    moved.due = 900;
    moved.solved = 2;
    moved.missed = 1;
    moved.last = 800;
    ASSERT_TRUE(store.update_mistake(moved));
    ASSERT_TRUE(store.save_mistakes("aB3dE5gH", {row("alice", 3, 100)}));
    alice = store.load_mistakes("alice").value();
    ASSERT_EQ(alice.size(), 2u);
    EXPECT_EQ(alice[0].ply, 5);  // now due first
    EXPECT_EQ(alice[1], moved);
    const auto missing = store.update_mistake(row("alice", 7, 0));
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().code, StoreCode::Conflict);

    // A new analysis of the game (replaced) is to be turned again.
    ASSERT_TRUE(store.save_analysis(a));
    EXPECT_EQ(store.analyses_without_mistakes().value().size(), 1u);
}

using test::WorkerHold;

class Mistakes : public ::testing::Test {
protected:
    void SetUp() override {
        for (auto& t : threads_) t = std::thread([this] { io_.run(); });
        pool_ = std::make_unique<EnginePool>(EnginePoolOptions{1, 100, 16});
        options_.analysis.nodes = 3000;
        options_.analysis.try_nodes = 30'000;
        options_.analysis.hash_mb = 4;
        options_.analysis.try_hash_mb = 4;
        options_.analysis.auto_computer_games = false;
    }
    void TearDown() override {
        stop();
        pool_.reset();
        work_.reset();
        for (auto& t : threads_) t.join();
    }
    void start() {
        auto store = SqliteStore::open(tmp_.db());
        ASSERT_TRUE(store) << store.error().message;
        store_ = std::move(*store);
        ServiceOptions options = options_;
        options.wall_now = [this] { return wall_.load(); };
        options.flag_interval_ms = 0;
        options.log = [](const std::string& m) { ADD_FAILURE() << "service log: " << m; };
        real_ = std::make_unique<GameService>(runtime_, *store_, *pool_, options);
        service_ = std::make_unique<test::SyncService>(*real_);
        mistakes_ = std::make_unique<MistakeService>(*store_, *real_,
                                                     MistakeServiceOptions{[this] { return wall_.load(); }, 8});
        api_ = std::make_unique<MistakeApi>(*mistakes_);
    }
    void stop() {
        api_.reset();
        mistakes_.reset();
        service_.reset();
        real_.reset();
        store_.reset();
    }

    /// 1. f3 e5 2. g4?? Qh4#, Alice (White) against Bob (Black) in a friend game; analysed.
    GameId fools_mate() {
        auto g = service_->create_game({Mode::Friend, 1, ColorChoice::White, "", false, std::nullopt, std::nullopt},
                                       Caller{"", "alice"});
        EXPECT_TRUE(g);
        auto joined = service_->join(g->id, *g->invite, Caller{"", "bob"});
        EXPECT_TRUE(joined);
        for (std::size_t i = 0; i < FoolsMate.size(); ++i) {
            const Caller who{i % 2 == 0 ? g->secret : joined->secret, i % 2 == 0 ? "alice" : "bob"};
            std::promise<ActResult> p;
            const int ply = static_cast<int>(i);
            service_->act(g->id, who, MoveMessage{ply, FoolsMate[i], false, ply + 1},
                          [&](ActResult r) { p.set_value(std::move(r)); });
            EXPECT_TRUE(p.get_future().get()) << FoolsMate[i];
        }
        EXPECT_TRUE(service_->request_analysis(g->id, Caller{"", "alice"}));
        return g->id;
    }
    /// Waits (up to 60 s) until the browser's exercises are stored.
    std::vector<StoredMistake> exercises_of(const std::string& browser) {
        for (int i = 0; i < 6000; ++i) {
            auto rows = test::sync(*store_).load_mistakes(browser);
            if (rows && !rows->empty()) return *rows;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return {};
    }
    /// Waits (up to 60 s) until the game's analysis is done.
    AnalysisReport analysed(const GameId& id) {
        for (int i = 0; i < 6000; ++i) {
            auto r = service_->analysis(id);
            if (r && r->state == AnalysisState::Done) return *r;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        ADD_FAILURE() << "no analysis";
        return {};
    }

    std::expected<MistakeNext, ServiceError> next(const std::string& browser) {
        return test::wait_for<std::expected<MistakeNext, ServiceError>>(
            [&](auto done) { mistakes_->next(browser, done); });
    }
    std::expected<MistakeAttempt, ServiceError> try_move(const std::string& browser, const std::string& id,
                                                         const std::string& uci) {
        return test::wait_for<std::expected<MistakeAttempt, ServiceError>>(
            [&](auto done) { mistakes_->try_move(browser, id, uci, done); });
    }
    std::expected<MistakeAnswer, ServiceError> answer(const std::string& browser, const std::string& id) {
        return test::wait_for<std::expected<MistakeAnswer, ServiceError>>(
            [&](auto done) { mistakes_->answer(browser, id, done); });
    }
    Reply request(bool post, std::vector<std::string> rest, std::string_view body, const std::string& browser,
                  Language lang = Language::English) {
        Client client;
        client.browser = browser;
        client.lang = lang;
        Target target;
        return test::wait_for<Reply>([&](auto done) { api_->handle(post, rest, target, body, client, done); });
    }

    TempDir tmp_;
    asio::io_context io_;
    asio::executor_work_guard<asio::io_context::executor_type> work_ = asio::make_work_guard(io_);
    std::array<std::thread, 2> threads_;
    std::atomic<Millis> wall_{1'700'000'000'000};
    ServiceOptions options_;
    std::unique_ptr<EnginePool> pool_;
    std::unique_ptr<SqliteStore> store_;
    AsioRuntime runtime_{io_};
    std::unique_ptr<GameService> real_;
    std::unique_ptr<test::SyncService> service_;
    std::unique_ptr<MistakeService> mistakes_;
    std::unique_ptr<MistakeApi> api_;
};

TEST_F(Mistakes, AStoredAnalysisGivesEachPlayerTheirOwnAndTheSpacingMovesWithEachTry) {
    start();
    const GameId id = fools_mate();
    const AnalysisReport report = analysed(id);
    const auto alice = exercises_of("alice");
    ASSERT_FALSE(alice.empty());
    // Exactly White's mistakes and blunders of the review, with its best moves.
    review::GameReview r;
    r.start = report.start;
    r.positions = report.positions;
    review::assemble(r, report.moves);
    std::vector<int> expected;
    for (const review::PlyReview& p : r.plies)
        if (p.mover == Color::White &&
            (p.verdict.judgement == review::Judgement::Mistake || p.verdict.judgement == review::Judgement::Blunder))
            expected.push_back(p.ply);
    std::vector<int> got;
    for (const StoredMistake& m : alice) got.push_back(m.ply);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected);
    const auto g4 = std::find_if(alice.begin(), alice.end(), [](const StoredMistake& m) { return m.ply == 3; });
    ASSERT_NE(g4, alice.end());
    EXPECT_TRUE(g4->blunder);
    EXPECT_EQ(g4->played, "g2g4");
    EXPECT_EQ(g4->best, to_uci(r.plies[2].best(), true));
    // Bob's moves were no mistakes: nothing for him.
    EXPECT_TRUE(test::sync(*store_).load_mistakes("bob").value().empty());

    // Only the g4 exercise due (any other of Alice's later).
    for (const StoredMistake& m : alice) {
        if (m.ply == 3) continue;
        StoredMistake later = m;
        later.due = wall_ + 100 * Day;
        ASSERT_TRUE(test::sync(*store_).update_mistake(later));
    }
    auto n = next("alice");
    ASSERT_TRUE(n);
    ASSERT_TRUE(n->exercise);
    EXPECT_EQ(n->exercise->row.ply, 3);
    EXPECT_EQ(to_fen(n->exercise->before), g4->fen);
    EXPECT_EQ(n->stats.count, static_cast<int>(alice.size()));
    EXPECT_EQ(n->stats.due, 1);
    EXPECT_EQ(n->stats.solved, 0);
    const std::string ex = mistake_id(id, 3);

    // The move of the game again: refused, counted as missed, back in ten minutes.
    const Millis t0 = wall_;
    auto refused = try_move("alice", ex, "g2g4");
    ASSERT_TRUE(refused) << refused.error().id();
    EXPECT_FALSE(refused->verdict.solved);
    EXPECT_TRUE(refused->counted);
    EXPECT_EQ(refused->exercise.row.box, 0);
    EXPECT_EQ(refused->exercise.row.due, t0 + 10 * Minute);
    EXPECT_EQ(refused->exercise.row.missed, 1);
    EXPECT_EQ(refused->stats.due, 0);
    // Judged exactly as the analysis' try of the same move; of its facts only what g4 allows (what
    // it missed would name the answer).
    const auto same = service_->try_move(id, 3, "g2g4");
    ASSERT_TRUE(same);
    EXPECT_EQ(same->solved, refused->verdict.solved);
    EXPECT_EQ(same->loss, refused->verdict.loss);
    ASSERT_FALSE(refused->verdict.explanation.facts.empty());
    for (const review::Fact& f : refused->verdict.explanation.facts) {
        EXPECT_NE(f.kind, review::FactKind::BestMove);
        EXPECT_NE(f.kind, review::FactKind::MissedMate);
        EXPECT_NE(f.kind, review::FactKind::MissedMaterial);
    }
    EXPECT_EQ(refused->verdict.explanation.facts.front().kind, review::FactKind::AllowsMate);

    // Nothing due now; the best move right away is solved but not counted (a retry).
    n = next("alice");
    ASSERT_TRUE(n);
    EXPECT_FALSE(n->exercise);
    EXPECT_EQ(n->stats.next_due, t0 + 10 * Minute);
    auto retry = try_move("alice", ex, g4->best);
    ASSERT_TRUE(retry);
    EXPECT_TRUE(retry->verdict.solved);
    EXPECT_FALSE(retry->counted);
    EXPECT_EQ(retry->exercise.row.due, t0 + 10 * Minute);

    // Ten minutes on it is due again; solved: the next day, then after three days.
    wall_ += 10 * Minute;
    n = next("alice");
    ASSERT_TRUE(n && n->exercise);
    EXPECT_EQ(n->exercise->row.ply, 3);
    auto solved = try_move("alice", ex, g4->best);
    ASSERT_TRUE(solved);
    EXPECT_TRUE(solved->verdict.solved);
    EXPECT_TRUE(solved->counted);
    EXPECT_EQ(solved->exercise.row.box, 1);
    EXPECT_EQ(solved->exercise.row.due, wall_ + 1 * Day);
    EXPECT_EQ(solved->stats.solved, 1);
    wall_ += 1 * Day;
    solved = try_move("alice", ex, g4->best);
    ASSERT_TRUE(solved);
    EXPECT_EQ(solved->exercise.row.box, 2);
    EXPECT_EQ(solved->exercise.row.due, wall_ + 3 * Day);

    // The answer asked for before it is due: shown, not counted; once due: counted as missed.
    auto shown = answer("alice", ex);
    ASSERT_TRUE(shown);
    EXPECT_FALSE(shown->counted);
    EXPECT_EQ(to_uci(shown->exercise.best, true), g4->best);
    wall_ += 3 * Day;
    shown = answer("alice", ex);
    ASSERT_TRUE(shown);
    EXPECT_TRUE(shown->counted);
    EXPECT_EQ(shown->exercise.row.box, 0);
    EXPECT_EQ(shown->exercise.row.due, wall_ + 10 * Minute);
    EXPECT_EQ(shown->exercise.row.missed, 2);
    const auto stored = test::sync(*store_).load_mistakes("alice").value();
    EXPECT_EQ(std::find_if(stored.begin(), stored.end(), [](const StoredMistake& m) { return m.ply == 3; })->missed, 2);

    // Errors: another browser's exercise, an id that is none, an illegal move.
    EXPECT_EQ(try_move("bob", ex, g4->best).error().code, ServiceCode::NoSuchMistake);
    EXPECT_EQ(try_move("alice", "nonsense", "e2e4").error().code, ServiceCode::NoSuchMistake);
    EXPECT_EQ(answer("alice", id + "-99").error().code, ServiceCode::NoSuchMistake);
    EXPECT_EQ(try_move("alice", ex, "e1e3").error().code, ServiceCode::Rules);
}

TEST_F(Mistakes, OneTryOfABrowserAtATime) {
    start();
    const GameId id = fools_mate();
    analysed(id);
    ASSERT_FALSE(exercises_of("alice").empty());
    const std::string ex = mistake_id(id, 3);
    std::optional<std::expected<MistakeAttempt, ServiceError>> first;
    std::promise<void> answered;
    {
        WorkerHold hold(*pool_);  // the engine is busy: the first try waits for it
        mistakes_->try_move("alice", ex, "g2g4", [&](std::expected<MistakeAttempt, ServiceError> r) {
            first = std::move(r);
            answered.set_value();
        });
        // Until the first is judged, the browser's second try and its answer are refused.
        EXPECT_EQ(try_move("alice", ex, "b1c3").error().code, ServiceCode::Busy);
        EXPECT_EQ(answer("alice", ex).error().code, ServiceCode::Busy);
    }
    answered.get_future().wait();
    ASSERT_TRUE(first && *first);
    EXPECT_TRUE((*first)->counted);
    EXPECT_TRUE(try_move("alice", ex, "b1c3"));  // free again
}

TEST_F(Mistakes, AnalysesStoredBeforeSchema7AreTurnedAtTheStart) {
    start();
    const GameId id = fools_mate();
    analysed(id);
    const auto before = exercises_of("alice");
    ASSERT_FALSE(before.empty());
    stop();
    // The database as schema 6 left it: the analysis without the exercises' table and column.
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(tmp_.db().c_str(), &db), SQLITE_OK);
        const char* v6 =
            "DROP TABLE mistakes; ALTER TABLE analyses DROP COLUMN mistakes; "
            "DELETE FROM schema_version WHERE version=7;";
        ASSERT_EQ(sqlite3_exec(db, v6, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
        sqlite3_close(db);
    }
    start();  // migrates to 7 and turns the stored analysis into exercises
    auto after = test::sync(*store_).load_mistakes("alice");
    ASSERT_TRUE(after);
    ASSERT_EQ(after->size(), before.size());
    for (std::size_t i = 0; i < before.size(); ++i) {
        EXPECT_EQ((*after)[i].ply, before[i].ply);
        EXPECT_EQ((*after)[i].best, before[i].best);
        EXPECT_EQ((*after)[i].fen, before[i].fen);
    }
    EXPECT_TRUE(test::sync(*store_).analyses_without_mistakes().value().empty());
    // Turned once: a further start finds nothing to do, and a schedule moved stays.
    StoredMistake moved = (*after)[0];
    moved.box = 3;
    ASSERT_TRUE(test::sync(*store_).update_mistake(moved));
    stop();
    start();
    EXPECT_EQ(test::sync(*store_).load_mistakes("alice").value()[0].box, 3);
}

TEST_F(Mistakes, TheApiAnswersInTheProtocolsShapes) {
    start();
    // A browser without exercises: none due, no next time.
    Reply r = request(false, {"next"}, "", "nobody");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.body, json::parse(R"({"exercise":null,"stats":{"count":0,"due":0,"solved":0,"nextDue":null}})"));

    const GameId id = fools_mate();
    analysed(id);
    const auto alice = exercises_of("alice");
    ASSERT_FALSE(alice.empty());
    for (const StoredMistake& m : alice) {
        if (m.ply == 3) continue;
        StoredMistake later = m;
        later.due = wall_ + 100 * Day;
        ASSERT_TRUE(test::sync(*store_).update_mistake(later));
    }
    r = request(false, {"next"}, "", "alice");
    ASSERT_EQ(r.status, 200) << json::serialize(r.body);
    const json::object& e = r.body.at("exercise").as_object();
    EXPECT_EQ(e.at("id").as_string(), id + "-3");
    EXPECT_EQ(e.at("game").as_string(), id);
    EXPECT_EQ(e.at("ply"), 3);
    EXPECT_EQ(e.at("fen"), "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(e.at("orientation"), "white");
    EXPECT_EQ(e.at("played"), json::parse(R"({"uci":"g2g4","san":"g4"})"));
    EXPECT_EQ(e.at("judgement"), "blunder");
    EXPECT_EQ(e.at("board").at("turn"), "white");
    EXPECT_TRUE(e.at("board").at("dests").as_object().contains("g2"));
    EXPECT_EQ(e.at("schedule"), json::parse(R"({"box":0,"due":1700000000000,"solved":0,"missed":0})"));
    EXPECT_FALSE(e.contains("best"));  // the answer is not given away
    EXPECT_EQ(r.body.at("stats").at("due"), 1);

    // A refused try: the words, no answer; counted.
    r = request(true, {id + "-3", "try"}, R"({"uci":"g2g4"})", "alice");
    ASSERT_EQ(r.status, 200) << json::serialize(r.body);
    EXPECT_EQ(r.body.at("verdict"), "refused");
    EXPECT_EQ(r.body.at("san"), "g4");
    EXPECT_TRUE(r.body.at("text").as_string().starts_with("This allows mate in 1: Qh4#.")) << json::serialize(r.body);
    // The words do not name the answer.
    const std::string_view words = r.body.at("text").as_string();
    EXPECT_EQ(words.find(" was best"), std::string_view::npos) << words;
    EXPECT_EQ(words.find("Better was"), std::string_view::npos) << words;
    EXPECT_EQ(words.find(" was possible"), std::string_view::npos) << words;
    EXPECT_TRUE(r.body.at("best").is_null());
    EXPECT_TRUE(r.body.at("pv").as_array().empty());
    EXPECT_EQ(r.body.at("counted"), true);
    EXPECT_EQ(r.body.at("exercise").at("schedule").at("missed"), 1);
    EXPECT_EQ(r.body.at("exercise").at("schedule").at("due"), 1'700'000'000'000 + 10 * Minute);
    EXPECT_EQ(r.body.at("board").at("lastMove"), json::parse(R"(["g2","g4"])"));
    EXPECT_EQ(r.body.at("stats").at("nextDue"), 1'700'000'000'000 + 10 * Minute);
    // In German, the same refusal in German words.
    r = request(true, {id + "-3", "try"}, R"({"uci":"g2g4"})", "alice", Language::German);
    EXPECT_TRUE(r.body.at("text").as_string().starts_with("Das erlaubt Matt in 1: Dh4#.")) << json::serialize(r.body);
    EXPECT_EQ(r.body.at("counted"), false);

    // The answer: the best move and its board.
    r = request(true, {id + "-3", "answer"}, "", "alice");
    ASSERT_EQ(r.status, 200) << json::serialize(r.body);
    const auto g4 = std::find_if(alice.begin(), alice.end(), [](const StoredMistake& m) { return m.ply == 3; });
    ASSERT_NE(g4, alice.end());
    EXPECT_EQ(r.body.at("best").at("uci").as_string(), g4->best);
    EXPECT_TRUE(r.body.at("board").at("lastMove").is_array());
    EXPECT_EQ(r.body.at("counted"), false);
    // A solved try gives the best move.
    const std::string best(r.body.at("best").at("uci").as_string());
    r = request(true, {id + "-3", "try"}, json::serialize(json::object{{"uci", best}}), "alice");
    EXPECT_EQ(r.body.at("verdict"), "solved");
    EXPECT_EQ(r.body.at("best").at("uci").as_string(), best);

    r = request(false, {"stats"}, "", "alice");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.body.at("count"), static_cast<std::int64_t>(alice.size()));
    EXPECT_EQ(r.body.at("due"), 0);
    EXPECT_EQ(r.body.at("solved"), 0);

    // Errors, typed.
    const auto code = [](const Reply& x) { return std::string(x.body.at("code").as_string()); };
    r = request(true, {id + "-3", "try"}, R"({"uci":"e1e3"})", "alice");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(code(r), "malformed");  // the rule's own code
    EXPECT_FALSE(r.body.at("text").as_string().empty());
    r = request(true, {id + "-3", "try"}, R"({"move":"e2e4"})", "alice");
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(code(r), "malformed");
    r = request(true, {id + "-3", "try"}, "[1]", "alice");
    EXPECT_EQ(code(r), "malformed");
    r = request(true, {id + "-3", "try"}, R"({"uci":"e2e4"})", "bob");
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(code(r), "no-such-mistake");
    r = request(true, {"x-y", "answer"}, "", "alice");
    EXPECT_EQ(code(r), "no-such-mistake");
    r = request(true, {"next"}, "", "alice");
    EXPECT_EQ(r.status, 405);
    r = request(false, {id + "-3", "try"}, "", "alice");
    EXPECT_EQ(r.status, 405);
    r = request(false, {"everything"}, "", "alice");
    EXPECT_EQ(r.status, 404);
    r = request(true, {id + "-3", "try"}, std::string(600, ' '), "alice");
    EXPECT_EQ(r.status, 413);
}

}  // namespace
}  // namespace schach::server
