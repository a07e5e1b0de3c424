#pragma once
// Engine: the computer player as a typed object. Set a position, start a search with limits,
// stop it; results come through callbacks. The UCI loop, the match runner and the web server
// all drive this one class; none of them knows how the search works.
//
// Threading: the calls below come from one controlling thread. go() returns at once; the search
// runs on threads of its own and calls the handlers from them (info while it runs, best move
// once at the end). After a `ponder` or `infinite` go, the best move waits for stop() or
// ponderhit(), as UCI requires.

#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/info.hpp"
#include "engine/limits.hpp"
#include "engine/nnue.hpp"
#include "engine/options.hpp"

namespace schach::engine {

class SearchPool;
class LevelPlayer;

/// set_position refused a move: the index (0-based) in the list of the first that is not legal.
struct IllegalMoveError {
    std::size_t index = 0;
    Move move;
};

class Engine {
public:
    using InfoHandler = std::function<void(const SearchInfo&)>;
    using BestMoveHandler = std::function<void(const BestMove&)>;

    Engine();
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    void on_info(InfoHandler handler);
    void on_bestmove(BestMoveHandler handler);

    const EngineOptions& options() const { return options_; }
    /// Applies new options (waits for a running search to end first): resizes the hash table,
    /// starts or ends threads.
    void set_options(const EngineOptions& options);
    /// The network searches evaluate with now: eval_file's when it was read, else the built-in
    /// one; nullptr when use_nnue is off or there is none (the hand-written evaluation).
    const nnue::Network* network() const;
    /// Why eval_file could not be used (then the built-in network is), or nothing.
    std::optional<nnue::NetError> network_error() const { return net_error_; }
    /// Forget everything learnt (hash table, histories): a new game starts (a fixed seed of the
    /// levels starts its sequence again).
    void new_game();
    void clear_hash();

    /// The game so far: its start and the moves played since. The history counts for draws by
    /// repetition. Refuses (and keeps the previous position) when a move is not legal.
    std::expected<void, IllegalMoveError> set_position(const Position& start, std::span<const Move> moves);
    const Position& position() const { return position_; }

    /// Starts a search of the current position; returns at once. Below level 8 (options level,
    /// or limit_strength with elo) the level caps the limits and chooses the move (level.hpp).
    void go(const SearchLimits& limits);
    /// Ends the search soon; the best move is reported.
    void stop();
    /// The opponent played the move pondered on: the search goes on, now on our clock.
    void ponderhit();
    /// Blocks until the running search (if any) has reported its best move.
    void wait();
    bool searching() const;

    /// A search from start to end on the calling thread's behalf: go(), wait(), and the result.
    struct Result {
        BestMove best;
        SearchInfo last;  // the last info of the main line
    };
    Result search(const SearchLimits& limits);

private:
    /// Replaces the file network with the one at `path` (none for ""); false, keeping the one it
    /// had and setting net_error_, when that file is no network of this engine.
    bool load_network(const std::string& path);

    EngineOptions options_;
    Position root_;
    Position position_;
    std::vector<Move> moves_;
    std::unique_ptr<SearchPool> pool_;
    std::unique_ptr<LevelPlayer> levels_;
    std::unique_ptr<nnue::Network> file_net_;  // eval_file's network, once read
    std::optional<nnue::NetError> net_error_;  // levels 1-7 and the book (engine/level_player.hpp)
    InfoHandler info_handler_;
    BestMoveHandler bestmove_handler_;
};

}  // namespace schach::engine
