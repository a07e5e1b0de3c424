// schach pgn check|convert|adjudicate FILE...: the PGN tools (each in its own cmd_pgn_*.cpp).

#include <memory>
#include <vector>

#include "cli/commands.hpp"
#include "cli/pgn_io.hpp"

namespace schach::cli {

Command add_pgn_command(CLI::App& parent) {
    CLI::App* sub = parent.add_subcommand("pgn", tr(Msg::PgnAbout));
    sub->require_subcommand(1);
    auto children = std::make_shared<std::vector<Command>>();
    children->push_back(add_pgn_check_command(*sub));
    children->push_back(add_pgn_convert_command(*sub));
    children->push_back(add_pgn_adjudicate_command(*sub));
    sub->footer(help_footer({},
                            {"schach pgn check games.pgn", "schach pgn convert games.pgn --lang de -o partien.pgn",
                             "schach pgn adjudicate games.pgn"},
                            Msg::PgnFooter));
    Command command;
    command.app = sub;
    command.run = [children] {
        for (const Command& c : *children)
            if (c.app->parsed()) return c.run();
        return ExitUsage;  // unreachable: require_subcommand(1)
    };
    return command;
}

}  // namespace schach::cli
