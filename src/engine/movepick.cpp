#include "engine/movepick.hpp"

#include <algorithm>

#include "core/see.hpp"

namespace schach::engine {

namespace {

PieceType victim_of(const Position& pos, Move m) {
    if (m.kind() == MoveKind::EnPassant) return PieceType::Pawn;
    if (m.kind() == MoveKind::Castling) return PieceType::None;
    const Piece p = pos.piece_on(m.to());
    return p == Piece::None ? PieceType::None : type_of(p);
}

constexpr int RefutationScore = 1 << 24;

}  // namespace

MovePicker::MovePicker(const Position& pos, Move tt_move, const Histories& hist, const PieceToHistory* const* cont,
                       const Refutations& refutations)
    : pos_(pos), hist_(hist), cont_(cont), refutations_(refutations), tt_move_(tt_move), in_check_(pos.in_check()) {}

MovePicker::MovePicker(const Position& pos, Move tt_move, const Histories& hist, const PieceToHistory* const* cont)
    : pos_(pos), hist_(hist), cont_(cont), tt_move_(tt_move), quiescence_(true), in_check_(pos.in_check()) {}

int MovePicker::capture_score(Move m) const {
    const PieceType victim = victim_of(pos_, m);
    int s = victim == PieceType::None ? 0 : 16 * see_value(victim);
    if (m.kind() == MoveKind::Promotion) s += 16 * see_value(m.promotion());
    const Piece moved = pos_.piece_on(m.from());
    if (victim != PieceType::None) s += hist_.captures.get(moved, m.to(), victim) / 32;
    return s;
}

int MovePicker::quiet_score(Move m) const {
    if (m == refutations_.killers[0]) return RefutationScore + 3;
    if (m == refutations_.killers[1]) return RefutationScore + 2;
    if (m == refutations_.counter) return RefutationScore + 1;
    if (m.kind() == MoveKind::Promotion) return -RefutationScore;  // under-promotions last
    const Piece moved = pos_.piece_on(m.from());
    const int to = idx(m.to());
    return hist_.main.get(pos_.side_to_move(), m) + (*cont_[0])[idx(moved)][to] + (*cont_[1])[idx(moved)][to];
}

void MovePicker::generate() {
    MoveList list;
    // Outside check the tactical moves alone are generated now; the quiet ones when their stage
    // comes (generate_quiets), in quiescence never. Both come in the order of generate_legal, so
    // the search is the same as with all moves generated at once, only faster.
    const bool staged = !in_check_;
    if (staged) generate_tactical(pos_, list);
    else generate_legal(pos_, list);
    generated_ = true;
    total_ = list.size();
    std::size_t n = 0;
    // Tactical moves first, then (in check) the quiet ones.
    for (Move m : list)
        if (m != tt_move_ && (staged || is_tactical(pos_, m))) moves_[n++] = {m, 0};
    end_captures_ = n;
    if (!staged)
        for (Move m : list)
            if (m != tt_move_ && !is_tactical(pos_, m)) moves_[n++] = {m, 0};
    end_quiets_ = n;
    for (std::size_t i = 0; i < end_captures_; ++i) moves_[i].score = capture_score(moves_[i].move);
    cur_ = 0;
}

void MovePicker::generate_quiets() {
    MoveList list;
    generate_quiet(pos_, list);
    std::size_t n = end_captures_;
    for (Move m : list)
        if (m != tt_move_) moves_[n++] = {m, 0};
    end_quiets_ = n;
}

MovePicker::Scored MovePicker::pick_best(std::size_t end) {
    std::size_t best = cur_;
    for (std::size_t i = cur_ + 1; i < end; ++i)
        if (moves_[i].score > moves_[best].score) best = i;
    std::swap(moves_[cur_], moves_[best]);
    return moves_[cur_++];
}

Move MovePicker::next(bool skip_quiets) {
    switch (stage_) {
        case Stage::TtMove:
            stage_ = Stage::Generate;
            if (tt_move_ && pos_.is_legal(tt_move_) && (!quiescence_ || in_check_ || is_tactical(pos_, tt_move_))) {
                tt_legal_ = true;
                return tt_move_;
            }
            tt_move_ = Move::none();
            [[fallthrough]];
        case Stage::Generate:
            generate();
            if (in_check_) {
                for (std::size_t i = end_captures_; i < end_quiets_; ++i)
                    moves_[i].score = quiet_score(moves_[i].move) - RefutationScore * 2;
                stage_ = Stage::Evasions;
            } else {
                stage_ = quiescence_ ? Stage::QCaptures : Stage::GoodCaptures;
            }
            return next(skip_quiets);
        case Stage::GoodCaptures:
            while (cur_ < end_captures_) {
                const Scored s = pick_best(end_captures_);
                if (see_ge(pos_, s.move, -s.score / 64)) return s.move;
                moves_[end_bad_++] = s;  // a losing capture: kept for the end
            }
            // The quiet moves, generated and sorted once (insertion sort: short lists); not at all
            // when they are to be skipped (the Quiets stage then ends at once).
            if (!skip_quiets) generate_quiets();
            for (std::size_t i = end_captures_; i < end_quiets_; ++i) moves_[i].score = quiet_score(moves_[i].move);
            for (std::size_t i = end_captures_ + 1; i < end_quiets_; ++i) {
                const Scored x = moves_[i];
                std::size_t j = i;
                for (; j > end_captures_ && moves_[j - 1].score < x.score; --j) moves_[j] = moves_[j - 1];
                moves_[j] = x;
            }
            cur_ = end_captures_;
            stage_ = Stage::Quiets;
            [[fallthrough]];
        case Stage::Quiets:
            if (!skip_quiets && cur_ < end_quiets_) return moves_[cur_++].move;
            cur_ = 0;
            stage_ = Stage::BadCaptures;
            [[fallthrough]];
        case Stage::BadCaptures:
            if (cur_ < end_bad_) return moves_[cur_++].move;
            stage_ = Stage::Done;
            return Move::none();
        case Stage::Evasions:
            if (cur_ < end_quiets_) return pick_best(end_quiets_).move;
            stage_ = Stage::Done;
            return Move::none();
        case Stage::QCaptures:
            if (cur_ < end_captures_) return pick_best(end_captures_).move;
            stage_ = Stage::Done;
            return Move::none();
        case Stage::Done: return Move::none();
    }
    return Move::none();
}

}  // namespace schach::engine
