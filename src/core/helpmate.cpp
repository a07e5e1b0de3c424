#include "core/helpmate.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "core/attacks.hpp"
#include "core/dead.hpp"
#include "core/movegen.hpp"

namespace schach {
namespace detail {
HelpmateTuning tuning;
}
namespace {

using PT = PieceType;
using detail::tuning;

/// Cost of an ordinary move; favoured moves cost less, disfavoured ones more.
constexpr int Ply = 4;
/// Largest cost of one move.
constexpr int MaxCost = 15;
/// Deepest line the search follows (plies).
constexpr int MaxPly = 120;

int distance(Square a, Square b) {
    return std::max(std::abs(idx(file_of(a)) - idx(file_of(b))), std::abs(idx(rank_of(a)) - idx(rank_of(b))));
}

/// Transposition table: for a position, the largest budget searched without finding a mate.
/// Allocated once per thread; a generation stamp empties it for each new question in O(1).
/// Entries keep 32 bits of the key beyond the index: a false match only hides a mate (the
/// search proves nothing by failing), it never makes an answer wrong.
class Table {
public:
    /// Starts a question; small searches use a small part of the table, which stays in cache.
    void new_search(std::uint64_t max_nodes) {
        if (entries_.empty()) entries_.resize(Size);
        mask_ = Size - 1;
        while (mask_ > 1023 && mask_ / 2 >= 2 * max_nodes) mask_ /= 2;
        if (++generation_ == 0) {
            std::fill(entries_.begin(), entries_.end(), Entry{});
            generation_ = 1;
        }
    }
    void prefetch(Key key) const {
#if defined(__GNUC__)
        __builtin_prefetch(&entries_[key & mask_]);
#endif
    }
    bool refuted(Key key, int budget) const {
        const Entry& e = entries_[key & mask_];
        return e.generation == generation_ && e.check == check(key) && e.budget >= budget;
    }
    void store(Key key, int budget) {
        Entry& e = entries_[key & mask_];
        if (e.generation == generation_ && e.check == check(key) && e.budget >= budget) return;
        e = Entry{check(key), static_cast<std::int16_t>(std::min(budget, 32767)), generation_};
    }

private:
    struct Entry {
        std::uint32_t check = 0;
        std::int16_t budget = 0;
        std::uint16_t generation = 0;
    };
    static std::uint32_t check(Key key) { return static_cast<std::uint32_t>(key >> 32); }
    static constexpr std::size_t Size = std::size_t{1} << 20;
    std::vector<Entry> entries_;
    std::size_t mask_ = Size - 1;
    std::uint16_t generation_ = 0;
};

Table& table() {
    thread_local Table t;
    return t;
}

class Searcher {
public:
    Searcher(const Position& pos, Color winner, std::uint64_t limit, Table& table)
        : pos_(pos), winner_(winner), loser_(~winner), limit_(limit), table_(table), corner_(choose_corner()) {}

    /// Iterative deepening over the budget until a mate, the node limit, or a search without cuts.
    bool run() {
        for (int budget = tuning.start; budget < 30000; budget += tuning.step) {
            cut_ = false;
            if (search(budget)) return true;
            if (aborted_ || !cut_) return false;
        }
        return false;
    }
    std::vector<Move> line() const { return {line_.begin(), line_.begin() + found_length_}; }
    std::uint64_t nodes() const { return nodes_; }

private:
    bool search(int budget);
    int cost(Move m) const;
    Square choose_corner() const;
    bool mated_after(Move m);
    bool gives_check(Move m) const;
    bool passed(Square s) const;
    void prepare_checks();

