#pragma once
// The Texel tuner: fits the evaluation's weights to game results. The evaluation is linear in
// its weights (given phase and scale), so each position is traced once into a sparse feature
// vector and an epoch is one dot product per position: find the K of sigmoid(K * eval) that fits
// the results best, then lower the mean squared error with Adam on the full batch.
//
// Data: one position a line, `<FEN> [1.0]` / `[0.5]` / `[0.0]` (White's score), or the EPD form
// `<4 FEN fields> c9 "1-0";` ("1-0", "1/2-1/2", "0-1"). Blank lines and lines from '#' are skipped.

#include <cstdint>
#include <expected>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.hpp"
#include "core/position.hpp"
#include "engine/eval_params.hpp"
#include "engine/eval_terms.hpp"

namespace schach::engine::texel {

/// A line of the data that cannot be read.
struct DataError {
    enum class Kind : std::uint8_t {
        MissingResult,  // neither `[score]` at the end nor a c9 opcode
        BadResult,      // a score other than 1.0, 0.5, 0.0 (or 1-0, 1/2-1/2, 0-1)
        BadFen,         // the position does not read (fen says why)
    };
    Kind kind = Kind::MissingResult;
    std::size_t line = 0;  // 1-based
    PositionError fen{};
    std::string text;  // the offending result token or FEN
};

/// A position and White's score in its game (1, 0.5 or 0).
struct LabeledPosition {
    Position position;
    double result = 0.5;
};

/// Reads one line: nothing for a blank or comment line, else the position and its result.
std::expected<std::optional<LabeledPosition>, DataError> parse_line(std::string_view line, std::size_t line_no);

/// The sparse features of one position.
struct Feature {
    std::uint16_t index;
    std::int16_t coef;
};

/// Positions as feature vectors: about 4 bytes per feature, 60-90 features a position.
class Dataset {
public:
    /// Adds a position (traced now) with White's result in [0, 1].
    void add(const Position& pos, double result);
    /// Adds a traced position directly (tests build synthetic data this way).
    void add(const EvalTrace& trace, double result);
    std::size_t size() const { return entries_.size(); }
    std::size_t feature_count() const { return features_.size(); }

    struct Entry {
        std::uint32_t begin;
        std::uint16_t count;
        std::uint8_t phase;
        std::uint8_t scale;
        float result;
    };
    const std::vector<Entry>& entries() const { return entries_; }
    const std::vector<Feature>& features() const { return features_; }

private:
    std::vector<Entry> entries_;
    std::vector<Feature> features_;
};

struct ReadOptions {
    bool skip_in_check = true;  // a position in check is no quiet position
};
/// Reads a whole data file into `data`; the first bad line is the error (nothing after it is
/// added). Returns the number of positions added.
std::expected<std::size_t, DataError> read_dataset(std::istream& in, Dataset& data, ReadOptions options = {});

/// Weights as real numbers while tuning: mg of weight i at 2i, eg at 2i + 1.
using RealWeights = std::vector<double>;
RealWeights to_real(const Weights& w);
Weights to_weights(const RealWeights& w);

/// The evaluation (White's view, centipawns) of one entry with the given weights.
double evaluate_entry(const Dataset& data, const Dataset::Entry& e, const RealWeights& w);
/// Mean squared error of sigmoid(K * eval) against the results.
double mean_squared_error(const Dataset& data, const RealWeights& w, double k, int threads = 1);
/// The K that minimises the error for these weights (golden-section search on [lo, hi]).
double find_k(const Dataset& data, const RealWeights& w, int threads = 1, double lo = 1e-4, double hi = 0.05);

struct TuneOptions {
    int epochs = 200;
    double learning_rate = 1.0;  // centipawns per Adam step
    int threads = 1;             // 1 or 2
    /// Ridge penalty l2 * sum (w - start)^2 added to the error: a weight the data hardly sees
    /// (a rook on b3) stays near its start instead of fitting the noise of a few games. The
    /// checkpoint does not keep `start`: a resumed run must be given the same one.
    double l2 = 0;
    /// Ties each piece-square weight to its mirror across the d/e line (one gradient for both),
    /// halving the squares the data must tell apart.
    bool symmetric_pst = false;
    /// Weights (index into RealWeights) left alone; empty: all are tuned.
    std::vector<bool> frozen;
    /// Where to save the state every `checkpoint_every` epochs, and to resume from when it fits
    /// this data and weight count. Empty: no checkpoint.
    std::string checkpoint;
    int checkpoint_every = 10;
    /// Called after each epoch with the epoch (1-based), the training error (without the
    /// penalty) and the validation error (0 without a validation set).
    std::function<void(int, double, double)> on_epoch;
    /// Held-out positions: their error is measured after every epoch, and the weights of the
    /// epoch where it was lowest are the result (early stopping), reported before and after.
    const Dataset* validation = nullptr;
};

struct TuneResult {
    RealWeights weights;
    double k = 0;
    double error_before = 0;
    double error_after = 0;
    double validation_before = 0;  // with a validation set
    double validation_after = 0;
    int epochs = 0;        // epochs run in total (with those before a resume)
    int best_epoch = 0;    // with a validation set: the epoch whose weights are returned
    int resumed_from = 0;  // epoch the checkpoint had reached, 0 for a fresh start
};

/// Finds K for `start` (unless resuming, which keeps the checkpoint's K), then runs Adam.
TuneResult tune(const Dataset& data, const RealWeights& start, const TuneOptions& options);

/// Writes the weights as the C++ source of eval_weights.cpp; `comment` lines go at the top.
void write_weights_source(std::ostream& out, const Weights& w, const std::vector<std::string>& comment);

/// Reads back a table written by write_weights_source (one `{mg, eg},` a line). The error: the
/// number of the line that does not read, or 0 when the count of entries is not param::Count.
std::expected<Weights, std::size_t> read_weights_source(std::istream& in);

}  // namespace schach::engine::texel
