#pragma once
// Why a move is a mistake, as typed facts: what it allows (a forced mate, the refutation's first
// moves and the material they win), what it missed (a mate, the material the best line wins, or
// just the better move), and the pattern where there is one (a man left hanging, a fork, a pin, a
// skewer, a discovered attack, a back-rank mate, a trade that loses material, a pawn promoting).
// Found from the search's lines and the rules core alone, never from a list of known positions.
// No words here: text/review_text.hpp says the facts in each language.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "review/scale.hpp"

namespace schach::review {

enum class FactKind : std::uint8_t {
    // What the move allows (about the opponent's line after it).
    AllowsMate,     // `mate_in` moves: `line` from `position` (the position after the move)
    LosesMaterial,  // after `line` the mover has lost `material`; `piece` the most valuable man lost
    // The pattern behind it (each carries the line and the loss too).
    BackRankMate,      // the mate of AllowsMate: a rook or queen on the back rank, the king walled in
    Fork,              // `by` attacks every man of `targets` at once; `piece` is lost
    Pin,               // `piece` is pinned by `by` to `targets[0]` (behind it) and lost
    Skewer,            // `by` attacks `targets[0]`, which must give way; `piece` behind it is lost
    DiscoveredAttack,  // moving a man away uncovers `by`'s attack on `targets[0]`; `piece` is lost
    LosingTrade,       // the move's capture gives more than it gets: `piece` for `targets` (the man taken)
    HangingPiece,      // `piece` is left unprotected (`defended`: protected too little) and lost
    Promotion,         // the opponent's pawn promotes on `piece.square` to `promoted`
    // What the move missed (about the best line before it).
    MissedMate,      // mate in `mate_in` moves: `line` from `position` (the position before the move)
    MissedMaterial,  // `line` would have won `piece` (on its square) and `material` in all
    BestMove,        // `line[0]` was better (no mate, no material to name)
};
std::string_view fact_id(FactKind kind);

/// A man on the board: its type and square (Square::None for none).
struct Man {
    PieceType type = PieceType::None;
    Square square = Square::None;
    friend bool operator==(const Man&, const Man&) = default;
};

struct Fact {
    FactKind kind = FactKind::BestMove;
    Position position;       // where `line` starts
    std::vector<Move> line;  // the moves the fact speaks of, from `position`
    Man piece;               // the man the fact is about (lost, won, pinned, hanging, promoting)
    Man by;                  // the man that does it (forks, pins, skewers, uncovers the attack)
    std::vector<Man> targets;
    PieceType promoted = PieceType::None;
    bool defended = false;  // HangingPiece: protected, but too little
    int material = 0;       // centipawns lost by the mover (allows) or won (missed)
    int mate_in = 0;        // moves
};

/// The facts of one move, in the order they are best said: at most one pattern, then what the
/// move allows, then what it missed.
struct Explanation {
    std::vector<Fact> facts;
    bool empty() const { return facts.empty(); }
    /// The first fact of a kind, or nullptr.
    const Fact* find(FactKind kind) const;
    /// The pattern (BackRankMate .. Promotion), or nullptr.
    const Fact* pattern() const;
};

/// What the searches say about `played` in `before`: `refutation` is the engine's line in the
/// position after the move (the opponent's best play), `best_line` its line in the position
/// before; `eval_before` and `eval_after` their evaluations (White's view). An empty `best_line`
/// leaves out what the move missed (MissedMate, MissedMaterial, BestMove): for a try whose
/// answer the player is still looking for, only what it allows is said.
Explanation explain(const Position& before, Move played, std::span<const Move> refutation,
                    std::span<const Move> best_line, Eval eval_before, Eval eval_after);

/// Material of a side in pawn units of 100 (pawn 100, knight and bishop 300, rook 500, queen 900).
int material(const Position& pos, Color side);

}  // namespace schach::review
