// schach moves [--fen FEN] [--chess960] [--notation san|lan|uci|fan] [--lang en|de|de-neutral]:
// the legal moves of a position on one line, separated by spaces, in generation order.

#include <memory>
#include <string>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "notation/notation.hpp"

namespace schach::cli {
namespace {

struct MovesArgs {
    std::string fen;
    bool fen_given = false;  // --fen "" is an empty FEN (an error), not the start position
    bool chess960 = false;
    std::string variant;
    bool relax = false;
    std::string notation = "san";
    std::string lang;  // read by main (lang()); the option is here for its description
};

int run_moves(const MovesArgs& args) {
    const auto notation = notation_option(args.notation);
    if (!notation) return ExitUsage;
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    const auto pos = read_position(args.fen_given ? args.fen : std::string(StartFen), *variant,
                                   args.relax ? RelaxedProblems : Problems{});
    if (!pos) return ExitUsage;

    const MoveList moves = legal_moves(*pos);
    std::string line;
    for (Move m : moves) {
        if (!line.empty()) line += ' ';
        line += format_move(*pos, m, *notation, lang());
    }
    fmt::print("{}\n", line);
    if (moves.empty()) {
        // stdout keeps its one (empty) line; say why on stderr.
        fmt::print(stderr, "{}\n", tr(pos->in_check() ? Msg::MovesCheckmate : Msg::MovesStalemate));
    }
    return ExitOk;
}

}  // namespace

Command add_moves_command(CLI::App& parent) {
    auto args = std::make_shared<MovesArgs>();
    CLI::App* sub = parent.add_subcommand("moves", tr(Msg::MovesAbout));
    sub->add_option("--fen", args->fen, tr(Msg::HelpPosition))->type_name("FEN");
    add_variant_option(*sub, args->variant);
    sub->add_flag("--chess960", args->chess960, tr(Msg::HelpChess960));
    sub->add_flag("--relax", args->relax, tr(Msg::HelpPerftRelax));
    sub->add_option("--notation", args->notation, tr(Msg::HelpMovesNotation))
        ->check(CLI::IsMember({"san", "lan", "uci", "fan"}, CLI::ignore_case))
        ->capture_default_str();
    add_lang_option(*sub, args->lang, Msg::HelpLangLetters);
    sub->footer(help_footer({},
                            {"schach moves", "schach moves --lang de --fen \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"",
                             "schach moves --notation uci --chess960 --fen "
                             "\"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\""},
                            Msg::MovesFooter));
    Command command;
    command.app = sub;
    command.run = [args, sub] {
        args->fen_given = sub->count("--fen") > 0;
        return run_moves(*args);
    };
    return command;
}

}  // namespace schach::cli
