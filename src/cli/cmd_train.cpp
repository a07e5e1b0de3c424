// schach train DATA... --out NET [--hidden N] [--buckets N] [--epochs N] [--batch N] [--lr X] [--wd X]
//                      [--lambda X] [--scale CP] [--threads N] [--checkpoint FILE] [--validation N]
//
// Trains the evaluation network on game files of `schach datagen` (train/trainer.hpp) and writes
// it in the engine's format; a checkpoint after every epoch lets a new run go on.

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "engine/nnue.hpp"
#include "text/train_text.hpp"
#include "train/trainer.hpp"

namespace schach::cli {
namespace {

struct TrainArgs {
    std::vector<std::string> data;
    std::string out;
    train::TrainOptions options;
    int validation = 20;
    std::uint64_t positions = 0;
    bool mirror = true;
};

/// Reads the training set and (every `validation`-th game) the held-out set of every file.
bool read_data(const TrainArgs& args, train::Dataset& data, train::Dataset& held) {
    for (const std::string& path : args.data) {
        fmt::print(stderr, "{}\n", tr(TrainMsg::TrainReading, path));
        for (int pass = 0; pass < (args.validation > 0 ? 2 : 1); ++pass) {
            std::ifstream in(path, std::ios::binary);
            if (!in) {
                print_error(tr(TrainMsg::DatagenCannotOpen, path));
                return false;
            }
            train::Dataset& into = pass == 0 ? data : held;
            const std::uint64_t room = args.positions > 0 ? args.positions - std::min(args.positions, data.size()) : 0;
            if (pass == 0 && args.positions > 0 && room == 0) continue;
            const auto read = into.add_file(in, pass == 0 ? room : 0, args.validation, pass == 1);
            if (!read) {
                print_error(tr(TrainMsg::DatagenNotAGameFile, path,
                               tr(TrainMsg::ReadIllegalMove, read.error().ply + 1, read.error().offset)));
                return false;
            }
        }
    }
    fmt::print(stderr, "{}\n", tr(TrainMsg::TrainRead, data.size(), held.size()));
    return true;
}

int run_train(const TrainArgs& args) {
    train::Dataset data, held;
    // The held-out set stays as played: its loss stays comparable. With king mirroring a mirrored
    // copy would be the same input again, so it is not made.
    data.mirror_files(args.mirror && !args.options.king_mirror);
    if (!read_data(args, data, held)) return ExitUsage;
    if (data.size() == 0) {
        print_error(tr(TrainMsg::TrainNoData));
        return ExitUsage;
    }
    const auto result = train::train(
        data, held.size() ? &held : nullptr, args.options, [](const train::EpochReport& r) {
            fmt::print(stderr, "{}\n", tr(TrainMsg::TrainEpoch, r.epoch, r.loss, r.validation, r.positions_per_second));
        });
    if (!result) {
        const std::string& cp = args.options.checkpoint;
        print_error(result.error() == train::CheckpointError::CannotWrite ? tr(TrainMsg::TrainCannotWrite, cp)
                                                                          : tr(TrainMsg::TrainBadCheckpoint, cp));
        return ExitUsage;
    }
    if (result->resumed_after > 0) fmt::print(stderr, "{}\n", tr(TrainMsg::TrainResumed, result->resumed_after));
    const std::vector<std::uint8_t> bytes = train::quantise(result->net);
    std::ofstream out(args.out, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
        print_error(tr(TrainMsg::TrainCannotWrite, args.out));
        return ExitUsage;
    }
    fmt::print("{}\n", tr(TrainMsg::TrainWritten, args.out));
    return ExitOk;
}

}  // namespace

Command add_train_command(CLI::App& parent) {
    auto args = std::make_shared<TrainArgs>();
    CLI::App* sub = parent.add_subcommand("train", tr(TrainMsg::TrainAbout));
    train::TrainOptions& o = args->options;
    sub->add_option("DATA", args->data, tr(TrainMsg::HelpTrainData))->required();
    sub->add_option("--out", args->out, tr(TrainMsg::HelpTrainOut))->required();
    sub->add_option("--hidden", o.hidden, tr(TrainMsg::HelpTrainHidden))
        ->check(CLI::Range(8, 4096))
        ->capture_default_str();
    sub->add_option("--buckets", o.output_buckets, tr(TrainMsg::HelpTrainBuckets))
        ->check(CLI::Range(1, engine::nnue::MaxOutputBuckets))
        ->capture_default_str();
    sub->add_option("--epochs", o.epochs, tr(TrainMsg::HelpTrainEpochs))
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    sub->add_option("--batch", o.batch, tr(TrainMsg::HelpTrainBatch))
        ->check(CLI::Range(1, 1 << 24))
        ->capture_default_str();
    sub->add_option("--lr", o.learning_rate, tr(TrainMsg::HelpTrainLr))
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    sub->add_option("--wd", o.weight_decay, tr(TrainMsg::HelpTrainWd))
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    sub->add_option("--lambda", o.lambda, tr(TrainMsg::HelpTrainLambda))
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    sub->add_option("--scale", o.scale, tr(TrainMsg::HelpTrainScale))
        ->check(CLI::Range(1.0, 10000.0))
        ->capture_default_str();
    sub->add_option("--threads", o.threads, tr(TrainMsg::HelpTrainThreads))
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    sub->add_option("--checkpoint", o.checkpoint, tr(TrainMsg::HelpTrainCheckpoint));
    sub->add_option("--validation", args->validation, tr(TrainMsg::HelpTrainValidation))
        ->check(CLI::Range(0, 1000000))
        ->capture_default_str();
    sub->add_option("--positions", args->positions, tr(TrainMsg::HelpTrainPositions))->capture_default_str();
    sub->add_flag("--mirror,!--no-mirror", args->mirror, tr(TrainMsg::HelpTrainMirror))->capture_default_str();
    sub->add_flag("--king-mirror", o.king_mirror, tr(TrainMsg::HelpTrainKingMirror));
    sub->footer(help_footer({}, {"schach train data/*.games --out nets/schach.nnue --checkpoint build/train.ckpt"}) +
                "\n" + tr(TrainMsg::TrainFooter));
    Command command;
    command.app = sub;
    command.run = [args] { return run_train(*args); };
    return command;
}

}  // namespace schach::cli
