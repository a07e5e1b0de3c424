// Match: a game and its clock together (checklist sections E and N where they meet the rules):
// pressing after a move, increments and delays, flag fall (6.9), penalties into the clock (7.5.5,
// 9.5.3), the time per move, and everything refused once the game is over. Time is injected as
// plain numbers: `at(90.5)` is 90.5 s after the epoch.

#include <gtest/gtest.h>

#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/fen.hpp"
#include "game/match.hpp"
#include "notation/notation.hpp"
#include "support/test_clock.hpp"

namespace schach {
namespace {

using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;

constexpr Color W = Color::White;
constexpr Color B = Color::Black;

constexpr std::string_view LoneKingFen = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";         // Black cannot mate
constexpr std::string_view BackRankFen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";  // Ra8#

}  // namespace

// Readable failures: "used 10000 ms, clock 293000 ms".
void PrintTo(const MoveTime& t, std::ostream* os) {
    *os << "used " << t.used.count() << " ms, clock ";
    if (t.clock) *os << t.clock->count() << " ms";
    else *os << "none";
}

namespace {

using test::at;
using test::control;

Position position(std::string_view fen) {
    auto p = position_from_fen(fen);
    if (!p) throw std::runtime_error("bad FEN in test: " + std::string(fen));
    return *p;
}

/// A match under `spec` from `fen`, started at 0 s.
Match started(std::string_view spec, std::string_view fen = StartFen, GameOptions options = {}) {
    Match match(position(fen), control(spec), options);
    EXPECT_TRUE(match.start(at(0)).has_value());
    return match;
}

Move san(const Match& match, std::string_view text) {
    auto m = parse_san(match.game().position(), text);
    if (!m) throw std::runtime_error("cannot read " + std::string(text));
    return *m;
}

/// Plays `text` at `secs` and expects it to be accepted.
MoveTime play(Match& match, std::string_view text, double secs) {
    auto r = match.play(san(match, text), at(secs));
    EXPECT_TRUE(r.has_value()) << text << " at " << secs << ": " << (r ? "" : match_error_id(r.error().kind));
    return r.value_or(MoveTime{});
}

// ---------------------------------------------------------------- moves and the clock

TEST(Match, AMovePressesTheClockAndRecordsItsTime) {  // 6.2.1, items 36, 40
    Match match = started("5+3");
    EXPECT_EQ(match.clock()->running(), W);
    EXPECT_EQ(play(match, "e4", 10), (MoveTime{seconds(10), seconds(300 - 10 + 3)}));
    EXPECT_EQ(match.clock()->running(), B);
    EXPECT_EQ(match.time_left(W, at(25)), seconds(293));  // White's clock stands
    EXPECT_EQ(match.time_left(B, at(25)), seconds(285));  // Black's runs
    EXPECT_EQ(play(match, "e5", 25), (MoveTime{seconds(15), seconds(300 - 15 + 3)}));
    EXPECT_EQ(play(match, "Nf3", 26.5), (MoveTime{milliseconds(1500), milliseconds(293'000 - 1500 + 3000)}));
    ASSERT_EQ(match.move_times().size(), 3u);
    EXPECT_EQ(match.first_timed_ply(), 0);
    EXPECT_EQ(match.move_times()[1].clock, seconds(288));
    EXPECT_EQ(match.game().plies(), 3);
}

TEST(Match, TheTimeControlSizesThePenalties) {  // A.3: the game's class follows the control
    EXPECT_EQ(Match(Position(), control("3+2")).game().options().time_class, TimeClass::Blitz);
    EXPECT_EQ(Match(Position(), control("15+10")).game().options().time_class, TimeClass::Rapid);
    EXPECT_EQ(Match(Position(), control("90+30")).game().options().time_class, TimeClass::Classical);
    EXPECT_EQ(Match(Position(), TimeControl::untimed()).game().options().time_class, TimeClass::Classical);
}

TEST(Match, SimpleDelayAndBronstein) {  // 6.3.2, items 41, 42
    // Simple delay: a move within the delay costs nothing; later, only what is over the delay.
    Match simple = started("5d3");
    EXPECT_EQ(play(simple, "e4", 2), (MoveTime{seconds(2), seconds(300)}));
    EXPECT_EQ(simple.time_left(B, at(4)), seconds(300));  // still inside Black's delay
    EXPECT_EQ(simple.clock()->delay_left(at(4)), seconds(1));
    EXPECT_EQ(play(simple, "e5", 12), (MoveTime{seconds(10), seconds(300 - 7)}));
    // Bronstein: the time counts at once; min(used, delay) comes back at the press.
    Match bronstein = started("5b3");
    EXPECT_EQ(bronstein.time_left(W, at(5)), seconds(295));
    EXPECT_EQ(play(bronstein, "e4", 5), (MoveTime{seconds(5), seconds(298)}));
    EXPECT_EQ(play(bronstein, "e5", 7), (MoveTime{seconds(2), seconds(300)}));
}

TEST(Match, Hourglass) {  // item 45: the time one side uses goes to the other
    Match match = started("h1");
    EXPECT_EQ(play(match, "e4", 10), (MoveTime{seconds(10), seconds(50)}));
    EXPECT_EQ(match.time_left(B, at(10)), seconds(70));
    EXPECT_EQ(match.time_left(W, at(30)), seconds(70));  // Black thinks 20 s: White gains them
    EXPECT_EQ(match.time_left(B, at(30)), seconds(50));
    // Black sits until its glass is empty: its flag falls, White can mate.
    const auto fall = match.flag_check(at(80));
    ASSERT_TRUE(fall.has_value());
    EXPECT_EQ(fall->side, B);
    EXPECT_EQ(fall->outcome, (Outcome{Result::WhiteWins, Termination::TimeForfeit}));
}

TEST(Match, PeriodsAddTheirTimeWhenCompleted) {  // 6.3.2
    Match match = started("2/1,1");
    play(match, "e4", 10);
    play(match, "e5", 20);
    // White's second move completes the first period: the next one's minute comes on top.
    EXPECT_EQ(play(match, "Nf3", 30), (MoveTime{seconds(10), seconds(60 - 10 - 10 + 60)}));
    EXPECT_EQ(match.clock()->period(W), 1);
}

// ---------------------------------------------------------------- flag fall (6.9)

TEST(Match, FlagFallLosesWhenTheOpponentCanMate) {  // item 38
    Match match = started("1+0");
    EXPECT_FALSE(match.flag_check(at(59.999)).has_value());
    EXPECT_FALSE(match.is_over(at(59.999)));
    // outcome(now) sees the fall before it is recorded, and records nothing.
    EXPECT_EQ(match.outcome(at(60)), (Outcome{Result::BlackWins, Termination::TimeForfeit}));
    EXPECT_FALSE(match.game().is_over());
    const auto fall = match.flag_check(at(60));
    ASSERT_TRUE(fall.has_value());
    EXPECT_EQ(*fall, (FlagFall{W, {Result::BlackWins, Termination::TimeForfeit}}));
    EXPECT_EQ(match.flag_fall(), fall);
    EXPECT_EQ(match.game().outcome(), fall->outcome);
    EXPECT_TRUE(match.clock()->stopped());
    EXPECT_FALSE(match.flag_check(at(70)).has_value());  // decided once
    EXPECT_EQ(match.time_left(W, at(70)), milliseconds(0));
    EXPECT_EQ(match.time_left(B, at(70)), seconds(60));
}

TEST(Match, FlagFallIsADrawWhenTheOpponentCannotMate) {  // item 38, 6.9
    Match white = started("1+0", LoneKingFen);
    const auto fall = white.flag_check(at(61));
    ASSERT_TRUE(fall.has_value());
    EXPECT_EQ(fall->outcome, (Outcome{Result::Draw, Termination::TimeForfeit}));
    // The other way round the lone king's side loses: White can mate.
    Match black = started("1+0", LoneKingFen);
    play(black, "Qb2", 1);
    EXPECT_EQ(black.outcome(at(61)), (Outcome{Result::WhiteWins, Termination::TimeForfeit}));
    EXPECT_EQ(black.flag_check(at(61))->outcome, (Outcome{Result::WhiteWins, Termination::TimeForfeit}));
}

TEST(Match, AMoveAfterTheFlagFellIsVoid) {
    Match match = started("1+0");
    const auto r = match.play(san(match, "e4"), at(61));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().kind, MatchError::Kind::TimeOver);
    EXPECT_EQ(match.game().plies(), 0);  // the flag fell first: the move is not on the board
    EXPECT_TRUE(match.move_times().empty());
    EXPECT_EQ(match.game().outcome(), (Outcome{Result::BlackWins, Termination::TimeForfeit}));
    ASSERT_TRUE(match.flag_fall().has_value());
    EXPECT_EQ(match.flag_fall()->side, W);
}

TEST(Match, MateOnTheLastSecondStands) {  // 6.2.1.1: the mate ended the game before any flag
    Match match = started("1+0", BackRankFen);
    EXPECT_EQ(play(match, "Ra8#", 59.9), (MoveTime{milliseconds(59'900), milliseconds(100)}));
    EXPECT_EQ(match.game().outcome(), (Outcome{Result::WhiteWins, Termination::Checkmate}));
    EXPECT_TRUE(match.clock()->stopped());
    EXPECT_FALSE(match.flag_check(at(200)).has_value());  // Black's clock no longer runs
    EXPECT_EQ(match.outcome(at(200)).termination, Termination::Checkmate);
    EXPECT_EQ(match.time_left(B, at(200)), seconds(60));
}

TEST(Match, AnArbiterDeductionCanLetTheFlagFall) {  // 6.10 / 12.9
    Match match = started("5+0");
    ASSERT_TRUE(match.add_time(W, seconds(-250), AdjustmentReason::Sanction).has_value());
    EXPECT_EQ(match.time_left(W, at(10)), seconds(40));
    EXPECT_FALSE(match.flag_check(at(49)).has_value());
    EXPECT_TRUE(match.flag_check(at(50)).has_value());
    EXPECT_EQ(match.clock()->adjustments().size(), 1u);
}

// ---------------------------------------------------------------- penalties into the clock

TEST(Match, GuidelinesIIIIncrementForBoth) {  // item 89
    Match match = started("15+0");
    EXPECT_FALSE(match.clock()->may_request_increment(W, at(780)));
    EXPECT_TRUE(match.clock()->may_request_increment(W, at(781)));
    // Refused by Black, approved by the arbiter: +5 s per move for both, Black +2 minutes.
    ASSERT_TRUE(match.set_increment(seconds(5)).has_value());
    ASSERT_TRUE(match.add_time(B, seconds(120), AdjustmentReason::Guidelines).has_value());
    EXPECT_EQ(play(match, "e4", 781), (MoveTime{seconds(781), seconds(119 + 5)}));
    EXPECT_EQ(play(match, "e5", 791), (MoveTime{seconds(10), seconds(900 + 120 - 10 + 5)}));
    EXPECT_EQ(Match(Position(), TimeControl::untimed()).set_increment(seconds(5)).error().clock,
              ClockError::Unplayable);
}

TEST(Match, IllegalMovePenaltyGoesOnTheClock) {  // 7.5.5, items 44, 67
    Match match = started("90+30");
    play(match, "e4", 10);
    // Black completes an illegal move (arbiter mode): White gets 2 minutes, Black's clock runs on.
    auto first = match.illegal_move(B, at(20));
    ASSERT_TRUE(first.has_value());
    EXPECT_FALSE(first->is_over());
    EXPECT_EQ(match.time_left(W, at(20)), seconds(90 * 60 - 10 + 30 + 120));
    EXPECT_EQ(match.time_left(B, at(20)), seconds(90 * 60 - 10));
    ASSERT_EQ(match.clock()->adjustments().size(), 1u);
    EXPECT_EQ(match.clock()->adjustments()[0], (ClockAdjustment{W, seconds(120), AdjustmentReason::IllegalMove, 1}));
    // The second one loses.
    auto second = match.illegal_move(B, at(30));
    ASSERT_TRUE(second.has_value());
    EXPECT_EQ(*second, (Outcome{Result::WhiteWins, Termination::IllegalMoves}));
    EXPECT_TRUE(match.clock()->stopped());
    EXPECT_EQ(match.clock()->adjustments().size(), 1u);
}

TEST(Match, IllegalMovePenaltyInRapidIsOneMinute) {  // A.3 through the control
    Match match = started("15+10");
    ASSERT_TRUE(match.illegal_move(W, at(5)).has_value());
    EXPECT_EQ(match.time_left(B, at(5)), minutes(16));
}

TEST(Match, IncorrectClaimGivesTimeAndPressesForTheIntendedMove) {  // 9.5.3
    Match match = started("15+10");
    play(match, "e4", 10);
    play(match, "e5", 20);
    const Move nf3 = san(match, "Nf3");
    auto claim = match.claim_draw(W, DrawClaim::Threefold, nf3, at(30));
    ASSERT_TRUE(claim.has_value());
    EXPECT_FALSE(claim->correct);
    EXPECT_EQ(claim->played, nf3);
    EXPECT_EQ(claim->penalty_seconds, 60);  // rapid
    EXPECT_EQ(match.game().plies(), 3);
    // The move was pressed like any other, and Black got its minute.
    ASSERT_EQ(match.move_times().size(), 3u);
    EXPECT_EQ(match.move_times()[2], (MoveTime{seconds(10), seconds(900 - 10 + 10 - 10 + 10)}));
    EXPECT_EQ(match.clock()->running(), B);
    EXPECT_EQ(match.time_left(B, at(30)), seconds(900 - 10 + 10 + 60));
    EXPECT_EQ(match.clock()->adjustments()[0], (ClockAdjustment{B, seconds(60), AdjustmentReason::IncorrectClaim, 2}));
    EXPECT_EQ(match.game().draw_offer(), W);  // 9.1.2.3: the claim stands as an offer
    ASSERT_TRUE(match.accept_draw(B, at(40)).has_value());
    EXPECT_EQ(match.game().outcome().termination, Termination::Agreement);
    EXPECT_TRUE(match.clock()->stopped());
}

TEST(Match, CorrectClaimEndsTheGameAndStopsTheClock) {  // 9.2
    Match match = started("5+0");
    double t = 0;
    for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}) play(match, m, t += 1);
    auto claim = match.claim_draw(W, DrawClaim::Threefold, std::nullopt, at(20));
    ASSERT_TRUE(claim.has_value());
    EXPECT_TRUE(claim->correct);
    EXPECT_EQ(match.game().outcome().termination, Termination::ThreefoldRepetition);
    EXPECT_TRUE(match.clock()->stopped());
    // White's clock was charged up to the claim: 4 s of moves and the 12 s since.
    EXPECT_EQ(match.time_left(W, at(20)), seconds(300 - 4 - 12));
    EXPECT_EQ(match.time_left(W, at(1000)), seconds(284));
}

// ---------------------------------------------------------------- resigning, offers

TEST(Match, ResigningStopsTheClock) {  // 5.1.2
    Match match = started("5+0");
    play(match, "e4", 3);
    auto r = match.resign(B, at(10));
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, (Outcome{Result::WhiteWins, Termination::Resignation}));
    EXPECT_TRUE(match.clock()->stopped());
    EXPECT_EQ(match.time_left(B, at(100)), seconds(293));
    // Against a lone king resigning is a draw.
    Match lone = started("5+0", LoneKingFen);
    EXPECT_EQ(lone.resign(W, at(1))->result, Result::Draw);
}

TEST(Match, DrawOffersAreForwarded) {  // 9.1
    Match match = started("5+0");
    EXPECT_EQ(match.offer_draw(W, at(1)).error(),
              (MatchError{MatchError::Kind::Rules, Refusal{RefusalCode::DrawOfferTooEarly}}));
    play(match, "e4", 2);
    play(match, "e5", 3);
    ASSERT_TRUE(match.offer_draw(W, at(4)).has_value());
    ASSERT_TRUE(match.decline_draw(B, at(5)).has_value());
    EXPECT_FALSE(match.game().draw_offer().has_value());
    ASSERT_TRUE(match.offer_draw(W, at(6)).has_value());
    ASSERT_TRUE(match.offer_draw(B, at(7)).has_value());  // against the other's offer: agreed
    EXPECT_EQ(match.game().outcome().termination, Termination::Agreement);
    EXPECT_TRUE(match.clock()->stopped());
}

TEST(Match, AFallenFlagComesBeforeAResignationOrAnOffer) {
    Match match = started("1+0");
    const auto r = match.resign(W, at(60));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().kind, MatchError::Kind::TimeOver);
    EXPECT_EQ(match.game().outcome().termination, Termination::TimeForfeit);
}

// ---------------------------------------------------------------- refusals

TEST(Match, MovesAfterTheGameEndedAreRefused) {  // 5.1.1: the game ends at once
    Match match = started("5+3");
    play(match, "f3", 1);
    play(match, "e5", 2);
    play(match, "g4", 3);
    play(match, "Qh4#", 4);
    EXPECT_EQ(match.game().outcome().termination, Termination::Checkmate);
    const std::size_t times = match.move_times().size();
    const Move a3(Square::A2, Square::A3);
    const auto r = match.play(a3, at(5));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error(), (MatchError{MatchError::Kind::Rules, Refusal{RefusalCode::GameOver}}));
    EXPECT_EQ(match.move_times().size(), times);
    EXPECT_EQ(match.resign(W, at(5)).error().refusal.code, RefusalCode::GameOver);
    EXPECT_EQ(match.offer_draw(W, at(5)).error().refusal.code, RefusalCode::GameOver);
    EXPECT_EQ(match.illegal_move(W, at(5)).error().refusal.code, RefusalCode::GameOver);
    EXPECT_EQ(match.claim_draw(W, DrawClaim::FiftyMoves, std::nullopt, at(5)).error().refusal.code,
              RefusalCode::GameOver);
}

TEST(Match, AnIllegalMoveChangesNothing) {
    Match match = started("5+0");
    const Move e5(Square::E2, Square::E5);
    const Match before = match;
    const auto r = match.play(e5, at(10));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().kind, MatchError::Kind::Rules);
    EXPECT_NE(r.error().refusal.code, RefusalCode::None);
    EXPECT_EQ(match, before);  // the clock was not pressed
    EXPECT_EQ(match.clock()->running(), W);
}

TEST(Match, TimeThatGoesBackIsRefused) {
    Match match = started("5+0");
    play(match, "e4", 10);
    const Match before = match;
    const auto r = match.play(san(match, "e5"), at(9));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error(), (MatchError{MatchError::Kind::Clock, Refusal{}, ClockError::TimeWentBack}));
    EXPECT_EQ(match.resign(B, at(9)).error().clock, ClockError::TimeWentBack);
    EXPECT_EQ(match, before);
}

TEST(Match, PausedClocksHoldTheMoves) {  // 6.11
    Match match = started("5+0");
    ASSERT_TRUE(match.pause(at(10)).has_value());
    const auto r = match.play(san(match, "e4"), at(20));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().clock, ClockError::Paused);
    EXPECT_EQ(match.game().plies(), 0);
    ASSERT_TRUE(match.resume(at(100)).has_value());
    // Thinking time excludes the pause: 10 s before it, 5 s after.
    EXPECT_EQ(play(match, "e4", 105), (MoveTime{seconds(15), seconds(285)}));
}

TEST(Match, StartingRules) {  // 6.6
    Match waiting(Position(), control("5+0"));
    const auto early = waiting.play(san(waiting, "e4"), at(1));
    ASSERT_FALSE(early.has_value());
    EXPECT_EQ(early.error().clock, ClockError::NotStarted);
    ASSERT_TRUE(waiting.start(at(2)).has_value());
    EXPECT_EQ(waiting.start(at(3)).error().clock, ClockError::AlreadyStarted);
    // Black to move in the start position: Black's clock runs first.
    Match black(position("4k3/8/8/8/8/8/8/4K2R b K - 0 1"), control("5+0"));
    ASSERT_TRUE(black.start(at(0)).has_value());
    EXPECT_EQ(black.clock()->running(), B);
    // A position already decided never starts a clock.
    Match mate(position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), control("5+0"));
    EXPECT_TRUE(mate.game().is_over());
    EXPECT_EQ(mate.start(at(0)).error().refusal.code, RefusalCode::GameOver);
    EXPECT_FALSE(mate.clock()->started());
}

