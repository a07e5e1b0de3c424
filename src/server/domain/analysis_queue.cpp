#include "server/domain/analysis_queue.hpp"

#include <algorithm>

namespace schach::server {

namespace {

constexpr Millis Day = 24 * 60 * 60 * 1000;

review::ReviewOptions review_options(std::uint64_t nodes, int hash_mb, int max_plies, int search_nice) {
    review::ReviewOptions o;
    o.nodes = nodes;
    o.hash_mb = hash_mb;
    o.max_plies = max_plies;
    o.threads = 1;
    o.search_nice = search_nice;
    return o;
}

}  // namespace

AnalysisQueue::AnalysisQueue(EnginePool& pool, AnalysisOptions options, ProgressHandler progress,
                             FinishedHandler finished)
    : pool_(pool), options_(options), progress_(std::move(progress)), finished_(std::move(finished)),
      current_(static_cast<std::size_t>(pool.workers())), reviewers_(static_cast<std::size_t>(pool.workers())),
      tries_(std::make_shared<Tries>()) {
    tries_->reviewers.resize(static_cast<std::size_t>(pool.workers()));
    tries_->options = review_options(options_.try_nodes, options_.try_hash_mb, options_.max_plies, 0);
    pool_.set_background(this);
    attached_ = true;
}

AnalysisQueue::~AnalysisQueue() { shutdown(); }

void AnalysisQueue::shutdown() {
    if (!attached_) return;
    stop_ = true;
    pool_.set_background(nullptr);
    attached_ = false;
}

bool AnalysisQueue::browser_busy(const std::string& browser) const {
    for (const auto& [id, e] : entries_)
        if (!e->finished && e->job.browser == browser) return true;
    return false;
}

int AnalysisQueue::of_address(const std::string& address) const {
    int n = 0;
    for (const auto& [id, e] : entries_)
        if (!e->finished && e->job.address == address) ++n;
    return n;
}

int AnalysisQueue::requests_today(const std::string& browser, Millis now) const {
    const auto it = requests_.find(browser);
    if (it == requests_.end()) return 0;
    std::deque<Millis>& times = it->second;
    while (!times.empty() && times.front() <= now - Day) times.pop_front();
    return static_cast<int>(times.size());
}

Admission AnalysisQueue::reserve(const AnalysisJob& job, bool limited, Millis now) {
    std::lock_guard lock(mutex_);
    if (entries_.contains(job.game)) return Admission::Present;
    if (limited && browser_busy(job.browser)) return Admission::BrowserBusy;
    if (limited && options_.per_address > 0 && !job.address.empty() && of_address(job.address) >= options_.per_address)
        return Admission::AddressBusy;
    if (limited && options_.daily_limit > 0 && requests_today(job.browser, now) >= options_.daily_limit)
        return Admission::DailyLimit;
    if (waiting_.size() >= options_.max_waiting) return Admission::Full;
    auto e = std::make_shared<Entry>();
    e->job = job;
    e->positions.resize(job.moves.size() + 1);
    e->next = static_cast<int>(job.moves.size());
    entries_.emplace(job.game, e);
    waiting_.push_back(e);
    if (limited) {
        auto& times = requests_[job.browser];
        times.insert(std::upper_bound(times.begin(), times.end(), job.requested), job.requested);
    }
    return Admission::Admitted;
}

void AnalysisQueue::start(const GameId& game) {
    {
        std::lock_guard lock(mutex_);
        const auto it = entries_.find(game);
        if (it == entries_.end()) return;
        it->second->runnable = true;
    }
    pool_.wake_background();
}

void AnalysisQueue::cancel(const GameId& game) {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(game);
    if (it == entries_.end()) return;
    const std::shared_ptr<Entry> e = it->second;
    entries_.erase(it);
    std::erase(waiting_, e);
    auto times = requests_.find(e->job.browser);
    if (times != requests_.end()) {
        const auto at = std::find(times->second.begin(), times->second.end(), e->job.requested);
        if (at != times->second.end()) times->second.erase(at);
    }
}

void AnalysisQueue::forget(const GameId& game) {
    std::lock_guard lock(mutex_);
    entries_.erase(game);
}

void AnalysisQueue::count_request(const std::string& browser, Millis at) {
    if (browser.empty()) return;
    std::lock_guard lock(mutex_);
    auto& times = requests_[browser];
    times.insert(std::upper_bound(times.begin(), times.end(), at), at);
}

Millis AnalysisQueue::next_allowed(const std::string& browser, Millis now) const {
    std::lock_guard lock(mutex_);
    if (options_.daily_limit <= 0 || requests_today(browser, now) < options_.daily_limit) return now;
    const std::deque<Millis>& times = requests_.at(browser);
    // The oldest request that still counts leaves the window first.
    return times[times.size() - static_cast<std::size_t>(options_.daily_limit)] + Day;
}

std::optional<std::pair<AnalysisState, AnalysisProgress>> AnalysisQueue::status(const GameId& game) const {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(game);
    if (it == entries_.end()) return std::nullopt;
    const Entry& e = *it->second;
    return std::pair{e.worker < 0 ? AnalysisState::Queued : AnalysisState::Running, e.progress()};
}

void AnalysisQueue::evaluate(Position start, std::vector<Move> moves,
                             std::function<void(std::optional<review::PositionEval>)> done) {
    auto shared_done = std::make_shared<decltype(done)>(std::move(done));
    EngineJob job;
    job.run = [tries = tries_, start = std::move(start), moves = std::move(moves), shared_done](int worker) {
        auto& reviewer = tries->reviewers.at(static_cast<std::size_t>(worker));
        if (!reviewer) reviewer = std::make_unique<review::Reviewer>(tries->options);
        (*shared_done)(reviewer->evaluate(start, moves));
    };
    job.dropped = [shared_done] { (*shared_done)(std::nullopt); };
    pool_.submit(std::move(job));
}

bool AnalysisQueue::step(int worker) {
    const auto w = static_cast<std::size_t>(worker);
    if (stop_ || w >= current_.size()) return false;
    std::shared_ptr<Entry> e;
    bool starting = false;
    {
        std::lock_guard lock(mutex_);
        e = current_[w];
        if (!e) {
            const auto it = std::find_if(waiting_.begin(), waiting_.end(), [](const auto& x) { return x->runnable; });
            if (it == waiting_.end()) return false;
            e = *it;
            waiting_.erase(it);
            e->worker = worker;
            current_[w] = e;
            starting = true;
        }
    }
    auto& reviewer = reviewers_[w];
    // The analysis searches at their own (lowest) priority; the tries of "learn from your
    // mistakes" have a person waiting and keep the worker's.
    if (!reviewer)
        reviewer = std::make_unique<review::Reviewer>(
            review_options(options_.nodes, options_.hash_mb, options_.max_plies, options_.search_nice));
    if (starting) {
        reviewer->new_game();  // one table for the whole game, fresh for each game
        if (progress_) progress_(e->job.game, AnalysisState::Running, e->progress());
    }
    const int i = e->next;
    const std::span<const Move> moves(e->job.moves.data(), static_cast<std::size_t>(i));
    review::PositionEval searched = reviewer->evaluate(e->job.start, moves, &stop_);
    if (stop_) return false;  // incomplete: the stored request stays queued for the next start
    bool finished = false;
    AnalysisProgress progress;
    {
        std::lock_guard lock(mutex_);
        e->positions[static_cast<std::size_t>(i)] = std::move(searched);
        --e->next;
        ++e->done;
        progress = e->progress();
        if (e->next < 0) {
            finished = e->finished = true;
            current_[w] = nullptr;
        }
    }
    if (finished) {
        if (finished_) finished_(e->job, e->positions);
    } else if (progress_) {
        progress_(e->job.game, AnalysisState::Running, progress);
    }
    return true;
}

}  // namespace schach::server
