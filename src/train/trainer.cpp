#include "train/trainer.hpp"
#include "engine/splitmix.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <thread>

#include "engine/nnue.hpp"

namespace schach::train {

namespace nnue = engine::nnue;

namespace {

constexpr int Inputs = nnue::InputSize;
constexpr float WeightClip = nnue::OutputWeightClip;
constexpr std::array<char, 8> CheckpointMagic = {'S', 'C', 'H', 'C', 'K', 'P', 'T', '3'};
// The second checkpoint format (no king mirroring field) is still read.
constexpr std::array<char, 8> CheckpointMagicV2 = {'S', 'C', 'H', 'C', 'K', 'P', 'T', '2'};

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

/// The side to move's and the other side's inputs of position i.
struct Views {
    std::array<std::uint16_t, 32> us{}, them{};
    int count = 0;
};

/// White's own king and Black's king among inputs from White's view (engine/nnue.hpp's layout:
/// own/theirs x 6 piece types x 64 squares).
constexpr std::uint16_t WhiteKingFirst = 5 * 64, BlackKingFirst = 384 + 5 * 64;

Views views_of(const Dataset& data, std::size_t i, bool king_mirror) {
    Views v;
    const bool black = data.side_to_move(i) == Color::Black;
    // With king mirroring, each side's view is mirrored left to right (the square's file, the low
    // three bits, flipped) while its king stands on files e to h; ranks do not change the file.
    std::uint16_t flip_white = 0, flip_black = 0;
    if (king_mirror)
        for (std::uint16_t w : data.inputs(i)) {
            if (w >= WhiteKingFirst && w < WhiteKingFirst + 64 && (w & 7) >= 4) flip_white = 7;
            if (w >= BlackKingFirst && w < BlackKingFirst + 64 && (w & 7) >= 4) flip_black = 7;
        }
    for (std::uint16_t w0 : data.inputs(i)) {
        const std::uint16_t w = static_cast<std::uint16_t>(w0 ^ flip_white);
        const std::uint16_t b = static_cast<std::uint16_t>(black_view(w0) ^ flip_black);
        v.us[static_cast<std::size_t>(v.count)] = black ? b : w;
        v.them[static_cast<std::size_t>(v.count)] = black ? w : b;
        ++v.count;
    }
    return v;
}

float target_of(const Dataset& data, std::size_t i, const TrainOptions& o) {
    const float result = data.side_to_move(i) == Color::White ? data.result(i) : 1.0f - data.result(i);
    return o.lambda * sigmoid(static_cast<float>(data.score(i)) / o.scale) + (1.0f - o.lambda) * result;
}

/// Gradients of one thread's share of a batch.
struct Gradients {
    std::vector<float> w1, b1, w2, b2;
    double loss = 0;
    Gradients(int hidden, int buckets)
        : w1(static_cast<std::size_t>(Inputs * hidden)), b1(static_cast<std::size_t>(hidden)),
          w2(static_cast<std::size_t>(2 * hidden * buckets)), b2(static_cast<std::size_t>(buckets)) {}
    void clear() {
        for (std::vector<float>* v : {&w1, &b1, &w2, &b2}) std::fill(v->begin(), v->end(), 0.0f);
        loss = 0;
    }
};

/// The output layer position i is evaluated with.
std::size_t bucket_of(const FloatNetwork& net, int men) {
    return static_cast<std::size_t>(nnue::output_bucket(men, net.buckets));
}

/// One position forward and back: adds its loss and gradients to `g`.
void backprop(const FloatNetwork& net, const Dataset& data, std::size_t i, const TrainOptions& o, Gradients& g,
              std::vector<float>& scratch) {
    const int n = net.hidden;
    const auto un = static_cast<std::size_t>(n);
    const Views v = views_of(data, i, net.king_mirror);
    float* acc_us = scratch.data();
    float* acc_them = acc_us + n;
    std::copy(net.b1.begin(), net.b1.end(), acc_us);
    std::copy(net.b1.begin(), net.b1.end(), acc_them);
    for (int k = 0; k < v.count; ++k) {
        const float* ru = net.w1.data() + v.us[static_cast<std::size_t>(k)] * un;
        const float* rt = net.w1.data() + v.them[static_cast<std::size_t>(k)] * un;
        for (int j = 0; j < n; ++j) {
            acc_us[j] += ru[j];
            acc_them[j] += rt[j];
        }
    }
    const std::size_t bucket = bucket_of(net, v.count);
    const float* w2u = net.w2.data() + bucket * 2 * un;
    const float* w2t = w2u + n;
    float out = net.b2[bucket];
    for (int j = 0; j < n; ++j) {
        const float au = std::clamp(acc_us[j], 0.0f, 1.0f), at = std::clamp(acc_them[j], 0.0f, 1.0f);
        out += au * au * w2u[j] + at * at * w2t[j];
    }
    const float p = sigmoid(out);
    const float err = p - target_of(data, i, o);
    g.loss += static_cast<double>(err) * err;
    const float go = 2.0f * err * p * (1.0f - p);
    g.b2[bucket] += go;
    float* gw2u = g.w2.data() + bucket * 2 * un;
    float* gw2t = gw2u + n;
    // The hidden layers' gradients, in place of the accumulators.
    for (int j = 0; j < n; ++j) {
        const float au = acc_us[j], at = acc_them[j];
        const float cu = std::clamp(au, 0.0f, 1.0f), ct = std::clamp(at, 0.0f, 1.0f);
        gw2u[j] += go * cu * cu;
        gw2t[j] += go * ct * ct;
        acc_us[j] = (au > 0.0f && au < 1.0f) ? go * w2u[j] * 2.0f * au : 0.0f;
        acc_them[j] = (at > 0.0f && at < 1.0f) ? go * w2t[j] * 2.0f * at : 0.0f;
    }
    for (int j = 0; j < n; ++j) g.b1[static_cast<std::size_t>(j)] += acc_us[j] + acc_them[j];
    for (int k = 0; k < v.count; ++k) {
        float* ru = g.w1.data() + v.us[static_cast<std::size_t>(k)] * un;
        float* rt = g.w1.data() + v.them[static_cast<std::size_t>(k)] * un;
        for (int j = 0; j < n; ++j) {
            ru[j] += acc_us[j];
            rt[j] += acc_them[j];
        }
    }
}

struct Adam {
    std::vector<float> m, v;
    explicit Adam(std::size_t n = 0) : m(n), v(n) {}
};

struct Optimiser {
    Adam w1, b1, w2, b2;
    std::uint64_t step = 0;
    Optimiser(int hidden, int buckets)
        : w1(static_cast<std::size_t>(Inputs * hidden)), b1(static_cast<std::size_t>(hidden)),
          w2(static_cast<std::size_t>(2 * hidden * buckets)), b2(static_cast<std::size_t>(buckets)) {}
};

/// AdamW on one parameter array; `decay` only for weights, not biases. Weights stay within the
/// clip the quantisation needs.
void adamw(std::vector<float>& param, const std::vector<float>& grad, Adam& s, float lr, float decay,
           std::uint64_t step, float scale_grad) {
    constexpr float B1 = 0.9f, B2 = 0.999f, Eps = 1e-8f;
    const float c1 = 1.0f - std::pow(B1, static_cast<float>(step));
    const float c2 = 1.0f - std::pow(B2, static_cast<float>(step));
    for (std::size_t i = 0; i < param.size(); ++i) {
        const float g = grad[i] * scale_grad;
        s.m[i] = B1 * s.m[i] + (1 - B1) * g;
        s.v[i] = B2 * s.v[i] + (1 - B2) * g * g;
        const float update = (s.m[i] / c1) / (std::sqrt(s.v[i] / c2) + Eps);
        param[i] = std::clamp(param[i] - lr * (update + decay * param[i]), -WeightClip, WeightClip);
    }
}

// --- Checkpoints: the float network, the optimiser's moments and the epochs done ---------------

void write_floats(std::ofstream& out, const std::vector<float>& v) {
    out.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
}
bool read_floats(std::ifstream& in, std::vector<float>& v) {
    in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
    return static_cast<bool>(in);
}

bool save_checkpoint(const std::string& path, const FloatNetwork& net, const Optimiser& opt, int epoch) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(CheckpointMagic.data(), CheckpointMagic.size());
        const std::int32_t head[4] = {net.hidden, epoch, net.buckets, net.king_mirror ? 1 : 0};
        out.write(reinterpret_cast<const char*>(head), sizeof head);
        out.write(reinterpret_cast<const char*>(&opt.step), sizeof opt.step);
        write_floats(out, net.w1);
        write_floats(out, net.b1);
        write_floats(out, net.w2);
        write_floats(out, net.b2);
        for (const Adam* a : {&opt.w1, &opt.b1, &opt.w2, &opt.b2}) {
            write_floats(out, a->m);
            write_floats(out, a->v);
        }
        if (!out) return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);  // whole or not at all
    return !ec;
}

