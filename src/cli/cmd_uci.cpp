// schach uci: the engine for chess GUIs, over the UCI protocol on stdin/stdout (src/uci).

#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "uci/session.hpp"

namespace schach::cli {

Command add_uci_command(CLI::App& parent) {
    CLI::App* sub = parent.add_subcommand("uci", tr(Msg::UciAbout));
    sub->footer(help_footer(Msg::UciFooter, {"echo -e 'uci\\nisready\\ngo depth 8\\n' | schach uci"}));
    Command command;
    command.app = sub;
    command.run = [] {
        std::ios::sync_with_stdio(false);
        uci::UciSession session{std::string(Version)};
        session.run(std::cin, std::cout);
        return ExitOk;
    };
    return command;
}

}  // namespace schach::cli
