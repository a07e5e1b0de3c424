#pragma once
// Legal move generation: check and pin masks computed once per position, no make-and-test.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

/// Appends every legal move of `pos` to `list`.
void generate_legal(const Position& pos, MoveList& list);
inline MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list;
}
/// Appends the tactical legal moves of `pos` to `list`: captures, en passant and pushes that
/// promote to a queen (the quiescence search's moves), in the order generate_legal gives them.
void generate_tactical(const Position& pos, MoveList& list);
/// Appends the other legal moves of `pos` to `list` (quiet moves, castling, under-promotions by a
/// push), in the order generate_legal gives them.
void generate_quiet(const Position& pos, MoveList& list);
/// The number of legal moves, counted with popcounts where no move needs to be written.
int count_legal(const Position& pos);

/// Leaf nodes of the legal move tree at `depth` (perft), with bulk counting at the last ply.
std::uint64_t perft(Position& pos, int depth);
/// Perft split by the root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace schach
