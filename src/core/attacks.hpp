#pragma once
// Attack tables: leapers from constexpr tables, sliders from PEXT (fast BMI2) or magic bitboards.
// The slider method is chosen at start: PEXT when the build has BMI2 and the CPU runs it fast
// (not on AMD before Zen 3, where PEXT is microcoded), magics otherwise.

#include <array>

#include "core/bitboard.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace schach::attacks {

namespace detail {
struct SliderEntry {
    Bitboard mask;    // relevant occupancy (edges excluded)
    Bitboard magic;   // multiplier for the magic index
    unsigned shift;   // 64 - relevant bits
    unsigned offset;  // start of this square's slice in the shared table
};
/// Size of the slider tables: every relevant occupancy of every square, rooks then bishops.
inline constexpr std::size_t SliderTableSize = 102400 + 5248;

struct Tables {
    BySquare<Bitboard> knight, king;
    ByColor<BySquare<Bitboard>> pawn;
    BySquare<SliderEntry> rook, bishop;
    BySquare<BySquare<Bitboard>> between;  // squares strictly between two aligned squares, plus the second
    BySquare<BySquare<Bitboard>> line;     // the whole line through two aligned squares, else 0
    BySquare<Bitboard> rook_empty, bishop_empty;
    // The slider attack sets, each square's slice at its entry's offset: by PEXT index and by
    // magic index (the same offsets: a slice has 2^bits entries either way).
    std::array<Bitboard, SliderTableSize> slider_pext, slider_magic;
};
/// Made at build time (tools/attack_tables) and built into the program (attacks.cpp).
extern const Tables tables __asm__("schach_attack_tables");
/// Whether sliders are looked up by PEXT (else by magics), chosen at start.
extern const bool use_pext;

/// A slider's index in the shared table by each method (the generator may fix one at compile time).
#if defined(__BMI2__)
inline unsigned pext_index(const SliderEntry& e, Bitboard occupied) {
    return e.offset + static_cast<unsigned>(_pext_u64(occupied, e.mask));
}
#endif
inline unsigned magic_index(const SliderEntry& e, Bitboard occupied) {
    return e.offset + static_cast<unsigned>(((occupied & e.mask) * e.magic) >> e.shift);
}
/// A slider's attack set by the method chosen at start.
inline Bitboard slider_attacks(const SliderEntry& e, Bitboard occupied) {
#if defined(__BMI2__)
    if (use_pext) return tables.slider_pext[pext_index(e, occupied)];
#endif
    return tables.slider_magic[magic_index(e, occupied)];
}
}  // namespace detail

/// Whether sliders are looked up by PEXT (else by magics): the method chosen at start.
inline bool uses_pext() { return detail::use_pext; }

inline Bitboard knight(Square s) { return detail::tables.knight[s]; }
inline Bitboard king(Square s) { return detail::tables.king[s]; }
inline Bitboard pawn(Color c, Square s) { return detail::tables.pawn[c][s]; }
inline Bitboard rook(Square s, Bitboard occupied) { return detail::slider_attacks(detail::tables.rook[s], occupied); }
inline Bitboard bishop(Square s, Bitboard occupied) {
    return detail::slider_attacks(detail::tables.bishop[s], occupied);
}
inline Bitboard queen(Square s, Bitboard occupied) { return rook(s, occupied) | bishop(s, occupied); }
/// Rook / bishop rays on an empty board.
inline Bitboard rook_empty(Square s) { return detail::tables.rook_empty[s]; }
inline Bitboard bishop_empty(Square s) { return detail::tables.bishop_empty[s]; }
/// Attacks of a piece type (not pawns) from `s`.
inline Bitboard of(PieceType t, Square s, Bitboard occupied) {
    switch (t) {
        case PieceType::Knight: return knight(s);
        case PieceType::Bishop: return bishop(s, occupied);
        case PieceType::Rook: return rook(s, occupied);
        case PieceType::Queen: return queen(s, occupied);
        case PieceType::King: return king(s);
        default: return 0;
    }
}

/// Squares strictly between a and b if they share a line, then b itself; just b otherwise.
/// (Including b makes "block or capture the checker" one mask.)
inline Bitboard between(Square a, Square b) { return detail::tables.between[a][b]; }
/// The full line (rank, file or diagonal) through a and b, or 0 when they are not aligned.
inline Bitboard line(Square a, Square b) { return detail::tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return contains(line(a, b), c); }

/// What stands on the lines between a square and the sliders aimed at it.
struct LineScan {
    Bitboard seeing = 0;    // the sliders with an empty line to the square: they attack it
    Bitboard blockers = 0;  // pieces that alone stand between the square and one slider
};
/// Scans the lines from `s` to each of `sliders`, which must stand on a line through `s` that they
/// move along (Position::sliders_aimed_at). One walk over the few such sliders with the small
/// between-table is cheaper than slider lookups from `s`, and it finds checkers and pins at once.
inline LineScan scan_lines(Square s, Bitboard sliders, Bitboard occupied) {
    LineScan scan;
    for (Square from : squares(sliders)) {
        const Bitboard b = between(s, from) & ~bb(from) & occupied;
        if (!b) scan.seeing |= bb(from);
        else if (!more_than_one(b)) scan.blockers |= b;
    }
    return scan;
}

/// Of `pieces`, all of the kind `kind` (not pawns), those whose moves reach `to` on a board
/// occupied by `occupied`, pins and checks aside: the SAN readers' candidates for a target. A
/// slider is found from the target's empty-board lines and the between-table, without a lookup.
[[gnu::always_inline]] inline Bitboard reaching(Bitboard pieces, PieceType kind, Square to, Bitboard occupied) {
    switch (kind) {
        case PieceType::Knight: return pieces & knight(to);
        case PieceType::King: return pieces & king(to);
        default: {
            const Bitboard rays = (kind == PieceType::Bishop ? 0 : rook_empty(to)) |
                                  (kind == PieceType::Rook ? 0 : bishop_empty(to));
            Bitboard out = 0;
            for (Square c : squares(pieces & rays))
                if (!(between(to, c) & occupied & ~bb(c))) out |= bb(c);
            return out;
        }
    }
}

/// Which slider method is in use ("pext" or "magic").
const char* slider_method();

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
    if constexpr (C == Color::White) return shift<Dir::NE>(pawns) | shift<Dir::NW>(pawns);
    else return shift<Dir::SE>(pawns) | shift<Dir::SW>(pawns);
}

}  // namespace schach::attacks
