#include "notation/language.hpp"

#include <array>

namespace schach {

std::optional<Language> parse_language(std::string_view code) {
    if (code == "de" || code == "deutsch" || code == "german") return Language::German;
    if (code == "de-neutral" || code == "de_neutral" || code == "neutral") return Language::GermanNeutral;
    if (code == "en" || code == "english") return Language::English;
    return std::nullopt;
}

std::string_view language_code(Language lang) {
    switch (lang) {
        case Language::German: return "de";
        case Language::GermanNeutral: return "de-neutral";
        case Language::English: return "en";
    }
    return "en";
}

char piece_letter(PieceType t, Language lang) {
    // Index: pawn, knight, bishop, rook, queen, king.
    static constexpr std::array<std::string_view, 3> Letters = {
        std::string_view("\0SLTDK", 6), std::string_view("\0SLTWK", 6), std::string_view("\0NBRQK", 6)};
    if (t == PieceType::None) return '\0';
    return Letters[static_cast<std::size_t>(lang)][static_cast<std::size_t>(idx(t))];
}

PieceType piece_from_any_letter(char letter) {
    switch (letter) {
        case 'N':
        case 'S': return PieceType::Knight;
        case 'B':
        case 'L': return PieceType::Bishop;
        case 'R':
        case 'T': return PieceType::Rook;
        case 'Q':
        case 'D':
        case 'W': return PieceType::Queen;
        case 'K': return PieceType::King;
        case 'P': return PieceType::Pawn;
        default: return PieceType::None;
    }
}

std::string_view figurine(Piece p) {
    static constexpr std::array<std::string_view, 6> White = {"♙", "♘", "♗", "♖", "♕", "♔"};
    static constexpr std::array<std::string_view, 6> Black = {"♟", "♞", "♝", "♜", "♛", "♚"};
    if (p == Piece::None) return "";
    const auto i = static_cast<std::size_t>(idx(type_of(p)));
    return color_of(p) == Color::White ? White[i] : Black[i];
}

}  // namespace schach
