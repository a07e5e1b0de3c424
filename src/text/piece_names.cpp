#include "text/piece_names.hpp"

#include <array>

namespace schach {
namespace {

// Fields: nominative, accusative, dative, genitive, by, indefinite, none, yours, bare, plural.
// Order: pawn, knight, bishop, rook, queen, king (PieceType's).
constexpr std::array<NounForms, 6> GermanPieces = {{
    {"der Bauer", "den Bauern", "dem Bauern", "des Bauern", "vom Bauern", "einen Bauern", "kein Bauer", "dein Bauer",
     "Bauer", "die Bauern"},
    {"der Springer", "den Springer", "dem Springer", "des Springers", "vom Springer", "einen Springer", "kein Springer",
     "dein Springer", "Springer", "die Springer"},
    {"der Läufer", "den Läufer", "dem Läufer", "des Läufers", "vom Läufer", "einen Läufer", "kein Läufer",
     "dein Läufer", "Läufer", "die Läufer"},
    {"der Turm", "den Turm", "dem Turm", "des Turms", "vom Turm", "einen Turm", "kein Turm", "dein Turm", "Turm",
     "die Türme"},
    {"die Dame", "die Dame", "der Dame", "der Dame", "von der Dame", "eine Dame", "keine Dame", "deine Dame", "Dame",
     "die Damen"},
    {"der König", "den König", "dem König", "des Königs", "vom König", "einen König", "kein König", "dein König",
     "König", "die Könige"},
}};
// The seed: "de Könige", "derm Könige", "ders Königes", "ein Läufere", "einerm Springere",
// "die beiden Königerne", "ens Könige" (so "dein Könige"); "der Turm" stays masculine.
constexpr std::array<NounForms, 6> NeutralPieces = {{
    {"de Bauere", "de Bauere", "derm Bauere", "ders Baueres", "von derm Bauere", "ein Bauere", "kein Bauere",
     "dein Bauere", "Bauere", "die Bauerne"},
    {"de Springere", "de Springere", "derm Springere", "ders Springeres", "von derm Springere", "ein Springere",
     "kein Springere", "dein Springere", "Springere", "die Springerne"},
    {"de Läufere", "de Läufere", "derm Läufere", "ders Läuferes", "von derm Läufere", "ein Läufere", "kein Läufere",
     "dein Läufere", "Läufere", "die Läuferne"},
    {"der Turm", "den Turm", "dem Turm", "des Turms", "vom Turm", "einen Turm", "kein Turm", "dein Turm", "Turm",
     "die Türme"},
    {"de Wesire", "de Wesire", "derm Wesire", "ders Wesires", "von derm Wesire", "ein Wesire", "kein Wesire",
     "dein Wesire", "Wesire", "die Wesirne"},
    {"de Könige", "de Könige", "derm Könige", "ders Königes", "von derm Könige", "ein Könige", "kein Könige",
     "dein Könige", "Könige", "die Königerne"},
}};
constexpr std::array<NounForms, 6> EnglishPieces = {{
    {"the pawn", "the pawn", "the pawn", "the pawn's", "by the pawn", "a pawn", "no pawn", "your pawn", "pawn",
     "the pawns"},
    {"the knight", "the knight", "the knight", "the knight's", "by the knight", "a knight", "no knight", "your knight",
     "knight", "the knights"},
    {"the bishop", "the bishop", "the bishop", "the bishop's", "by the bishop", "a bishop", "no bishop", "your bishop",
     "bishop", "the bishops"},
    {"the rook", "the rook", "the rook", "the rook's", "by the rook", "a rook", "no rook", "your rook", "rook",
     "the rooks"},
    {"the queen", "the queen", "the queen", "the queen's", "by the queen", "a queen", "no queen", "your queen", "queen",
     "the queens"},
    {"the king", "the king", "the king", "the king's", "by the king", "a king", "no king", "your king", "king",
     "the kings"},
}};

// Order: Person's. German uses the generic masculine (as the FIDE Laws in German do).
constexpr std::array<NounForms, PersonCount> GermanPeople = {{
    {"der Spieler", "den Spieler", "dem Spieler", "des Spielers", "vom Spieler", "einen Spieler", "kein Spieler",
     "dein Spieler", "Spieler", "die Spieler"},
    {"der Gegner", "den Gegner", "dem Gegner", "des Gegners", "vom Gegner", "einen Gegner", "kein Gegner",
     "dein Gegner", "Gegner", "die Gegner"},
    {"der Schiedsrichter", "den Schiedsrichter", "dem Schiedsrichter", "des Schiedsrichters", "vom Schiedsrichter",
     "einen Schiedsrichter", "kein Schiedsrichter", "dein Schiedsrichter", "Schiedsrichter", "die Schiedsrichter"},
    {"der Sieger", "den Sieger", "dem Sieger", "des Siegers", "vom Sieger", "einen Sieger", "kein Sieger",
     "dein Sieger", "Sieger", "die Sieger"},
    {"der Zuschauer", "den Zuschauer", "dem Zuschauer", "des Zuschauers", "vom Zuschauer", "einen Zuschauer",
     "kein Zuschauer", "dein Zuschauer", "Zuschauer", "die Zuschauer"},
    {"der Freund", "den Freund", "dem Freund", "des Freundes", "vom Freund", "einen Freund", "kein Freund",
     "dein Freund", "Freund", "die Freunde"},
}};
// The seed: "de Spielere", "derm Gegnere", "ders Gegneres", "ein eingeteilte Schiedsrichtere",
// "einers Spieleres", "die Spielerne", "ens Gegnere"; Freund takes "-e" and "-erne" as König does.
constexpr std::array<NounForms, PersonCount> NeutralPeople = {{
    {"de Spielere", "de Spielere", "derm Spielere", "ders Spieleres", "von derm Spielere", "ein Spielere",
     "kein Spielere", "dein Spielere", "Spielere", "die Spielerne"},
    {"de Gegnere", "de Gegnere", "derm Gegnere", "ders Gegneres", "von derm Gegnere", "ein Gegnere", "kein Gegnere",
     "dein Gegnere", "Gegnere", "die Gegnerne"},
    {"de Schiedsrichtere", "de Schiedsrichtere", "derm Schiedsrichtere", "ders Schiedsrichteres",
     "von derm Schiedsrichtere", "ein Schiedsrichtere", "kein Schiedsrichtere", "dein Schiedsrichtere",
     "Schiedsrichtere", "die Schiedsrichterne"},
    {"de Siegere", "de Siegere", "derm Siegere", "ders Siegeres", "von derm Siegere", "ein Siegere", "kein Siegere",
     "dein Siegere", "Siegere", "die Siegerne"},
    {"de Zuschauere", "de Zuschauere", "derm Zuschauere", "ders Zuschaueres", "von derm Zuschauere", "ein Zuschauere",
     "kein Zuschauere", "dein Zuschauere", "Zuschauere", "die Zuschauerne"},
    {"de Freunde", "de Freunde", "derm Freunde", "ders Freundes", "von derm Freunde", "ein Freunde", "kein Freunde",
     "dein Freunde", "Freunde", "die Freunderne"},
}};
constexpr std::array<NounForms, PersonCount> EnglishPeople = {{
    {"the player", "the player", "the player", "the player's", "by the player", "a player", "no player", "your player",
     "player", "the players"},
    {"the opponent", "the opponent", "the opponent", "the opponent's", "by the opponent", "an opponent", "no opponent",
     "your opponent", "opponent", "the opponents"},
    {"the arbiter", "the arbiter", "the arbiter", "the arbiter's", "by the arbiter", "an arbiter", "no arbiter",
     "your arbiter", "arbiter", "the arbiters"},
    {"the winner", "the winner", "the winner", "the winner's", "by the winner", "a winner", "no winner", "your winner",
     "winner", "the winners"},
    {"the spectator", "the spectator", "the spectator", "the spectator's", "by the spectator", "a spectator",
     "no spectator", "your spectator", "spectator", "the spectators"},
    {"the friend", "the friend", "the friend", "the friend's", "by the friend", "a friend", "no friend", "your friend",
     "friend", "the friends"},
}};

template <std::size_t N>
const NounForms& in(Language lang, const std::array<NounForms, N>& de, const std::array<NounForms, N>& neutral,
                    const std::array<NounForms, N>& en, std::size_t i) {
    switch (lang) {
        case Language::German: return de[i];
        case Language::GermanNeutral: return neutral[i];
        case Language::English: return en[i];
    }
    return en[i];
}

}  // namespace

PieceName piece_name(PieceType t, Language lang) {
    const auto i = static_cast<std::size_t>(idx(t == PieceType::None ? PieceType::Pawn : t));
    return in(lang, GermanPieces, NeutralPieces, EnglishPieces, i);
}

NounForms person_name(Person p, Language lang) {
    return in(lang, GermanPeople, NeutralPeople, EnglishPeople, static_cast<std::size_t>(p));
}

std::string capitalized(std::string_view text) {
    std::string out(text);
    if (out.empty()) return out;
    if (out[0] >= 'a' && out[0] <= 'z') {
        out[0] = static_cast<char>(out[0] - 'a' + 'A');
    } else if (out.size() >= 2 && out[0] == '\xc3') {
        // UTF-8 ä ö ü (C3 A4, C3 B6, C3 BC) to Ä Ö Ü (C3 84, C3 96, C3 9C).
        const auto c = static_cast<unsigned char>(out[1]);
        if (c == 0xa4 || c == 0xb6 || c == 0xbc) out[1] = static_cast<char>(c - 0x20);
    }
    return out;
}

}  // namespace schach
