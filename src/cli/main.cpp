// schach: the command-line front end of libschach. Sets up CLI11 and dispatches to the subcommands.

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"

namespace {

using namespace schach::cli;
namespace words = schach::words;

/// CLI11 prints its own message (help and version to stdout, errors to stderr); errors exit with 2.
int usage_exit(const CLI::App& app, const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? ExitOk : ExitUsage;
}

/// `--lang` on every command that has none of its own: main reads its value before parsing
/// (language_from_args), so that the help of the commands is in that language too.
void accept_lang_everywhere(CLI::App& app, std::string& ignored) {
    if (app.get_option_no_throw("--lang") == nullptr)
        app.add_option("--lang", ignored, std::string(words::pick(lang(), "Sprache: de, de-neutral, en (sonst die Locale)",
                                                      "language: de, de-neutral, en (else the locale)")))
            ->type_name("LANG");
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) accept_lang_everywhere(*sub, ignored);
}

int run(int argc, char** argv) {
    set_lang(language_from_environment());
    const auto chosen = language_from_args(argc, argv);
    if (!chosen) {
        print_error(fmt::format(fmt::runtime(words::pick(lang(), "unbekannte Sprache: {} (de, de-neutral, en)",
                                                         "unknown language: {} (de, de-neutral, en)")),
                                chosen.error()));
        return ExitUsage;
    }
    if (*chosen) set_lang(**chosen);

    CLI::App app{
        "Schach: Schachregeln auf der Kommandozeile (Perft, FEN, Chess960, Züge, PGN) / "
        "chess rules on the command line (perft, FEN, Chess960, moves, PGN)",
        "schach"};
    app.set_version_flag("--version", "schach " + std::string(Version), "Version anzeigen / show the version");
    app.set_help_flag("-h,--help", "Hilfe anzeigen / show this help");
    app.require_subcommand(1);
    app.footer(
        "Beispiele / examples:\n"
        "  schach perft 5 --divide\n"
        "  schach perft 4 --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\"\n"
        "  schach perft --suite perft.epd --max-nodes 1000000\n"
        "  schach fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"\n"
        "  schach chess960 518\n"
        "  schach moves --lang de\n"
        "  schach pgn check games.pgn\n"
        "  schach play --tc 5+3\n"
        "  schach timecontrol 40/90+30+30s\n"
        "  schach dead --fen \"8/8/3k4/8/8/3P4/8/3K4 w - - 0 1\" --winner white\n"
        "Exit-Codes / exit codes: 0 ok, 1 Prüfung fehlgeschlagen / check failed, "
        "2 ungültige Eingabe / bad input, 3 interner Fehler / internal error");

    std::vector<Command> commands{add_perft_command(app), add_fen_command(app), add_chess960_command(app),
                                  add_moves_command(app), add_pgn_command(app)};
    commands.push_back(add_play_command(app));
    commands.push_back(add_timecontrol_command(app));
    commands.push_back(add_dead_command(app));
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
                print_error("unbekannter Befehl oder Option / unknown command or option: " + rest.front() +
                            " (Befehle / commands: perft, fen, chess960, moves, pgn, play, timecontrol, dead; schach --help)");
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
        print_error(fmt::format("{}: {}", words::pick(lang(), "interner Fehler", "internal error"), e.what()));
    } catch (...) {
        print_error(words::pick(lang(), "interner Fehler", "internal error"));
    }
    return ExitInternal;
}
