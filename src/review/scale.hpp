#pragma once
// The scale of a game review, on lichess's figures so that results compare: winning chances from
// an evaluation, the judgement of a move by the drop in the mover's winning chances (with the
// rules for forced mates), and the accuracy of a side (lila's AccuracyPercent). Pure functions of
// evaluations; the searches that produce them are in review/game_review.hpp.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/types.hpp"

namespace schach::review {

/// An evaluation from White's point of view.
struct Eval {
    enum class Kind : std::uint8_t {
        Centipawns,
        Mate,       // `value` moves to mate: > 0 White mates, < 0 Black mates
        Checkmate,  // the position is mate on the board: `value` +1 White has mated, -1 Black has
    };
    Kind kind = Kind::Centipawns;
    int value = 0;

    static constexpr Eval cp(int centipawns) { return {Kind::Centipawns, centipawns}; }
    static constexpr Eval mate(int moves) { return {Kind::Mate, moves}; }
    static constexpr Eval checkmate(Color winner) { return {Kind::Checkmate, winner == Color::White ? 1 : -1}; }
    bool is_mate() const { return kind != Kind::Centipawns; }
    /// The evaluation from `side`'s point of view.
    Eval for_side(Color side) const { return side == Color::White ? *this : Eval{kind, -value}; }
    friend bool operator==(const Eval&, const Eval&) = default;
};

/// Centipawns clamped to +-1000, a mate (or a mate on the board) as +-1000.
int ceiled_cp(Eval e);
/// 2 / (1 + e^(-0.00368208 cp)) - 1 of the ceiled centipawns: White's winning chances in [-1, 1].
double winning_chances(Eval e);
/// 50 + 50 * winning_chances: White's Win% in [0, 100].
double win_percent(Eval e);

enum class Judgement : std::uint8_t { None, Inaccuracy, Mistake, Blunder };

/// Why a move got its judgement: the drop of winning chances, or a forced mate allowed or lost.
enum class JudgementCause : std::uint8_t { None, WinningChances, MateCreated, MateLost };

struct Verdict {
    Judgement judgement = Judgement::None;
    JudgementCause cause = JudgementCause::None;
    /// The drop of the mover's winning chances (>= 0 means worse), for both evaluations in
    /// centipawns; 0 otherwise.
    double drop = 0;
};

/// The judgement of a move by `mover` from the position evaluated `before` to the one evaluated
/// `after` (lila's Advice): with both in centipawns, a drop of the mover's winning chances of at
/// least 0.3 is a blunder, 0.2 a mistake, 0.1 an inaccuracy. Allowing a forced mate (no mate
/// before, or one's own) is an inaccuracy when the mover's centipawns before were below -999, a
/// mistake below -700, else a blunder; losing one's own forced mate is an inaccuracy when the
/// centipawns after are above 999, a mistake above 700, else a blunder. A mate on the board
/// counts as a mate.
Verdict judge(Eval before, Eval after, Color mover);

/// The accuracy of one move (lila): 100 when the mover's Win% did not drop, else
/// 103.1668100711649 e^(-0.04354415386753951 drop) - 3.166924740191411 + 1, clamped to [0, 100].
/// Win% from the mover's point of view.
double move_accuracy(double win_before, double win_after);

/// The accuracy of each side over a game (lila's gameAccuracy): `evals` are the evaluations of the
/// positions from the start through each ply; the first mover is `first`. Each move's accuracy is
/// weighted by the volatility of Win% around it (the standard deviation of White's Win% over a
/// window of clamp(moves / 10, 2, 8) positions, clamped to [0.5, 12]); a side's accuracy is the
/// mean of that weighted mean and the harmonic mean of its moves' accuracies. Nothing for a side
/// without moves.
struct GameAccuracy {
    std::optional<double> white, black;
};
GameAccuracy game_accuracy(std::span<const Eval> evals, Color first);

/// The centipawn loss of a move by `mover`: the fall of the mover's ceiled centipawns (a mate as
/// 1000), at least 0, so at most 2000 (as lila counts it for the average centipawn loss).
int centipawn_loss(Eval before, Eval after, Color mover);

}  // namespace schach::review
