// libFuzzer target: arbitrary text as the lines a GUI sends to `schach uci`, through the parser.
//
// Input layout: byte 0 bit 0 = UCI_Chess960; the rest is split into lines at '\n', each given to
// uci::parse_command with the position of the last accepted `position` command as its context
// (as the session does).
//
// Checks (a violation prints the line and aborts, which libFuzzer reports):
//   - parse_command never crashes or hangs, whatever the line;
//   - a `position` command's moves are legal one after the other from its start, and a warning
//     (a move that was not legal) keeps exactly the moves before it;
//   - `go searchmoves` lists only legal moves of the context position, without repeats;
//   - every error describes itself in a non-empty line without a line break (one `info string`).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "core/position.hpp"
#include "uci/command.hpp"
#include "uci/error.hpp"

namespace {

using namespace schach;

[[noreturn]] void fail(const char* what, std::string_view line) {
    std::fprintf(stderr, "fuzz_uci: %s\nline: %.*s\n", what, static_cast<int>(line.size()), line.data());
    std::abort();
}

void check_position(const uci::PositionCmd& cmd, std::string_view line) {
    Position pos = cmd.start;
    for (Move m : cmd.moves) {
        if (!pos.is_legal(m)) fail("position: a move it kept is not legal", line);
        pos.do_move(m);
    }
    if (cmd.warning && cmd.warning->kept != cmd.moves.size()) fail("position: the warning's count of kept moves", line);
}

void check_go(const uci::GoCmd& cmd, const Position& context, std::string_view line) {
    const auto& moves = cmd.limits.searchmoves;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!context.is_legal(moves[i])) fail("go: searchmoves holds an illegal move", line);
        if (std::find(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(i), moves[i]) !=
            moves.begin() + static_cast<std::ptrdiff_t>(i))
            fail("go: searchmoves holds a move twice", line);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool chess960 = (data[0] & 1) != 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    Position context;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(begin, end - begin);
        const auto parsed = uci::parse_command(line, {&context, chess960});
        if (!parsed) {
            const std::string said = uci::describe(parsed.error());
            if (said.empty() || said.find('\n') != std::string::npos) fail("an error without one line of text", line);
        } else if (const auto* position = std::get_if<uci::PositionCmd>(&*parsed)) {
            check_position(*position, line);
            Position pos = position->start;
            for (Move m : position->moves) pos.do_move(m);
            context = pos;
        } else if (const auto* go = std::get_if<uci::GoCmd>(&*parsed)) {
            check_go(*go, context, line);
        }
        begin = end + 1;
    }
    return 0;
}
