#pragma once
// The staged move picker: hands out the moves of a node one at a time, best guess first, so
// that a cutoff after the first moves saves scoring and sorting the rest.
//
// Main search:  TT move (checked with is_legal, before any generation) -> good captures (MVV
//               with capture history, SEE >= 0) -> quiet moves (killers and countermove first,
//               then butterfly + 1- and 2-ply continuation history) -> bad captures.
// In check:     TT move -> all evasions (captures by MVV, quiets by history).
// Quiescence:   TT move if tactical -> captures and queen promotions by MVV and capture history.
//
// Moves come from core's legal generator (one call, only once the TT move did not cut off).

#include <array>
#include <cstdint>

#include "core/move.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "core/uninitialized.hpp"
#include "engine/history.hpp"

namespace schach::engine {

/// Captures, en passant and promotions to a queen: the moves quiescence looks at.
inline bool is_tactical(const Position& pos, Move m) {
    return pos.is_capture(m) || (m.kind() == MoveKind::Promotion && m.promotion() == PieceType::Queen);
}

class MovePicker {
public:
    struct Refutations {
        Move killers[2];
        Move counter;
    };
    /// For the main search. `cont` holds the continuation tables of the moves 1 and 2 plies back.
    MovePicker(const Position& pos, Move tt_move, const Histories& hist, const PieceToHistory* const* cont,
               const Refutations& refutations);
    /// For quiescence: tactical moves only (all evasions when in check).
    MovePicker(const Position& pos, Move tt_move, const Histories& hist, const PieceToHistory* const* cont);

    /// The next move, or Move::none() at the end. With `skip_quiets`, quiet moves not yet handed
    /// out are left out (late move pruning).
    Move next(bool skip_quiets = false);
    /// True when the position has no legal move at all (known once generation ran). Quiescence
    /// outside check generates the tactical moves alone: when there is none, the others are
    /// counted here.
    bool no_legal_moves() {
        if (!generated_ || total_ != 0 || tt_legal_) return false;
        return in_check_ || count_legal(pos_) == 0;
    }
    /// How the last move was classified: true while handing out good captures or refutations.
    bool in_bad_captures() const { return stage_ == Stage::BadCaptures; }

private:
    enum class Stage : std::uint8_t { TtMove, Generate, GoodCaptures, Quiets, BadCaptures, Evasions, QCaptures, Done };
    struct Scored {
        Move move;
        int score;
    };

    void generate();
    /// The quiet moves into [end_captures_, end_quiets_) (main search, outside check).
    void generate_quiets();
    int capture_score(Move m) const;
    int quiet_score(Move m) const;
    /// The highest-scored move of [cur_, end) swapped to cur_ (selection: lazy, as most nodes
    /// use only the first few).
    Scored pick_best(std::size_t end);

    const Position& pos_;
    const Histories& hist_;
    const PieceToHistory* const* cont_;
    Refutations refutations_{};
    Move tt_move_;
    bool quiescence_ = false;
    bool in_check_ = false;
    bool tt_legal_ = false;
    bool generated_ = false;
    Stage stage_ = Stage::TtMove;
    // total_: the moves generate() made (outside check the tactical ones alone).
    std::size_t cur_ = 0, end_captures_ = 0, end_quiets_ = 0, end_bad_ = 0, total_ = 0;
    UninitializedArray<Scored, MoveList::Capacity> moves_;  // [0, end_quiets_) set by generate(), generate_quiets()
};

}  // namespace schach::engine
