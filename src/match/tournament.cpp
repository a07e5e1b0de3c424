#include "match/tournament.hpp"

#include <algorithm>
#include <cerrno>
#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

namespace schach::match {
namespace {

double first_score(Result r, bool first_is_white) {
    if (r == Result::Draw) return 0.5;
    const bool white_won = r == Result::WhiteWins;
    if (r != Result::WhiteWins && r != Result::BlackWins) return 0.0;
    return white_won == first_is_white ? 1.0 : 0.0;
}

std::string today() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    return fmt::format("{:04}.{:02}.{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    if (in) s << in.rdbuf();
    return s.str();
}

/// The shared state of the workers, behind one lock.
class Runner {
public:
    Runner(const MatchConfig& c, const OpeningSet& o, const Callbacks& cb, const std::atomic<bool>* stop)
        : config_(c), openings_(o), callbacks_(cb), stop_(stop) {}

    std::expected<MatchState, RunError> run(const std::string& fingerprint);

private:
    void worker();
    std::optional<ScheduledGame> next_game();
    void record(const ScheduledGame& s, const GameRecord& record);
    void count(const ScheduledGame& s, Result result, EndReason reason, std::optional<Color> culprit);
    UciEngine* engine(std::map<int, UciEngine>& cache, int index);
    std::expected<void, RunError> open_outputs(const std::string& fingerprint);

