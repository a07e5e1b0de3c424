// The clock of Article 6 and time controls: checklist section E (items 36-46), J (66-67), N.
// The clock is pure, so time is injected as plain numbers: `at(90.5)` is 90.5 s after the epoch.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "game/clock.hpp"
#include "game/game.hpp"
#include "game/time_control.hpp"
#include "notation/notation.hpp"
#include "pgn/pgn.hpp"
#include "support/test_clock.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;

constexpr Color W = Color::White;
constexpr Color B = Color::Black;

using test::at;
using test::control;

Clock started(std::string_view spec, ClockOptions options = {}) {
    Clock clock(control(spec), options);
    EXPECT_TRUE(clock.start(at(0)).has_value());
    return clock;
}

/// Presses for `mover` and expects it to work.
PressResult press(Clock& clock, Color mover, double secs) {
    auto r = clock.press(mover, at(secs));
    EXPECT_TRUE(r.has_value()) << "press at " << secs << ": " << (r ? "" : clock_error_id(r.error()));
    return r.value_or(PressResult{});
}

// ---------------------------------------------------------------- TimeControl: grammar

TEST(TimeControl, ParsesFischerIncrement) {
    EXPECT_EQ(control("5+3"), TimeControl::fischer(minutes(5), seconds(3)));
    EXPECT_EQ(control("90+30"), TimeControl::fischer(minutes(90), seconds(30)));
    EXPECT_EQ(control("5+3s"), TimeControl::fischer(minutes(5), seconds(3)));
    EXPECT_EQ(control("5m+3s"), TimeControl::fischer(minutes(5), seconds(3)));
    EXPECT_EQ(control(" 5 + 3 "), TimeControl::fischer(minutes(5), seconds(3)));
    EXPECT_EQ(control("90"), TimeControl::fischer(minutes(90)));
    EXPECT_EQ(control("30s+0"), TimeControl::fischer(seconds(30)));
    EXPECT_EQ(control("0.5+0"), TimeControl::fischer(seconds(30)));
    EXPECT_EQ(control("0.25+0"), TimeControl::fischer(seconds(15)));
    EXPECT_EQ(control("2+0.5"), TimeControl::fischer(minutes(2), milliseconds(500)));
    EXPECT_EQ(control("0+1"), TimeControl::fischer(minutes(0), seconds(1)));  // gives time per move
}

TEST(TimeControl, ParsesMovesPeriods) {
    const TimeControl single = control("40/90+30");
    ASSERT_EQ(single.periods.size(), 1u);
    EXPECT_EQ(single.periods[0], (TimePeriod{40, minutes(90), seconds(30), milliseconds(0), DelayKind::None}));
    // A last period of N moves repeats.
    EXPECT_EQ(single.period(5), single.periods[0]);

    const TimeControl two = control("40/90,30+30");
    ASSERT_EQ(two.periods.size(), 2u);
    EXPECT_EQ(two.periods[0], (TimePeriod{40, minutes(90), seconds(0), milliseconds(0), DelayKind::None}));
    EXPECT_EQ(two.periods[1], (TimePeriod{0, minutes(30), seconds(30), milliseconds(0), DelayKind::None}));

    const TimeControl three = control("40/120, 20/60, 30");
    ASSERT_EQ(three.periods.size(), 3u);
    EXPECT_EQ(three.periods[1].moves, 20);
    EXPECT_EQ(three.periods[2].base, minutes(30));
}

TEST(TimeControl, FideShorthandMeansThenTheRestWithSharedIncrement) {
    const TimeControl fide = control("40/90+30,30+30");
    EXPECT_EQ(control("40/90+30+30s"), fide);
    EXPECT_EQ(control("40/90+30+30"), fide);
    EXPECT_EQ(control("40/90 + 30 + 30 s"), fide);
    EXPECT_EQ(control("40/90m+30+30s"), fide);
    // A delay as the shared bonus.
    const TimeControl delayed = control("40/120+30+5d5");
    ASSERT_EQ(delayed.periods.size(), 2u);
    EXPECT_EQ(delayed.periods[1].base, minutes(30));
    EXPECT_EQ(delayed.periods[0].increment, seconds(5));
    EXPECT_EQ(delayed.periods[1].delay, seconds(5));
    EXPECT_EQ(delayed.periods[1].delay_kind, DelayKind::Simple);
}

