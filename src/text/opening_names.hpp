#pragma once
// Opening names in the reader's language. The table's names are English (lichess's
// chess-openings); the German names are ours, for the families and the common variations, each
// part of a name ("Family: Variation, Subvariation") translated on its own and left in English
// where we have no German name. Gender-neutral German uses the German names: they are proper
// names of openings, not words about people or pieces.

#include <string>

#include "notation/language.hpp"
#include "review/openings.hpp"

namespace schach {

/// "Sizilianische Verteidigung: Najdorf-Variante" / "Sicilian Defense: Najdorf Variation".
std::string opening_name(const review::Opening& opening, Language lang);

}  // namespace schach
