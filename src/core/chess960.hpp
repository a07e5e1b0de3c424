#pragma once
// Chess960 start positions by Scharnagl number (0..959; 518 is the classical array).

#include <array>
#include <cstdint>
#include <expected>
#include <string_view>

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

/// How number `n` places the pieces, step by step (Scharnagl): n = light + 4 × (dark + 4 ×
/// (queen + 6 × knights)). Each step names its choice (0-based) and the files it filled.
struct Chess960Derivation {
    int light = 0;                 // 0..3: the light-squared bishop on b, d, f or h
    int dark = 0;                  // 0..3: the dark-squared bishop on a, c, e or g
    int queen = 0;                 // 0..5: the queen on the nth of the six free files
    int knights = 0;               // 0..9: the knights on the nth of the ten pairs of the five free files
    std::array<int, 8> step_of{};  // per file a..h: the step that filled it (0 light bishop,
                                   // 1 dark bishop, 2 queen, 3 knights, 4 rook-king-rook)
};
/// Precondition: 0 <= n < 960.
Chess960Derivation chess960_derivation(int n);

/// Why a number names no start position, or a position is no Chess960 start.
struct Chess960Error {
    enum class Kind : std::uint8_t {
        OutOfRange,       // a start number outside 0..959 (`number`)
        BackRanksEmpty,   // the back ranks are not fully occupied by their own men
        NotMirrored,      // Black's back rank is not White's mirrored
        PawnsMoved,       // pawns not on their start squares (or other men on the board)
        NoChess960Array,  // bishops on one colour, or the king not between the rooks
        NotTheStart,      // side to move or castling rights differ from the start
    };
    Kind kind = Kind::OutOfRange;
    int number = 0;
    friend bool operator==(const Chess960Error&, const Chess960Error&) = default;
};
std::string_view chess960_error_id(Chess960Error::Kind kind);

/// Start position `n` with all four castling rights; marked Chess960 unless n == 518.
std::expected<Position, Chess960Error> chess960_position(int n);
/// Double Chess960: White's array from `white`, Black's from `black`.
std::expected<Position, Chess960Error> double_chess960_position(int white, int black);

/// The Scharnagl number of a Chess960 start position, or why `pos` is none.
std::expected<int, Chess960Error> chess960_number(const Position& pos);

}  // namespace schach