TEST(TimeControl, ParsesDelaysAndHourglass) {
    const TimeControl simple = control("5d3");
    EXPECT_EQ(simple.periods[0], (TimePeriod{0, minutes(5), seconds(0), seconds(3), DelayKind::Simple}));
    const TimeControl bronstein = control("5b3");
    EXPECT_EQ(bronstein.periods[0], (TimePeriod{0, minutes(5), seconds(0), seconds(3), DelayKind::Bronstein}));
    const TimeControl both = control("5+2d3");
    EXPECT_EQ(both.periods[0], (TimePeriod{0, minutes(5), seconds(2), seconds(3), DelayKind::Simple}));
    EXPECT_EQ(control("5D3"), simple);
    EXPECT_EQ(control("5d0"), TimeControl::fischer(minutes(5)));  // no delay is no delay

    EXPECT_EQ(control("h3"), TimeControl::hourglass(minutes(3)));
    EXPECT_EQ(control("hourglass 3"), TimeControl::hourglass(minutes(3)));
    EXPECT_EQ(control("Hourglass 3"), TimeControl::hourglass(minutes(3)));
    EXPECT_EQ(control("h 90s"), TimeControl::hourglass(seconds(90)));
    EXPECT_EQ(control("-"), TimeControl::untimed());
    EXPECT_EQ(control("?"), TimeControl::unknown());
}

struct BadSpec {
    std::string_view spec;
    TimeControlError::Kind kind;
    std::size_t offset;
};

TEST(TimeControl, ErrorsSayWhatAndWhere) {
    using K = TimeControlError::Kind;
    // clang-format off
    const std::vector<BadSpec> bad = {
        {"5+", K::Syntax, 2},          {"abc", K::Syntax, 0},         {"40/", K::Syntax, 3},
        {"5+-3", K::Syntax, 2},        {"0+0", K::NoTime, 0},         {"", K::Syntax, 0},
        {"   ", K::Syntax, 3},         {"0/90", K::ZeroMoves, 0},     {"90,30", K::RestNotLast, 2},
        {"90 , 30", K::RestNotLast, 3}, {"5.1234+0", K::TooPrecise, 5}, {"99999999+0", K::OutOfRange, 0},
        {"h3+2", K::HourglassBonus, 2}, {"h0", K::NoTime, 1},         {"40.5/90", K::Syntax, 0},
        {"5+3 x", K::Syntax, 4},       {"5x3", K::Syntax, 1},         {"5d", K::Syntax, 2},
        {"5.", K::Syntax, 2},          {"40/90,0+0", K::NoTime, 6},   {"40/90+30s+30", K::Syntax, 9},
        {"-5", K::Syntax, 1},          {"40/90+30+30s,5", K::Syntax, 12}, {"10001/90", K::OutOfRange, 0},
        {"40/90+0+0", K::NoTime, 6},
    };
    // clang-format on
    for (const BadSpec& b : bad) {
        auto r = parse_time_control(b.spec);
        ASSERT_FALSE(r.has_value()) << b.spec << " parsed as " << to_string(*r);
        EXPECT_EQ(r.error().kind, b.kind) << b.spec << ": " << describe(r.error(), Language::English);
        EXPECT_EQ(r.error().offset, b.offset) << b.spec << ": " << describe(r.error(), Language::English);
        EXPECT_NE(describe(r.error(), Language::English).find("offset " + std::to_string(b.offset)), std::string::npos)
            << describe(r.error(), Language::English);
    }
    EXPECT_NE(describe(parse_time_control("5+").error(), Language::English).find("seconds"), std::string::npos);
}

TEST(TimeControl, NormalizedFormReadsBack) {
    // clang-format off
    const std::vector<std::pair<std::string_view, std::string_view>> cases = {
        {"5+3", "5+3"},         {"90", "90+0"},           {"5 + 3s", "5+3"},        {"0.5+0", "30s+0"},
        {"1.5+0.5", "90s+0.5"}, {"5d3", "5d3"},           {"5b3", "5b3"},           {"5+2d3", "5+2d3"},
        {"h3", "h3"},           {"hourglass 0.5", "h30s"}, {"-", "-"},              {"?", "?"},
        {"40/90,30", "40/90+0,30+0"}, {"40/90+30+30s", "40/90+30,30+30"}, {"40/120", "40/120+0"},
        {"40/120+30+5d5", "40/120+5d5,30+5d5"},
        // FIDE's order, minutes before moves, and ":" between the periods.
        {"90/40+30:30+30", "40/90+30,30+30"}, {"120/40:60", "40/120+0,60+0"}, {"90/40+30+30s", "40/90+30,30+30"},
        {"40/90+30:30+30", "40/90+30,30+30"}, {"40/40", "40/40+0"},
        // Moves before minutes that FIDE's order would read the other way keep their unit.
        {"30/25m", "30/25m+0"}, {"60/20m+5", "60/20m+5"}, {"30/25s", "30/25s+0"}, {"20/61", "20/61+0"},
    };
    // clang-format on
    for (const auto& [spec, normal] : cases) {
        const TimeControl tc = control(spec);
        EXPECT_EQ(to_string(tc), normal) << spec;
        EXPECT_EQ(control(to_string(tc)), tc) << spec;
    }
}

