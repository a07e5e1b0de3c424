// schach timecontrol SPEC [--pgn] | --list: a time control normalized, classified and described.

#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "text/time_control_text.hpp"
#include "game/time_control.hpp"

namespace schach::cli {
namespace {

struct TimeControlArgs {
    std::vector<std::string> spec;  // "hourglass 3" arrives as two arguments
    bool pgn = false;
    bool list = false;
};

/// "Blitz / blitz" style: German, then English.
std::string both(std::string_view de, std::string_view en) { return fmt::format("{} / {}", de, en); }

std::string description_line(const TimeControl& control) {
    const TimeClass c = classify(control);
    std::string de = describe_time_control(control, Language::German);
    std::string en = describe_time_control(control, Language::English);
    if (control.is_timed()) {
        de += fmt::format(": {}", time_class_name(c, Language::German));
        en += fmt::format(": {}", time_class_name(c, Language::English));
    } else {
        // classify() counts a game without clock as classical (2-minute penalties, A.3).
        de += "; Strafen wie bei klassischer Bedenkzeit";
        en += "; penalties as in classical games";
    }
    return both(de, en);
}

int run_list() {
    fmt::print("{}\n", both("Voreinstellungen (Name, Klasse, PGN-Tag, Beschreibung)",
                            "presets (name, class, PGN tag, description)"));
    for (const TimeControlPreset& preset : time_control_presets()) {
        const TimeClass c = classify(preset.control);
        fmt::print("{:<14} {:<10} {:<20} {}\n", preset.name, time_class_id(c), to_pgn_time_control(preset.control),
                   both(describe_time_control(preset.control, Language::German),
                        describe_time_control(preset.control, Language::English)));
    }
    return ExitOk;
}

int run_timecontrol(const TimeControlArgs& args) {
    if (args.list) {
        if (!args.spec.empty()) {
            print_error("--list nimmt keine Zeitkontrolle / --list takes no time control");
            return ExitUsage;
        }
        return run_list();
    }
    if (args.spec.empty()) {
        print_error("Zeitkontrolle fehlt (z. B. 5+3) oder --list / time control missing (e.g. 5+3) or --list");
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
    CLI::App* sub = parent.add_subcommand(
        "timecontrol",
        "Zeitkontrolle normalisieren und einordnen (Blitz, Schnellschach, klassisch) / normalize and classify a "
        "time control (blitz, rapid, classical)");
    sub->add_option("SPEC", args->spec,
                    "Zeitkontrolle, z. B. 5+3, 3+2, 40/90+30,30+30, 40/90+30+30s, 5d3, h3, - (ohne Uhr) / time "
                    "control, e.g. 5+3, 3+2, 40/90+30,30+30, 40/90+30+30s, 5d3, h3, - (untimed)");
    sub->add_flag("--pgn", args->pgn,
                  "nur den Wert des PGN-Tags TimeControl ausgeben (Sekunden, z. B. 300+3) / print only the value of "
                  "the PGN TimeControl tag (seconds, e.g. 300+3)");
    sub->add_flag("--list", args->list, "die Voreinstellungen zeigen / show the presets");
    sub->footer(
        "Ausgabe / output: \"NORMALISIERT KLASSE\" (blitz, rapid, classical), dann eine Beschreibung / "
        "\"NORMALIZED CLASS\", then a description.\n"
        "Minuten, außer mit s / minutes unless suffixed s; +N: Inkrement in Sekunden / increment in seconds; dN / "
        "bN: einfache / Bronstein-Verzögerung / simple / Bronstein delay.\n"
        "Beispiele / examples:\n"
        "  schach timecontrol 5+3\n"
        "  schach timecontrol 40/90+30+30s --pgn\n"
        "  schach timecontrol --list");
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
