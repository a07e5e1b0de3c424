#pragma once
// Skeleton search: an exhaustive search over kings and pawns only, with every other piece
// (knights, bishops, rooks, queens) abstracted into what it could ever do (blockade.hpp): stand
// on a square, attack a square, pass a move, capture a pawn, give check. The abstraction
// allows every move the real game allows and more, so when no skeleton position it reaches could
// be a checkmate by the winner, no real one can be either.
//
// It decides the constructions where the winner's pieces are many but their places do not matter
// (bishops of one colour behind a pawn wall), and where the only way to mate would need a tempo
// the loser no longer has: its king is stalemated before it can be mated.

#include <cstdint>

#include "core/position.hpp"

namespace schach {

enum class SkeletonOutcome : std::uint8_t {
    NoMate,       // proven: `winner` can never checkmate
    MaybeMate,    // a skeleton position where a mate cannot be ruled out
    Unsupported,  // castling rights, en passant or a promotion within reach
    Aborted,      // more than max_nodes skeleton positions
};

struct SkeletonResult {
    SkeletonOutcome outcome = SkeletonOutcome::Aborted;
    std::uint64_t nodes = 0;
};

/// Visits the skeleton positions reachable from `pos` (at most `max_nodes`).
SkeletonResult skeleton_search(const Position& pos, Color winner, std::uint64_t max_nodes);

}  // namespace schach
