#include "review/game_review.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "core/movegen.hpp"
#include "engine/engine.hpp"

namespace schach::review {

struct Reviewer::Impl {
    engine::Engine engine;
};

Reviewer::Reviewer(ReviewOptions options) : options_(options), impl_(std::make_unique<Impl>()) {
    engine::EngineOptions e = impl_->engine.options();
    e.hash_mb = std::max(1, options_.hash_mb);
    e.threads = std::max(1, options_.threads);
    e.multipv = 1;
    e.level = engine::MaxLevel;
    e.own_book = false;
    e.move_overhead_ms = 0;
    e.search_nice = options_.search_nice;
    impl_->engine.set_options(e);
}

Reviewer::~Reviewer() = default;

namespace {

Eval to_white(const engine::Score& s, Color side_to_move) {
    const int sign = side_to_move == Color::White ? 1 : -1;
    if (s.kind == engine::Score::Kind::Mate) return Eval::mate(sign * s.value);
    return Eval::cp(sign * s.value);
}

Position position_after(const Position& start, std::span<const Move> moves) {
    Position pos = start;
    for (Move m : moves) pos.do_move(m);
    return pos;
}

}  // namespace

PositionEval Reviewer::evaluate(const Position& start, std::span<const Move> moves) {
    return evaluate_until(start, moves, nullptr);
}

PositionEval Reviewer::evaluate(const Position& start, std::span<const Move> moves, const std::atomic<bool>* stop) {
    return evaluate_until(start, moves, stop);
}

void Reviewer::new_game() { impl_->engine.new_game(); }

PositionEval Reviewer::evaluate_until(const Position& start, std::span<const Move> moves,
                                      const std::atomic<bool>* stop) {
    PositionEval out;
    const Position pos = position_after(start, moves);
    if (count_legal(pos) == 0) {
        out.eval = pos.in_check() ? Eval::checkmate(~pos.side_to_move()) : Eval::cp(0);
        return out;
    }
    engine::Engine& engine = impl_->engine;
    // The position alone, without the game's moves before it: the search counts any return to a
    // position of the game as a draw (right for play, where the engine may not wander back), which
    // would make every position after a single repetition look like a draw and judge the moves
    // around it as blunders. Repetitions inside the search's own tree still count.
    (void)engine.set_position(pos, {});
    // The last exact line of the main variation (a bound reported while an iteration fails high
    // or low is only a bound).
    engine::SearchInfo last, last_exact;
    bool exact = false;
    engine.on_info([&](const engine::SearchInfo& info) {
        if (info.multipv != 1 || info.pv.empty()) return;
        last = info;
        if (info.score.bound == engine::ScoreBound::Exact) {
            last_exact = info;
            exact = true;
        }
    });
    engine::SearchLimits limits;
    limits.nodes = options_.nodes;
    limits.movetime = options_.movetime_ms;
    engine.go(limits);
    while (engine.searching()) {
        if (stop && stop->load()) engine.stop();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    engine.wait();
    engine.on_info({});
    const engine::SearchInfo& info = exact ? last_exact : last;
    out.eval = to_white(info.score, pos.side_to_move());
    out.pv = info.pv;
    if (out.pv.size() > options_.pv_plies) out.pv.resize(options_.pv_plies);
    out.depth = info.depth;
    out.nodes = info.nodes;
    return out;
}

GameReview Reviewer::review(const Position& start, std::span<const Move> moves, const std::atomic<bool>* stop) {
    GameReview r;
    r.start = start;
    r.total_plies = static_cast<int>(moves.size());
    const std::size_t n = std::min(moves.size(), static_cast<std::size_t>(std::max(0, options_.max_plies)));
    const std::span<const Move> reviewed = moves.first(n);
    r.positions.assign(n + 1, PositionEval{});
    impl_->engine.new_game();
    ReviewProgress progress{0, static_cast<int>(n + 1)};
    if (progress_) progress_(progress);
    // From the last position to the first: what the later searches proved stays in the table.
    for (std::size_t i = n + 1; i-- > 0;) {
        if (stop && stop->load()) {
            r.complete = false;
            break;
        }
        r.positions[i] = evaluate_until(start, reviewed.first(i), stop);
        if (stop && stop->load()) {
            r.complete = false;
            break;
        }
        ++progress.done;
        if (progress_) progress_(progress);
    }
    if (!r.complete) {
        r.positions.clear();
        return r;
    }
    assemble(r, reviewed);
    return r;
}

void assemble(GameReview& r, std::span<const Move> moves) {
    const std::size_t n = std::min(moves.size(), r.positions.size() > 0 ? r.positions.size() - 1 : 0);
    std::vector<Position> positions{r.start};
    for (std::size_t i = 0; i < n; ++i) {
        Position next = positions.back();
        next.do_move(moves[i]);
        positions.push_back(next);
    }
    r.division = divide(positions);
    std::vector<Eval> evals;
    for (std::size_t i = 0; i <= n; ++i) evals.push_back(r.positions[i].eval);
    r.plies.clear();
    int loss_sum[2] = {0, 0};
    r.white = r.black = SideSummary{};
    for (std::size_t i = 0; i < n; ++i) {
        PlyReview p;
        p.ply = static_cast<int>(i) + 1;
        p.move = moves[i];
        p.mover = positions[i].side_to_move();
        p.before = evals[i];
        p.after = evals[i + 1];
        p.best_line = r.positions[i].pv;
        p.phase = r.division.phase_at(static_cast<int>(i));
        // A null move ("--" in a PGN: a pass written down for analysis) is not a move to judge.
        const bool null_move = p.move == Move::null();
        p.centipawn_loss = null_move ? 0 : centipawn_loss(p.before, p.after, p.mover);
        // The engine's own choice is no mistake, whatever a deeper look after it says.
        if (p.move != p.best() && !null_move) p.verdict = judge(p.before, p.after, p.mover);
        if (p.verdict.judgement >= Judgement::Mistake)
            p.explanation = explain(positions[i], p.move, r.positions[i + 1].pv, p.best_line, p.before, p.after);
        else if (p.verdict.judgement == Judgement::Inaccuracy && !p.best_line.empty()) {
            Fact best;
            best.kind = FactKind::BestMove;
            best.position = positions[i];
            best.line = {p.best()};
            p.explanation.facts.push_back(best);
        }
        SideSummary& side = p.mover == Color::White ? r.white : r.black;
        ++side.moves;
        loss_sum[idx(p.mover)] += p.centipawn_loss;
        switch (p.verdict.judgement) {
            case Judgement::Inaccuracy: ++side.inaccuracies; break;
            case Judgement::Mistake: ++side.mistakes; break;
            case Judgement::Blunder: ++side.blunders; break;
            case Judgement::None: break;
        }
        r.plies.push_back(std::move(p));
    }
    for (Color c : {Color::White, Color::Black}) {
        SideSummary& side = c == Color::White ? r.white : r.black;
        if (side.moves > 0)
            side.acpl = static_cast<int>(std::lround(static_cast<double>(loss_sum[idx(c)]) / side.moves));
    }
    const GameAccuracy acc = game_accuracy(evals, r.start.side_to_move());
    r.white.accuracy = acc.white;
    r.black.accuracy = acc.black;
}

}  // namespace schach::review
