#pragma once
// FEN and position errors in words.

#include <string>
#include <string_view>

#include "core/fen.hpp"
#include "notation/language.hpp"

namespace schach {

/// The field's name: "Rochade" / "castling".
std::string_view field_name(FenError::Field field, Language lang);
/// What would fit at the offset: "'w' oder 'b'" / "'w' or 'b'".
std::string expected_text(const FenError& error, Language lang);
/// "FEN-Fehler im Feld Rochade bei Zeichen 48: erwartet ..." / "FEN error in field castling at offset 48: expected ...".
std::string describe(const FenError& error, Language lang);
/// One problem: "Jede Seite braucht genau einen König" / "each side needs exactly one king".
std::string describe(Problem problem, Language lang);
/// The heading of a list of problems: "Ungültige Stellung:" / "invalid position:".
std::string_view invalid_position(Language lang);
/// "Ungültige Stellung:" with one line per problem, or the syntax error.
std::string describe(const PositionError& error, Language lang);

}  // namespace schach
