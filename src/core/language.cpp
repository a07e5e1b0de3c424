#include "core/language.hpp"

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
        case 'N': case 'S': return PieceType::Knight;
        case 'B': case 'L': return PieceType::Bishop;
        case 'R': case 'T': return PieceType::Rook;
        case 'Q': case 'D': case 'W': return PieceType::Queen;
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

PieceName piece_name(PieceType t, Language lang) {
    // Gender-neutral forms follow the seed text: de Könige, de Wesire, de Läufere, de Springere,
    // de Bauere; the rook stays "der Turm".
    static constexpr std::array<PieceName, 6> German = {{
        {"der Bauer", "den Bauern", "vom Bauern", "Bauer"},
        {"der Springer", "den Springer", "vom Springer", "Springer"},
        {"der Läufer", "den Läufer", "vom Läufer", "Läufer"},
        {"der Turm", "den Turm", "vom Turm", "Turm"},
        {"die Dame", "die Dame", "von der Dame", "Dame"},
        {"der König", "den König", "vom König", "König"},
    }};
    static constexpr std::array<PieceName, 6> Neutral = {{
        {"de Bauere", "de Bauere", "von derm Bauere", "Bauere"},
        {"de Springere", "de Springere", "von derm Springere", "Springere"},
        {"de Läufere", "de Läufere", "von derm Läufere", "Läufere"},
        {"der Turm", "den Turm", "vom Turm", "Turm"},
        {"de Wesire", "de Wesire", "von derm Wesire", "Wesire"},
        {"de Könige", "de Könige", "von derm Könige", "Könige"},
    }};
    static constexpr std::array<PieceName, 6> English = {{
        {"the pawn", "the pawn", "by the pawn", "pawn"},
        {"the knight", "the knight", "by the knight", "knight"},
        {"the bishop", "the bishop", "by the bishop", "bishop"},
        {"the rook", "the rook", "by the rook", "rook"},
        {"the queen", "the queen", "by the queen", "queen"},
        {"the king", "the king", "by the king", "king"},
    }};
    const auto i = static_cast<std::size_t>(idx(t == PieceType::None ? PieceType::Pawn : t));
    switch (lang) {
        case Language::German: return German[i];
        case Language::GermanNeutral: return Neutral[i];
        case Language::English: return English[i];
    }
    return English[i];
}

std::string capitalized(std::string_view text) {
    std::string out(text);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

}  // namespace schach
