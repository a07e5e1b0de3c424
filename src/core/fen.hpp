#pragma once
// FEN, X-FEN and Shredder-FEN: read all three, write any of them.

#include <cstddef>
#include <expected>
#include <string>
#include <string_view>

#include "core/position.hpp"
#include "core/setup.hpp"

namespace schach {

/// A FEN that cannot be read: which field, at which character offset (0-based), and what would
/// fit there. Carries no text: text/ renders it in the reader's language.
struct FenError {
    enum class Field : std::uint8_t { Placement, Turn, Castling, EnPassant, Halfmove, Fullmove, Trailing };
    /// What was expected at the offset.
    enum class Expected : std::uint8_t {
        Placement,        // a board field at all (the FEN is empty)
        FullRank,         // '/' after a rank of fewer than 8 squares
        OnlyEightRanks,   // a ninth rank
        RankOverflow,     // more than 8 squares in a rank
        SingleDigit,      // two digits in a row ("44", "17"): one digit counts the empty squares
        PlacementChar,    // a piece letter, a digit 1-8 or '/'
        EightRanks,       // the board ends before 8 ranks of 8 squares
        TurnLetter,       // 'w' or 'b'
        CastlingField,    // castling rights or '-' (the field is missing)
        CastlingLetter,   // '-', KQkq or files A-H/a-h
        CastlingTwice,    // each castling right once
        EnPassantField,   // an en-passant square or '-' (the field is missing)
        EnPassantSquare,  // a square such as e3 or '-'
        Number,           // a number from `min` to `max`
        End,              // the end of the text after 6 fields
    };
    Field field = Field::Placement;
    std::size_t offset = 0;
    Expected expected = Expected::Placement;
    int min = 0, max = 0;  // Number: the range
    friend bool operator==(const FenError&, const FenError&) = default;
};
/// Stable identifiers ("placement", "castling"; "single-digit", ...), for logs and the protocol.
std::string_view fen_field_id(FenError::Field f);
std::string_view fen_expected_id(FenError::Expected e);

/// Parses FEN, X-FEN or Shredder-FEN (4 or 6 fields). Castling letters K/Q/k/q mean the outermost
/// rook on that side; file letters name the rook's file and mark the setup as Chess960.
std::expected<Setup, FenError> parse_fen(std::string_view fen);

/// Either a FEN syntax error or a position that fails validation.
struct PositionError {
    bool is_syntax = false;
    FenError fen{};
    Problems problems{};
};
std::expected<Position, PositionError> position_from_fen(std::string_view fen, ValidateOptions options = {});

/// How castling rights are written. Fen: KQkq, falling back to X-FEN file letters where KQkq
/// would be ambiguous (an inner rook in Chess960); Shredder: always rook-file letters.
enum class FenFormat : std::uint8_t { Fen, XFen, Shredder };
std::string to_fen(const Position& pos, FenFormat format = FenFormat::XFen);
/// The board field alone ("rnbqkbnr/pppppppp/8/...").
std::string board_fen(const Position& pos);

inline constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace schach
