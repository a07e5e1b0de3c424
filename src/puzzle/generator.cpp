#include "puzzle/generator.hpp"

#include <algorithm>
#include <mutex>
#include <unordered_set>

#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/level.hpp"
#include "puzzle/tagger.hpp"
#include "review/explain.hpp"

namespace schach::puzzle {

using review::Eval;

struct Generator::Impl {
    engine::Engine engine;
    engine::Engine levels;
};

namespace {

bool mates_for_us(const Eval& e) { return e.kind != Eval::Kind::Centipawns && e.value > 0; }
double wc(const Eval& e) { return review::winning_chances(e); }
Eval flip(const Eval& e) { return {e.kind, -e.value}; }

/// Whether the best line's first move is the only good one (lichess-puzzler's rule): no second
/// line, or the second far worse (winning chances 0.7 apart); on a mating move any mate counts,
/// or the best non-mating move must be at most 0.6.
bool only_good_move(const Lines& l) {
    const Lines::Line& best = l.lines.front();
    if (l.lines.size() < 2) return true;
    const Lines::Line& second = l.lines[1];
    if (mates_for_us(best.eval) && best.eval.value == 1) return mates_for_us(second.eval) || wc(second.eval) <= 0.6;
    if (mates_for_us(second.eval)) return false;
    return wc(best.eval) > wc(second.eval) + 0.7;
}

bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal(pos) == 0; }

/// Whether `now` is high enough for a jump (jumps()'s test without the position before).
bool high_enough(const Eval& now) {
    return mates_for_us(now) || (now.kind == Eval::Kind::Centipawns && now.value >= 200);
}

constexpr int AlreadyWinningCp = 300;  // above it before the blunder, the solver was winning already

/// Adds the time from its making to its end to a stage's cost (when there is a clock).
class StageTimer {
public:
    StageTimer(const std::function<double()>& clock, StageCost& cost)
        : clock_(clock), cost_(cost), start_(clock ? clock() : 0.0) {}
    ~StageTimer() {
        if (clock_) cost_.seconds += clock_() - start_;
    }
    StageTimer(const StageTimer&) = delete;
    StageTimer& operator=(const StageTimer&) = delete;

private:
    const std::function<double()>& clock_;
    StageCost& cost_;
    double start_;
};

}  // namespace

Generator::Generator(GeneratorOptions options) : options_(options), impl_(std::make_unique<Impl>()) {
    engine::EngineOptions e = impl_->engine.options();
    e.hash_mb = std::max(1, options_.hash_mb);
    e.threads = 1;
    e.level = engine::MaxLevel;
    e.own_book = false;
    e.move_overhead_ms = 0;
    e.keep_search_thread = true;  // thousands of small searches: one thread for all
    impl_->engine.set_options(e);
}

Generator::~Generator() = default;

Lines Generator::search(const Position& pos, std::uint64_t nodes, int multipv, StageCost& cost) {
    const StageTimer timer(options_.clock, cost);
    ++cost.searches;
    return search(pos, nodes, multipv);
}

Lines Generator::search(const Position& pos, std::uint64_t nodes, int multipv) {
    Lines out;
    if (count_legal(pos) == 0) return out;
    engine::Engine& eng = impl_->engine;
    engine::EngineOptions o = eng.options();
    if (o.multipv != multipv) {
        o.multipv = multipv;
        eng.set_options(o);
    }
    (void)eng.set_position(pos, {});
    std::vector<engine::SearchInfo> exact(static_cast<std::size_t>(multipv));
    std::mutex m;
    eng.on_info([&](const engine::SearchInfo& info) {
        if (info.pv.empty() || info.multipv < 1 || info.multipv > multipv) return;
        if (info.score.bound != engine::ScoreBound::Exact) return;
        std::lock_guard lock(m);
        exact[static_cast<std::size_t>(info.multipv - 1)] = info;
    });
    engine::SearchLimits limits;
    limits.nodes = nodes;
    eng.go(limits);
    eng.wait();
    eng.on_info(nullptr);
    for (const engine::SearchInfo& info : exact) {
        if (info.pv.empty()) break;
        const Eval e = info.score.kind == engine::Score::Kind::Mate ? Eval::mate(info.score.value)
                                                                    : Eval::cp(info.score.value);
        out.lines.push_back({e, info.pv});
    }
    return out;
}

