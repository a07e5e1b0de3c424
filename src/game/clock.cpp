#include "game/clock.hpp"

#include <algorithm>

namespace schach {
namespace {

using ms = std::chrono::milliseconds;

ms positive(ms t) { return std::max(t, ms(0)); }

bool has_delay(const TimePeriod& p) { return p.delay_kind != DelayKind::None && p.delay > ms(0); }

}  // namespace

std::string_view clock_error_id(ClockError e) {
    switch (e) {
        case ClockError::Unplayable: return "unplayable";
        case ClockError::NotStarted: return "not-started";
        case ClockError::AlreadyStarted: return "already-started";
        case ClockError::Stopped: return "stopped";
        case ClockError::Paused: return "paused";
        case ClockError::NotPaused: return "not-paused";
        case ClockError::NotYourTurn: return "not-your-turn";
        case ClockError::TimeWentBack: return "time-went-back";
    }
    return "unplayable";
}

std::string_view adjustment_reason_id(AdjustmentReason r) {
    switch (r) {
        case AdjustmentReason::IncorrectClaim: return "incorrect-claim";
        case AdjustmentReason::IllegalMove: return "illegal-move";
        case AdjustmentReason::Correction: return "correction";
        case AdjustmentReason::Sanction: return "sanction";
        case AdjustmentReason::Guidelines: return "guidelines";
    }
    return "correction";
}

Clock::Clock(TimeControl control, ClockOptions options) : control_(std::move(control)), options_(options) {
    if (!playable()) return;
    const TimePeriod& first = control_.period(0);
    const ms start = first.base + (options_.increment_at_start ? first.increment : ms(0));
    bank_[Color::White] = start;
    bank_[Color::Black] = start;
}

std::optional<Color> Clock::running() const {
    if (!started_ || paused_ || stopped_) return std::nullopt;
    return turn_;
}

std::expected<void, ClockError> Clock::check_event(ms now) const {
    if (!started_) return std::unexpected(ClockError::NotStarted);
    if (stopped_) return std::unexpected(ClockError::Stopped);
    if (now < last_event_) return std::unexpected(ClockError::TimeWentBack);
    return {};
}

std::expected<void, ClockError> Clock::start(ms now, Color first) {
    if (!playable()) return std::unexpected(ClockError::Unplayable);
    if (started_) return std::unexpected(ClockError::AlreadyStarted);
    started_ = true;
    turn_ = first;
    since_ = now;
    last_event_ = now;
    return {};
}

Clock::ms Clock::used(ms now) const {
    if (!running()) return turn_used_;
    return turn_used_ + positive(now - since_);
}

Clock::ms Clock::charged(Color side, ms used_time) const {
    // A simple delay holds the main time still for its first `delay` ms; Bronstein charges all
    // of it while the turn lasts and refunds at the press.
    const TimePeriod& p = current_period(side);
    if (p.delay_kind == DelayKind::Simple && has_delay(p)) return positive(used_time - p.delay);
    return used_time;
}

Clock::ms Clock::remaining(Color side, ms now) const {
    if (!turn_ || stopped_) return positive(bank_[side]);
    const Color mover = *turn_;
    const ms used_time = used(now);
    if (side == mover) return positive(bank_[side] - charged(side, used_time));
    // The sand runs from one glass into the other only while there is sand to run.
    if (control_.is_hourglass()) return positive(bank_[side] + std::min(used_time, positive(bank_[mover])));
    return positive(bank_[side]);
}

Clock::ms Clock::delay_left(ms now) const {
    if (!running()) return ms(0);
    const TimePeriod& p = current_period(*turn_);
    if (!has_delay(p) || control_.is_hourglass()) return ms(0);
    return positive(p.delay - used(now));
}

Clock::ms Clock::turn_time(ms now) const { return turn_ && !stopped_ ? used(now) : ms(0); }

void Clock::settle_hourglass(Color mover, ms used_time) {
    const ms moved = std::min(used_time, positive(bank_[mover]));
    bank_[mover] -= moved;
    bank_[~mover] += moved;
}

bool Clock::count_move(Color mover) {
    ++moves_[mover];
    ++period_moves_[mover];
    const int needed = current_period(mover).moves;
    if (control_.is_hourglass() || needed == 0 || period_moves_[mover] < needed) return false;
    // 6.3.2: the unused time carries over; the next period's time comes on top of it.
    ++period_[mover];
    period_moves_[mover] = 0;
    return true;
}

std::expected<PressResult, ClockError> Clock::press(Color mover, ms now) {
    if (auto ok = check_event(now); !ok) return std::unexpected(ok.error());
    if (paused_) return std::unexpected(ClockError::Paused);
    if (turn_ != mover) return std::unexpected(ClockError::NotYourTurn);

    PressResult result;
    result.used = used(now);
    result.flag_fell = remaining(mover, now) <= ms(0);
    if (control_.is_hourglass()) {
        settle_hourglass(mover, result.used);
        count_move(mover);
    } else if (result.flag_fell) {
        // Too late for any bonus: the time requirement of the period was not met (6.3.1).
        bank_[mover] = ms(0);
        ++moves_[mover];
    } else {
        const TimePeriod& p = current_period(mover);
        bank_[mover] -= charged(mover, result.used);
        if (p.delay_kind == DelayKind::Bronstein && has_delay(p)) bank_[mover] += std::min(result.used, p.delay);
        bank_[mover] += increment(mover);
        result.period_completed = count_move(mover);
        if (result.period_completed) bank_[mover] += current_period(mover).base;
    }
    result.remaining = positive(bank_[mover]);

    turn_ = ~mover;
    turn_used_ = ms(0);
    since_ = now;
    last_event_ = now;
    return result;
}

std::expected<void, ClockError> Clock::pause(ms now) {
    if (auto ok = check_event(now); !ok) return ok;
    if (paused_) return std::unexpected(ClockError::Paused);
    turn_used_ = used(now);
    paused_ = true;
    last_event_ = now;
    return {};
}

std::expected<void, ClockError> Clock::resume(ms now) {
    if (auto ok = check_event(now); !ok) return ok;
    if (!paused_) return std::unexpected(ClockError::NotPaused);
    paused_ = false;
    since_ = now;
    last_event_ = now;
    return {};
}

std::expected<void, ClockError> Clock::stop(ms now) {
    if (auto ok = check_event(now); !ok) return ok;
    const Color mover = *turn_;
    const ms used_time = used(now);
    if (control_.is_hourglass()) settle_hourglass(mover, used_time);
    else bank_[mover] = std::max(ms(0), bank_[mover] - charged(mover, used_time));
    turn_used_ = ms(0);
    paused_ = false;
    stopped_ = true;
    last_event_ = now;
    return {};
}

Clock::ms Clock::increment(Color side) const {
    if (!playable() || control_.is_hourglass()) return ms(0);
    return increment_override_.value_or(current_period(side).increment);
}

bool Clock::may_request_increment(Color player, ms now) const {
    if (!started_ || stopped_ || turn_ != player || increment_override_) return false;
    if (!guidelines_iii_allowed(control_)) return false;
    const ms left = remaining(player, now);
    return left > ms(0) && left < std::chrono::minutes(2);
}

void Clock::set_increment(ms amount, AdjustmentReason reason) {
    increment_override_ = amount;
    const int ply = moves_[Color::White] + moves_[Color::Black];
    for (Color side : Colors) adjustments_.push_back({side, amount, reason, ply, true});
}

void Clock::add_time(Color side, ms amount, AdjustmentReason reason) {
    bank_[side] += amount;
    adjustments_.push_back({side, amount, reason, moves_[Color::White] + moves_[Color::Black], false});
}

std::string format_clk(std::chrono::milliseconds time) {
    const std::int64_t total = positive(time).count();
    const std::int64_t seconds = total / 1000;
    const std::int64_t tenths = total % 1000 / 100;
    auto two = [](std::int64_t v) { return (v < 10 ? "0" : "") + std::to_string(v); };
    std::string out = std::to_string(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60);
    if (tenths != 0) out += "." + std::to_string(tenths);
    return out;
}

}  // namespace schach
