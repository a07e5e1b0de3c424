#pragma once
// The beginner coach: hints after a move from the seven opening principles, found by looking at
// the position (attacks, static exchange, piece values), never from a list of known positions.
//
// After the learner's own move the coach judges it (principles 1-4 and 6: centre, development,
// one piece twice, castling, trades) and points at the learner's pieces it left to be won (7).
// After the opponent's move it says what that move attacks (5), how to answer a check, which
// of the opponent's pieces can be won (7), and when castling is possible and still not done (4).
// Each hint names its principle and the squares; the words are made in text/coach_text.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

/// The seven principles, numbered as the coach teaches them.
enum class Principle : std::uint8_t {
    Centre = 1,    // occupy and control d4 e4 d5 e5
    MinorsFirst,   // knights and bishops before the queen
    OneMoveEach,   // no piece twice in the opening without a reason
    CastleEarly,   // bring the king to safety
    WatchThreats,  // what does the opponent's last move attack?
    EqualTrades,   // exchange only for equal value
    LoosePieces,   // unprotected pieces: yours and theirs
};

enum class HintCode : std::uint8_t {
    CentrePawn,        // 1 (praise): a pawn went to a centre square (`square`)
    FlankPawn,         // 1: a rim pawn moved (`from` -> `square`) while d- and e-pawn stand at home
    MinorDeveloped,    // 2 (praise): a knight or bishop left its start square for `square`
    QueenEarly,        // 2: the queen moved to `square`; `squares`: minor pieces still at home
    PieceAgain,        // 3: the piece moved again (`from` -> `square`) without need; `squares`: undeveloped
    Castled,           // 4 (praise): the king castled to `square`
    KingLostCastling,  // 4: the king moved (`from` -> `square`) and gave up castling
    RookLostCastling,  // 4: the rook moved from `from` and gave up castling on its side
    CastleNow,         // 4: castling is possible now and not done yet; `squares`: the king targets
    Check,             // 5: check by `by_piece` on `by`; `answers`: king moves, captures, blocks
    Threat,            // 5: after the last move (`from` -> `to`), `by_piece` on `by` can win `piece` on `square`
    LosingTrade,       // 6: the capture on `square` gives more than it gets: `value` (negative)
    OwnLoose,          // 7: `piece` on `square` can be won by `by_piece` on `by` (gain `value`)
    TheirLoose,        // 7: the opponent's `piece` on `square` can be won by `by_piece` on `by`
    TakeBack,          // 6: the opponent took on `square`: `by_piece` on `by` takes back (even trade)
};

/// How a check can be answered (FIDE 3.9): counts of the legal moves of each kind.
struct CheckAnswers {
    int king_moves = 0;
    int captures = 0;  // of the checking piece, by a piece other than the king
    int blocks = 0;
    friend bool operator==(const CheckAnswers&, const CheckAnswers&) = default;
};

struct Hint {
    Principle principle = Principle::Centre;
    HintCode code = HintCode::CentrePawn;
    Piece piece = Piece::None;     // the piece the hint is about
    Square square = Square::None;  // where it stands (or went)
    Square from = Square::None;    // where it came from
    Square to = Square::None;      // Threat: where the last move went
    Piece by_piece = Piece::None;  // the attacker
    Square by = Square::None;      // the attacker's square
    Bitboard squares = 0;          // further squares the hint names
    int value = 0;                 // material in centipawns (gain for the side that takes)
    CheckAnswers answers{};
    /// A praise, not a warning.
    bool praise() const;
    friend bool operator==(const Hint&, const Hint&) = default;
};

/// The hints on the last of `moves` (all legal, played from `start`), for the learner of colour
/// `learner`. None for an empty list. Principles 1-3 speak only in the opening (before
/// CoachOpeningPlies half-moves by the FEN's count), "castle now" from half-move 10 to 40, a lost
/// castling right and principles 5-7 always. Praise is never given for a piece left to be won.
std::vector<Hint> coach_hints(const Position& start, std::span<const Move> moves, Color learner);

/// How long the opening principles speak, in half-moves from the start of the game.
inline constexpr int CoachOpeningPlies = 24;

/// Stable identifiers ("centre", "centre-pawn", ...) for the protocol and logs.
std::string_view principle_id(Principle p);
std::string_view hint_id(HintCode c);

}  // namespace schach
