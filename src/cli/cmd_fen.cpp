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
    const auto pos = read_position(fen, *variant);
    if (!pos) return ExitUsage;
    fmt::print("{}\n", to_fen(*pos, *format));
    return ExitOk;
}

}  // namespace

Command add_fen_command(CLI::App& parent) {
    auto args = std::make_shared<FenArgs>();
    CLI::App* sub = parent.add_subcommand(
        "fen", "FEN prüfen und normalisiert ausgeben / validate a FEN and print it normalized");
    sub->add_option("FEN", args->fen,
                    "Stellung als FEN, X-FEN oder Shredder-FEN (4 oder 6 Felder; am besten in Anführungszeichen) / "
                    "position as FEN, X-FEN or Shredder-FEN (4 or 6 fields; best quoted)")
        ->required();  // more than 6 fields: parse_fen names the offset of the extra text
    sub->add_option("--format", args->format,
                    "Ausgabe: fen, xfen (KQkq, Linienbuchstaben nur wenn nötig) oder shredder (immer "
                    "Linienbuchstaben) / output: fen, xfen (KQkq, file letters only where needed) or shredder "
                    "(always file letters)")
        ->check(CLI::IsMember({"fen", "xfen", "shredder"}, CLI::ignore_case))
        ->capture_default_str();
    sub->add_flag("--chess960", args->chess960,
                  "als Chess960 lesen (Rochade König-schlägt-Turm) / read as Chess960 (king-takes-rook castling)");
    add_variant_option(*sub, args->variant);
    sub->footer("Beispiel / example:\n  schach fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"");
    return {sub, [args] { return run_fen(*args); }, {}};
}

}  // namespace schach::cli
