#include "text/chess960_text.hpp"

#include <fmt/core.h>

#include "text/words.hpp"

namespace schach {

using words::pick;

std::string describe(const Chess960Error& error, Language lang) {
    using K = Chess960Error::Kind;
    switch (error.kind) {
        case K::OutOfRange:
            return fmt::format(
                fmt::runtime(pick(lang, "Startnummer {} liegt nicht in 0..959", "start number {} is not in 0..959")),
                error.number);
        case K::BackRanksEmpty:
            return std::string(pick(lang, "Grundreihen nicht vollständig besetzt", "back ranks not fully occupied"));
        case K::NotMirrored:
            return std::string(pick(lang, "Grundreihen nicht gespiegelt", "back ranks are not mirrored"));
        case K::PawnsMoved:
            return std::string(pick(lang, "Bauern nicht in Grundstellung", "Bauerne nicht in Grundstellung",
                                    "pawns not on their start squares"));
        case K::NoChess960Array:
            return std::string(pick(
                lang, "keine Chess960-Aufstellung (Läufer auf gleicher Farbe oder König nicht zwischen den Türmen)",
                "keine Chess960-Aufstellung (Läuferne auf gleicher Farbe oder Könige nicht zwischen den Türmen)",
                "no Chess960 array (bishops on one colour or king not between the rooks)"));
        case K::NotTheStart:
            return std::string(pick(lang, "nicht die Ausgangsstellung: Zugrecht oder Rochaderechte",
                                    "not the start: side to move or castling rights"));
    }
    return "?";
}

}  // namespace schach