// ---------------------------------------------------------------- TimeControl: presets

TEST(TimeControl, PresetsParseAndRoundTrip) {
    const auto& presets = time_control_presets();
    std::vector<std::string_view> names;
    for (const auto& p : presets) names.push_back(p.name);
    EXPECT_EQ(names,
              (std::vector<std::string_view>{"1+0", "3+2", "5+3", "10+5", "15+10", "25+10", "90+30", "40/90+30+30s"}));
    // clang-format off
    const std::vector<std::string_view> pgn = {"60",       "180+2",     "300+3", "600+5",
                                               "900+10",   "1500+10",   "5400+30", "40/5400+30:1800+30"};
    // clang-format on
    for (std::size_t i = 0; i < presets.size(); ++i) {
        const TimeControl& tc = presets[i].control;
        EXPECT_EQ(control(presets[i].name), tc) << presets[i].name;
        EXPECT_EQ(control(to_string(tc)), tc) << presets[i].name;
        EXPECT_EQ(to_pgn_time_control(tc), pgn[i]) << presets[i].name;
        EXPECT_EQ(parse_pgn_time_control(to_pgn_time_control(tc)), tc) << presets[i].name;
    }
    EXPECT_EQ(to_string(presets.back().control), "40/90+30,30+30");
    EXPECT_EQ(to_string(presets.front().control), "1+0");
}

// ---------------------------------------------------------------- TimeControl: PGN tag

TEST(TimeControl, PgnTagsRoundTrip) {
    // clang-format off
    const std::vector<std::string_view> tags = {"300+2", "40/5400+30:1800+30", "*60", "-", "?", "40/9000",
                                                "4500", "4500+60", "40/7200:3600", "300d5", "300b5",
                                                "300+2d5", "15", "0.5+0.1", "30/1500", "60/1200+5"};
    // clang-format on
    for (std::string_view tag : tags) {
        auto tc = parse_pgn_time_control(tag);
        ASSERT_TRUE(tc.has_value()) << tag << ": " << describe(tc.error(), Language::English);
        EXPECT_EQ(to_pgn_time_control(*tc), tag);
        // And through the human form.
        EXPECT_EQ(control(to_string(*tc)), *tc) << tag;
    }
    EXPECT_EQ(parse_pgn_time_control("300+2"), TimeControl::fischer(minutes(5), seconds(2)));
    EXPECT_EQ(parse_pgn_time_control("40/5400+30:1800+30"), time_control_presets().back().control);
    EXPECT_EQ(parse_pgn_time_control("*60"), TimeControl::hourglass(seconds(60)));
    EXPECT_EQ(parse_pgn_time_control("-"), TimeControl::untimed());
    EXPECT_EQ(parse_pgn_time_control("?"), TimeControl::unknown());
    EXPECT_EQ(parse_pgn_time_control(" 300+2 "), TimeControl::fischer(minutes(5), seconds(2)));
    // lichess writes "+0"; it reads the same as the standard's bare seconds.
    EXPECT_EQ(parse_pgn_time_control("60+0"), parse_pgn_time_control("60"));
    EXPECT_EQ(to_pgn_time_control(control("5d3")), "300d3");
    EXPECT_EQ(to_pgn_time_control(control("5b3")), "300b3");
}

TEST(TimeControl, PgnTagErrors) {
    using K = TimeControlError::Kind;
    // clang-format off
    const std::vector<BadSpec> bad = {
        {"", K::Syntax, 0},         {"300+", K::Syntax, 4},         {"1800:40/5400", K::RestNotLast, 4},
        {"*0", K::NoTime, 1},       {"*60+1", K::HourglassBonus, 3}, {"300 + 2", K::Syntax, 4},
        {"0", K::NoTime, 0},        {"5m", K::Syntax, 1},           {"40/", K::Syntax, 3},
        {"??", K::Syntax, 1},       {"0/60", K::ZeroMoves, 0},
    };
    // clang-format on
    for (const BadSpec& b : bad) {
        auto r = parse_pgn_time_control(b.spec);
        ASSERT_FALSE(r.has_value()) << b.spec;
        EXPECT_EQ(r.error().kind, b.kind) << b.spec << ": " << describe(r.error(), Language::English);
        EXPECT_EQ(r.error().offset, b.offset) << b.spec << ": " << describe(r.error(), Language::English);
    }
}