    Position pos_;
    Color winner_, loser_;
    std::uint64_t limit_;
    Table& table_;
    std::uint64_t nodes_ = 0;
    Square corner_;
    bool aborted_ = false;
    bool cut_ = false;
    int ply_ = 0;
    int found_length_ = 0;
    std::array<Move, MaxPly> line_{};
    ByPieceType<Bitboard> check_squares_{};
    Bitboard discoverers_ = 0;
};

/// The corner the losing king should walk to: the nearest one, of the colour of the winner's
/// bishops when bishops are all the winner has besides pawns (a bishop mates only on its colour).
Square Searcher::choose_corner() const {
    const Square k = pos_.king(loser_);
    const Bitboard bishops = pos_.pieces(winner_, PT::Bishop);
    const Bitboard others = pos_.pieces(winner_) & ~bishops & ~pos_.pieces(PT::King) & ~pos_.pieces(PT::Pawn);
    Bitboard allowed = ~Bitboard{0};
    if (bishops && !others) {
        if (!(bishops & LightSquaresBB)) allowed = DarkSquaresBB;
        else if (!(bishops & DarkSquaresBB)) allowed = LightSquaresBB;
    }
    Square best = Square::None;
    for (Square c : {Square::A1, Square::H1, Square::A8, Square::H8})
        if (contains(allowed, c) && (best == Square::None || distance(k, c) < distance(k, best))) best = c;
    return best;
}

int Searcher::cost(Move m) const {
    const Square from = m.from(), to = m.to();
    const PT t = type_of(pos_.piece_on(from));
    const bool capture = pos_.is_capture(m);
    const auto& T = tuning;
    if (pos_.side_to_move() == winner_) {
        if (m.kind() == MoveKind::Promotion)
            return m.promotion() == PT::Queen ? T.w_promo_q : m.promotion() == PT::Knight ? T.w_promo_n : T.w_promo_other;
        int c = T.w_other;
        if (capture) c = T.w_capture;
        else if (t == PT::Pawn) c = (rank_of(relative(winner_, to)) >= Rank::R5) ? T.w_pawn_adv : passed(from) ? T.w_pawn_passed : T.w_pawn;
        else if (m.kind() == MoveKind::Castling) c = T.w_castle;
        else {
            const Square target = T.w_target_corner ? corner_ : pos_.king(loser_);
            if (distance(to, target) < distance(from, target)) c = t == PT::King ? T.w_king_approach : T.w_approach;
        }
        if (T.w_check < c && gives_check(m)) c = T.w_check;
        return c;
    }
    // The loser helps by walking into the corner; capturing the winner's men or promoting
    // usually works against the mate.
    if (capture) return T.l_capture;
    if (m.kind() == MoveKind::Promotion) return T.l_promo;
    if (t == PT::King && m.kind() != MoveKind::Castling) {
        if (distance(to, corner_) < distance(from, corner_)) return T.l_king_corner;
        if (distance(to, corner_) <= 1 && distance(from, corner_) <= 1) return T.l_king_stay;
        return T.l_king_other;
    }
    if (t == PT::Pawn) return T.l_pawn;
    if (distance(to, pos_.king(loser_)) == 1 && distance(from, pos_.king(loser_)) > 1) return T.l_selfblock;
    return T.l_other;
}

bool Searcher::passed(Square s) const {
    // Squares ahead of the pawn on its file and the two next to it.
    Bitboard front = 0;
    for (int r = idx(rank_of(s)) + (winner_ == Color::White ? 1 : -1); r >= 0 && r < 8; r += (winner_ == Color::White ? 1 : -1))
        front |= bb(static_cast<Rank>(r));
    const Bitboard files = bb(file_of(s)) | shift<Dir::E>(bb(file_of(s))) | shift<Dir::W>(bb(file_of(s)));
    return !(front & files & pos_.pieces(loser_, PT::Pawn));
}

bool Searcher::gives_check(Move m) const {
    if (m.kind() != MoveKind::Normal) return pos_.gives_check(m);
    const PT t = type_of(pos_.piece_on(m.from()));
    if (contains(check_squares_[t], m.to())) return true;
    return contains(discoverers_, m.from()) && !attacks::aligned(pos_.king(loser_), m.from(), m.to());
}

void Searcher::prepare_checks() {
    const Square k = pos_.king(loser_);
    const Bitboard occ = pos_.pieces();
    check_squares_[PT::Pawn] = attacks::pawn(loser_, k);
    check_squares_[PT::Knight] = attacks::knight(k);
    check_squares_[PT::Bishop] = attacks::bishop(k, occ);
    check_squares_[PT::Rook] = attacks::rook(k, occ);
    check_squares_[PT::Queen] = check_squares_[PT::Bishop] | check_squares_[PT::Rook];
    check_squares_[PT::King] = 0;
    discoverers_ = pos_.blockers_for_king(loser_) & pos_.pieces(winner_);
}

bool Searcher::mated_after(Move m) {
    ++nodes_;
    const Undo u = pos_.do_move(m);
    const bool mate = count_legal(pos_) == 0;
    pos_.undo_move(m, u);
    return mate;
}

bool Searcher::search(int budget) {
    if (++nodes_ > limit_) {
        aborted_ = true;
        return false;
    }
    const Key key = pos_.key();
    table_.prefetch(key);  // the probe below comes after move generation, which hides the latency
    MoveList moves;
    generate_legal(pos_, moves);
    const bool winner_to_move = pos_.side_to_move() == winner_;
    if (moves.empty()) {
        if (winner_to_move || !pos_.in_check()) return false;
        found_length_ = ply_;
        return true;
    }
    if (insufficient_material(pos_, winner_)) return false;
    if (ply_ >= MaxPly - 1) {
        cut_ = true;
        return false;
    }
    if (table_.refuted(key, budget)) {
        cut_ = true;
        return false;
    }

    // Cheapest moves first: a counting sort over the few cost values, stable within a cost.
    std::array<std::uint8_t, MoveList::Capacity> costs;
    std::array<std::uint16_t, MoveList::Capacity> order;
    std::array<std::uint16_t, MaxCost + 2> start{};
    const std::size_t n = moves.size();
    if (winner_to_move) prepare_checks();
    for (std::size_t i = 0; i < n; ++i) {
        costs[i] = static_cast<std::uint8_t>(std::min(cost(moves[i]), MaxCost));
        ++start[costs[i] + 1u];
    }
    for (std::size_t c = 1; c < start.size(); ++c) start[c] = static_cast<std::uint16_t>(start[c] + start[c - 1]);
    for (std::size_t i = 0; i < n; ++i) order[start[costs[i]]++] = static_cast<std::uint16_t>(i);

    for (std::size_t j = 0; j < n; ++j) {
        const Move m = moves[order[j]];
        const int c = costs[order[j]];
        if (c > budget) {
            cut_ = true;
            if (!winner_to_move) break;
            // A mating check needs no budget: try every check as the last move.
            if (!gives_check(m)) continue;
            line_[static_cast<std::size_t>(ply_)] = m;
            if (mated_after(m)) {
                found_length_ = ply_ + 1;
                return true;
            }
            continue;
        }
        line_[static_cast<std::size_t>(ply_)] = m;
        const Undo u = pos_.do_move(m);
        ++ply_;
        const bool found = search(budget - c);
        --ply_;
        pos_.undo_move(m, u);
        if (found) return true;
        if (aborted_) return false;
    }
    table_.store(key, budget);
    return false;
}

}  // namespace

HelpmateResult find_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes) {
    Table& tt = table();
    tt.new_search(max_nodes);
    Searcher searcher(pos, winner, max_nodes, tt);
    HelpmateResult result;
    result.found = searcher.run();
    if (result.found) result.line = searcher.line();
    result.nodes = searcher.nodes();
    return result;
}

}  // namespace schach
