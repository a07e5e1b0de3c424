#pragma once
// PGN errors in words.

#include <string>

#include "notation/language.hpp"
#include "pgn/pgn.hpp"

namespace schach {

/// The sentence after "FILE:LINE:COLUMN:", e.g. "Zug 6: Mehrdeutiger Zug Nc6: möglich sind S4c6, S8c6".
std::string describe(const PgnError& error, Language lang);

/// A text without any game: "In diesem Text steht keine Partie." / "This text holds no game.".
std::string describe_no_pgn_game(Language lang);

}  // namespace schach