std::pair<std::optional<Puzzle>, Rejection> Generator::try_position(const Position& before, Move blunder,
                                                                    std::optional<Eval> prev,
                                                                    std::optional<Eval> scanned) {
    Position start = before;
    start.do_move(blunder);
    const Color solver = start.side_to_move();
    if (count_legal(start) == 0) return {std::nullopt, Rejection::NoJump};
    // The evaluation before the blunder from the solver's view.
    const Eval before_eval = prev ? flip(*prev) : [&] {
        const Lines b = search(before, options_.scan_nodes, 1, stats_.scan);
        return b.lines.empty() ? Eval::cp(0) : flip(b.lines.front().eval);
    }();
    // Step 1. From a position not won already (known before any search of the solution) ...
    if (review::ceiled_cp(before_eval) > AlreadyWinningCp) return {std::nullopt, Rejection::AlreadyWinning};
    // ... where the solver is not ahead in material (unless it mates: the scan saw no mate).
    const int material_diff = review::material(start, solver) - review::material(start, ~solver);
    if (scanned && !mates_for_us(*scanned) && material_diff > 0) return {std::nullopt, Rejection::AheadInMaterial};
    const Lines first = search(start, options_.solve_nodes, 2, stats_.solve);
    if (first.lines.empty()) return {std::nullopt, Rejection::NoJump};
    const Eval score = first.lines.front().eval;
    const bool mate = mates_for_us(score);
    // ... a jump of the winning chances.
    if (!mate && (score.value < 200 || wc(score) - wc(before_eval) <= 0.6)) return {std::nullopt, Rejection::NoJump};
    if (!mate && (material_diff > 0 || (score.value < 400 && material_diff >= 0)))
        return {std::nullopt, Rejection::AheadInMaterial};
    if (mate && score.value >= 15) return {std::nullopt, Rejection::MateTooLong};

    // Step 2. The solution: the solver's only good moves and the opponent's best replies.
    Position pos = start;
    std::vector<Move> line;
    std::unordered_set<Key> seen{pos.key()};
    Lines lines = first;
    for (int k = 0; k < options_.max_solver_moves; ++k) {
        if (k > 0) lines = search(pos, options_.solve_nodes, 2, stats_.solve);
        if (lines.lines.empty()) break;
        if (!only_good_move(lines)) {
            if (k == 0) return {std::nullopt, Rejection::NotUnique};
            break;
        }
        if (!mate && review::ceiled_cp(lines.lines.front().eval) < 200) break;
        const Move m = lines.lines.front().pv.front();
        line.push_back(m);
        pos.do_move(m);
        if (count_legal(pos) == 0) break;
        if (!seen.insert(pos.key()).second) return {std::nullopt, Rejection::Repetition};
        const Lines reply = search(pos, options_.solve_nodes, 1, stats_.solve);
        if (reply.lines.empty()) break;
        const Move r = reply.lines.front().pv.front();
        line.push_back(r);
        pos.do_move(r);
        if (!seen.insert(pos.key()).second) return {std::nullopt, Rejection::Repetition};
    }
    // The line ends on a solver's move.
    if (line.size() % 2 == 0 && !line.empty()) line.pop_back();
    if (line.empty()) return {std::nullopt, Rejection::NotUnique};
    Position end = start;
    for (Move m : line) end.do_move(m);
    if (mate && !is_checkmate(end)) return {std::nullopt, Rejection::MateTooLong};
    if (!mate && line.size() == 1) return {std::nullopt, Rejection::OneMoveNoMate};

    // Step 3. Every solver move confirmed by a deeper search.
    Position at = start;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (i % 2 == 0) {
            const Lines deep = search(at, options_.verify_nodes, 2, stats_.verify);
            if (deep.lines.empty() || !only_good_move(deep)) return {std::nullopt, Rejection::NotConfirmed};
            const Move best = deep.lines.front().pv.front();
            const bool last = i + 1 == line.size();
            Position after = at;
            after.do_move(line[i]);
            const bool mates_anyway = last && mate && is_checkmate(after);
            if (best != line[i] && !mates_anyway) return {std::nullopt, Rejection::NotConfirmed};
        }
        at.do_move(line[i]);
    }

    Puzzle p;
    p.position = before;
    p.moves.push_back(blunder);
    p.moves.insert(p.moves.end(), line.begin(), line.end());
    const Lines final_eval = search(end, options_.scan_nodes, 1, stats_.tag);
    const StageTimer tag_timer(options_.clock, stats_.tag);
    const Eval end_eval = is_checkmate(end)          ? Eval::checkmate(solver).for_side(solver)
                          : final_eval.lines.empty() ? Eval::cp(0)
                                                     : flip(final_eval.lines.front().eval);
    p.themes = tag(p, before_eval, score, end_eval);
    if (options_.rate_by_levels) {
        const StageTimer rate_timer(options_.clock, stats_.rate);
        p.rating = rating_for_level(lowest_level_solving(p));
    } else {
        p.rating = 1500;
    }
    p.deviation = 500;
    return {p, Rejection::None};
}

