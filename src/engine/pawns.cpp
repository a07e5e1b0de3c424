#include "engine/pawns.hpp"

#include "core/attacks.hpp"
#include "engine/eval_acc.hpp"

namespace schach::engine {

namespace {

template <Color C, class Acc>
void pawns_of(Bitboard ours, Bitboard theirs, Acc& acc, PawnInfo& info) {
    constexpr Color Them = ~C;
    const Bitboard their_attacks = attacks::pawn_attacks_bb<Them>(theirs);
    for (Square s : squares(ours)) {
        const int rank = idx(relative(C, rank_of(s)));
        const Square stop = offset(s, forward(C));
        const Bitboard file_neighbours = ours & adjacent_files(bb(file_of(s)));
        const bool supported = (ours & attacks::pawn(Them, s)) != 0;
        const bool phalanx = (ours & adjacent_files(bb(s))) != 0;
        if (ours & forward_file(C, s)) acc.add(param::PawnDoubled, C);
        if (!file_neighbours) acc.add(param::PawnIsolated, C);
        if (supported) acc.add(param::PawnSupported + rank, C);
        if (phalanx) acc.add(param::PawnPhalanx + rank, C);
        if (!(theirs & passed_span(C, s))) info.passed[C] |= bb(s);
        // Backward: its neighbours have all gone past it, and it cannot step up safely.
        const Bitboard behind = ours & adjacent_files(forward_file(Them, stop));
        if (file_neighbours && !behind && ((their_attacks | theirs) & bb(stop))) acc.add(param::PawnBackward, C);
    }
    info.attacks[C] = attacks::pawn_attacks_bb<C>(ours);
    info.attack_span[C] = attacks::pawn_attacks_bb<C>(C == Color::White ? fill_north(ours) : fill_south(ours));
    info.open_files[C] = static_cast<std::uint8_t>(~(fill_south(fill_north(ours)) & 0xFF));
}

}  // namespace

template <class Acc>
void evaluate_pawns(Bitboard white_pawns, Bitboard black_pawns, Acc& acc, PawnInfo& info) {
    info = PawnInfo{};
    pawns_of<Color::White>(white_pawns, black_pawns, acc, info);
    pawns_of<Color::Black>(black_pawns, white_pawns, acc, info);
}

template void evaluate_pawns<ScoreAcc>(Bitboard, Bitboard, ScoreAcc&, PawnInfo&);
template void evaluate_pawns<TraceAcc>(Bitboard, Bitboard, TraceAcc&, PawnInfo&);

const PawnTable::Entry& PawnTable::probe(Bitboard white_pawns, Bitboard black_pawns, const Weights& weights) {
    if (!entries_ || weights_ != &weights) {
        entries_ = std::make_unique<Entry[]>(Size);
        weights_ = &weights;
    }
    Bitboard mix = white_pawns * 0x9E3779B97F4A7C15ULL ^ black_pawns * 0xC2B2AE3D27D4EB4FULL;
    mix ^= mix >> 29;
    Entry& e = entries_[static_cast<std::size_t>(mix) & (Size - 1)];
    if (e.white == white_pawns && e.black == black_pawns) return e;
    ScoreAcc acc{&weights};
    evaluate_pawns(white_pawns, black_pawns, acc, e.info);
    e.white = white_pawns;
    e.black = black_pawns;
    e.score = {acc.mg, acc.eg};
    return e;
}

}  // namespace schach::engine
