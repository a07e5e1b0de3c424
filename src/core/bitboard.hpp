#pragma once
// Bitboards: one bit per square, bit 0 = a1, bit 63 = h8.

#include <array>
#include <bit>
#include <cstdint>

#include "core/types.hpp"

namespace schach {

using Bitboard = std::uint64_t;

inline constexpr Bitboard FileABB = 0x0101010101010101ULL;
inline constexpr Bitboard Rank1BB = 0xFFULL;
inline constexpr Bitboard LightSquaresBB = 0x55AA55AA55AA55AAULL;
inline constexpr Bitboard DarkSquaresBB = ~LightSquaresBB;

/// King moves between two squares on an empty board, as a table: searches read whole rows of it.
inline constexpr auto Distances = [] {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const int files = a % 8 > b % 8 ? a % 8 - b % 8 : b % 8 - a % 8;
            const int ranks = a / 8 > b / 8 ? a / 8 - b / 8 : b / 8 - a / 8;
            t[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
                static_cast<std::uint8_t>(files > ranks ? files : ranks);
        }
    return t;
}();
constexpr int distance(Square a, Square b) {
    return Distances[static_cast<std::size_t>(idx(a))][static_cast<std::size_t>(idx(b))];
}

constexpr Bitboard bb(Square s) { return 1ULL << idx(s); }
constexpr Bitboard bb(File f) { return FileABB << idx(f); }
constexpr Bitboard bb(Rank r) { return Rank1BB << (8 * idx(r)); }
constexpr bool contains(Bitboard b, Square s) { return (b >> idx(s)) & 1; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
/// Precondition: b != 0.
constexpr Square lsb(Bitboard b) { return static_cast<Square>(std::countr_zero(b)); }
/// Precondition: b != 0.
constexpr Square msb(Bitboard b) { return static_cast<Square>(63 - std::countl_zero(b)); }
/// Removes and returns the lowest square. Precondition: b != 0.
constexpr Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

/// Shifts every bit one step in a compass direction, dropping bits that leave the board.
enum class Dir { N, S, E, W, NE, NW, SE, SW };
template <Dir D>
constexpr Bitboard shift(Bitboard b) {
    constexpr Bitboard NotA = ~FileABB, NotH = ~(FileABB << 7);
    if constexpr (D == Dir::N) return b << 8;
    if constexpr (D == Dir::S) return b >> 8;
    if constexpr (D == Dir::E) return (b & NotH) << 1;
    if constexpr (D == Dir::W) return (b & NotA) >> 1;
    if constexpr (D == Dir::NE) return (b & NotH) << 9;
    if constexpr (D == Dir::NW) return (b & NotA) << 7;
    if constexpr (D == Dir::SE) return (b & NotH) >> 7;
    if constexpr (D == Dir::SW) return (b & NotA) >> 9;
}

/// Iterates the squares of a bitboard: `for (Square s : squares(b))`.
struct SquareIter {
    Bitboard b;
    constexpr Square operator*() const { return lsb(b); }
    constexpr SquareIter& operator++() {
        b &= b - 1;
        return *this;
    }
    constexpr bool operator!=(const SquareIter& o) const { return b != o.b; }
};
struct Squares {
    Bitboard b;
    constexpr SquareIter begin() const { return {b}; }
    constexpr SquareIter end() const { return {0}; }
};
constexpr Squares squares(Bitboard b) { return {b}; }

}  // namespace schach
