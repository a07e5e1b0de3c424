#include "text/piece_names.hpp"

#include <array>

namespace schach {

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