/// The epochs a checkpoint had done (0: no checkpoint), loaded into net and opt.
std::expected<int, CheckpointError> load_checkpoint(const std::string& path, FloatNetwork& net, Optimiser& opt) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return 0;
    std::array<char, 8> magic{};
    in.read(magic.data(), magic.size());
    const bool v2 = magic == CheckpointMagicV2;
    if (magic != CheckpointMagic && !v2) return std::unexpected(CheckpointError::BadFile);
    std::int32_t head[4] = {};
    in.read(reinterpret_cast<char*>(head), v2 ? 3 * sizeof(std::int32_t) : sizeof head);
    if (!in) return std::unexpected(CheckpointError::BadFile);
    if (head[0] != net.hidden || head[2] != net.buckets || (head[3] != 0) != net.king_mirror)
        return std::unexpected(CheckpointError::WrongShape);
    in.read(reinterpret_cast<char*>(&opt.step), sizeof opt.step);
    bool ok = read_floats(in, net.w1) && read_floats(in, net.b1) && read_floats(in, net.w2) && read_floats(in, net.b2);
    for (Adam* a : {&opt.w1, &opt.b1, &opt.w2, &opt.b2}) ok = ok && read_floats(in, a->m) && read_floats(in, a->v);
    if (!ok) return std::unexpected(CheckpointError::BadFile);
    return head[1];
}