// ---------------------------------------------------------------- TimeControl: classification

TEST(TimeControl, ClassificationTableOfItem66) {
    // clang-format off
    const std::vector<std::pair<std::string_view, TimeClass>> table = {
        {"1+0", TimeClass::Blitz},      {"3+2", TimeClass::Blitz},      {"8+2", TimeClass::Blitz},
        {"10+0", TimeClass::Blitz},     {"10+5", TimeClass::Rapid},     {"15+10", TimeClass::Rapid},
        {"59+0", TimeClass::Rapid},     {"45+15", TimeClass::Classical}, {"50+10", TimeClass::Classical},
        {"60+0", TimeClass::Classical}, {"40/90+30+30s", TimeClass::Classical},
    };
    // clang-format on
    for (const auto& [spec, expected] : table)
        EXPECT_EQ(classify(control(spec)), expected) << spec << " is " << time_class_id(classify(control(spec)));
}

TEST(TimeControl, ClassificationPolicies) {
    // FIDE's "90 min for 40 moves + 30 min, 30 s per move" in its own order.
    EXPECT_EQ(classify(control("90/40+30:30+30")), TimeClass::Classical);
    // Minutes first only with 20 to 60 moves after them; a unit says which number is the time.
    EXPECT_EQ(control("60/30").periods[0].moves, 30);
    EXPECT_EQ(control("30/60").periods[0].moves, 30);
    EXPECT_EQ(control("90/40s").periods[0].moves, 90);
    EXPECT_EQ(control("2/1").periods[0].moves, 2);
    EXPECT_EQ(control("100/10").periods[0].moves, 100);
    // A delay counts like an increment.
    EXPECT_EQ(classify(control("5d5")), TimeClass::Blitz);
    EXPECT_EQ(classify(control("5b6")), TimeClass::Rapid);
    EXPECT_EQ(classify(control("30d30")), TimeClass::Classical);
    // Multi-period: the first period only.
    EXPECT_EQ(classify(control("40/9+0,120")), TimeClass::Blitz);
    EXPECT_EQ(classify(control("h3")), TimeClass::Blitz);
    EXPECT_EQ(classify(TimeControl::untimed()), TimeClass::Classical);
    EXPECT_EQ(classify(TimeControl::unknown()), TimeClass::Classical);

    EXPECT_EQ(time_class_id(TimeClass::Rapid), "rapid");
}

// ---------------------------------------------------------------- Clock

TEST(Clock, BothDisplaysShowTheBaseBeforeTheStart) {
    Clock clock(control("3+2"));
    EXPECT_FALSE(clock.started());
    EXPECT_FALSE(clock.running());
    EXPECT_EQ(clock.remaining(W, at(100)), minutes(3));
    EXPECT_EQ(clock.remaining(B, at(100)), minutes(3));
    EXPECT_EQ(clock.press(W, at(1)).error(), ClockError::NotStarted);
}

TEST(Clock, FischerIncrementAfterEachMove) {  // item 39
    Clock clock = started("3+2");
    EXPECT_EQ(clock.running(), W);
    EXPECT_EQ(clock.remaining(W, at(4)), seconds(176));
    const PressResult white = press(clock, W, 10);
    EXPECT_EQ(white.used, seconds(10));
    EXPECT_EQ(white.remaining, seconds(172));
    EXPECT_FALSE(white.flag_fell);
    EXPECT_EQ(clock.running(), B);
    EXPECT_EQ(clock.remaining(W, at(15)), seconds(172));
    EXPECT_EQ(press(clock, B, 15).remaining, seconds(177));
    EXPECT_EQ(press(clock, W, 15).remaining, seconds(174));  // an instant move gains the increment
    EXPECT_EQ(clock.moves_made(W), 2);
    EXPECT_EQ(clock.moves_made(B), 1);
}

TEST(Clock, IncrementBeforeTheFirstMoveIsAnOption) {  // item 39, SW choice
    Clock clock = started("3+2", ClockOptions{.increment_at_start = true});
    EXPECT_EQ(clock.remaining(W, at(0)), seconds(182));
    EXPECT_EQ(clock.remaining(B, at(0)), seconds(182));
    EXPECT_EQ(press(clock, W, 2).remaining, seconds(182));
}

