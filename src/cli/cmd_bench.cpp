// schach bench [DEPTH]   (like Stockfish's `bench`: the node count signs a search version)

#include <memory>
#include <string>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "engine/bench.hpp"
#include "engine/features.hpp"

namespace schach::cli {

namespace {

inline constexpr int MaxBenchDepth = 30;

int print_fens() {
    for (const engine::BenchPosition& p : engine::bench_positions()) fmt::print("{}\n", p.fen);
    return ExitOk;
}

// The names the UCI option SearchOff takes, one a line, in the engine's order (for make ablate).
int print_features() {
    for (std::size_t i = 0; i < static_cast<std::size_t>(engine::SearchFeature::Count); ++i)
        fmt::print("{}\n", engine::feature_name(static_cast<engine::SearchFeature>(i)));
    return ExitOk;
}

int run_bench(const std::string& depth_text, bool depth_given) {
    int depth = engine::DefaultBenchDepth;
    if (depth_given) {
        const auto parsed = parse_ranged(depth_text, 1, MaxBenchDepth, Msg::WhatDepth);
        if (!parsed) return ExitUsage;
        depth = *parsed;
    }
    const engine::BenchResult r = engine::run_bench(depth);
    // Machine output: stable English lines, the last one for `grep ^Bench:`.
    fmt::print("Nodes: {}\n", r.nodes);
    fmt::print("NPS: {}\n", r.nps());
    fmt::print("Bench: {} nodes {} nps\n", r.nodes, r.nps());
    return ExitOk;
}

}  // namespace

Command add_bench_command(CLI::App& parent) {
    auto depth = std::make_shared<std::string>();
    auto fens = std::make_shared<bool>(false);
    auto features = std::make_shared<bool>(false);
    CLI::App* sub = parent.add_subcommand("bench", tr(Msg::BenchAbout));
    CLI::Option* depth_option = sub->add_option("DEPTH", *depth, tr(Msg::HelpBenchDepth))->type_name("1..30");
    CLI::Option* fens_flag = sub->add_flag("--fens", *fens, tr(Msg::HelpBenchFens))->excludes(depth_option);
    sub->add_flag("--features", *features, tr(Msg::HelpBenchFeatures))->excludes(fens_flag)->excludes(depth_option);
    sub->footer(help_footer({}, {"schach bench", "schach bench 13", "schach bench --fens", "schach bench --features"},
                            Msg::BenchFooter));
    Command command;
    command.app = sub;
    command.run = [depth, fens, features, sub] {
        if (*fens) return print_fens();
        if (*features) return print_features();
        return run_bench(*depth, sub->count("DEPTH") > 0);
    };
    command.on_negative_number = [](const std::string& text) {
        (void)parse_ranged(text, 1, MaxBenchDepth, Msg::WhatDepth);
        return ExitUsage;
    };
    return command;
}

}  // namespace schach::cli
