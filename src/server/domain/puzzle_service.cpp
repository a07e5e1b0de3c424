#include "server/domain/puzzle_service.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <future>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/splitmix.hpp"
#include "notation/notation.hpp"
#include "puzzle/glicko2.hpp"

namespace schach::server {

std::string_view puzzle_code_id(PuzzleCode code) {
    switch (code) {
        case PuzzleCode::NoSuchPuzzle: return "no-such-puzzle";
        case PuzzleCode::NoneLeft: return "no-puzzle-left";
        case PuzzleCode::BadPly: return "bad-ply";
        case PuzzleCode::BadMove: return "bad-move";
        case PuzzleCode::NoBrowser: return "no-browser";
        case PuzzleCode::Storage: return "storage";
        case PuzzleCode::Busy: return "rate";
    }
    return "storage";
}

namespace {

/// lichess shows a puzzle rating as provisional while its deviation is at least this.
constexpr double ProvisionalDeviation = 110;
constexpr double MsPerDay = 86'400'000.0;

/// One thread running tasks in the order posted.
class Worker {
public:
    Worker() : thread_([this] { run(); }) {}
    ~Worker() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        cv_.notify_one();
        thread_.join();
    }
    void post(std::function<void()> task) {
        {
            std::lock_guard lock(mutex_);
            tasks_.push_back(std::move(task));
        }
        cv_.notify_one();
    }

private:
    void run() {
        for (;;) {
            std::function<void()> task;
            {
                std::unique_lock lock(mutex_);
                cv_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
                if (tasks_.empty()) return;  // stopping, and everything posted has run
                task = std::move(tasks_.front());
                tasks_.pop_front();
            }
            task();
        }
    }
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<std::function<void()>> tasks_;
    bool stopping_ = false;
    std::thread thread_;  // last: starts once the rest is there
};

/// Waits for a store call's completion (the service's own threads may block; the store's never).
template <class T, class Call>
std::expected<T, StoreError> await_store(Call call) {
    auto promise = std::make_shared<std::promise<std::expected<T, StoreError>>>();
    auto future = promise->get_future();
    call([promise](std::expected<T, StoreError> r) { promise->set_value(std::move(r)); });
    return future.get();
}

puzzle::Glicko to_glicko(const StoredGlicko& g) { return {g.rating, g.deviation, g.volatility}; }
StoredGlicko to_stored(const puzzle::Glicko& g) { return {g.rating, g.deviation, g.volatility}; }

bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal(pos) == 0; }

}  // namespace

struct PuzzleService::Impl {
    /// A browser as the quick thread keeps it.
    struct Player {
        StoredPuzzlePlayer row;
        std::vector<StoredPuzzleAttempt> attempts;
        std::unordered_set<std::uint32_t> seen;  // puzzle indexes
    };

    Impl(std::vector<puzzle::Puzzle> p, PuzzleStore& s, PuzzleServiceOptions o)
        : puzzles(std::move(p)), store(s), options(std::move(o)), index(puzzles) {
        for (std::size_t i = 0; i < puzzles.size(); ++i) by_id.emplace(puzzles[i].id, static_cast<std::uint32_t>(i));
        ratings.reserve(puzzles.size());
        for (const puzzle::Puzzle& pz : puzzles)
            ratings.push_back(
                {StoredGlicko{static_cast<double>(pz.rating), static_cast<double>(pz.deviation), 0.09}, pz.plays});
        engine::EngineOptions e = engine.options();
        e.threads = 1;
        e.hash_mb = std::max(1, options.hash_mb);
        e.level = engine::MaxLevel;
        e.own_book = false;
        e.move_overhead_ms = 0;
        engine.set_options(e);
    }

    Millis now() const { return options.now ? options.now() : 0; }

    std::optional<std::uint32_t> find(const std::string& id) const {
        const auto it = by_id.find(id);
        if (it == by_id.end()) return std::nullopt;
        return it->second;
    }

    /// The browser's player, loaded from the store at its first request (quick thread only).
    std::expected<Player*, PuzzleCode> player_of(const std::string& browser) {
        if (auto it = players.find(browser); it != players.end()) return &it->second;
        const auto loaded =
            await_store<std::optional<LoadedPuzzlePlayer>>([&](StoreDone<std::optional<LoadedPuzzlePlayer>> done) {
                store.load_puzzle_player(browser, std::move(done));
            });
        if (!loaded) return std::unexpected(PuzzleCode::Storage);
        Player p;
        p.row.browser = browser;
        if (*loaded) {
            p.row = (*loaded)->player;
            p.attempts = std::move((*loaded)->attempts);
            for (const StoredPuzzleAttempt& a : p.attempts)
                if (auto i = find(a.puzzle)) p.seen.insert(*i);
        }
        return &players.emplace(browser, std::move(p)).first->second;
    }

