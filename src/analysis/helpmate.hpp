#pragma once
// Helpmate search: both sides cooperate so that `winner` checkmates. An iterative-deepening
// depth-first search over a move-cost budget: moves that usually lead toward mate (the winner's
// captures, pawn advances and promotions, pieces closing in on the losing king, the losing king
// walking into a corner of the right colour) cost less than others, and the loser's captures
// cost more, so long but natural mating lines are found early. A transposition table keeps, for
// each position, the largest budget already searched without a mate.
//
// Winners with a lone minor piece mate only against the loser's own men; for them a second mode
// walks the men toward mating pictures (mate_plan.hpp) instead of a corner.
//
// It only ever proves winnability (a line it returns ends in mate); not finding a line proves
// nothing, since the costs prune.

#include <cstdint>
#include <vector>

#include "analysis/mate_context.hpp"
#include "analysis/mate_plan.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

struct HelpmateResult {
    bool found = false;
    std::vector<Move> line;   // from the given position to the mate
    std::uint64_t nodes = 0;  // positions visited
};

/// Which moves the search favours. Direct (endgames): the loser's king walks into a corner
/// while the winner's men close in, capture and promote. Attack (many men on the board): the
/// losing king stays among its own men, which block it, while the winner's men come. Cooperative
/// (winners who cannot mate a bare king): the loser's own men also walk, promote to minor pieces
/// and block.
enum class HelpmateStyle : std::uint8_t { Direct, Attack, Cooperative };

/// The cost of each kind of move, in quarter plies (an ordinary move costs 4).
struct HelpmateCosts {
    // The winner's moves.
    int capture, promote_queen, promote_knight, promote_other, check, pawn, pawn_advanced, pawn_passed, approach,
        king_approach, other, castle;
    // The loser's moves.
    int king_corner, king_other, king_stay, self_block, loser_capture, loser_promote, loser_promote_minor, loser_pawn,
        piece_corner, loser_other;
    // Iterative deepening: first budget and step; how many target corners to try (nearest first).
    int start, step, corners;
    // The winner's men close in on the losing king where it stands (1) or on the corner (0).
    int approach_king;
};
const HelpmateCosts& helpmate_costs(HelpmateStyle style);

/// Looks for a helpmate by `winner` within `max_nodes` positions, in the caller's memory.
HelpmateResult find_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes, HelpmateStyle style,
                             MateContext& context);
/// The same with explicit costs (how the styles' costs were tuned; for tuning them again).
HelpmateResult find_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes, const HelpmateCosts& costs,
                             MateContext& context);

/// Looks for a helpmate that walks the men toward one of the mating pictures (see mate_plan.hpp).
HelpmateResult find_planned_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes, const MatePlans& plans,
                                     MateContext& context);

}  // namespace schach
