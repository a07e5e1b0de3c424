// schach pgn convert FILE... [--lang en|de|de-neutral] [--notation san|lan|uci|fan] [--no-comments]
//                            [--no-variations] [--openings] [--newline TEXT] [-o OUT]
// Rewrites games in export format (PgnGameBuilder + write_pgn), one game at a time, to stdout or
// OUT. Games with errors are reported on stderr as FILE:LINE:COLUMN: message and skipped. With
// --openings each game's opening is named in [ECO] and [Opening] (review/openings.hpp; the name in
// the language of --lang, English without).

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/pgn_io.hpp"
#include "pgn/pgn.hpp"
#include "review/openings.hpp"
#include "text/opening_names.hpp"

namespace schach::cli {
namespace {

struct ConvertArgs {
    std::vector<std::string> files;
    std::string lang;  // empty: English letters (the PGN standard)
    std::string notation = "san";
    bool no_comments = false;
    bool no_variations = false;
    bool openings = false;
    std::string newline;
    std::string output;
};

/// Closes an output file opened with fopen (not stdout).
struct FileCloser {
    void operator()(std::FILE* f) const {
        if (f != nullptr && f != stdout) std::fclose(f);
    }
};

/// Sets [ECO] and [Opening] to the game's opening, when it has a named one.
void name_opening(PgnGame& game, Language language) {
    const auto opening = review::classify_opening(game.start, game.mainline());
    if (!opening) return;
    game.set_tag("ECO", opening->opening->eco);
    game.set_tag("Opening", opening_name(*opening->opening, language));
}

int run_convert(const ConvertArgs& args) {
    PgnWriteOptions write;
    // Export letters are English unless --lang is given to the command itself (main read its value).
    const auto letters = args.lang.empty() ? std::optional(Language::English) : language_option(args.lang);
    if (!letters) return ExitUsage;
    const auto notation = notation_option(args.notation);
    if (!notation) return ExitUsage;
    write.lang = *letters;
    write.notation = *notation;
    write.comments = !args.no_comments;
    write.variations = !args.no_variations;

    std::unique_ptr<std::FILE, FileCloser> owned;
    std::FILE* out = stdout;
    if (!args.output.empty() && args.output != "-") {
        owned.reset(std::fopen(args.output.c_str(), "wb"));
        if (!owned) {
            print_error(tr(Msg::PgnCannotWrite, args.output));
            return ExitUsage;
        }
        out = owned.get();
    }

    std::size_t games = 0, written = 0, errors = 0;
    const bool all_read = read_pgn_inputs(args.files, [&](const PgnInput& input) {
        PgnReader reader = make_reader(input, reader_options(args.newline, false));
        PgnGameBuilder builder;
        std::size_t reported = 0;  // errors of this builder already printed
        while (reader.read_game(builder)) {
            ++games;
            for (; reported < builder.errors().size(); ++reported) {
                print_pgn_problem(stderr, input.name, builder.errors()[reported]);
                ++errors;
            }
            for (PgnGame& game : builder.take()) {
                if (args.openings) name_opening(game, *letters);
                const std::string text = write_pgn(game, write);  // ends with a blank line
                std::fwrite(text.data(), 1, text.size(), out);
                ++written;
            }
        }
    });
    if (std::fflush(out) != 0 || std::ferror(out)) {
        print_error(tr(Msg::PgnWriteError, args.output.empty() ? std::string("stdout") : args.output));
        return ExitUsage;
    }
    fmt::print(stderr, "{}\n", tr(Msg::PgnConvertSummary, games, written, errors));
    return pgn_exit_code(all_read, errors);
}

}  // namespace

Command add_pgn_convert_command(CLI::App& pgn) {
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* sub = pgn.add_subcommand("convert", tr(Msg::PgnConvertAbout));
    add_pgn_input_options(*sub, args->files, args->newline);
    add_lang_option(*sub, args->lang, Msg::HelpPgnConvertLang);
    sub->add_option("--notation", args->notation, tr(Msg::HelpPgnNotation))
        ->check(CLI::IsMember({"san", "lan", "uci", "fan"}, CLI::ignore_case))
        ->capture_default_str();
    sub->add_flag("--no-comments", args->no_comments, tr(Msg::HelpPgnNoComments));
    sub->add_flag("--no-variations", args->no_variations, tr(Msg::HelpPgnNoVariations));
    sub->add_flag("--openings", args->openings, tr(Msg::HelpPgnOpenings));
    sub->add_option("-o,--output", args->output, tr(Msg::HelpPgnOutput))->type_name("OUT");
    sub->footer(tr(Msg::PgnConvertFooter));
    return {sub, [args] { return run_convert(*args); }, {}};
}

}  // namespace schach::cli