int Generator::lowest_level_solving(const Puzzle& p) {
    engine::Engine& eng = impl_->levels;
    for (int level = engine::MinLevel; level <= engine::MaxLevel; ++level) {
        engine::EngineOptions o = eng.options();
        o.level = level;
        o.seed = 1;
        o.threads = 1;
        o.hash_mb = 16;
        eng.set_options(o);
        eng.new_game();
        Position pos = p.start();
        bool solved = true;
        for (std::size_t i = 1; i < p.moves.size(); i += 2) {
            (void)eng.set_position(pos, {});
            engine::SearchLimits limits;
            limits.nodes = options_.solve_nodes;
            const Move played = eng.search(limits).best.move;
            ++stats_.rate.searches;
            Position after = pos;
            if (played && pos.is_legal(played)) after.do_move(played);
            const bool last = i + 1 >= p.moves.size();
            if (played != p.moves[i] && !(last && played && is_checkmate(after))) {
                solved = false;
                break;
            }
            pos.do_move(p.moves[i]);
            if (i + 1 < p.moves.size()) pos.do_move(p.moves[i + 1]);
        }
        if (solved) return level;
    }
    return engine::MaxLevel + 1;
}

bool jumps(const Eval& before, const Eval& now) {
    if (mates_for_us(now)) return true;
    return high_enough(now) && wc(now) - wc(flip(before)) > 0.6;
}

bool might_jump(const Eval& before, const Eval& now) {
    if (mates_for_us(now)) return true;
    if (review::ceiled_cp(flip(before)) > PrefilterWonCp) return false;
    return review::ceiled_cp(now) >= PrefilterMinCp && wc(now) - wc(flip(before)) > PrefilterMinRise;
}

std::vector<Puzzle> Generator::scan_game(const Position& start, std::span<const Move> moves, const std::string& source,
                                         const std::atomic<bool>* stop) {
    const bool two_stage = options_.prefilter_nodes > 0 && options_.prefilter_nodes < options_.scan_nodes;
    std::vector<Puzzle> out;
    Position pos = start;
    // The position before the move, from its mover's view: at the pre-filter's nodes (two stages)
    // and at the scan's (when searched).
    std::optional<Eval> prev_cheap, prev;
    std::unordered_set<Key> reached{pos.key()};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (stop && stop->load()) break;
        if (!prev_cheap && !prev) {
            const Lines l = two_stage ? search(pos, options_.prefilter_nodes, 1, stats_.prefilter)
                                      : search(pos, options_.scan_nodes, 1, stats_.scan);
            if (l.lines.empty()) break;
            (two_stage ? prev_cheap : prev) = l.lines.front().eval;
        }
        const Position before = pos;
        pos.do_move(moves[i]);
        const bool repeated = !reached.insert(pos.key()).second;
        ++stats_.positions;
        std::optional<Eval> score;  // the solver's view, at the scan's nodes
        if (two_stage) {
            // Stage 1: every position at the pre-filter's nodes; stage 2, the scan's search of both
            // positions, only where the cheap one sees a jump coming (or a mate).
            const Lines cheap = search(pos, options_.prefilter_nodes, 1, stats_.prefilter);
            if (cheap.lines.empty()) break;
            const Eval now_cheap = cheap.lines.front().eval;
            if (!repeated && might_jump(*prev_cheap, now_cheap)) {
                // The position after the move first: a jump needs +200 or a mate there, and only
                // then the position before counts.
                const Lines now = search(pos, options_.scan_nodes, 1, stats_.scan);
                if (now.lines.empty()) break;
                score = now.lines.front().eval;
                if (!prev && high_enough(*score)) {
                    const Lines b = search(before, options_.scan_nodes, 1, stats_.scan);
                    if (!b.lines.empty()) prev = b.lines.front().eval;
                }
            }
            prev_cheap = now_cheap;
        } else {
            const Lines now = search(pos, options_.scan_nodes, 1, stats_.scan);
            if (now.lines.empty()) break;
            score = now.lines.front().eval;
        }
        if (score && prev && !repeated && jumps(*prev, *score)) {
            ++stats_.candidates;
            auto [p, why] = try_position(before, moves[i], prev, score);
            ++stats_.rejected[static_cast<std::size_t>(why)];
            if (p) {
                ++stats_.puzzles;
                p->source = source + "#" + std::to_string(i + 1);
                p->id = puzzle_id(*p);
                out.push_back(std::move(*p));
            }
        }
        prev = score;
    }
    return out;
}

std::string puzzle_id(const Puzzle& p) {
    // FNV-1a over the position's key and the moves, written in base 62 (as lichess's ids look).
    std::uint64_t h = 0xcbf29ce484222325ULL;
    const auto add = [&h](std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xFF;
            h *= 0x100000001b3ULL;
        }
    };
    add(p.position.key());
    for (Move m : p.moves) add(m.bits());
    constexpr std::string_view Digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::string id;
    for (int i = 0; i < 6; ++i, h /= 62) id += Digits[h % 62];
    return id;
}

int rating_for_level(int level) {
    if (level > engine::MaxLevel) return engine::level_elo(engine::MaxLevel) + 400;
    return engine::level_elo(level) + 200;
}

}  // namespace schach::puzzle
