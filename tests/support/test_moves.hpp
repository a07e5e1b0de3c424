#pragma once
// Test-local move helpers: find a legal move by its UCI text, and random playouts with a fixed,
// platform-independent generator.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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

/// The positions of one game from `start` (start included), at most `max_plies` moves, each
/// chosen by `pick(position)`; the game ends early when it returns Move::none().
template <class Pick>
std::vector<Position> random_game(Position start, int max_plies, Pick&& pick) {
    std::vector<Position> positions{start};
    for (int ply = 0; ply < max_plies; ++ply) {
        const Move m = pick(start);
        if (!m) break;
        start.do_move(m);
        positions.push_back(start);
    }
    return positions;
}

/// The positions of one random game from `start` (start included), at most `max_plies` moves.
inline std::vector<Position> random_game(Position start, Rng& rng, int max_plies) {
    return random_game(std::move(start), max_plies, [&rng](const Position& pos) { return random_move(pos, rng); });
}

}  // namespace schach::test
