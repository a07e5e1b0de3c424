// schach play [--fen FEN | --chess960 N|random] [--tc 5+3] [--lang de|de-neutral|en] [--touch-move]:
// two players at one terminal. Interactive when stdin is a terminal (the clocks tick on the line
// above the prompt, a flag falls while a player thinks); otherwise moves and commands are read line
// by line, as a script.

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/play_session.hpp"
#include "cli/stopwatch.hpp"
#include "core/fen.hpp"
#include "text/time_control_text.hpp"

namespace schach::cli {
namespace {

struct PlayArgs {
    std::string fen;
    std::string chess960;
    std::string variant;
    std::string tc;
    std::string lang;  // read by main: the game speaks lang()
    bool touch_move = false;
};

/// Today in the PGN Date tag's form (local time).
std::string pgn_date_today() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    if (localtime_r(&t, &tm) == nullptr) return "";
    return fmt::format("{:04}.{:02}.{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

/// ANSI colours only for a terminal that has them, and not against NO_COLOR (no-color.org).
bool colors_wanted() {
    if (!::isatty(STDOUT_FILENO)) return false;
    const char* no_color = std::getenv("NO_COLOR");
    if (no_color != nullptr && *no_color != '\0') return false;
    const char* term = std::getenv("TERM");
    return term != nullptr && std::string_view(term) != "dumb";
}

void print(std::string_view text) {
    if (text.empty()) return;
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

/// What is shown before the first move in both modes: the Chess960 number, and the result when
/// the position given is already decided (checkmate, stalemate, dead position).
std::string opening_lines(const PlaySession& session, const PlayConfig& config) {
    std::string out;
    if (config.chess960) out += say(Msg::PlayChess960Number, config.lang, *config.chess960) + "\n";
    if (session.game_over()) out += session.result_line() + "\n";
    return out;
}

int run_scripted(PlaySession& session, const PlayConfig& config, const Stopwatch& watch) {
    print(opening_lines(session, config));
    std::string line;
    while (std::getline(std::cin, line)) {
        print(session.handle_line(line, watch.elapsed()));
        if (session.quit()) return ExitOk;
    }
    if (!session.game_over()) print(session.end_of_input_line());
    return ExitOk;
}

int run_interactive(PlaySession& session, const PlayConfig& config, const Stopwatch& watch) {
    const bool tty_out = ::isatty(STDOUT_FILENO) != 0;
    std::string shown_clock;  // the clock line as last drawn
    auto show_prompt = [&] {
        shown_clock = session.clock_line(watch.elapsed());
        print((shown_clock.empty() ? "" : shown_clock + "\n") + session.prompt());
    };
    print(session.welcome());
    std::string opening = opening_lines(session, config);
    if (config.chess960) opening.erase(0, opening.find('\n') + 1);  // the welcome named it
    print(session.board(watch.elapsed()) + opening);
    show_prompt();

    std::string buffer;
    for (;;) {
        pollfd fd{STDIN_FILENO, POLLIN, 0};
        // Canonical (line) mode: poll wakes up for a whole line; the timeout lets the clock tick.
        const int ready = ::poll(&fd, 1, session.clock() ? 100 : -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (ready == 0) {
            // A player thinks: has a flag fallen? Otherwise redraw the clock line above the prompt
            // (save the cursor, go up a line, rewrite it, restore the cursor: typing goes on).
            const std::string flag = session.check_flag(watch.elapsed());
            if (!flag.empty()) {
                print("\n" + flag);
                show_prompt();
                continue;
            }
            if (!tty_out) continue;
            const std::string line = session.clock_line(watch.elapsed());
            if (line.empty() || line == shown_clock) continue;
            print("\0337\033[1A\r" + line + "\033[K\0338");
            shown_clock = line;
            continue;
        }
        char chunk[1024];
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            break;
        }
        if (n == 0) {  // end of input (Ctrl-D)
            std::string out = "\n";
            if (!buffer.empty()) out += session.handle_line(buffer, watch.elapsed());
            if (!session.game_over() && !session.quit()) out += session.end_of_input_line();
            print(out);
            break;
        }
        buffer.append(chunk, static_cast<std::size_t>(n));
        for (std::size_t end = buffer.find('\n'); end != std::string::npos; end = buffer.find('\n')) {
            const std::string line = buffer.substr(0, end);
            buffer.erase(0, end + 1);
            print(session.handle_line(line, watch.elapsed()));
            if (session.quit()) return ExitOk;
            show_prompt();
        }
    }
    return ExitOk;
}

int run_play(const PlayArgs& args, const CLI::App& sub) {
    PlayConfig config;
    config.lang = lang();  // --lang (of play or anywhere on the line), else the locale

    if (sub.count("--fen") > 0) {
        const auto variant = variant_choice(args.variant, false);
        if (!variant) return ExitUsage;
        const auto pos = read_position(args.fen, *variant);
        if (!pos) return ExitUsage;
        config.start = *pos;
    } else if (sub.count("--chess960") > 0) {
        const bool random = args.chess960 == "random" || args.chess960 == "zufall" || args.chess960 == "zufällig";
        const auto start = chess960_start(args.chess960, random);
        if (!start) return ExitUsage;
        config.start = start->position;
        config.chess960 = start->number;
    }

    if (sub.count("--tc") > 0) {
        const auto control = parse_time_control_arg(args.tc);
        if (!control) return ExitUsage;
        if (control->mode == TimeControl::Mode::Unknown) {
            print_error(tr(Msg::PlayUnknownControl));
            return ExitUsage;
        }
        if (control->is_timed()) config.control = *control;
    }
    config.touch_move = args.touch_move;
    config.date = pgn_date_today();
    config.color = colors_wanted();
    config.interactive = ::isatty(STDIN_FILENO) != 0;
    config.scripted = !config.interactive;

    const Stopwatch watch;
    PlaySession session(config, watch.elapsed());
    return config.interactive ? run_interactive(session, config, watch) : run_scripted(session, config, watch);
}

}  // namespace

Command add_play_command(CLI::App& parent) {
    auto args = std::make_shared<PlayArgs>();
    CLI::App* sub = parent.add_subcommand("play", tr(Msg::PlayAbout));
    auto* fen = sub->add_option("--fen", args->fen, tr(Msg::HelpPlayFen));
    fen->type_name("FEN");
    auto* chess960 = sub->add_option("--chess960", args->chess960, tr(Msg::HelpPlayChess960));
    chess960->type_name("N|random");
    chess960->excludes(fen);
    add_variant_option(*sub, args->variant)->needs(fen);
    sub->add_option("--tc", args->tc, tr(Msg::HelpPlayTimeControl))->type_name("SPEC");
    add_lang_option(*sub, args->lang, Msg::HelpLangLetters);
    sub->add_flag("--touch-move", args->touch_move, tr(Msg::HelpTouchMove));
    sub->footer(
        help_footer(Msg::PlayFooter, {"schach play --tc 5+3", "schach play --chess960 random --tc 3+2 --lang en",
                                      "printf 'f3\\ne5\\ng4\\nDh4\\n' | schach play"}));
    Command command;
    command.app = sub;
    command.run = [args, sub] { return run_play(*args, *sub); };
    return command;
}

}  // namespace schach::cli
