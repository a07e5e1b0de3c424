#include "engine/search.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/movegen.hpp"
#include "core/see.hpp"
#include "engine/evaluate.hpp"
#include "engine/history.hpp"
#include "engine/movepick.hpp"
#include "engine/reductions.hpp"
#include "engine/score.hpp"
#include "engine/thread_priority.hpp"
#include "engine/wdl.hpp"

namespace schach::engine {

namespace {

int reduction(bool improving, int depth, int move_count) {
    const int r = Reductions.r[std::min(depth, 63)][std::min(move_count, 63)];
    return r + (!improving && r > 1 ? 1 : 0);
}

/// Late move pruning: quiet moves after this many are not searched at all.
int lmp_threshold(int depth, bool improving) { return (3 + depth * depth) / (2 - (improving ? 1 : 0)); }

bool has_non_pawn_material(const Position& pos, Color c) {
    return (pos.pieces(c) & ~pos.pieces(PieceType::Pawn) & ~pos.pieces(PieceType::King)) != 0;
}

/// The key of a node searched without one move (singular extension search).
Key excluded_key(Key key, Move excluded) {
    return excluded ? key ^ (static_cast<Key>(excluded.bits()) * 0x9E3779B97F4A7C15ULL | 1) : key;
}

bool allows(Bound b, Bound need) { return (static_cast<int>(b) & static_cast<int>(need)) != 0; }

/// One ply of the search stack.
struct Stack {
    int ply = 0;
    Move move;                       // the move played at this ply (to ply + 1)
    Piece moved = Piece::None;       // its piece
    PieceToHistory* cont = nullptr;  // its continuation table
    Move killers[2];                 // quiet moves that cut off at this ply
    Move excluded;                   // the move a singular search leaves out
    Value static_eval = ValueNone;   // corrected static evaluation (none in check)
    bool in_check = false;
    bool tt_pv = false;         // this node is or was on a principal variation
    int double_extensions = 0;  // along the path to this node
};

struct RootMove {
    explicit RootMove(Move m) : move(m) {}
    Move move;
    Value score = -ValueInfinite;
    Value previous = -ValueInfinite;
    ScoreBound bound = ScoreBound::Exact;
    int seldepth = 0;
    int depth = 0;  // the iteration that gave the score
    std::vector<Move> pv;
};

constexpr int StackOffset = 4;  // entries before the root (ss - 1, ss - 2 of the root exist)

}  // namespace

// =================================================================================================
// Worker: one search thread.
// =================================================================================================

class Worker {
public:
    Worker(SearchPool& pool, int id) : pool_(pool), id_(id), hist_(std::make_unique<Histories>()) {}

    void clear() { hist_->clear(); }

    void prepare(const SearchJob& job) {
        job_ = &job;
        feat_ = job.options.features;
        pos_ = job.root;
        keys_.clear();
        keys_.reserve(job.history.size() + MaxPly + 8);
        keys_ = job.history;
        eval_.set_network(job.network);
        eval_.reset(pos_);
        nodes_.store(0, std::memory_order_relaxed);
        seldepth_ = 0;
        completed_depth_ = 0;
        stopped_ = false;
        lines_.clear();
        best_ = {};
        root_moves_.clear();
        for (Move m : legal_moves(pos_))
            if (job.limits.searchmoves.empty() ||
                std::ranges::find(job.limits.searchmoves, m) != job.limits.searchmoves.end())
                root_moves_.emplace_back(m);
        multipv_ = std::clamp(job.options.multipv, 1, std::max<int>(1, static_cast<int>(root_moves_.size())));
        // Main thread: the exact node limit (single thread) is checked at every node.
        node_limit_ = is_main() ? job.limits.nodes : 0;
        for (std::size_t i = 0; i < stack_.size(); ++i) {
            stack_[i] = Stack{};
            stack_[i].ply = static_cast<int>(i) - StackOffset;
            stack_[i].cont = &hist_->continuation.at(Piece::None, Square::A1);
        }
    }

    bool has_root_moves() const { return !root_moves_.empty(); }
    void iterative_deepening();

    std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    const std::vector<SearchInfo>& lines() const { return lines_; }
    const BestMove& best() const { return best_; }

private:
    bool is_main() const { return id_ == 0; }
    bool on(SearchFeature f) const { return feat_.on(f); }
    Value corrected(Color us, Key pawns, Value raw) const {
        return on(SearchFeature::Correction) ? hist_->correction.correct(us, pawns, raw) : raw;
    }

    template <bool Pv>
    Value search(Value alpha, Value beta, int depth, bool cut_node, Stack* ss);
    template <bool Pv>
    Value qsearch(Value alpha, Value beta, Stack* ss);

    Value aspiration(int depth, std::size_t pv_index);
    bool is_draw(int ply) const;
    bool check_stop();
    void poll();
    void play(Move m, Stack* ss);
    void take_back(Move m, const Undo& u);
    void update_pv(int ply, Move m);
    void update_cutoff_stats(Stack* ss, Move best, int depth, bool bonus_extra, const Move* quiets, int quiet_count,
                             const Move* captures, int capture_count);
    void update_quiet_history(Stack* ss, Piece moved, Move m, int bonus);
    void update_capture_history(Move m, int bonus);

