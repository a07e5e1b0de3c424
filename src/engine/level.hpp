#pragma once
// Levels 1-8: how the engine plays weaker than it can, as pure policy. A level caps the search
// (depth, nodes, think time: a narrow view, so tactics are missed), searches several root lines
// (MultiPV) and samples among the good ones with a temperature that shrinks as the level rises.
// It errs more in complex positions (many captures, checks) than in quiet ones, but a guard keeps
// it from giving material away at random: a candidate that loses more material (by a shallow
// capture search) than the best line, beyond what the level tolerates, is never chosen. From
// level 2 a mate in one is always played. Level 8 is full strength.
//
// UCI_LimitStrength + UCI_Elo map onto the levels by their measured Elo (level_elo): 450 for
// level 1 up to 2470 for level 8 on Stockfish 15.1's UCI_Elo scale (`make levels`, README); an
// Elo picks the level nearest to it.

#include <cstdint>
#include <random>
#include <span>

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/limits.hpp"
#include "engine/options.hpp"
#include "engine/score.hpp"

namespace schach::engine {

/// The measured Elo of a level (450 for level 1 .. 2470 for level 8; level.cpp has the table).
int level_elo(int level);
/// The level whose nominal Elo is nearest to `elo` (ties to the weaker level), clamped to 1..8.
int level_for_elo(int elo);
/// The level a search plays at: from the Elo when limit_strength, else options.level (clamped).
int effective_level(const EngineOptions& options);

/// What a level does. Values in centipawns.
struct LevelPolicy {
    int level = MaxLevel;
    int depth = 0;                 // depth cap (0: none)
    std::uint64_t nodes = 0;       // node cap (0: none)
    Millis movetime = 0;           // think-time cap per move (0: none)
    int lines = 1;                 // root lines (MultiPV) to choose from
    double temperature = 0;        // softmax temperature over the lines' scores (0: always the best)
    Value window = 0;              // a line worse than the best by more is never chosen
    Value material_tolerance = 0;  // material a move may lose beyond the best line's, quiet position
    Value complex_extra = 0;       // added to tolerance, window and temperature share in complex positions
    bool mate_in_one = true;       // always take a mate in one
    int book_plies = 0;            // the book is used while the game is shorter than this (0: never)
};

/// The policy of a level (1..8, clamped).
LevelPolicy policy_for_level(int level);

/// The GUI's limits with the level's caps: depth and nodes never beyond the level's, the think
/// time the level's (shorter when the clock has little left; none for infinite searches, which
/// the depth cap ends and which then wait for stop).
SearchLimits limits_for_level(const LevelPolicy& policy, const SearchLimits& asked, Color us);

/// How complex a position is, 0 (quiet) .. 1 (captures and checks everywhere): the captures the
/// side to move has, its men the other side attacks, and check.
double complexity(const Position& pos);

/// One root line to choose from: the search's score (side to move's view; mates mapped by
/// line_value) and the material balance after its first move and the best capture sequence
/// that follows (material_after).
struct Candidate {
    Value score = 0;
    Value material = 0;
};
/// A score as one number: centipawns, mates as +-(20000 - moves).
Value line_value(const Score& score);

/// The index of the line to play among `lines` (best first, at least one): line 0 at temperature
/// 0; otherwise a softmax draw over the lines within the window whose material passes the guard.
/// The window, the temperature and the tolerance grow with `complexity` (0..1).
std::size_t choose_line(std::span<const Candidate> lines, const LevelPolicy& policy, double complexity,
                        std::mt19937_64& rng);

/// Material balance for the side to move of `pos` after it plays `m` and both sides then capture
/// as well as they can (a material-only capture search: each side may stop capturing).
Value material_after(const Position& pos, Move m);

/// A legal move among `allowed` (all legal moves when empty) that mates at once, or none.
Move mate_in_one(const Position& pos, std::span<const Move> allowed = {});

}  // namespace schach::engine
