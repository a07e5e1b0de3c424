#include "core/attacks.hpp"

#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace schach::attacks {
namespace detail {
namespace {

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/// Slow reference: rays from `s` stopping at (and including) the first occupied square.
Bitboard slide(const int (&dirs)[4][2], Square s, Bitboard occupied) {
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = idx(file_of(s)) + d[0], r = idx(rank_of(s)) + d[1];
        for (; on_board(f, r); f += d[0], r += d[1]) {
            Bitboard b = 1ULL << (r * 8 + f);
            result |= b;
            if (occupied & b) break;
        }
    }
    return result;
}

/// Rays from each square in each direction of `dirs`, on an empty board (the square excluded).
struct Rays {
    const int (&dirs)[4][2];
    BySquare<std::array<Bitboard, 4>> ray{};
    explicit Rays(const int (&directions)[4][2]) : dirs(directions) {
        for (int i = 0; i < 64; ++i)
            for (int d = 0; d < 4; ++d) {
                const int one[4][2] = {{dirs[d][0], dirs[d][1]}, {dirs[d][0], dirs[d][1]}, {dirs[d][0], dirs[d][1]},
                                       {dirs[d][0], dirs[d][1]}};  // one direction, four times
                ray[square_at(i)][d] = slide(one, square_at(i), 0);
            }
    }
    /// The same as slide(dirs, s, occupied), from the rays: each one cut behind its first blocker.
    Bitboard attacks(Square s, Bitboard occupied) const {
        Bitboard result = 0;
        for (int d = 0; d < 4; ++d) {
            const Bitboard r = ray[s][d];
            const Bitboard blockers = r & occupied;
            // Directions towards higher squares meet their first blocker at the lowest bit.
            const bool up = dirs[d][1] > 0 || (dirs[d][1] == 0 && dirs[d][0] > 0);
            if (blockers) result |= r ^ ray[up ? lsb(blockers) : msb(blockers)][d];
            else result |= r;
        }
        return result;
    }
};

/// Relevant occupancy: the rays without their last square (the edge never blocks anything further).
Bitboard relevant_mask(const int (&dirs)[4][2], Square s) {
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = idx(file_of(s)) + d[0], r = idx(rank_of(s)) + d[1];
        for (; on_board(f + d[0], r + d[1]); f += d[0], r += d[1]) result |= 1ULL << (r * 8 + f);
    }
    return result;
}

Bitboard leaper(Square s, const int (*deltas)[2], int n) {
    Bitboard result = 0;
    for (int i = 0; i < n; ++i) {
        int f = idx(file_of(s)) + deltas[i][0], r = idx(rank_of(s)) + deltas[i][1];
        if (on_board(f, r)) result |= 1ULL << (r * 8 + f);
    }
    return result;
}

/// xorshift64*: deterministic, so the magics are the same on every run.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

bool pext_is_fast() {
#if defined(__BMI2__) && (defined(__x86_64__) || defined(__i386__))
    if (const char* force = std::getenv("SCHACH_SLIDERS")) return std::strcmp(force, "magic") != 0;
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return false;
    const bool amd = ebx == 0x68747541;  // "Auth" of AuthenticAMD
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;  // leaf 1: family
    unsigned family = (eax >> 8) & 0xF;
    if (family == 0xF) family += (eax >> 20) & 0xFF;
    // Zen 1 and 2 (family 0x17) run PEXT in microcode, hundreds of cycles; Zen 3+ (0x19) is fast.
    return !(amd && family < 0x19) && __builtin_cpu_supports("bmi2");
#else
    return false;
#endif
}

/// Fills one square's slice for one slider, searching a magic when PEXT is not used.
void init_slider(Tables& t, SliderEntry& e, const int (&dirs)[4][2], const Rays& rays, Square s, unsigned& offset,
                 Rng& rng) {
    e.mask = relevant_mask(dirs, s);
    const int bits = popcount(e.mask);
    e.shift = 64 - static_cast<unsigned>(bits);
    e.offset = offset;
    const std::size_t size = std::size_t{1} << bits;
    offset += static_cast<unsigned>(size);

    if (t.use_pext) {
#if defined(__BMI2__)
        Bitboard sub = 0;
        do {  // carry-rippler: every subset of the mask
            t.slider[e.offset + _pext_u64(sub, e.mask)] = rays.attacks(s, sub);
            sub = (sub - e.mask) & e.mask;
        } while (sub);
#endif
        return;
    }
    std::vector<Bitboard> occupancies, reference;
    Bitboard sub = 0;
    do {  // carry-rippler: every subset of the mask
        occupancies.push_back(sub);
        reference.push_back(rays.attacks(s, sub));
        sub = (sub - e.mask) & e.mask;
    } while (sub);
    std::vector<Bitboard> slot(size);
    std::vector<unsigned> epoch(size, 0);
    for (unsigned attempt = 1;; ++attempt) {
        do e.magic = rng.sparse();
        while (popcount((e.mask * e.magic) >> 56) < 6);
        bool ok = true;
        for (std::size_t i = 0; ok && i < occupancies.size(); ++i) {
            std::size_t index = (occupancies[i] * e.magic) >> e.shift;
            if (epoch[index] != attempt) {
                epoch[index] = attempt;
                slot[index] = reference[i];
            } else if (slot[index] != reference[i]) {
                ok = false;
            }
        }
        if (ok) break;
    }
    for (std::size_t i = 0; i < size; ++i) t.slider[e.offset + i] = slot[i];
}

/// Fills the tables in place (they are large: no copy, not on the stack).
void build(Tables& t) {
    constexpr int KnightD[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int KingD[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    constexpr int WPawnD[2][2] = {{-1, 1}, {1, 1}};
    constexpr int BPawnD[2][2] = {{-1, -1}, {1, -1}};
    t.use_pext = pext_is_fast();
    Rng rng{0x5C4AC4u ^ 0x9E3779B97F4A7C15ULL};
    const Rays rook_rays(RookDirs), bishop_rays(BishopDirs);
    unsigned offset = 0;
    for (int i = 0; i < 64; ++i) {
        Square s = square_at(i);
        t.knight[s] = leaper(s, KnightD, 8);
        t.king[s] = leaper(s, KingD, 8);
        t.pawn[Color::White][s] = leaper(s, WPawnD, 2);
        t.pawn[Color::Black][s] = leaper(s, BPawnD, 2);
        t.rook_empty[s] = slide(RookDirs, s, 0);
        t.bishop_empty[s] = slide(BishopDirs, s, 0);
        init_slider(t, t.rook[s], RookDirs, rook_rays, s, offset, rng);
    }
    for (int i = 0; i < 64; ++i)
        init_slider(t, t.bishop[square_at(i)], BishopDirs, bishop_rays, square_at(i), offset, rng);

    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            Square sa = square_at(a), sb = square_at(b);
            t.between[sa][sb] = bb(sb);
            t.line[sa][sb] = 0;
            if (a == b) continue;
            for (const Rays* rays : {&rook_rays, &bishop_rays}) {
                const Bitboard from_a = rays->attacks(sa, 0);
                if (contains(from_a, sb)) {
                    t.line[sa][sb] = (from_a & rays->attacks(sb, 0)) | bb(sa) | bb(sb);
                    t.between[sa][sb] = (rays->attacks(sa, bb(sb)) & rays->attacks(sb, bb(sa))) | bb(sb);
                }
            }
        }
    }
}

}  // namespace

Tables::Tables(Build) { build(*this); }

const Tables tables{Tables::Build{}};

}  // namespace detail

const char* slider_method() { return detail::tables.use_pext ? "pext" : "magic"; }

}  // namespace schach::attacks
