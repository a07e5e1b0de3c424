#include "text/fen_text.hpp"

#include <fmt/core.h>

#include "text/words.hpp"

namespace schach {

using words::pick;

std::string_view field_name(FenError::Field field, Language lang) {
    using F = FenError::Field;
    switch (field) {
        case F::Placement: return pick(lang, "Stellung", "placement");
        case F::Turn: return pick(lang, "Zugrecht", "side to move");
        case F::Castling: return pick(lang, "Rochade", "castling");
        case F::EnPassant: return pick(lang, "En passant", "en passant");
        case F::Halfmove: return pick(lang, "Halbzüge", "halfmove clock");
        case F::Fullmove: return pick(lang, "Zugnummer", "fullmove number");
        case F::Trailing: return pick(lang, "Ende", "end");
    }
    return "?";
}

std::string expected_text(const FenError& error, Language lang) {
    using E = FenError::Expected;
    switch (error.expected) {
        case E::Placement: return std::string(pick(lang, "eine Stellung", "a placement"));
        case E::FullRank: return std::string(pick(lang, "8 Felder in der Reihe", "8 squares in the rank"));
        case E::OnlyEightRanks: return std::string(pick(lang, "nur 8 Reihen", "only 8 ranks"));
        case E::RankOverflow:
            return std::string(pick(lang, "höchstens 8 Felder je Reihe", "at most 8 squares per rank"));
        case E::SingleDigit:
            return std::string(pick(lang, "eine Ziffer je Folge leerer Felder (nicht zwei Ziffern nacheinander)",
                                    "one digit per run of empty squares (not two digits in a row)"));
        case E::PlacementChar:
            return std::string(
                pick(lang, "Figur (PNBRQK/pnbrqk), Ziffer 1-8 oder '/'", "piece letter, digit 1-8 or '/'"));
        case E::EightRanks: return std::string(pick(lang, "8 Reihen zu je 8 Feldern", "8 ranks of 8 squares"));
        case E::TurnLetter: return std::string(pick(lang, "'w' oder 'b'", "'w' or 'b'"));
        case E::CastlingField: return std::string(pick(lang, "Rochaderechte oder '-'", "castling rights or '-'"));
        case E::CastlingLetter:
            return std::string(pick(lang, "'-' oder KQkq bzw. Linien A-H/a-h", "'-' or KQkq or files A-H/a-h"));
        case E::CastlingTwice:
            return std::string(pick(lang, "jedes Rochaderecht nur einmal", "each castling right once"));
        case E::EnPassantField: return std::string(pick(lang, "En-passant-Feld oder '-'", "en-passant square or '-'"));
        case E::EnPassantSquare: return std::string(pick(lang, "Feld wie e3 oder '-'", "square such as e3 or '-'"));
        case E::Number:
            return fmt::format(fmt::runtime(pick(lang, "Zahl von {} bis {}", "number from {} to {}")), error.min,
                               error.max);
        case E::End: return std::string(pick(lang, "Ende nach 6 Feldern", "end after 6 fields"));
    }
    return "?";
}

std::string describe(const FenError& error, Language lang) {
    return fmt::format(fmt::runtime(pick(lang, "FEN-Fehler im Feld {} bei Zeichen {}: erwartet {}",
                                         "FEN error in field {} at offset {}: expected {}")),
                       field_name(error.field, lang), error.offset, expected_text(error, lang));
}

std::string describe(Problem problem, Language lang) {
    switch (problem) {
        case Problem::KingCount:
            return std::string(pick(lang, "Jede Seite braucht genau einen König", "Jede Seite braucht genau ein Könige",
                                    "each side needs exactly one king"));
        case Problem::PawnsOnBackRank:
            return std::string(pick(lang, "Bauer auf der ersten oder letzten Reihe",
                                    "Bauere auf der ersten oder letzten Reihe", "pawn on the first or last rank"));
        case Problem::OppositeCheck:
            return std::string(
                pick(lang, "Die Seite, die nicht am Zug ist, steht im Schach", "the side not to move is in check"));
        case Problem::ImpossibleCheck:
            return std::string(pick(lang, "Dieses Schach kann kein legaler Zug gegeben haben",
                                    "no legal move can have given this check"));
        case Problem::BadCastlingRights:
            return std::string(
                pick(lang,
                     "Rochaderecht ohne König und Turm auf ihren Feldern (im Standardschach: König auf "
                     "e1/e8, Türme in den Ecken; Chess960: --variant chess960)",
                     "Rochaderecht ohne Könige und Turm auf ihren Feldern (im Standardschach: Könige auf "
                     "e1/e8, Türme in den Ecken; Chess960: --variant chess960)",
                     "castling right without king and rook in place (standard chess: king on e1/e8, "
                     "rooks in the corners; Chess960: --variant chess960)"));
        case Problem::BadEnPassant:
            return std::string(pick(lang, "En-passant-Feld passt zu keinem Doppelschritt",
                                    "en-passant square no double step explains"));
        case Problem::TooManyPieces:
            return std::string(pick(lang, "Mehr Figuren, als Umwandlungen erklären können",
                                    "more pieces than promotions can explain"));
    }
    return "?";
}

std::string_view invalid_position(Language lang) { return pick(lang, "Ungültige Stellung:", "invalid position:"); }

std::string describe(const PositionError& error, Language lang) {
    if (error.is_syntax) return describe(error.fen, lang);
    std::string out(invalid_position(lang));
    for (Problem p : error.problems.list()) out += "\n  - " + describe(p, lang);
    return out;
}

}  // namespace schach
