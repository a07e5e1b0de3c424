#pragma once
// Piece names and the names of people (player, opponent, arbiter, ...) with every case a sentence
// needs, per language, so sentences are built from declined forms instead of patched strings. The
// gender-neutral German follows the seed text (docs/language.md): de Springere, derm Springere,
// ders Springeres, ein Springere, die Springerne; the rook stays "der Turm".

#include <cstdint>
#include <string>
#include <string_view>

#include "core/types.hpp"
#include "notation/language.hpp"

namespace schach {

/// The forms of a noun with its article. docs/language.md lists them; a test compares the two.
struct NounForms {
    std::string_view nominative;  // "der Springer", "de Springere", "the knight"
    std::string_view accusative;  // "den Springer", "de Springere" (zieht …, durch …)
    std::string_view dative;      // "dem Springer", "derm Springere" (mit …)
    std::string_view genitive;    // "des Springers", "ders Springeres", "the knight's"
    std::string_view by;          // "vom Springer", "von derm Springere", "by the knight" (passive agent)
    std::string_view indefinite;  // accusative with "ein": "einen Springer", "ein Springere", "a knight"
    std::string_view none;        // "kein Springer", "kein Springere", "no knight" (nominative)
    std::string_view yours;       // "dein Springer", "dein Springere", "your knight" (nominative)
    std::string_view bare;        // "Springer", "Springere", "knight"
    std::string_view plural;      // "die Springer", "die Springerne", "the knights"
};
using PieceName = NounForms;

/// The people the sentences name.
enum class Person : std::uint8_t { Player, Opponent, Arbiter, Winner, Spectator, Friend };
constexpr int PersonCount = 6;

/// The text with its first letter in upper case (ASCII and ä, ö, ü), for the start of a sentence.
std::string capitalized(std::string_view text);
/// A piece's forms; PieceType::None names the pawn.
PieceName piece_name(PieceType t, Language lang);
/// A person's forms: generic masculine in German, the seed's forms in gender-neutral German.
NounForms person_name(Person p, Language lang);

}  // namespace schach
