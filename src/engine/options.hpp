#pragma once
// The engine's settings, as typed values (the UCI loop maps its `setoption` names onto them).

#include <cstdint>
#include <string>

#include "engine/features.hpp"

namespace schach::engine {

inline constexpr int MinLevel = 1;
inline constexpr int MaxLevel = 8;
/// The measured Elo of the weakest and the strongest level (engine/level.cpp has the table).
inline constexpr int MinLevelElo = 450;
inline constexpr int MaxLevelElo = 2470;

struct EngineOptions {
    int hash_mb = 16;           // transposition table size in MiB (1..65536)
    int threads = 1;            // Lazy SMP search threads (1..256)
    int multipv = 1;            // principal variations reported (1..256)
    bool ponder = false;        // the GUI may ask us to ponder
    int move_overhead_ms = 30;  // subtracted per move for GUI and transport lag
    bool chess960 = false;      // castling written king-takes-rook
    bool show_wdl = false;      // report win/draw/loss with each score
    bool limit_strength = false;
    int elo = MaxLevelElo;   // used when limit_strength (mapped onto a level: engine/level.hpp)
    int level = MaxLevel;    // 1 (beginner) .. 8 (full strength)
    std::uint64_t seed = 0;  // randomness of the weak levels (0: from the clock)
    /// A Polyglot book: levels 1-7 use it whenever it can be read, level 8 only with own_book.
    bool own_book = false;
    std::string book_file = "/usr/share/games/gnuchess/book.bin";
    /// Evaluate with a network (the one built in, or eval_file's) when there is one.
    bool use_nnue = true;
    /// A network file of `schach train` to use instead of the built-in one (empty: built in).
    std::string eval_file;
    /// Search features switched off, to measure what each is worth (all on for play).
    SearchFeatures features;
    /// One search thread kept for all searches instead of a new one for each: a new thread
    /// faults its stack in anew (about 1 ms, as much as a 1,000-node search), which counts where
    /// many small searches follow each other (the puzzle generator). Off where a search's
    /// handler changes its own thread (the analysis lowers its priority for good).
    bool keep_search_thread = false;
    /// The search threads' nice value (engine/thread_priority.hpp; 0..19, Linux): 0 leaves them
    /// at the caller's priority; above, a server's searches yield to its network and game
    /// threads (its games' searches at 5, its analyses at 19). It only lowers: a kept search
    /// thread, once lowered, stays so.
    int search_nice = 0;
};

}  // namespace schach::engine