float learning_rate(const TrainOptions& o, int epoch) {
    float lr = o.learning_rate;
    if (epoch >= (o.epochs + 1) / 2) lr *= o.lr_drop;
    if (epoch >= (3 * o.epochs + 3) / 4) lr *= o.lr_drop;
    return lr;
}

/// Runs f(thread, begin, end) over [0, n) split across `threads`.
template <class F>
void parallel(int threads, std::size_t n, F&& f) {
    threads = std::max(1, threads);
    if (threads == 1) {
        f(0, std::size_t{0}, n);
        return;
    }
    std::vector<std::thread> pool;
    const std::size_t share = (n + static_cast<std::size_t>(threads) - 1) / static_cast<std::size_t>(threads);
    for (int t = 1; t < threads; ++t) {
        const std::size_t b = std::min(n, share * static_cast<std::size_t>(t)), e = std::min(n, b + share);
        pool.emplace_back([&f, t, b, e] { f(t, b, e); });
    }
    f(0, std::size_t{0}, std::min(n, share));
    for (std::thread& th : pool) th.join();
}

}  // namespace

FloatNetwork FloatNetwork::random(int hidden, std::uint64_t seed, int buckets, bool king_mirror) {
    FloatNetwork net;
    net.hidden = hidden;
    net.buckets = buckets;
    net.king_mirror = king_mirror;
    std::mt19937_64 rng(seed);
    // About 30 active inputs: rows of this spread give accumulators of order one.
    std::normal_distribution<float> input(0.0f, 1.0f / std::sqrt(32.0f));
    std::normal_distribution<float> out(0.0f, 1.0f / std::sqrt(static_cast<float>(2 * hidden)));
    net.w1.resize(static_cast<std::size_t>(Inputs * hidden));
    for (float& w : net.w1) w = std::clamp(input(rng), -WeightClip, WeightClip);
    net.b1.assign(static_cast<std::size_t>(hidden), 0.0f);
    // Every bucket starts as the same layer: each learns from there what its men need.
    net.w2.resize(static_cast<std::size_t>(2 * hidden));
    for (float& w : net.w2) w = std::clamp(out(rng), -WeightClip, WeightClip);
    for (int b = 1; b < buckets; ++b) net.w2.insert(net.w2.end(), net.w2.begin(), net.w2.begin() + 2 * hidden);
    net.b2.assign(static_cast<std::size_t>(buckets), 0.0f);
    return net;
}

