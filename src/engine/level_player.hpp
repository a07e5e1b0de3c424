#pragma once
// LevelPlayer: the level policy (engine/level.hpp) applied to real searches. Engine asks it for
// a plan before each search (capped limits, how many lines, a book move) and hands it the
// search's root lines at the end to choose the move. It owns what the pure policy must not: the
// opening book and the random generator (seeded by EngineOptions::seed; 0: from the clock).

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "engine/book.hpp"
#include "engine/info.hpp"
#include "engine/level.hpp"
#include "engine/limits.hpp"
#include "engine/options.hpp"

namespace schach::engine {

/// One search as a level plays it.
struct LevelPlan {
    bool weakened = false;  // a level below 8: the move is chosen among lines
    LevelPolicy policy;
    SearchLimits limits;  // what the search may spend
    int multipv = 1;      // lines the search must give
    Move book_move;       // a book move the search only confirms (Move::none(): none)
};

class LevelPlayer {
public:
    /// Takes new options: reads the book when its file changed, reseeds when the seed changed.
    void configure(const EngineOptions& options);
    /// A new game: a fixed seed starts its sequence again, so games replay.
    void new_game();
    /// The book (read on first use; empty when the file cannot be read).
    const PolyglotBook& book();

    /// The plan for a search of `pos` (the game's current position) under `options`.
    LevelPlan plan(const Position& pos, const SearchLimits& asked, const EngineOptions& options);
    /// The move to play: the book move, a mate in one, or a line chosen by the level.
    BestMove choose(const Position& pos, const LevelPlan& plan, const BestMove& best,
                    const std::vector<SearchInfo>& lines);

private:
    void reseed();

    PolyglotBook book_;
    std::string book_file_ = EngineOptions().book_file;
    bool book_read_ = false;
    std::uint64_t seed_ = 0;
    std::mt19937_64 rng_{std::random_device{}()};
};

}  // namespace schach::engine