    PuzzlePlayer view(const Player& p) const {
        PuzzlePlayer v;
        v.glicko = p.row.glicko;
        v.solved = p.row.solved;
        v.failed = p.row.failed;
        v.provisional = p.row.glicko.deviation >= ProvisionalDeviation;
        for (const StoredPuzzleAttempt& a : p.attempts)
            if (a.rated) v.history.emplace_back(a.at_ms, a.rating_after);
        return v;
    }

    std::expected<PuzzleChoice, PuzzleCode> next(const std::string& browser, puzzle::Themes themes,
                                                 puzzle::Difficulty difficulty) {
        auto player = player_of(browser);
        if (!player) return std::unexpected(player.error());
        const Player& p = **player;
        puzzle::Choice choice;
        choice.target_rating = static_cast<int>(std::lround(p.row.glicko.rating)) + puzzle::rating_shift(difficulty);
        choice.themes = themes;
        choice.seen = [&p](std::size_t i) { return p.seen.contains(static_cast<std::uint32_t>(i)); };
        choice.random = engine::splitmix64(options.seed ^ ++draws);
        const auto i = index.next(choice);
        if (!i) return std::unexpected(PuzzleCode::NoneLeft);
        return PuzzleChoice{*i, &puzzles[*i], ratings[*i].glicko, view(p)};
    }

    std::expected<PuzzleOutcome, PuzzleCode> result(const std::string& browser, const std::string& id, bool win,
                                                    bool rated) {
        const auto i = find(id);
        if (!i) return std::unexpected(PuzzleCode::NoSuchPuzzle);
        auto player = player_of(browser);
        if (!player) return std::unexpected(player.error());
        Player& p = **player;
        const Millis t = now();
        // lichess rates a puzzle's first attempt only.
        rated = rated && !p.seen.contains(*i);
        Rating& puzzle_rating = ratings[*i];
        StoredPuzzlePlayer row = p.row;
        std::optional<StoredPuzzleRating> puzzle_after;
        PuzzleOutcome out;
        out.rated = rated;
        out.puzzle = puzzle_rating.glicko;
        if (rated) {
            const double days = p.row.last_ms > 0 ? static_cast<double>(t - p.row.last_ms) / MsPerDay : 0;
            const puzzle::Glicko before = puzzle::after_inactivity(to_glicko(p.row.glicko), days);
            const puzzle::PuzzleAttempt a = puzzle::rate_attempt(before, to_glicko(puzzle_rating.glicko), win);
            row.glicko = to_stored(a.player);
            row.last_ms = t;
            out.player_delta = a.player.rating - p.row.glicko.rating;
            if (to_stored(a.puzzle) != puzzle_rating.glicko) {
                out.puzzle = to_stored(a.puzzle);
                puzzle_after = StoredPuzzleRating{id, out.puzzle, puzzle_rating.plays + 1};
            }
        }
        (win ? row.solved : row.failed) += 1;
        const StoredPuzzleAttempt attempt{id, win, rated, t, row.glicko.rating};
        const auto stored = await_store<void>(
            [&](StoreDone<void> done) { store.record_puzzle_attempt(row, attempt, puzzle_after, std::move(done)); });
        if (!stored) return std::unexpected(PuzzleCode::Storage);
        p.row = row;
        p.attempts.push_back(attempt);
        p.seen.insert(*i);
        if (puzzle_after) puzzle_rating = {puzzle_after->glicko, puzzle_after->plays};
        out.player = view(p);
        return out;
    }

    std::expected<PuzzleJudgement, PuzzleCode> judge(const std::string& id, std::size_t ply, const std::string& uci) {
        const auto i = find(id);
        if (!i) return std::unexpected(PuzzleCode::NoSuchPuzzle);
        const puzzle::Puzzle& pz = puzzles[*i];
        if (ply % 2 == 0 || ply >= pz.moves.size()) return std::unexpected(PuzzleCode::BadPly);
        PuzzleJudgement j;
        j.before = pz.position;
        for (std::size_t k = 0; k < ply; ++k) j.before.do_move(pz.moves[k]);
        const auto move = parse_uci(j.before, uci);
        if (!move) return std::unexpected(PuzzleCode::BadMove);
        j.move = *move;
        Position after = j.before;
        after.do_move(j.move);
        if (j.move == pz.moves[ply]) {
            j.verdict = PuzzleJudgement::Verdict::Right;
            return j;
        }
        if (is_checkmate(after)) {
            j.verdict = PuzzleJudgement::Verdict::OtherMate;
            return j;
        }
        j.verdict = PuzzleJudgement::Verdict::Wrong;
        const Color solver = j.before.side_to_move();
        review::Eval after_eval = review::Eval::cp(0);  // White's view
        if (count_legal(after) > 0) {
            (void)engine.set_position(after, {});
            engine.new_game();
            engine::SearchLimits limits;
            limits.nodes = options.try_nodes;
            const engine::Engine::Result r = engine.search(limits);
            j.refutation = r.last.pv;
            const review::Eval mover = r.last.score.kind == engine::Score::Kind::Mate
                                           ? review::Eval::mate(r.last.score.value)
                                           : review::Eval::cp(r.last.score.value);
            after_eval = mover.for_side(after.side_to_move());
        }
        j.eval = after_eval.for_side(solver);
        // What the wrong move allows, not what it missed (no best line): that is the solution.
        j.explanation = review::explain(j.before, j.move, j.refutation, {}, review::Eval::cp(0), after_eval);
        // The explanation has the whole line (a mate's every move); the board shows its start.
        if (j.refutation.size() > options.refutation_plies) j.refutation.resize(options.refutation_plies);
        return j;
    }

