// The store contract: every test here runs against each Store (SqliteStore, PgStore), so both
// keep the same semantics: every write one transaction, Conflict on a ply or a version race,
// the last KeptEvents events per game, analyses, imports, puzzle ratings, and what was
// committed is there after a restart (the store closed and opened again).

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "store/store_backends.hpp"
#include "support/sync.hpp"

namespace schach::server {
namespace {

template <class Backend>
class StoreContract : public ::testing::Test {
protected:
    void SetUp() override {
        auto prepared = backend.prepare();
        ASSERT_TRUE(prepared) << prepared.error();
        reopen();
    }
    /// Closes the store (every call handed in is answered first) and opens it again: a restart.
    void reopen() {
        store.reset();
        auto opened = backend.open();
        ASSERT_TRUE(opened) << opened.error().message;
        store = std::move(*opened);
    }
    test::SyncStore s() { return test::sync(*store); }

    template <class T>
    using R = std::expected<T, StoreError>;
    R<std::optional<LoadedPuzzlePlayer>> puzzle_player(const std::string& browser) {
        return test::wait_for<R<std::optional<LoadedPuzzlePlayer>>>(
            [&](auto done) { store->load_puzzle_player(browser, done); });
    }
    R<void> record(const StoredPuzzlePlayer& p, const StoredPuzzleAttempt& a,
                   const std::optional<StoredPuzzleRating>& rating) {
        return test::wait_for<R<void>>([&](auto done) { store->record_puzzle_attempt(p, a, rating, done); });
    }
    R<std::vector<StoredPuzzleRating>> puzzle_ratings() {
        return test::wait_for<R<std::vector<StoredPuzzleRating>>>([&](auto done) { store->puzzle_ratings(done); });
    }