TEST(Clock, SimpleDelayOfItem40) {
    Clock clock = started("5d5");
    EXPECT_EQ(clock.remaining(W, at(3)), minutes(5));  // the main time has not started yet
    EXPECT_EQ(clock.delay_left(at(3)), seconds(2));
    EXPECT_EQ(press(clock, W, 3).remaining, minutes(5));  // 5:00.0
    EXPECT_EQ(clock.remaining(B, at(8)), minutes(5));
    EXPECT_EQ(clock.remaining(B, at(11)), seconds(297));
    EXPECT_EQ(clock.delay_left(at(11)), seconds(0));
    EXPECT_EQ(press(clock, B, 11).remaining, seconds(297));  // moved in 8 s: 4:57.0
    EXPECT_EQ(format_clk(clock.remaining(B, at(11))), "0:04:57");
}

TEST(Clock, BronsteinDelayOfItem40) {
    Clock clock = started("5b5");
    EXPECT_EQ(clock.remaining(W, at(3)), seconds(297));      // counts at once
    EXPECT_EQ(press(clock, W, 3).remaining, minutes(5));     // and gives it back: 5:00.0
    EXPECT_EQ(press(clock, B, 11).remaining, seconds(297));  // moved in 8 s: 4:57.0
}

TEST(Clock, DelayKindsDifferInWhenTheFlagFalls) {
    // 2 s left and a 5 s delay: the simple delay protects the first 5 s, Bronstein does not.
    Clock simple = started("2sd5");
    EXPECT_FALSE(simple.flagged(W, at(6.999)));
    EXPECT_TRUE(simple.flagged(W, at(7)));
    Clock bronstein = started("2sb5");
    EXPECT_FALSE(bronstein.flagged(W, at(1.999)));
    EXPECT_TRUE(bronstein.flagged(W, at(2)));
    EXPECT_TRUE(bronstein.press(W, at(2.5))->flag_fell);
}

TEST(Clock, PeriodChangeOfItem38) {
    Clock clock = started("40/90+30+30s");
    double t = 0;
    for (int move = 1; move <= 39; ++move) {  // instant moves on both sides
        press(clock, W, t);
        press(clock, B, t);
    }
    EXPECT_EQ(clock.period(W), 0);
    EXPECT_EQ(clock.remaining(W, at(t)), seconds(5400 + 39 * 30));
    // White thinks until 1:00 is left, then completes move 40.
    t += 5400 + 39 * 30 - 60;
    EXPECT_EQ(clock.remaining(W, at(t)), seconds(60));
    const PressResult r = press(clock, W, t);
    EXPECT_TRUE(r.period_completed);
    EXPECT_FALSE(r.flag_fell);
    EXPECT_EQ(r.remaining, seconds(60 + 30 + 30 * 60));  // 1:00 + 30 s + 30:00
    EXPECT_EQ(clock.period(W), 1);
    EXPECT_EQ(clock.period(B), 0);
    EXPECT_EQ(clock.moves_made(W), 40);
    // The rest of the game: no more periods.
    for (int move = 41; move <= 100; ++move) {
        press(clock, B, t);
        press(clock, W, t);
    }
    EXPECT_EQ(clock.period(W), 1);
    EXPECT_EQ(clock.period(B), 1);
}

TEST(Clock, FlagFallDuringAPeriod) {  // item 38: a flag before move 40 loses
    Clock clock = started("40/90+30+30s");
    press(clock, W, 0);
    EXPECT_FALSE(clock.flagged(B, at(5400 - 0.001)));
    EXPECT_TRUE(clock.flagged(B, at(5400)));
    EXPECT_EQ(clock.remaining(B, at(6000)), milliseconds(0));
    EXPECT_FALSE(clock.flagged(W, at(6000)));  // only the running side's time goes
    // A late press reports it; the time stays at zero, no increment or new period is credited.
    const PressResult late = press(clock, B, 6000);
    EXPECT_TRUE(late.flag_fell);
    EXPECT_EQ(late.remaining, milliseconds(0));
    EXPECT_TRUE(clock.flagged(B, at(6000)));
    EXPECT_TRUE(clock.flagged(B, at(7000)));
    EXPECT_EQ(clock.running(), W);
}

TEST(Clock, RepeatingLastPeriodAddsItsTimeAgain) {
    Clock clock = started("40/120");
    for (int move = 1; move <= 80; ++move) {
        press(clock, W, 0);
        press(clock, B, 0);
    }
    EXPECT_EQ(clock.period(W), 2);
    EXPECT_EQ(clock.remaining(W, at(0)), minutes(360));
}

