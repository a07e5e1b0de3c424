#include "train/datagen.hpp"
#include "engine/splitmix.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>

#include "core/chess960.hpp"
#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/eval_terms.hpp"

namespace schach::train {

namespace {

class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() { return state_ = engine::splitmix64(state_); }
    std::uint64_t below(std::uint64_t n) { return next() % n; }

private:
    std::uint64_t state_;
};

/// A mate is worth more than any adjudication bound.
int cp_of(const engine::Score& s) {
    if (s.kind == engine::Score::Kind::Mate) return s.value > 0 ? 30000 : -30000;
    return s.value;
}

/// The start of game `number`: the classical array or (chess960_percent of the games) a Chess960
/// one, then 8-9 random legal moves. Nothing when the random moves ended the game.
std::optional<Position> random_start(const DatagenOptions& o, Random& rng) {
    Position pos;
    if (static_cast<int>(rng.below(100)) < o.chess960_percent) {
        auto p = chess960_position(static_cast<int>(rng.below(960)));
        if (p) pos = *p;
    }
    const int span = std::max(0, o.random_plies_max - o.random_plies_min);
    const int plies = o.random_plies_min + static_cast<int>(rng.below(static_cast<std::uint64_t>(span + 1)));
    for (int i = 0; i < plies; ++i) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) return std::nullopt;
        pos.do_move(moves[static_cast<std::size_t>(rng.below(moves.size()))]);
    }
    if (legal_moves(pos).empty()) return std::nullopt;
    return pos;
}

/// The rules' own ends of a game before a move is searched, or nothing while it goes on.
std::optional<GameResult> rules_result(const Position& pos, const std::vector<Key>& keys) {
    if (legal_moves(pos).empty()) {
        if (!pos.in_check()) return GameResult::Draw;
        return pos.side_to_move() == Color::White ? GameResult::BlackWins : GameResult::WhiteWins;
    }
    if (pos.halfmove_clock() >= 100 || engine::insufficient_material(pos)) return GameResult::Draw;
    if (std::count(keys.begin(), keys.end(), keys.back()) >= 3) return GameResult::Draw;
    return std::nullopt;
}

/// Counts plies in a row that meet the adjudication bounds (White's view of the score).
struct Adjudicator {
    const DatagenOptions& o;
    int white_wins = 0, black_wins = 0, draws = 0;

    std::optional<GameResult> after(int white_cp, const Position& pos_before) {
        white_wins = white_cp >= o.win_score ? white_wins + 1 : 0;
        black_wins = white_cp <= -o.win_score ? black_wins + 1 : 0;
        const bool late = pos_before.fullmove_number() >= o.draw_from_move;
        draws = late && std::abs(white_cp) <= o.draw_score ? draws + 1 : 0;
        if (white_wins >= o.win_plies) return GameResult::WhiteWins;
        if (black_wins >= o.win_plies) return GameResult::BlackWins;
        if (draws >= o.draw_plies) return GameResult::Draw;
        return std::nullopt;
    }
};

/// A ply is a training position when the score is quiet: not in check, the best move no capture
/// or promotion, no mate found.
bool is_training_position(const Position& pos, Move best, const engine::Score& score) {
    return !pos.in_check() && !pos.is_capture(best) && best.kind() != MoveKind::Promotion &&
           score.kind == engine::Score::Kind::Centipawns;
}

std::optional<PackedGame> play_game(engine::Engine& eng, const DatagenOptions& o, std::uint64_t number,
                                    const std::atomic<bool>* stop) {
    Random rng(engine::splitmix64(o.seed ^ engine::splitmix64(number)));
    const std::optional<Position> start = random_start(o, rng);
    if (!start) return std::nullopt;
    eng.new_game();
    engine::SearchLimits limits;
    limits.nodes = o.hard_nodes;
    limits.soft_nodes = o.soft_nodes;

    PackedGame game;
    game.start = *start;
    Position pos = *start;
    std::vector<Move> moves;
    std::vector<Key> keys{pos.key()};
    Adjudicator adjudicator{o};
    for (int ply = 0; ply < o.max_plies; ++ply) {
        if (stop && stop->load()) return std::nullopt;
        if (const auto end = rules_result(pos, keys)) {
            game.result = *end;
            return game;
        }
        if (!eng.set_position(*start, moves)) return std::nullopt;
        const engine::Engine::Result r = eng.search(limits);
        const Move best = r.best.move;
        if (!best) return std::nullopt;
        const int cp = cp_of(r.last.score);
        if (ply == 0 && std::abs(cp) > o.max_start_score) return std::nullopt;
        const std::int16_t stored = is_training_position(pos, best, r.last.score)
                                        ? static_cast<std::int16_t>(std::clamp(cp, -32000, 32000))
                                        : NoScore;
        game.plies.push_back({best, stored});
        const int white_cp = pos.side_to_move() == Color::White ? cp : -cp;
        const Position before = pos;
        pos.do_move(best);
        moves.push_back(best);
        keys.push_back(pos.key());
        if (const auto adjudicated = adjudicator.after(white_cp, before)) {
            game.result = *adjudicated;
            return game;
        }
    }
    game.result = GameResult::Draw;
    return game;
}

