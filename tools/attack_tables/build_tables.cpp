// The attack tables (core/attacks.hpp), made once at build time: schach_attack_tables writes them
// as the bytes of a Tables, which core/attacks.cpp places in the program's read-only data. Built
// at every start before, they took about 1.6 ms of each command's start here (docs/records.md).

#include "tools/attack_tables/build_tables.hpp"

#include <algorithm>
#include <cstdint>

namespace schach::attacks::detail {
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
                const int one[4][2] = {{dirs[d][0], dirs[d][1]},
                                       {dirs[d][0], dirs[d][1]},
                                       {dirs[d][0], dirs[d][1]},
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
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

/// PEXT without BMI2: the bits of `x` under `mask`, packed to the low end in the mask's order.
unsigned portable_pext(Bitboard x, Bitboard mask) {
    unsigned out = 0, bit = 0;
    for (; mask; mask &= mask - 1, ++bit)
        if (x & mask & (0 - mask)) out |= 1U << bit;
    return out;
}

/// Calls f with every subset of `mask`, the empty one first (carry-rippler).
template <class F>
void for_each_subset(Bitboard mask, F&& f) {
    Bitboard sub = 0;
    do {
        f(sub);
        sub = (sub - mask) & mask;
    } while (sub);
}

/// The magics the search below finds with its fixed seed (a1..h8), stored so that the build need
/// not search (~180 ms): each is still verified when its slice is filled, and a search takes over
/// should one ever fail.
// clang-format off
constexpr std::array<Bitboard, 64> KnownRookMagics = {
    0xE0800284400021D0ULL, 0x02C0014020001004ULL, 0x7080200010000880ULL, 0x4480100004800800ULL,
    0x4600202200300804ULL, 0x0900010004008208ULL, 0x0300040100409200ULL, 0x0100002483000142ULL,
    0x0200802040008002ULL, 0x0404802000400881ULL, 0x2143801000200080ULL, 0x0808800800100282ULL,
    0x0241808004000800ULL, 0x0001000401000208ULL, 0x0120800100800200ULL, 0x0002000102008044ULL,
    0x00C0008000204084ULL, 0x0002020040210080ULL, 0x0031030010200048ULL, 0x080A210010000D00ULL,
    0x3124008008008004ULL, 0x4041818004000200ULL, 0x0402004080010040ULL, 0x00004A0000804401ULL,
    0x0800C00180008034ULL, 0x1084400880200082ULL, 0x0040100480200080ULL, 0x0010008080100800ULL,
    0x0002000A00102004ULL, 0x8000040080020080ULL, 0x0081000100020004ULL, 0x8880208600040741ULL,
    0x2060004000808000ULL, 0x0020100041400022ULL, 0x220413A082004200ULL, 0x0000102042000A00ULL,
    0x2020080080800402ULL, 0xA000104008010420ULL, 0x0040800200800100ULL, 0x29044040B2000104ULL,
    0x8200800040008020ULL, 0x0010004820064001ULL, 0x0000120020820042ULL, 0xA0281200200A0040ULL,
    0x0101000408010010ULL, 0x0102000400028080ULL, 0x10CC28100144007AULL, 0x4000004100820004ULL,
    0x200E01024088AE00ULL, 0x0022002080410200ULL, 0x4110862008100080ULL, 0x9020800800100080ULL,
    0x0000080080040080ULL, 0x0000040002008080ULL, 0x5206000401880200ULL, 0x00C0004400810200ULL,
    0x0004204280045501ULL, 0x0E43020480402016ULL, 0x18000B9100200241ULL, 0x0000A02501500019ULL,
    0x461800050030290DULL, 0x0082000401081002ULL, 0x1022011000820804ULL, 0x8000002401104082ULL,
};
// clang-format on
// clang-format off
constexpr std::array<Bitboard, 64> KnownBishopMagics = {
    0x0420602101010014ULL, 0x4010220801002400ULL, 0x6208008102110800ULL, 0x0818208220810800ULL,
    0x0002021000040008ULL, 0xC002881440802301ULL, 0x4040880410860810ULL, 0x0202024108084209ULL,
    0x0200888204242402ULL, 0x881008100400A025ULL, 0x000010010220201CULL, 0x80040404008C2200ULL,
    0x0008085840200141ULL, 0x00202A0805440010ULL, 0x0820040404040410ULL, 0x0000004134012000ULL,
    0x0108004011042090ULL, 0x30A1010454042041ULL, 0xA404000204040009ULL, 0x0020400401002000ULL,
    0x8204010200A20840ULL, 0x840A000500920140ULL, 0x1224021208A60900ULL, 0x804101108048020AULL,
    0x0630400011030200ULL, 0x00021000083008A0ULL, 0x0100500201010200ULL, 0x0281080124004010ULL,
    0x0009010000104000ULL, 0x0108020080410084ULL, 0x01140A5010884400ULL, 0x8022060010809085ULL,
    0x081050100A281B00ULL, 0x0002011008043000ULL, 0x0402002401421802ULL, 0x0020208020080200ULL,
    0x0001090400020020ULL, 0x0010010040080C00ULL, 0x6008280A40050330ULL, 0x00880D0020030094ULL,
    0x0088010888116040ULL, 0x2054010128009100ULL, 0x200A002824020801ULL, 0x1000086091040800ULL,
    0x0000B21040400400ULL, 0x0201200404900900ULL, 0x3020018102010104ULL, 0x0008024402440020ULL,
    0xD002009620128802ULL, 0x90A0820110022000ULL, 0x8184002128080001ULL, 0x804040020A020002ULL,
    0x20220C1082020080ULL, 0xA8088A2048022004ULL, 0x000410900200A400ULL, 0x8048086084820020ULL,
    0x9006020104210424ULL, 0x1020C02402021050ULL, 0x0280400080480821ULL, 0x8000082120460800ULL,
    0x1000400052420200ULL, 0x000010C010022081ULL, 0x0200090204041404ULL, 0x0008010404004201ULL,
};
// clang-format on

/// Fills a square's magic slice by `e.magic` in place; false, with the slice cleared again, when
/// two occupancies with different attack sets meet at one index. The slice starts zeroed, and a
/// slider always attacks some square, so 0 marks a free slot.
bool fill_by_magic(Tables& t, const SliderEntry& e, const Rays& rays, Square s) {
    Bitboard* slice = &t.slider_magic[e.offset];
    bool ok = true;
    for_each_subset(e.mask, [&](Bitboard sub) {
        if (!ok) return;
        const Bitboard attacks = rays.attacks(s, sub);
        Bitboard& slot = slice[(sub * e.magic) >> e.shift];
        if (slot == 0) slot = attacks;
        else ok = slot == attacks;
    });
    if (!ok) std::fill_n(slice, std::size_t{1} << (64 - e.shift), Bitboard{0});
    return ok;
}

/// Fills one square's slices for one slider: by PEXT index, and by a magic (`known` first).
void init_slider(Tables& t, SliderEntry& e, const int (&dirs)[4][2], const Rays& rays, Square s, unsigned& offset,
                 Bitboard known, Rng& rng) {
    e.mask = relevant_mask(dirs, s);
    const int bits = popcount(e.mask);
    e.shift = 64 - static_cast<unsigned>(bits);
    e.offset = offset;
    offset += 1U << bits;

    for_each_subset(e.mask,
                    [&](Bitboard sub) { t.slider_pext[e.offset + portable_pext(sub, e.mask)] = rays.attacks(s, sub); });
    e.magic = known;
    if (known && fill_by_magic(t, e, rays, s)) return;
    do {
        do e.magic = rng.sparse();
        while (popcount((e.mask * e.magic) >> 56) < 6);
    } while (!fill_by_magic(t, e, rays, s));
}

}  // namespace

void build_tables(Tables& t) {
    constexpr int KnightD[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int KingD[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    constexpr int WPawnD[2][2] = {{-1, 1}, {1, 1}};
    constexpr int BPawnD[2][2] = {{-1, -1}, {1, -1}};
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
        init_slider(t, t.rook[s], RookDirs, rook_rays, s, offset, KnownRookMagics[static_cast<std::size_t>(i)], rng);
    }
    for (int i = 0; i < 64; ++i)
        init_slider(t, t.bishop[square_at(i)], BishopDirs, bishop_rays, square_at(i), offset,
                    KnownBishopMagics[static_cast<std::size_t>(i)], rng);

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


}  // namespace schach::attacks::detail
