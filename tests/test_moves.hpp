#pragma once
// Test-local move helpers: find a legal move by its UCI text, resolve a SAN move against the legal
// moves (a deliberately tiny resolver until the notation module exists), and random playouts
// with a fixed, platform-independent generator.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/movegen.hpp"
#include "core/position.hpp"

namespace schach::test {

/// The legal move whose UCI text (king-takes-rook castling when `chess960`) is `uci`.
inline std::optional<Move> find_uci(const Position& pos, std::string_view uci, bool chess960) {
    for (Move m : legal_moves(pos))
        if (to_uci(m, chess960) == uci) return m;
    return std::nullopt;
}

inline bool looks_like_uci(std::string_view s) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (s.size() == 4 || s.size() == 5) && file(s[0]) && rank(s[1]) && file(s[2]) && rank(s[3]);
}

inline std::optional<PieceType> piece_from_san_letter(char c) {
    switch (c) {
        case 'N': return PieceType::Knight;
        case 'B': return PieceType::Bishop;
        case 'R': return PieceType::Rook;
        case 'Q': return PieceType::Queen;
        case 'K': return PieceType::King;
        default: return std::nullopt;
    }
}

/// What a SAN move says, before it is matched against the legal moves.
struct SanPattern {
    PieceType piece = PieceType::Pawn;
    Square to = Square::None;
    int from_file = -1, from_rank = -1;  // disambiguation, -1 when absent
    bool capture = false;
    std::optional<PieceType> promotion;
};

inline std::optional<SanPattern> parse_san_pattern(std::string_view san) {
    SanPattern p;
    if (!san.empty())
        if (auto piece = piece_from_san_letter(san.front())) {
            p.piece = *piece;
            san.remove_prefix(1);
        }
    if (const auto eq = san.find('='); eq != std::string_view::npos) {
        if (eq + 2 != san.size()) return std::nullopt;
        p.promotion = piece_from_san_letter(san[eq + 1]);
        if (!p.promotion || p.promotion == PieceType::King) return std::nullopt;
        san = san.substr(0, eq);
    }
    if (san.size() < 2) return std::nullopt;
    p.to = parse_square(san.substr(san.size() - 2));
    if (p.to == Square::None) return std::nullopt;
    for (char c : san.substr(0, san.size() - 2)) {
        if (c == 'x') p.capture = true;
        else if (c >= 'a' && c <= 'h') p.from_file = c - 'a';
        else if (c >= '1' && c <= '8') p.from_rank = c - '1';
        else return std::nullopt;
    }
    return p;
}

inline bool matches(const Position& pos, Move m, const SanPattern& p) {
    if (m.kind() == MoveKind::Castling || m.to() != p.to) return false;
    if (type_of(pos.piece_on(m.from())) != p.piece) return false;
    if (p.from_file >= 0 && idx(file_of(m.from())) != p.from_file) return false;
    if (p.from_rank >= 0 && idx(rank_of(m.from())) != p.from_rank) return false;
    if (p.capture != pos.is_capture(m)) return false;
    // A pawn capture names the file it comes from ("exd5"), a push does not.
    if (p.piece == PieceType::Pawn && pos.is_capture(m) && p.from_file < 0) return false;
    if (p.promotion) return m.kind() == MoveKind::Promotion && m.promotion() == *p.promotion;
    return m.kind() != MoveKind::Promotion;
}

/// The unique legal move a SAN string denotes, or nothing (illegal, ambiguous or unreadable).
/// Knows piece letters, captures, file/rank/square disambiguation, promotion and O-O / O-O-O.
inline std::optional<Move> resolve_san(const Position& pos, std::string_view san) {
    while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?'))
        san.remove_suffix(1);
    const MoveList legal = legal_moves(pos);
    if (san == "O-O" || san == "O-O-O" || san == "0-0" || san == "0-0-0") {
        const CastlingSide side = san.size() == 3 ? CastlingSide::King : CastlingSide::Queen;
        for (Move m : legal)
            if (m.kind() == MoveKind::Castling && pos.castling_side(m) == side) return m;
        return std::nullopt;
    }
    const auto pattern = parse_san_pattern(san);
    if (!pattern) return std::nullopt;
    std::optional<Move> found;
    for (Move m : legal) {
        if (!matches(pos, m, *pattern)) continue;
        if (found) return std::nullopt;  // ambiguous
        found = m;
    }
    return found;
}

/// A move given as UCI or SAN.
inline std::optional<Move> resolve_move(const Position& pos, std::string_view text, bool chess960) {
    if (looks_like_uci(text)) return find_uci(pos, text, chess960);
    return resolve_san(pos, text);
}

// --- Random playouts ---

/// SplitMix64: tiny and identical on every platform (std distributions are not).
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// Uniform enough in [0, n) for tests; n > 0.
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t state_;
};

/// A random legal move, or Move::none() when there is none.
inline Move random_move(const Position& pos, Rng& rng) {
    const MoveList moves = legal_moves(pos);
    return moves.empty() ? Move::none() : moves[rng.below(moves.size())];
}

/// The positions of one random game from `start` (start included), at most `max_plies` moves.
inline std::vector<Position> random_game(Position start, Rng& rng, int max_plies) {
    std::vector<Position> positions{start};
    for (int ply = 0; ply < max_plies; ++ply) {
        const Move m = random_move(start, rng);
        if (!m) break;
        start.do_move(m);
        positions.push_back(start);
    }
    return positions;
}

}  // namespace schach::test
