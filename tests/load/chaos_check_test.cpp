// The fault test's checker (tools/load/chaos_check) on hand-made histories: a good one passes,
// and each kind of bad one (a lost acknowledged move, a gap, an illegal move, an older epoch
// after a newer one, a client ahead of the record, a game that never went on) is found.

#include <gtest/gtest.h>

#include <algorithm>

#include "chaos_check.hpp"

namespace schach::chaos {
namespace {

using namespace std::chrono_literals;

constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

StoredGame stored(const std::vector<std::string>& moves, const std::vector<std::int64_t>& epochs = {}) {
    StoredGame g;
    g.initial_fen = Start;
    for (std::size_t i = 0; i < moves.size(); ++i)
        g.moves.push_back(StoredMove{static_cast<int>(i), moves[i],
                                     i < epochs.size() ? std::optional<std::int64_t>(epochs[i]) : std::nullopt});
    return g;
}

ClientGame client(const std::string& id, const std::vector<std::string>& received, std::map<int, std::string> acked) {
    ClientGame c;
    c.id = id;
    c.received = received;
    c.acked = std::move(acked);
    return c;
}

bool has(const std::vector<Violation>& v, ViolationKind kind, const std::string& game) {
    return std::any_of(v.begin(), v.end(), [&](const Violation& x) { return x.kind == kind && x.game == game; });
}

const std::vector<std::string> Scholar = {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"};

TEST(ChaosCheck, AGoodHistoryPasses) {
    const std::map<std::string, StoredGame> db = {{"good", stored(Scholar, {0, 0, 1, 1, 1, 2, 2})}};
    // The client saw a prefix (the last move's event was lost with its node) and had its own
    // moves acknowledged.
    const std::vector<ClientGame> clients = {client("good", {"e2e4", "e7e5", "f1c4"}, {{0, "e2e4"}, {2, "f1c4"}})};
    EXPECT_TRUE(check_histories(clients, db).empty());
}

TEST(ChaosCheck, FindsALostAcknowledgedMove) {
    const std::map<std::string, StoredGame> db = {{"g", stored({"e2e4", "e7e5"})}};
    const auto v = check_histories({client("g", {"e2e4", "e7e5"}, {{0, "e2e4"}, {2, "g1f3"}})}, db);
    EXPECT_TRUE(has(v, ViolationKind::LostAck, "g"));
}

TEST(ChaosCheck, FindsAnotherMoveWhereOneWasAcknowledged) {
    const std::map<std::string, StoredGame> db = {{"g", stored({"e2e4", "e7e5"})}};
    const auto v = check_histories({client("g", {}, {{1, "d7d5"}})}, db);
    EXPECT_TRUE(has(v, ViolationKind::AckDiffers, "g"));
}

TEST(ChaosCheck, FindsAGapInThePlies) {
    StoredGame g = stored({"e2e4", "e7e5", "g1f3"});
    g.moves.erase(g.moves.begin() + 1);
    const auto v = check_histories({}, {{"g", g}});
    EXPECT_TRUE(has(v, ViolationKind::PlyGap, "g"));
}

TEST(ChaosCheck, FindsAnIllegalMove) {
    // Two white moves in a row, as two writers who both thought it was their ply would leave.
    const auto v = check_histories({}, {{"g", stored({"e2e4", "d2d4"})}});
    EXPECT_TRUE(has(v, ViolationKind::IllegalMove, "g"));
}

TEST(ChaosCheck, FindsAnOldEpochAfterATakeover) {
    const auto v = check_histories({}, {{"g", stored({"e2e4", "e7e5", "g1f3"}, {3, 4, 3})}});
    EXPECT_TRUE(has(v, ViolationKind::EpochDecreased, "g"));
    EXPECT_TRUE(check_histories({}, {{"g", stored({"e2e4", "e7e5", "g1f3"}, {3, 4, 4})}}).empty());
}

TEST(ChaosCheck, FindsAClientThatReceivedWhatIsNotStored) {
    const std::map<std::string, StoredGame> db = {{"g", stored({"e2e4", "e7e5"})}};
    EXPECT_TRUE(has(check_histories({client("g", {"e2e4", "c7c5"}, {})}, db), ViolationKind::ReceivedNotPrefix, "g"));
    EXPECT_TRUE(
        has(check_histories({client("g", {"e2e4", "e7e5", "g1f3"}, {})}, db), ViolationKind::ReceivedNotPrefix, "g"));
}

TEST(ChaosCheck, FindsAMissingGameAndWhatTheClientSawItself) {
    ClientGame c = client("here", {}, {});
    c.contradictions.push_back("a state of 0 moves lacks the move e2e4 received at ply 0");
    const auto v = check_histories({client("gone", {}, {}), c}, {{"here", stored({})}});
    EXPECT_TRUE(has(v, ViolationKind::MissingGame, "gone"));
    EXPECT_TRUE(has(v, ViolationKind::ClientContradiction, "here"));
}

TEST(ChaosCheck, FindsANodeThatServesAnOldCopy) {
    const std::map<std::string, StoredGame> db = {{"local", stored({"e2e4", "e7e5", "g1f3"})},
                                                  {"engine", stored({"e2e4", "e7e5", "g1f3"})}};
    ClientGame local = client("local", {}, {});
    ClientGame engine = client("engine", {}, {});
    engine.computer = true;
    const std::vector<ClientGame> clients = {local, engine};
    // The same game served: fine; one move behind: only where a move may have come since.
    EXPECT_TRUE(check_served({ServedGame{"local", {"e2e4", "e7e5", "g1f3"}, "n1"}}, clients, db).empty());
    EXPECT_TRUE(check_served({ServedGame{"engine", {"e2e4", "e7e5"}, "n1"}}, clients, db).empty());
    EXPECT_TRUE(has(check_served({ServedGame{"local", {"e2e4", "e7e5"}, "n2"}}, clients, db),
                    ViolationKind::ServedDiffers, "local"));
    EXPECT_TRUE(
        has(check_served({ServedGame{"engine", {"e2e4"}, "n2"}}, clients, db), ViolationKind::ServedDiffers, "engine"));
    EXPECT_TRUE(has(check_served({ServedGame{"engine", {"e2e4", "c7c5"}, "n2"}}, clients, db),
                    ViolationKind::ServedDiffers, "engine"));
}

TEST(ChaosCheck, FailoverTimesAndGamesThatNeverWentOn) {
    const Clock::time_point t0{};
    ClientGame quick = client("quick", {}, {});
    quick.progress = {t0 + 1s, t0 + 10s + 200ms};
    ClientGame hit = client("hit", {}, {});
    hit.progress = {t0 + 2s, t0 + 13s};
    ClientGame stuck = client("stuck", {}, {});
    stuck.progress = {t0 + 3s};
    ClientGame over = client("over", {}, {});  // ended before the fault: not counted
    over.progress = {t0 + 1s};
    over.ended = t0 + 1s;
    const std::vector<ClientGame> clients = {quick, hit, stuck, over};
    const std::vector<Fault> faults = {Fault{"SIGKILL n1", t0 + 10s}};
    const auto figures = failover_figures(clients, faults, t0 + 30s, 1000ms);
    ASSERT_EQ(figures.size(), 1u);
    EXPECT_EQ(figures[0].games, 3);
    EXPECT_EQ(figures[0].waited, 1);
    EXPECT_DOUBLE_EQ(figures[0].max_seconds, 3.0);
    EXPECT_DOUBLE_EQ(figures[0].p50_seconds, 3.0);
    EXPECT_EQ(figures[0].stuck, std::vector<std::string>{"stuck"});

    const auto v = check_failover(clients, faults, t0 + 30s, 2000ms);
    EXPECT_TRUE(has(v, ViolationKind::NoProgress, "stuck"));
    EXPECT_TRUE(has(v, ViolationKind::NoProgress, "hit"));  // 3 s > the bound of 2 s
    EXPECT_FALSE(has(v, ViolationKind::NoProgress, "quick"));
    EXPECT_FALSE(has(v, ViolationKind::NoProgress, "over"));
}

}  // namespace
}  // namespace schach::chaos
