#include "analysis/helpmate.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <memory>
#include <utility>

#include "analysis/dead.hpp"
#include "analysis/helpmate_moves.hpp"
#include "analysis/mate_context.hpp"
#include "analysis/mate_plan.hpp"
#include "core/attacks.hpp"
#include "core/movegen.hpp"

namespace schach {
namespace {

using PT = PieceType;

// Tuned on real-game positions (lichess) where the winner has pawns or more than one piece: the
// median helpmate is found within about 40 positions.
// clang-format off
constexpr HelpmateCosts DirectCosts{
    .capture = 0, .promote_queen = 0, .promote_knight = 9, .promote_other = 2, .check = 1, .pawn = 0,
    .pawn_advanced = 0, .pawn_passed = 1, .approach = 8, .king_approach = 0, .other = 11, .castle = 4,
    .king_corner = 0, .king_other = 2, .king_stay = 0, .self_block = 0, .loser_capture = 11, .loser_promote = 0,
    .loser_promote_minor = 12, .loser_pawn = 0, .piece_corner = 2, .loser_other = 0, .start = 6, .step = 4,
    .corners = 1, .approach_king = 1};
// clang-format on

// Tuned on real-game positions with 20 or more men.
// clang-format off
constexpr HelpmateCosts AttackCosts{
    .capture = 0, .promote_queen = 0, .promote_knight = 2, .promote_other = 4, .check = 1, .pawn = 2,
    .pawn_advanced = 0, .pawn_passed = 1, .approach = 6, .king_approach = 3, .other = 4, .castle = 0,
    .king_corner = 0, .king_other = 0, .king_stay = 0, .self_block = 3, .loser_capture = 9, .loser_promote = 8,
    .loser_promote_minor = 8, .loser_pawn = 1, .piece_corner = 1, .loser_other = 3, .start = 8, .step = 3,
    .corners = 1, .approach_king = 0};
// clang-format on

// Tuned on real-game positions where the winner has a lone minor piece, so that the loser's men
// must become the blockers of their own king.
// clang-format off
constexpr HelpmateCosts CooperativeCosts{
    .capture = 0, .promote_queen = 0, .promote_knight = 1, .promote_other = 4, .check = 0, .pawn = 4,
    .pawn_advanced = 0, .pawn_passed = 1, .approach = 0, .king_approach = 0, .other = 5, .castle = 4,
    .king_corner = 0, .king_other = 10, .king_stay = 10, .self_block = 0, .loser_capture = 11, .loser_promote = 12,
    .loser_promote_minor = 2, .loser_pawn = 0, .piece_corner = 0, .loser_other = 5, .start = 12, .step = 3,
    .corners = 2, .approach_king = 1};
// clang-format on

/// Deepest line the search follows (plies).
constexpr int MaxPly = 120;

/// Keys mixed into the transposition table for the second, third and fourth corner.
constexpr std::array<Key, 4> CornerSalt = {0, 0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL};

}  // namespace

namespace detail {

/// Transposition table: for a position, the largest budget searched without finding a mate.
/// Owned by a MateContext; a generation stamp empties it for each new question in O(1).
/// Entries keep 32 bits of the key beyond the index: a false match only hides a mate (the
/// search proves nothing by failing), it never makes an answer wrong.
class HelpmateTable {
public:
    explicit HelpmateTable(std::size_t max_bytes) {
        max_entries_ = 1024;
        while (max_entries_ * 2 * sizeof(Entry) <= max_bytes) max_entries_ *= 2;
    }
    /// Starts a question; small searches use a small part of the table, which stays in cache
    /// (and is all that is allocated until a larger search needs more).
    void new_search(std::uint64_t max_nodes) {
        mask_ = max_entries_ - 1;
        while (mask_ > 1023 && mask_ / 2 >= 2 * max_nodes) mask_ /= 2;
        // Entries added by growing are zero: generation 0, never the current one.
        if (entries_.size() < mask_ + 1) entries_.resize(mask_ + 1);
        if (++generation_ == 0) {
            std::fill(entries_.begin(), entries_.end(), Entry{});
            generation_ = 1;
        }
    }
    std::size_t bytes() const { return entries_.size() * sizeof(Entry); }
    /// The moves of each ply, kept between questions (they are large: 512 moves each). The
    /// search holds the lists of the plies above while it goes deeper: each has its own place, which
    /// stays put as more are added.
    CostedMoves& moves(int ply) {
        while (lists_.size() <= static_cast<std::size_t>(ply)) lists_.push_back(std::make_unique<CostedMoves>());
        return *lists_[static_cast<std::size_t>(ply)];
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
    std::vector<Entry> entries_;
    std::vector<std::unique_ptr<CostedMoves>> lists_;
    std::size_t max_entries_ = 0;
    std::size_t mask_ = 0;
    std::uint16_t generation_ = 0;
};

}  // namespace detail

MateContext::MateContext(std::size_t max_table_bytes)
    : table_(std::make_unique<detail::HelpmateTable>(max_table_bytes)) {}
MateContext::~MateContext() = default;
MateContext::MateContext(MateContext&&) noexcept = default;
MateContext& MateContext::operator=(MateContext&&) noexcept = default;
std::size_t MateContext::table_bytes() const { return table_->bytes(); }
detail::HelpmateTable& MateContext::helpmate_table() { return *table_; }

namespace {

using Table = detail::HelpmateTable;

class Searcher {
public:
    Searcher(const Position& pos, Color winner, std::uint64_t limit, Table& table, const HelpmateCosts& costs,
             const MatePlans* plans = nullptr)
        : pos_(pos), winner_(winner), loser_(~winner), limit_(limit), table_(table), costs_(costs), plans_(plans),
          corner_count_(plans ? 0 : choose_corners()) {}

