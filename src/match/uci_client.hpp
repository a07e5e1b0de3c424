#pragma once
// The runner's side of UCI: one engine process, started and initialised (uci/uciok, setoption,
// isready/readyok), told of new games (ucinewgame), asked for moves (position ... go ...) with a
// deadline, and ended (quit, then killed after a grace period).

#include <chrono>
#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/score.hpp"
#include "match/config.hpp"
#include "match/process.hpp"

namespace schach::match {

/// What the last `info` lines of a search said.
struct SearchReport {
    std::optional<engine::Score> score;  // from the engine's (the mover's) view
    int depth = 0;
    std::int64_t nodes = 0;
    std::string pv;
    friend bool operator==(const SearchReport&, const SearchReport&) = default;
};
/// Folds one `info` line into `report` (score cp|mate, depth, nodes, pv; bounds are kept as
/// given). Lines that are no `info`, or `info string`, change nothing; false for them.
bool parse_info(std::string_view line, SearchReport& report);

/// How a request to an engine ended.
enum class EngineStatus : std::uint8_t {
    Ok,
    Timeout,  // no answer before the deadline
    Crashed,  // the process closed its output (exited, crashed) or stopped reading
};

/// What an engine said while it was set up: an option of -engine it does not list after `uci`,
/// or an `info string` line before `readyok` (where engines report a refused setoption). The
/// runner shows them; it does not stop the match.
struct SetupNote {
    enum class Kind : std::uint8_t { UnknownOption, EngineSaid };
    Kind kind = Kind::EngineSaid;
    std::string text;  // the option's name, or the info string's text
    friend bool operator==(const SetupNote&, const SetupNote&) = default;
};

struct GoReply {
    EngineStatus status = EngineStatus::Ok;
    std::string bestmove;  // the move text as sent
    SearchReport report;
};

class UciEngine {
public:
    /// Starts the engine and initialises it; UCI_Chess960 is set when `chess960`. A spawn failure
    /// (no such command) is returned as its errno; an engine that starts but does not answer
    /// `uci` and `isready` within `timeout` is started but not ready() (its games are lost).
    static std::expected<UciEngine, SpawnError> start(const EngineSpec& spec, bool chess960, ms timeout = ms(10000));

    bool ready() const { return ready_; }
    /// ucinewgame and isready; false when the engine did not answer in time.
    bool new_game(ms timeout = ms(10000));
    /// Sends `position` and `go` and waits for `bestmove` until `deadline`.
    GoReply go(const std::string& position, const std::string& go, SteadyTime deadline);
    /// After a timeout: `stop`, and a short wait for the late bestmove (false: the engine hangs).
    bool stop_search(ms grace);
    /// `quit`, then kill after `grace`.
    void quit(ms grace = ms(500));
    const std::string& id_name() const { return id_name_; }
    /// What the engine said while it was set up (start), in order.
    const std::vector<SetupNote>& setup_notes() const { return setup_notes_; }

private:
    /// Reads lines until `token` (true) or the deadline or the end of output (false); every
    /// other line goes to `on_other_line`.
    bool wait_for(std::string_view token, SteadyTime deadline,
                  const std::function<void(const std::string&)>& on_other_line = {});
    Process process_;
    std::string id_name_;
    std::vector<SetupNote> setup_notes_;
    bool ready_ = false;
};

}  // namespace schach::match
