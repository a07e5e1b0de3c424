#include "match/config.hpp"

#include <charconv>
#include <fmt/format.h>
#include <map>

namespace schach::match {
namespace {

using Kind = ConfigError::Kind;

std::unexpected<ConfigError> error(Kind kind, std::string token, std::string value = {}, int index = 0) {
    return std::unexpected(ConfigError{kind, std::move(token), std::move(value), index});
}

template <class T>
std::optional<T> number(std::string_view text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end) return std::nullopt;
    return value;
}

std::vector<std::string> split_spaces(std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    for (const char c : text) {
        if (c == ' ' || c == '\t') {
            if (!word.empty()) words.push_back(std::exchange(word, {}));
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(word);
    return words;
}

/// The key=value tokens after an option, up to the next -option.
using Pairs = std::vector<std::pair<std::string, std::string>>;

std::expected<void, ConfigError> apply_engine_key(EngineSpec& e, const std::string& key, const std::string& value) {
    const auto bad = [&] { return error(Kind::BadValue, key, value); };
    if (key == "cmd") e.cmd = value;
    else if (key == "name") e.name = value;
    else if (key == "dir") e.dir = value;
    else if (key == "args") e.args = split_spaces(value);
    else if (key.starts_with("option.")) {
        const std::string name = key.substr(7);
        bool replaced = false;
        for (auto& [n, v] : e.options)
            if (n == name) v = value, replaced = true;
        if (!replaced) e.options.emplace_back(name, value);
    } else if (key == "tc") {
        const auto tc = parse_match_time_control(value);
        if (!tc || !tc->is_timed()) return bad();
        e.tc = *tc;
    } else if (key == "nodes") {
        const auto n = number<std::int64_t>(value);
        if (!n || *n <= 0) return bad();
        e.nodes = *n;
    } else if (key == "depth") {
        const auto n = number<int>(value);
        if (!n || *n <= 0 || *n > 200) return bad();
        e.depth = *n;
    } else if (key == "movetime") {
        const auto n = number<std::int64_t>(value);
        if (!n || *n <= 0) return bad();
        e.movetime = ms(*n);
    } else if (key == "games") {
        const auto n = number<int>(value);
        if (!n || *n <= 0) return bad();
        e.games = (*n + 1) / 2 * 2;  // whole pairs, as -games
    } else if (key == "timemargin") {
        const auto n = number<std::int64_t>(value);
        if (!n || *n < 0) return bad();
        e.timemargin = ms(*n);
    } else {
        return error(Kind::UnknownKey, key, value);
    }
    return {};
}

/// Applies the -each settings under the engine's own (which are applied again on top).
std::expected<void, ConfigError> merge_each(EngineSpec& e, const Pairs& each, const Pairs& own) {
    EngineSpec merged;
    for (const auto& [k, v] : each)
        if (auto r = apply_engine_key(merged, k, v); !r) return r;
    for (const auto& [k, v] : own)
        if (auto r = apply_engine_key(merged, k, v); !r) return r;
    e = std::move(merged);
    return {};
}

std::expected<void, ConfigError> read_openings(OpeningSpec& o, const Pairs& pairs) {
    for (const auto& pair : pairs) {
        // Named references, not a structured binding: clang 14 (the fuzz build) cannot capture one.
        const auto& key = pair.first;
        const auto& value = pair.second;
        const auto bad = [&] { return error(Kind::BadValue, key, value); };
        if (key == "file") {
            o.file = value;
            if (o.format == OpeningSpec::Format::None || o.format == OpeningSpec::Format::Book)
                o.format = value.ends_with(".pgn") ? OpeningSpec::Format::Pgn : OpeningSpec::Format::Epd;
        } else if (key == "book") {
            o.file = value;
            o.format = OpeningSpec::Format::Book;
        } else if (key == "format") {
            if (value == "epd") o.format = OpeningSpec::Format::Epd;
            else if (value == "pgn") o.format = OpeningSpec::Format::Pgn;
            else if (value == "book" || value == "polyglot") o.format = OpeningSpec::Format::Book;
            else return bad();
        } else if (key == "order") {
            if (value == "sequential") o.order = OpeningSpec::Order::Sequential;
            else if (value == "random") o.order = OpeningSpec::Order::Random;
            else return bad();
        } else if (key == "plies" || key == "depth" || key == "start") {
            const auto n = number<int>(value);
            if (!n || *n < (key == "start" ? 1 : 0)) return bad();
            (key == "plies" ? o.plies : key == "depth" ? o.depth : o.start) = *n;
        } else {
            return error(Kind::UnknownKey, key, value);
        }
    }
    return {};
}

std::expected<void, ConfigError> read_ints(const Pairs& pairs, const std::map<std::string, int*>& slots) {
    for (const auto& [key, value] : pairs) {
        const auto it = slots.find(key);
        if (it == slots.end()) return error(Kind::UnknownKey, key, value);
        const auto n = number<int>(value);
        if (!n || *n < 0) return error(Kind::BadValue, key, value);
        *it->second = *n;
    }
    return {};
}

std::expected<void, ConfigError> read_sprt(SprtSpec& s, const Pairs& pairs) {
    const std::map<std::string, double*> slots{
        {"elo0", &s.elo0}, {"elo1", &s.elo1}, {"alpha", &s.alpha}, {"beta", &s.beta}};
    for (const auto& [key, value] : pairs) {
        const auto it = slots.find(key);
        if (it == slots.end()) return error(Kind::UnknownKey, key, value);
        const auto x = number<double>(value);
        if (!x) return error(Kind::BadValue, key, value);
        *it->second = *x;
    }
    if (!(s.elo0 < s.elo1) || s.alpha <= 0 || s.alpha >= 1 || s.beta <= 0 || s.beta >= 1)
        return error(Kind::BadValue, "-sprt",
                     fmt::format("elo0={} elo1={} alpha={} beta={}", s.elo0, s.elo1, s.alpha, s.beta));
    return {};
}

std::expected<void, ConfigError> check_engines(const MatchConfig& c) {
    if (c.engines.size() < 2) return error(Kind::TooFewEngines, "-engine");
    for (std::size_t i = 0; i < c.engines.size(); ++i) {
        const EngineSpec& e = c.engines[i];
        const int n = static_cast<int>(i) + 1;
        if (e.cmd.empty()) return error(Kind::MissingCommand, "cmd", {}, n);
        if (!e.tc && !e.nodes && !e.depth && !e.movetime) return error(Kind::NoLimit, "tc", {}, n);
        if (e.tc != c.engines.front().tc) return error(Kind::DifferentClocks, "tc", {}, n);
    }
    return {};
}

}  // namespace

std::string_view config_error_id(ConfigError::Kind kind) {
    switch (kind) {
        case Kind::UnknownOption: return "unknown-option";
        case Kind::MissingValue: return "missing-value";
        case Kind::BadValue: return "bad-value";
        case Kind::UnknownKey: return "unknown-key";
        case Kind::TooFewEngines: return "too-few-engines";
        case Kind::MissingCommand: return "missing-command";
        case Kind::NoLimit: return "no-limit";
        case Kind::DifferentClocks: return "different-clocks";
        case Kind::SprtNeedsTwo: return "sprt-needs-two";
    }
    return "?";
}

std::expected<TimeControl, TimeControlError> parse_match_time_control(std::string_view text) {
    if (auto tag = parse_pgn_time_control(text)) return tag;
    return parse_time_control(text);
}

std::string display_name(const EngineSpec& spec) {
    if (!spec.name.empty()) return spec.name;
    const std::size_t slash = spec.cmd.rfind('/');
    return slash == std::string::npos ? spec.cmd : spec.cmd.substr(slash + 1);
}

std::string fingerprint(const std::vector<std::string>& args) {
    // -games, an engine's games= and -concurrency change what is played, not how: the schedule of
    // N games is the start of the schedule of more, so a journal may be carried on with more games.
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the arguments and their separators
    for (std::size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "-games" || args[i] == "-concurrency") && i + 1 < args.size()) {
            ++i;
            continue;
        }
        if (args[i].starts_with("games=")) continue;
        const std::string& a = args[i];
        for (const char c : a) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
        h = (h ^ 0xFFu) * 1099511628211ull;
    }
    return fmt::format("{:016x}", h);
}

