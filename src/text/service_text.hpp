#pragma once
// The server's own reasons for refusing an action (apart from the rules' Refusal), with their
// words in each language. The codes are the protocol's (`code` of refusals and errors).

#include <cstdint>
#include <string>
#include <string_view>

#include "notation/language.hpp"

namespace schach {

enum class ServiceCode : std::uint8_t {
    Rules,               // the rules refused: the Refusal says why (describe(Refusal, Language))
    NoSuchGame,          // no game with that id
    NotYourSeat,         // the caller holds no seat (or not the one the action needs)
    NotYourTurn,         // a move by the seat not to move
    Stale,               // a move for an older position than the current one
    GameOver,            // the game has ended or was aborted
    NotStarted,          // the opponent has not joined yet
    StillRunning,        // a rematch is asked for while the game is still being played
    OfferNotAllowedYet,  // 5.2.3: no offer before both sides have moved
    NothingToAnswer,     // accept/decline without an offer of the opponent
    AbortTooLate,        // abort only before both sides have moved
    TakebackNothing,     // no move of the caller to take back
    SeatTaken,           // the invitation was used already
    BadInvitation,       // an invitation token that does not fit
    BadRequest,          // a game request that cannot be played (level, time control, Chess960 number)
    BadFen,              // a game's start position (FEN) that is no legal position: the FEN's own error says why
    Malformed,           // a message that is not valid JSON or not in the protocol's shape
    TooLarge,            // a message over the size limit
    BadMove,             // move text that cannot be read (or is ambiguous) in the position
    EngineThinking,      // the computer is to move
    CoachOff,            // the coach speaks only in games against the computer, to its opponent
    Storage,             // the store failed: nothing happened
    // The computer analysis (docs/review.md). Their protocol ids are written with underscores,
    // as the analysis API's contract names them.
    GameNotFinished,       // an analysis (or a try) of a game still being played
    AnalysisLimit,         // the browser's or the server's limit of analyses (AnalysisLimitKind says which)
    AnalysisNotRequested,  // nobody has asked for the game's analysis yet
    // The limits per client (docs/server.md).
    ComputerGamesLimit,  // the client has as many games against the computer running as it may
    // One's own mistakes as exercises (docs/puzzles.md, "My mistakes").
    NoSuchMistake,  // the browser has no exercise with that id
    Busy,           // the browser's last try still waits for the engine, or too many tries wait
    // Several nodes (docs/server.md, "Several nodes").
    Moved,  // another node holds the game now: ask that node (HTTP 307, WebSocket close 4307)
};

/// Which limit refused an analysis.
enum class AnalysisLimitKind : std::uint8_t {
    Running,   // the browser has one waiting or running
    Daily,     // the browser's number a day is used up
    Full,      // too many analyses wait on the server
    Address,   // the client's address has as many analyses waiting or running as it may (any browser)
    Searches,  // the analysis board: the address has as many engine searches at once as it may
};
/// "running", "daily", "full", "address", "searches"
std::string_view analysis_limit_id(AnalysisLimitKind kind);
/// The sentence of an analysis limit; `daily_limit`: the number a day.
std::string describe(AnalysisLimitKind kind, int daily_limit, Language lang);

/// "rules", "no-such-game", "not-your-seat", "not-your-turn", "stale", "game-over",
/// "offer-not-allowed-yet", ...
std::string_view service_code_id(ServiceCode code);
/// A sentence for the code, e.g. "Du bist nicht am Zug." / "It is not your turn.".
std::string describe(ServiceCode code, Language lang);

}  // namespace schach
