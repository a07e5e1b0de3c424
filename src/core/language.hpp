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

/// Grammatical forms of a piece name: nominative with article and dative with article,
/// e.g. German "der Springer" / "dem Springer", neutral German "de Springere" / "derm Springere".
struct PieceName {
    std::string_view nominative;  // "der Springer", "the knight"
    std::string_view accusative;  // "den Springer" (after "durch")
    std::string_view by;          // "vom Springer", "von der Dame", "von derm Springere", "by the knight"
    std::string_view bare;        // "Springer", "knight"
};
/// The text with its first (ASCII) letter in upper case, for the start of a sentence.
std::string capitalized(std::string_view text);
PieceName piece_name(PieceType t, Language lang);

}  // namespace schach
