#include "engine/texel.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <thread>

#include "core/ascii.hpp"

namespace schach::engine::texel {

namespace {

constexpr Problems Relaxed = Problems::all() - Problem::OppositeCheck;

std::optional<double> parse_score(std::string_view token) {
    token = trim(token);
    if (token == "1-0") return 1.0;
    if (token == "0-1") return 0.0;
    if (token == "1/2-1/2" || token == "1/2") return 0.5;
    double v = -1;
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (ec != std::errc{} || ptr != token.data() + token.size()) return std::nullopt;
    if (v != 0.0 && v != 0.5 && v != 1.0) return std::nullopt;
    return v;
}

/// The first `n` blank-separated fields of `text`, joined by single spaces.
std::string first_fields(std::string_view text, int n) {
    std::string out;
    std::size_t i = 0;
    for (int field = 0; field < n; ++field) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i == start) break;
        if (!out.empty()) out += ' ';
        out += text.substr(start, i - start);
    }
    return out;
}

/// Where the EPD opcode c9 starts (at the start of a field), or npos.
std::size_t find_c9(std::string_view line) {
    for (std::size_t at = line.find("c9"); at != std::string_view::npos; at = line.find("c9", at + 1)) {
        const bool starts_field = at > 0 && (line[at - 1] == ' ' || line[at - 1] == '\t' || line[at - 1] == ';');
        const bool ends_word = at + 2 < line.size() && (line[at + 2] == ' ' || line[at + 2] == '\t');
        if (starts_field && ends_word) return at;
    }
    return std::string_view::npos;
}

constexpr double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// Sums fn(begin, end) over [0, n) on up to two threads.
template <class Fn>
double parallel_sum(std::size_t n, int threads, Fn fn) {
    if (threads < 2 || n < 1024) return fn(std::size_t{0}, n);
    const std::size_t half = n / 2;
    double second = 0;
    std::thread worker([&] { second = fn(half, n); });
    const double first = fn(std::size_t{0}, half);
    worker.join();
    return first + second;
}

}  // namespace

std::expected<std::optional<LabeledPosition>, DataError> parse_line(std::string_view line, std::size_t line_no) {
    line = trim(line);
    if (line.empty() || line.front() == '#') return std::optional<LabeledPosition>{};
    std::string fen;
    std::optional<double> result;
    if (line.back() == ']') {
        const std::size_t open = line.rfind('[');
        if (open == std::string_view::npos)
            return std::unexpected(DataError{DataError::Kind::MissingResult, line_no, {}, std::string(line)});
        const std::string_view token = line.substr(open + 1, line.size() - open - 2);
        result = parse_score(token);
        if (!result) return std::unexpected(DataError{DataError::Kind::BadResult, line_no, {}, std::string(token)});
        fen = std::string(trim(line.substr(0, open)));
    } else if (const std::size_t c9 = find_c9(line); c9 != std::string_view::npos) {
        std::string_view rest = trim(line.substr(c9 + 2));
        const std::size_t end = rest.find(';');
        std::string_view token = trim(rest.substr(0, end));
        if (token.size() >= 2 && token.front() == '"' && token.back() == '"') token = token.substr(1, token.size() - 2);
        result = parse_score(token);
        if (!result || token.find('-') == std::string_view::npos)
            return std::unexpected(DataError{DataError::Kind::BadResult, line_no, {}, std::string(token)});
        fen = first_fields(line.substr(0, c9), 4);
    } else {
        return std::unexpected(DataError{DataError::Kind::MissingResult, line_no, {}, std::string(line)});
    }
    auto pos = position_from_fen(fen, {.relax = Relaxed});
    if (!pos) return std::unexpected(DataError{DataError::Kind::BadFen, line_no, pos.error(), fen});
    return std::optional<LabeledPosition>{LabeledPosition{*pos, *result}};
}

void Dataset::add(const Position& pos, double result) { add(trace_evaluation(pos), result); }

