#pragma once
// Exhaustive search: visits every position reachable from a position by legal moves (each once),
// so that "no mate among them" proves that a side can never checkmate. It ends early at positions
// already proven hopeless (material, static blockade analysis), which keeps forced lines and
// locked structures small. Positions are told apart by two independent 64-bit hashes, so two
// different positions are merged only with probability about 2^-128.

#include <cstdint>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

struct ExhaustiveResult {
    enum class Outcome : std::uint8_t { NoMate, Mate, Aborted };
    Outcome outcome = Outcome::Aborted;
    std::vector<Move> line;   // Mate: a line from the position to the mate
    std::uint64_t nodes = 0;  // positions visited
};

/// A 64-bit hash of a position (placement, side to move, castling rights, en-passant square)
/// independent of the Zobrist key: together they tell positions apart for all practical purposes.
std::uint64_t independent_key(const Position& pos);

/// A set of positions for exhaustive searches, told apart by the Zobrist key and independent_key
/// (optionally salted, to keep variants of one position apart). Open addressing, grown by
/// doubling, so small searches stay small.
class PositionSet {
public:
    /// Adds a position; false when it was there already.
    bool insert(const Position& pos, std::uint64_t salt = 0);

private:
    struct Slot {
        std::uint64_t a = 0, b = 0;  // b == 0: empty
    };
    bool insert_keys(std::uint64_t a, std::uint64_t b);
    void grow();
    std::vector<Slot> slots_;
    std::size_t size_ = 0;
};

/// Which static analysis ends the search early at a position: the plain one (blockade.hpp) where
/// few moves remain after an irreversible move, or the deep one at every position (slower a
/// position, far fewer positions where the loser's men could end the game), looking for
/// stationary men after irreversible moves.
enum class Pruning : std::uint8_t { Plain, Deep };

/// Visits the positions reachable from `pos` (at most `max_nodes`) looking for a mate by `winner`.
ExhaustiveResult exhaust(const Position& pos, Color winner, std::uint64_t max_nodes, Pruning pruning = Pruning::Plain);

}  // namespace schach
