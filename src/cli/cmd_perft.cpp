// schach perft DEPTH [--fen FEN] [--chess960] [--divide]   (like Stockfish's `go perft`)
// schach perft --suite FILE [--max-nodes N] [--chess960]    (EPD or .perft suites)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/stopwatch.hpp"
#include "core/ascii.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "notation/perft_suite.hpp"

namespace schach::cli {
namespace {

/// The depth limit on the command line: deeper never finishes in a real position (suites may go
/// further: MaxSuiteDepth).
inline constexpr int MaxDepth = 20;

struct PerftArgs {
    std::string depth;  // positional, validated by hand for a clear message
    std::string fen;
    bool chess960 = false;
    std::string variant;
    bool divide = false;
    bool relax = false;
    std::string suite;
    std::string max_nodes;  // parsed by hand: CLI11 would wrap "-5" around to a huge unsigned value
    bool max_nodes_given = false;
    bool fen_given = false;  // --fen "" is an empty FEN (an error), not the start position
    bool verbose = false;
};

inline constexpr Problems SuiteRelax = RelaxedProblems;

std::optional<int> parse_depth(std::string_view text) { return parse_ranged(text, 0, MaxDepth, Msg::WhatDepth); }

/// Time and speed go to stderr, so that stdout stays comparable with Stockfish's output.
void print_speed(std::uint64_t nodes, double seconds) {
    std::fflush(stdout);
    const auto nps = seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(nodes) / seconds) : 0;
    fmt::print(stderr, "{}\n", tr(Msg::PerftTime, seconds, nps));
}

// --- Single position ---

int run_single(const PerftArgs& args) {
    const auto depth = parse_depth(args.depth);
    if (!depth) return ExitUsage;
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    auto pos = read_position(args.fen_given ? args.fen : std::string(StartFen), *variant,
                             args.relax ? SuiteRelax : Problems{});
    if (!pos) return ExitUsage;

    Stopwatch watch;
    std::uint64_t nodes = 0;
    if (args.divide && *depth > 0) {
        for (auto [move, count] : perft_divide(*pos, *depth)) {
            fmt::print("{}: {}\n", to_uci(move, pos->is_chess960()), count);
            nodes += count;
        }
        fmt::print("\n");
    } else {
        nodes = perft(*pos, *depth);  // depth 0: the root alone, 1 node
    }
    const double seconds = watch.seconds();
    fmt::print("Nodes searched: {}\n", nodes);
    print_speed(nodes, seconds);
    return ExitOk;
}

// --- Suites ---

/// The suite of a file (notation/perft_suite.hpp), or the message: "FILE:LINE: reason".
std::expected<std::vector<PerftSuiteEntry>, std::string> load_suite(const std::string& path) {
    auto file = open_input_file(path);
    if (!file) return std::unexpected(file.error());
    const std::string text{std::istreambuf_iterator<char>(*file), std::istreambuf_iterator<char>()};
    if (file->bad()) return std::unexpected(tr(Msg::ReadError, path));
    auto suite = parse_perft_suite(text);
    if (!suite) {
        const PerftSuiteError& e = suite.error();
        return std::unexpected(e.line == 0 ? fmt::format("{}: {}", path, describe(e, lang()))
                                           : fmt::format("{}:{}: {}", path, e.line, describe(e, lang())));
    }
    return std::move(*suite);
}

int run_suite(const PerftArgs& args) {
    std::uint64_t max_nodes = std::numeric_limits<std::uint64_t>::max();
    if (args.max_nodes_given) {
        const auto parsed = parse_count(args.max_nodes);
        if (!parsed) {
            print_error(tr(Msg::PerftInvalidMaxNodes, args.max_nodes));
            return ExitUsage;
        }
        max_nodes = *parsed;
    }
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    // Without --variant, each position has the suite's rules (PerftSuiteEntry::chess960); with it, all do.
    const bool variant_given = !args.variant.empty() || args.chess960;
    auto suite = load_suite(args.suite);
    if (!suite) {
        print_error(suite.error());
        return ExitUsage;
    }

    Stopwatch watch;
    std::uint64_t passed = 0, failed = 0, skipped = 0, total_nodes = 0;
    for (const PerftSuiteEntry& entry : *suite) {
        const std::string name = entry.name.empty() ? tr(Msg::PerftUnnamed, entry.line) : entry.name;
        std::vector<PerftCheck> checks;
        for (const PerftCheck& c : entry.checks) {
            if (c.nodes > max_nodes) ++skipped;
            else checks.push_back(c);
        }
        ValidateOptions options;
        options.relax = SuiteRelax;  // suites hold deliberately odd positions
        if (variant_given) options.variant = variant->option();
        else if (entry.chess960) options.variant = Variant::Chess960;
        auto pos = position_from_fen(entry.fen, options);
        if (!pos) {
            // Every check of an unreadable position fails (at least one, so that it is never silent).
            failed += std::max<std::uint64_t>(1, checks.size());
            fmt::print("{}\n", tr(Msg::PerftFailPosition, name, entry.fen, position_error_line(pos.error())));
            continue;
        }
        std::uint64_t entry_failed = 0;
        for (const PerftCheck& c : checks) {
            const std::uint64_t got = perft(*pos, c.depth);
            total_nodes += got;
            if (got == c.nodes) {
                ++passed;
                continue;
            }
            ++failed;
            ++entry_failed;
            fmt::print("{}\n", tr(Msg::PerftFailDepth, name, entry.fen, c.depth, c.nodes, got));
        }
        if (args.verbose && entry_failed == 0)
            fmt::print("{}\n", tr(Msg::PerftOk, name, checks.size(), entry.chess960 ? ", Chess960" : ""));
        std::fflush(stdout);
    }
    const double seconds = watch.seconds();

    if (skipped > 0)
        fmt::print("{}\n", tr(skipped == 1 ? Msg::PerftSkippedOne : Msg::PerftSkippedMany, skipped, max_nodes));
    // The last line is stable English in every language: scripts read it (and it needs no
    // translation to be understood, so it is not repeated in the language).
    fmt::print("{} passed, {} failed\n", passed, failed);
    print_speed(total_nodes, seconds);
    return failed == 0 ? ExitOk : ExitFailed;
}

}  // namespace