TEST(Clock, MateWithFiftyMillisecondsLeftWins) {  // item 37, 6.2.1.1
    Game game;
    Clock clock = started("1+0");
    auto play = [&](std::string_view uci, double secs) {
        auto m = parse_uci(game.position(), uci);
        ASSERT_TRUE(m.has_value()) << uci;
        ASSERT_TRUE(game.play(*m).has_value()) << uci;
        press(clock, game.position().side_to_move() == W ? B : W, secs);
    };
    play("f2f3", 1);
    play("e7e5", 1);
    play("g2g4", 2);
    // Black, with all 60 s left, thinks until 50 ms remain, then mates.
    const double mate_at = 2 + 60 - 0.05;
    EXPECT_EQ(clock.remaining(B, at(mate_at)), milliseconds(50));
    play("d8h4", mate_at);
    EXPECT_EQ(game.outcome().termination, Termination::Checkmate);
    EXPECT_EQ(game.outcome().result, Result::BlackWins);
    EXPECT_FALSE(clock.flagged(B, at(mate_at)));
    ASSERT_TRUE(clock.stop(at(mate_at)).has_value());
    // Later readings change nothing: the clock stopped with the game.
    EXPECT_EQ(clock.remaining(B, at(mate_at + 10)), milliseconds(50));
    EXPECT_FALSE(clock.running());
}

TEST(Clock, LatePressAfterAGameEndingMoveLeavesTheDecisionToTheCaller) {  // 6.2.1.1
    Clock clock = started("1+0");
    press(clock, W, 1);
    // The mating move was made at 60.95 s, but the clock is processed at 61.2 s.
    const PressResult r = press(clock, B, 61.2);
    EXPECT_TRUE(r.flag_fell);  // reported; a checkmate on the board stands, Game decides
    EXPECT_EQ(r.remaining, milliseconds(0));
}

TEST(Clock, PenaltiesAndBonusesAreRecorded) {  // items 44, 67
    Clock clock = started("25+10");
    press(clock, W, 20);
    // Black claims a draw incorrectly (9.5.3): White gets 2 minutes, also while Black's clock runs.
    clock.add_time(W, seconds(120), AdjustmentReason::IncorrectClaim);
    EXPECT_EQ(clock.remaining(W, at(30)), seconds(1500 - 20 + 10 + 120));
    // An illegal move by White (7.5.5): Black, the running side, gets 2 minutes.
    clock.add_time(B, seconds(120), AdjustmentReason::IllegalMove);
    EXPECT_EQ(clock.remaining(B, at(30)), seconds(1500 - 10 + 120));
    // A wrong setting corrected (6.10): time taken away.
    clock.add_time(W, seconds(-60), AdjustmentReason::Correction);
    EXPECT_EQ(clock.remaining(W, at(30)), seconds(1500 - 20 + 10 + 60));

    const std::vector<ClockAdjustment> log = {
        {W, seconds(120), AdjustmentReason::IncorrectClaim, 1},
        {B, seconds(120), AdjustmentReason::IllegalMove, 1},
        {W, seconds(-60), AdjustmentReason::Correction, 1},
    };
    EXPECT_EQ(clock.adjustments(), log);
    EXPECT_EQ(adjustment_reason_id(AdjustmentReason::IncorrectClaim), "incorrect-claim");
}

TEST(Clock, PenaltiesFromGameInARapidGame) {  // item 67: 1 minute in rapid
    const TimeControl tc = control("15+10");
    Game game(Position(), GameOptions{.time_class = classify(tc)});
    Clock clock(tc);
    ASSERT_TRUE(clock.start(at(0)).has_value());
    ASSERT_TRUE(game.illegal_move(W).has_value());
    for (const Penalty& p : game.penalties())
        clock.add_time(p.beneficiary, seconds(p.seconds), AdjustmentReason::IllegalMove);
    EXPECT_EQ(clock.remaining(B, at(0)), minutes(16));
}

TEST(TimeControl, GuidelinesIIIOnlyWithoutIncrementAndNeverInBlitz) {  // item 87
    EXPECT_TRUE(guidelines_iii_allowed(control("90")));
    EXPECT_TRUE(guidelines_iii_allowed(control("15+0")));
    EXPECT_TRUE(guidelines_iii_allowed(control("40/120,30")));
    EXPECT_FALSE(guidelines_iii_allowed(control("5+0")));  // blitz
    EXPECT_FALSE(guidelines_iii_allowed(control("90+30")));
    EXPECT_FALSE(guidelines_iii_allowed(control("40/90+30+30s")));
    EXPECT_FALSE(guidelines_iii_allowed(control("15d5")));
    EXPECT_FALSE(guidelines_iii_allowed(TimeControl::untimed()));
}

