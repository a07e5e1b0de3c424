#include "text/move_text.hpp"

#include <fmt/core.h>

#include "text/refusal_text.hpp"
#include "text/words.hpp"

namespace schach {

using words::pick;

std::string expected_text(const MoveTextError& error, const Position& pos, Language lang) {
    using E = MoveTextError::Expected;
    switch (error.expected) {
        case E::Nothing: return "";
        case E::Move: return std::string(pick(lang, "ein Zug", "a move"));
        case E::PieceLetter:
            return std::string(pick(lang, "Figurbuchstabe K, D, T, L, S (oder K, Q, R, B, N)",
                                    "Figurbuchstabe K, W, T, L, S (oder K, Q, R, B, N)",
                                    "piece letter K, Q, R, B, N (or German K, D, T, L, S)"));
        case E::TargetSquare: return std::string(pick(lang, "ein Zielfeld wie e4", "a target square such as e4"));
        case E::PromotionPiece: return std::string(pick(lang, "Umwandlungsfigur", "promotion piece"));
        case E::End: return std::string(pick(lang, "Ende des Zuges", "end of the move"));
        case E::SanWithoutFrom: return std::string(pick(lang, "SAN ohne Startfeld", "SAN without a from-square"));
        case E::UciMove: return std::string(pick(lang, "UCI-Zug wie e2e4", "UCI move such as e2e4"));
        case E::FromSquare: return std::string(pick(lang, "Startfeld", "from-square"));
        case E::ToSquare: return std::string(pick(lang, "Zielfeld", "to-square"));
        case E::UciPromotion: return std::string(pick(lang, "n, b, r oder q", "n, b, r or q"));
        case E::CanonicalSan:
            return std::string(pick(lang, "kanonisches SAN: ", "canonical SAN: ")) + to_san(pos, error.canonical, lang);
    }
    return "?";
}

std::string describe(const MoveTextError& error, const Position& pos, Language lang) {
    using K = MoveTextError::Kind;
    switch (error.kind) {
        case K::Syntax:
            return fmt::format(fmt::runtime(pick(lang, "Ungültiger Zug „{}“ bei Zeichen {}: erwartet {}",
                                                 "Invalid move text \"{}\" at character {}: expected {}")),
                               error.text, error.offset, expected_text(error, pos, lang));
        case K::Illegal:
            return fmt::format(fmt::runtime(pick(lang, "Regelwidriger Zug {}: {}", "Illegal move {}: {}")), error.text,
                               describe(error.refusal, lang));
        case K::Ambiguous: {
            std::string list;
            for (Move m : error.candidates) list += (list.empty() ? "" : ", ") + to_san(pos, m, lang);
            return fmt::format(
                fmt::runtime(pick(lang, "Mehrdeutiger Zug {}: möglich sind {}", "Ambiguous move {}: could be {}")),
                error.text, list);
        }
    }
    return error.text;
}

}  // namespace schach
