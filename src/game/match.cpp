#include "game/match.hpp"

#include <utility>

namespace schach {
namespace {

std::unexpected<MatchError> rules(Refusal r) { return std::unexpected(MatchError{MatchError::Kind::Rules, r}); }

std::unexpected<MatchError> clock_error(ClockError e) {
    return std::unexpected(MatchError{MatchError::Kind::Clock, Refusal{}, e});
}

std::unexpected<MatchError> game_over() { return rules(Refusal{RefusalCode::GameOver}); }

std::optional<Clock> timed_clock(const TimeControl& control, ClockOptions options) {
    if (!control.is_timed() || control.periods.empty()) return std::nullopt;
    return Clock(control, options);
}

GameOptions with_time_class(GameOptions options, const TimeControl& control) {
    options.time_class = classify(control);
    return options;
}

}  // namespace

std::string_view match_error_id(MatchError::Kind kind) {
    switch (kind) {
        case MatchError::Kind::Rules: return "rules";
        case MatchError::Kind::Clock: return "clock";
        case MatchError::Kind::TimeOver: return "time-over";
    }
    return "rules";
}

Match::Match(Position start, const TimeControl& control, GameOptions options, ClockOptions clock_options)
    : Match(Game(start, with_time_class(options, control)), timed_clock(control, clock_options)) {}

Match::Match(Game game, std::optional<Clock> clock)
    : game_(std::move(game)), clock_(std::move(clock)), first_timed_ply_(game_.plies()),
      penalties_applied_(game_.penalties().size()) {
    // The penalties the game holds already are on the clock as it was given.
    if (clock_ && !clock_->control().is_timed()) clock_.reset();
    started_ = clock_ && clock_->started();
}

std::expected<void, MatchError> Match::check_time(ms now) const {
    if (last_event_ && now < *last_event_) return clock_error(ClockError::TimeWentBack);
    return {};
}

std::expected<void, MatchError> Match::before_action(ms now) {
    if (auto ok = check_time(now); !ok) return ok;
    if (game_.is_over()) return game_over();
    if (flag_check(now)) return std::unexpected(MatchError{MatchError::Kind::TimeOver});
    return {};
}

std::expected<void, MatchError> Match::start(ms now) {
    if (game_.is_over()) return game_over();
    if (started_) return clock_error(ClockError::AlreadyStarted);
    if (auto ok = check_time(now); !ok) return ok;
    if (clock_) {
        if (auto ok = clock_->start(now, game_.position().side_to_move()); !ok) return clock_error(ok.error());
    }
    started_ = true;
    turn_began_ = now;
    last_event_ = now;
    return {};
}

std::expected<void, MatchError> Match::can_press(Color mover, ms now) const {
    if (!clock_) return {};
    Clock trial = *clock_;
    if (auto pressed = trial.press(mover, now); !pressed) return clock_error(pressed.error());
    return {};
}

MoveTime Match::record_move(Color mover, ms now) {
    MoveTime t;
    if (clock_) {
        // can_press() succeeded at this `now`, and the flag was checked before: the press works
        // and reports no flag fall, whatever the move did on the board.
        const auto pressed = clock_->press(mover, now);
        t.used = pressed ? pressed->used : ms(0);
        t.clock = pressed ? pressed->remaining : clock_->remaining(mover, now);
    } else if (turn_began_) {
        t.used = now - *turn_began_;
    }
    turn_began_ = now;
    move_times_.push_back(t);
    return t;
}

void Match::apply_penalties(AdjustmentReason reason) {
    const std::vector<Penalty>& penalties = game_.penalties();
    for (; penalties_applied_ < penalties.size(); ++penalties_applied_) {
        const Penalty& p = penalties[penalties_applied_];
        if (clock_) clock_->add_time(p.beneficiary, std::chrono::seconds(p.seconds), reason);
    }
}

void Match::settle(ms now) {
    last_event_ = now;
    if (game_.is_over() && clock_ && clock_->started() && !clock_->stopped()) (void)clock_->stop(now);
}

std::expected<MoveTime, MatchError> Match::play(Move m, ms now) {
    if (auto ok = before_action(now); !ok) return std::unexpected(ok.error());
    const Color mover = game_.position().side_to_move();
    if (auto ok = can_press(mover, now); !ok) return std::unexpected(ok.error());
    if (auto played = game_.play(m); !played) return rules(played.error());
    const MoveTime t = record_move(mover, now);
    settle(now);
    return t;
}

std::optional<FlagFall> Match::flag_check(ms now) {
    if (!clock_ || !clock_->started() || clock_->stopped() || game_.is_over()) return std::nullopt;
    if (!check_time(now)) return std::nullopt;
    const std::optional<Color> side = clock_->to_move();
    if (!side || !clock_->flagged(*side, now)) return std::nullopt;
    auto outcome = game_.flag(*side);
    if (!outcome) return std::nullopt;
    flag_fall_ = FlagFall{*side, *outcome};
    settle(now);
    return flag_fall_;
}

Outcome Match::outcome(ms now) const {
    const Outcome decided = game_.outcome();
    if (decided.is_over() || !clock_ || !clock_->started() || clock_->stopped()) return decided;
    const std::optional<Color> side = clock_->to_move();
    if (!side || !clock_->flagged(*side, now)) return decided;
    // As Game::flag would rule it (6.9), without recording it.
    return game_.can_win(~*side) ? Outcome{win_for(~*side), Termination::TimeForfeit}
                                 : Outcome{Result::Draw, Termination::TimeForfeit};
}

std::expected<ClaimResult, MatchError> Match::claim_draw(Color claimant, DrawClaim claim, std::optional<Move> intended,
                                                         ms now) {
    if (auto ok = before_action(now); !ok) return std::unexpected(ok.error());
    // An incorrect claim plays the intended move (9.5.3): its press must be possible first, so
    // that the move is never on the board without its clock time.
    if (intended && claimant == game_.position().side_to_move()) {
        if (auto ok = can_press(claimant, now); !ok) return std::unexpected(ok.error());
    }
    auto result = game_.claim_draw(claimant, claim, intended);
    if (!result) return rules(result.error());
    apply_penalties(AdjustmentReason::IncorrectClaim);
    if (result->played) record_move(claimant, now);
    settle(now);
    return *result;
}

std::expected<void, MatchError> Match::offer_draw(Color c, ms now) {
    if (auto ok = before_action(now); !ok) return ok;
    if (auto r = game_.offer_draw(c); !r) return rules(r.error());
    settle(now);  // an offer against the opponent's agrees (9.1.2)
    return {};
}

std::expected<void, MatchError> Match::accept_draw(Color c, ms now) {
    if (auto ok = before_action(now); !ok) return ok;
    if (auto r = game_.accept_draw(c); !r) return rules(r.error());
    settle(now);
    return {};
}

std::expected<void, MatchError> Match::decline_draw(Color c, ms now) {
    if (auto ok = before_action(now); !ok) return ok;
    if (auto r = game_.decline_draw(c); !r) return rules(r.error());
    settle(now);
    return {};
}

std::expected<Outcome, MatchError> Match::resign(Color c, ms now) {
    if (auto ok = before_action(now); !ok) return std::unexpected(ok.error());
    auto outcome = game_.resign(c);
    if (!outcome) return rules(outcome.error());
    settle(now);
    return *outcome;
}

std::expected<Outcome, MatchError> Match::illegal_move(Color c, ms now) {
    if (auto ok = before_action(now); !ok) return std::unexpected(ok.error());
    auto outcome = game_.illegal_move(c);
    if (!outcome) return rules(outcome.error());
    apply_penalties(AdjustmentReason::IllegalMove);
    settle(now);
    return *outcome;
}

std::expected<void, MatchError> Match::touch(Color c, Square s, ms now) {
    if (auto ok = before_action(now); !ok) return ok;
    if (auto r = game_.touch(c, s); !r) return rules(r.error());
    settle(now);
    return {};
}

std::expected<void, MatchError> Match::add_time(Color side, ms amount, AdjustmentReason reason) {
    if (!clock_) return clock_error(ClockError::Unplayable);
    clock_->add_time(side, amount, reason);
    return {};
}

std::expected<void, MatchError> Match::set_increment(ms amount, AdjustmentReason reason) {
    if (!clock_) return clock_error(ClockError::Unplayable);
    clock_->set_increment(amount, reason);
    return {};
}

std::expected<void, MatchError> Match::clock_event(ms now, ClockEvent event) {
    if (!clock_) return clock_error(ClockError::Unplayable);
    if (auto ok = check_time(now); !ok) return ok;
    if (auto ok = ((*clock_).*event)(now); !ok) return clock_error(ok.error());
    last_event_ = now;
    return {};
}

std::expected<void, MatchError> Match::pause(ms now) { return clock_event(now, &Clock::pause); }

std::expected<void, MatchError> Match::resume(ms now) { return clock_event(now, &Clock::resume); }

std::optional<Match::ms> Match::time_left(Color side, ms now) const {
    if (!clock_) return std::nullopt;
    return clock_->remaining(side, now);
}

}  // namespace schach
