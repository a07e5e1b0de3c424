#pragma once
// The languages users read: German (standard), the gender-neutral German of the seed text, and
// English. Piece letters and names per language live here so notation and messages agree.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.hpp"

namespace schach {

enum class Language : std::uint8_t { German, GermanNeutral, English };

/// "de", "de-neutral", "en" (also "de_neutral", "neutral", "english", "deutsch").
std::optional<Language> parse_language(std::string_view code);
std::string_view language_code(Language lang);

/// SAN letter of a piece: English K Q R B N, German K D T L S, gender-neutral German K W T L S.
/// Pawns have no letter (returns '\0').
char piece_letter(PieceType t, Language lang);
/// The piece type of a letter in any of the three letter sets (uppercase), or PieceType::None.
PieceType piece_from_any_letter(char letter);
/// Unicode figurine of a piece (♔♕♖♗♘♙ for White, ♚♛♜♝♞♟ for Black), UTF-8.
std::string_view figurine(Piece p);

}  // namespace schach
