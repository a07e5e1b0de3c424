#pragma once
// Why a legal move does not solve an exercise of the rules guide, in words. (An illegal move is
// explained by the rules' Refusal: refusal_text.hpp.)

#include <cstdint>
#include <string>
#include <string_view>

#include "core/types.hpp"
#include "notation/language.hpp"

namespace schach {

enum class ExerciseMiss : std::uint8_t {
    NotTheMove,       // legal, but not one of the moves the task asks for
    NotMate,          // the opponent still has a move (`reply`)
    NotStalemate,     // the opponent still has a move (`reply`)
    StalemateCheck,   // the move gives check: no stalemate
    NotDead,          // a mate is still possible
    OpponentCanMate,  // 6.9: the opponent could still checkmate, so a flag fall would lose
    NotEnPassant,     // legal, but no en passant capture
    WrongCastling,    // the other castling (`castle_long`: the long one was played)
    NotCastling,      // no castling at all
    WrongPromotion,   // promoted to `piece`, the task asks for `wanted`
    NotPromotion,     // no promotion at all
    NoClaim,          // the move was played without the claim the task asks for
    ThreefoldWrong,   // 9.2: after the move the position stands only `count` times
    FiftyWrong,       // 9.3: after the move only `count` moves without capture or pawn move
    WinsLess,         // the exchange the move starts gains `count` pawns; the task's move gains more
    WrongPiece,       // the task's move is made by a `wanted`, not by the `piece` that moved
    WrongSquare,      // the right `piece`, but the task's move goes to `square`
    NoMateNext,       // a mate in two: after `reply` the move played has no mate to follow
};

/// What a miss is about; fields that do not apply stay empty.
struct ExerciseMissInfo {
    ExerciseMiss code = ExerciseMiss::NotTheMove;
    std::string move;   // the move played, in SAN in the reader's letters
    std::string reply;  // an answer of the opponent, in SAN
    PieceType piece = PieceType::None;
    PieceType wanted = PieceType::None;
    bool castle_long = false;
    int count = 0;
    std::string square;  // WrongSquare: where the task's move goes
    std::string to;      // WrongSquare: where the move played went
};

/// Stable identifier ("not-mate", "wrong-castling", ...), for the protocol and tests.
std::string_view exercise_miss_id(ExerciseMiss code);
/// A sentence, e.g. "Ta7 ist erlaubt, aber kein Matt: Schwarz kann Kg8 ziehen."
std::string describe(const ExerciseMissInfo& miss, Language lang);

}  // namespace schach
