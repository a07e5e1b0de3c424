// schach fen FEN [--format fen|xfen|shredder] [--chess960]: validates and normalizes a FEN.

#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "core/fen.hpp"

namespace schach::cli {
namespace {

struct FenArgs {
    std::vector<std::string> fen;  // the fields; an unquoted FEN arrives as several arguments
    std::string format = "xfen";
    bool chess960 = false;
    std::string variant;
    bool relax = false;
};

int run_fen(const FenArgs& args) {
    std::string fen;
    for (const std::string& part : args.fen) {
        if (!fen.empty()) fen += ' ';
        fen += part;
    }
    const auto format = format_option(args.format);  // CLI11 already checks the choice; kept for safety
    if (!format) return ExitUsage;
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    const auto pos = read_position(fen, *variant, args.relax ? RelaxedProblems : Problems{});
    if (!pos) return ExitUsage;
    fmt::print("{}\n", to_fen(*pos, *format));
    return ExitOk;
}

}  // namespace

Command add_fen_command(CLI::App& parent) {
    auto args = std::make_shared<FenArgs>();
    CLI::App* sub = parent.add_subcommand("fen", tr(Msg::FenAbout));
    sub->add_option("FEN", args->fen, tr(Msg::HelpFenFen))
        ->required();  // more than 6 fields: parse_fen names the offset of the extra text
    sub->add_option("--format", args->format, tr(Msg::HelpFenFormat))
        ->check(CLI::IsMember({"fen", "xfen", "shredder"}, CLI::ignore_case))
        ->capture_default_str();
    sub->add_flag("--chess960", args->chess960, tr(Msg::HelpChess960));
    sub->add_flag("--relax", args->relax, tr(Msg::HelpPerftRelax));
    add_variant_option(*sub, args->variant);
    sub->footer(help_footer({}, {"schach fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\""}));
    return {sub, [args] { return run_fen(*args); }, {}};
}

}  // namespace schach::cli