    Backend backend;
    std::unique_ptr<typename Backend::StoreType> store;
};

TYPED_TEST_SUITE(StoreContract, test::Backends, test::BackendNames);

StoredGame sample_game(const std::string& id = "aB3dE5gH") {
    StoredGame g;
    g.id = id;
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

GameUpdate at(std::int64_t version, Millis updated = 5000) { return {Status::Started, "", "", version, updated}; }
std::vector<StoredEvent> event(std::int64_t version, std::string kind = "move", std::string json = "{}") {
    return {{version, std::move(kind), std::move(json)}};
}

/// Ply `ply` of a game that only moves knights out and back (legality does not matter here).
StoredMove nth_move(int ply, Millis stamp) {
    static const char* const Moves[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    return {ply, Moves[ply % 4], std::nullopt, stamp};
}

TYPED_TEST(StoreContract, WritesAndReadsBackAfterReopening) {
    ASSERT_TRUE(this->s().create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    ASSERT_TRUE(
        this->s().append_move("aB3dE5gH", {0, "e2e4", 299000, 5000}, at(2), event(2, "move", R"({"uci":"e2e4"})")));
    ASSERT_TRUE(this->s().append_move("aB3dE5gH", {1, "e7e5", std::nullopt, 6000}, at(3, 6000), event(3)));
    ASSERT_TRUE(this->s().update_game("aB3dE5gH", at(4, 7000), event(4, "join"),
                                      {{Color::Black, false, "hash-b", "", "browser-2"}}));
    this->reopen();
    auto loaded = this->s().load_game("aB3dE5gH");
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_TRUE(loaded->has_value());
    const LoadedGame& g = **loaded;
    EXPECT_EQ(g.game.id, "aB3dE5gH");
    EXPECT_EQ(g.game.created, 1000);
    EXPECT_EQ(g.game.tc, "5+3");
    EXPECT_EQ(g.game.mode, Mode::Friend);
    EXPECT_EQ(g.game.initial_fen, sample_game().initial_fen);
    EXPECT_EQ(g.game.state, at(4, 7000));
    ASSERT_EQ(g.moves.size(), 2u);
    EXPECT_EQ(g.moves[0], (StoredMove{0, "e2e4", 299000, 5000}));
    EXPECT_EQ(g.moves[1], (StoredMove{1, "e7e5", std::nullopt, 6000}));
    ASSERT_EQ(g.seats.size(), 2u);
    EXPECT_EQ(g.seats[0], sample_seats()[0]);
    EXPECT_EQ(g.seats[1], (StoredSeat{Color::Black, false, "hash-b", "", "browser-2"}));
    EXPECT_EQ(*this->s().games_with_status(Status::Started), std::vector<GameId>{"aB3dE5gH"});
    EXPECT_TRUE(this->s().games_with_status(Status::Over)->empty());
    EXPECT_EQ(*this->s().games_of_browser("browser-2"), std::vector<GameId>{"aB3dE5gH"});
    EXPECT_TRUE(this->s().games_of_browser("")->empty());
    EXPECT_TRUE(this->s().games_of_browser("nobody")->empty());
    auto events = this->s().events_after("aB3dE5gH", 2);
    ASSERT_TRUE(events);
    EXPECT_EQ(*events, (std::vector<StoredEvent>{{3, "move", "{}"}, {4, "join", "{}"}}));
    EXPECT_EQ((*this->s().events_after("aB3dE5gH", 0))[1], (StoredEvent{2, "move", R"({"uci":"e2e4"})"}));
    auto missing = this->s().load_game("nothere1");
    ASSERT_TRUE(missing);
    EXPECT_FALSE(missing->has_value());
}

TYPED_TEST(StoreContract, APlyOrVersionRaceIsAConflictAndLeavesNothing) {
    ASSERT_TRUE(this->s().create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    ASSERT_TRUE(this->s().append_move("aB3dE5gH", {0, "e2e4", 299000, 5000}, at(2), event(2)));
    // The same ply again: another writer was first; the version and the events must not change.
    auto ply_race = this->s().append_move("aB3dE5gH", {0, "d2d4", 299000, 5000}, at(3), event(3));
    ASSERT_FALSE(ply_race);
    EXPECT_EQ(ply_race.error().code, StoreCode::Conflict);
    // A version that does not follow: the moves row went in first and must be rolled back.
    auto version_race = this->s().append_move("aB3dE5gH", {1, "e7e5", 299000, 5000}, at(9), event(9));
    ASSERT_FALSE(version_race);
    EXPECT_EQ(version_race.error().code, StoreCode::Conflict);
    auto stale_update = this->s().update_game("aB3dE5gH", at(2), event(2, "offer"));
    ASSERT_FALSE(stale_update);
    EXPECT_EQ(stale_update.error().code, StoreCode::Conflict);
    auto stale_take_back = this->s().take_back("aB3dE5gH", 0, at(7), event(7, "takeback"));
    ASSERT_FALSE(stale_take_back);
    EXPECT_EQ(stale_take_back.error().code, StoreCode::Conflict);
    auto g = **this->s().load_game("aB3dE5gH");
    EXPECT_EQ(g.game.state.version, 2);
    ASSERT_EQ(g.moves.size(), 1u);  // the take-back's delete was rolled back with it
    EXPECT_EQ(g.moves[0].uci, "e2e4");
    EXPECT_EQ(this->s().events_after("aB3dE5gH", 0)->size(), 2u);
    // The store goes on after refusals.
    EXPECT_TRUE(this->s().append_move("aB3dE5gH", {1, "e7e5", 299000, 5000}, at(3), event(3)));
}

TYPED_TEST(StoreContract, AnIdTakenOrAGameMissingIsAConflict) {
    ASSERT_TRUE(this->s().create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    auto again = this->s().create_game(sample_game(), sample_seats(), {1, "state", "{}"});
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code, StoreCode::Conflict);
    auto imported = this->s().import_game(sample_game(), {}, {nth_move(0, 1)}, {1, "state", "{}"});
    ASSERT_FALSE(imported);
    EXPECT_EQ(imported.error().code, StoreCode::Conflict);
    auto nowhere = this->s().append_move("nothere1", {0, "e2e4", 1, 1}, at(2), event(2));
    ASSERT_FALSE(nowhere);
    EXPECT_EQ(nowhere.error().code, StoreCode::Conflict);
    EXPECT_EQ(*this->s().games_with_status(Status::Started), std::vector<GameId>{"aB3dE5gH"});
}

TYPED_TEST(StoreContract, ASeatThatIsNotThereFailsTheUpdateAlone) {
    StoredGame g = sample_game();
    ASSERT_TRUE(this->s().create_game(g, {sample_seats()[0]}, {1, "state", "{}"}));
    auto missing_seat = this->s().update_game(g.id, at(2), event(2, "join"), {sample_seats()[1]});
    ASSERT_FALSE(missing_seat);
    EXPECT_EQ(missing_seat.error().code, StoreCode::Failed);
    EXPECT_EQ((**this->s().load_game(g.id)).game.state.version, 1);
}

TYPED_TEST(StoreContract, TakeBackRemovesTheMoves) {
    ASSERT_TRUE(this->s().create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    ASSERT_TRUE(this->s().append_move("aB3dE5gH", {0, "e2e4", 1, 1}, at(2, 1), event(2)));
    ASSERT_TRUE(this->s().append_move("aB3dE5gH", {1, "e7e5", 1, 1}, at(3, 1), event(3)));
    ASSERT_TRUE(this->s().append_move("aB3dE5gH", {2, "g1f3", 1, 1}, at(4, 1), event(4)));
    ASSERT_TRUE(this->s().take_back("aB3dE5gH", 1, at(5, 1), event(5, "takeback")));
    auto g = **this->s().load_game("aB3dE5gH");
    ASSERT_EQ(g.moves.size(), 1u);
    EXPECT_EQ(g.moves[0].uci, "e2e4");
    // The ply is free again.
    ASSERT_TRUE(this->s().append_move("aB3dE5gH", {1, "c7c5", 1, 1}, at(6, 1), event(6)));
    ASSERT_TRUE(this->s().take_back("aB3dE5gH", 0, at(7, 1), event(7, "takeback")));
    EXPECT_TRUE((**this->s().load_game("aB3dE5gH")).moves.empty());
}

TYPED_TEST(StoreContract, OffersRematchAndLagAreStored) {
    ASSERT_TRUE(this->s().create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    EXPECT_EQ((**this->s().load_game("aB3dE5gH")).game.state.offers, StoredOffers{});
    GameUpdate u = at(2, 2000);
    u.offers = {Color::Black, Color::White, std::nullopt};
    ASSERT_TRUE(this->s().update_game("aB3dE5gH", u, event(2, "offer")));
    EXPECT_EQ((**this->s().load_game("aB3dE5gH")).game.state.offers, u.offers);
    u.version = 3;
    u.offers = {std::nullopt, std::nullopt, Color::White};
    u.status = Status::Over;
    u.result = "1-0";
    u.reason = "resign";
    u.rematch = "Zz9Yy8Xx";
    ASSERT_TRUE(this->s().update_game("aB3dE5gH", u, event(3, "rematch")));
    u.version = 4;
    ASSERT_TRUE(this->s().append_move("aB3dE5gH", {0, "e2e4", 299'400, 3000, 420}, u, event(4)));
    this->reopen();
    const auto g = **this->s().load_game("aB3dE5gH");
    EXPECT_EQ(g.game.state, u);
    ASSERT_EQ(g.moves.size(), 1u);
    EXPECT_EQ(g.moves[0], (StoredMove{0, "e2e4", 299'400, 3000, 420}));
    EXPECT_EQ(*this->s().games_with_status(Status::Over), std::vector<GameId>{"aB3dE5gH"});
}

TYPED_TEST(StoreContract, ParametersAreNeverSqlAndTextComesBackAsIs) {
    StoredGame g = sample_game("x'); DROP TABLE games; --");
    g.white_name = "O'Neil \"The Rook\" \\ {a,b} NULL";
    const std::string json = R"({"say":"a \"quoted\" word, {braces} and \\ back","list":[1,2]})";
    std::vector<StoredSeat> seats = sample_seats();
    seats[0].browser = "b,{\"x\"}\\";
    ASSERT_TRUE(this->s().create_game(g, seats, {1, "state", json}));
    ASSERT_TRUE(this->s().append_move(g.id, {0, "e2e4", 1, 1}, at(3), {{2, "move", json}, {3, "NULL", ""}}));
    const auto loaded = **this->s().load_game(g.id);
    EXPECT_EQ(loaded.game.id, g.id);
    EXPECT_EQ(loaded.game.state.version, 3);
    EXPECT_EQ(loaded.seats[0].browser, seats[0].browser);
    const auto events = *this->s().events_after(g.id, 0);
    EXPECT_EQ(events, (std::vector<StoredEvent>{{1, "state", json}, {2, "move", json}, {3, "NULL", ""}}));
    EXPECT_EQ(*this->s().games_of_browser(seats[0].browser), std::vector<GameId>{g.id});
    EXPECT_EQ(this->s().games_with_status(Status::Started)->size(), 1u);
}

TYPED_TEST(StoreContract, EventsAfterKeepsTheLastKeptPerGame) {
    constexpr int Kept = TypeParam::StoreType::KeptEvents;
    ASSERT_TRUE(this->s().create_game(sample_game(), sample_seats(), {1, "state", "{}"}));
    ASSERT_TRUE(this->s().create_game(sample_game("other123"), sample_seats(), {1, "state", "{}"}));
    const int last = Kept + 25;
    for (int v = 2; v <= last; ++v)
        ASSERT_TRUE(this->s().update_game("aB3dE5gH", at(v), event(v, "offer", std::to_string(v)))) << v;
    const auto events = *this->s().events_after("aB3dE5gH", 0);
    ASSERT_EQ(events.size(), static_cast<std::size_t>(Kept));
    EXPECT_EQ(events.front().version, last - Kept + 1);
    EXPECT_EQ(events.back(), (StoredEvent{last, "offer", std::to_string(last)}));
    EXPECT_EQ(this->s().events_after("aB3dE5gH", last - 3)->size(), 3u);
    EXPECT_TRUE(this->s().events_after("aB3dE5gH", last)->empty());
    EXPECT_EQ(this->s().events_after("other123", 0)->size(), 1u);  // another game's events are its own
}

TYPED_TEST(StoreContract, GamesOfABrowserMostRecentlyUpdatedFirst) {
    for (const auto& [id, updated] : {std::pair{"game0001", 3000}, {"game0002", 9000}, {"game0003", 6000}}) {
        StoredGame g = sample_game(id);
        ASSERT_TRUE(this->s().create_game(g, sample_seats(), {1, "state", "{}"}));
        ASSERT_TRUE(this->s().update_game(id, at(2, updated), event(2, "offer")));
    }
    EXPECT_EQ(*this->s().games_of_browser("browser-1"), (std::vector<GameId>{"game0002", "game0003", "game0001"}));
    EXPECT_EQ(this->s().games_with_status(Status::Started)->size(), 3u);
}

TYPED_TEST(StoreContract, AnImportedGameKeepsItsMovesAndNames) {
    StoredGame g = sample_game("imported");
    g.imported = true;
    g.white_name = "Anderssen";
    g.black_name = "Kieseritzky";
    g.state = {Status::Over, "1-0", "checkmate", 1, 1000};
    g.chess960 = true;
    g.chess960_number = 321;
    g.mode = Mode::Local;
    g.level = 3;
    std::vector<StoredMove> moves;
    for (int ply = 0; ply < 7; ++ply) moves.push_back(nth_move(ply, 100 + ply));
    moves[2].clock_ms = 1234;
    moves[3].lag_ms = 5;
    ASSERT_TRUE(this->s().import_game(g, {}, moves, {1, "state", "{}"}));
    this->reopen();
    const auto loaded = **this->s().load_game("imported");
    EXPECT_EQ(loaded.game, g);
    EXPECT_EQ(loaded.moves, moves);
    EXPECT_TRUE(loaded.seats.empty());
    EXPECT_EQ(*this->s().games_with_status(Status::Over), std::vector<GameId>{"imported"});
}

TYPED_TEST(StoreContract, AnalysesQueueOnceAndSaveTheirPositions) {
    ASSERT_TRUE(this->s().create_game(sample_game("game0001"), sample_seats(), {1, "state", "{}"}));
    ASSERT_TRUE(this->s().create_game(sample_game("game0002"), sample_seats(), {1, "state", "{}"}));
    StoredAnalysis a{"game0001", AnalysisStatus::Queued, "browser-1", 5000, 100000, 2, {}};
    StoredAnalysis b{"game0002", AnalysisStatus::Queued, "", 7000, 50000, 0, {}};
    ASSERT_TRUE(this->s().queue_analysis(a));
    ASSERT_TRUE(this->s().queue_analysis(b));
    auto twice = this->s().queue_analysis(a);
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().code, StoreCode::Conflict);  // one per game
    auto no_game = this->s().queue_analysis({"nothere1", AnalysisStatus::Queued, "", 1, 1, 0, {}});
    ASSERT_FALSE(no_game);
    EXPECT_EQ(no_game.error().code, StoreCode::Conflict);
    EXPECT_EQ(*this->s().queued_analyses(), (std::vector<StoredAnalysis>{a, b}));
    EXPECT_EQ(*this->s().analyses_requested_since(6000), std::vector<StoredAnalysis>{b});
    EXPECT_FALSE(this->s().load_analysis("nothere1")->has_value());

    a.status = AnalysisStatus::Done;
    a.positions = {{review::Eval::cp(20), {"e2e4", "e7e5"}, 12, 100000},
                   {review::Eval::mate(-3), {"d8h4"}, 14, 99999},
                   {review::Eval{review::Eval::Kind::Checkmate, 0}, {}, 0, 0}};
    ASSERT_TRUE(this->s().save_analysis(a));
    this->reopen();
    EXPECT_EQ(**this->s().load_analysis("game0001"), a);
    EXPECT_EQ(*this->s().queued_analyses(), std::vector<StoredAnalysis>{b});
    // Without positions: the requests of the day.
    StoredAnalysis request = a;
    request.positions.clear();
    EXPECT_EQ(*this->s().analyses_requested_since(0), (std::vector<StoredAnalysis>{request, b}));
}

TYPED_TEST(StoreContract, PuzzlePlayersAttemptsAndRatingsAreKept) {
    auto none = this->puzzle_player("browser-1");
    ASSERT_TRUE(none) << none.error().message;
    EXPECT_FALSE(none->has_value());
    EXPECT_TRUE(this->puzzle_ratings()->empty());
    StoredPuzzlePlayer p{"browser-1", {1523.4567891234, 301.25, 0.0900001}, 10'000, 1, 0};
    const StoredPuzzleAttempt first{"00sHx", true, true, 10'000, 1523.4567891234};
    const StoredPuzzleRating rated{"00sHx", {1789.0123, 80.5, 0.06}, 12};
    ASSERT_TRUE(this->record(p, first, rated));
    p = {"browser-1", {1490.1, 280.0, 0.09}, 20'000, 1, 1};
    const StoredPuzzleAttempt second{"00tKz", false, true, 20'000, 1490.1};
    const StoredPuzzleRating rated2{"00tKz", {1500.0, 70.0, 0.05}, 3};
    ASSERT_TRUE(this->record(p, second, rated2));
    const StoredPuzzleAttempt streak{"00sHx", true, false, 30'000, 1490.1};  // streak: no rating moved
    ASSERT_TRUE(this->record(p, streak, std::nullopt));
    const StoredPuzzleRating rated3{"00sHx", {1795.5, 79.0, 0.06}, 13};
    ASSERT_TRUE(
        this->record({"browser-2", {1500, 350, 0.09}, 40'000, 0, 1}, {"00sHx", false, true, 40'000, 1450.25}, rated3));
    this->reopen();
    const auto loaded = this->puzzle_player("browser-1");
    ASSERT_TRUE(loaded && loaded->has_value());
    EXPECT_EQ((**loaded).player, p);
    EXPECT_EQ((**loaded).attempts, (std::vector<StoredPuzzleAttempt>{first, second, streak}));
    EXPECT_EQ((**this->puzzle_player("browser-2")).attempts.size(), 1u);
    auto ratings = *this->puzzle_ratings();
    std::sort(ratings.begin(), ratings.end(), [](const auto& x, const auto& y) { return x.puzzle < y.puzzle; });
    EXPECT_EQ(ratings, (std::vector<StoredPuzzleRating>{rated3, rated2}));
}

StoredMistake mistake(const std::string& browser, int ply, Millis due) {
    StoredMistake m;
    m.browser = browser;
    m.game = "aB3dE5gH";
    m.ply = ply;
    m.fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
    m.played = "g2g4";
    m.best = "b1c3";
    m.blunder = ply % 2 == 1;
    m.created = 1;
    m.due = due;
    return m;
}

TYPED_TEST(StoreContract, MistakesSavedOnceLoadedByDueUpdatedAndTheAnalysisMarked) {
    StoredGame g = sample_game();
    g.state = {Status::Over, "0-1", "checkmate", 1, 1};
    ASSERT_TRUE(this->s().create_game(g, {}, {1, "state", "{}"}));
    StoredAnalysis a{g.id, AnalysisStatus::Done, "alice", 1, 1000, 0, {{review::Eval::cp(0), {}, 1, 1}}};
    ASSERT_TRUE(this->s().save_analysis(a));
    EXPECT_EQ(this->s().analyses_without_mistakes().value(), std::vector<GameId>{g.id});

    ASSERT_TRUE(
        this->s().save_mistakes(g.id, {mistake("alice", 5, 300), mistake("alice", 4, 100), mistake("bob", 3, 50)}));
    EXPECT_TRUE(this->s().analyses_without_mistakes().value().empty());
    auto alice = this->s().load_mistakes("alice").value();
    ASSERT_EQ(alice.size(), 2u);
    EXPECT_EQ(alice[0], mistake("alice", 4, 100));  // the earliest due first
    EXPECT_EQ(alice[1], mistake("alice", 5, 300));
    EXPECT_EQ(this->s().load_mistakes("bob").value(), std::vector<StoredMistake>{mistake("bob", 3, 50)});
    EXPECT_TRUE(this->s().load_mistakes("carol").value().empty());

    // A schedule moved, then the same exercise saved again: it keeps its schedule.
    StoredMistake moved = alice[0];
    moved.box = 2;
    moved.due = 900;
    moved.solved = 2;
    moved.missed = 1;
    moved.last = 800;
    ASSERT_TRUE(this->s().update_mistake(moved));
    ASSERT_TRUE(this->s().save_mistakes(g.id, {mistake("alice", 4, 100)}));
    this->reopen();
    alice = this->s().load_mistakes("alice").value();
    ASSERT_EQ(alice.size(), 2u);
    EXPECT_EQ(alice[0].ply, 5);  // now due first
    EXPECT_EQ(alice[1], moved);
    const auto missing = this->s().update_mistake(mistake("alice", 7, 0));
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().code, StoreCode::Conflict);

    // A new analysis of the game (replaced) is to be turned again.
    ASSERT_TRUE(this->s().save_analysis(a));
    EXPECT_EQ(this->s().analyses_without_mistakes().value(), std::vector<GameId>{g.id});
}

// Many games writing at once from many threads (the group commit shares transactions among
// them): every write lands, a refused one (a ply again) is refused alone.
TYPED_TEST(StoreContract, ConcurrentWritesFromManyThreadsAllLandAndARefusedOneAlone) {
    constexpr int Games = 16, Moves = 25;
    auto s = this->s();
    std::vector<std::thread> threads;
    std::vector<int> failures(Games, 0), refused(Games, 0);
    for (int t = 0; t < Games; ++t)
        threads.emplace_back([&, t] {
            const std::string id = "game" + std::to_string(1000 + t);
            if (!s.create_game(sample_game(id), sample_seats(), {1, "state", "{}"})) ++failures[t];
            for (int ply = 0; ply < Moves; ++ply) {
                const std::int64_t v = ply + 2;
                if (!s.append_move(id, nth_move(ply, v), at(v, v), event(v))) ++failures[t];
                if (ply == 10) {  // must not succeed: the ply is there (another writer was first)
                    const auto again = s.append_move(id, nth_move(ply, v), at(v + 1, v), event(v + 1));
                    if (again || again.error().code != StoreCode::Conflict) ++refused[t];
                }
            }
        });
    for (std::thread& t : threads) t.join();
    for (int t = 0; t < Games; ++t) {
        EXPECT_EQ(failures[t], 0) << t;
        EXPECT_EQ(refused[t], 0) << t;
    }
    EXPECT_GE(this->store->commits(), 1u);
    EXPECT_LE(this->store->commits(), static_cast<std::uint64_t>(Games * (Moves + 2)));
    this->reopen();
    for (int t = 0; t < Games; ++t) {
        const auto g = this->s().load_game("game" + std::to_string(1000 + t));
        ASSERT_TRUE(g && *g) << t;
        EXPECT_EQ((**g).moves.size(), static_cast<std::size_t>(Moves)) << t;
        EXPECT_EQ((**g).game.state.version, Moves + 1) << t;
    }
}

}  // namespace
}  // namespace schach::server
