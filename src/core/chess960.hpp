#pragma once
// Chess960 start positions by Scharnagl number (0..959; 518 is the classical array).

#include <array>
#include <expected>
#include <string>

#include "core/position.hpp"
#include "core/setup.hpp"

namespace schach {

inline constexpr int Chess960Count = 960;
inline constexpr int ClassicalScharnagl = 518;

/// The back rank of start position `n` (0..959), a1 to h1. Precondition: 0 <= n < 960.
std::array<PieceType, 8> chess960_back_rank(int n);
/// The number of a back rank, or -1 when it is no Chess960 array (bishops on one colour, king
/// not between the rooks, wrong pieces).
int chess960_number(const std::array<PieceType, 8>& back_rank);

/// Start position `n` with all four castling rights; marked Chess960 unless n == 518.
std::expected<Position, std::string> chess960_position(int n);
/// Double Chess960: White's array from `white`, Black's from `black`.
std::expected<Position, std::string> double_chess960_position(int white, int black);

/// The Scharnagl number of a Chess960 start position, or a German/English reason why `pos` is none.
std::expected<int, std::string> chess960_number(const Position& pos);

}  // namespace schach
