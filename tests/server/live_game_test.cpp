#include <gtest/gtest.h>

#include "core/fen.hpp"
#include "server/domain/live_game.hpp"
#include "server/domain/secrets.hpp"

namespace schach::server {
namespace {

ByColor<StoredSeat> human_seats(const std::string& white_secret, const std::string& black_secret) {
    ByColor<StoredSeat> seats{};
    seats[Color::White] = {Color::White, false, sha256_hex(white_secret), "", "bw"};
    seats[Color::Black] = {Color::Black, false, black_secret.empty() ? "" : sha256_hex(black_secret),
                           black_secret.empty() ? sha256_hex("invite") : "", "bb"};
    return seats;
}

GameSetup setup_of(Mode mode, std::string tc = "", std::string fen = "") {
    GameSetup s;
    s.id = "abcdEFGH";
    s.mode = mode;
    s.tc = std::move(tc);
    if (!fen.empty()) {
        auto p = position_from_fen(fen);
        EXPECT_TRUE(p);
        s.start = *p;
        s.chess960 = s.start.is_chess960();
    }
    return s;
}

/// A game at one device: one secret, both seats.
LiveGame local_game(std::string tc = "", std::string fen = "") {
    return LiveGame(setup_of(Mode::Local, std::move(tc), std::move(fen)), human_seats("s", "s"), 0, 0);
}

std::expected<Effects, ServiceError> play(LiveGame& g, int ply, std::string text, Millis now = 0, bool san = false) {
    return g.move(Seat::Both, MoveMessage{ply, std::move(text), san, 1}, now, now);
}

TEST(ServerLiveGame, ResentMoveIsAcknowledgedNotReplayedAndOldPliesAreStale) {
    LiveGame g = local_game();
    auto first = play(g, 0, "e2e4");
    ASSERT_TRUE(first) << first.error().id();
    ASSERT_EQ(first->events.size(), 1u);
    EXPECT_EQ(first->events[0].kind, EventKind::Move);
    EXPECT_EQ(first->events[0].version, 2);
    auto again = play(g, 0, "e2e4");
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->empty());
    EXPECT_EQ(g.match().game().plies(), 1);
    auto other = play(g, 0, "d2d4");
    ASSERT_FALSE(other);
    EXPECT_EQ(other.error().id(), "stale");
    EXPECT_EQ(play(g, 7, "e7e5").error().id(), "stale");
    // The same move as SAN is the same move.
    EXPECT_TRUE(play(g, 0, "e4", 0, true));
    // The HTTP API's move for the position now.
    ASSERT_TRUE(play(g, MoveMessage::CurrentPly, "e7e5"));
    EXPECT_EQ(g.match().game().plies(), 2);
}

TEST(ServerLiveGame, OnlyTheSeatToMoveMoves) {
    LiveGame g(setup_of(Mode::Friend), human_seats("w", "b"), 0, 0);
    // Both seats taken at creation here; a friend game starts with the join, so join the seats.
    ByColor<StoredSeat> seats = human_seats("w", "");
    LiveGame f(setup_of(Mode::Friend), seats, 0, 0);
    EXPECT_EQ(f.move(Seat::White, {0, "e2e4", false, 1}, 0, 0).error().id(), "not-started");
    auto joined = f.join("invite", sha256_hex("b"), "bb", 10);
    ASSERT_TRUE(joined) << joined.error().id();
    EXPECT_EQ(f.status(), Status::Started);
    EXPECT_EQ(f.seat_of("b"), Seat::Black);
    EXPECT_EQ(f.seat_of("w"), Seat::White);
    EXPECT_EQ(f.seat_of("x"), std::nullopt);
    EXPECT_EQ(f.join("invite", sha256_hex("c"), "bc", 10).error().id(), "seat-taken");
    EXPECT_EQ(f.move(Seat::Black, {0, "e7e5", false, 1}, 20, 20).error().id(), "not-your-turn");
    EXPECT_TRUE(f.move(Seat::White, {0, "e2e4", false, 1}, 20, 20));
    EXPECT_EQ(f.move(Seat::White, {1, "d2d4", false, 1}, 20, 20).error().id(), "not-your-turn");
}

TEST(ServerLiveGame, IllegalMovesAreRefusedWithTheRule) {
    LiveGame g = local_game();
    auto r = play(g, 0, "e2e5");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ServiceCode::Rules);
    ASSERT_TRUE(r.error().refusal);  // the rule itself, for the words on the other side
    EXPECT_EQ(r.error().refusal->from, Square::E2);
    auto unreadable = play(g, 0, "Zz9", 0, true);
    ASSERT_FALSE(unreadable);
    EXPECT_EQ(unreadable.error().id(), "bad-move");
}

