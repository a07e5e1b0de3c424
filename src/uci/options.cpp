#include "uci/options.hpp"

#include <charconv>
#include <functional>
#include <optional>

#include <fmt/core.h>

#include "engine/level.hpp"
#include "uci/words.hpp"

namespace schach::uci {
namespace {

using engine::EngineOptions;

/// How one option reads its value into EngineOptions. A spin gets the parsed number, a check the
/// bool, a string the text (false: a value the option cannot take); a button nothing.
struct OptionRule {
    OptionSpec spec;
    std::function<void(EngineOptions&, std::int64_t)> set_number;
    std::function<void(EngineOptions&, bool)> set_check;
    std::function<bool(EngineOptions&, std::string_view)> set_text;
};

std::string text(bool b) { return b ? "true" : "false"; }

OptionRule spin(std::string_view name, std::int64_t def, std::int64_t min, std::int64_t max,
                std::function<void(EngineOptions&, std::int64_t)> set) {
    return {{name, OptionType::Spin, std::to_string(def), min, max, {}}, std::move(set), {}, {}};
}
OptionRule check(std::string_view name, bool def, std::function<void(EngineOptions&, bool)> set) {
    return {{name, OptionType::Check, text(def), 0, 0, {}}, {}, std::move(set), {}};
}

const std::vector<OptionRule>& rules() {
    static const std::vector<OptionRule> table = [] {
        const EngineOptions d;
        std::vector<OptionRule> r;
        r.push_back(spin("Hash", d.hash_mb, 1, 65536, [](auto& o, auto v) { o.hash_mb = static_cast<int>(v); }));
        r.push_back(spin("Threads", d.threads, 1, 256, [](auto& o, auto v) { o.threads = static_cast<int>(v); }));
        r.push_back(spin("MultiPV", d.multipv, 1, 256, [](auto& o, auto v) { o.multipv = static_cast<int>(v); }));
        r.push_back(check("Ponder", d.ponder, [](auto& o, bool v) { o.ponder = v; }));
        r.push_back(spin("Move Overhead", d.move_overhead_ms, 0, 5000,
                         [](auto& o, auto v) { o.move_overhead_ms = static_cast<int>(v); }));
        r.push_back({{"Clear Hash", OptionType::Button, "", 0, 0, {}}, {}, {}, {}});
        r.push_back(check("UCI_Chess960", d.chess960, [](auto& o, bool v) { o.chess960 = v; }));
        r.push_back(check("UCI_ShowWDL", d.show_wdl, [](auto& o, bool v) { o.show_wdl = v; }));
        r.push_back(check("UCI_LimitStrength", d.limit_strength, [](auto& o, bool v) { o.limit_strength = v; }));
        r.push_back(spin("UCI_Elo", std::clamp(d.elo, engine::MinLevelElo, engine::MaxLevelElo), engine::MinLevelElo,
                         engine::MaxLevelElo, [](auto& o, auto v) { o.elo = static_cast<int>(v); }));
        r.push_back(spin("Level", d.level, engine::MinLevel, engine::MaxLevel,
                         [](auto& o, auto v) { o.level = static_cast<int>(v); }));
        r.push_back(check("OwnBook", d.own_book, [](auto& o, bool v) { o.own_book = v; }));
        r.push_back({{"BookFile", OptionType::String, d.book_file.empty() ? "<empty>" : d.book_file, 0, 0, {}},
                     {},
                     {},
                     [](auto& o, std::string_view v) {
                         o.book_file = v == "<empty>" ? "" : std::string(v);
                         return true;
                     }});
        r.push_back(spin("Seed", static_cast<std::int64_t>(d.seed), 0, 2147483647,
                         [](auto& o, auto v) { o.seed = static_cast<std::uint64_t>(v); }));
        r.push_back(check("UseNNUE", d.use_nnue, [](auto& o, bool v) { o.use_nnue = v; }));
        r.push_back({{"EvalFile", OptionType::String, d.eval_file.empty() ? "<empty>" : d.eval_file, 0, 0, {}},
                     {},
                     {},
                     [](auto& o, std::string_view v) {
                         o.eval_file = v == "<empty>" ? "" : std::string(v);
                         return true;
                     }});
        // For engine developers: search features switched off, to measure each one in games.
        std::vector<std::string_view> features;
        for (int f = 0; f < static_cast<int>(engine::SearchFeature::Count); ++f)
            features.push_back(engine::feature_name(static_cast<engine::SearchFeature>(f)));
        r.push_back({{"SearchOff", OptionType::String, "<empty>", 0, 0, std::move(features)},
                     {},
                     {},
                     [](auto& o, std::string_view v) {
                         const auto f = engine::parse_search_off(v);
                         if (f) o.features = *f;
                         return f.has_value();
                     }});
        return r;
    }();
    return table;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace

std::vector<OptionSpec> option_specs() {
    std::vector<OptionSpec> specs;
    for (const OptionRule& r : rules()) specs.push_back(r.spec);
    return specs;
}

std::vector<std::string> option_lines() {
    std::vector<std::string> lines;
    for (const OptionSpec& s : option_specs()) {
        switch (s.type) {
            case OptionType::Spin:
                lines.push_back(fmt::format("option name {} type spin default {} min {} max {}", s.name,
                                            s.default_value, s.min, s.max));
                break;
            case OptionType::Check:
            case OptionType::String:
                lines.push_back(fmt::format("option name {} type {} default {}", s.name,
                                            s.type == OptionType::Check ? "check" : "string", s.default_value));
                break;
            case OptionType::Button:
            case OptionType::Combo: lines.push_back(fmt::format("option name {} type button", s.name)); break;
        }
    }
    return lines;
}

std::expected<OptionEffect, UciError> apply_option(std::string_view name, std::string_view value,
                                                   EngineOptions& options) {
    for (const OptionRule& r : rules()) {
        if (!iequals(r.spec.name, name)) continue;
        UciError bad = make_error(UciError::Kind::BadOptionValue, "setoption", std::string(r.spec.name),
                                  std::string(value));
        bad.min = r.spec.min;
        bad.max = r.spec.max;
        bad.option_type = r.spec.type;
        bad.words = r.spec.words;
        switch (r.spec.type) {
            case OptionType::Button:
                if (!value.empty()) return std::unexpected(bad);
                return OptionEffect::ClearHash;  // the one button
            case OptionType::Spin: {
                const auto v = parse_int(value);
                if (!v || *v < r.spec.min || *v > r.spec.max) return std::unexpected(bad);
                r.set_number(options, *v);
                return OptionEffect::Changed;
            }
            case OptionType::Check:
                if (iequals(value, "true")) r.set_check(options, true);
                else if (iequals(value, "false")) r.set_check(options, false);
                else return std::unexpected(bad);
                return OptionEffect::Changed;
            case OptionType::String:
            case OptionType::Combo:
                if (!r.set_text(options, value)) return std::unexpected(bad);
                return OptionEffect::Changed;
        }
    }
    return std::unexpected(make_error(UciError::Kind::UnknownOption, "setoption", std::string(name)));
}

}  // namespace schach::uci