    struct Rating {
        StoredGlicko glicko;
        int plays = 0;
    };

    std::vector<puzzle::Puzzle> puzzles;
    PuzzleStore& store;
    PuzzleServiceOptions options;
    puzzle::PuzzleIndex index;
    std::unordered_map<std::string, std::uint32_t> by_id;
    std::vector<Rating> ratings;                      // quick thread only (after the constructor)
    std::unordered_map<std::string, Player> players;  // quick thread only
    std::uint64_t draws = 0;
    std::atomic<int> judging{0};  // moves posted to the judge and not answered yet
    engine::Engine engine;        // the judge's thread only
    // Last: their threads stop (after what was posted) before the rest goes.
    Worker judge_thread;
    Worker quick_thread;
};

PuzzleService::PuzzleService(std::vector<puzzle::Puzzle> puzzles, PuzzleStore& store, PuzzleServiceOptions options)
    : impl_(std::make_unique<Impl>(std::move(puzzles), store, std::move(options))) {
    stats_.count = impl_->puzzles.size();
    for (std::size_t t = 0; t < static_cast<std::size_t>(puzzle::Theme::Count); ++t) {
        const auto theme = static_cast<puzzle::Theme>(t);
        if (const std::size_t n = impl_->index.count(theme); n > 0) stats_.themes.emplace_back(theme, n);
    }
    const auto moved = await_store<std::vector<StoredPuzzleRating>>(
        [&](StoreDone<std::vector<StoredPuzzleRating>> done) { store.puzzle_ratings(std::move(done)); });
    if (moved)
        for (const StoredPuzzleRating& r : *moved)
            if (auto i = impl_->find(r.puzzle)) impl_->ratings[*i] = {r.glicko, r.plays};
}

PuzzleService::~PuzzleService() = default;

const puzzle::Puzzle* PuzzleService::find(const std::string& id) const {
    const auto i = impl_->find(id);
    return i ? &impl_->puzzles[*i] : nullptr;
}

void PuzzleService::next(const std::string& browser, puzzle::Themes themes, puzzle::Difficulty difficulty,
                         PuzzleDone<PuzzleChoice> done) {
    if (browser.empty()) return done(std::unexpected(PuzzleCode::NoBrowser));
    impl_->quick_thread.post([this, browser, themes, difficulty, done = std::move(done)] {
        done(impl_->next(browser, themes, difficulty));
    });
}

void PuzzleService::result(const std::string& browser, const std::string& id, bool win, bool rated,
                           PuzzleDone<PuzzleOutcome> done) {
    if (browser.empty()) return done(std::unexpected(PuzzleCode::NoBrowser));
    impl_->quick_thread.post(
        [this, browser, id, win, rated, done = std::move(done)] { done(impl_->result(browser, id, win, rated)); });
}

void PuzzleService::player(const std::string& browser, PuzzleDone<PuzzlePlayer> done) {
    if (browser.empty()) return done(PuzzlePlayer{});
    impl_->quick_thread.post([this, browser, done = std::move(done)] {
        auto p = impl_->player_of(browser);
        if (!p) return done(std::unexpected(p.error()));
        done(impl_->view(**p));
    });
}

void PuzzleService::judge(const std::string& id, std::size_t ply, const std::string& uci,
                          PuzzleDone<PuzzleJudgement> done) {
    if (++impl_->judging > MaxWaitingJudgements) {
        --impl_->judging;
        return done(std::unexpected(PuzzleCode::Busy));
    }
    impl_->judge_thread.post([this, id, ply, uci, done = std::move(done)] {
        auto verdict = impl_->judge(id, ply, uci);
        --impl_->judging;
        done(std::move(verdict));
    });
}

}  // namespace schach::server