    SearchInfo line_info(std::size_t index, int depth) const;
    void report_lines(int depth);
    void report_bound(std::size_t index, int depth);
    void finish();
    void adopt_partial_result(int depth);

    SearchPool& pool_;
    const int id_;
    const SearchJob* job_ = nullptr;
    SearchFeatures feat_;
    std::unique_ptr<Histories> hist_;
    Position pos_;
    Evaluator eval_;
    std::vector<Key> keys_;
    std::vector<RootMove> root_moves_;
    std::vector<SearchInfo> lines_;
    BestMove best_;
    std::atomic<std::uint64_t> nodes_{0};
    std::uint64_t node_limit_ = 0;
    int seldepth_ = 0;
    int root_depth_ = 0;
    int completed_depth_ = 0;
    int multipv_ = 1;
    std::size_t pv_index_ = 0;
    int nmp_min_ply_ = 0;
    int best_move_changes_ = 0;
    bool stopped_ = false;
    std::array<Stack, MaxPly + StackOffset + 8> stack_{};
    std::array<std::array<Move, MaxPly + 2>, MaxPly + 2> pv_{};
    std::array<int, MaxPly + 2> pv_len_{};
};

// --- Moves and bookkeeping ----------------------------------------------------------------------

void Worker::play(Move m, Stack* ss) {
    ss->move = m;
    ss->moved = m == Move::null() ? Piece::None : pos_.piece_on(m.from());
    ss->cont = &hist_->continuation.at(ss->moved, m == Move::null() ? Square::A1 : m.to());
    eval_.push(pos_, m);
    keys_.push_back(pos_.key());
}

void Worker::take_back(Move m, const Undo& u) {
    pos_.undo_move(m, u);
    keys_.pop_back();
    eval_.pop();
}

void Worker::update_pv(int ply, Move m) {
    pv_[ply][0] = m;
    const int child = pv_len_[ply + 1];
    std::copy_n(pv_[ply + 1].begin(), child, pv_[ply].begin() + 1);
    pv_len_[ply] = child + 1;
}

/// Draws inside the tree: the 50-move rule (unless the side to move is mated: mate takes
/// precedence) and any repetition, of a position of the tree or of the game before the root.
bool Worker::is_draw(int ply) const {
    (void)ply;
    if (pos_.halfmove_clock() >= 100) return !pos_.in_check() || count_legal(pos_) > 0;
    const int n = static_cast<int>(keys_.size());
    const int back = std::min(pos_.halfmove_clock(), n);
    const Key key = pos_.key();
    for (int i = 4; i <= back; i += 2)
        if (keys_[static_cast<std::size_t>(n - i)] == key) return true;
    return false;
}

void Worker::poll() {
    if (pool_.stop_flag.load(std::memory_order_relaxed) || pool_.abort_.load(std::memory_order_relaxed)) {
        stopped_ = true;
        return;
    }
    // Limits end the search only once depth 1 gave a move.
    if (!is_main() || completed_depth_ == 0) return;
    if (pool_.budget_.limited() && !pool_.pondering.load(std::memory_order_relaxed) &&
        pool_.elapsed_ms() >= pool_.budget_.hard)
        stopped_ = true;
    if (job_->limits.nodes > 0 && pool_.total_nodes() >= job_->limits.nodes) stopped_ = true;
}

bool Worker::check_stop() {
    if (stopped_) return true;
    const std::uint64_t n = nodes_.load(std::memory_order_relaxed);
    if ((n & 1023) == 0) poll();
    if (node_limit_ > 0 && n >= node_limit_ && completed_depth_ > 0) stopped_ = true;
    return stopped_;
}

// --- History updates ----------------------------------------------------------------------------

void Worker::update_quiet_history(Stack* ss, Piece moved, Move m, int bonus) {
    gravity_update(hist_->main.at(pos_.side_to_move(), m), bonus);
    gravity_update((*(ss - 1)->cont)[idx(moved)][idx(m.to())], bonus);
    gravity_update((*(ss - 2)->cont)[idx(moved)][idx(m.to())], bonus);
}

void Worker::update_capture_history(Move m, int bonus) {
    const PieceType victim = m.kind() == MoveKind::EnPassant ? PieceType::Pawn : type_of(pos_.piece_on(m.to()));
    if (victim == PieceType::None) return;  // a queen promotion without capture
    gravity_update(hist_->captures.at(pos_.piece_on(m.from()), m.to(), victim), bonus);
}

/// A beta cutoff: reward the move that caused it, punish the moves tried before it.
void Worker::update_cutoff_stats(Stack* ss, Move best, int depth, bool bonus_extra, const Move* quiets, int quiet_count,
                                 const Move* captures, int capture_count) {
    const int bonus = history_bonus(depth + (bonus_extra ? 1 : 0));
    if (!is_tactical(pos_, best)) {
        update_quiet_history(ss, pos_.piece_on(best.from()), best, bonus);
        if (ss->killers[0] != best) {
            ss->killers[1] = ss->killers[0];
            ss->killers[0] = best;
        }
        const Stack* prev = ss - 1;
        if (prev->move && prev->move != Move::null()) hist_->counters.at(prev->moved, prev->move.to()) = best;
        for (int i = 0; i < quiet_count; ++i)
            update_quiet_history(ss, pos_.piece_on(quiets[i].from()), quiets[i], -bonus);
    } else {
        update_capture_history(best, bonus);
    }
    for (int i = 0; i < capture_count; ++i) update_capture_history(captures[i], -bonus);
}

// --- The main search ----------------------------------------------------------------------------

template <bool Pv>
Value Worker::search(Value alpha, Value beta, int depth, bool cut_node, Stack* ss) {
    const bool root = ss->ply == 0;
    const int ply = ss->ply;

    // Step 1. Horizon: quiescence search resolves the captures.
    if (depth <= 0) return qsearch<Pv>(alpha, beta, ss);

    if (Pv) pv_len_[ply] = 0;
    if (check_stop()) return ValueDraw;
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    seldepth_ = std::max(seldepth_, ply + 1);
    ss->in_check = pos_.in_check();
    (ss + 1)->excluded = Move::none();
    (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
    const Color us = pos_.side_to_move();
    const Move excluded = ss->excluded;

    if (!root) {
        // Step 2. Draws by rule, and the end of the stack.
        if (is_draw(ply)) return ValueDraw;
        if (ply >= MaxPly - 4) return ss->in_check ? ValueDraw : eval_.evaluate(pos_);
        // Step 3. Mate distance pruning: no line here can beat a mate already found nearer the
        // root (saves nodes in mating positions, no Elo otherwise).
        alpha = std::max(mated_in(ply), alpha);
        beta = std::min(mate_in(ply + 1), beta);
        if (alpha >= beta) return alpha;
    }

    // Step 4. Transposition table: the move to try first, and a cutoff in non-PV nodes when an
    // earlier search of this position at this depth or deeper already decides (TT + PVS are the
    // base everything else stands on).
    const Key key = excluded_key(pos_.key(), excluded);
    TtData tte;
    const bool tt_hit = pool_.tt_.probe(key, ply, tte);
    const Move tt_move = root ? root_moves_[pv_index_].move : tt_hit ? tte.move : Move::none();
    const Value tt_value = tt_hit ? tte.value : ValueNone;
    if (!excluded) ss->tt_pv = Pv || (tt_hit && tte.pv);
    if (!Pv && !excluded && tt_hit && tte.depth >= depth && tt_value != ValueNone &&
        allows(tte.bound, tt_value >= beta ? Bound::Lower : Bound::Upper) && pos_.halfmove_clock() < 90)
        return tt_value;

    // Step 5. Static evaluation, corrected by what the search learnt about this pawn structure
    // (correction history), and refined by the TT value when its bound allows.
    Value raw_eval = ValueNone, eval = ValueNone;
    const Key pawns = pawn_key(pos_);
    bool improving = false;
    if (ss->in_check) {
        ss->static_eval = ValueNone;
    } else {
        raw_eval = tt_hit && tte.eval != ValueNone ? tte.eval : eval_.evaluate(pos_);
        if (!tt_hit && !excluded)
            pool_.tt_.store(key, ply, ValueNone, raw_eval, -1, Bound::None, Move::none(), ss->tt_pv);
        eval = ss->static_eval = corrected(us, pawns, raw_eval);
        if (tt_value != ValueNone && allows(tte.bound, tt_value > eval ? Bound::Lower : Bound::Upper)) eval = tt_value;
        // Improving: better than two plies ago (else four), so prune less and reduce less.
        const Value before = (ss - 2)->static_eval != ValueNone ? (ss - 2)->static_eval : (ss - 4)->static_eval;
        improving = before == ValueNone || ss->static_eval > before;
    }

    if (!Pv && !ss->in_check && !excluded) {
        // Step 6. Reverse futility pruning: far above beta with little depth left, the opponent
        // will not catch up (~32 Elo).
        if (on(SearchFeature::ReverseFutility) && depth <= 8 && eval - 80 * (depth - (improving ? 1 : 0)) >= beta &&
            eval < ValueMateInMaxPly && beta > -ValueMateInMaxPly)
            return eval;

        // Step 7. Null move pruning: if passing still fails high, a real move will too (~93 Elo).
        // Not in pawn-only endings (zugzwang), not twice in a row; the reduction grows with depth
        // and with the margin over beta; deep cutoffs are verified by a search without null moves.
        if (on(SearchFeature::NullMove) && depth >= 3 && eval >= beta && ss->static_eval >= beta - 20 * depth + 160 &&
            (ss - 1)->move != Move::null() && ply >= nmp_min_ply_ && has_non_pawn_material(pos_, us) &&
            beta > -ValueMateInMaxPly) {
            const int r = 3 + depth / 3 + std::min((eval - beta) / 200, 3);
            play(Move::null(), ss);
            const Undo u = pos_.do_move(Move::null());
            Value v = -search<false>(-beta, -beta + 1, depth - r, !cut_node, ss + 1);
            take_back(Move::null(), u);
            if (stopped_) return ValueDraw;
            if (v >= beta) {
                if (v >= ValueMateInMaxPly) v = beta;  // a null-move mate proves nothing
                if (depth < 12 || nmp_min_ply_ > 0) return v;
                nmp_min_ply_ = ply + 3 * (depth - r) / 4;
                const Value verified = search<false>(beta - 1, beta, depth - r, false, ss);
                nmp_min_ply_ = 0;
                if (verified >= beta) return v;
            }
        }
    }

    // Step 8. Internal iterative reduction: a node without a TT move is probably not important
    // enough for its full depth (and its move ordering is poor).
    if (on(SearchFeature::Iir) && !root && !tt_move && depth >= 4 && (Pv || cut_node)) --depth;

    // Step 9. The moves, best guess first (staged move picker).
    const PieceToHistory* cont[2] = {(ss - 1)->cont, (ss - 2)->cont};
    const Stack* prev = ss - 1;
    const Move counter = prev->move && prev->move != Move::null() ? hist_->counters.at(prev->moved, prev->move.to())
                                                                  : Move::none();
    MovePicker picker(pos_, tt_move, *hist_, cont, {{ss->killers[0], ss->killers[1]}, counter});
    const bool tt_capture = tt_move && is_tactical(pos_, tt_move);

    Value best = -ValueInfinite;
    Move best_move;
    int move_count = 0;
    Move quiets[64], captures[32];
    int quiet_count = 0, capture_count = 0;
    bool skip_quiets = false;
    std::size_t root_index = pv_index_;

    for (;;) {
        Move m;
        if (root) {
            if (root_index >= root_moves_.size()) break;
            m = root_moves_[root_index++].move;
        } else {
            m = picker.next(skip_quiets);
            if (!m) break;
        }
        if (m == excluded) continue;
        ++move_count;

        const bool capture = pos_.is_capture(m);
        const bool tactical = capture || is_tactical(pos_, m);
        const Piece moved = pos_.piece_on(m.from());
        const bool gives_check = pos_.gives_check(m);
        const int hist_score = tactical ? 0
                                        : hist_->main.get(us, m) + (*cont[0])[idx(moved)][idx(m.to())] +
                                              (*cont[1])[idx(moved)][idx(m.to())];
        int new_depth = depth - 1;

        // Step 10. Pruning at shallow depth, once a move has saved us from being mated.
        if (!root && best > -ValueMateInMaxPly && has_non_pawn_material(pos_, us)) {
            // Late move pruning: late quiet moves at low depth are not worth a look (~77 Elo).
            if (on(SearchFeature::LateMovePruning) && move_count >= lmp_threshold(depth, improving)) skip_quiets = true;
            const int lmr_depth = std::max(new_depth - reduction(improving, depth, move_count), 0);
            if (tactical || gives_check) {
                // Futility of captures: even winning the piece does not reach alpha.
                if (on(SearchFeature::Futility) && capture && !gives_check && !ss->in_check && lmr_depth < 7 &&
                    m.kind() == MoveKind::Normal &&
                    ss->static_eval + 200 + 250 * lmr_depth + see_value(type_of(pos_.piece_on(m.to()))) <= alpha)
                    continue;
                // SEE pruning of captures that lose too much (~42 Elo with the quiet part).
                if (on(SearchFeature::SeePruning) && !see_ge(pos_, m, -180 * depth)) continue;
            } else {
                // History pruning: quiet moves that failed everywhere so far.
                if (on(SearchFeature::HistoryPruning) && lmr_depth < 4 && hist_score < -3000 * depth) continue;
                // Futility pruning: a quiet move will not lift a hopeless static eval to alpha (~3 Elo).
                if (on(SearchFeature::Futility) && !ss->in_check && lmr_depth < 8 &&
                    ss->static_eval + 90 + 110 * lmr_depth <= alpha)
                    continue;
                // SEE pruning of quiets: moves that hang material.
                if (on(SearchFeature::SeePruning) && !see_ge(pos_, m, -25 * lmr_depth * lmr_depth)) continue;
            }
        }

        // Step 11. Extensions (~60 Elo). Singular extension: when the TT move is much better than
        // every other (a search without it fails low), it is extended (+6 to +13 Elo); when even
        // without it the node fails high, the node is cut (multi-cut). Check extension otherwise.
        int extension = 0;
        if (!root && ply < 2 * root_depth_) {
            if (on(SearchFeature::Singular) && depth >= 7 && m == tt_move && !excluded && tt_value != ValueNone &&
                !is_mate_score(tt_value) && allows(tte.bound, Bound::Lower) && tte.depth >= depth - 3) {
                const Value singular_beta = tt_value - 2 * depth;
                ss->excluded = m;
                const Value v = search<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node, ss);
                ss->excluded = Move::none();
                if (stopped_) return ValueDraw;
                if (v < singular_beta) {
                    extension = 1;
                    if (!Pv && v < singular_beta - 20 && ss->double_extensions <= 8) extension = 2;
                } else if (singular_beta >= beta) {
                    return singular_beta;
                } else if (tt_value >= beta) {
                    extension = -1;
                }
            } else if (gives_check && on(SearchFeature::CheckExtension)) {
                extension = 1;
            }
        }
        new_depth += extension;
        (ss + 1)->double_extensions = ss->double_extensions + (extension == 2 ? 1 : 0);

        play(m, ss);
        const Undo u = pos_.do_move(m);
        pool_.tt_.prefetch(pos_.key());
        if (Pv) pv_len_[ply + 1] = 0;

        // Step 12. Principal variation search with late move reductions (~250 Elo): later moves
        // are searched with a null window and reduced by the log-product table, adjusted by
        // history and node type; a fail high is searched again at full depth, then full window.
        Value v = ValueNone;
        if (on(SearchFeature::Lmr) && depth >= 2 && move_count > 1 + (root ? 1 : 0) && (!tactical || !ss->tt_pv)) {
            int r = reduction(improving, depth, move_count);
            if (!Pv) r += 1;
            if (cut_node) r += 1;
            if (ss->tt_pv) r -= 1;
            if (gives_check) r -= 1;
            if (tt_capture) r += 1;
            if (tactical) r -= 1;
            if (on(SearchFeature::LmrHistory)) r -= hist_score / 8192;
            const int d = std::clamp(new_depth - r, 1, std::max(new_depth, 1));
            v = -search<false>(-alpha - 1, -alpha, d, true, ss + 1);
            if (v > alpha && d < new_depth) v = -search<false>(-alpha - 1, -alpha, new_depth, !cut_node, ss + 1);
        } else if (!Pv || move_count > 1) {
            v = -search<false>(-alpha - 1, -alpha, new_depth, !cut_node, ss + 1);
        }
        if (Pv && (move_count == 1 || (v > alpha && (root || v < beta)))) {
            pv_len_[ply + 1] = 0;
            v = -search<true>(-beta, -alpha, new_depth, false, ss + 1);
        }

        take_back(m, u);
        if (stopped_) return ValueDraw;

        // Step 13. Root moves keep their score and line for reporting and the next iteration.
        if (root) {
            RootMove& rm = *std::ranges::find(root_moves_, m, &RootMove::move);
            if (move_count == 1 || v > alpha) {
                rm.score = v;
                rm.seldepth = seldepth_;
                rm.depth = root_depth_;
                rm.bound = v >= beta ? ScoreBound::Lower : v <= alpha ? ScoreBound::Upper : ScoreBound::Exact;
                rm.pv.assign(1, m);
                rm.pv.insert(rm.pv.end(), pv_[1].begin(), pv_[1].begin() + pv_len_[1]);
                if (move_count > 1) ++best_move_changes_;
            } else {
                rm.score = -ValueInfinite;
            }
        }

        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (Pv) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
        if (m != best_move) {
            if (capture && capture_count < 32) captures[capture_count++] = m;
            else if (!capture && quiet_count < 64) quiets[quiet_count++] = m;
        }
    }

    // Step 14. No legal move: mate or stalemate (a singular search without its only move: alpha).
    if (move_count == 0) return excluded ? alpha : ss->in_check ? mated_in(ply) : ValueDraw;

    // Step 15. Histories learn from the cutoff.
    if (best >= beta && best_move)
        update_cutoff_stats(ss, best_move, depth, best > beta + 100, quiets, quiet_count, captures, capture_count);

    // Step 16. Store the result, and the evaluation's error for the correction history.
    if (!excluded && !(root && pv_index_ > 0)) {
        const Bound bound = best >= beta ? Bound::Lower : Pv && best_move ? Bound::Exact : Bound::Upper;
        pool_.tt_.store(key, ply, best, raw_eval, depth, bound, best_move, ss->tt_pv);
        if (!ss->in_check && !(best_move && is_tactical(pos_, best_move)) &&
            !(bound == Bound::Lower && best <= ss->static_eval) &&
            !(bound == Bound::Upper && best >= ss->static_eval) && on(SearchFeature::Correction))
            hist_->correction.update(us, pawns, depth, best, raw_eval);
    }
    return best;
}

// --- Quiescence ---------------------------------------------------------------------------------

/// Captures (and queen promotions; every evasion in check) until the position is quiet, with a
/// stand-pat on the static evaluation. Captures that lose material by SEE are pruned (+67 Elo),
/// and so are those that cannot bring the score up to alpha (delta pruning).
template <bool Pv>
Value Worker::qsearch(Value alpha, Value beta, Stack* ss) {
    const int ply = ss->ply;
    if (Pv) pv_len_[ply] = 0;
    if (check_stop()) return ValueDraw;
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    seldepth_ = std::max(seldepth_, ply + 1);
    ss->in_check = pos_.in_check();
    if (is_draw(ply)) return ValueDraw;
    if (ply >= MaxPly - 4) return ss->in_check ? ValueDraw : eval_.evaluate(pos_);

    const Key key = pos_.key();
    TtData tte;
    const bool tt_hit = pool_.tt_.probe(key, ply, tte);
    const Value tt_value = tt_hit ? tte.value : ValueNone;
    if (!Pv && tt_hit && tt_value != ValueNone && tte.depth >= TranspositionTable::QsDepth &&
        allows(tte.bound, tt_value >= beta ? Bound::Lower : Bound::Upper))
        return tt_value;

    Value best = -ValueInfinite, raw_eval = ValueNone, futility_base = -ValueInfinite;
    if (ss->in_check) {
        ss->static_eval = ValueNone;
    } else {
        raw_eval = tt_hit && tte.eval != ValueNone ? tte.eval : eval_.evaluate(pos_);
        best = ss->static_eval = corrected(pos_.side_to_move(), pawn_key(pos_), raw_eval);
        if (tt_value != ValueNone && allows(tte.bound, tt_value > best ? Bound::Lower : Bound::Upper)) best = tt_value;
        // Stand pat: the side to move need not capture.
        if (best >= beta) {
            if (!tt_hit)
                pool_.tt_.store(key, ply, best, raw_eval, TranspositionTable::QsDepth, Bound::Lower, Move::none(),
                                false);
            return best;
        }
        alpha = std::max(alpha, best);
        futility_base = ss->static_eval + 200;
    }

    const PieceToHistory* cont[2] = {(ss - 1)->cont, (ss - 2)->cont};
    MovePicker picker(pos_, tt_hit ? tte.move : Move::none(), *hist_, cont);
    Move best_move;
    int move_count = 0;
    while (const Move m = picker.next()) {
        ++move_count;
        const bool gives_check = pos_.gives_check(m);
        if (!ss->in_check && best > -ValueMateInMaxPly) {
            // Delta pruning: the capture's gain with a margin still leaves us below alpha.
            if (on(SearchFeature::QsDelta) && !gives_check && m.kind() == MoveKind::Normal &&
                futility_base > -ValueInfinite) {
                const Value futility = futility_base + see_value(type_of(pos_.piece_on(m.to())));
                if (futility <= alpha) {
                    best = std::max(best, futility);
                    continue;
                }
            }
            // SEE pruning: a capture that loses material.
            if (on(SearchFeature::QsSee) && !see_ge(pos_, m, 0)) continue;
        }
        play(m, ss);
        const Undo u = pos_.do_move(m);
        pool_.tt_.prefetch(pos_.key());
        const Value v = -qsearch<Pv>(-beta, -alpha, ss + 1);
        take_back(m, u);
        if (stopped_) return ValueDraw;
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (Pv) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
    }
    if (ss->in_check && move_count == 0) return mated_in(ply);
    if (!ss->in_check && picker.no_legal_moves()) return ValueDraw;  // stalemate
    pool_.tt_.store(key, ply, best, raw_eval, TranspositionTable::QsDepth, best >= beta ? Bound::Lower : Bound::Upper,
                    best_move, false);
    return best;
}

// --- The root -----------------------------------------------------------------------------------

/// Aspiration windows: a narrow window around the previous score, widened on a fail (saves nodes
/// once the score is stable). Returns the score of root move `pv_index`.
Value Worker::aspiration(int depth, std::size_t pv_index) {
    Stack* ss = &stack_[StackOffset];
    const Value previous = root_moves_[pv_index].previous;
    Value delta = 15, alpha = -ValueInfinite, beta = ValueInfinite;
    if (on(SearchFeature::Aspiration) && depth >= 4 && previous > -ValueInfinite && !is_mate_score(previous)) {
        delta = 12 + std::abs(previous) / 16;
        alpha = std::max(previous - delta, -ValueInfinite);
        beta = std::min(previous + delta, ValueInfinite);
    }
    for (;;) {
        const Value v = search<true>(alpha, beta, depth, false, ss);
        // Root moves of this line and below: the best first (stable: ties keep their order).
        std::stable_sort(root_moves_.begin() + static_cast<std::ptrdiff_t>(pv_index), root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (stopped_) return v;
        if (v <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(v - delta, -ValueInfinite);
            report_bound(pv_index, depth);
        } else if (v >= beta) {
            beta = std::min(v + delta, ValueInfinite);
            report_bound(pv_index, depth);
        } else {
            return v;
        }
        delta += delta / 2;
        if (delta > 1000) {
            alpha = -ValueInfinite;
            beta = ValueInfinite;
        }
    }
}

/// Iterative deepening: depth 1, 2, ... each iteration ordered by the last; MultiPV lines one
/// after the other. The main thread checks the soft limit between iterations and reports.
void Worker::iterative_deepening() {
    const SearchLimits& limits = job_->limits;
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MaxPly - 10) : MaxPly - 10;
    Move last_best;
    Value last_score = ValueNone;
    int stable = 0;
    // Helpers of odd number start one ply deeper: the threads spread over two depths at a time.
    for (int depth = 1 + (id_ % 2); depth <= max_depth; ++depth) {
        root_depth_ = depth;
        best_move_changes_ = 0;
        for (RootMove& rm : root_moves_) rm.previous = rm.score;
        for (pv_index_ = 0; pv_index_ < static_cast<std::size_t>(multipv_); ++pv_index_) {
            seldepth_ = 0;
            aspiration(depth, pv_index_);
            if (stopped_) break;
            std::stable_sort(root_moves_.begin(), root_moves_.begin() + static_cast<std::ptrdiff_t>(pv_index_ + 1),
                             [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        }
        if (stopped_) {
            if (is_main()) adopt_partial_result(depth);
            break;
        }
        completed_depth_ = depth;
        if (!is_main()) continue;

        report_lines(depth);
        const RootMove& best = root_moves_.front();
        // Mate limit: a mate in N moves or fewer is proven.
        if (limits.mate > 0 && best.score >= ValueMateInMaxPly && (ValueMate - best.score + 1) / 2 <= limits.mate)
            break;
        // Soft node limit: whole iterations only.
        if (limits.soft_nodes > 0 && pool_.total_nodes() >= limits.soft_nodes) break;
        // Soft limit: do not start an iteration that would not finish.
        stable = best.move == last_best ? stable + 1 : 0;
        if (pool_.budget_.limited() && !pool_.budget_.fixed && !pool_.pondering.load()) {
            double scale = soft_scale(stable, last_score, best.score);
            if (root_moves_.size() == 1) scale = std::min(scale, 0.2);
            if (static_cast<double>(pool_.elapsed_ms()) >= static_cast<double>(pool_.budget_.soft) * scale) break;
        }
        last_best = best.move;
        last_score = best.score;
    }
    if (is_main()) finish();
}

SearchInfo Worker::line_info(std::size_t index, int depth) const {
    const RootMove& rm = root_moves_[index];
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(rm.seldepth, depth);
    info.multipv = static_cast<int>(index) + 1;
    const Value v = rm.score > -ValueInfinite ? rm.score : rm.previous;
    info.score = Score::from_value(v, rm.bound);
    if (job_->options.show_wdl) info.wdl = wdl_from_value(v);
    info.nodes = pool_.total_nodes();
    info.time_ms = pool_.elapsed_since_start_ms();
    info.nps = info.time_ms > 0 ? info.nodes * 1000 / static_cast<std::uint64_t>(info.time_ms) : info.nodes * 1000;
    info.hashfull = pool_.tt_.hashfull();
    info.pv = rm.pv.empty() ? std::vector<Move>{rm.move} : rm.pv;
    return info;
}

void Worker::report_lines(int depth) {
    lines_.clear();
    for (std::size_t i = 0; i < static_cast<std::size_t>(multipv_); ++i) {
        lines_.push_back(line_info(i, depth));
        lines_.back().score.bound = ScoreBound::Exact;
        if (job_->on_info) job_->on_info(lines_.back());
    }
}

/// An aspiration fail (lowerbound/upperbound), reported only in long searches (GUIs show it).
void Worker::report_bound(std::size_t index, int depth) {
    if (!is_main() || !job_->on_info || pool_.elapsed_since_start_ms() < 1000) return;
    job_->on_info(line_info(index, depth));
}

/// An iteration stopped early may still have proven a better first move: one that beat the
/// previous best line's move at the new depth with a full window search (not a fail low). Its
/// line replaces the last completed one (single-line searches only).
void Worker::adopt_partial_result(int depth) {
    if (multipv_ != 1 || lines_.empty() || pv_index_ != 0) return;
    const RootMove* best = nullptr;
    for (const RootMove& rm : root_moves_)
        if (rm.depth == depth && rm.bound != ScoreBound::Upper && rm.score > -ValueInfinite &&
            (!best || rm.score > best->score))
            best = &rm;
    if (!best || best->move == lines_.front().pv.front()) return;
    const auto index = static_cast<std::size_t>(best - root_moves_.data());
    SearchInfo info = line_info(index, completed_depth_);
    info.score.bound = ScoreBound::Exact;
    lines_.front() = info;
    if (job_->on_info) job_->on_info(info);
}

/// The answer: the best line of the last completed iteration (depth 1 always completes unless
/// stopped from outside at once; then the first legal move).
void Worker::finish() {
    if (lines_.empty()) {
        RootMove& rm = root_moves_.front();
        if (rm.score == -ValueInfinite) rm.score = ValueDraw;
        lines_.push_back(line_info(0, std::max(completed_depth_, 1)));
        lines_.back().score.bound = ScoreBound::Exact;
    }
    const std::vector<Move>& pv = lines_.front().pv;
    best_.move = pv.front();
    best_.ponder = pv.size() > 1 ? pv[1] : Move::none();
    if (!best_.ponder) {
        // A ponder move from the table, when the line ended at the root's move.
        Position after = job_->root;
        after.do_move(best_.move);
        TtData t;
        if (pool_.tt_.probe(after.key(), 1, t) && t.move && after.is_legal(t.move)) best_.ponder = t.move;
    }
}

// =================================================================================================
// SearchPool
// =================================================================================================

SearchPool::SearchPool() { workers_.push_back(std::make_unique<Worker>(*this, 0)); }

SearchPool::~SearchPool() {
    stop();
    wait();
    {
        std::lock_guard lock(job_mutex_);
        quit_ = true;
    }
    job_cv_.notify_all();
    if (kept_.joinable()) kept_.join();
}

std::int64_t SearchPool::elapsed_ms() const {
    const Clock::duration since = Clock::now().time_since_epoch() - Clock::duration(clock_start_.load());
    return std::chrono::duration_cast<std::chrono::milliseconds>(since).count();
}

std::int64_t SearchPool::elapsed_since_start_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

std::uint64_t SearchPool::total_nodes() const {
    std::uint64_t n = 0;
    for (int i = 0; i < active_workers_; ++i) n += workers_[static_cast<std::size_t>(i)]->nodes();
    return n;
}

void SearchPool::start(SearchJob job) {
    wait();
    stop_flag = false;
    pondering = job.limits.ponder;
    running_ = true;
    start_ = Clock::now();
    clock_start_ = start_.time_since_epoch().count();
    if (!job.options.keep_search_thread) {
        thread_ = std::thread([this, job = std::move(job)]() mutable { run(std::move(job)); });
        return;
    }
    {
        std::lock_guard lock(job_mutex_);
        job_ = std::move(job);
        busy_ = true;
    }
    if (!kept_.joinable()) kept_ = std::thread([this] { serve(); });
    job_cv_.notify_all();
}

void SearchPool::serve() {
    std::unique_lock lock(job_mutex_);
    for (;;) {
        job_cv_.wait(lock, [this] { return quit_ || job_.has_value(); });
        if (!job_) return;
        {
            SearchJob job = std::move(*job_);
            job_.reset();
            lock.unlock();
            run(std::move(job));
        }  // the job (its handlers) gone before wait() returns, as when a thread ended with it
        lock.lock();
        busy_ = false;
        job_cv_.notify_all();
    }
}

void SearchPool::run(SearchJob job) {
    if (job.options.search_nice > 0) lower_this_thread_priority(job.options.search_nice);  // helpers inherit it
    EngineOptions plan_options = job.options;
    plan_options.move_overhead_ms = overhead_with_lag(job);
    budget_ = plan_time(job.limits, plan_options, job.root.side_to_move(), job.root.ply());
    tt_.new_search();
    abort_ = false;
    active_workers_ = std::clamp(job.options.threads, 1, 256);
    while (static_cast<int>(workers_.size()) < active_workers_)
        workers_.push_back(std::make_unique<Worker>(*this, static_cast<int>(workers_.size())));
    for (int i = 0; i < active_workers_; ++i) workers_[static_cast<std::size_t>(i)]->prepare(job);

    Worker& main = *workers_.front();
    BestMove best;
    std::vector<SearchInfo> lines;
    last_nodes_ = 0;
    if (!main.has_root_moves()) {
        // Mate or stalemate (or no root move allowed by searchmoves): nothing to search.
        SearchInfo info;
        info.depth = 0;
        info.score = Score::from_value(job.root.in_check() ? -ValueMate : ValueDraw);
        if (job.options.show_wdl) info.wdl = wdl_from_value(job.root.in_check() ? -ValueMate : ValueDraw);
        if (job.on_info) job.on_info(info);
        lines.push_back(info);
    } else {
        std::vector<std::thread> helpers;
        for (int i = 1; i < active_workers_; ++i)
            helpers.emplace_back([w = workers_[static_cast<std::size_t>(i)].get()] { w->iterative_deepening(); });
        main.iterative_deepening();
        abort_ = true;
        for (std::thread& t : helpers) t.join();
        last_nodes_ = total_nodes();
        best = main.best();
        lines = main.lines();
    }
    if (job.limits.infinite || pondering) wait_for_release(job.limits.infinite);
    {
        // What this move cost on our measure, for the lag the next clock will show.
        const Color us = job.root.side_to_move();
        ClockMemory& memory = clock_memory_[idx(us)];
        memory.clock = us == Color::White ? job.limits.wtime : job.limits.btime;
        if (job.limits.ponder) memory.clock.reset();  // charged from ponderhit: not comparable
        memory.inc = us == Color::White ? job.limits.winc : job.limits.binc;
        memory.spent = elapsed_since_start_ms();
    }
    if (job.on_done) job.on_done(best, lines);
    running_ = false;
}

/// The GUI charges our clock for more than we measure: the transport, the GUI itself, and on a
/// busy machine the time our process waits for a core. The lag of the last move (charged minus
/// spent) is remembered as a decaying maximum, and one and a half times it is added to the move
/// overhead (Move Overhead stays the floor): after a lag spike the clock is given time to grow.
int SearchPool::overhead_with_lag(const SearchJob& job) {
    const Color us = job.root.side_to_move();
    const auto& clock = us == Color::White ? job.limits.wtime : job.limits.btime;
    ClockMemory& memory = clock_memory_[idx(us)];
    lag_ms_ *= 0.9;
    if (clock && memory.clock) {
        const Millis charged = *memory.clock + memory.inc - *clock;
        const Millis lag = charged - memory.spent;
        // A new game or a clock set by hand shows no charge, or one beyond the old clock.
        if (charged >= 0 && charged <= *memory.clock && lag > 0) lag_ms_ = std::max(lag_ms_, static_cast<double>(lag));
    }
    memory.clock.reset();
    const double extra = std::min(1.5 * lag_ms_, 5000.0);
    return std::max(0, job.options.move_overhead_ms) + static_cast<int>(extra);
}

void SearchPool::wait_for_release(bool infinite) {
    std::unique_lock lock(mutex_);
    released_.wait(lock, [&] { return stop_flag.load() || (!infinite && !pondering.load()); });
}

void SearchPool::stop() {
    {
        std::lock_guard lock(mutex_);
        stop_flag = true;
    }
    released_.notify_all();
}

void SearchPool::ponderhit() {
    {
        std::lock_guard lock(mutex_);
        // Our clock starts now.
        clock_start_ = Clock::now().time_since_epoch().count();
        pondering = false;
    }
    released_.notify_all();
}

void SearchPool::wait() {
    if (thread_.joinable()) thread_.join();
    std::unique_lock lock(job_mutex_);
    job_cv_.wait(lock, [this] { return !busy_; });
}

void SearchPool::clear() {
    wait();
    tt_.clear();
    clock_memory_[0] = clock_memory_[1] = {};
    lag_ms_ = 0;
    for (auto& w : workers_) w->clear();
}

void SearchPool::resize_hash(int mb) {
    wait();
    tt_.resize(mb);
}

}  // namespace schach::engine
