#include "engine/evaluate.hpp"

#include "core/bitboard.hpp"

namespace schach::engine {

namespace {

// A first, material-only evaluation with a centre bonus; replaced by the tuned evaluation.
constexpr Value Material[6] = {100, 320, 330, 500, 975, 0};

Value centre_bonus(Square s) {
    const int f = idx(file_of(s)), r = idx(rank_of(s));
    const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return 6 - 2 * (df + dr) / 2;
}

Value side_score(const Position& pos, Color c) {
    Value v = 0;
    for (int t = 0; t < 5; ++t) {
        for (Square s : squares(pos.pieces(c, static_cast<PieceType>(t))))
            v += Material[t] + (t == idx(PieceType::Pawn) ? 0 : centre_bonus(s));
    }
    return v;
}

}  // namespace

void Evaluator::reset(const Position& pos) { (void)pos; }

Value Evaluator::evaluate(const Position& pos) {
    const Color us = pos.side_to_move();
    return side_score(pos, us) - side_score(pos, ~us);
}

}  // namespace schach::engine
