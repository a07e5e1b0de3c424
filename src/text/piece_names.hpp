#pragma once
// Piece names with their grammar, per language.

#include <string>
#include <string_view>

#include "notation/language.hpp"

namespace schach {

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
