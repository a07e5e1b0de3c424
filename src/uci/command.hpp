#pragma once
// The UCI commands, typed, and the parser that turns a line into one. The parser knows the
// rules only through core (moves are matched against the legal moves); it never touches the
// engine, so it is tested without threads or processes.

#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/limits.hpp"
#include "uci/error.hpp"

namespace schach::uci {

struct UciCmd {};
struct IsReadyCmd {};
struct SetOptionCmd {
    std::string name, value;  // value: the rest of the line after "value" (may hold spaces)
};
struct NewGameCmd {};
/// `position`: the start and the legal moves from it. When a move was not legal (or not a move),
/// `moves` holds those before it and `warning` says which: the position is set up to the last
/// legal move.
struct PositionCmd {
    Position start;
    std::vector<Move> moves;
    std::optional<UciError> warning;
};
struct GoCmd {
    engine::SearchLimits limits;
};
struct StopCmd {};
struct PonderHitCmd {};
struct QuitCmd {};
struct DisplayCmd {};  // `d`: print the position
struct NoCmd {};       // an empty line, or `debug` / `register`, which need no answer

using Command = std::variant<NoCmd, UciCmd, IsReadyCmd, SetOptionCmd, NewGameCmd, PositionCmd, GoCmd, StopCmd,
                             PonderHitCmd, QuitCmd, DisplayCmd>;

/// What the parser needs to know: the position `go searchmoves` refers to, and how castling is
/// written (UCI_Chess960: king takes rook; FENs are then read as Chess960).
struct ParseContext {
    const Position* position = nullptr;
    bool chess960 = false;
};

std::expected<Command, UciError> parse_command(std::string_view line, const ParseContext& context);

/// `position` from its words (words[0] == "position").
std::expected<PositionCmd, UciError> parse_position(std::span<const std::string_view> words, bool chess960);
/// `go` from its words (words[0] == "go"); searchmoves must be legal in `pos`.
std::expected<engine::SearchLimits, UciError> parse_go(std::span<const std::string_view> words, const Position& pos,
                                                       bool chess960);

/// A move in UCI text, matched against the legal moves of `pos`: exactly as to_uci(m, chess960)
/// writes it, or a castling move in the other notation (e1g1 with UCI_Chess960, e1h1 without)
/// when no legal move has that text. Move::none() when nothing legal matches.
Move find_uci_move(const Position& pos, std::string_view text, bool chess960);
/// Whether `text` has the form of a UCI move (e2e4, e7e8q), legal or not.
bool looks_like_uci_move(std::string_view text);

}  // namespace schach::uci
