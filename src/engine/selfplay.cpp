#include "engine/selfplay.hpp"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/eval_terms.hpp"

namespace schach::engine {

namespace {

/// White's view of a reported score, mates as +-30000.
int white_score(const Score& s, Color side) {
    const int v = s.kind == Score::Kind::Mate ? (s.value > 0 ? 30000 : -30000) : s.value;
    return side == Color::White ? v : -v;
}

bool repeated_three_times(const std::vector<Key>& keys) {
    const Key now = keys.back();
    return std::count(keys.begin(), keys.end(), now) >= 3;
}

struct GameOutput {
    double result = 0.5;
    std::vector<std::string> fens;
    int plies = 0;
    bool skipped = false;
};

/// The opening with `plies` random legal moves played on (fewer if the game ends).
Position randomised(Position pos, int plies, std::uint64_t seed) {
    for (int i = 0; i < plies; ++i) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        seed += 0x9E3779B97F4A7C15ULL;  // splitmix64
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        pos.do_move(moves[static_cast<std::size_t>(z % moves.size())]);
    }
    return pos;
}

/// Who plays a colour: an engine and, in a match of two weight tables, its weights.
struct Side {
    Engine* engine = nullptr;
    const Weights* weights = nullptr;
};

GameOutput play_game(ByColor<Side> sides, const Position& start, const SelfPlayOptions& options) {
    GameOutput game;
    Position pos = start;
    std::vector<Move> moves;
    std::vector<Key> keys{pos.key()};
    int win_streak = 0, loss_streak = 0;
    sides[Color::White].engine->new_game();
    if (sides[Color::Black].engine != sides[Color::White].engine) sides[Color::Black].engine->new_game();
    SearchLimits limits;
    limits.nodes = options.nodes;
    for (int ply = 0; ply < options.max_plies; ++ply) {
        if (legal_moves(pos).empty()) {
            game.result = pos.in_check() ? (pos.side_to_move() == Color::White ? 0.0 : 1.0) : 0.5;
            return game;
        }
        if (pos.halfmove_clock() >= 100 || repeated_three_times(keys) || insufficient_material(pos)) return game;
        const Side& side = sides[pos.side_to_move()];
        if (side.weights) set_active_weights(side.weights);
        if (!side.engine->set_position(start, moves)) return game;
        const Engine::Result r = side.engine->search(limits);
        if (r.best.move == Move::none()) return game;
        const int score = white_score(r.last.score, pos.side_to_move());
        if (ply == 0 && !sides[Color::White].weights && options.max_start_score > 0 &&
            std::abs(score) > options.max_start_score) {
            game.skipped = true;
            return game;
        }
        win_streak = score >= options.win_score ? win_streak + 1 : 0;
        loss_streak = score <= -options.win_score ? loss_streak + 1 : 0;
        if (win_streak >= 6 || loss_streak >= 6) {
            game.result = win_streak >= 6 ? 1.0 : 0.0;
            return game;
        }
        // Quiet positions only: not in check, the best move no capture or promotion, no mate seen.
        const Move best = r.best.move;
        if (!pos.in_check() && !pos.is_capture(best) && best.kind() != MoveKind::Promotion &&
            r.last.score.kind == Score::Kind::Centipawns)
            game.fens.push_back(to_fen(pos, FenFormat::Fen));
        pos.do_move(best);
        moves.push_back(best);
        keys.push_back(pos.key());
        game.plies = ply + 1;
    }
    return game;
}

}  // namespace

void self_play(const SelfPlayOptions& options, std::ostream& out,
               const std::function<void(const SelfPlayGame&)>& on_game, const std::atomic<bool>* stop) {
    std::atomic<int> next{options.first_game};
    const int end = options.first_game + options.games;
    std::mutex out_mutex;
    const bool versus = options.players[0] && options.players[1];
    const auto worker = [&] {
        Engine engines[2];
        for (Engine& engine : engines) {
            EngineOptions eo = engine.options();
            eo.threads = 1;
            eo.keep_search_thread = true;  // many short searches: one thread for all
            engine.set_options(eo);
        }
        for (int number = next++; number < end; number = next++) {
            if (stop && stop->load()) return;
            // A match plays each opening twice, the players swapping colours.
            const int opening_no = versus ? number / 2 : number;
            const Position opening =
                options.openings.empty()
                    ? Position{}
                    : options.openings[static_cast<std::size_t>(opening_no) % options.openings.size()];
            const Position start = randomised(opening, options.random_plies, static_cast<std::uint64_t>(opening_no));
            ByColor<Side> sides;
            const int white_player = versus ? number % 2 : 0;
            sides[Color::White] = {&engines[white_player], options.players[white_player]};
            sides[Color::Black] = {&engines[versus ? 1 - white_player : 0], options.players[1 - white_player]};
            const GameOutput g = play_game(sides, start, options);
            std::lock_guard lock(out_mutex);
            const char* result = g.skipped ? "-" : g.result == 1.0 ? "1.0" : g.result == 0.0 ? "0.0" : "0.5";
            out << "# game " << number << ' ' << result << '\n';
            for (const std::string& fen : g.fens) out << fen << " [" << result << "]\n";
            out.flush();
            const double first = white_player == 0 ? g.result : 1 - g.result;
            if (on_game) on_game({number, g.result, g.plies, g.fens.size(), g.skipped, first});
        }
    };
    // The weights of a match are switched per move for the whole process: one game at a time.
    const int threads = versus ? 1 : std::clamp(options.concurrency, 1, 2);
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    if (versus) set_active_weights(nullptr);
}

int count_games(std::istream& in) {
    int games = 0;
    for (std::string line; std::getline(in, line);)
        if (line.starts_with("# game ")) ++games;
    return games;
}

}  // namespace schach::engine