    const MatchConfig& config_;
    const OpeningSet& openings_;
    const Callbacks& callbacks_;
    const std::atomic<bool>* stop_;
    std::vector<Pairing> pairings_;
    std::vector<int> games_;  // of each pairing
    std::vector<ScheduledGame> schedule_;
    std::vector<bool> finished_;
    std::size_t next_ = 0;
    MatchState state_;
    std::optional<RunError> fatal_;
    std::ofstream pgn_, positions_, journal_;
    std::uint64_t pgn_size_ = 0, positions_size_ = 0;  // what the files hold
    std::mutex mutex_;
    std::set<int> notes_shown_;  // engines whose setup notes were shown
};

/// The journal's games, numbered in `before`, by their numbers in `after` (pairing, pair and
/// colours identify a game); games `after` does not have are left out.
std::map<std::size_t, JournalEntry> renumber(const std::map<std::size_t, JournalEntry>& entries,
                                             const std::vector<ScheduledGame>& before,
                                             const std::vector<ScheduledGame>& after) {
    std::map<std::tuple<std::size_t, std::size_t, int>, std::size_t> ids;
    for (const ScheduledGame& s : after) ids[{s.pairing, s.pair, s.game_in_pair}] = s.id;
    std::map<std::size_t, JournalEntry> out;
    for (const auto& [id, entry] : entries) {
        if (id >= before.size()) continue;
        const ScheduledGame& s = before[id];
        const auto it = ids.find({s.pairing, s.pair, s.game_in_pair});
        if (it == ids.end()) continue;
        JournalEntry e = entry;
        e.game = it->second;
        out[e.game] = e;
    }
    return out;
}

/// Opens `path` for appending after cutting it to `keep` bytes (what the journal accounts for),
/// or empties it for a fresh run; `size` becomes what it holds.
bool open_output(std::ofstream& out, const std::string& path, bool resuming, std::uint64_t keep, std::uint64_t& size) {
    std::error_code ec;
    const auto current = std::filesystem::file_size(path, ec);
    if (resuming && !ec && current > keep) std::filesystem::resize_file(path, keep, ec);
    out.open(path, std::ios::out | (resuming ? std::ios::app : std::ios::trunc));
    size = resuming ? std::filesystem::file_size(path, ec) : 0;
    if (ec) size = 0;
    return static_cast<bool>(out);
}

std::expected<void, RunError> Runner::open_outputs(const std::string& fingerprint) {
    bool resuming = false;
    std::uint64_t pgn_keep = 0, positions_keep = 0;
    if (!config_.journal.empty()) {
        JournalRead read = read_journal(read_text(config_.journal), fingerprint);
        if (!read.matches) return std::unexpected(RunError{RunError::Kind::JournalMismatch, 0, 0, config_.journal});
        // Written with other game counts: its numbers mean other games here (a capped pairing
        // drops out of later rounds), so each finished game gets its number in this schedule.
        if (!read.games.empty() && read.games != games_)
            read.entries = renumber(read.entries, make_schedule(pairings_, read.games), schedule_);
        resuming = !read.entries.empty();
        for (const auto& [id, entry] : read.entries) {
            pgn_keep = std::max(pgn_keep, entry.pgn_end);
            positions_keep = std::max(positions_keep, entry.positions_end);
            if (id >= schedule_.size() || finished_[id]) continue;
            finished_[id] = true;
            count(schedule_[id], entry.result, entry.reason, std::nullopt);
            ++state_.resumed;
        }
        // A fresh journal, or the finished lines of the old one again (a torn last line goes).
        std::ofstream fresh(config_.journal, std::ios::trunc);
        if (!fresh) return std::unexpected(RunError{RunError::Kind::CannotWrite, 0, errno, config_.journal});
        fresh << journal_header(fingerprint, games_) << '\n';
        for (const auto& [id, entry] : read.entries) fresh << journal_line(entry) << '\n';
        fresh.close();
        journal_.open(config_.journal, std::ios::app);
    }
    if (!config_.pgn_out.empty() && !open_output(pgn_, config_.pgn_out, resuming, pgn_keep, pgn_size_))
        return std::unexpected(RunError{RunError::Kind::CannotWrite, 0, errno, config_.pgn_out});
    if (!config_.positions_out.empty() &&
        !open_output(positions_, config_.positions_out, resuming, positions_keep, positions_size_))
        return std::unexpected(RunError{RunError::Kind::CannotWrite, 0, errno, config_.positions_out});
    return {};
}

void Runner::count(const ScheduledGame& s, Result result, EndReason reason, std::optional<Color> culprit) {
    PairingResult& p = state_.pairings[s.pairing];
    const bool first_white = s.white == p.pairing.first;
    const double score = first_score(result, first_white);
    if (score == 1.0) ++p.wdl.wins;
    else if (score == 0.5) ++p.wdl.draws;
    else ++p.wdl.losses;
    ++p.reasons[reason];
    if (reason == EndReason::IllegalMove) ++state_.illegal_forfeits;
    (void)culprit;
    if (const auto it = p.half_pairs.find(s.pair); it != p.half_pairs.end()) {
        p.pairs.add(it->second, score);
        p.half_pairs.erase(it);
    } else {
        p.half_pairs[s.pair] = score;
    }
    ++state_.done;
    if (config_.sprt && state_.pairings.size() == 1) {
        state_.llr = sprt_llr(p.pairs, config_.sprt->elo0, config_.sprt->elo1);
        state_.decision = sprt_decision(*state_.llr, state_.bounds);
    }
}

std::optional<ScheduledGame> Runner::next_game() {
    std::lock_guard lock(mutex_);
    if (fatal_ || state_.decision != SprtDecision::Continue || (stop_ && stop_->load())) return std::nullopt;
    while (next_ < schedule_.size() && finished_[next_]) ++next_;
    if (next_ >= schedule_.size()) return std::nullopt;
    return schedule_[next_++];
}

void Runner::record(const ScheduledGame& s, const GameRecord& rec) {
    std::lock_guard lock(mutex_);
    const std::string& white = state_.names[static_cast<std::size_t>(s.white)];
    const std::string& black = state_.names[static_cast<std::size_t>(s.black)];
    if (pgn_.is_open()) {
        GameLabel label{config_.event, "?",   today(),         fmt::format("{}.{}", s.pair + 1, s.game_in_pair + 1),
                        white,         black, config_.chess960};
        const std::string reason = callbacks_.reason_text ? callbacks_.reason_text(rec, white, black) : std::string();
        const std::string text = write_pgn(to_pgn_game(rec, label, reason)) + '\n';
        pgn_ << text;
        pgn_.flush();
        pgn_size_ += text.size();
    }
    if (positions_.is_open()) {
        for (const std::string& line : quiet_positions(rec)) {
            positions_ << line << '\n';
            positions_size_ += line.size() + 1;
        }
        positions_.flush();
    }
    const int plies = static_cast<int>(rec.opening.moves.size() + rec.moves.size());
    if (journal_.is_open()) {
        journal_ << journal_line(JournalEntry{s.id, rec.outcome.result, rec.reason, plies, pgn_size_, positions_size_})
                 << '\n';
        journal_.flush();
    }
    finished_[s.id] = true;
    count(s, rec.outcome.result, rec.reason, rec.culprit);
    if (callbacks_.on_game) callbacks_.on_game(rec, s, state_);
}

UciEngine* Runner::engine(std::map<int, UciEngine>& cache, int index) {
    auto it = cache.find(index);
    if (it != cache.end() && it->second.ready()) return &it->second;
    if (it != cache.end()) {
        it->second.quit(ms(200));
        cache.erase(it);
    }
    auto started = UciEngine::start(config_.engines[static_cast<std::size_t>(index)], config_.chess960,
                                    config_.watchdog);
    if (!started) {
        std::lock_guard lock(mutex_);
        if (!fatal_) fatal_ = RunError{RunError::Kind::CannotStartEngine, index + 1, started.error().error, {}};
        return nullptr;
    }
    UciEngine& e = cache.emplace(index, std::move(*started)).first->second;
    if (!e.setup_notes().empty() && callbacks_.on_setup_notes) {
        std::lock_guard lock(mutex_);
        if (notes_shown_.insert(index).second) callbacks_.on_setup_notes(index + 1, e.setup_notes());
    }
    return &e;
}

void Runner::worker() {
    std::map<int, UciEngine> cache;
    GameSettings settings{config_.resign, config_.draw, config_.watchdog, config_.chess960};
    while (const auto s = next_game()) {
        UciEngine* white = engine(cache, s->white);
        UciEngine* black = white ? engine(cache, s->black) : nullptr;
        if (!white || !black) break;
        const GameRecord rec = play_game(openings_.opening(s->pair), *white,
                                         config_.engines[static_cast<std::size_t>(s->white)], *black,
                                         config_.engines[static_cast<std::size_t>(s->black)], settings);
        record(*s, rec);
    }
    for (auto& [index, e] : cache) e.quit();
}

std::expected<MatchState, RunError> Runner::run(const std::string& fingerprint) {
    const auto pairings = make_pairings(static_cast<int>(config_.engines.size()), config_.gauntlet);
    pairings_ = pairings;
    games_ = games_of_pairings(config_, pairings);
    schedule_ = make_schedule(pairings, games_);
    finished_.assign(schedule_.size(), false);
    for (const EngineSpec& e : config_.engines) state_.names.push_back(display_name(e));
    for (const Pairing& p : pairings) state_.pairings.push_back(PairingResult{p, {}, {}, {}, {}});
    state_.total = schedule_.size();
    if (config_.sprt) state_.bounds = sprt_bounds(config_.sprt->alpha, config_.sprt->beta);
    if (auto opened = open_outputs(fingerprint); !opened) return std::unexpected(opened.error());
    std::vector<std::thread> threads;
    const int n = std::max(1, std::min<int>(config_.concurrency, static_cast<int>(schedule_.size())));
    for (int i = 0; i < n; ++i) threads.emplace_back([this] { worker(); });
    for (std::thread& t : threads) t.join();
    if (fatal_) return std::unexpected(*fatal_);
    return state_;
}

}  // namespace

std::vector<Pairing> make_pairings(int engines, bool gauntlet) {
    std::vector<Pairing> out;
    for (int a = 0; a < engines; ++a)
        for (int b = a + 1; b < engines; ++b)
            if (!gauntlet || a == 0) out.push_back({a, b});
    return out;
}

std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, int games_per_pairing) {
    return make_schedule(pairings, std::vector<int>(pairings.size(), games_per_pairing));
}