void Dataset::add(const EvalTrace& trace, double result) {
    Entry e{static_cast<std::uint32_t>(features_.size()), 0, static_cast<std::uint8_t>(trace.phase),
            static_cast<std::uint8_t>(trace.scale), static_cast<float>(result)};
    for (int i = 0; i < param::Count; ++i) {
        const int c = trace.coef[static_cast<std::size_t>(i)];
        if (c == 0) continue;
        features_.push_back({static_cast<std::uint16_t>(i), static_cast<std::int16_t>(std::clamp(c, -32768, 32767))});
        ++e.count;
    }
    entries_.push_back(e);
}

std::expected<std::size_t, DataError> read_dataset(std::istream& in, Dataset& data, ReadOptions options) {
    std::size_t added = 0, line_no = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_no;
        auto parsed = parse_line(line, line_no);
        if (!parsed) return std::unexpected(parsed.error());
        if (!*parsed) continue;
        if (options.skip_in_check && (*parsed)->position.in_check()) continue;
        data.add((*parsed)->position, (*parsed)->result);
        ++added;
    }
    return added;
}

RealWeights to_real(const Weights& w) {
    RealWeights r(2 * w.size());
    for (std::size_t i = 0; i < w.size(); ++i) {
        r[2 * i] = w[i].mg;
        r[2 * i + 1] = w[i].eg;
    }
    return r;
}

Weights to_weights(const RealWeights& r) {
    Weights w{};
    for (std::size_t i = 0; i < w.size(); ++i)
        w[i] = {static_cast<int>(std::lround(r[2 * i])), static_cast<int>(std::lround(r[2 * i + 1]))};
    return w;
}

double evaluate_entry(const Dataset& data, const Dataset::Entry& e, const RealWeights& w) {
    double mg = 0, eg = 0;
    const Feature* f = data.features().data() + e.begin;
    for (std::uint16_t i = 0; i < e.count; ++i) {
        mg += f[i].coef * w[2 * f[i].index];
        eg += f[i].coef * w[2 * f[i].index + 1];
    }
    return (mg * e.phase + eg * (PhaseMax - e.phase)) * e.scale / (PhaseMax * ScaleNormal);
}

double mean_squared_error(const Dataset& data, const RealWeights& w, double k, int threads) {
    const auto& entries = data.entries();
    if (entries.empty()) return 0;
    const double sum = parallel_sum(entries.size(), threads, [&](std::size_t begin, std::size_t end) {
        double s = 0;
        for (std::size_t i = begin; i < end; ++i) {
            const double d = entries[i].result - sigmoid(k * evaluate_entry(data, entries[i], w));
            s += d * d;
        }
        return s;
    });
    return sum / static_cast<double>(entries.size());
}

double find_k(const Dataset& data, const RealWeights& w, int threads, double lo, double hi) {
    constexpr double Ratio = 0.6180339887498949;
    double a = lo, b = hi;
    double c = b - Ratio * (b - a), d = a + Ratio * (b - a);
    double fc = mean_squared_error(data, w, c, threads), fd = mean_squared_error(data, w, d, threads);
    for (int i = 0; i < 60 && b - a > 1e-7; ++i) {
        if (fc < fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - Ratio * (b - a);
            fc = mean_squared_error(data, w, c, threads);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + Ratio * (b - a);
            fd = mean_squared_error(data, w, d, threads);
        }
    }
    return (a + b) / 2;
}

namespace {

/// Adam's state, all of it in the checkpoint.
struct State {
    RealWeights w, m, v;
    double k = 0, error_before = 0;
    int epoch = 0;
};

constexpr std::string_view CheckpointMagic = "schach-texel-checkpoint-1";

void save(const std::string& path, const State& s, std::size_t positions) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp);
        out.precision(17);
        out << CheckpointMagic << '\n'
            << positions << ' ' << s.w.size() << ' ' << s.epoch << ' ' << s.k << ' ' << s.error_before << '\n';
        for (std::size_t i = 0; i < s.w.size(); ++i) out << s.w[i] << ' ' << s.m[i] << ' ' << s.v[i] << '\n';
        if (!out) return;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
}

