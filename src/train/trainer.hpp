#pragma once
// The network's trainer (`schach train`): (768 -> N) x 2 -> 1 with SCReLU and output buckets
// (one output layer per range of the number of men, engine/nnue.hpp), optionally with king
// mirroring (engine/nnue.hpp), in float, on the
// sparse inputs of a Dataset. The target mixes the search's score and the game's result,
// lambda * sigmoid(score / Scale) + (1 - lambda) * result, both from the side to move's view;
// the loss is the squared error of sigmoid(output). AdamW over shuffled batches, several threads
// per batch, a checkpoint after every epoch from which a new run goes on. The result is
// quantised into the engine's network format (engine/nnue.hpp).

#include <cstdint>
#include <expected>
#include <functional>
#include <string>
#include <vector>

#include "train/dataset.hpp"

namespace schach::train {

struct TrainOptions {
    int hidden = 256;
    int output_buckets = 1;    // output layers by the number of men (1..8)
    bool king_mirror = false;  // each side's view mirrored while its king is on files e-h (engine/nnue.hpp)
    int epochs = 10;
    int batch = 16384;
    float learning_rate = 0.016f;  // each doubling from 0.001 won (engine log, net2)
    float weight_decay = 0.01f;
    /// The learning rate falls by `lr_drop` at each of these shares of the run (cosine-free steps).
    float lr_drop = 0.3f;
    float lambda = 0.9f;  // share of the score in the target (0.9 beat 0.75 by +60 ± 29 Elo: engine log, net2)
    float scale = 400;    // centipawns per unit of output
    int threads = 1;
    std::uint64_t seed = 1;
    std::string checkpoint;  // empty: none
};

/// The float network as trained.
struct FloatNetwork {
    int hidden = 0;
    int buckets = 1;
    bool king_mirror = false;
    std::vector<float> w1;  // [768][hidden]
    std::vector<float> b1;  // [hidden]
    std::vector<float> w2;  // [buckets][2 hidden]: side to move's half, then the other's
    std::vector<float> b2;  // [buckets]

    /// Random start (Kaiming-like for the input layer, small output weights).
    static FloatNetwork random(int hidden, std::uint64_t seed, int buckets = 1, bool king_mirror = false);
    /// The output (before the sigmoid) for a position of the dataset.
    float forward(const Dataset& data, std::size_t i) const;
};

struct EpochReport {
    int epoch = 0;
    double loss = 0;        // mean over the training positions of this epoch
    double validation = 0;  // mean over the held-out positions (0 without)
    double positions_per_second = 0;
    float learning_rate = 0;
};

enum class CheckpointError : std::uint8_t { CannotWrite, BadFile, WrongShape };

struct TrainResult {
    FloatNetwork net;
    int epochs_done = 0;
    int resumed_after = 0;  // epochs a checkpoint had done already
    std::vector<EpochReport> reports;
};

std::expected<TrainResult, CheckpointError> train(const Dataset& data, const Dataset* validation,
                                                  const TrainOptions& options,
                                                  const std::function<void(const EpochReport&)>& on_epoch);

/// The mean loss of a network on a dataset (threads used for speed).
double mean_loss(const FloatNetwork& net, const Dataset& data, const TrainOptions& options);

/// The engine's file format (engine/nnue.hpp): weights quantised by QA and QB, clipped so the
/// int16 accumulators and the output's madd cannot overflow.
std::vector<std::uint8_t> quantise(const FloatNetwork& net);

}  // namespace schach::train
