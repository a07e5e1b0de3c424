#pragma once
// Many pieces at once, without a table lookup a piece: the moves of every knight and slider of a
// side (perft's last ply, generator.hpp's CountSink) and the squares they attack (the generator's
// danger_map, for the king's steps and castling).
//
// Along one direction a square is reached by at most one slider of a side (a nearer one blocks a
// farther one), and by at most one knight per kind of jump, so a side's moves are the sum over the
// directions of the squares reached along each. With AVX-512 and its popcount the eight directions
// are the eight lanes of one register: the sliders' occluded fills (Kogge-Stone: three steps of
// 1, 2 and 4 squares) and the knights' jumps are done by rotating each lane by its own amount,
// with a mask a lane that drops the squares a step can only reach by wrapping around the board's
// edge (a file, or the ranks a rotation carries the far side into). Without AVX-512 nothing here
// is built, and the generator counts and maps piece by piece.

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#define SCHACH_BULK_COUNT 1

#include <immintrin.h>

#include <cstdint>

#include "core/bitboard.hpp"

namespace schach::bulk {

namespace detail {

inline constexpr Bitboard FileA = FileABB, FileB = FileABB << 1, FileG = FileABB << 6, FileH = FileABB << 7;
inline constexpr Bitboard Rank1 = Rank1BB, Rank2 = Rank1BB << 8, Rank7 = Rank1BB << 48, Rank8 = Rank1BB << 56;

[[gnu::always_inline]] inline __m512i lanes(Bitboard a, Bitboard b, Bitboard c, Bitboard d, Bitboard e, Bitboard f,
                                            Bitboard g, Bitboard h) {
    return _mm512_setr_epi64(static_cast<long long>(a), static_cast<long long>(b), static_cast<long long>(c),
                             static_cast<long long>(d), static_cast<long long>(e), static_cast<long long>(f),
                             static_cast<long long>(g), static_cast<long long>(h));
}
[[gnu::always_inline]] inline __m512i all_lanes(Bitboard b) { return _mm512_set1_epi64(static_cast<long long>(b)); }
// The masked forms with every lane on: g++ 12's unmasked ones pass an undefined register, which
// -Wmaybe-uninitialized reports wherever they are inlined.
[[gnu::always_inline]] inline __m512i rotate(__m512i a, __m512i by) { return _mm512_maskz_rolv_epi64(0xFF, a, by); }
[[gnu::always_inline]] inline __m512i and_not(__m512i a, __m512i b) { return _mm512_maskz_andnot_epi64(0xFF, a, b); }
/// The union of the eight lanes.
[[gnu::always_inline]] inline Bitboard any(__m512i v) {
    const __m256i four = _mm256_or_si256(_mm512_maskz_extracti64x4_epi64(0xF, v, 0),
                                         _mm512_maskz_extracti64x4_epi64(0xF, v, 1));
    const __m128i two = _mm_or_si128(_mm256_castsi256_si128(four), _mm256_extracti128_si256(four, 1));
    return static_cast<Bitboard>(_mm_cvtsi128_si64(two) | _mm_extract_epi64(two, 1));
}
/// The sum of the eight lanes.
[[gnu::always_inline]] inline long long sum(__m512i v) {
    const __m256i four = _mm256_add_epi64(_mm512_maskz_extracti64x4_epi64(0xF, v, 0),
                                          _mm512_maskz_extracti64x4_epi64(0xF, v, 1));
    const __m128i two = _mm_add_epi64(_mm256_castsi256_si128(four), _mm256_extracti128_si256(four, 1));
    return _mm_cvtsi128_si64(two) + _mm_extract_epi64(two, 1);
}

}  // namespace detail

/// The squares each slider direction reaches (a lane each: N, S, E, W, NE, NW, SE, SW) from
/// `diagonal` (bishops and queens) and `straight` (rooks and queens) with pieces on `occupied`:
/// those passed and the first piece in the way. A step is a left rotation by the square offset
/// mod 64; `onto` holds the squares a single step may land on.
[[gnu::always_inline]] inline __m512i slider_reach(Bitboard diagonal, Bitboard straight, Bitboard occupied) {
    using namespace detail;
    const __m512i step1 = _mm512_setr_epi64(8, 56, 1, 63, 9, 7, 57, 55);
    const __m512i step2 = _mm512_setr_epi64(16, 48, 2, 62, 18, 14, 50, 46);
    const __m512i step4 = _mm512_setr_epi64(32, 32, 4, 60, 36, 28, 36, 28);
    const __m512i onto = lanes(~Rank1, ~Rank8, ~FileA, ~FileH, ~(FileA | Rank1), ~(FileH | Rank1), ~(FileA | Rank8),
                               ~(FileH | Rank8));
    __m512i gen = _mm512_mask_blend_epi64(0xF0, all_lanes(straight), all_lanes(diagonal));
    // The empty squares a fill may pass, then those it may pass two and four at a time.
    __m512i pass = and_not(all_lanes(occupied), onto);
    gen = _mm512_or_si512(gen, _mm512_and_si512(pass, rotate(gen, step1)));
    pass = _mm512_and_si512(pass, rotate(pass, step1));
    gen = _mm512_or_si512(gen, _mm512_and_si512(pass, rotate(gen, step2)));
    pass = _mm512_and_si512(pass, rotate(pass, step2));
    gen = _mm512_or_si512(gen, _mm512_and_si512(pass, rotate(gen, step4)));
    // One step on from every square filled.
    return _mm512_and_si512(rotate(gen, step1), onto);
}

/// The squares the knights jump to, a kind of jump a lane: +17, +15, +10, +6, -6, -10, -15, -17.
[[gnu::always_inline]] inline __m512i knight_reach(Bitboard knights) {
    using namespace detail;
    const __m512i jump = _mm512_setr_epi64(17, 15, 10, 6, 58, 54, 49, 47);
    const __m512i land = lanes(~(FileA | Rank1 | Rank2), ~(FileH | Rank1 | Rank2), ~(FileA | FileB | Rank1),
                               ~(FileG | FileH | Rank1), ~(FileA | FileB | Rank8), ~(FileG | FileH | Rank8),
                               ~(FileA | Rank7 | Rank8), ~(FileH | Rank7 | Rank8));
    return _mm512_and_si512(rotate(all_lanes(knights), jump), land);
}

/// The moves to `target` of the knights and of the sliders given (`diagonal`: bishops and queens,
/// `straight`: rooks and queens; none of them pinned) with the board's pieces on `occupied`, a
/// direction a lane: not yet summed, so that a caller counting many boards sums the lanes once
/// (moves_in) instead of once a board.
[[gnu::always_inline]] inline __m512i knight_and_slider_move_lanes(Bitboard knights, Bitboard diagonal,
                                                                   Bitboard straight, Bitboard occupied,
                                                                   Bitboard target) {
    const __m512i goal = detail::all_lanes(target);
    const __m512i slides = _mm512_and_si512(slider_reach(diagonal, straight, occupied), goal);
    const __m512i jumps = _mm512_and_si512(knight_reach(knights), goal);
    return _mm512_add_epi64(_mm512_popcnt_epi64(slides), _mm512_popcnt_epi64(jumps));
}

/// The moves counted in lanes (knight_and_slider_move_lanes, added up).
[[gnu::always_inline]] inline std::uint64_t moves_in(__m512i lanes) {
    return static_cast<std::uint64_t>(detail::sum(lanes));
}

/// The squares the knights and sliders given attack, with pieces on `occupied`.
[[gnu::always_inline]] inline Bitboard knight_and_slider_attacks(Bitboard knights, Bitboard diagonal, Bitboard straight,
                                                                 Bitboard occupied) {
    return detail::any(_mm512_or_si512(slider_reach(diagonal, straight, occupied), knight_reach(knights)));
}

}  // namespace schach::bulk

#endif
