// schach tune DATA... [--epochs N] [--lr X] [--threads 1|2] [--checkpoint FILE] [--out FILE] [--from-defaults]
// schach tune --selfplay FILE [--games N] [--nodes N] [--openings EPD] [--concurrency 1|2]
//
// Texel tuning of the evaluation (engine/texel.hpp): reads positions with game results, finds
// K, runs Adam over every weight and writes the table as C++ source for eval_weights.cpp. With
// --selfplay it makes such data instead: the engine plays itself at a fixed node count and the
// quiet positions of each game are appended to FILE (a killed run goes on where it stopped).

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "core/fen.hpp"
#include "engine/eval_params.hpp"
#include "engine/selfplay.hpp"
#include "engine/texel.hpp"
#include "text/fen_text.hpp"

namespace schach::cli {
namespace {

namespace texel = engine::texel;

struct TuneArgs {
    std::vector<std::string> data;
    int epochs = 300;
    double rate = 1.0;
    double l2 = 0;
    int holdout = 10;
    bool asymmetric = false;
    int threads = 2;
    std::string checkpoint;
    std::string out = "eval_weights.cpp";
    bool from_defaults = false;
    std::string selfplay;
    int games = 100;
    std::uint64_t nodes = 5000;
    std::string openings;
    int concurrency = 2;
    int random_plies = 0;
    int max_start_score = 0;
    std::vector<std::string> versus;
};

std::string data_error_text(const texel::DataError& e) {
    switch (e.kind) {
        case texel::DataError::Kind::MissingResult: return tr(Msg::TuneMissingResult);
        case texel::DataError::Kind::BadResult: return tr(Msg::TuneBadResult, e.text);
        case texel::DataError::Kind::BadFen: return tr(Msg::TuneBadFen, e.text, describe(e.fen, lang()));
    }
    return {};
}

/// Every `holdout`-th block of 512 entries into `validation`, the rest into `train` (holdout 0:
/// none held out). Blocks, not single positions: the positions of one game follow each other
/// and share its result, so a held-out game must be held out whole to tell a fit from a memory.
void split_dataset(const texel::Dataset& all, int holdout, texel::Dataset& train, texel::Dataset& validation) {
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& e = all.entries()[i];
        engine::EvalTrace t;
        t.phase = e.phase;
        t.scale = e.scale;
        for (std::uint16_t j = 0; j < e.count; ++j) {
            const texel::Feature f = all.features()[e.begin + j];
            t.coef[f.index] = f.coef;
        }
        (holdout > 0 && (i / 512) % static_cast<std::size_t>(holdout) == 0 ? validation : train).add(t, e.result);
    }
}

/// Today in ISO form, UTC.
std::string utc_date_today() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

int run_tune(const TuneArgs& args) {
    texel::Dataset all;
    for (const std::string& path : args.data) {
        auto file = open_input_file(path);
        if (!file) {
            print_error(file.error());
            return ExitUsage;
        }
        const auto read = texel::read_dataset(*file, all);
        if (!read) {
            // FILE:LINE: prefix, stable for scripts; the sentence in the language.
            fmt::print(stderr, "{}:{}: {}\n", path, read.error().line, data_error_text(read.error()));
            return ExitUsage;
        }
        fmt::print(stderr, "{}\n", tr(Msg::TuneRead, path, *read));
    }
    // Every holdout-th block of positions is kept apart to measure the fit on positions the tuner never saw.
    texel::Dataset data, validation;
    split_dataset(all, args.holdout, data, validation);
    const engine::Weights start = args.from_defaults ? engine::default_weights() : engine::EvalWeights;
    texel::TuneResult result;
    if (data.size() == 0) {
        if (args.epochs > 0) {
            print_error(tr(Msg::TuneNoData));
            return ExitUsage;
        }
        result.weights = texel::to_real(start);
    } else {
        texel::TuneOptions options;
        options.epochs = args.epochs;
        options.learning_rate = args.rate;
        options.threads = args.threads;
        options.checkpoint = args.checkpoint;
        options.l2 = args.l2;
        options.symmetric_pst = !args.asymmetric;
        if (validation.size() > 0) options.validation = &validation;
        options.on_epoch = [](int epoch, double error, double held_out) {
            fmt::print(stderr, "{}\n", tr(Msg::TuneEpoch, epoch, error, held_out));
        };
        result = texel::tune(data, texel::to_real(start), options);
        if (result.resumed_from > 0) fmt::print(stderr, "{}\n", tr(Msg::TuneResumed, result.resumed_from));
        fmt::print(stderr, "{}\n", tr(Msg::TuneK, result.k, result.error_before));
        if (validation.size() > 0)
            fmt::print(stderr, "{}\n",
                       tr(Msg::TuneValidation, validation.size(), result.validation_before, result.validation_after,
                          result.best_epoch));
    }
    std::ofstream out(args.out);
    const std::vector<std::string> comment = {
        fmt::format("generated by schach tune from {} positions on {}", data.size(), utc_date_today()),
        fmt::format("K {:.6f}, mean squared error {:.6f} before, {:.6f} after {} epochs (l2 {}, lr {})", result.k,
                    result.error_before, result.error_after, result.epochs, args.l2, args.rate),
        fmt::format("held-out {} positions: {:.6f} before, {:.6f} after (the weights of epoch {})", validation.size(),
                    result.validation_before, result.validation_after, result.best_epoch)};
    texel::write_weights_source(out, texel::to_weights(result.weights), comment);
    out.close();
    if (!out) {
        print_error(tr(Msg::TuneCannotWrite, args.out));
        return ExitUsage;
    }
    fmt::print("{}\n", tr(Msg::TuneWritten, args.out, result.error_before, result.error_after, result.k, data.size(),
                          result.epochs));
    return ExitOk;
}

/// The opening positions of an EPD/FEN file (first four fields of each line).
std::optional<std::vector<Position>> read_openings(const std::string& path) {
    auto file = open_input_file(path);
    if (!file) {
        print_error(file.error());
        return std::nullopt;
    }
    std::vector<Position> out;
    std::size_t line_no = 0;
    for (std::string line; std::getline(*file, line);) {
        ++line_no;
        const std::vector<std::string_view> w = split_words(line);
        if (w.size() < 4 || w[0].front() == '#') continue;
        const std::string fen = fmt::format("{} {} {} {}", w[0], w[1], w[2], w[3]);
        auto pos = position_from_fen(fen);
        if (!pos) {
            fmt::print(stderr, "{}:{}: {}\n", path, line_no, tr(Msg::TuneBadFen, fen, describe(pos.error(), lang())));
            return std::nullopt;
        }
        out.push_back(*pos);
    }
    return out;
}

/// The weights of the old placeholder evaluation (material 100/320/330/500/975 and a small centre
/// bonus for the pieces), as a baseline for matches.
engine::Weights placeholder_weights() {
    engine::Weights w{};
    constexpr int Material[5] = {100, 320, 330, 500, 975};
    for (int t = 0; t < 5; ++t) w[static_cast<std::size_t>(engine::param::Material + t)] = {Material[t], Material[t]};
    for (int t = 1; t < 6; ++t)
        for (int sq = 0; sq < 64; ++sq) {
            const int f = sq % 8, r = sq / 8;
            const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
            const int bonus = 6 - 2 * (df + dr) / 2;
            w[static_cast<std::size_t>(engine::param::Pst + t * 64 + sq)] = {bonus, bonus};
        }
    return w;
}

/// builtin | defaults | placeholder | a file written by schach tune.
std::optional<engine::Weights> weights_by_name(const std::string& name) {
    if (name == "builtin") return engine::EvalWeights;
    if (name == "defaults") return engine::default_weights();
    if (name == "placeholder") return placeholder_weights();
    auto file = open_input_file(name);
    if (!file) {
        print_error(file.error());
        return std::nullopt;
    }
    auto w = texel::read_weights_source(*file);
    if (!w) {
        print_error(tr(Msg::TuneBadWeights, name, w.error()));
        return std::nullopt;
    }
    return *w;
}

int run_selfplay(const TuneArgs& args) {
    engine::SelfPlayOptions options;
    options.nodes = args.nodes;
    options.games = args.games;
    options.concurrency = args.concurrency;
    options.random_plies = args.random_plies;
    options.max_start_score = args.max_start_score;
    if (!args.openings.empty()) {
        auto openings = read_openings(args.openings);
        if (!openings) return ExitUsage;
        options.openings = std::move(*openings);
    }
    {
        std::ifstream existing(args.selfplay);
        if (existing) options.first_game = engine::count_games(existing);
    }
    if (options.first_game > 0)
        fmt::print(stderr, "{}\n", tr(Msg::TuneSelfplayResume, args.selfplay, options.first_game, options.first_game));
    std::ofstream out(args.selfplay, std::ios::app);
    if (!out) {
        print_error(tr(Msg::TuneCannotWrite, args.selfplay));
        return ExitUsage;
    }
    std::array<std::optional<engine::Weights>, 2> players;
    if (!args.versus.empty()) {
        for (int i = 0; i < 2; ++i) {
            players[static_cast<std::size_t>(i)] = weights_by_name(args.versus[static_cast<std::size_t>(i)]);
            if (!players[static_cast<std::size_t>(i)]) return ExitUsage;
            options.players[static_cast<std::size_t>(i)] = &*players[static_cast<std::size_t>(i)];
        }
    }
    std::size_t positions = 0;
    int games = 0, wins = 0, draws = 0, losses = 0;
    engine::self_play(options, out, [&](const engine::SelfPlayGame& g) {
        positions += g.positions;
        ++games;
        const char* result = g.skipped ? "-" : g.result == 1.0 ? "1-0" : g.result == 0.0 ? "0-1" : "1/2-1/2";
        fmt::print(stderr, "{}\n", tr(Msg::TuneSelfplayGame, g.number, result, g.plies, g.positions));
        if (g.skipped) return;
        (g.first_score == 1.0 ? wins : g.first_score == 0.0 ? losses : draws)++;
    });
    fmt::print("{}\n", tr(Msg::TuneSelfplayDone, games, positions, args.selfplay));
    if (!args.versus.empty()) {
        // Stable English for scripts: the first player's wins, draws, losses and Elo with a 95% interval.
        const double n = wins + draws + losses;
        const double score = n > 0 ? (wins + 0.5 * draws) / n : 0.5;
        const double var = n > 0 ? (wins * (1 - score) * (1 - score) + draws * (0.5 - score) * (0.5 - score) +
                                    losses * score * score) /
                                       n
                                 : 0;
        const double margin = n > 0 ? 1.96 * std::sqrt(var / n) : 0;
        const auto elo = [](double s) {
            s = std::clamp(s, 1e-3, 1 - 1e-3);
            return -400 * std::log10(1 / s - 1);
        };
        fmt::print("{} vs {}: +{} ={} -{}, score {:.1f}%, Elo {:+.0f} [{:+.0f}, {:+.0f}]\n", args.versus[0],
                   args.versus[1], wins, draws, losses, 100 * score, elo(score), elo(score - margin),
                   elo(score + margin));
    }
    return ExitOk;
}

}  // namespace

