#pragma once
// Helpmate search: both sides cooperate so that `winner` checkmates. An iterative-deepening
// depth-first search over a move-cost budget: moves that usually lead toward mate (the winner's
// captures, pawn advances and promotions, pieces closing in on the losing king, the losing king
// walking into a corner of the right colour) cost less than others, and the loser's captures
// cost more, so long but natural mating lines are found early. A transposition table keeps, for
// each position, the largest budget already searched without a mate.
//
// It only ever proves winnability (a line it returns ends in mate); not finding a line proves
// nothing, since the costs prune.

#include <cstdint>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

struct HelpmateResult {
    bool found = false;
    std::vector<Move> line;   // from the given position to the mate
    std::uint64_t nodes = 0;  // positions visited
};

namespace detail {
struct HelpmateTuning {
    int w_capture = 0, w_promo_q = 0, w_promo_n = 1, w_promo_other = 4, w_check = 1, w_pawn = 3, w_pawn_adv = 0,
        w_approach = 6, w_king_approach = 0, w_other = 6, w_castle = 4, w_target_corner = 1, w_pawn_passed = 1;
    int l_king_corner = 0, l_king_other = 3, l_king_stay = 0, l_selfblock = 1, l_capture = 9, l_promo = 8, l_pawn = 6, l_other = 8;
    int start = 8, step = 3;
};
extern HelpmateTuning tuning;
}  // namespace detail

/// Looks for a helpmate by `winner` within `max_nodes` positions.
HelpmateResult find_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes);

}  // namespace schach
