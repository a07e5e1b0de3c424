// schach timecontrol SPEC [--pgn] | --list: a time control normalized, classified and described.

#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "game/time_control.hpp"
#include "text/time_control_text.hpp"

namespace schach::cli {
namespace {

struct TimeControlArgs {
    std::vector<std::string> spec;  // "hourglass 3" arrives as two arguments
    bool pgn = false;
    bool list = false;
};

std::string description_line(const TimeControl& control) {
    const std::string described = describe_time_control(control, lang());
    if (control.is_timed()) return fmt::format("{}: {}", described, time_class_name(classify(control), lang()));
    // classify() counts a game without clock as classical (2-minute penalties, A.3).
    return tr(Msg::TimeControlUntimed, described);
}

int run_list() {
    // The columns (name, class id, PGN tag) are stable; the header and the description follow the language.
    fmt::print("{}\n", tr(Msg::TimeControlListHeader));
    for (const TimeControlPreset& preset : time_control_presets()) {
        const TimeClass c = classify(preset.control);
        fmt::print("{:<14} {:<10} {:<20} {}\n", preset.name, time_class_id(c), to_pgn_time_control(preset.control),
                   describe_time_control(preset.control, lang()));
    }
    return ExitOk;
}

int run_timecontrol(const TimeControlArgs& args) {
    if (args.list) {
        if (!args.spec.empty()) {
            print_error(tr(Msg::TimeControlListTakesNone));
            return ExitUsage;
        }
        return run_list();
    }
    if (args.spec.empty()) {
        print_error(tr(Msg::TimeControlMissing));
        return ExitUsage;
    }
    std::string spec;
    for (const std::string& part : args.spec) {
        if (!spec.empty()) spec += ' ';
        spec += part;
    }
    const auto control = parse_time_control_arg(spec);
    if (!control) return ExitUsage;
    if (args.pgn) {
        fmt::print("{}\n", to_pgn_time_control(*control));
        return ExitOk;
    }
    fmt::print("{} {}\n", to_string(*control), time_class_id(classify(*control)));
    fmt::print("{}\n", description_line(*control));
    return ExitOk;
}

}  // namespace

Command add_timecontrol_command(CLI::App& parent) {
    auto args = std::make_shared<TimeControlArgs>();
    CLI::App* sub = parent.add_subcommand("timecontrol", tr(Msg::TimeControlAbout));
    sub->add_option("SPEC", args->spec, tr(Msg::HelpTimeControlSpec));
    sub->add_flag("--pgn", args->pgn, tr(Msg::HelpTimeControlPgn));
    sub->add_flag("--list", args->list, tr(Msg::HelpTimeControlList));
    sub->footer(help_footer(Msg::TimeControlFooter, {"schach timecontrol 5+3", "schach timecontrol 40/90+30+30s --pgn",
                                                     "schach timecontrol --list"}));
    Command command;
    command.app = sub;
    command.run = [args] { return run_timecontrol(*args); };
    command.on_negative_number = [](const std::string& text) {
        (void)parse_time_control_arg(text);  // prints where the spec goes wrong
        return ExitUsage;
    };
    return command;
}

}  // namespace schach::cli
