#pragma once
// The moves of one node of the helpmate search (helpmate.hpp), each with its cost toward mate,
// written as the move generator finds them: the costs come from the bitboards the generator
// hands over (a piece and its targets), not from a second pass that looks each move up again.

#include <array>
#include <cstdint>

#include "analysis/helpmate.hpp"
#include "analysis/mate_plan.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

/// Largest cost of one move (an ordinary move costs about 4, see HelpmateCosts).
inline constexpr int MaxHelpmateCost = 15;

/// The legal moves of a position that a search with some budget may play, in generate_legal's
/// order, with the cost of each (in quarter plies, at most MaxHelpmateCost) and, for the winner's
/// moves, whether it gives check: those within the budget, and the winner's checks beyond it
/// (mating tries).
struct CostedMoves {
    MoveList moves;
    std::array<std::uint8_t, MoveList::Capacity> cost;
    std::array<bool, MoveList::Capacity> check;  // the winner's moves only
    std::uint32_t levels = 0;                    // bit c set when some legal move costs c, kept or not
    std::size_t size() const { return moves.size(); }
    /// No legal move at all (mate or stalemate).
    bool none() const { return levels == 0; }
};

/// Where the search steers: the style's costs, the winner, the square the losing king walks
/// to (a corner, or a mating picture's square), and the budget left (MaxHelpmateCost: keep all).
struct CostTarget {
    const HelpmateCosts* costs;
    Color winner;
    Square corner;
    int budget = MaxHelpmateCost;
};

/// Every legal move of `pos` into `out`, priced by HelpmateCosts: for the winner (to move) by
/// captures, promotions, pawn moves, pieces closing in on the losing king (or on the corner, as
/// `approach_king` says) and checks; for the loser by captures, promotions, its king walking to
/// the corner and its men blocking their own king.
void generate_costed(const Position& pos, const CostTarget& target, CostedMoves& out);

/// Move costs toward a mating picture (mate_plan.hpp), in quarter plies like HelpmateCosts: a man
/// closing in on its square is free; the winner's man stepping off its square and back (a waiting
/// move while the loser's men walk) is nearly free; the losing king leaving its path and captures
/// cost most. Tuned on the lichess positions where the winner has a lone minor piece.
struct PlanCosts {
    int good, wait, neutral, king_away, winner_capture, loser_capture, start, step;
};
// clang-format off
inline constexpr PlanCosts PlanMoveCosts{.good = 0, .wait = 1, .neutral = 5, .king_away = 6, .winner_capture = 8,
                                         .loser_capture = 12, .start = 12, .step = 4};
// clang-format on

/// A search toward a mating picture: the picture, the winner and the budget left.
struct PlanTarget {
    const MatePlan* plan;
    Color winner;
    int budget = MaxHelpmateCost;
};

/// Every legal move of `pos` into `out`, priced by PlanMoveCosts toward the picture: the winner's
/// king toward the picture's square for it (any move when it has none), its other men toward the
/// checking square; the losing king toward its mating square, the loser's other men toward the
/// squares they fill. The winner's moves note whether they check, as generate_costed's do.
void generate_plan_costed(const Position& pos, const PlanTarget& target, CostedMoves& out);

}  // namespace schach
