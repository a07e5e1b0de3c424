#pragma once
// A refused action or request, typed: a service code, with the data a transport needs to word it
// (the rules' Refusal, the move text's error and the position it was read in, the FEN's error).
// No sentences here: server/api words it once, in the caller's language.

#include <cstdint>
#include <optional>
#include <string>

#include "core/explain.hpp"
#include "core/fen.hpp"
#include "core/position.hpp"
#include "notation/notation.hpp"
#include "text/service_text.hpp"  // ServiceCode and its protocol id (the codes, not the words)

namespace schach::server {

struct ServiceError {
    ServiceCode code = ServiceCode::Malformed;
    std::optional<Refusal> refusal;  // code Rules: what the rules said
    /// Code BadMove: what is wrong with the move text, and the position it was read in.
    std::optional<MoveTextError> move_error;
    std::optional<Position> position;
    /// Code BadFen: the start position's error (a FEN syntax error with its field and offset, or
    /// the problems of the position).
    std::optional<PositionError> fen_error;
    /// Code AnalysisLimit: which limit, the number a day, and when to ask again (seconds).
    std::optional<AnalysisLimitKind> limit;
    int daily_limit = 0;
    std::optional<std::int64_t> retry_after_s;
    /// Code Moved: the node that holds the game now (its --node name).
    std::string owner;

    /// The protocol's code: "not-your-turn", "pinned", "bad-fen", ...
    std::string id() const;
};

ServiceError make_error(ServiceCode code);
/// The rules' refusal (code Rules; a refusal for a game that is over is GameOver).
ServiceError make_error(const Refusal& refusal);
/// A start position that is no legal position (code BadFen).
ServiceError make_error(const PositionError& error);
/// Move text that cannot be read in `pos` (code BadMove; an illegal move keeps the rule instead).
ServiceError make_error(const MoveTextError& error, const Position& pos);

}  // namespace schach::server
