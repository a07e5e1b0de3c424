#pragma once
// Game: the Laws of Chess over a whole game. A plain value (start position, moves, what the
// players declared), so the server can hold thousands, save them and restore them exactly.
// The clock is a separate value (clock.hpp); time penalties decided here are recorded for it.

#include <cstdint>
#include <expected>
#include <optional>
#include <vector>

#include "analysis/dead.hpp"
#include "core/explain.hpp"
#include "core/move.hpp"
#include "core/outcome.hpp"
#include "core/position.hpp"
#include "game/time_class.hpp"

namespace schach {

struct GameOptions {
    /// Decides the size of penalties (A.3): 2 minutes in a classical game, 1 in rapid and blitz.
    TimeClass time_class = TimeClass::Classical;
    bool touch_move = false;  // Article 4 for e-boards and terminal play
    /// Refuse moves once the game has ended (the Laws). Off for replaying records that went on
    /// after an automatic ending: first_end() then tells where the game really ended.
    bool stop_at_end = true;
    /// 9.1.1: event regulations may forbid draw offers before this move number (as the record
    /// numbers moves); 0 = only 5.2.3 (both sides have moved).
    int draw_offers_from_move = 0;
    friend bool operator==(const GameOptions&, const GameOptions&) = default;
};

/// Where a game that went on had already ended.
struct GameEnd {
    int ply;  // the game was over after this many plies
    Outcome outcome;
    friend bool operator==(const GameEnd&, const GameEnd&) = default;
};

enum class DrawClaim : std::uint8_t { Threefold, FiftyMoves };

/// Time added to a player's clock by a ruling (9.5.3 incorrect claim, 7.5.5 illegal move).
struct Penalty {
    Color beneficiary;
    int seconds;
    int ply;  // when it was decided
    friend bool operator==(const Penalty&, const Penalty&) = default;
};

/// What a claim decided.
struct ClaimResult {
    bool correct = false;
    std::optional<Move> played;  // an incorrect claim's intended move, now played (9.5.3)
    int penalty_seconds = 0;     // added to the opponent's clock for an incorrect claim
};

class Game {
public:
    explicit Game(Position start = Position(), GameOptions options = {});

    const Position& start() const { return start_; }
    const Position& position() const { return pos_; }
    const std::vector<Move>& moves() const { return moves_; }
    const GameOptions& options() const { return options_; }
    int plies() const { return static_cast<int>(moves_.size()); }

    /// Plays a move. Refused when the game is over, the move is illegal, or touch-move forbids it.
    std::expected<void, Refusal> play(Move m);
    /// Takes the last move back (analysis, take-backs); a result declared after it is cancelled.
    bool pop();

    /// The result now: automatic endings (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2, in that order of
    /// precedence) or what the players and arbiter declared.
    Outcome outcome() const;
    bool is_over() const { return outcome().is_over(); }

    /// How often the current position has appeared, itself included (9.2.3: same side to move,
    /// placement, castling rights and legal en passant). Keys find candidates; a full comparison
    /// confirms each, so no hash collision can count.
    int repetition_count() const;
    /// Whether a claim would be correct now, or with the intended move (9.2.1, 9.3).
    bool can_claim(DrawClaim claim, std::optional<Move> intended = std::nullopt) const;

    /// 9.2/9.3/9.5: the player to move claims. Correct: the game is drawn. Incorrect: the
    /// opponent gets 2 minutes (1 in rapid and blitz), the intended move is played, and the
    /// claim stands as a draw offer (9.1.2.3).
    std::expected<ClaimResult, Refusal> claim_draw(Color claimant, DrawClaim claim,
                                                   std::optional<Move> intended = std::nullopt);
    /// 9.1.2: an offer stands until the opponent accepts, declines or makes a move.
    std::expected<void, Refusal> offer_draw(Color c);
    std::expected<void, Refusal> accept_draw(Color c);
    std::expected<void, Refusal> decline_draw(Color c);
    std::optional<Color> draw_offer() const { return offer_; }
    /// 5.1.2: resigning loses, unless the opponent cannot checkmate: then a draw.
    std::expected<Outcome, Refusal> resign(Color c);
    /// 6.9: flag fall loses, unless the opponent cannot checkmate: then a draw. Automatic endings
    /// that came first stand (6.2.1.1, 9.6).
    std::expected<Outcome, Refusal> flag(Color c);
    /// 7.5.5 (arbiter mode): a completed illegal move. The first gives the opponent 2 minutes
    /// (1 in rapid/blitz); the second loses, unless the opponent cannot checkmate: then a draw.
    std::expected<Outcome, Refusal> illegal_move(Color c);
    int illegal_moves(Color c) const { return illegal_[c]; }
    /// 11.8: both players lose.
    void double_forfeit();
    /// 12.9: the arbiter sets a result.
    void arbiter_result(Result r);

    /// Article 4 (when options().touch_move): the player to move touches the piece on `s`.
    std::expected<void, Refusal> touch(Color c, Square s);
    const std::vector<Square>& touched() const { return touched_; }

    const std::vector<Penalty>& penalties() const { return penalties_; }
    /// With stop_at_end off: the first automatic ending the game passed through, if any.
    std::optional<GameEnd> first_end() const { return first_end_; }
    /// One sided question of 6.9/5.1.2/7.5.5: can `winner` still checkmate?
    bool can_win(Color winner) const { return can_checkmate(pos_, winner).verdict != Winnability::Unwinnable; }

    friend bool operator==(const Game&, const Game&) = default;

private:
    /// The automatic endings of the current position (computed once per move: the dead-position
    /// analysis is the costly part). `carried`: the last position's proof of life carried over
    /// the move just played (carry_alive_proof), which spares the search: a server at 5,000
    /// moves/s spent about a tenth of its CPU on these searches.
    Outcome compute_automatic_outcome(std::optional<AliveProof> carried = std::nullopt);
    Refusal touch_move_refusal(Move m) const;
    /// A lost castling right explained from the moves: king moved, rook moved or captured.
    Refusal castling_history(Refusal r) const;
    int penalty_seconds() const { return options_.time_class == TimeClass::Classical ? 120 : 60; }
    bool both_have_moved() const;
    bool offers_allowed_by_regulations() const;
    Outcome lose_unless_cannot_mate(Color loser, Termination t) const;
    int repetitions_after(Move m) const;

    Position start_;
    Position pos_;
    GameOptions options_;
    std::vector<Move> moves_;
    std::vector<Undo> undos_;
    std::vector<Key> keys_;  // keys_[i]: the position after i plies
    Outcome declared_;       // an ending the players or arbiter declared
    int declared_ply_ = -1;
    std::optional<Color> offer_;
    ByColor<int> illegal_{};
    std::vector<Square> touched_;
    std::vector<Penalty> penalties_;
    std::optional<GameEnd> first_end_;
    Outcome automatic_;  // compute_automatic_outcome() of the current position
    /// A helpmate from the current position when the last analysis found one. A cache: games are
    /// equal whatever it holds.
    struct AliveCache {
        std::optional<AliveProof> proof;
        friend bool operator==(const AliveCache&, const AliveCache&) { return true; }
    };
    AliveCache alive_;
};

}  // namespace schach
