// The words for exercises missed: German, gender-neutral German (after the seed text) and English.

#include "text/exercise_text.hpp"

#include <fmt/format.h>

#include "text/piece_names.hpp"

namespace schach {
namespace {

using EM = ExerciseMiss;

/// "in eine Dame" / "in ein Wesire" / "to a queen": the goal of a promotion.
std::string promotion_goal(PieceType t, Language lang) {
    const std::string_view piece = piece_name(t, lang).indefinite;
    return std::string(lang == Language::English ? "to " : "in ") + std::string(piece);
}

std::string german_like(const ExerciseMissInfo& m, Language lang) {
    const bool neutral = lang == Language::GermanNeutral;
    switch (m.code) {
        case EM::NotTheMove: return fmt::format("{} ist erlaubt, löst aber die Aufgabe nicht.", m.move);
        case EM::WinsLess:
            if (m.count <= 0)
                return fmt::format("{} ist ein gleichwertiger Tausch; ein anderer Zug gewinnt Material.", m.move);
            return fmt::format("{} gewinnt im Abtausch {} {}; ein anderer Zug gewinnt mehr.", m.move, m.count,
                               m.count == 1 ? "Punkt" : "Punkte");
        case EM::WrongPiece:
            return fmt::format("{} zieht {}; gesucht ist ein Zug mit {}.", m.move, piece_name(m.piece, lang).accusative,
                               piece_name(m.wanted, lang).dative);
        case EM::WrongSquare:
            return fmt::format("{} zieht {} nach {}; gesucht ist der Zug nach {}.", m.move,
                               piece_name(m.piece, lang).accusative, m.to, m.square);
        case EM::NotMate:
            return fmt::format("{} ist erlaubt, aber kein Matt: die Gegenseite kann noch {} ziehen.", m.move, m.reply);
        case EM::NoMateNext:
            return fmt::format("{} ist erlaubt, aber nach der Antwort {} gibt es kein Matt im nächsten Zug.", m.move,
                               m.reply);
        case EM::NotStalemate:
            return fmt::format("{} ist kein Patt: die Gegenseite kann noch {} ziehen.", m.move, m.reply);
        case EM::StalemateCheck:
            return fmt::format("{} bietet Schach. Patt heißt: kein erlaubter Zug, aber auch kein Schach.", m.move);
        case EM::NotDead: return fmt::format("Nach {} ist die Stellung nicht tot: ein Matt ist noch möglich.", m.move);
        case EM::OpponentCanMate:
            return fmt::format(
                "Nach {} könnte die Gegenseite noch mattsetzen: fiele jetzt dein Fallblättchen, wäre die "
                "Partie verloren (Art. 6.9).",
                m.move);
        case EM::NotEnPassant: return fmt::format("{} ist erlaubt, aber kein Schlag en passant.", m.move);
        case EM::WrongCastling:
            return m.castle_long ? "Das war die lange Rochade; gesucht ist die kurze."
                                 : "Das war die kurze Rochade; gesucht ist die lange.";
        case EM::NotCastling: return fmt::format("{} ist erlaubt, aber keine Rochade.", m.move);
        case EM::WrongPromotion:
            return fmt::format("{} wandelt {} um; gesucht ist die Umwandlung {}.", m.move,
                               promotion_goal(m.piece, lang), promotion_goal(m.wanted, lang));
        case EM::NotPromotion: return fmt::format("{} ist erlaubt, aber keine Umwandlung.", m.move);
        case EM::NoClaim:
            return fmt::format("{} ist erlaubt, aber ohne Reklamation: reklamiere das Remis mit diesem Zug.", m.move);
        case EM::ThreefoldWrong:
            return fmt::format(
                "Die Reklamation ist falsch: die Stellung nach {} stünde erst zum {}. Mal auf dem Brett, "
                "nicht zum dritten (Art. 9.2).",
                m.move, m.count);
        case EM::FiftyWrong:
            if (m.count == 0)
                return fmt::format(
                    "Die Reklamation ist falsch: {} ist ein Schlag- oder {}, danach beginnen die 50 Züge "
                    "von vorn (Art. 9.3).",
                    m.move, neutral ? "Bauernezug" : "Bauernzug");
            return fmt::format(
                "Die Reklamation ist falsch: nach {} wären es erst {} Züge jeder Seite ohne Schlagen "
                "und ohne {} (Art. 9.3).",
                m.move, m.count, neutral ? "Bauernezug" : "Bauernzug");
    }
    return {};
}

/// "first", "second", "third", "4th", ...
std::string ordinal(int n) {
    if (n == 1) return "first";
    if (n == 2) return "second";
    if (n == 3) return "third";
    return fmt::format("{}th", n);
}

std::string english(const ExerciseMissInfo& m) {
    switch (m.code) {
        case EM::NotTheMove: return fmt::format("{} is legal but does not solve the task.", m.move);
        case EM::WinsLess:
            if (m.count <= 0) return fmt::format("{} is an even trade; another move wins material.", m.move);
            return fmt::format("{} wins {} {} in the exchange; another move wins more.", m.move, m.count,
                               m.count == 1 ? "point" : "points");
        case EM::WrongPiece:
            return fmt::format("{} moves {}; the task asks for a move with {}.", m.move,
                               piece_name(m.piece, Language::English).nominative,
                               piece_name(m.wanted, Language::English).dative);
        case EM::WrongSquare:
            return fmt::format("{} moves {} to {}; the task asks for the move to {}.", m.move,
                               piece_name(m.piece, Language::English).nominative, m.to, m.square);
        case EM::NotMate:
            return fmt::format("{} is legal but not mate: the other side can still play {}.", m.move, m.reply);
        case EM::NoMateNext:
            return fmt::format("{} is legal, but after the answer {} there is no mate on the next move.", m.move,
                               m.reply);
        case EM::NotStalemate:
            return fmt::format("{} is not stalemate: the other side can still play {}.", m.move, m.reply);
        case EM::StalemateCheck:
            return fmt::format("{} gives check. Stalemate means no legal move, but no check either.", m.move);
        case EM::NotDead: return fmt::format("After {} the position is not dead: a mate is still possible.", m.move);
        case EM::OpponentCanMate:
            return fmt::format(
                "After {} the other side could still checkmate: if your flag fell now, you would lose "
                "(Art. 6.9).",
                m.move);
        case EM::NotEnPassant: return fmt::format("{} is legal but not an en passant capture.", m.move);
        case EM::WrongCastling:
            return m.castle_long ? "That was castling queen-side; the task is castling king-side."
                                 : "That was castling king-side; the task is castling queen-side.";
        case EM::NotCastling: return fmt::format("{} is legal but not castling.", m.move);
        case EM::WrongPromotion:
            return fmt::format("{} promotes {}; the task is to promote {}.", m.move,
                               promotion_goal(m.piece, Language::English), promotion_goal(m.wanted, Language::English));
        case EM::NotPromotion: return fmt::format("{} is legal but not a promotion.", m.move);
        case EM::NoClaim:
            return fmt::format("{} is legal, but you did not claim: claim the draw with this move.", m.move);
        case EM::ThreefoldWrong:
            return fmt::format(
                "The claim is wrong: the position after {} would stand on the board for the {} time, "
                "not the third (Art. 9.2).",
                m.move, ordinal(m.count));
        case EM::FiftyWrong:
            if (m.count == 0)
                return fmt::format(
                    "The claim is wrong: {} is a capture or a pawn move, after which the 50 moves start "
                    "again (Art. 9.3).",
                    m.move);
            return fmt::format(
                "The claim is wrong: after {} there would be only {} moves by each side without a capture "
                "or a pawn move (Art. 9.3).",
                m.move, m.count);
    }
    return {};
}

}  // namespace

std::string_view exercise_miss_id(ExerciseMiss code) {
    switch (code) {
        case EM::NotTheMove: return "not-the-move";
        case EM::NotMate: return "not-mate";
        case EM::NotStalemate: return "not-stalemate";
        case EM::StalemateCheck: return "stalemate-check";
        case EM::NotDead: return "not-dead";
        case EM::OpponentCanMate: return "opponent-can-mate";
        case EM::NotEnPassant: return "not-en-passant";
        case EM::WrongCastling: return "wrong-castling";
        case EM::NotCastling: return "not-castling";
        case EM::WrongPromotion: return "wrong-promotion";
        case EM::NotPromotion: return "not-promotion";
        case EM::NoClaim: return "no-claim";
        case EM::ThreefoldWrong: return "threefold-wrong";
        case EM::FiftyWrong: return "fifty-wrong";
        case EM::WinsLess: return "wins-less";
        case EM::WrongPiece: return "wrong-piece";
        case EM::WrongSquare: return "wrong-square";
        case EM::NoMateNext: return "no-mate-next";
    }
    return "not-the-move";
}

std::string describe(const ExerciseMissInfo& miss, Language lang) {
    return lang == Language::English ? english(miss) : german_like(miss, lang);
}

}  // namespace schach
