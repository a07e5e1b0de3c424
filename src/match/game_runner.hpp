#pragma once
// One game between two UCI engines, refereed by our Match (Game + Clock, time passed in): every
// ending of the Laws, flag fall by 6.9, and what engines do wrong (an illegal or unreadable move,
// a crash, no answer) scored as a loss with the reason. Optional resign and draw adjudication by
// both engines' scores.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/outcome.hpp"
#include "core/position.hpp"
#include "engine/score.hpp"
#include "game/clock.hpp"
#include "match/config.hpp"
#include "match/openings.hpp"
#include "match/uci_client.hpp"

namespace schach::match {

/// Why a game ended, as the runner sees it (the rules' own reason is in the Outcome).
enum class EndReason : std::uint8_t {
    Rules,              // mate, stalemate, dead position, fivefold, 75 moves (Game decided)
    TimeForfeit,        // 6.9: past its time plus margin (a draw when the opponent cannot mate)
    IllegalMove,        // a move that is not legal or cannot be read
    Crash,              // the engine's process ended or stopped reading
    Stall,              // no answer without a clock (watchdog)
    NotReady,           // the engine did not answer uci/isready/ucinewgame
    ResignAdjudicated,  // -resign: both engines agreed one side is lost
    DrawAdjudicated,    // -draw: both engines agreed it is level
};
/// "rules", "time-forfeit", "illegal-move", "crash", "stall", "not-ready", "resign-adjudication",
/// "draw-adjudication": stable, for the journal.
std::string_view end_reason_id(EndReason reason);
std::optional<EndReason> parse_end_reason(std::string_view id);
/// A forfeit that says nothing about the position (engine failure), so no positions are taken.
bool is_engine_failure(EndReason reason);

struct PlayedMove {
    Move move;
    std::string uci;  // the text the engine sent
    SearchReport report;
    ms used{0};
    std::optional<ms> clock;  // the mover's time after the move
};

struct GameRecord {
    Opening opening;
    std::vector<PlayedMove> moves;  // after the opening
    Outcome outcome;
    EndReason reason = EndReason::Rules;
    std::optional<Color> culprit;  // the side whose engine failed (forfeits)
    std::string bad_move;          // IllegalMove: what the engine sent
    std::optional<TimeControl> tc;
};

/// What drives the game besides the two engines.
struct GameSettings {
    std::optional<ResignRule> resign;
    std::optional<DrawRule> draw;
    ms watchdog{10000};
    bool chess960 = false;
};

/// The `go` command for the side to move: its clock (wtime/btime/winc/binc/movestogo), and its
/// own nodes, depth or movetime.
std::string go_command(const EngineSpec& mover, const std::optional<Clock>& clock, std::int64_t now_ms);
/// Moves left in the current period for `moves_made` under `control`, or none for a rest-of-game
/// period (UCI's movestogo).
std::optional<int> moves_to_go(const TimeControl& control, int moves_made);
/// The `position` command for a game so far.
std::string position_command(const Position& start, const std::vector<Move>& moves);

/// Plays one game. `white` and `black` must be started (ready or not: an engine that is not
/// ready loses at once). The engines get ucinewgame first.
GameRecord play_game(const Opening& opening, UciEngine& white, const EngineSpec& white_spec, UciEngine& black,
                     const EngineSpec& black_spec, const GameSettings& settings);

}  // namespace schach::match
