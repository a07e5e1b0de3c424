#include "engine/engine.hpp"

#include <algorithm>
#include <mutex>

#include "core/movegen.hpp"
#include "engine/level_player.hpp"
#include "engine/search.hpp"

namespace schach::engine {

Engine::Engine() : pool_(std::make_unique<SearchPool>()), levels_(std::make_unique<LevelPlayer>()) {
    pool_->resize_hash(options_.hash_mb);
    levels_->configure(options_);
}

Engine::~Engine() {
    pool_->stop();
    pool_->wait();
}

void Engine::on_info(InfoHandler handler) { info_handler_ = std::move(handler); }
void Engine::on_bestmove(BestMoveHandler handler) { bestmove_handler_ = std::move(handler); }

void Engine::set_options(const EngineOptions& options) {
    pool_->wait();
    if (options.hash_mb != options_.hash_mb) pool_->resize_hash(options.hash_mb);
    const std::string kept_net = options_.eval_file;
    options_ = options;
    // A file that is no network of this engine leaves the one it has (network_error() says why).
    if (options.eval_file != kept_net && !load_network(options.eval_file)) options_.eval_file = kept_net;
    options_.level = std::clamp(options_.level, MinLevel, MaxLevel);
    options_.multipv = std::clamp(options_.multipv, 1, 256);
    options_.threads = std::clamp(options_.threads, 1, 256);
    levels_->configure(options_);
}

bool Engine::load_network(const std::string& path) {
    net_error_.reset();
    if (path.empty()) {
        file_net_.reset();
        return true;
    }
    auto net = nnue::read_network_file(path);
    if (!net) {
        net_error_ = net.error();
        return false;
    }
    file_net_ = std::move(*net);
    return true;
}

const nnue::Network* Engine::network() const {
    if (!options_.use_nnue) return nullptr;
    return file_net_ ? file_net_.get() : nnue::embedded_network();
}

void Engine::new_game() {
    pool_->wait();
    pool_->clear();
    levels_->new_game();
}

void Engine::clear_hash() {
    pool_->wait();
    pool_->clear();
}

std::expected<void, IllegalMoveError> Engine::set_position(const Position& start, std::span<const Move> moves) {
    Position pos = start;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!pos.is_legal(moves[i])) return std::unexpected(IllegalMoveError{i, moves[i]});
        pos.do_move(moves[i]);
    }
    root_ = start;
    position_ = pos;
    moves_.assign(moves.begin(), moves.end());
    return {};
}

void Engine::go(const SearchLimits& limits) {
    pool_->wait();
    SearchJob job;
    job.root = position_;
    job.root.set_chess960(options_.chess960 || position_.is_chess960());
    // The keys since the last irreversible move, for repetitions against the game.
    Position pos = root_;
    std::vector<Key> keys;
    for (Move m : moves_) {
        keys.push_back(pos.key());
        pos.do_move(m);
        if (pos.halfmove_clock() == 0) keys.clear();
    }
    job.history = std::move(keys);
    // The level's plan: capped limits, lines to choose from, perhaps a book move.
    const LevelPlan plan = levels_->plan(position_, limits, options_);
    job.limits = plan.limits;
    job.options = options_;
    // Levels 1-7 evaluate by hand: their windows, tolerances and temperatures are centipawns of
    // the hand-written evaluation, and `make levels` measured them with it. Level 8 (full
    // strength, analysis and review) uses the network.
    job.network = plan.weakened ? nullptr : network();
    job.options.multipv = plan.multipv;
    // Lines beyond those asked for are the level's own business.
    job.on_info = [handler = info_handler_, shown = options_.multipv](const SearchInfo& info) {
        if (handler && info.multipv <= shown) handler(info);
    };
    job.on_done = [this, plan, root = job.root, handler = bestmove_handler_](const BestMove& best,
                                                                             const std::vector<SearchInfo>& lines) {
        const BestMove chosen = levels_->choose(root, plan, best, lines);
        if (handler) handler(chosen);
    };
    pool_->start(std::move(job));
}

void Engine::stop() { pool_->stop(); }
void Engine::ponderhit() { pool_->ponderhit(); }
void Engine::wait() { pool_->wait(); }
bool Engine::searching() const { return pool_->searching(); }

Engine::Result Engine::search(const SearchLimits& limits) {
    Result result;
    std::mutex m;
    auto info = info_handler_;
    auto best = bestmove_handler_;
    info_handler_ = [&](const SearchInfo& i) {
        if (i.multipv == 1) {
            std::lock_guard lock(m);
            result.last = i;
        }
        if (info) info(i);
    };
    bestmove_handler_ = [&](const BestMove& b) {
        {
            std::lock_guard lock(m);
            result.best = b;
        }
        if (best) best(b);
    };
    go(limits);
    wait();
    info_handler_ = std::move(info);
    bestmove_handler_ = std::move(best);
    return result;
}

}  // namespace schach::engine
