#pragma once
// Zobrist keys, compatible with the Polyglot book format (start position 0x463b96181691fc9c).

#include <cstdint>

#include "core/polyglot_random.hpp"
#include "core/types.hpp"

namespace schach::zobrist {

/// Polyglot orders pieces as black pawn, white pawn, black knight, ... : kind = 2 * type + white.
inline std::uint64_t piece(Piece p, Square s) {
    int kind = 2 * idx(type_of(p)) + (color_of(p) == Color::White ? 1 : 0);
    return detail::PolyglotRandom[static_cast<std::size_t>(64 * kind + idx(s))];
}
inline std::uint64_t castling(Color c, CastlingSide side) {
    return detail::PolyglotRandom[static_cast<std::size_t>(768 + 2 * idx(c) + static_cast<int>(side))];
}
inline std::uint64_t ep_file(File f) { return detail::PolyglotRandom[static_cast<std::size_t>(772 + idx(f))]; }
/// Present in the key when White is to move.
inline std::uint64_t white_to_move() { return detail::PolyglotRandom[780]; }

}  // namespace schach::zobrist
