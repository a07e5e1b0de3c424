#pragma once
// Self-play games for training the evaluation network (`schach datagen`): the engine plays
// itself at a soft node limit per move from randomised starts, and every game is appended to a
// game file (packed_game.hpp) as soon as it ends, so a killed run loses only the games in play
// and a new run goes on where the file ends.

#include <atomic>
#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "train/packed_game.hpp"

namespace schach::engine {
class Engine;
}

namespace schach::train {

struct DatagenOptions {
    std::uint64_t soft_nodes = 5000;   // per move: no iteration starts past this
    std::uint64_t hard_nodes = 40000;  // per move: the search stops here
    int random_plies_min = 8;          // random legal moves from the start: 8 or 9
    int random_plies_max = 9;
    int chess960_percent = 10;   // games that start from a Chess960 array
    int max_start_score = 1000;  // an unbalanced start (|score| above this) is rejected
    int win_score = 2500;        // adjudicated as a win after win_plies plies at this score
    int win_plies = 4;
    int draw_score = 4;  // adjudicated as a draw after draw_plies plies at most this
    int draw_plies = 12;
    int draw_from_move = 40;  // draw adjudication only from this move number on
    int max_plies = 600;      // a longer game is a draw
    int threads = 1;          // games at once, one search thread each
    int hash_mb = 16;         // per game
    std::uint64_t games = 0;  // games to add in this run (0: until stopped)
    std::uint64_t seed = 1;   // with the game's number, decides its start
    std::string eval_file;    // a network file to play with (empty: the engine's own)
};

/// The totals of a run so far, for progress lines.
struct DatagenProgress {
    std::uint64_t games = 0;      // added by this run
    std::uint64_t positions = 0;  // scored positions added by this run
    std::uint64_t rejected = 0;   // unbalanced starts skipped
    std::array<std::uint64_t, 3> results{};
    double seconds = 0;
};

/// A player of datagen games that keeps its engine (threads, hash table) from game to game.
class SelfPlayer {
public:
    explicit SelfPlayer(const DatagenOptions& options);
    ~SelfPlayer();
    /// Game `number` (as play_datagen_game).
    std::optional<PackedGame> play(std::uint64_t number, const std::atomic<bool>* stop = nullptr);

private:
    DatagenOptions options_;
    std::unique_ptr<engine::Engine> engine_;
};

/// One game: what datagen plays for game number `number` (deterministic for a given seed and
/// number with one thread: the search is single-threaded and node-limited). Returns nothing when
/// the start was rejected.
std::optional<PackedGame> play_datagen_game(const DatagenOptions& options, std::uint64_t number,
                                            const std::atomic<bool>* stop = nullptr);

/// Why a run could not start or go on.
struct DatagenError {
    enum class Kind : std::uint8_t { CannotOpen, NotAGameFile, CannotWrite };
    Kind kind = Kind::CannotOpen;
    std::string path;
    std::optional<GameReadError> read;  // NotAGameFile: what the reader found
};

/// Plays games into `path` (created with its magic, or continued after its last complete
/// record: a truncated last record is cut off). Calls `on_progress` (from the writing thread,
/// under its lock) after each game. `stop` ends the run: games in play are dropped.
std::expected<DatagenProgress, DatagenError> run_datagen(const DatagenOptions& options, const std::string& path,
                                                         const std::function<void(const DatagenProgress&)>& on_progress,
                                                         const std::atomic<bool>* stop = nullptr);

}  // namespace schach::train