    /// Iterative deepening over the budget, trying each target corner at each budget, until a
    /// mate, the node limit, or a round without cuts (nothing more to find).
    bool run() {
        if (plans_) return run_plans();
        const int corners = std::min(corner_count_, costs_.corners);
        for (int budget = costs_.start; budget < 30000; budget += costs_.step) {
            bool any_cut = false;
            for (int i = 0; i < corners; ++i) {
                corner_ = corners_[static_cast<std::size_t>(i)];
                salt_ = CornerSalt[static_cast<std::size_t>(i)];
                cut_ = false;
                if (search(budget, true)) return true;
                if (aborted_) return false;
                any_cut = any_cut || cut_;
            }
            if (!any_cut) return false;
        }
        return false;
    }
    /// Iterative deepening toward each mating picture in turn, each with an equal share of the
    /// node limit: a picture the loser's men cannot fill must not starve the one they can.
    bool run_plans() {
        const int count = plans_->count;
        const std::uint64_t share = limit_ / static_cast<std::uint64_t>(count);
        for (int i = 0; i < count; ++i) {
            plan_ = &plans_->plans[static_cast<std::size_t>(i)];
            corner_ = plan_->king;
            salt_ = CornerSalt[static_cast<std::size_t>(i)];
            limit_ = nodes_ + share;
            aborted_ = false;
            for (int budget = PlanMoveCosts.start; budget < 30000 && !aborted_; budget += PlanMoveCosts.step) {
                cut_ = false;
                if (search(budget, true)) return true;
                if (!cut_) break;
            }
        }
        return false;
    }
    std::vector<Move> line() const { return {line_.begin(), line_.begin() + found_length_}; }
    std::uint64_t nodes() const { return nodes_; }

private:
    /// Whether a helpmate follows within `budget`; `material_changed`: by the move that led here
    /// (a capture or promotion), or at the root (the material test is redone only then).
    bool search(int budget, bool material_changed);
    void price_moves(CostedMoves& moves, int budget) const;
    int choose_corners();
    bool mated_after(Move m);

