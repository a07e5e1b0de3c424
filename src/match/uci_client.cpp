#include "match/uci_client.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "core/ascii.hpp"

namespace schach::match {
namespace {

std::vector<std::string_view> words(std::string_view line) { return split_words(line); }

template <class T>
std::optional<T> number(std::string_view text) {
    T value{};
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

SteadyTime after(ms timeout) { return std::chrono::steady_clock::now() + timeout; }

/// The name of an `option name NAME type ...` line (a name may have spaces), else nothing.
std::optional<std::string> option_name(std::string_view line) {
    constexpr std::string_view Prefix = "option name ";
    if (!line.starts_with(Prefix)) return std::nullopt;
    line.remove_prefix(Prefix.size());
    const auto type = line.find(" type ");
    return std::string(line.substr(0, type));
}

}  // namespace

bool parse_info(std::string_view line, SearchReport& report) {
    const auto w = words(line);
    if (w.empty() || w[0] != "info") return false;
    if (w.size() > 1 && w[1] == "string") return false;
    SearchReport r = report;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const auto next = [&]() -> std::string_view { return i + 1 < w.size() ? w[++i] : std::string_view{}; };
        if (w[i] == "depth") {
            if (const auto d = number<int>(next())) r.depth = *d;
        } else if (w[i] == "nodes") {
            if (const auto n = number<std::int64_t>(next())) r.nodes = *n;
        } else if (w[i] == "score") {
            const std::string_view kind = next();
            const auto v = number<int>(next());
            if (!v) continue;
            engine::Score s;
            s.kind = kind == "mate" ? engine::Score::Kind::Mate : engine::Score::Kind::Centipawns;
            s.value = *v;
            if (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound"))
                s.bound = w[++i] == "lowerbound" ? engine::ScoreBound::Lower : engine::ScoreBound::Upper;
            if (kind == "cp" || kind == "mate") r.score = s;
        } else if (w[i] == "pv") {
            std::string pv;
            while (i + 1 < w.size()) {
                if (!pv.empty()) pv += ' ';
                pv += w[++i];
            }
            r.pv = pv;
        } else if (w[i] == "string") {
            break;
        }
    }
    report = r;
    return true;
}

std::expected<UciEngine, SpawnError> UciEngine::start(const EngineSpec& spec, bool chess960, ms timeout) {
    std::vector<std::string> argv{spec.cmd};
    argv.insert(argv.end(), spec.args.begin(), spec.args.end());
    auto process = Process::start(argv, spec.dir);
    if (!process) return std::unexpected(process.error());
    UciEngine e;
    e.process_ = std::move(*process);
    const SteadyTime deadline = after(timeout);
    if (!e.process_.write_line("uci")) return e;
    std::vector<std::string> options;  // the names the engine lists, as it spells them
    const bool uciok = e.wait_for("uciok", deadline, [&](const std::string& line) {
        if (line.starts_with("id name ")) e.id_name_ = line.substr(8);
        if (auto name = option_name(line)) options.push_back(std::move(*name));
    });
    if (!uciok) return e;
    for (const auto& option : spec.options) {
        // A named reference, not a structured binding: clang 14 cannot capture those in a lambda.
        const std::string& name = option.first;
        const std::string& value = option.second;
        // UCI option names are compared without regard to case.
        const bool listed = std::any_of(options.begin(), options.end(),
                                        [&](const std::string& o) { return ascii_iequals(o, name); });
        if (!listed) e.setup_notes_.push_back({SetupNote::Kind::UnknownOption, name});
        e.process_.write_line("setoption name " + name + " value " + value);
    }
    if (chess960) e.process_.write_line("setoption name UCI_Chess960 value true");
    e.process_.write_line("isready");
    e.ready_ = e.wait_for("readyok", deadline, [&](const std::string& line) {
        if (line.starts_with("info string ")) e.setup_notes_.push_back({SetupNote::Kind::EngineSaid, line.substr(12)});
    });
    return e;
}

bool UciEngine::wait_for(std::string_view token, SteadyTime deadline,
                         const std::function<void(const std::string&)>& on_other_line) {
    for (;;) {
        const auto line = process_.read_line(deadline);
        if (!line) return false;
        if (*line == token) return true;
        if (on_other_line) on_other_line(*line);
    }
}

bool UciEngine::new_game(ms timeout) {
    if (!ready_) return false;
    if (!process_.write_line("ucinewgame") || !process_.write_line("isready")) return ready_ = false;
    return ready_ = wait_for("readyok", after(timeout));
}

GoReply UciEngine::go(const std::string& position, const std::string& go, SteadyTime deadline) {
    GoReply reply;
    if (!process_.write_line(position) || !process_.write_line(go)) {
        reply.status = EngineStatus::Crashed;
        return reply;
    }
    for (;;) {
        const auto line = process_.read_line(deadline);
        if (!line) {
            reply.status = line.error() == ReadError::Timeout ? EngineStatus::Timeout : EngineStatus::Crashed;
            return reply;
        }
        if (parse_info(*line, reply.report)) continue;
        const auto w = words(*line);
        if (!w.empty() && w[0] == "bestmove") {
            reply.bestmove = w.size() > 1 ? std::string(w[1]) : std::string();
            return reply;
        }
    }
}

bool UciEngine::stop_search(ms grace) {
    if (!process_.write_line("stop")) return false;
    const SteadyTime deadline = after(grace);
    for (;;) {
        const auto line = process_.read_line(deadline);
        if (!line) return false;
        if (line->starts_with("bestmove")) return true;
    }
}

void UciEngine::quit(ms grace) {
    process_.write_line("quit");
    process_.stop(grace);
    ready_ = false;
}

}  // namespace schach::match