Command add_tune_command(CLI::App& parent) {
    auto args = std::make_shared<TuneArgs>();
    CLI::App* sub = parent.add_subcommand("tune", tr(Msg::TuneAbout));
    sub->add_option("data", args->data, tr(Msg::HelpTuneData));
    sub->add_option("--epochs", args->epochs, tr(Msg::HelpTuneEpochs))->check(CLI::Range(0, 1000000));
    sub->add_option("--lr", args->rate, tr(Msg::HelpTuneRate))->check(CLI::PositiveNumber);
    sub->add_option("--l2", args->l2, tr(Msg::HelpTuneL2))->check(CLI::NonNegativeNumber);
    sub->add_option("--holdout", args->holdout, tr(Msg::HelpTuneHoldout))->check(CLI::Range(0, 1000));
    sub->add_flag("--asymmetric", args->asymmetric, tr(Msg::HelpTuneAsymmetric));
    sub->add_option("--threads", args->threads, tr(Msg::HelpTuneThreads))->check(CLI::Range(1, 2));
    sub->add_option("--checkpoint", args->checkpoint, tr(Msg::HelpTuneCheckpoint));
    sub->add_option("--out", args->out, tr(Msg::HelpTuneOut));
    sub->add_flag("--from-defaults", args->from_defaults, tr(Msg::HelpTuneFromDefaults));
    sub->add_option("--selfplay", args->selfplay, tr(Msg::HelpTuneSelfplay));
    sub->add_option("--games", args->games, tr(Msg::HelpTuneGames))->check(CLI::Range(1, 10000000));
    sub->add_option("--nodes", args->nodes, tr(Msg::HelpTuneNodes))->check(CLI::Range(1, 1000000000));
    sub->add_option("--openings", args->openings, tr(Msg::HelpTuneOpenings));
    sub->add_option("--concurrency", args->concurrency, tr(Msg::HelpTuneConcurrency))->check(CLI::Range(1, 2));
    sub->add_option("--versus", args->versus, tr(Msg::HelpTuneVersus))->expected(2);
    sub->add_option("--random-plies", args->random_plies, tr(Msg::HelpTuneRandomPlies))->check(CLI::Range(0, 40));
    sub->add_option("--max-start-score", args->max_start_score, tr(Msg::HelpTuneMaxStart))->check(CLI::Range(0, 20000));
    sub->footer(help_footer(
        Msg::TuneFooter,
        {"schach tune --selfplay data/selfplay.txt --games 2000 --nodes 5000 --openings book.epd --random-plies 2",
         "schach tune data/selfplay.txt --epochs 500 --checkpoint data/tune.ckpt --out "
         "src/engine/eval_weights.cpp",
         "schach tune --selfplay /dev/null --versus tuned.cpp builtin --games 200 --openings book.epd",
         "schach tune --epochs 0 --from-defaults --out src/engine/eval_weights.cpp"}));
    Command command;
    command.app = sub;
    command.run = [args] { return args->selfplay.empty() ? run_tune(*args) : run_selfplay(*args); };
    return command;
}

}  // namespace schach::cli
