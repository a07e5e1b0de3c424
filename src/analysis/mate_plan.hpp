#pragma once
// Mating pictures for a winner with a lone minor piece (or bishops of one colour): such a piece
// and a king cannot mate a bare king, so the loser's own men must stand on the losing king's
// flight squares. A picture names where the losing king is mated, where the winner's minor piece
// gives the check, where the winner's king stands and which squares the loser's men fill; pictures
// are ranked by how many moves the men need to reach their squares. The helpmate search then
// walks the men toward the picture (see find_planned_helpmate).
//
// Pictures only steer a search: a wrong or unreachable picture costs nodes, never soundness.

#include <array>
#include <cstdint>

#include "core/position.hpp"

namespace schach {

/// Moves a man of a type needs from one square to another on an empty board (a guess for pawns:
/// straight ahead, or promoted and then walked on). 255: never.
using PlanDistance = BySquare<std::uint8_t>;

struct MatePlan {
    Square king = Square::None;         // where the losing king is mated
    Square checker = Square::None;      // where the winner's minor piece stands at the mate
    Square helper = Square::None;       // where the winner's king stands (None: wherever it is)
    Bitboard blocks = 0;                // flight squares the loser's men must fill
    ByPieceType<PlanDistance> reach{};  // the loser's men, by type: moves to the nearest block square
    PlanDistance to_checker{};          // the winner's minor piece: moves to `checker`
    int score = 0;                      // estimated plies to the picture; lower is better
};

struct MatePlans {
    std::array<MatePlan, 4> plans{};
    int count = 0;
};

/// Whether the winner mates only with the loser's men as blockers: at most one minor piece, or
/// bishops of one colour, and no pawns.
bool needs_blockers(const Position& pos, Color winner);

/// The most promising mating pictures for `winner`, best first (none when the winner is not a
/// lone minor piece or bishops of one colour, or has no picture the loser's men can fill).
MatePlans mate_plans(const Position& pos, Color winner);

/// Moves a piece of type `t` of `color` needs from `from` to `to` on an empty board (pawns: only
/// straight ahead); 255 when it never gets there.
int plan_distance(PieceType t, Color color, Square from, Square to);

}  // namespace schach
