#pragma once
// The exercises of the rules guide (/regeln, /rules): a position, the task (the page's message
// key is `ex.<id>`), and what solves it: a set of moves or a rule ("is mate", "captures en
// passant", "claims threefold repetition with the intended move", ...), step by step where the
// computer answers with a fixed reply. try_exercise() judges one try with the rules core: an
// illegal move gets the rules' Refusal, a legal one that misses the task an ExerciseMiss. Pure
// and stateless: the caller sends the moves so far.

#include <cstddef>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/explain.hpp"
#include "core/move.hpp"
#include "game/game.hpp"
#include "notation/language.hpp"
#include "text/exercise_text.hpp"

namespace schach::server {

enum class GoalKind : std::uint8_t {
    Moves,           // one of `moves` (UCI, castling as e1g1)
    Mate,            // 5.1.1
    Stalemate,       // 5.2.1
    DeadPosition,    // 5.2.2
    FlagDraw,        // 6.9: afterwards the opponent cannot checkmate: a flag fall would only draw
    EnPassant,       // 3.7.3.2
    CastleKing,      // 3.8.2: king-side
    CastleQueen,     // 3.8.2: queen-side
    Promote,         // 3.7.3.3 to `promotion`
    ClaimThreefold,  // 9.2 with the intended move
    ClaimFifty,      // 9.3 with the intended move
};

struct Goal {
    GoalKind kind = GoalKind::Moves;
    std::vector<std::string> moves;  // GoalKind::Moves
    PieceType promotion = PieceType::None;
};

/// One move of the learner and the computer's fixed answer after it ("" after the last step).
struct Step {
    Goal goal;
    std::string reply;
};

struct Exercise {
    std::string id;       // "castling-through-check"; the task's message key is "ex.<id>"
    std::string section;  // the guide's section: "pieces", "castling", "en-passant", ...
    std::string fen;
    std::vector<std::string> setup;     // UCI moves played from `fen` before the task (the history)
    std::vector<Step> steps;            // at least one
    std::vector<std::string> solution;  // one UCI move per step that solves it
    /// Squares touched before the first move (Article 4: the game is played with touch-move).
    std::vector<std::string> touched{};
};

/// Every exercise, in the guide's order.
const std::vector<Exercise>& exercises();
const Exercise* find_exercise(std::string_view id);

/// Limits of a try (the moves so far are at most two per step).
inline constexpr std::size_t MaxExerciseMoves = 16;

/// The exercise's game after its setup and `moves` (learner's moves and replies, alternating).
enum class ExerciseError : std::uint8_t {
    BadMoves,  // the moves so far are not a path of this exercise (unreadable, illegal, off the task)
    BadMove,   // the try is no move text: four squares' letters and digits and an optional piece
    Finished,  // every step is solved already
};
std::string_view exercise_error_id(ExerciseError e);

std::expected<Game, ExerciseError> exercise_game(const Exercise& ex, const std::vector<std::string>& moves);

/// What the learner sends: the moves so far, the try (UCI from/to/promotion, e.g. "e5d6",
/// "e1c1", "a7a8q"), and whether it comes with a draw claim.
struct Attempt {
    std::vector<std::string> moves;
    std::string move;
    std::optional<DrawClaim> claim;
};

enum class Verdict : std::uint8_t {
    Solved,   // the task is done
    Next,     // this step is done; `reply` was played, the next step follows
    Refused,  // illegal: `refusal` says why
    Missed,   // legal, but not the task: `miss` says why
};
std::string_view verdict_id(Verdict v);

struct TryResult {
    Verdict verdict = Verdict::Missed;
    Game game;                       // the position to show: after the reply (Next), the solution (Solved), else before
    Position before;                 // the position the try was made in
    std::vector<std::string> moves;  // the moves so far after this try (unchanged unless Solved/Next)
    Move move = Move::none();        // the learner's move, when legal
    Move reply = Move::none();       // the computer's answer (Next)
    Refusal refusal;
    std::optional<ExerciseMissInfo> miss;
};

/// Judges one try; SAN in `miss` uses the piece letters of `lang`.
std::expected<TryResult, ExerciseError> try_exercise(const Exercise& ex, const Attempt& attempt, Language lang);

}  // namespace schach::server
