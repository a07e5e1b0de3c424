#include "engine/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>

#include "core/movegen.hpp"
#include "engine/evaluate.hpp"
#include "engine/score.hpp"

namespace schach::engine {

namespace {

using Clock = std::chrono::steady_clock;

Millis elapsed_ms(Clock::time_point since) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

/// How long this move may take: an optimum to aim at and a maximum never to pass.
struct TimeBudget {
    Millis optimum = 0, maximum = 0;  // 0: no time limit
};

TimeBudget budget_for(const SearchLimits& l, const EngineOptions& o, Color us) {
    if (l.movetime > 0) return {l.movetime, l.movetime};
    const auto& time = us == Color::White ? l.wtime : l.btime;
    if (!time) return {};
    const Millis inc = us == Color::White ? l.winc : l.binc;
    const Millis left = std::max<Millis>(1, *time - o.move_overhead_ms);
    const int moves = l.movestogo > 0 ? std::min(l.movestogo, 40) : 40;
    const Millis optimum = std::min(left / moves + inc * 3 / 4, left / 2);
    const Millis maximum = std::min(optimum * 4, left / 3 + inc / 2);
    return {std::max<Millis>(1, optimum), std::max<Millis>(1, std::min(maximum, left))};
}

/// One thread's search: alpha-beta with quiescence, iterative deepening at the root.
class Searcher {
public:
    Searcher(SearchPool& pool, const SearchJob& job) : pool_(pool), job_(job), pos_(job.root) {
        keys_ = job.history;
        eval_.reset(pos_);
        budget_ = budget_for(job.limits, job.options, pos_.side_to_move());
    }

    BestMove run() {
        MoveList legal = legal_moves(pos_);
        for (Move m : legal)
            if (job_.limits.searchmoves.empty() ||
                std::ranges::find(job_.limits.searchmoves, m) != job_.limits.searchmoves.end())
                root_moves_.push_back(m);
        if (root_moves_.empty()) {
            report(1, pos_.in_check() ? -ValueMate : ValueDraw, {});
            return {};
        }
        std::vector<Move> best_pv{root_moves_.front()};
        const int max_depth = job_.limits.depth > 0 ? std::min(job_.limits.depth, MaxPly - 10) : MaxPly - 10;
        for (int depth = 1; depth <= max_depth; ++depth) {
            const Value v = root_search(depth);
            if (stopped_ && depth > 1) break;
            // A first iteration stopped before its first move has no line: keep the fallback.
            if (pv_len_[0] > 0) best_pv.assign(pv_[0].begin(), pv_[0].begin() + pv_len_[0]);
            report(depth, v, best_pv);
            if (stopped_) break;
            if (job_.limits.mate > 0 && v >= ValueMateInMaxPly && (ValueMate - v + 1) / 2 <= job_.limits.mate) break;
            if (budget_.optimum > 0 && !pool_.pondering && elapsed_ms(start_) > budget_.optimum / 2) break;
        }
        BestMove best{best_pv.front(), best_pv.size() > 1 ? best_pv[1] : Move::none()};
        return best;
    }

    const std::vector<SearchInfo>& lines() const { return lines_; }

private:
    Value root_search(int depth) {
        // The previous best move first.
        if (pv_len_[0] > 0) {
            auto it = std::ranges::find(root_moves_, pv_[0][0]);
            if (it != root_moves_.end()) std::rotate(root_moves_.begin(), it, it + 1);
        }
        Value alpha = -ValueInfinite;
        const Value beta = ValueInfinite;
        for (Move m : root_moves_) {
            keys_.push_back(pos_.key());
            const Undo u = pos_.do_move(m);
            const Value v = -negamax(depth - 1, 1, -beta, -alpha);
            pos_.undo_move(m, u);
            keys_.pop_back();
            if (stopped_) return alpha;
            if (v > alpha) {
                alpha = v;
                update_pv(0, m);
            }
        }
        return alpha;
    }

    Value negamax(int depth, int ply, Value alpha, Value beta) {
        pv_len_[ply] = 0;
        if (depth <= 0) return qsearch(ply, alpha, beta);
        if (check_stop()) return 0;
        ++nodes_;
        seldepth_ = std::max(seldepth_, ply);
        if (is_draw(ply)) return ValueDraw;
        if (ply >= MaxPly - 1) return eval_.evaluate(pos_);

        MoveList moves = legal_moves(pos_);
        if (moves.empty()) return pos_.in_check() ? mated_in(ply) : ValueDraw;
        order(moves, ply);
        Value best = -ValueInfinite;
        for (Move m : moves) {
            keys_.push_back(pos_.key());
            const Undo u = pos_.do_move(m);
            const int extension = pos_.in_check() ? 1 : 0;
            const Value v = -negamax(depth - 1 + extension, ply + 1, -beta, -alpha);
            pos_.undo_move(m, u);
            keys_.pop_back();
            if (stopped_) return 0;
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    update_pv(ply, m);
                    if (v >= beta) {
                        if (!pos_.is_capture(m)) remember_quiet(m, ply, depth);
                        break;
                    }
                }
            }
        }
        return best;
    }

