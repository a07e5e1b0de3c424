#pragma once
// Pawn structure: isolated, doubled, backward, phalanx and supported pawns, and what the rest
// of the evaluation needs from the pawns (passed pawns, pawn attacks, open files). It depends on
// the pawns alone, so a small hash table keyed by the two pawn bitboards keeps it.

#include <cstdint>
#include <memory>

#include "core/bitboard.hpp"
#include "core/types.hpp"
#include "engine/eval_params.hpp"

namespace schach::engine {

constexpr Bitboard fill_north(Bitboard b) {
    b |= b << 8;
    b |= b << 16;
    return b | b << 32;
}
constexpr Bitboard fill_south(Bitboard b) {
    b |= b >> 8;
    b |= b >> 16;
    return b | b >> 32;
}
/// The squares in front of `s` on its file, seen from `c`.
constexpr Bitboard forward_file(Color c, Square s) {
    return c == Color::White ? fill_north(bb(s) << 8) : fill_south(bb(s) >> 8);
}
constexpr Bitboard adjacent_files(Bitboard b) { return shift<Dir::E>(b) | shift<Dir::W>(b); }
/// The squares an enemy pawn must not stand on for a pawn of `c` on `s` to be passed.
constexpr Bitboard passed_span(Color c, Square s) {
    const Bitboard front = forward_file(c, s);
    return front | adjacent_files(front);
}

/// What the pawns tell the rest of the evaluation.
struct PawnInfo {
    ByColor<Bitboard> passed{};
    ByColor<Bitboard> attacks{};
    /// Every square a pawn of that colour could attack some day (its files ahead, beside).
    ByColor<Bitboard> attack_span{};
    /// Files (bit per file) without a pawn of that colour.
    ByColor<std::uint8_t> open_files{};
};

/// Adds the pawn-structure terms of both colours to `acc` and fills `info`.
/// Acc is ScoreAcc or TraceAcc (eval_acc.hpp).
template <class Acc>
void evaluate_pawns(Bitboard white_pawns, Bitboard black_pawns, Acc& acc, PawnInfo& info);

/// A direct-mapped table of pawn structures, verified by both bitboards (no false hits).
class PawnTable {
public:
    struct Entry {
        Bitboard white = ~Bitboard{0}, black = ~Bitboard{0};  // no real structure: both all-ones
        ScorePair score;
        PawnInfo info;
    };
    /// The entry of this structure scored with `weights`, computed now when it is not stored.
    const Entry& probe(Bitboard white_pawns, Bitboard black_pawns, const Weights& weights);

private:
    static constexpr std::size_t Size = 1 << 13;
    std::unique_ptr<Entry[]> entries_;
    const Weights* weights_ = nullptr;  // the entries' scores are of these weights
};

}  // namespace schach::engine
