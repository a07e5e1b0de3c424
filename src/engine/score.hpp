#pragma once
// Search scores: centipawns from the side to move's view, mates as distance from the root.

#include <cstdint>

namespace schach::engine {

using Value = int;

inline constexpr Value ValueDraw = 0;
inline constexpr Value ValueMate = 32000;
inline constexpr Value ValueInfinite = 32001;
inline constexpr Value ValueNone = 32002;
inline constexpr int MaxPly = 246;
/// Scores at or beyond this are mates found (mate in MaxPly plies or fewer).
inline constexpr Value ValueMateInMaxPly = ValueMate - MaxPly;

constexpr Value mate_in(int ply) { return ValueMate - ply; }
constexpr Value mated_in(int ply) { return -ValueMate + ply; }
constexpr bool is_mate_score(Value v) { return v >= ValueMateInMaxPly || v <= -ValueMateInMaxPly; }

/// How a reported score relates to the true value (a fail-high is a lower bound).
enum class ScoreBound : std::uint8_t { Exact, Lower, Upper };

/// A score as UCI reports it: centipawns, or mate in moves (negative: the side to move is mated).
struct Score {
    enum class Kind : std::uint8_t { Centipawns, Mate };
    Kind kind = Kind::Centipawns;
    int value = 0;
    ScoreBound bound = ScoreBound::Exact;
    static Score from_value(Value v, ScoreBound bound = ScoreBound::Exact) {
        if (v >= ValueMateInMaxPly) return {Kind::Mate, (ValueMate - v + 1) / 2, bound};
        if (v <= -ValueMateInMaxPly) return {Kind::Mate, -(ValueMate + v) / 2, bound};
        return {Kind::Centipawns, v, bound};
    }
    friend bool operator==(const Score&, const Score&) = default;
};

/// Win/draw/loss expectation in permille for the side to move.
struct Wdl {
    int win = 0, draw = 1000, loss = 0;
    friend bool operator==(const Wdl&, const Wdl&) = default;
};

}  // namespace schach::engine