TEST(Clock, GuidelinesIIIRequestedIncrement) {  // item 89
    Clock clock = started("15+0");
    EXPECT_TRUE(clock.in_last_period(W));
    EXPECT_EQ(clock.increment(W), milliseconds(0));
    // White thinks until 2:00 is left: not yet under 2 minutes.
    EXPECT_FALSE(clock.may_request_increment(W, at(780)));
    EXPECT_TRUE(clock.may_request_increment(W, at(781)));
    EXPECT_FALSE(clock.may_request_increment(B, at(781)));  // not to move
    EXPECT_FALSE(clock.may_request_increment(W, at(900)));  // the flag has fallen
    // Refused by Black, approved by the arbiter: +5 s per move for both, Black +2 min.
    clock.set_increment(seconds(5), AdjustmentReason::Guidelines);
    clock.add_time(B, seconds(120), AdjustmentReason::Guidelines);
    EXPECT_FALSE(clock.may_request_increment(W, at(781)));
    EXPECT_EQ(press(clock, W, 781).remaining, seconds(119 + 5));
    EXPECT_EQ(press(clock, B, 791).remaining, seconds(900 + 120 - 10 + 5));
    ASSERT_EQ(clock.adjustments().size(), 3u);
    EXPECT_EQ(clock.adjustments()[0], (ClockAdjustment{W, seconds(5), AdjustmentReason::Guidelines, 0, true}));
    EXPECT_EQ(clock.adjustments()[1], (ClockAdjustment{B, seconds(5), AdjustmentReason::Guidelines, 0, true}));
    EXPECT_EQ(clock.adjustments()[2], (ClockAdjustment{B, seconds(120), AdjustmentReason::Guidelines, 0, false}));
    EXPECT_EQ(clock.control(), control("15+0"));  // the announced control stays as it was
}

TEST(Clock, LastPeriod) {
    Clock clock = started("40/90+30+30s");
    EXPECT_FALSE(clock.in_last_period(W));
    for (int move = 1; move <= 40; ++move) {
        press(clock, W, 0);
        press(clock, B, 0);
    }
    EXPECT_TRUE(clock.in_last_period(W));
    EXPECT_TRUE(clock.in_last_period(B));
}

TEST(Clock, PauseAndResume) {  // item 45, 6.11
    Clock clock = started("10+0");
    ASSERT_TRUE(clock.pause(at(10)).has_value());
    EXPECT_TRUE(clock.paused());
    EXPECT_FALSE(clock.running());
    EXPECT_EQ(clock.to_move(), W);
    EXPECT_EQ(clock.remaining(W, at(100)), seconds(590));
    EXPECT_EQ(clock.press(W, at(50)).error(), ClockError::Paused);
    EXPECT_EQ(clock.pause(at(60)).error(), ClockError::Paused);
    ASSERT_TRUE(clock.resume(at(100)).has_value());
    EXPECT_EQ(clock.running(), W);
    EXPECT_EQ(clock.remaining(W, at(110)), seconds(580));
    EXPECT_EQ(clock.turn_time(at(110)), seconds(20));
    const PressResult r = press(clock, W, 110);
    EXPECT_EQ(r.used, seconds(20));  // the pause is not thinking time
    EXPECT_EQ(clock.resume(at(120)).error(), ClockError::NotPaused);
}

TEST(Clock, PauseKeepsTheDelayUsedSoFar) {
    Clock clock = started("5d5");
    ASSERT_TRUE(clock.pause(at(3)).has_value());
    ASSERT_TRUE(clock.resume(at(50)).has_value());
    EXPECT_EQ(clock.delay_left(at(50)), seconds(2));
    EXPECT_EQ(press(clock, W, 54).remaining, seconds(298));
}

TEST(Clock, Hourglass) {
    Clock clock = started("h1");
    EXPECT_EQ(clock.remaining(B, at(10)), seconds(70));  // the waiting side gains as sand runs
    EXPECT_EQ(press(clock, W, 10).remaining, seconds(50));
    EXPECT_EQ(clock.remaining(B, at(10)), seconds(70));
    EXPECT_EQ(clock.remaining(W, at(15)), seconds(55));
    EXPECT_EQ(clock.remaining(B, at(15)), seconds(65));
    press(clock, B, 15);
    // White lets the sand run out: Black can gain no more than White had.
    EXPECT_TRUE(clock.flagged(W, at(70)));
    EXPECT_EQ(clock.remaining(B, at(100)), seconds(120));
    EXPECT_TRUE(press(clock, W, 100).flag_fell);
    EXPECT_EQ(clock.remaining(B, at(100)), seconds(120));
    EXPECT_EQ(clock.remaining(W, at(100)), seconds(0));
}

