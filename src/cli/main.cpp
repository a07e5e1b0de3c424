// schach: the command-line front end of libschach. Sets up CLI11 and dispatches to the subcommands.

#include <algorithm>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/server_program.hpp"

namespace {

using namespace schach::cli;
using schach::Msg;

/// CLI11 prints its own message (help and version to stdout, errors to stderr); errors exit with 2.
int usage_exit(const CLI::App& app, const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? ExitOk : ExitUsage;
}

template <class E>
bool is_a(const CLI::Error& e) {
    return dynamic_cast<const E*>(&e) != nullptr;
}

/// A CLI11 parse error in the language: CLI11 has English text only, so the common errors are
/// taken apart at their fixed English words ("A excludes B") and said again; the rest keep
/// CLI11's text inside a sentence of the language.
std::string parse_error_text(const CLI::Error& e) {
    const std::string what = e.what();
    if (lang() == schach::Language::English) return what;
    const auto split_at = [&](std::string_view word) -> std::optional<std::pair<std::string, std::string>> {
        const std::size_t at = what.find(word);
        if (at == std::string::npos) return std::nullopt;
        return std::pair{what.substr(0, at), what.substr(at + word.size())};
    };
    if (is_a<CLI::ExcludesError>(e))
        if (const auto parts = split_at(" excludes ")) return tr(Msg::ParseExcludes, parts->first, parts->second);
    if (is_a<CLI::RequiresError>(e))
        if (const auto parts = split_at(" requires ")) return tr(Msg::ParseRequires, parts->first, parts->second);
    if (is_a<CLI::RequiredError>(e) && what.ends_with(" is required"))
        return tr(Msg::ParseRequired, what.substr(0, what.size() - std::string_view(" is required").size()));
    if (is_a<CLI::ExtrasError>(e))
        if (const auto parts = split_at(" expected: ")) return tr(Msg::ParseNotExpected, parts->second);
    if (is_a<CLI::ArgumentMismatch>(e))
        if (const auto parts = split_at(": ")) return tr(Msg::ParseMissingValue, parts->first);
    return tr(Msg::ParseInvalid, what);
}

/// CLI11's own words in the help and in its parse errors, in the language: the labels of its
/// layout (set before the commands are added, which share the formatter, the option group and the
/// failure message of the program), and "error: ..." with a pointer to --help.
void localize_layout(CLI::App& app) {
    const auto formatter = app.get_formatter();
    formatter->label("Usage", tr(Msg::LabelUsage));
    formatter->label("OPTIONS", tr(Msg::LabelOptions));
    formatter->label("Positionals", tr(Msg::LabelPositionals));
    formatter->label("SUBCOMMAND", tr(Msg::LabelSubcommand));
    formatter->label("SUBCOMMANDS", tr(Msg::LabelSubcommands));
    formatter->label("REQUIRED", tr(Msg::LabelRequired));
    formatter->label("Needs", tr(Msg::LabelNeeds));
    formatter->label("Excludes", tr(Msg::LabelExcludes));
    app.option_defaults()->group(tr(Msg::GroupOptions));
    app.group(tr(Msg::GroupSubcommands));
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return fmt::format("{}: {}\n{}\n", tr(Msg::ErrorLabel), parse_error_text(e), tr(Msg::RunWithHelp));
    });
}

/// `--lang` on every command that has none of its own: main reads its value before parsing
/// (language_from_args), so that the help of the commands is in that language too. Also puts each
/// command's help flag into the option group of the language.
void accept_lang_everywhere(CLI::App& app, std::string& ignored) {
    if (app.get_option_no_throw("--lang") == nullptr) add_lang_option(app, ignored, Msg::HelpLang);
    // A command's help flag is made before it inherits the option group: it joins the group here.
    if (CLI::Option* help = app.get_help_ptr()) help->group(tr(Msg::GroupOptions));
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) accept_lang_everywhere(*sub, ignored);
}

/// The subcommands, in the order of the help. Each is added to CLI11 only when it can be the one
/// that runs: building all of them (some hundred options with their validators and texts) cost
/// about as many instructions as the dynamic loader, on every command's start.
struct CommandEntry {
    std::string_view name;
    std::string_view alias;
    Command (*add)(CLI::App&);
};

#ifdef SCHACH_SERVER_PROGRAM
// schach-server: the server alone (CMakeLists.txt, "Two programs"); `schach serve` runs it.
constexpr CommandEntry CommandTable[] = {
    {"serve", {}, add_serve_command},
};
#else
constexpr CommandEntry CommandTable[] = {
    {"perft", {}, add_perft_command},
    {"fen", {}, add_fen_command},
    {"chess960", {}, add_chess960_command},
    {"moves", {}, add_moves_command},
    {"pgn", {}, add_pgn_command},
    {"play", {}, add_play_command},
    {"timecontrol", {}, add_timecontrol_command},
    {"dead", {}, add_dead_command},
    {"tune", {}, add_tune_command},
    {"bench", {}, add_bench_command},
    {"match", {}, add_match_command},
    {"ratings", {}, add_ratings_command},
    {"uci", {}, add_uci_command},
    {"serve", {}, add_serve_listing},
    {"datagen", {}, add_datagen_command},
    {"train", {}, add_train_command},
    {"analyse", "analyze", add_analyse_command},
    {"puzzles", {}, add_puzzles_command},
};
#endif

