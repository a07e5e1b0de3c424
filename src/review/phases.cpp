#include "review/phases.hpp"

#include <cstdlib>

#include "core/bitboard.hpp"

namespace schach::review {

Phase Division::phase_at(int index) const {
    if (endgame && index >= *endgame) return Phase::Endgame;
    if (middlegame && index >= *middlegame) return Phase::Middlegame;
    return Phase::Opening;
}

int majors_and_minors(const Position& pos) {
    return popcount(pos.pieces() & ~(pos.pieces(PieceType::King) | pos.pieces(PieceType::Pawn)));
}

bool back_rank_sparse(const Position& pos) {
    return popcount(pos.pieces(Color::White) & bb(Rank::R1)) < 4 ||
           popcount(pos.pieces(Color::Black) & bb(Rank::R8)) < 4;
}

namespace {

/// How mixed a 2x2 block is whose lower rank is `y` (1..7) with `white` and `black` men in it:
/// men of both colours close together, or advanced into the other side, score high.
int block_score(int y, int white, int black) {
    switch (white * 10 + black) {
        case 0: return 0;
        case 10: return 1 + (8 - y);
        case 20: return y > 2 ? 2 + (y - 2) : 0;
        case 30:
        case 40: return y > 1 ? 3 + (y - 1) : 0;  // four on the home ranks score 0
        case 1: return 1 + y;
        case 11: return 5 + std::abs(3 - y);
        case 21: return 4 + y;
        case 31: return 5 + y;
        case 2: return y < 6 ? 2 + (6 - y) : 0;
        case 12: return 4 + (6 - y);
        case 22: return 7;
        case 3: return y < 7 ? 3 + (7 - y) : 0;
        case 13: return 5 + (6 - y);
        case 4: return y < 7 ? 3 + (7 - y) : 0;
        default: return 0;
    }
}

}  // namespace

int mixedness(const Position& pos) {
    constexpr Bitboard Block = 0x0303ULL;  // a1 b1 a2 b2
    int total = 0;
    for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 7; ++x) {
            const Bitboard region = Block << (x + 8 * y);
            total += block_score(y + 1, popcount(pos.pieces(Color::White) & region),
                                 popcount(pos.pieces(Color::Black) & region));
        }
    return total;
}

Division divide(std::span<const Position> positions) {
    Division d;
    const int n = static_cast<int>(positions.size());
    for (int i = 0; i < n && !d.middlegame; ++i) {
        const Position& p = positions[static_cast<std::size_t>(i)];
        if (majors_and_minors(p) <= 10 || back_rank_sparse(p) || mixedness(p) > 150) d.middlegame = i;
    }
    if (d.middlegame)
        for (int i = 0; i < n && !d.endgame; ++i)
            if (majors_and_minors(positions[static_cast<std::size_t>(i)]) <= 6) d.endgame = i;
    // A middlegame that would start with or after the endgame is none.
    if (d.middlegame && d.endgame && *d.middlegame >= *d.endgame) d.middlegame.reset();
    return d;
}

}  // namespace schach::review
