#include "uci/error.hpp"

#include <string_view>

#include <fmt/core.h>
#include <fmt/format.h>

#include "text/fen_text.hpp"
#include "text/refusal_text.hpp"

namespace schach::uci {
namespace {

/// The text's lines joined into one (an info string ends at the end of its line):
/// "invalid position:\n  - a\n  - b" becomes "invalid position: a; b".
std::string one_line(const std::string& text) {
    std::string out;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + begin, end - begin);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
        if (line.starts_with("- ")) line.remove_prefix(2);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
        if (!line.empty()) {
            if (!out.empty()) out += out.back() == ':' ? " " : "; ";
            out += line;
        }
        begin = end + 1;
    }
    return out;
}

/// What became of the position: set up to the last legal move.
std::string kept(std::size_t moves) {
    if (moves == 0) return "position set up without moves";
    return fmt::format("position set up with the {} move{} before it", moves, moves == 1 ? "" : "s");
}

std::string expected_value(const UciError& e) {
    switch (e.option_type) {
        case OptionType::Check: return "true or false";
        case OptionType::Spin: return fmt::format("an integer from {} to {}", e.min, e.max);
        case OptionType::Button: return "no value";
        case OptionType::Combo:
        case OptionType::String:
            if (!e.words.empty()) return fmt::format("a comma-separated list of {}", fmt::join(e.words, ", "));
            return "a text";
    }
    return "a value";
}

}  // namespace

std::string describe(const UciError& e) {
    using K = UciError::Kind;
    switch (e.kind) {
        case K::UnknownCommand: return fmt::format("unknown command '{}'", e.token);
        case K::MissingValue: return fmt::format("{}: '{}' needs a value", e.command, e.token);
        case K::BadNumber:
            return fmt::format("{}: '{}' needs an integer from {} to {}, not '{}'", e.command, e.token, e.min, e.max,
                               e.value);
        case K::UnknownToken: return fmt::format("{}: unknown word '{}'", e.command, e.token);
        case K::MissingOptionName: return "setoption: expected 'setoption name <id> [value <x>]'";
        case K::UnknownOption: return fmt::format("setoption: no option named '{}'", e.token);
        case K::BadOptionValue:
            return fmt::format("setoption: option '{}' takes {}, not '{}'", e.token, expected_value(e), e.value);
        case K::MissingPosition: return "position: expected 'startpos' or 'fen <fen>', then optionally 'moves ...'";
        case K::BadFen:
            return fmt::format("position: {} (FEN '{}'); position unchanged",
                               one_line(e.fen ? describe(*e.fen, Language::English) : std::string("bad FEN")), e.value);
        case K::BadMoveText:
            if (e.command == "go")
                return fmt::format("go: searchmoves: '{}' is not a legal move in this position", e.value);
            return fmt::format("position: move {} '{}' is not a UCI move (such as e2e4 or e7e8q); {}", e.index, e.value,
                               kept(e.kept));
        case K::IllegalMove:
            return fmt::format("position: move {} '{}' is illegal{}{}; {}", e.index, e.value, e.refusal ? ": " : "",
                               e.refusal ? one_line(describe(*e.refusal, Language::English)) : std::string(),
                               kept(e.kept));
        case K::Busy:
            return fmt::format("{}: refused while an infinite or ponder search runs (send stop first)", e.command);
        case K::BadBook:
            return fmt::format("setoption: BookFile '{}' is not a Polyglot book that can be read", e.value);
        case K::BadNet:
            return fmt::format("setoption: EvalFile '{}' {}; the evaluation stays as it was", e.value, e.token);
    }
    return "error";
}

}  // namespace schach::uci