// ---------------------------------------------------------------- without clock, restored games

TEST(Match, WithoutClockTheTimePerMoveIsStillKept) {
    Match match(Position(), TimeControl::untimed());
    EXPECT_FALSE(match.clock().has_value());
    ASSERT_TRUE(match.start(at(0)).has_value());
    EXPECT_EQ(play(match, "e4", 7), (MoveTime{seconds(7), std::nullopt}));
    EXPECT_EQ(play(match, "e5", 9.5), (MoveTime{milliseconds(2500), std::nullopt}));
    EXPECT_FALSE(match.time_left(W, at(10)).has_value());
    EXPECT_FALSE(match.flag_check(at(1e9)).has_value());
    EXPECT_EQ(match.add_time(W, seconds(60), AdjustmentReason::Correction).error().clock, ClockError::Unplayable);
    EXPECT_EQ(match.pause(at(10)).error().clock, ClockError::Unplayable);
    // An unknown control plays without a clock too.
    EXPECT_FALSE(Match(Position(), TimeControl::unknown()).clock().has_value());
}

TEST(Match, ARestoredGameTimesTheMovesFromHere) {
    Game game;
    ASSERT_TRUE(game.play(Move(Square::E2, Square::E4)).has_value());
    Clock clock(control("3+2"));
    Match match(game, clock);
    EXPECT_EQ(match.first_timed_ply(), 1);
    ASSERT_TRUE(match.start(at(0)).has_value());
    EXPECT_EQ(match.clock()->running(), B);
    play(match, "c5", 4);
    ASSERT_EQ(match.move_times().size(), 1u);
    EXPECT_EQ(match.move_times()[0], (MoveTime{seconds(4), seconds(180 - 4 + 2)}));
    EXPECT_EQ(match_error_id(MatchError::Kind::TimeOver), "time-over");
}

}  // namespace
}  // namespace schach