/// The checkpoint's state when it was made for this data and weight count.
std::optional<State> load(const std::string& path, std::size_t positions, std::size_t weights) {
    std::ifstream in(path);
    std::string magic;
    if (!in || !std::getline(in, magic) || magic != CheckpointMagic) return std::nullopt;
    State s;
    std::size_t n = 0, count = 0;
    if (!(in >> n >> count >> s.epoch >> s.k >> s.error_before) || n != positions || count != weights)
        return std::nullopt;
    s.w.resize(count);
    s.m.resize(count);
    s.v.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        if (!(in >> s.w[i] >> s.m[i] >> s.v[i])) return std::nullopt;
    return s;
}

/// The gradient of the error over entries [begin, end) into `grad`; returns their squared error.
double gradient(const Dataset& data, const RealWeights& w, double k, std::size_t begin, std::size_t end,
                RealWeights& grad) {
    const auto& entries = data.entries();
    const double n = static_cast<double>(entries.size());
    double error = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const Dataset::Entry& e = entries[i];
        const double s = sigmoid(k * evaluate_entry(data, e, w));
        const double diff = s - e.result;
        error += diff * diff;
        const double d = 2.0 * diff * s * (1 - s) * k / n * e.scale / (PhaseMax * ScaleNormal);
        const double dmg = d * e.phase, deg = d * (PhaseMax - e.phase);
        const Feature* f = data.features().data() + e.begin;
        for (std::uint16_t j = 0; j < e.count; ++j) {
            grad[2 * f[j].index] += f[j].coef * dmg;
            grad[2 * f[j].index + 1] += f[j].coef * deg;
        }
    }
    return error;
}

/// Both squares of a pair mirrored across the d/e line get the mean of their gradients.
void tie_mirrored_squares(RealWeights& grad) {
    for (int type = 0; type < 6; ++type)
        for (int sq = 0; sq < 64; ++sq) {
            if (sq % 8 >= 4) continue;
            const auto a = static_cast<std::size_t>(2 * (param::Pst + type * 64 + sq));
            const auto b = static_cast<std::size_t>(2 * (param::Pst + type * 64 + (sq ^ 7)));
            for (std::size_t phase = 0; phase < 2; ++phase) {
                const double mean = (grad[a + phase] + grad[b + phase]) / 2;
                grad[a + phase] = grad[b + phase] = mean;
            }
        }
}

}  // namespace