TEST(ServerLiveGame, SanInGermanAndEnglishAndBothCastlingForms) {
    LiveGame g = local_game();
    ASSERT_TRUE(play(g, 0, "e4", 0, true));
    ASSERT_TRUE(play(g, 1, "e5", 0, true));
    ASSERT_TRUE(play(g, 2, "Sf3", 0, true));  // German letters
    ASSERT_TRUE(play(g, 3, "Nf6", 0, true));
    ASSERT_TRUE(play(g, 4, "Lc4", 0, true));
    ASSERT_TRUE(play(g, 5, "Bc5", 0, true));
    ASSERT_TRUE(play(g, 6, "e1g1"));  // two squares
    ASSERT_TRUE(play(g, 7, "e8h8"));  // king onto rook
    const auto view = g.view(0);
    EXPECT_EQ(view->moves[6].uci, "e1h1");
    EXPECT_EQ(view->moves[6].san, "O-O");
    EXPECT_EQ(view->moves[7].uci, "e8h8");
    EXPECT_EQ(to_fen(g.match().game().position()).substr(0, 8), "rnbq1rk1");
}

TEST(ServerLiveGame, Chess960CastlingBothWays) {
    LiveGame g = local_game("", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
    ASSERT_TRUE(g.match().game().position().is_chess960());
    ASSERT_TRUE(play(g, 0, "f1g1"));            // O-O: king to g1, rook to f1
    ASSERT_TRUE(play(g, 1, "O-O-O", 0, true));  // king to c8, rook to d8
    const std::string fen = to_fen(g.match().game().position());
    EXPECT_EQ(fen.substr(0, fen.find('/')), "2kr2r1");
    EXPECT_EQ(fen.substr(fen.rfind('/') + 1, 8), "1R3RK1 w");
}

TEST(ServerLiveGame, Promotion) {
    LiveGame g = local_game("", "7k/P7/8/8/8/8/8/K7 w - - 0 1");
    ASSERT_TRUE(play(g, 0, "a8=D", 0, true));
    EXPECT_EQ(g.view(0)->moves[0].uci, "a7a8q");
    LiveGame h = local_game("", "7k/P7/8/8/8/8/8/K7 w - - 0 1");
    auto missing = play(h, 0, "a7a8");
    ASSERT_FALSE(missing);
    ASSERT_TRUE(play(h, 0, "a7a8n"));
    EXPECT_EQ(to_fen(h.match().game().position()).substr(0, 8), "N6k/8/8/");
}

TEST(ServerLiveGame, FlagFallIsADrawWhenTheOpponentCannotMate) {
    // White (king and rook) runs out of time; Black has the bare king: a draw (6.9).
    LiveGame g = local_game("1+0", "k7/8/8/8/8/8/8/K6R w - - 0 1");
    ASSERT_TRUE(play(g, 0, "a1b1"));  // the clocks run once both have moved
    ASSERT_TRUE(play(g, 1, "a8b8"));
    EXPECT_TRUE(g.check_flag(59'000).empty());
    Effects e = g.check_flag(60'001);
    ASSERT_EQ(e.events.size(), 1u);
    EXPECT_EQ(e.events[0].kind, EventKind::End);
    EXPECT_EQ(g.status(), Status::Over);
    EXPECT_EQ(g.match().game().outcome(), (Outcome{Result::Draw, Termination::TimeForfeit}));
    // The other way round Black loses.
    LiveGame h = local_game("1+0", "k7/8/8/8/8/8/8/K6R b - - 0 1");
    ASSERT_TRUE(play(h, 0, "a8b8"));
    ASSERT_TRUE(play(h, 1, "a1b1"));
    h.check_flag(60'001);
    EXPECT_EQ(h.match().game().outcome(), (Outcome{Result::WhiteWins, Termination::TimeForfeit}));
}

TEST(ServerLiveGame, DrawOfferBeforeBothHaveMovedIsRefused) {
    LiveGame g = local_game();
    EXPECT_EQ(g.draw(Seat::Both, Answer::Offer, 0).error().id(), "offer-not-allowed-yet");
    ASSERT_TRUE(play(g, 0, "e2e4"));
    EXPECT_EQ(g.draw(Seat::Both, Answer::Offer, 0).error().id(), "offer-not-allowed-yet");
    ASSERT_TRUE(play(g, 1, "e7e5"));
    auto offer = g.draw(Seat::Both, Answer::Offer, 0);
    ASSERT_TRUE(offer) << offer.error().id();
    EXPECT_EQ(offer->events[0].kind, EventKind::Offer);
    EXPECT_EQ(offer->events[0].by, Color::White);
    auto accept = g.draw(Seat::Both, Answer::Accept, 0);
    ASSERT_TRUE(accept) << accept.error().id();
    EXPECT_EQ(g.status(), Status::Over);
    EXPECT_EQ(g.match().game().outcome().termination, Termination::Agreement);
}

TEST(ServerLiveGame, AbortOnlyBeforeBothHaveMoved) {
    LiveGame g = local_game();
    ASSERT_TRUE(play(g, 0, "e2e4"));
    LiveGame h = g;
    ASSERT_TRUE(h.abort(Seat::Both, 0));
    EXPECT_EQ(h.status(), Status::Aborted);
    EXPECT_EQ(play(h, 1, "e7e5").error().id(), "game-over");
    ASSERT_TRUE(play(g, 1, "e7e5"));
    EXPECT_EQ(g.abort(Seat::Both, 0).error().id(), "abort-too-late");
}

TEST(ServerLiveGame, TheComputersClockRunsOnlyWhileItSearches) {
    ByColor<StoredSeat> seats{};
    seats[Color::White] = {Color::White, false, sha256_hex("h"), "", "b"};
    seats[Color::Black] = {Color::Black, true, "", "", ""};
    GameSetup s = setup_of(Mode::Computer, "5+3");
    s.level = 1;
    LiveGame g(s, seats, 0, 0);
    ASSERT_TRUE(g.move(Seat::White, {0, "e2e4", false, 1}, 1000, 0));
    ASSERT_TRUE(g.engine_move(Move(Square::E7, Square::E5), 1, 2000, 0));
    ASSERT_TRUE(g.move(Seat::White, {2, "g1f3", false, 1}, 3000, 0));
    // The reply comes 10 s later, 4 s of which the request waited for a free engine: 6 s are
    // charged, the 3 s increment added. Black had 303 s (its first move's increment; the clocks
    // run from the second ply on): 303 - 10 + 4 + 3 = 300 s (without the credit: 296 s).
    const auto reply = g.engine_move(Move(Square::B8, Square::C6), 3, 13'000, 0, 4'000);
    ASSERT_TRUE(reply);
    ASSERT_TRUE(reply->move);
    EXPECT_EQ(reply->move->clock_ms, 300'000);
    EXPECT_EQ(reply->move->lag_ms, 4'000);
    EXPECT_EQ(g.view(13'000)->clock->black, 300'000);
}

TEST(ServerLiveGame, TakebackAgainstTheComputerTakesBothMoves) {
    ByColor<StoredSeat> seats{};
    seats[Color::White] = {Color::White, false, sha256_hex("h"), "", "b"};
    seats[Color::Black] = {Color::Black, true, "", "", ""};
    GameSetup s = setup_of(Mode::Computer, "5+3");
    s.level = 1;
    LiveGame g(s, seats, 0, 0);
    ASSERT_TRUE(g.move(Seat::White, {0, "e2e4", false, 1}, 1000, 0));
    auto task = g.engine_task(1000);
    ASSERT_TRUE(task);
    EXPECT_EQ(task->ply, 1);
    EXPECT_EQ(g.move(Seat::White, {1, "e7e5", false, 1}, 1000, 0).error().id(), "engine-thinking");
    ASSERT_TRUE(g.engine_move(Move(Square::E7, Square::E5), 1, 2000, 0));
    EXPECT_TRUE(g.engine_move(Move(Square::D7, Square::D5), 1, 2000, 0)->empty());  // stale reply
    auto back = g.takeback(Seat::White, Answer::Offer, 3000);
    ASSERT_TRUE(back) << back.error().id();
    EXPECT_EQ(back->take_back_from, 0);
    EXPECT_EQ(g.match().game().plies(), 0);
    EXPECT_EQ(back->events[0].kind, EventKind::Takeback);
    // White's clock is as it was before its move (5 minutes); before the first moves it does not
    // run, the first-move timer does.
    EXPECT_EQ(g.view(3000)->clock->white, 300'000);
    EXPECT_EQ(g.view(4000)->clock->white, 300'000);
    EXPECT_EQ(g.view(4000)->first_move, (FirstMoveView{Color::White, FirstMoveTimeMs - 1000}));
}

TEST(ServerLiveGame, RestoreReplaysMovesAndClocks) {
    LiveGame g = local_game("5+3");
    ASSERT_TRUE(play(g, 0, "e2e4", 10'000));  // the first moves cost nothing: 303 s left
    ASSERT_TRUE(play(g, 1, "e7e5", 20'000));
    ASSERT_TRUE(play(g, 2, "g1f3", 30'000));  // White used 10 s: 296 s left
    ASSERT_TRUE(play(g, 3, "b8c6", 50'000));  // Black used 20 s: 286 s left
    LoadedGame loaded{g.stored_game(), {g.seats()[Color::White], g.seats()[Color::Black]}, g.stored_moves()};
    EXPECT_EQ(loaded.moves[0].clock_ms, 303'000);
    EXPECT_EQ(loaded.moves[1].clock_ms, 303'000);
    EXPECT_EQ(loaded.moves[2].clock_ms, 296'000);
    EXPECT_EQ(loaded.moves[3].clock_ms, 286'000);
    loaded.game.state = g.update(0);
    // The server comes back an hour later: nobody is charged for the hour.
    auto r = LiveGame::restore(loaded, 3'600'000);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->match().game().plies(), 4);
    EXPECT_EQ(r->version(), g.version());
    auto view = r->view(3'605'000);
    EXPECT_EQ(view->clock->white, 291'000);  // 296 s, 5 s thought since the restart
    EXPECT_EQ(view->clock->black, 286'000);
    EXPECT_TRUE(play(*r, 4, "f1b5", 3'605'000));
}

TEST(ServerLiveGame, ThreefoldClaimsNowAndWithTheIntendedMove) {
    LiveGame g = local_game();
    int ply = 0;
    for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}) ASSERT_TRUE(play(g, ply++, m));
    EXPECT_FALSE(g.view(0)->can_claim_threefold);
    // Black writes down Ng8, which repeats the start position a third time (9.2.1).
    auto claimed = g.claim(Seat::Both, ClaimMessage{DrawClaim::Threefold, "Ng8", true}, 0, 0);
    ASSERT_TRUE(claimed) << claimed.error().id();
    EXPECT_EQ(g.status(), Status::Over);
    EXPECT_EQ(g.match().game().outcome(), (Outcome{Result::Draw, Termination::ThreefoldRepetition}));

    LiveGame h = local_game();
    ply = 0;
    for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"})
        ASSERT_TRUE(play(h, ply++, m));
    EXPECT_TRUE(h.view(0)->can_claim_threefold);
    EXPECT_FALSE(h.view(0)->can_claim_fifty);
    ASSERT_TRUE(h.claim(Seat::Both, ClaimMessage{DrawClaim::Threefold, std::nullopt, false}, 0, 0));
    EXPECT_EQ(h.status(), Status::Over);
}

TEST(ServerLiveGame, AnIncorrectClaimPlaysTheMoveAndStandsAsAnOffer) {
    LiveGame g = local_game("5+3");
    ASSERT_TRUE(play(g, 0, "e2e4"));
    ASSERT_TRUE(play(g, 1, "e7e5"));
    auto claimed = g.claim(Seat::Both, ClaimMessage{DrawClaim::FiftyMoves, "g1f3", false}, 0, 0);
    ASSERT_TRUE(claimed) << claimed.error().id();
    ASSERT_TRUE(claimed->move);
    EXPECT_EQ(claimed->move->uci, "g1f3");
    EXPECT_EQ(g.status(), Status::Started);
    EXPECT_EQ(g.match().game().plies(), 3);
    EXPECT_EQ(g.view(0)->draw_offer, Color::White);
}

TEST(ServerLiveGame, LagIsCreditedWithinTheCapAndTheQuota) {
    LiveGame g = local_game("5+0");
    // The first moves cost nothing: no lag credit either.
    ASSERT_TRUE(g.move(Seat::Both, {0, "e2e4", false, 1}, 0, 0, 300));
    ASSERT_TRUE(g.move(Seat::Both, {1, "e7e5", false, 1}, 0, 0, 300));
    EXPECT_EQ(g.move_records()[0].clock, 300'000);
    // 2 s thought, 300 ms of it on the network: 298.3 s left.
    ASSERT_TRUE(g.move(Seat::Both, {2, "g1f3", false, 1}, 2000, 0, 300));
    EXPECT_EQ(g.move_records()[2].clock, 298'300);
    EXPECT_EQ(g.view(2000)->clock->white, 298'300);
    // At most LagCapMs a move.
    ASSERT_TRUE(g.move(Seat::Both, {3, "b8c6", false, 1}, 3000, 0, 5000));
    EXPECT_EQ(g.move_records()[3].clock, 300'000 - 1000 + LagCapMs);
    // And LagQuotaMs for a side in all: White has 4.7 s of it left, nine moves of 500 ms take 4.5 s.
    int ply = 4;
    Millis now = 3000;
    Millis white_credit = 300;
    const char* moves[] = {"a2a3", "a7a6", "a3a4", "h7h6", "b2b3", "h6h5", "h2h3", "g7g6", "h3h4", "d7d6",
                           "g2g3", "f7f6", "d2d3", "b7b6", "c2c3", "g6g5", "b3b4", "d8e7", "f1e2", "e8d7"};
    for (const char* m : moves) {
        now += 1000;
        const bool white = ply % 2 == 0;
        const Millis before = white ? g.view(now)->clock->white : g.view(now)->clock->black;
        ASSERT_TRUE(g.move(Seat::Both, {ply, m, false, 1}, now, 0, 1000)) << m;
        const Millis after = *g.move_records()[static_cast<std::size_t>(ply)].clock;
        if (white) white_credit += after - before;
        ++ply;
    }
    EXPECT_EQ(white_credit, LagQuotaMs);
    // Without a clock there is nothing to credit.
    LiveGame untimed = local_game();
    ASSERT_TRUE(untimed.move(Seat::Both, {0, "e2e4", false, 1}, 0, 0, 300));
    EXPECT_FALSE(untimed.move_records()[0].clock);
}

}  // namespace
}  // namespace schach::server