std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, const std::vector<int>& games) {
    std::vector<ScheduledGame> out;
    int rounds = 0;
    for (const int g : games) rounds = std::max(rounds, (g + 1) / 2);
    for (int k = 0; k < rounds; ++k)
        for (std::size_t p = 0; p < pairings.size(); ++p) {
            if (k >= (games[p] + 1) / 2) continue;
            for (int g = 0; g < 2; ++g) {
                ScheduledGame s;
                s.id = out.size();
                s.pairing = p;
                s.pair = static_cast<std::size_t>(k);
                s.game_in_pair = g;
                s.white = g == 0 ? pairings[p].first : pairings[p].second;
                s.black = g == 0 ? pairings[p].second : pairings[p].first;
                out.push_back(s);
            }
        }
    return out;
}

std::vector<int> games_of_pairings(const MatchConfig& config, const std::vector<Pairing>& pairings) {
    std::vector<int> out;
    for (const Pairing& p : pairings) {
        int n = config.games;
        for (const int e : {p.first, p.second})
            if (const auto& cap = config.engines[static_cast<std::size_t>(e)].games) n = std::min(n, *cap);
        out.push_back(n);
    }
    return out;
}

std::expected<MatchState, RunError> run_match(const MatchConfig& config, const OpeningSet& openings,
                                              const std::string& fingerprint, const Callbacks& callbacks,
                                              const std::atomic<bool>* stop) {
    Runner runner(config, openings, callbacks, stop);
    return runner.run(fingerprint);
}

}  // namespace schach::match
