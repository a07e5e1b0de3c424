#include "engine/level_player.hpp"

#include <algorithm>
#include <chrono>

#include "core/movegen.hpp"

namespace schach::engine {

void LevelPlayer::configure(const EngineOptions& options) {
    if (options.book_file != book_file_) {
        book_file_ = options.book_file;
        book_read_ = false;  // read when first needed
        book_ = PolyglotBook();
    }
    if (options.seed != seed_) {
        seed_ = options.seed;
        reseed();
    }
}

const PolyglotBook& LevelPlayer::book() {
    if (!book_read_) {
        book_read_ = true;
        if (!book_file_.empty())
            if (auto book = PolyglotBook::open(book_file_)) book_ = std::move(*book);
    }
    return book_;
}

void LevelPlayer::new_game() {
    if (seed_ != 0) reseed();
}

void LevelPlayer::reseed() {
    const auto now = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    rng_.seed(seed_ != 0 ? seed_ : now);
}

LevelPlan LevelPlayer::plan(const Position& pos, const SearchLimits& asked, const EngineOptions& options) {
    LevelPlan plan;
    const int level = effective_level(options);
    plan.policy = policy_for_level(level);
    plan.weakened = level < MaxLevel;
    plan.limits = plan.weakened ? limits_for_level(plan.policy, asked, pos.side_to_move()) : asked;
    plan.multipv = std::max(options.multipv, plan.weakened ? plan.policy.lines : 1);

    const bool use_book = plan.weakened || options.own_book;
    if (use_book && pos.ply() < plan.policy.book_plies && asked.mate == 0 && !book().empty()) {
        const Move m = book_.pick(pos, rng_);
        const auto& only = asked.searchmoves;
        if (m && (only.empty() || std::ranges::find(only, m) != only.end())) {
            // The search only confirms the book move (and gives the GUI its info line).
            plan.book_move = m;
            plan.limits.searchmoves = {m};
            plan.limits.depth = 1;
            plan.multipv = 1;
        }
    }
    return plan;
}

BestMove LevelPlayer::choose(const Position& pos, const LevelPlan& plan, const BestMove& best,
                             const std::vector<SearchInfo>& lines) {
    // Whatever the search did, the answer is legal (and none only without a legal move).
    const MoveList legal = legal_moves(pos);
    const auto& only = plan.limits.searchmoves;
    if (!best.move || !pos.is_legal(best.move)) {
        for (Move m : legal)
            if (only.empty() || std::ranges::find(only, m) != only.end()) return {m, Move::none()};
        return {legal.empty() ? Move::none() : legal[0], Move::none()};
    }
    if (plan.book_move || !plan.weakened) return best;
    if (plan.policy.mate_in_one) {
        if (const Move mate = mate_in_one(pos, plan.limits.searchmoves)) return {mate, Move::none()};
    }
    // The lines the search completed, best first; a line must start with a legal move.
    std::vector<const SearchInfo*> usable;
    std::vector<Candidate> candidates;
    for (const SearchInfo& line : lines) {
        if (line.pv.empty() || !pos.is_legal(line.pv.front())) continue;
        usable.push_back(&line);
        candidates.push_back({line_value(line.score), material_after(pos, line.pv.front())});
    }
    if (candidates.empty()) return best;
    const std::size_t i = choose_line(candidates, plan.policy, complexity(pos), rng_);
    const SearchInfo& chosen = *usable[i];
    return {chosen.pv.front(), chosen.pv.size() > 1 ? chosen.pv[1] : Move::none()};
}

}  // namespace schach::engine
