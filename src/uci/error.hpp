#pragma once
// What can be wrong with a line a GUI sent: one kind per mistake, with the data to say exactly
// what. The session answers each with one `info string` line (describe) and keeps working.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/explain.hpp"
#include "core/fen.hpp"

namespace schach::uci {

/// The types of UCI options (the `type` of an `option` line).
enum class OptionType : std::uint8_t { Check, Spin, Combo, Button, String };

struct UciError {
    enum class Kind : std::uint8_t {
        UnknownCommand,     // token: the first word
        MissingValue,       // command + token: a keyword without its value ("go depth")
        BadNumber,          // command + token: the keyword; value: what came instead; min/max: range
        UnknownToken,       // command + token: a word the command does not take
        MissingOptionName,  // setoption without "name X"
        UnknownOption,      // token: the name given
        BadOptionValue,     // token: option name; value; option_type, min, max, words: what fits
        MissingPosition,    // position without startpos or fen
        BadFen,             // value: the FEN text; fen: the reason
        BadMoveText,        // command; value: the move text; index: its place in the list
        IllegalMove,        // value: the move text; index; refusal: why; kept: moves played
        Busy,               // command: refused while an infinite or ponder search runs
        BadBook,            // value: the path that could not be read
        BadNet,             // value: the EvalFile path; token: what is wrong with it
    };
    Kind kind = Kind::UnknownCommand;
    std::string command;
    std::string token;
    std::string value;
    std::int64_t min = 0, max = 0;
    OptionType option_type = OptionType::Spin;
    std::vector<std::string_view> words;  // a list option's words (empty: any text)
    std::size_t index = 0;
    std::size_t kept = 0;
    std::optional<PositionError> fen;
    std::optional<Refusal> refusal;
};

/// An error of `kind` about `command` (the other fields as the kind needs them).
inline UciError make_error(UciError::Kind kind, std::string command, std::string token = {}, std::string value = {}) {
    UciError e;
    e.kind = kind;
    e.command = std::move(command);
    e.token = std::move(token);
    e.value = std::move(value);
    return e;
}

/// One line of English (UCI is an English protocol; GUIs show these in their engine logs), without
/// the leading "info string".
std::string describe(const UciError& error);

}  // namespace schach::uci
