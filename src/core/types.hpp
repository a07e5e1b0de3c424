#pragma once
// The shared vocabulary of Schach: colours, pieces, squares and their containers.
// Everything here is constexpr and allocation-free; it is used on every hot path.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace schach {

enum class Color : std::uint8_t { White, Black };
enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };
enum class Piece : std::uint8_t {
    WhitePawn = 0,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn = 8,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
    None = 6,
};
enum class File : std::uint8_t { A, B, C, D, E, F, G, H };
enum class Rank : std::uint8_t { R1, R2, R3, R4, R5, R6, R7, R8 };

// clang-format off
enum class Square : std::uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    None,
};
// clang-format on

inline constexpr int ColorCount = 2;
inline constexpr int PieceTypeCount = 6;
inline constexpr int SquareCount = 64;

constexpr int idx(Color c) { return static_cast<int>(c); }
constexpr int idx(PieceType t) { return static_cast<int>(t); }
constexpr int idx(Piece p) { return static_cast<int>(p); }
constexpr int idx(Square s) { return static_cast<int>(s); }
constexpr int idx(File f) { return static_cast<int>(f); }
constexpr int idx(Rank r) { return static_cast<int>(r); }

constexpr Color operator~(Color c) { return static_cast<Color>(idx(c) ^ 1); }

constexpr Piece make_piece(Color c, PieceType t) { return static_cast<Piece>((idx(c) << 3) | idx(t)); }
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(idx(p) & 7); }
/// Precondition: p != Piece::None.
constexpr Color color_of(Piece p) { return static_cast<Color>(idx(p) >> 3); }

constexpr Square make_square(File f, Rank r) { return static_cast<Square>(idx(r) * 8 + idx(f)); }
constexpr Square square_at(int index) { return static_cast<Square>(index); }
constexpr File file_of(Square s) { return static_cast<File>(idx(s) & 7); }
constexpr Rank rank_of(Square s) { return static_cast<Rank>(idx(s) >> 3); }
constexpr bool is_ok(Square s) { return idx(s) < SquareCount; }
/// The same square seen from `c`'s side (rank mirrored for Black).
constexpr Square relative(Color c, Square s) { return static_cast<Square>(idx(s) ^ (idx(c) * 56)); }
constexpr Rank relative(Color c, Rank r) { return static_cast<Rank>(idx(r) ^ (idx(c) * 7)); }
/// Square index offset; the caller guarantees the result stays on the board.
constexpr Square offset(Square s, int delta) { return static_cast<Square>(idx(s) + delta); }
/// One rank forward from `c`'s point of view.
constexpr int forward(Color c) { return c == Color::White ? 8 : -8; }

constexpr char to_char(File f) { return static_cast<char>('a' + idx(f)); }
constexpr char to_char(Rank r) { return static_cast<char>('1' + idx(r)); }
/// English FEN letter: uppercase for White.
constexpr char to_char(Piece p) {
    constexpr std::string_view letters = "PNBRQK";
    if (p == Piece::None) return '.';
    char ch = letters[static_cast<std::size_t>(idx(type_of(p)))];
    return color_of(p) == Color::White ? ch : static_cast<char>(ch - 'A' + 'a');
}
std::string to_string(Square s);
/// Parses "e4"; returns Square::None for anything else.
Square parse_square(std::string_view text);

/// Fixed-size container indexed by an enum, so code never casts indices by hand.
template <typename T, typename Key, std::size_t N>
struct EnumArray {
    std::array<T, N> data{};
    constexpr T& operator[](Key k) { return data[static_cast<std::size_t>(k)]; }
    constexpr const T& operator[](Key k) const { return data[static_cast<std::size_t>(k)]; }
    constexpr auto begin() { return data.begin(); }
    constexpr auto end() { return data.end(); }
    constexpr auto begin() const { return data.begin(); }
    constexpr auto end() const { return data.end(); }
    friend constexpr bool operator==(const EnumArray&, const EnumArray&) = default;
};
template <typename T>
using ByColor = EnumArray<T, Color, 2>;
template <typename T>
using ByPieceType = EnumArray<T, PieceType, 6>;
template <typename T>
using BySquare = EnumArray<T, Square, 64>;

inline constexpr std::array<Color, 2> Colors = {Color::White, Color::Black};
inline constexpr std::array<PieceType, 6> PieceTypes = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop,
                                                        PieceType::Rook, PieceType::Queen,  PieceType::King};

/// The two castling sides; Chess960 keeps the names: King side = towards the h-file.
enum class CastlingSide : std::uint8_t { King, Queen };

}  // namespace schach