/// "perft, fen, ...": the names for the message about an unknown command.
std::string command_names() {
    std::string out;
    for (const CommandEntry& entry : CommandTable) {
        if (!out.empty()) out += ", ";
        out += entry.name;
    }
    return out;
}

/// The command the arguments name: their first word, after `--lang` and its value if they start
/// so. Empty when an option of the program comes first (`schach --help`, `schach -h pgn`:
/// the program's help lists every command) or there is no word.
std::string_view named_command(int argc, const char* const* argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--lang") {
            ++i;
            continue;
        }
        if (arg.starts_with("--lang=")) continue;
        return arg.starts_with('-') ? std::string_view{} : arg;
    }
    return {};
}

/// A command added to CLI11, with its alias.
Command add_command(CLI::App& app, const CommandEntry& entry) {
    Command command = entry.add(app);
    if (!entry.alias.empty()) command.app->alias(std::string(entry.alias));
    return command;
}

/// Adds the named command only, when it is one; otherwise all of them (for the help and for the
/// message that names the commands there are).
std::vector<Command> add_commands(CLI::App& app, std::string_view named) {
    std::vector<Command> commands;
    for (const CommandEntry& entry : CommandTable)
        if (entry.name == named || (!entry.alias.empty() && entry.alias == named)) {
            commands.push_back(add_command(app, entry));
            return commands;
        }
    for (const CommandEntry& entry : CommandTable) commands.push_back(add_command(app, entry));
    return commands;
}

int run(int argc, char** argv) {
    set_lang(language_from_environment());
    const auto chosen = language_from_args(argc, argv);
    if (!chosen) {
        print_error(tr(Msg::UnknownLanguage, chosen.error()));
        return ExitUsage;
    }
    if (*chosen) set_lang(**chosen);
#ifndef SCHACH_SERVER_PROGRAM
    // The server's command line goes to the server program as it is, before CLI11 reads it.
    if (named_command(argc, argv) == "serve") return run_server_program(argv);
#endif

    CLI::App app{tr(Msg::AppAbout), "schach"};
    localize_layout(app);
    app.set_version_flag("--version", "schach " + std::string(Version), tr(Msg::HelpVersion));
    app.set_help_flag("-h,--help", tr(Msg::HelpHelp));
    app.require_subcommand(1);
#ifdef SCHACH_SERVER_PROGRAM
    app.footer(
        help_footer({}, {"schach serve", "schach serve --port 8080 --db games.db --lang de"}, Msg::AppExitCodes));
#else
    app.footer(
        help_footer({},
                    {
                        "schach perft 5 --divide",
                        "schach perft 4 --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\"",
                        "schach perft --suite perft.epd --max-nodes 1000000",
                        "schach fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"",
                        "schach chess960 518",
                        "schach moves --lang de",
                        "schach pgn check games.pgn",
                        "schach play --tc 5+3",
                        "schach timecontrol 40/90+30+30s",
                        "schach dead --fen \"8/8/3k4/8/8/3P4/8/3K4 w - - 0 1\" --winner white",
                        "schach match -engine cmd=stockfish -engine cmd=glaurung -each tc=10+0.1 -games 10",
                        "schach ratings games.pgn --anchor \"Stockfish 15.1 (1350)=1350\"",
                        "schach uci",
                        "schach serve",
                        "schach analyse games.pgn > analysed.pgn",
                    },
                    Msg::AppExitCodes));
#endif

    std::vector<Command> commands = add_commands(app, named_command(argc, argv));
    std::string ignored_lang;
    accept_lang_everywhere(app, ignored_lang);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ExtrasError& e) {
        // CLI11 reads "-1" as an unknown flag; say clearly that negative numbers are not allowed.
        for (const Command& c : commands) {
            if (!c.app->parsed() || !c.on_negative_number) continue;
            for (const std::string& extra : c.app->remaining())
                if (is_negative_number(extra)) return c.on_negative_number(extra);
        }
        return usage_exit(app, e);
    } catch (const CLI::ParseError& e) {
        // "schach bogus": CLI11 only says that a subcommand is required; name the culprit.
        const bool any_command = std::any_of(commands.begin(), commands.end(),
                                             [](const Command& c) { return c.app->parsed(); });
        if (!any_command && e.get_exit_code() != 0) {
            const std::vector<std::string> rest = app.remaining();
            if (!rest.empty()) {
                print_error(tr(Msg::UnknownCommand, rest.front(), command_names()));
                return ExitUsage;
            }
        }
        return usage_exit(app, e);
    }

    for (const Command& c : commands)
        if (c.app->parsed()) return c.run();
    return ExitUsage;  // unreachable: require_subcommand(1)
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        print_error(fmt::format("{}: {}", tr(Msg::InternalError), e.what()));
    } catch (...) {
        print_error(tr(Msg::InternalError));
    }
    return ExitInternal;
}
