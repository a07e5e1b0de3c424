#include "puzzle/puzzle.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "core/fen.hpp"
#include "notation/notation.hpp"

namespace schach::puzzle {

namespace {

// clang-format off
constexpr std::array<std::string_view, static_cast<std::size_t>(Theme::Count)> ThemeIds = {
    "advantage", "crushing", "equality", "mate", "mateIn1", "mateIn2", "mateIn3", "mateIn4", "mateIn5",
    "oneMove", "short", "long", "veryLong",
    "backRankMate", "smotheredMate", "anastasiaMate", "arabianMate", "bodenMate", "doubleBishopMate", "dovetailMate",
    "hookMate",
    "fork", "pin", "skewer", "discoveredAttack", "doubleCheck", "hangingPiece", "trappedPiece", "sacrifice",
    "promotion", "underPromotion", "enPassant", "castling", "defensiveMove", "quietMove", "attraction", "deflection",
    "intermezzo", "xRayAttack", "capturingDefender", "exposedKing", "kingsideAttack", "queensideAttack",
    "advancedPawn", "zugzwang",
    "opening", "middlegame", "endgame", "pawnEndgame", "knightEndgame", "bishopEndgame", "rookEndgame",
    "queenEndgame", "queenRookEndgame",
    "chess960",
};
// clang-format on

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return out;
        start = at + 1;
    }
}

std::optional<int> number(std::string_view s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace

std::string_view theme_id(Theme t) { return ThemeIds[static_cast<std::size_t>(t)]; }

std::optional<Theme> parse_theme(std::string_view id) {
    for (std::size_t i = 0; i < ThemeIds.size(); ++i)
        if (ThemeIds[i] == id) return static_cast<Theme>(i);
    return std::nullopt;
}

Position Puzzle::start() const {
    Position pos = position;
    if (!moves.empty()) pos.do_move(moves.front());
    return pos;
}

std::string to_csv(const Puzzle& p) {
    std::string moves;
    Position pos = p.position;
    for (Move m : p.moves) {
        if (!moves.empty()) moves += ' ';
        moves += to_uci(pos, m);
        pos.do_move(m);
    }
    // In alphabetical order, as lichess writes them.
    std::vector<std::string_view> ids;
    for (std::size_t i = 0; i < ThemeIds.size(); ++i)
        if (p.themes.test(i)) ids.push_back(ThemeIds[i]);
    std::sort(ids.begin(), ids.end());
    std::string themes;
    for (std::string_view id : ids) {
        if (!themes.empty()) themes += ' ';
        themes += id;
    }
    const FenFormat format = p.position.is_chess960() ? FenFormat::Shredder : FenFormat::Fen;
    std::string out = p.id;
    for (const std::string& field :
         {to_fen(p.position, format), moves, std::to_string(p.rating), std::to_string(p.deviation),
          std::to_string(p.popularity), std::to_string(p.plays), themes, p.source, p.opening_tags}) {
        out += ',';
        out += field;
    }
    return out;
}

std::expected<Puzzle, PuzzleError> parse_csv(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::vector<std::string_view> f = split(line, line.find('\t') != std::string_view::npos ? '\t' : ',');
    if (f.size() < 3 || f.size() > 10)
        return std::unexpected(PuzzleError{PuzzleError::Kind::Columns, static_cast<int>(f.size()), {}});
    Puzzle p;
    p.id = std::string(f[0]);
    bool chess960 = false;
    if (f.size() > 7)
        for (std::string_view id : split(f[7], ' ')) {
            if (id.empty()) continue;
            const auto t = parse_theme(id);
            if (!t) return std::unexpected(PuzzleError{PuzzleError::Kind::UnknownTheme, 8, std::string(id)});
            p.add(*t);
            chess960 = chess960 || *t == Theme::Chess960;
        }
    ValidateOptions options;
    if (chess960) options.variant = Variant::Chess960;
    auto pos = position_from_fen(f[1], options);
    if (!pos) return std::unexpected(PuzzleError{PuzzleError::Kind::BadFen, 2, std::string(f[1])});
    p.position = *pos;
    Position at = *pos;
    for (std::string_view text : split(f[2], ' ')) {
        if (text.empty()) continue;
        const auto m = parse_uci(at, text);
        if (!m) return std::unexpected(PuzzleError{PuzzleError::Kind::IllegalMove, 3, std::string(text)});
        p.moves.push_back(*m);
        at.do_move(*m);
    }
    if (p.moves.size() < 2) return std::unexpected(PuzzleError{PuzzleError::Kind::TooShort, 3, std::string(f[2])});
    int* numbers[] = {&p.rating, &p.deviation, &p.popularity, &p.plays};
    for (std::size_t i = 0; i < 4 && 3 + i < f.size(); ++i) {
        const auto v = number(f[3 + i]);
        if (!v)
            return std::unexpected(
                PuzzleError{PuzzleError::Kind::BadNumber, static_cast<int>(4 + i), std::string(f[3 + i])});
        *numbers[i] = *v;
    }
    if (f.size() > 8) p.source = std::string(f[8]);
    if (f.size() > 9) p.opening_tags = std::string(f[9]);
    return p;
}

std::expected<std::vector<Puzzle>, PuzzleFileError> read_puzzles(std::istream& in) {
    std::vector<Puzzle> out;
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (line.empty() || line.starts_with("PuzzleId")) continue;
        auto p = parse_csv(line);
        if (!p) return std::unexpected(PuzzleFileError{number, p.error()});
        out.push_back(std::move(*p));
    }
    return out;
}

}  // namespace schach::puzzle