TEST(Clock, AtMostOneSideRunsAndTheOtherStandsStill) {  // item 36
    for (std::string_view spec : {"3+2", "5d3", "5b3", "40/90+30+30s"}) {
        Clock clock(control(spec));
        double t = 0;
        auto check = [&] {
            const std::optional<Color> run = clock.running();
            for (Color c : Colors) {
                if (run == c) continue;
                EXPECT_EQ(clock.remaining(c, at(t)), clock.remaining(c, at(t + 30))) << spec;
            }
            if (run) {
                EXPECT_LT(clock.remaining(*run, at(t + 30)), clock.remaining(*run, at(t))) << spec;
            }
        };
        check();
        ASSERT_TRUE(clock.start(at(t)).has_value());
        check();
        for (int i = 0; i < 30; ++i) {
            t += 1 + i % 7;
            if (i % 5 == 3) {
                ASSERT_TRUE(clock.pause(at(t)).has_value());
                check();
                t += 4;
                ASSERT_TRUE(clock.resume(at(t)).has_value());
                check();
                t += 1;
            }
            ASSERT_TRUE(clock.press(*clock.running(), at(t)).has_value());
            check();
            if (i % 4 == 0) {
                clock.add_time(Color::Black, seconds(5), AdjustmentReason::Sanction);
                check();
            }
        }
        ASSERT_TRUE(clock.stop(at(t + 2)).has_value());
        check();
    }
}

TEST(Clock, StartWithBlackAndStop) {
    Clock clock(control("5+0"));
    ASSERT_TRUE(clock.start(at(0), B).has_value());
    EXPECT_EQ(clock.running(), B);
    EXPECT_EQ(clock.press(W, at(1)).error(), ClockError::NotYourTurn);
    press(clock, B, 5);
    ASSERT_TRUE(clock.stop(at(12)).has_value());
    EXPECT_TRUE(clock.stopped());
    EXPECT_FALSE(clock.running());
    EXPECT_EQ(clock.remaining(W, at(100)), seconds(293));
    EXPECT_EQ(clock.remaining(B, at(100)), seconds(295));
    EXPECT_EQ(clock.press(W, at(13)).error(), ClockError::Stopped);
}

TEST(Clock, RefusesWhatCannotHappen) {
    Clock clock = started("5+0");
    EXPECT_EQ(clock.start(at(1)).error(), ClockError::AlreadyStarted);
    press(clock, W, 10);
    EXPECT_EQ(clock.press(B, at(9)).error(), ClockError::TimeWentBack);
    EXPECT_EQ(clock.pause(at(9)).error(), ClockError::TimeWentBack);
    EXPECT_EQ(clock.resume(at(11)).error(), ClockError::NotPaused);

    Clock untimed(TimeControl::untimed());
    EXPECT_EQ(untimed.start(at(0)).error(), ClockError::Unplayable);
    Clock unknown(TimeControl::unknown());
    EXPECT_EQ(unknown.start(at(0)).error(), ClockError::Unplayable);
    Clock empty(TimeControl{});
    EXPECT_EQ(empty.start(at(0)).error(), ClockError::Unplayable);
    EXPECT_EQ(clock_error_id(ClockError::TimeWentBack), "time-went-back");
}

TEST(Clock, IsAValueThatReplaysExactly) {
    Clock a = started("3+2");
    Clock b = a;
    for (Clock* c : {&a, &b}) {
        press(*c, W, 3.5);
        press(*c, B, 7.25);
        c->add_time(W, seconds(60), AdjustmentReason::IllegalMove);
    }
    EXPECT_EQ(a, b);
    press(a, W, 9);
    EXPECT_NE(a, b);
}

TEST(Clock, FormatClkForComments) {
    EXPECT_EQ(format_clk(milliseconds(3723000)), "1:02:03");
    EXPECT_EQ(format_clk(milliseconds(5300)), "0:00:05.3");
    EXPECT_EQ(format_clk(milliseconds(5399)), "0:00:05.3");  // truncated
    EXPECT_EQ(format_clk(milliseconds(5050)), "0:00:05");
    EXPECT_EQ(format_clk(milliseconds(50)), "0:00:00");
    EXPECT_EQ(format_clk(milliseconds(0)), "0:00:00");
    EXPECT_EQ(format_clk(milliseconds(-500)), "0:00:00");
    EXPECT_EQ(format_clk(std::chrono::hours(10)), "10:00:00");
    for (std::int64_t ms : {0LL, 5300LL, 3723000LL, 5400000LL, 59900LL}) {
        const CommentCommands c = parse_comment("[%clk " + format_clk(milliseconds(ms)) + "]");
        ASSERT_TRUE(c.clock_seconds.has_value()) << ms;
        EXPECT_NEAR(*c.clock_seconds, static_cast<double>(ms) / 1000, 1e-9) << format_clk(milliseconds(ms));
    }
}

}  // namespace
}  // namespace schach
