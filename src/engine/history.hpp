#pragma once
// What the search learns about moves while it runs, for move ordering and for pruning and
// reducing late moves (history-based ordering and the pruning that leans on it: ~760 Elo in
// Ethereal's account). One set per search thread; kept between searches of a game.
//
// All tables use the "gravity" update: an entry moves towards +-Max by a bonus that shrinks as it
// gets there, so old knowledge fades and values stay bounded.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/score.hpp"

namespace schach::engine {

inline constexpr int HistoryMax = 16384;
inline constexpr int PieceSlots = 16;  // Piece values 0..13, Piece::None = 6 serves null moves

inline void gravity_update(std::int16_t& entry, int bonus) {
    bonus = std::clamp(bonus, -HistoryMax, HistoryMax);
    entry = static_cast<std::int16_t>(entry + bonus - entry * std::abs(bonus) / HistoryMax);
}

/// The bonus (or, negated, the malus) for a move that caused (or failed to cause) a cutoff.
inline int history_bonus(int depth) { return std::min(16 * depth * depth + 32 * depth, 1600); }

/// Butterfly history: side to move, from, to (+6 Elo over killers alone in young engines).
struct ButterflyHistory {
    std::array<std::array<std::int16_t, 64 * 64>, 2> table{};
    std::int16_t& at(Color c, Move m) { return table[idx(c)][m.bits() & 0xFFF]; }
    int get(Color c, Move m) const { return table[idx(c)][m.bits() & 0xFFF]; }
};

/// Scores of (piece, to) pairs, the element of continuation history.
using PieceToHistory = std::array<std::array<std::int16_t, 64>, PieceSlots>;

/// Continuation history: how good a move (piece, to) is after the move (piece, to) one or two
/// plies earlier (+6 Elo each for 1- and 2-ply continuations in young engines).
struct ContinuationHistory {
    std::array<std::array<PieceToHistory, 64>, PieceSlots> table{};
    PieceToHistory& at(Piece p, Square to) { return table[idx(p)][idx(to)]; }
};

/// Capture history: moving piece, target square, captured piece type.
struct CaptureHistory {
    std::array<std::array<std::array<std::int16_t, 8>, 64>, PieceSlots> table{};
    std::int16_t& at(Piece moved, Square to, PieceType captured) { return table[idx(moved)][idx(to)][idx(captured)]; }
    int get(Piece moved, Square to, PieceType captured) const { return table[idx(moved)][idx(to)][idx(captured)]; }
};

/// The reply that refuted a move (piece, to) last time: the countermove heuristic.
struct CounterMoves {
    std::array<std::array<Move, 64>, PieceSlots> table{};
    Move& at(Piece p, Square to) { return table[idx(p)][idx(to)]; }
};

/// Correction history: how far the static evaluation was off in positions of the same pawn
/// structure (+3 to +22 Elo in young engines); the search adds the learnt error to its evaluation.
struct CorrectionHistory {
    static constexpr int Size = 16384;
    static constexpr int Grain = 256;  // entries are centipawns * Grain
    static constexpr int Limit = 32 * Grain;
    std::array<std::array<std::int32_t, Size>, 2> table{};

    static std::size_t slot(Key pawn_key) { return static_cast<std::size_t>(pawn_key % Size); }
    Value correct(Color c, Key pawn_key, Value eval) const {
        const Value v = eval + table[idx(c)][slot(pawn_key)] / Grain;
        return std::clamp(v, -ValueMateInMaxPly + 1, ValueMateInMaxPly - 1);
    }
    /// After a search of `depth` found `searched` where the evaluation said `eval`.
    void update(Color c, Key pawn_key, int depth, Value searched, Value eval) {
        std::int32_t& e = table[idx(c)][slot(pawn_key)];
        const int diff = std::clamp(searched - eval, -Limit / Grain, Limit / Grain) * Grain;
        const int weight = std::min(depth + 1, 16);
        e = std::clamp((e * (256 - weight) + diff * weight) / 256, -Limit, Limit);
    }
};

/// A hash of the pawns alone, for the correction history.
inline Key pawn_key(const Position& pos) {
    const Key w = pos.pieces(Color::White, PieceType::Pawn), b = pos.pieces(Color::Black, PieceType::Pawn);
    Key h = w * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return h ^ (h >> 29);
}

/// The tables of one search thread.
struct Histories {
    ButterflyHistory main;
    ContinuationHistory continuation;
    CaptureHistory captures;
    CounterMoves counters;
    CorrectionHistory correction;

    /// Zeroes every table (in place: the continuation table alone is 2 MiB, too big for a stack
    /// temporary).
    void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

}  // namespace schach::engine