    Value qsearch(int ply, Value alpha, Value beta) {
        pv_len_[ply] = 0;
        if (check_stop()) return 0;
        ++nodes_;
        seldepth_ = std::max(seldepth_, ply);
        if (ply >= MaxPly - 1) return eval_.evaluate(pos_);
        const bool in_check = pos_.in_check();
        Value best = -ValueInfinite;
        if (!in_check) {
            best = eval_.evaluate(pos_);
            if (best >= beta) return best;
            alpha = std::max(alpha, best);
        }
        MoveList moves = legal_moves(pos_);
        if (moves.empty()) return in_check ? mated_in(ply) : ValueDraw;
        order(moves, ply);
        for (Move m : moves) {
            if (!in_check && !pos_.is_capture(m) && m.kind() != MoveKind::Promotion) continue;
            const Undo u = pos_.do_move(m);
            const Value v = -qsearch(ply + 1, -beta, -alpha);
            pos_.undo_move(m, u);
            if (stopped_) return 0;
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    update_pv(ply, m);
                    if (v >= beta) break;
                }
            }
        }
        return best;
    }

    bool is_draw(int ply) const {
        if (pos_.halfmove_clock() >= 100) return !pos_.in_check() || !legal_moves(pos_).empty();
        const int n = static_cast<int>(keys_.size());
        const int back = std::min(pos_.halfmove_clock(), n);
        for (int i = 4; i <= back; i += 2)
            if (keys_[static_cast<std::size_t>(n - i)] == pos_.key()) return true;
        (void)ply;
        return false;
    }

    void order(MoveList& moves, int ply) {
        std::array<int, MoveList::Capacity> score{};
        const std::size_t n = moves.size();
        for (std::size_t i = 0; i < n; ++i) {
            const Move m = moves[i];
            int s = 0;
            if (ply < MaxPly && pv_len_[0] > ply && false) s = 1 << 30;
            if (pos_.is_capture(m)) {
                const Piece victim = m.kind() == MoveKind::EnPassant ? make_piece(~pos_.side_to_move(), PieceType::Pawn)
                                                                     : pos_.piece_on(m.to());
                s = 1'000'000 + 10 * SeeValue[idx(type_of(victim))] -
                    SeeValue[idx(type_of(pos_.piece_on(m.from())))] / 10;
            } else if (m == killers_[ply][0]) {
                s = 900'000;
            } else if (m == killers_[ply][1]) {
                s = 800'000;
            } else {
                s = history_[idx(pos_.side_to_move())][idx(m.from())][idx(m.to())];
            }
            if (m.kind() == MoveKind::Promotion) s += 2'000'000 + SeeValue[idx(m.promotion())];
            score[i] = s;
        }
        // Insertion sort, best first.
        Move* mv = moves.begin();
        for (std::size_t i = 1; i < n; ++i) {
            const Move m = mv[i];
            const int s = score[i];
            std::size_t j = i;
            for (; j > 0 && score[j - 1] < s; --j) {
                score[j] = score[j - 1];
                mv[j] = mv[j - 1];
            }
            score[j] = s;
            mv[j] = m;
        }
    }

    void remember_quiet(Move m, int ply, int depth) {
        if (killers_[ply][0] != m) {
            killers_[ply][1] = killers_[ply][0];
            killers_[ply][0] = m;
        }
        int& h = history_[idx(pos_.side_to_move())][idx(m.from())][idx(m.to())];
        h = std::min(h + depth * depth, 700'000);
    }

    void update_pv(int ply, Move m) {
        pv_[ply][0] = m;
        const int child = ply + 1 < MaxPly ? pv_len_[ply + 1] : 0;
        for (int i = 0; i < child; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
        pv_len_[ply] = child + 1;
    }

    bool check_stop() {
        if (stopped_) return true;
        if ((nodes_ & 1023) == 0) {
            if (pool_.stop_flag.load(std::memory_order_relaxed)) stopped_ = true;
            else if (!pool_.pondering && budget_.maximum > 0 && elapsed_ms(start_) >= budget_.maximum) stopped_ = true;
        }
        if (job_.limits.nodes > 0 && nodes_ >= job_.limits.nodes) stopped_ = true;
        return stopped_;
    }

    void report(int depth, Value v, const std::vector<Move>& pv) {
        SearchInfo info;
        info.depth = depth;
        info.seldepth = std::max(seldepth_, depth);
        info.score = Score::from_value(v);
        info.nodes = nodes_;
        info.time_ms = elapsed_ms(start_);
        info.nps = info.time_ms > 0 ? nodes_ * 1000 / static_cast<std::uint64_t>(info.time_ms) : nodes_ * 1000;
        info.pv = pv;
        lines_.assign(1, info);
        if (job_.on_info) job_.on_info(info);
    }

    SearchPool& pool_;
    const SearchJob& job_;
    Position pos_;
    Evaluator eval_;
    std::vector<Key> keys_;
    std::vector<Move> root_moves_;
    std::vector<SearchInfo> lines_;
    TimeBudget budget_;
    Clock::time_point start_ = Clock::now();
    std::uint64_t nodes_ = 0;
    int seldepth_ = 0;
    bool stopped_ = false;
    std::array<std::array<Move, MaxPly + 1>, MaxPly + 1> pv_{};
    std::array<int, MaxPly + 1> pv_len_{};
    std::array<std::array<Move, 2>, MaxPly + 1> killers_{};
    std::array<std::array<std::array<int, 64>, 64>, 2> history_{};
};

}  // namespace

SearchPool::SearchPool() = default;

SearchPool::~SearchPool() {
    stop();
    wait();
}

void SearchPool::start(SearchJob job) {
    wait();
    stop_flag = false;
    pondering = job.limits.ponder;
    running_ = true;
    thread_ = std::thread([this, job = std::move(job)]() mutable { run(std::move(job)); });
}

void SearchPool::run(SearchJob job) {
    auto searcher = std::make_unique<Searcher>(*this, job);
    const BestMove best = searcher->run();
    if (job.limits.infinite || pondering) wait_for_release(job.limits.infinite);
    if (job.on_done) job.on_done(best, searcher->lines());
    running_ = false;
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
        pondering = false;
    }
    released_.notify_all();
}

void SearchPool::wait() {
    if (thread_.joinable()) thread_.join();
}

void SearchPool::clear() {}

void SearchPool::resize_hash(int mb) { (void)mb; }

}  // namespace schach::engine