std::expected<MatchConfig, ConfigError> parse_match_args(const std::vector<std::string>& args) {
    MatchConfig c;
    Pairs each;
    std::vector<Pairs> engines;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& opt = args[i];
        // The key=value tokens that follow, up to the next -option.
        const auto pairs = [&]() -> std::expected<Pairs, ConfigError> {
            Pairs p;
            while (i + 1 < args.size() && !args[i + 1].starts_with("-")) {
                const std::string& t = args[++i];
                const std::size_t eq = t.find('=');
                if (eq == std::string::npos || eq == 0) return error(Kind::BadValue, opt, t);
                p.emplace_back(t.substr(0, eq), t.substr(eq + 1));
            }
            return p;
        };
        const auto value = [&]() -> std::expected<std::string, ConfigError> {
            if (i + 1 >= args.size()) return error(Kind::MissingValue, opt);
            return args[++i];
        };
        const auto count = [&](int min) -> std::expected<int, ConfigError> {
            auto v = value();
            if (!v) return std::unexpected(v.error());
            const auto n = number<int>(*v);
            if (!n || *n < min) return error(Kind::BadValue, opt, *v);
            return *n;
        };
        if (opt == "-engine" || opt == "-each") {
            auto p = pairs();
            if (!p) return std::unexpected(p.error());
            if (opt == "-each") each.insert(each.end(), p->begin(), p->end());
            else engines.push_back(std::move(*p));
        } else if (opt == "-openings") {
            auto p = pairs();
            if (!p) return std::unexpected(p.error());
            if (auto r = read_openings(c.openings, *p); !r) return std::unexpected(r.error());
        } else if (opt == "-resign" || opt == "-draw") {
            auto p = pairs();
            if (!p) return std::unexpected(p.error());
            if (opt == "-resign") {
                ResignRule r;
                if (auto ok = read_ints(*p, {{"movecount", &r.movecount}, {"score", &r.score}}); !ok)
                    return std::unexpected(ok.error());
                c.resign = r;
            } else {
                DrawRule r;
                if (auto ok = read_ints(
                        *p, {{"movenumber", &r.movenumber}, {"movecount", &r.movecount}, {"score", &r.score}});
                    !ok)
                    return std::unexpected(ok.error());
                c.draw = r;
            }
        } else if (opt == "-sprt") {
            auto p = pairs();
            if (!p) return std::unexpected(p.error());
            SprtSpec s;
            if (auto r = read_sprt(s, *p); !r) return std::unexpected(r.error());
            c.sprt = s;
        } else if (opt == "-concurrency") {
            auto n = count(1);
            if (!n) return std::unexpected(n.error());
            c.concurrency = *n;
        } else if (opt == "-games") {
            auto n = count(1);
            if (!n) return std::unexpected(n.error());
            c.games = *n + (*n % 2);
        } else if (opt == "-watchdog") {
            auto n = count(1);
            if (!n) return std::unexpected(n.error());
            c.watchdog = ms(*n);
        } else if (opt == "-seed") {
            auto v = value();
            if (!v) return std::unexpected(v.error());
            const auto n = number<std::uint64_t>(*v);
            if (!n) return error(Kind::BadValue, opt, *v);
            c.seed = *n;
        } else if (opt == "-variant") {
            auto v = value();
            if (!v) return std::unexpected(v.error());
            if (*v != "standard" && *v != "chess960") return error(Kind::BadValue, opt, *v);
            c.chess960 = *v == "chess960";
        } else if (opt == "-gauntlet") {
            c.gauntlet = true;
        } else if (opt == "-pgnout" || opt == "-positions-out" || opt == "-resume" || opt == "-event") {
            auto v = value();
            if (!v) return std::unexpected(v.error());
            (opt == "-pgnout"          ? c.pgn_out
             : opt == "-positions-out" ? c.positions_out
             : opt == "-resume"        ? c.journal
                                       : c.event) = *v;
        } else {
            return error(Kind::UnknownOption, opt);
        }
    }
    for (const Pairs& own : engines) {
        EngineSpec e;
        if (auto r = merge_each(e, each, own); !r) return std::unexpected(r.error());
        c.engines.push_back(std::move(e));
    }
    if (auto r = check_engines(c); !r) return std::unexpected(r.error());
    if (c.sprt && c.engines.size() != 2) return error(Kind::SprtNeedsTwo, "-sprt");
    if (c.journal.empty() && !c.pgn_out.empty()) c.journal = c.pgn_out + ".journal";
    return c;
}

}  // namespace schach::match
