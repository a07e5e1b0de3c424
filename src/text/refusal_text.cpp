// The words for refusals: German, gender-neutral German (after the seed text) and English.

#include <string>

#include "text/refusal_text.hpp"

#include "text/piece_names.hpp"

namespace schach {
namespace {

using RC = RefusalCode;

std::string sq(Square s) { return to_string(s); }

/// The words of one language for the parts of a sentence.
struct Words {
    Language lang;
    PieceName name(Piece p) const { return piece_name(p == Piece::None ? PieceType::Pawn : type_of(p), lang); }
    bool english() const { return lang == Language::English; }
    bool neutral() const { return lang == Language::GermanNeutral; }
    /// "der Springer auf e2" / "the knight on e2"
    std::string piece_on(Piece p, Square s) const {
        return std::string(name(p).nominative) + (english() ? " on " : " auf ") + sq(s);
    }
    /// "vom Läufer auf c4" / "by the bishop on c4" (the agent of a passive)
    std::string by(Piece p, Square s) const { return std::string(name(p).by) + (english() ? " on " : " auf ") + sq(s); }
    /// "durch den Läufer auf c4" (the cause of a check)
    std::string through(Piece p, Square s) const {
        return "durch " + std::string(name(p).accusative) + " auf " + sq(s);
    }
    std::string king() const { return std::string(name(Piece::WhiteKing).nominative); }
    std::string_view pronoun() const { return neutral() ? "en" : "er"; }
};

std::string german_like(const Refusal& r, const Words& w) {
    const std::string mover = r.piece == Piece::None ? "" : w.piece_on(r.piece, r.from);
    switch (r.code) {
        case RC::None: return "Der Zug ist erlaubt";
        case RC::NoPiece: return "Auf " + sq(r.from) + " steht keine Figur";
        case RC::NotYourTurn:
            return std::string(r.piece != Piece::None && color_of(r.piece) == Color::White ? "Schwarz" : "Weiß") +
                   " ist am Zug";
        case RC::OwnPieceOnTarget: return "Auf " + sq(r.to) + " steht schon eine eigene Figur";
        case RC::NotAPieceMove: return capitalized(mover) + " kann nicht nach " + sq(r.to) + " ziehen";
        case RC::PathBlocked:
            return "Der Weg nach " + sq(r.to) + " ist versperrt: auf " + sq(r.square) + " steht eine Figur";
        case RC::PawnBlocked: return capitalized(mover) + " ist blockiert: auf " + sq(r.square) + " steht eine Figur";
        case RC::PawnCaptureOnEmpty:
            return capitalized(std::string(w.name(r.piece).nominative)) + " zieht nur zum Schlagen schräg, und auf " +
                   sq(r.to) + " steht nichts";
        case RC::EnPassantExpired: return "En passant geht nur unmittelbar nach dem Doppelschritt";
        case RC::PromotionMissing:
            return w.neutral() ? "De Bauere muss auf der letzten Reihe umgewandelt werden (W, T, L oder S)"
                               : "Der Bauer muss auf der letzten Reihe umgewandelt werden (D, T, L oder S)";
        case RC::PromotionNotAllowed:
            return w.neutral() ? "Umgewandelt wird nur ein Bauere, de die letzte Reihe erreicht"
                               : "Umgewandelt wird nur ein Bauer, der die letzte Reihe erreicht";
        case RC::PromotionPieceInvalid:
            return w.neutral() ? "Umgewandelt wird nur in Wesire, Turm, Läufere oder Springere"
                               : "Umgewandelt wird nur in Dame, Turm, Läufer oder Springer";
        case RC::Pinned:
            return capitalized(mover) + " ist gefesselt: sonst stünde " + w.king() + " " + w.through(r.by_piece, r.by) +
                   " im Schach";
        case RC::LeavesKingInCheck:
            return capitalized(w.king()) + " steht " + w.through(r.by_piece, r.by) +
                   " im Schach, und der Zug wehrt es nicht ab";
        case RC::DoubleCheck:
            return "Doppelschach: nur ein Zug " + std::string(w.name(Piece::WhiteKing).genitive) + " hilft";
        case RC::KingIntoCheck:
            return capitalized(w.king()) + " darf nicht nach " + sq(r.to) + " ziehen: " + sq(r.to) + " wird " +
                   w.by(r.by_piece, r.by) + " angegriffen";
        case RC::CastlingNoRight:
            if (r.square != Square::None)
                return "Die Rochade ist nicht mehr erlaubt: " + w.king() + " oder der Turm auf " + sq(r.square) +
                       " hat schon gezogen";
            return "Die Rochade ist nicht mehr erlaubt: " + w.king() + " oder der Turm hat schon gezogen";
        case RC::CastlingInCheck:
            return "Keine Rochade aus dem Schach: " + w.king() + " wird " + w.by(r.by_piece, r.by) + " angegriffen";
        case RC::CastlingBlocked: return "Die Rochade ist versperrt: auf " + sq(r.square) + " steht eine Figur";
        case RC::CastlingThroughCheck:
            return capitalized(w.king()) + " darf nicht über " + sq(r.square) + " rochieren: " + sq(r.square) +
                   " wird " + w.by(r.by_piece, r.by) + " angegriffen";
        case RC::CastlingIntoCheck:
            return capitalized(w.king()) + " darf nicht ins Schach rochieren: " + sq(r.square) + " wird " +
                   w.by(r.by_piece, r.by) + " angegriffen";
        case RC::NoPieceReaches: {
            const PieceType t = r.piece == Piece::None ? PieceType::Pawn : type_of(r.piece);
            return capitalized(piece_name(t, w.lang).none) + " kann nach " + sq(r.to) + " ziehen";
        }
        case RC::NullMoveInCheck: return "Im Schach darf nicht gepasst werden";
        case RC::GameOver: return "Die Partie ist beendet";
        case RC::DrawOfferTooEarly: return "Kein Remisangebot vor dem ersten Zug beider Seiten";
        case RC::NoDrawOffer: return "Es liegt kein Remisangebot vor";
        case RC::ClaimNotYourTurn: return "Reklamieren kann nur, wer am Zug ist";
        case RC::ClaimAfterTouch: return "Nach dem Berühren einer Figur ist die Reklamation für diesen Zug verwirkt";
        case RC::TouchMoveMustMove: return "Berührt – geführt: die Figur auf " + sq(r.square) + " muss gezogen werden";
        case RC::TouchMoveMustCapture:
            return "Berührt – geführt: die gegnerische Figur auf " + sq(r.square) + " muss geschlagen werden";
        case RC::TouchMoveMustCastle:
            return capitalized(w.king()) + " und der Turm wurden berührt: es muss rochiert werden";
        case RC::TouchMoveKingMustMove:
            return capitalized(w.king()) + " wurde berührt: " + std::string(w.pronoun()) + " muss gezogen werden";
        case RC::CastlingKingMoved: return "Die Rochade ist nicht mehr erlaubt: " + w.king() + " hat schon gezogen";
        case RC::CastlingRookMoved:
            return "Die Rochade ist nicht mehr erlaubt: der Turm auf " + sq(r.square) + " hat schon gezogen";
        case RC::CastlingRookCaptured:
            return "Die Rochade ist nicht mehr erlaubt: der Turm auf " + sq(r.square) + " wurde geschlagen";
        case RC::DrawOfferForbiddenYet:
            return "Remisangebote erlaubt die Turnierordnung erst ab Zug " + std::to_string(r.count);
    }
    return "?";
}

std::string english(const Refusal& r, const Words& w) {
    const std::string mover = r.piece == Piece::None ? "" : w.piece_on(r.piece, r.from);
    switch (r.code) {
        case RC::None: return "The move is legal";
        case RC::NoPiece: return "There is no piece on " + sq(r.from);
        case RC::NotYourTurn:
            return std::string("It is ") +
                   (r.piece != Piece::None && color_of(r.piece) == Color::White ? "Black" : "White") + "'s turn";
        case RC::OwnPieceOnTarget: return sq(r.to) + " is occupied by your own piece";
        case RC::NotAPieceMove: return capitalized(mover) + " cannot move to " + sq(r.to);
        case RC::PathBlocked: return "The way to " + sq(r.to) + " is blocked by the piece on " + sq(r.square);
        case RC::PawnBlocked: return capitalized(mover) + " is blocked by the piece on " + sq(r.square);
        case RC::PawnCaptureOnEmpty:
            return "A pawn moves diagonally only to capture, and there is nothing on " + sq(r.to);
        case RC::EnPassantExpired: return "En passant is only possible immediately after the double step";
        case RC::PromotionMissing: return "The pawn must promote on the last rank (to Q, R, B or N)";
        case RC::PromotionNotAllowed: return "Only a pawn reaching the last rank promotes";
        case RC::PromotionPieceInvalid: return "A pawn promotes only to a queen, rook, bishop or knight";
        case RC::Pinned: return capitalized(mover) + " is pinned: the king would be in check " + w.by(r.by_piece, r.by);
        case RC::LeavesKingInCheck:
            return "The king is in check " + w.by(r.by_piece, r.by) + " and this move does not stop it";
        case RC::DoubleCheck: return "Double check: only a king move helps";
        case RC::KingIntoCheck:
            return "The king cannot move to " + sq(r.to) + ": it is attacked " + w.by(r.by_piece, r.by);
        case RC::CastlingNoRight:
            if (r.square != Square::None)
                return "Castling is no longer allowed: the king or the rook on " + sq(r.square) + " has moved";
            return "Castling is no longer allowed: the king or the rook has moved";
        case RC::CastlingInCheck:
            return "You cannot castle out of check: the king is attacked " + w.by(r.by_piece, r.by);
        case RC::CastlingBlocked: return "Castling is blocked by the piece on " + sq(r.square);
        case RC::CastlingThroughCheck:
            return "The king cannot castle through " + sq(r.square) + ": it is attacked " + w.by(r.by_piece, r.by);
        case RC::CastlingIntoCheck:
            return "The king cannot castle into check: " + sq(r.square) + " is attacked " + w.by(r.by_piece, r.by);
        case RC::NoPieceReaches: return capitalized(w.name(r.piece).none) + " can move to " + sq(r.to);
        case RC::NullMoveInCheck: return "A null move is not possible while in check";
        case RC::GameOver: return "The game is over";
        case RC::DrawOfferTooEarly: return "No draw offer before both sides have made a move";
        case RC::NoDrawOffer: return "There is no draw offer to accept";
        case RC::ClaimNotYourTurn: return "Only the player to move may claim";
        case RC::ClaimAfterTouch: return "Having touched a piece, you can no longer claim on this move";
        case RC::TouchMoveMustMove: return "Touch-move: the piece on " + sq(r.square) + " must be moved";
        case RC::TouchMoveMustCapture:
            return "Touch-move: the opponent's piece on " + sq(r.square) + " must be captured";
        case RC::TouchMoveMustCastle: return "King and rook were touched: you must castle";
        case RC::TouchMoveKingMustMove: return "The king was touched: it must be moved";
        case RC::CastlingKingMoved: return "Castling is no longer allowed: the king has already moved";
        case RC::CastlingRookMoved:
            return "Castling is no longer allowed: the rook on " + sq(r.square) + " has already moved";
        case RC::CastlingRookCaptured:
            return "Castling is no longer allowed: the rook on " + sq(r.square) + " has been captured";
        case RC::DrawOfferForbiddenYet:
            return "The event allows draw offers only from move " + std::to_string(r.count) + " on";
    }
    return "?";
}

}  // namespace

std::string describe(const Refusal& r, Language lang) {
    Words w{lang};
    return lang == Language::English ? english(r, w) : german_like(r, w);
}

}  // namespace schach