void configure(engine::Engine& eng, const DatagenOptions& o) {
    engine::EngineOptions eo = eng.options();
    eo.threads = 1;
    eo.hash_mb = o.hash_mb;
    eo.level = engine::MaxLevel;
    eo.own_book = false;
    eo.eval_file = o.eval_file;
    // A search of 5,000 nodes takes a few milliseconds: a new thread for each (its stack faulted
    // in, then handed back to the kernel) cost about a tenth of the self-play's time.
    eo.keep_search_thread = true;
    eng.set_options(eo);
}

}  // namespace

SelfPlayer::SelfPlayer(const DatagenOptions& options) : options_(options), engine_(std::make_unique<engine::Engine>()) {
    configure(*engine_, options_);
}

SelfPlayer::~SelfPlayer() = default;

std::optional<PackedGame> SelfPlayer::play(std::uint64_t number, const std::atomic<bool>* stop) {
    return play_game(*engine_, options_, number, stop);
}

std::optional<PackedGame> play_datagen_game(const DatagenOptions& options, std::uint64_t number,
                                            const std::atomic<bool>* stop) {
    return SelfPlayer(options).play(number, stop);
}

std::expected<DatagenProgress, DatagenError> run_datagen(const DatagenOptions& options, const std::string& path,
                                                         const std::function<void(const DatagenProgress&)>& on_progress,
                                                         const std::atomic<bool>* stop) {
    namespace fs = std::filesystem;
    std::uint64_t games_before = 0;
    std::error_code ec;
    if (fs::exists(path, ec) && fs::file_size(path, ec) > 0) {
        std::ifstream in(path, std::ios::binary);
        if (!in) return std::unexpected(DatagenError{DatagenError::Kind::CannotOpen, path, {}});
        std::optional<GameReadError> error;
        const GameFileSummary summary = summarize_game_file(in, &error);
        if (error && error->kind != GameReadError::Kind::Truncated)
            return std::unexpected(DatagenError{DatagenError::Kind::NotAGameFile, path, error});
        in.close();
        fs::resize_file(path, summary.end_offset, ec);  // a killed writer's last partial record
        if (ec) return std::unexpected(DatagenError{DatagenError::Kind::CannotWrite, path, {}});
        games_before = summary.games;
    }
    std::ofstream out(path, std::ios::binary | std::ios::app);
    if (!out) return std::unexpected(DatagenError{DatagenError::Kind::CannotWrite, path, {}});
    if (games_before == 0 && fs::file_size(path, ec) == 0) write_magic(out);
    out.flush();

    // Game numbers of this run start far from any earlier run's: the file's game count decides
    // the block, so a resumed run does not play the earlier games' starts again.
    const std::uint64_t base = (games_before + 1) << 24;
    std::atomic<std::uint64_t> next{0};
    std::atomic<std::uint64_t> added{0};
    std::mutex mutex;
    DatagenProgress progress;
    bool write_failed = false;
    const auto t0 = std::chrono::steady_clock::now();
    const auto done = [&] {
        return (stop && stop->load()) || write_failed || (options.games > 0 && added.load() >= options.games);
    };
    const auto worker = [&] {
        SelfPlayer player(options);
        while (!done()) {
            const std::uint64_t number = base + next++;
            std::optional<PackedGame> game = player.play(number, stop);
            std::lock_guard lock(mutex);
            if (stop && stop->load()) return;
            if (!game) {
                ++progress.rejected;
                continue;
            }
            if (options.games > 0 && added.load() >= options.games) return;
            write_game(out, *game);
            out.flush();
            if (!out) {
                write_failed = true;
                return;
            }
            ++added;
            ++progress.games;
            ++progress.results[static_cast<std::size_t>(game->result)];
            for (const PackedPly& p : game->plies) progress.positions += p.score != NoScore;
            progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (on_progress) on_progress(progress);
        }
    };
    std::vector<std::thread> pool;
    for (int i = 1; i < std::max(1, options.threads); ++i) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    if (write_failed) return std::unexpected(DatagenError{DatagenError::Kind::CannotWrite, path, {}});
    progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return progress;
}

}  // namespace schach::train
