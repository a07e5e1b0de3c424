// schach datagen FILE [--threads N] [--games N] [--nodes N] [--hard-nodes N] [--chess960 PCT]
//                     [--max-start CP] [--seed N] [--summary]
//
// Self-play training data for the evaluation network (train/datagen.hpp): games are appended to
// FILE as they end; the same command on the same file goes on where it stopped.

#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "engine/engine.hpp"
#include "text/train_text.hpp"
#include "train/datagen.hpp"

namespace schach::cli {
namespace {

std::atomic<bool> datagen_stop{false};
extern "C" void on_datagen_interrupt(int) { datagen_stop.store(true); }

/// Ctrl-C or SIGTERM: the games in play are dropped, the file stays whole.
void catch_datagen_interrupts() {
    struct sigaction action {};
    action.sa_handler = on_datagen_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

struct DatagenArgs {
    std::string file;
    train::DatagenOptions options;
    std::uint64_t hard_nodes = 0;  // 0: 8 x soft
    bool summary = false;
};

std::string read_error_text(const train::GameReadError& e) {
    using K = train::GameReadError::Kind;
    switch (e.kind) {
        case K::BadMagic: return tr(TrainMsg::ReadBadMagic);
        case K::Truncated: return tr(TrainMsg::ReadTruncated, e.offset);
        case K::BadPosition: return tr(TrainMsg::ReadBadPosition, e.offset);
        case K::BadResult: return tr(TrainMsg::ReadBadResult, e.offset);
        case K::IllegalMove: return tr(TrainMsg::ReadIllegalMove, e.ply + 1, e.offset);
    }
    return {};
}

int print_summary(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        print_error(tr(TrainMsg::DatagenCannotOpen, path));
        return ExitUsage;
    }
    std::optional<train::GameReadError> error;
    const train::GameFileSummary s = train::summarize_game_file(in, &error);
    fmt::print("{}\n", tr(TrainMsg::DatagenSummary, path, s.games, s.plies, s.positions, s.results[2], s.results[1],
                          s.results[0]));
    if (error) {
        print_error(tr(TrainMsg::DatagenNotAGameFile, path, read_error_text(*error)));
        return ExitFailed;
    }
    return ExitOk;
}

int run_datagen(DatagenArgs args) {
    if (args.summary) return print_summary(args.file);
    if (!args.options.eval_file.empty()) {
        engine::Engine probe;
        engine::EngineOptions eo = probe.options();
        eo.eval_file = args.options.eval_file;
        probe.set_options(eo);
        if (probe.network_error()) {
            print_error(tr(TrainMsg::DatagenBadNet, args.options.eval_file));
            return ExitUsage;
        }
    }
    args.options.hard_nodes = args.hard_nodes > 0 ? args.hard_nodes : 8 * args.options.soft_nodes;
    {
        std::ifstream in(args.file, std::ios::binary);
        if (in) {
            const train::GameFileSummary s = train::summarize_game_file(in);
            if (s.games > 0) fmt::print(stderr, "{}\n", tr(TrainMsg::DatagenResumed, args.file, s.games, s.positions));
        }
    }
    catch_datagen_interrupts();
    auto last = std::chrono::steady_clock::now();
    const auto progress = [&](const train::DatagenProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::seconds(10)) return;
        last = now;
        fmt::print(stderr, "{}\n",
                   tr(TrainMsg::DatagenProgress, p.games, p.positions,
                      p.seconds > 0 ? static_cast<double>(p.positions) / p.seconds : 0.0, p.results[2], p.results[1],
                      p.results[0], p.rejected));
    };
    const auto result = train::run_datagen(args.options, args.file, progress, &datagen_stop);
    if (!result) {
        const train::DatagenError& e = result.error();
        using K = train::DatagenError::Kind;
        if (e.kind == K::NotAGameFile)
            print_error(tr(TrainMsg::DatagenNotAGameFile, e.path, e.read ? read_error_text(*e.read) : std::string()));
        else
            print_error(
                tr(e.kind == K::CannotOpen ? TrainMsg::DatagenCannotOpen : TrainMsg::DatagenCannotWrite, e.path));
        return ExitUsage;
    }
    const train::DatagenProgress& p = *result;
    fmt::print(stderr, "{}\n",
               tr(TrainMsg::DatagenProgress, p.games, p.positions,
                  p.seconds > 0 ? static_cast<double>(p.positions) / p.seconds : 0.0, p.results[2], p.results[1],
                  p.results[0], p.rejected));
    fmt::print("{}\n", tr(TrainMsg::DatagenDone, p.games, p.positions, args.file, p.seconds));
    return ExitOk;
}

}  // namespace

Command add_datagen_command(CLI::App& parent) {
    auto args = std::make_shared<DatagenArgs>();
    CLI::App* sub = parent.add_subcommand("datagen", tr(TrainMsg::DatagenAbout));
    sub->add_option("FILE", args->file, tr(TrainMsg::HelpDatagenOut))->required();
    sub->add_option("--threads", args->options.threads, tr(TrainMsg::HelpDatagenThreads))
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    sub->add_option("--games", args->options.games, tr(TrainMsg::HelpDatagenGames))->capture_default_str();
    sub->add_option("--nodes", args->options.soft_nodes, tr(TrainMsg::HelpDatagenNodes))
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->capture_default_str();
    sub->add_option("--hard-nodes", args->hard_nodes, tr(TrainMsg::HelpDatagenHardNodes))
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    sub->add_option("--chess960", args->options.chess960_percent, tr(TrainMsg::HelpDatagenChess960))
        ->check(CLI::Range(0, 100))
        ->capture_default_str();
    sub->add_option("--max-start", args->options.max_start_score, tr(TrainMsg::HelpDatagenMaxStart))
        ->check(CLI::Range(0, 30000))
        ->capture_default_str();
    sub->add_option("--seed", args->options.seed, tr(TrainMsg::HelpDatagenSeed))->capture_default_str();
    sub->add_option("--net", args->options.eval_file, tr(TrainMsg::HelpDatagenNet));
    sub->add_flag("--summary", args->summary, tr(TrainMsg::HelpDatagenSummary));
    sub->footer(
        help_footer({}, {"schach datagen data/run1.games --threads 2", "schach datagen data/run1.games --summary"}) +
        "\n" + tr(TrainMsg::DatagenFooter));
    Command command;
    command.app = sub;
    command.run = [args] { return run_datagen(*args); };
    return command;
}

}  // namespace schach::cli