Command add_perft_command(CLI::App& parent) {
    auto args = std::make_shared<PerftArgs>();
    CLI::App* sub = parent.add_subcommand("perft", tr(Msg::PerftAbout));
    auto* depth = sub->add_option("DEPTH", args->depth, tr(Msg::HelpPerftDepth));
    auto* fen = sub->add_option("--fen", args->fen, tr(Msg::HelpPosition));
    add_variant_option(*sub, args->variant);
    sub->add_flag("--chess960", args->chess960, tr(Msg::HelpPerftChess960));
    auto* divide = sub->add_flag("--divide", args->divide, tr(Msg::HelpPerftDivide));
    auto* relax = sub->add_flag("--relax", args->relax, tr(Msg::HelpPerftRelax));
    auto* suite = sub->add_option("--suite", args->suite, tr(Msg::HelpPerftSuite));
    auto* max_nodes = sub->add_option("--max-nodes", args->max_nodes, tr(Msg::HelpPerftMaxNodes));
    auto* verbose = sub->add_flag("-v,--verbose", args->verbose, tr(Msg::HelpPerftVerbose));
    depth->type_name("0..20");
    suite->type_name("FILE");
    max_nodes->type_name("N");
    fen->type_name("FEN");
    suite->excludes(depth)->excludes(fen)->excludes(divide)->excludes(relax);
    max_nodes->needs(suite);
    verbose->needs(suite);
    sub->footer(help_footer(
        {},
        {"schach perft 5",
         "schach perft 3 --divide --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\"",
         "schach perft --suite tricky.perft --max-nodes 1000000"},
        Msg::PerftFooter));

    Command command;
    command.app = sub;
    command.run = [args, sub] {
        args->max_nodes_given = sub->count("--max-nodes") > 0;
        args->fen_given = sub->count("--fen") > 0;
        if (sub->count("--suite") > 0) return run_suite(*args);
        if (sub->count("DEPTH") == 0) {
            print_error(tr(Msg::PerftNeedDepth));
            return ExitUsage;
        }
        return run_single(*args);
    };
    command.on_negative_number = [](const std::string& text) {
        (void)parse_depth(text);  // prints the range message
        return ExitUsage;
    };
    return command;
}

}  // namespace schach::cli
