#include "text/pgn_text.hpp"

#include <fmt/core.h>

#include "text/fen_text.hpp"
#include "text/move_text.hpp"
#include "text/words.hpp"

namespace schach {

using words::pick;

namespace {

std::string format(Language lang, std::string_view de, std::string_view en, const auto&... args) {
    return fmt::format(fmt::runtime(pick(lang, de, en)), args...);
}

}  // namespace

std::string describe(const PgnError& e, Language lang) {
    using D = PgnError::Detail;
    switch (e.detail) {
        case D::ExpectedTag: return format(lang, "Tag erwartet: [Name \"Wert\"]", "expected a tag: [Name \"Value\"]");
        case D::QuoteBeforeValue:
            return format(lang, "Anführungszeichen vor dem Tag-Wert", "quote before the tag value");
        case D::TagValueEnd: return format(lang, "Ende des Tag-Werts (\")", "end of the tag value (\")");
        case D::BracketAfterTag: return format(lang, "']' nach dem Tag", "']' after the tag");
        case D::TagName: return format(lang, "Tag-Name fehlt", "tag name missing");
        case D::UnsupportedVariant:
            return format(lang, "Variante „{}“ wird nicht unterstützt", "variant \"{}\" is not supported", e.value);
        case D::FenTag: return format(lang, "FEN-Tag: {}", "FEN tag: {}", describe(e.fen, lang));
        case D::Move:
            return format(lang, "Zug {}: {}", "move {}: {}", e.move_number, describe(e.move, e.position, lang));
        case D::VariationWithoutMove:
            return format(lang, "Variante ohne vorherigen Zug", "variation without a move before it");
        case D::CloseParenWithoutOpen: return format(lang, "')' ohne '('", "')' without '('");
        case D::CloseBraceWithoutOpen: return format(lang, "'}}' ohne '{{'", "'}}' without '{{'");
        case D::NumberAfterNag: return format(lang, "Zahl nach '$' fehlt", "number after '$' missing");
        case D::ResultInVariation:
            return format(lang, "Ergebnis innerhalb einer Variante", "result inside a variation");
        case D::TooLarge: return format(lang, "Partie oder Zeile zu groß", "game or line too large");
        case D::CommentNotClosed: return format(lang, "Kommentar ohne '}}'", "comment without '}}'");
        case D::VariationNotClosed: return format(lang, "Variante ohne ')'", "variation without ')'");
        case D::MissingMarker:
            return format(lang, "Partieende-Markierung fehlt (1-0, 0-1, 1/2-1/2 oder *)",
                          "missing game termination marker (1-0, 0-1, 1/2-1/2 or *)");
        case D::ResultTagMismatch:
            return format(lang, "Result-Tag „{}“ passt nicht zur Partieende-Markierung „{}“",
                          "Result tag \"{}\" does not match the termination marker \"{}\"", e.value, e.other);
        case D::PlyCountNotNumber:
            return format(lang, "PlyCount-Tag „{}“ ist keine Zahl", "PlyCount tag \"{}\" is not a number", e.value);
        case D::PlyCountMismatch:
            return format(lang, "PlyCount-Tag {}, aber die Hauptvariante hat {} Halbzüge",
                          "PlyCount tag {} but the main line has {} plies", e.count, e.plies);
        case D::SetUpWithoutFen: return format(lang, "SetUp-Tag „1“ ohne FEN-Tag", "SetUp tag \"1\" without a FEN tag");
        case D::FenSetUpNotOne:
            return format(lang, "FEN-Tag, aber SetUp „{}“ statt „1“", "FEN tag but SetUp \"{}\" instead of \"1\"",
                          e.value);
        case D::FenWithoutSetUp: return format(lang, "FEN-Tag ohne SetUp-Tag „1“", "FEN tag without SetUp tag \"1\"");
        case D::MissingRosterTag:
            return format(lang, "Tag „{}“ der Seven Tag Roster fehlt", "Seven Tag Roster tag \"{}\" is missing",
                          e.value);
    }
    return "?";
}

std::string describe_no_pgn_game(Language lang) {
    return lang == Language::English ? "This text holds no game in PGN." : "In diesem Text steht keine Partie im PGN.";
}

}  // namespace schach