TuneResult tune(const Dataset& data, const RealWeights& start, const TuneOptions& options) {
    const std::size_t count = start.size();
    State s;
    std::optional<State> resumed;
    if (!options.checkpoint.empty()) resumed = load(options.checkpoint, data.size(), count);
    TuneResult result;
    if (resumed) {
        s = std::move(*resumed);
        result.resumed_from = s.epoch;
    } else {
        s.w = start;
        s.m.assign(count, 0);
        s.v.assign(count, 0);
        s.k = find_k(data, start, options.threads);
        s.error_before = mean_squared_error(data, start, s.k, options.threads);
    }
    constexpr double Beta1 = 0.9, Beta2 = 0.999, Epsilon = 1e-8;
    const int threads = std::clamp(options.threads, 1, 2);
    RealWeights grad(count), grad2(count);
    RealWeights best = s.w;
    double best_validation = options.validation ? mean_squared_error(*options.validation, s.w, s.k, threads) : 0;
    int best_epoch = s.epoch;
    while (s.epoch < options.epochs) {
        std::fill(grad.begin(), grad.end(), 0.0);
        double error = 0;
        const std::size_t n = data.size();
        if (threads == 2 && n >= 1024) {
            std::fill(grad2.begin(), grad2.end(), 0.0);
            double second = 0;
            std::thread worker([&] { second = gradient(data, s.w, s.k, n / 2, n, grad2); });
            error = gradient(data, s.w, s.k, 0, n / 2, grad);
            worker.join();
            error += second;
            for (std::size_t i = 0; i < count; ++i) grad[i] += grad2[i];
        } else {
            error = gradient(data, s.w, s.k, 0, n, grad);
        }
        if (options.symmetric_pst) tie_mirrored_squares(grad);
        ++s.epoch;
        const double c1 = 1 - std::pow(Beta1, s.epoch), c2 = 1 - std::pow(Beta2, s.epoch);
        for (std::size_t i = 0; i < count; ++i) {
            if (i < options.frozen.size() && options.frozen[i]) continue;
            grad[i] += 2 * options.l2 * (s.w[i] - start[i]);
            s.m[i] = Beta1 * s.m[i] + (1 - Beta1) * grad[i];
            s.v[i] = Beta2 * s.v[i] + (1 - Beta2) * grad[i] * grad[i];
            s.w[i] -= options.learning_rate * (s.m[i] / c1) / (std::sqrt(s.v[i] / c2) + Epsilon);
        }
        double validation = 0;
        if (options.validation) {
            validation = mean_squared_error(*options.validation, s.w, s.k, threads);
            if (validation < best_validation) {
                best_validation = validation;
                best = s.w;
                best_epoch = s.epoch;
            }
        }
        // The training error of the weights this epoch started from (no extra pass over the data).
        if (options.on_epoch) options.on_epoch(s.epoch, n ? error / static_cast<double>(n) : 0.0, validation);
        if (!options.checkpoint.empty() && (s.epoch % std::max(1, options.checkpoint_every) == 0))
            save(options.checkpoint, s, data.size());
    }
    if (!options.checkpoint.empty()) save(options.checkpoint, s, data.size());
    result.k = s.k;
    result.error_before = s.error_before;
    result.epochs = s.epoch;
    if (options.validation) {
        // Early stopping: the weights of the best epoch on the held-out positions. (After a
        // resume the best epoch before it is not known: the comparison starts at the resume.)
        s.w = std::move(best);
        result.best_epoch = best_epoch;
        result.validation_before = mean_squared_error(*options.validation, start, s.k, threads);
        result.validation_after = mean_squared_error(*options.validation, s.w, s.k, threads);
    }
    result.error_after = mean_squared_error(data, s.w, s.k, threads);
    result.weights = std::move(s.w);
    return result;
}

void write_weights_source(std::ostream& out, const Weights& w, const std::vector<std::string>& comment) {
    for (const std::string& line : comment) out << "// " << line << '\n';
    out << "// The evaluation's weights as (middlegame, endgame) pairs in centipawns; the layout is\n"
           "// engine/eval_params.hpp's. Regenerate with `schach tune`, do not edit by hand.\n\n"
           "#include \"engine/eval_params.hpp\"\n\n"
           "namespace schach::engine {\n\n"
           "// clang-format off\n"
           "const Weights EvalWeights = {{\n";
    for (std::size_t i = 0; i < w.size(); ++i)
        out << "    {" << w[i].mg << ", " << w[i].eg << "},  // " << param_name(static_cast<int>(i)) << '\n';
    out << "}};\n"
           "// clang-format on\n\n"
           "}  // namespace schach::engine\n";
}

std::expected<Weights, std::size_t> read_weights_source(std::istream& in) {
    Weights w{};
    std::size_t count = 0, line_no = 0;
    for (std::string raw; std::getline(in, raw);) {
        ++line_no;
        const std::string_view line = trim(raw);
        if (line.size() < 2 || line[0] != '{' || line[1] == '{') continue;
        int mg = 0, eg = 0;
        const char* p = line.data() + 1;
        const char* end = line.data() + line.size();
        auto r = std::from_chars(p, end, mg);
        if (r.ec != std::errc{} || r.ptr + 1 >= end || r.ptr[0] != ',') return std::unexpected(line_no);
        p = r.ptr + 1;
        while (p < end && *p == ' ') ++p;
        r = std::from_chars(p, end, eg);
        if (r.ec != std::errc{} || r.ptr >= end || r.ptr[0] != '}') return std::unexpected(line_no);
        if (count >= w.size()) return std::unexpected(std::size_t{0});
        w[count++] = {mg, eg};
    }
    if (count != w.size()) return std::unexpected(std::size_t{0});
    return w;
}

}  // namespace schach::engine::texel
