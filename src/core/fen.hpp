#pragma once
// FEN, X-FEN and Shredder-FEN: read all three, write any of them.

#include <cstddef>
#include <expected>
#include <string>
#include <string_view>

#include "core/position.hpp"
#include "core/setup.hpp"

namespace schach {

/// A FEN that cannot be read: which field, at which character offset (0-based), what was expected.
struct FenError {
    enum class Field : std::uint8_t { Placement, Turn, Castling, EnPassant, Halfmove, Fullmove, Trailing };
    Field field;
    std::size_t offset;
    std::string expected;
    /// "FEN-Fehler im Feld Rochade bei Zeichen 23: erwartet ... / FEN error in castling field at offset 23: expected ..."
    std::string message() const;
};
const char* field_name(FenError::Field f);

/// Parses FEN, X-FEN or Shredder-FEN (4 or 6 fields). Castling letters K/Q/k/q mean the outermost
/// rook on that side; file letters name the rook's file and mark the setup as Chess960.
std::expected<Setup, FenError> parse_fen(std::string_view fen);

/// Either a FEN syntax error or a position that fails validation.
struct PositionError {
    bool is_syntax = false;
    FenError fen{FenError::Field::Placement, 0, {}};
    Problems problems{};
    std::string message() const;
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
