#pragma once
// How a game ended: the result (1-0, 0-1, 1/2-1/2, 0-0, *) and the rule behind it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.hpp"

namespace schach {

enum class Result : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw, DoubleForfeit };

enum class Termination : std::uint8_t {
    None,                 // still running
    Checkmate,            // 5.1.1
    Stalemate,            // 5.2.1
    DeadPosition,         // 5.2.2
    FivefoldRepetition,   // 9.6.1
    SeventyFiveMoves,     // 9.6.2
    ThreefoldRepetition,  // 9.2 (claimed)
    FiftyMoves,           // 9.3 (claimed)
    Agreement,            // 5.2.3 / 9.1
    Resignation,          // 5.1.2 (a draw when the opponent cannot mate)
    TimeForfeit,          // 6.9 (a draw when the opponent cannot mate)
    IllegalMoves,         // 7.5.5 second completed illegal move (draw when the opponent cannot mate)
    DoubleForfeit,        // 11.8 / 10.2: both players lose (0-0)
    Arbiter,              // a result set by the arbiter (12.9)
};

struct Outcome {
    Result result = Result::Ongoing;
    Termination termination = Termination::None;

    bool is_over() const { return result != Result::Ongoing; }
    std::optional<Color> winner() const {
        if (result == Result::WhiteWins) return Color::White;
        if (result == Result::BlackWins) return Color::Black;
        return std::nullopt;
    }
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

/// PGN result token: "1-0", "0-1", "1/2-1/2", "*"; a double forfeit is "0-0" (not a PGN token:
/// the PGN export writes "*" with a Termination tag).
std::string_view result_token(Result r);
std::optional<Result> parse_result_token(std::string_view token);
Result win_for(Color c);
/// "checkmate", "fivefold-repetition", ...
std::string_view termination_id(Termination t);
/// The FIDE article ("5.1.1"), or "".
std::string_view termination_article(Termination t);
/// For the PGN Termination tag: "checkmate", "time forfeit", ...
std::string termination_tag(Termination t);

}  // namespace schach
