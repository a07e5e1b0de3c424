#include "review/scale.hpp"

#include <algorithm>
#include <cmath>

namespace schach::review {

int ceiled_cp(Eval e) {
    if (e.kind != Eval::Kind::Centipawns) return e.value > 0 ? 1000 : -1000;
    return std::clamp(e.value, -1000, 1000);
}

double winning_chances(Eval e) {
    constexpr double Slope = 0.00368208;
    return 2.0 / (1.0 + std::exp(-Slope * ceiled_cp(e))) - 1.0;
}

double win_percent(Eval e) { return 50.0 + 50.0 * winning_chances(e); }

namespace {

/// lila's MateAdvice: a mate that appears against the mover, or the mover's own mate that goes.
Verdict judge_mate(Eval before, Eval after) {
    const bool had_mate = before.is_mate() && before.value > 0;
    const bool gets_mated = after.is_mate() && after.value < 0;
    const bool still_mates = after.is_mate() && after.value > 0;
    Verdict v;
    if (!before.is_mate() && gets_mated) {
        v.cause = JudgementCause::MateCreated;
        const int cp = before.value;
        v.judgement = cp < -999 ? Judgement::Inaccuracy : cp < -700 ? Judgement::Mistake : Judgement::Blunder;
    } else if (had_mate && !still_mates) {
        v.cause = JudgementCause::MateLost;
        const int cp = after.is_mate() ? 0 : after.value;  // lila counts a mate after as 0 here
        v.judgement = cp > 999 ? Judgement::Inaccuracy : cp > 700 ? Judgement::Mistake : Judgement::Blunder;
    }
    // Being mated already gives no new judgement, whatever follows (as in lila).
    return v;
}

}  // namespace

Verdict judge(Eval before, Eval after, Color mover) {
    const Eval b = before.for_side(mover);
    const Eval a = after.for_side(mover);
    if (b.is_mate() || a.is_mate()) return judge_mate(b, a);
    Verdict v;
    v.drop = winning_chances(b) - winning_chances(a);
    v.cause = JudgementCause::WinningChances;
    // A tiny epsilon so that a drop of exactly 0.3 computed as 0.29999999 still counts.
    constexpr double Eps = 1e-12;
    if (v.drop + Eps >= 0.3) v.judgement = Judgement::Blunder;
    else if (v.drop + Eps >= 0.2) v.judgement = Judgement::Mistake;
    else if (v.drop + Eps >= 0.1) v.judgement = Judgement::Inaccuracy;
    else v.cause = JudgementCause::None;
    return v;
}

double move_accuracy(double win_before, double win_after) {
    if (win_after >= win_before) return 100.0;
    const double drop = win_before - win_after;
    const double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * drop) - 3.166924740191411;
    // lila adds 1 for the uncertainty of an imperfect analysis.
    return std::clamp(raw + 1.0, 0.0, 100.0);
}

namespace {

double standard_deviation(std::span<const double> xs) {
    if (xs.empty()) return 0;
    double mean = 0;
    for (double x : xs) mean += x;
    mean /= static_cast<double>(xs.size());
    double var = 0;
    for (double x : xs) var += (x - mean) * (x - mean);
    return std::sqrt(var / static_cast<double>(xs.size()));
}

struct Weighted {
    double accuracy;
    double weight;
};

std::optional<double> side_accuracy(const std::vector<Weighted>& moves) {
    if (moves.empty()) return std::nullopt;
    double sum = 0, weights = 0, inverse = 0;
    bool zero = false;
    for (const Weighted& m : moves) {
        sum += m.accuracy * m.weight;
        weights += m.weight;
        if (m.accuracy <= 0) zero = true;
        else inverse += 1.0 / m.accuracy;
    }
    const double weighted = sum / weights;
    // A move of accuracy 0 makes the harmonic mean 0 (1/0 is infinite).
    const double harmonic = zero ? 0.0 : static_cast<double>(moves.size()) / inverse;
    return (weighted + harmonic) / 2.0;
}

}  // namespace

GameAccuracy game_accuracy(std::span<const Eval> evals, Color first) {
    GameAccuracy result;
    if (evals.size() < 2) return result;
    std::vector<double> win;
    win.reserve(evals.size());
    for (Eval e : evals) win.push_back(win_percent(e));
    const std::size_t moves = evals.size() - 1;
    const std::size_t window = std::clamp<std::size_t>(moves / 10, 2, 8);
    // One weight per move: the first window - 2 moves share the first window, then the windows
    // slide one position at a time (a list shorter than the window is one window).
    std::vector<double> weights;
    const auto weight_of = [&](std::size_t start) {
        const std::size_t len = std::min(window, win.size() - start);
        return std::clamp(standard_deviation(std::span(win).subspan(start, len)), 0.5, 12.0);
    };
    for (std::size_t i = 0; i + 2 < window; ++i) weights.push_back(weight_of(0));
    for (std::size_t start = 0; start == 0 || start + window <= win.size(); ++start)
        weights.push_back(weight_of(start));
    std::vector<Weighted> white, black;
    for (std::size_t i = 0; i < moves && i < weights.size(); ++i) {
        const bool white_moves = (i % 2 == 0) == (first == Color::White);
        const double before = white_moves ? win[i] : 100.0 - win[i];
        const double after = white_moves ? win[i + 1] : 100.0 - win[i + 1];
        (white_moves ? white : black).push_back({move_accuracy(before, after), weights[i]});
    }
    result.white = side_accuracy(white);
    result.black = side_accuracy(black);
    return result;
}

int centipawn_loss(Eval before, Eval after, Color mover) {
    const int b = ceiled_cp(before.for_side(mover));
    const int a = ceiled_cp(after.for_side(mover));
    return std::max(0, b - a);
}

}  // namespace schach::review
