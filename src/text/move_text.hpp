#pragma once
// Move texts that are not accepted, in words.

#include <string>

#include "core/position.hpp"
#include "notation/language.hpp"
#include "notation/notation.hpp"

namespace schach {

/// What would fit where a move text went wrong: "ein Zielfeld wie e4" / "a target square such as e4".
std::string expected_text(const MoveTextError& error, const Position& pos, Language lang);
/// A sentence: "Mehrdeutiger Zug Nd2: möglich sind Sbd2, Sfd2" / "Ambiguous move Nd2: could be Nbd2, Nfd2".
/// `pos` is the position the text was read in (for the candidates and the rule).
std::string describe(const MoveTextError& error, const Position& pos, Language lang);

}  // namespace schach
