// The coach's words. German and gender-neutral German share their sentences; only the piece
// names (de Springere, de Wesire) and a few phrases differ.

#include "text/coach_text.hpp"

#include <array>
#include <vector>

#include "text/piece_names.hpp"

namespace schach {
namespace {

using HC = HintCode;

std::string sq(Square s) { return to_string(s); }

/// "d4, e4" in board order.
std::string square_list(Bitboard b) {
    std::string out;
    for (Square s : squares(b)) out += (out.empty() ? "" : ", ") + sq(s);
    return out;
}

std::string points(int centipawns, Language lang) {
    const int n = (centipawns < 0 ? -centipawns : centipawns) / 100;
    if (lang == Language::English) return std::to_string(n) + (n == 1 ? " point" : " points");
    return std::to_string(n) + (n == 1 ? " Punkt" : " Punkte");
}

/// The centre squares a side's pawns aim for: d4 and e4 for White, d5 and e5 for Black.
std::string centre_targets(Piece pawn, Language lang) {
    const bool white = pawn == Piece::None || color_of(pawn) == Color::White;
    return white ? (lang == Language::English ? "d4 or e4" : "d4 oder e4")
                 : (lang == Language::English ? "d5 or e5" : "d5 oder e5");
}

struct Words {
    Language lang;
    bool neutral() const { return lang == Language::GermanNeutral; }
    PieceName name(Piece p) const { return piece_name(p == Piece::None ? PieceType::Pawn : type_of(p), lang); }
    std::string on(Piece p, Square s) const {
        return std::string(name(p).nominative) + (lang == Language::English ? " on " : " auf ") + sq(s);
    }
    std::string on_acc(Piece p, Square s) const {
        return std::string(name(p).accusative) + (lang == Language::English ? " on " : " auf ") + sq(s);
    }
};

std::string check_german(const Hint& h, const Words& w) {
    const PieceName king = w.name(Piece::WhiteKing);
    std::string s = capitalized(king.nominative) + " steht durch " + w.on_acc(h.by_piece, h.by) +
                    " im Schach (Art. 3.9).";
    if (h.answers.captures == 0 && h.answers.blocks == 0)
        return s + (more_than_one(h.squares) ? " Doppelschach: nur ein Zug " : " Nur ein Zug ") +
               std::string(king.genitive) + " hilft.";
    // Only the ways that exist here, each with its number of moves.
    std::vector<std::string> ways;
    if (h.answers.king_moves > 0)
        ways.push_back("mit " + std::string(king.dative) + " ausweichen (" + std::to_string(h.answers.king_moves) +
                       ")");
    if (h.answers.captures > 0)
        ways.push_back("die Schach gebende Figur schlagen (" + std::to_string(h.answers.captures) + ")");
    if (h.answers.blocks > 0) ways.push_back("eine Figur dazwischenstellen (" + std::to_string(h.answers.blocks) + ")");
    s += ways.size() == 1 ? " Ausweg: " : ways.size() == 3 ? " Drei Auswege: " : " Auswege: ";
    for (std::size_t i = 0; i < ways.size(); ++i) s += (i == 0 ? "" : i + 1 == ways.size() ? " oder " : ", ") + ways[i];
    s += ".";
    return s;
}

std::string german(const Hint& h, const Words& w) {
    const std::string piece = capitalized(w.on(h.piece, h.square));
    switch (h.code) {
        case HC::CentrePawn: return "Gut: " + w.on(h.piece, h.square) + " besetzt das Zentrum.";
        case HC::FlankPawn:
            return "Der Zug " + sq(h.from) + "-" + sq(h.square) + " tut nichts für das Zentrum: zieh zuerst " +
                   (w.neutral() ? "de d- oder e-Bauere" : "den d- oder e-Bauern") + " (" +
                   centre_targets(h.piece, w.lang) + ").";
        case HC::MinorDeveloped:
            return "Gut: " + std::string(w.name(h.piece).nominative) + " kommt auf " + sq(h.square) + " ins Spiel.";
        case HC::QueenEarly:
            return capitalized(w.name(h.piece).nominative) + " zieht früh nach " + sq(h.square) + ": entwickle erst " +
                   (w.neutral() ? "Springerne und Läuferne" : "Springer und Läufer") + " (auf " +
                   square_list(h.squares) + " stehen sie noch). " +
                   (w.neutral() ? "Ein frühe Wesire wird leicht gejagt." : "Eine frühe Dame wird leicht gejagt.");
        case HC::PieceAgain:
            return capitalized(w.name(h.piece).nominative) + " zieht noch einmal (" + sq(h.from) + "-" + sq(h.square) +
                   "), während auf " + square_list(h.squares) +
                   (more_than_one(h.squares) ? " noch Figuren auf ihren ersten Zug warten."
                                             : " noch eine Figur auf ihren ersten Zug wartet.");
        case HC::Castled:
            return "Gut: die Rochade bringt " + std::string(w.name(h.piece).accusative) + " nach " + sq(h.square) +
                   " in Sicherheit.";
        case HC::KingLostCastling:
            return capitalized(w.name(h.piece).nominative) + " zieht von " + sq(h.from) + " nach " + sq(h.square) +
                   " und darf nun nicht mehr rochieren (Art. 3.8.2.1).";
        case HC::RookLostCastling:
            return "Der Turm verlässt " + sq(h.from) +
                   ": zu dieser Seite ist keine Rochade mehr möglich (Art. 3.8.2.1).";
        case HC::CastleNow:
            return "Du kannst jetzt rochieren (nach " + square_list(h.squares) + "): bring " +
                   std::string(w.name(h.piece).accusative) + " in Sicherheit.";
        case HC::Check: return check_german(h, w);
        case HC::Threat:
            return "Achtung: nach " + sq(h.from) + "-" + sq(h.to) + " kann " + w.on(h.by_piece, h.by) + " " +
                   w.on_acc(h.piece, h.square) + " schlagen und damit " + points(h.value, w.lang) + " gewinnen.";
        case HC::LosingTrade:
            return capitalized(w.name(h.piece).nominative) + " schlägt auf " + sq(h.square) +
                   ", doch der Tausch kostet " + points(h.value, w.lang) + ": tausche nur gleichwertig (" +
                   (w.neutral() ? "Wesire 9, Turm 5, Läufere und Springere 3, Bauere 1"
                                : "Dame 9, Turm 5, Läufer und Springer 3, Bauer 1") +
                   ").";
        case HC::OwnLoose:
            return piece + " ist nicht genug gedeckt: " + w.on(h.by_piece, h.by) + " kann schlagen und damit " +
                   points(h.value, w.lang) + " gewinnen.";
        case HC::TheirLoose:
            return "Chance: " + w.on(h.by_piece, h.by) + " kann " + w.on_acc(h.piece, h.square) +
                   " schlagen und damit " + points(h.value, w.lang) + " gewinnen.";
        case HC::TakeBack:
            return "Zurückschlagen: " + w.on(h.by_piece, h.by) + " kann " + w.on_acc(h.piece, h.square) +
                   " schlagen, dann bleibt der Tausch ausgeglichen.";
    }
    return "?";
}

std::string check_english(const Hint& h, const Words& w) {
    std::string s = capitalized(w.on(h.by_piece, h.by)) + " gives check (Art. 3.9).";
    if (h.answers.captures == 0 && h.answers.blocks == 0)
        return s + (more_than_one(h.squares) ? " Double check: only a king move helps." : " Only a king move helps.");
    std::vector<std::string> ways;
    if (h.answers.king_moves > 0) ways.push_back("move the king (" + std::to_string(h.answers.king_moves) + ")");
    if (h.answers.captures > 0)
        ways.push_back("capture the checking piece (" + std::to_string(h.answers.captures) + ")");
    if (h.answers.blocks > 0) ways.push_back("put a piece in between (" + std::to_string(h.answers.blocks) + ")");
    s += ways.size() == 1 ? " Way out: " : ways.size() == 3 ? " Three ways out: " : " Ways out: ";
    for (std::size_t i = 0; i < ways.size(); ++i) s += (i == 0 ? "" : i + 1 == ways.size() ? " or " : ", ") + ways[i];
    return s + ".";
}

std::string english(const Hint& h, const Words& w) {
    switch (h.code) {
        case HC::CentrePawn: return "Good: " + w.on(h.piece, h.square) + " takes the centre.";
        case HC::FlankPawn:
            return sq(h.from) + "-" + sq(h.square) + " does nothing for the centre: move the d- or e-pawn first (" +
                   centre_targets(h.piece, w.lang) + ").";
        case HC::MinorDeveloped:
            return "Good: " + std::string(w.name(h.piece).nominative) + " comes into play on " + sq(h.square) + ".";
        case HC::QueenEarly:
            return "The queen comes out early to " + sq(h.square) +
                   ": develop knights and bishops first (the pieces on " + square_list(h.squares) +
                   " are still at home). An early queen gets chased.";
        case HC::PieceAgain:
            return capitalized(w.name(h.piece).nominative) + " moves again (" + sq(h.from) + "-" + sq(h.square) +
                   (more_than_one(h.squares)
                        ? ") while the pieces on " + square_list(h.squares) + " still wait for their first move."
                        : ") while the piece on " + square_list(h.squares) + " still waits for its first move.");
        case HC::Castled: return "Good: castling takes the king to safety on " + sq(h.square) + ".";
        case HC::KingLostCastling:
            return "The king moves from " + sq(h.from) + " to " + sq(h.square) +
                   " and may no longer castle (Art. 3.8.2.1).";
        case HC::RookLostCastling:
            return "The rook leaves " + sq(h.from) + ": castling to that side is no longer possible (Art. 3.8.2.1).";
        case HC::CastleNow: return "You can castle now (to " + square_list(h.squares) + "): bring the king to safety.";
        case HC::Check: return check_english(h, w);
        case HC::Threat:
            return "Watch out: after " + sq(h.from) + "-" + sq(h.to) + ", " + w.on(h.by_piece, h.by) + " can take " +
                   w.on_acc(h.piece, h.square) + " and win " + points(h.value, w.lang) + ".";
        case HC::LosingTrade:
            return capitalized(w.name(h.piece).nominative) + " takes on " + sq(h.square) + ", but the exchange costs " +
                   points(h.value, w.lang) +
                   ": trade only for equal value (queen 9, rook 5, bishop and knight 3, pawn 1).";
        case HC::OwnLoose:
            return capitalized(w.on(h.piece, h.square)) + " is not protected enough: " + w.on(h.by_piece, h.by) +
                   " can take it and win " + points(h.value, w.lang) + ".";
        case HC::TheirLoose:
            return "Chance: " + w.on(h.by_piece, h.by) + " can take " + w.on_acc(h.piece, h.square) + " and win " +
                   points(h.value, w.lang) + ".";
        case HC::TakeBack:
            return "Recapture: " + w.on(h.by_piece, h.by) + " can take " + w.on_acc(h.piece, h.square) +
                   ", and the trade stays even.";
    }
    return "?";
}

}  // namespace

std::string_view principle_name(Principle p, Language lang) {
    struct Names {
        std::string_view de, neutral, en;
    };
    static constexpr std::array<Names, 7> Table = {{
        {"Das Zentrum besetzen", "Das Zentrum besetzen", "Take the centre"},
        {"Erst Springer und Läufer, dann die Dame", "Erst Springerne und Läuferne, dann de Wesire",
         "Knights and bishops before the queen"},
        {"Keine Figur ohne Grund zweimal ziehen", "Keine Figur ohne Grund zweimal ziehen",
         "No piece twice without a reason"},
        {"Früh rochieren", "Früh rochieren", "Castle early"},
        {"Was greift der letzte Zug an?", "Was greift der letzte Zug an?", "What does the last move attack?"},
        {"Nur gleichwertig tauschen", "Nur gleichwertig tauschen", "Trade only for equal value"},
        {"Ungedeckte Figuren: eigene und fremde", "Ungedeckte Figuren: eigene und fremde",
         "Loose pieces: yours and theirs"},
    }};
    const Names& n = Table[static_cast<std::size_t>(static_cast<int>(p) - 1)];
    switch (lang) {
        case Language::German: return n.de;
        case Language::GermanNeutral: return n.neutral;
        case Language::English: return n.en;
    }
    return n.en;
}

std::string describe(const Hint& hint, Language lang) {
    const Words w{lang};
    return lang == Language::English ? english(hint, w) : german(hint, w);
}

}  // namespace schach