    Position pos_;
    Color winner_, loser_;
    std::uint64_t limit_;
    Table& table_;
    const HelpmateCosts& costs_;
    const MatePlans* plans_;
    const MatePlan* plan_ = nullptr;
    std::uint64_t nodes_ = 0;
    std::array<Square, 4> corners_{};
    int corner_count_ = 0;
    Square corner_ = Square::None;
    Key salt_ = 0;  // the transposition table keeps each corner's results apart
    bool aborted_ = false;
    bool cut_ = false;
    int ply_ = 0;
    int found_length_ = 0;
    std::array<Move, MaxPly> line_{};
    std::array<Key, MaxPly> path_{};
};

/// The corners the losing king may walk to, nearest it first (unlikely ones last); only those of
/// the colour of the winner's bishops when bishops are all the winner has besides pawns (a bishop
/// mates only on its colour).
int Searcher::choose_corners() {
    const Square k = pos_.king(loser_);
    const Bitboard bishops = pos_.pieces(winner_, PT::Bishop);
    const Bitboard others = pos_.pieces(winner_) & ~bishops & ~pos_.pieces(PT::King) & ~pos_.pieces(PT::Pawn);
    Bitboard allowed = ~Bitboard{0};
    if (bishops && !others) {
        if (!(bishops & LightSquaresBB)) allowed = DarkSquaresBB;
        else if (!(bishops & DarkSquaresBB)) allowed = LightSquaresBB;
    }
    int n = 0;
    for (Square c : {Square::A1, Square::H1, Square::A8, Square::H8})
        if (contains(allowed, c)) corners_[static_cast<std::size_t>(n++)] = c;
    // A lone knight mates in a corner, with a blocker of the loser's on a square next to the
    // corner along an edge: those squares have the other colour than the corner. When bishops of
    // one colour are all the loser has to block with, the corners of that colour come last.
    const Bitboard winner_men = pos_.pieces(winner_) & ~pos_.pieces(PT::King);
    const Bitboard loser_men = pos_.pieces(loser_) & ~pos_.pieces(PT::King);
    Bitboard unlikely = 0;
    if (popcount(winner_men) == 1 && (winner_men & pos_.pieces(PT::Knight)) && loser_men &&
        !(loser_men & ~pos_.pieces(PT::Bishop))) {
        if (!(loser_men & DarkSquaresBB)) unlikely = LightSquaresBB;
        else if (!(loser_men & LightSquaresBB)) unlikely = DarkSquaresBB;
    }
    // Bishop and knight mate a bare king only in a corner of the bishop's colour.
    const Bitboard winner_bishops = winner_men & pos_.pieces(PT::Bishop);
    if (!loser_men && winner_bishops && !(winner_men & ~pos_.pieces(PT::Bishop) & ~pos_.pieces(PT::Knight))) {
        if (!(winner_bishops & DarkSquaresBB)) unlikely = DarkSquaresBB;
        else if (!(winner_bishops & LightSquaresBB)) unlikely = LightSquaresBB;
    }
    // The winner's king in a corner rarely leaves it for the loser's king to be mated there.
    unlikely |= pos_.pieces(winner_, PT::King);
    std::stable_sort(corners_.begin(), corners_.begin() + n, [&](Square a, Square b) {
        return std::pair{contains(unlikely, a), distance(k, a)} < std::pair{contains(unlikely, b), distance(k, b)};
    });
    return n;
}

bool Searcher::mated_after(Move m) {
    ++nodes_;
    const Undo u = pos_.do_move(m);
    const bool mate = pos_.in_check() && count_legal(pos_) == 0;
    pos_.undo_move(m, u);
    return mate;
}

void Searcher::price_moves(CostedMoves& moves, int budget) const {
    // The pictures set every move's cost; the checks are the winner's, as in the style's pricing.
    if (plan_) generate_plan_costed(pos_, PlanTarget{plan_, winner_, budget}, moves);
    else generate_costed(pos_, CostTarget{&costs_, winner_, corner_, budget}, moves);
}

bool Searcher::search(int budget, bool material_changed) {
    if (++nodes_ > limit_) {
        aborted_ = true;
        return false;
    }
    const Key key = pos_.key() ^ salt_;
    // A position already on the path: the line through it again only adds a cycle.
    path_[static_cast<std::size_t>(ply_)] = key;
    const int reversible = std::min(ply_, static_cast<int>(pos_.halfmove_clock()));
    for (int back = 4; back <= reversible; back += 2)
        if (path_[static_cast<std::size_t>(ply_ - back)] == key) return false;
    // Before the moves: a position in the table was searched, so it had moves and enough material
    // (only a false match of keys, which hides a mate and never makes one, tells otherwise).
    if (table_.refuted(key, budget)) {
        cut_ = true;
        return false;
    }
    CostedMoves& moves = table_.moves(ply_);
    price_moves(moves, budget);
    const bool winner_to_move = pos_.side_to_move() == winner_;
    const std::size_t n = moves.size();
    if (moves.none()) {
        if (winner_to_move || !pos_.in_check()) return false;
        found_length_ = ply_;
        return true;
    }
    if (material_changed && insufficient_material(pos_, winner_)) return false;
    if (ply_ >= MaxPly - 1) {
        cut_ = true;
        return false;
    }

    // The moves the budget affords, cheapest first: one pass over the moves for each cost value
    // that occurs (there are few), so a node that finds its line early looks at no more. The
    // moves beyond the budget matter only as mating checks of the winner.
    for (std::uint32_t present = moves.levels; present; present &= present - 1) {
        const int level = std::countr_zero(present);
        if (level > budget) {
            cut_ = true;
            if (!winner_to_move) break;
            // A mating check needs no budget: try every check as the last move.
            for (std::size_t i = 0; i < n; ++i) {
                if (moves.cost[i] <= budget || !moves.check[i]) continue;
                line_[static_cast<std::size_t>(ply_)] = moves.moves[i];
                if (mated_after(moves.moves[i])) {
                    found_length_ = ply_ + 1;
                    return true;
                }
            }
            break;
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (moves.cost[i] != level) continue;
            const Move m = moves.moves[i];
            line_[static_cast<std::size_t>(ply_)] = m;
            const Undo u = pos_.do_move(m);
            ++ply_;
            const bool found = search(budget - level, u.captured != Piece::None || m.kind() == MoveKind::Promotion);
            --ply_;
            pos_.undo_move(m, u);
            if (found) return true;
            if (aborted_) return false;
        }
    }
    table_.store(key, budget);
    return false;
}

HelpmateResult run_search(const Position& pos, Color winner, std::uint64_t max_nodes, const HelpmateCosts& costs,
                          const MatePlans* plans, MateContext& context) {
    Table& tt = context.helpmate_table();
    tt.new_search(max_nodes);
    Searcher searcher(pos, winner, max_nodes, tt, costs, plans);
    HelpmateResult result;
    result.found = searcher.run();
    if (result.found) result.line = searcher.line();
    result.nodes = searcher.nodes();
    return result;
}

}  // namespace

HelpmateResult find_planned_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes, const MatePlans& plans,
                                     MateContext& context) {
    if (plans.count == 0) return {};
    // The pictures set every move's cost; the style's costs (which pick corners) go unused.
    return run_search(pos, winner, max_nodes, DirectCosts, &plans, context);
}

const HelpmateCosts& helpmate_costs(HelpmateStyle style) {
    switch (style) {
        case HelpmateStyle::Direct: break;
        case HelpmateStyle::Attack: return AttackCosts;
        case HelpmateStyle::Cooperative: return CooperativeCosts;
    }
    return DirectCosts;
}

HelpmateResult find_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes, HelpmateStyle style,
                             MateContext& context) {
    return run_search(pos, winner, max_nodes, helpmate_costs(style), nullptr, context);
}

HelpmateResult find_helpmate(const Position& pos, Color winner, std::uint64_t max_nodes, const HelpmateCosts& costs,
                             MateContext& context) {
    return run_search(pos, winner, max_nodes, costs, nullptr, context);
}

}  // namespace schach
