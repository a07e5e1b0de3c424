#include "text/problem_text.hpp"

namespace schach {

std::string describe(Problem p) {
    switch (p) {
        case Problem::KingCount: return "Jede Seite braucht genau einen König / each side needs exactly one king";
        case Problem::PawnsOnBackRank:
            return "Bauer auf der ersten oder letzten Reihe / pawn on the first or last rank";
        case Problem::OppositeCheck:
            return "Die Seite, die nicht am Zug ist, steht im Schach / the side not to move is in check";
        case Problem::ImpossibleCheck:
            return "Dieses Schach kann kein legaler Zug gegeben haben / no legal move can have given this check";
        case Problem::BadCastlingRights:
            return "Rochaderecht ohne König und Turm auf ihren Feldern / castling right without king and rook in place";
        case Problem::BadEnPassant:
            return "En-passant-Feld passt zu keinem Doppelschritt / en-passant square no double step explains";
        case Problem::TooManyPieces:
            return "Mehr Figuren, als Umwandlungen erklären können / more pieces than promotions can explain";
    }
    return "?";
}

}  // namespace schach