float FloatNetwork::forward(const Dataset& data, std::size_t i) const {
    const auto un = static_cast<std::size_t>(hidden);
    const Views v = views_of(data, i, king_mirror);
    std::vector<float> us(b1), them(b1);
    for (int k = 0; k < v.count; ++k)
        for (std::size_t j = 0; j < un; ++j) {
            us[j] += w1[v.us[static_cast<std::size_t>(k)] * un + j];
            them[j] += w1[v.them[static_cast<std::size_t>(k)] * un + j];
        }
    const std::size_t bucket = bucket_of(*this, v.count);
    const float* w = w2.data() + bucket * 2 * un;
    float out = b2[bucket];
    for (std::size_t j = 0; j < un; ++j) {
        const float au = std::clamp(us[j], 0.0f, 1.0f), at = std::clamp(them[j], 0.0f, 1.0f);
        out += au * au * w[j] + at * at * w[un + j];
    }
    return out;
}

double mean_loss(const FloatNetwork& net, const Dataset& data, const TrainOptions& options) {
    if (data.size() == 0) return 0;
    std::vector<double> sums(static_cast<std::size_t>(std::max(1, options.threads)));
    parallel(options.threads, data.size(), [&](int t, std::size_t b, std::size_t e) {
        double s = 0;
        for (std::size_t i = b; i < e; ++i) {
            const float err = sigmoid(net.forward(data, i)) - target_of(data, i, options);
            s += static_cast<double>(err) * err;
        }
        sums[static_cast<std::size_t>(t)] = s;
    });
    return std::accumulate(sums.begin(), sums.end(), 0.0) / static_cast<double>(data.size());
}

