// schach chess960 N | --fen FEN | --random: Chess960 start positions by Scharnagl number.

#include <memory>
#include <string>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "core/chess960.hpp"
#include "core/fen.hpp"

namespace schach::cli {
namespace {

struct Chess960Args {
    std::string number;  // positional N, validated by hand for a clear message
    std::string fen;
    bool random = false;
    std::string format = "xfen";
};

int run_chess960(const Chess960Args& args, const CLI::App& sub) {
    const bool by_number = sub.count("N") > 0, by_fen = sub.count("--fen") > 0;
    if (static_cast<int>(by_number) + static_cast<int>(by_fen) + static_cast<int>(args.random) != 1) {
        print_error(tr(Msg::Chess960ExactlyOne));
        return ExitUsage;
    }
    const auto format = format_option(args.format);
    if (!format) return ExitUsage;

    if (by_fen) {
        const auto pos = read_position(args.fen, VariantChoice{false, Variant::Chess960});
        if (!pos) return ExitUsage;
        auto n = chess960_number(*pos);
        if (!n) {
            print_error(tr(Msg::Chess960NotStart, describe(n.error(), lang())));
            return ExitUsage;
        }
        fmt::print("{}\n", *n);
        return ExitOk;
    }

    const auto start = chess960_start(args.number, args.random);
    if (!start) return ExitUsage;
    if (args.random) fmt::print("{} {}\n", start->number, to_fen(start->position, *format));
    else fmt::print("{}\n", to_fen(start->position, *format));
    return ExitOk;
}

}  // namespace

Command add_chess960_command(CLI::App& parent) {
    auto args = std::make_shared<Chess960Args>();
    CLI::App* sub = parent.add_subcommand("chess960", tr(Msg::Chess960About));
    auto* number = sub->add_option("N", args->number, tr(Msg::HelpChess960Number));
    auto* fen = sub->add_option("--fen", args->fen, tr(Msg::HelpChess960Fen));
    auto* random = sub->add_flag("--random", args->random, tr(Msg::HelpChess960Random));
    sub->add_option("--format", args->format, tr(Msg::HelpChess960Format))
        ->check(CLI::IsMember({"fen", "xfen", "shredder"}, CLI::ignore_case))
        ->capture_default_str()
        ->excludes(fen);
    number->type_name("0..959");
    fen->type_name("FEN");
    number->excludes(fen)->excludes(random);
    fen->excludes(random);
    sub->footer(help_footer({}, {"schach chess960 518", "schach chess960 0 --format shredder",
                                 "schach chess960 --fen \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"",
                                 "schach chess960 --random"}));
    Command command;
    command.app = sub;
    command.run = [args, sub] { return run_chess960(*args, *sub); };
    command.on_negative_number = [](const std::string& text) {
        (void)chess960_start(text, false);  // prints the range message
        return ExitUsage;
    };
    return command;
}

}  // namespace schach::cli