std::expected<TrainResult, CheckpointError> train(const Dataset& data, const Dataset* validation, const TrainOptions& o,
                                                  const std::function<void(const EpochReport&)>& on_epoch) {
    TrainResult result;
    result.net = FloatNetwork::random(o.hidden, o.seed, o.output_buckets, o.king_mirror);
    Optimiser opt(o.hidden, o.output_buckets);
    if (!o.checkpoint.empty()) {
        const auto done = load_checkpoint(o.checkpoint, result.net, opt);
        if (!done) return std::unexpected(done.error());
        result.resumed_after = *done;
    }
    const int threads = std::max(1, o.threads);
    std::vector<Gradients> grads(static_cast<std::size_t>(threads), Gradients(o.hidden, o.output_buckets));
    std::vector<std::vector<float>> scratch(static_cast<std::size_t>(threads),
                                            std::vector<float>(static_cast<std::size_t>(2 * o.hidden)));
    std::vector<std::uint32_t> order(data.size());
    for (int epoch = result.resumed_after; epoch < o.epochs; ++epoch) {
        const auto t0 = std::chrono::steady_clock::now();
        // A new order each epoch, the same for a resumed run.
        std::iota(order.begin(), order.end(), 0u);
        std::mt19937_64 rng(engine::splitmix64(o.seed ^ engine::splitmix64(static_cast<std::uint64_t>(epoch) + 1)));
        std::shuffle(order.begin(), order.end(), rng);
        const float lr = learning_rate(o, epoch);
        double loss = 0;
        for (std::size_t start = 0; start < order.size(); start += static_cast<std::size_t>(o.batch)) {
            const std::size_t n = std::min(order.size() - start, static_cast<std::size_t>(o.batch));
            parallel(threads, n, [&](int t, std::size_t b, std::size_t e) {
                Gradients& g = grads[static_cast<std::size_t>(t)];
                g.clear();
                for (std::size_t k = b; k < e; ++k)
                    backprop(result.net, data, order[start + k], o, g, scratch[static_cast<std::size_t>(t)]);
            });
            for (std::size_t t = 1; t < grads.size(); ++t) {
                for (std::size_t i = 0; i < grads[0].w1.size(); ++i) grads[0].w1[i] += grads[t].w1[i];
                for (std::size_t i = 0; i < grads[0].b1.size(); ++i) grads[0].b1[i] += grads[t].b1[i];
                for (std::size_t i = 0; i < grads[0].w2.size(); ++i) grads[0].w2[i] += grads[t].w2[i];
                for (std::size_t i = 0; i < grads[0].b2.size(); ++i) grads[0].b2[i] += grads[t].b2[i];
                grads[0].loss += grads[t].loss;
            }
            loss += grads[0].loss;
            ++opt.step;
            const float mean = 1.0f / static_cast<float>(n);
            adamw(result.net.w1, grads[0].w1, opt.w1, lr, o.weight_decay, opt.step, mean);
            adamw(result.net.b1, grads[0].b1, opt.b1, lr, 0, opt.step, mean);
            adamw(result.net.w2, grads[0].w2, opt.w2, lr, o.weight_decay, opt.step, mean);
            adamw(result.net.b2, grads[0].b2, opt.b2, lr, 0, opt.step, mean);
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        EpochReport report;
        report.epoch = epoch + 1;
        report.loss = data.size() ? loss / static_cast<double>(data.size()) : 0;
        report.validation = validation ? mean_loss(result.net, *validation, o) : 0;
        report.positions_per_second = seconds > 0 ? static_cast<double>(data.size()) / seconds : 0;
        report.learning_rate = lr;
        result.reports.push_back(report);
        result.epochs_done = epoch + 1;
        if (!o.checkpoint.empty() && !save_checkpoint(o.checkpoint, result.net, opt, epoch + 1))
            return std::unexpected(CheckpointError::CannotWrite);
        if (on_epoch) on_epoch(report);
    }
    if (result.epochs_done == 0) result.epochs_done = result.resumed_after;
    return result;
}

std::vector<std::uint8_t> quantise(const FloatNetwork& net) {
    std::vector<std::uint8_t> out = nnue::file_header(static_cast<std::uint32_t>(net.hidden),
                                                      static_cast<std::uint32_t>(net.buckets), net.king_mirror);
    const auto put = [&out](std::int64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i)
            out.push_back(static_cast<std::uint8_t>((static_cast<std::uint64_t>(v) >> (8 * i)) & 0xFF));
    };
    const auto q16 = [](float x, float factor) {
        return std::clamp<std::int64_t>(std::llround(x * factor), INT16_MIN, INT16_MAX);
    };
    for (float w : net.w1) put(q16(std::clamp(w, -WeightClip, WeightClip), nnue::QA), 2);
    for (float b : net.b1) put(q16(b, nnue::QA), 2);
    for (float w : net.w2) put(q16(std::clamp(w, -WeightClip, WeightClip), nnue::QB), 2);
    for (float b : net.b2) put(std::llround(static_cast<double>(b) * nnue::QA * nnue::QB), 4);
    return out;
}

}  // namespace schach::train
