#pragma once
// What a game looks like to the outside at one version: a plain, immutable value that the JSON
// renderer (game_json) turns into the protocol's state and events for any viewer and language.
// LiveGame makes one after each event and shares it; nobody needs a lock to read it.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/outcome.hpp"
#include "core/position.hpp"
#include "core/types.hpp"
#include "server/domain/move_records.hpp"

namespace schach::server {

using GameId = std::string;
using Millis = std::int64_t;

enum class Mode : std::uint8_t { Computer, Friend, Local };
enum class Status : std::uint8_t { Created, Started, Over, Aborted };
/// The seat(s) of a connection: one colour, or both at one device (local mode).
enum class Seat : std::uint8_t { White, Black, Both };

std::string_view mode_id(Mode m);      // "computer", "friend", "local"
std::string_view status_id(Status s);  // "created", "started", "over", "aborted"
std::string_view seat_id(Seat s);      // "white", "black", "both"
std::optional<Mode> parse_mode(std::string_view text);
std::optional<Status> parse_status(std::string_view text);
/// Whether `seat` may act for `color`.
inline bool seat_has(Seat seat, Color color) {
    return seat == Seat::Both || (seat == Seat::White) == (color == Color::White);
}

struct PlayerView {
    bool engine = false;
    std::string name;
    bool joined = false;
    friend bool operator==(const PlayerView&, const PlayerView&) = default;
};

struct ClockView {
    Millis white = 0, black = 0;  // left at the moment of the event
    std::optional<Color> running;
    Millis low_time = 0;
    friend bool operator==(const ClockView&, const ClockView&) = default;
};

/// The first-move timer (live_game.hpp FirstMoveTimeMs): who must make their first move, and how
/// long they have left at the moment of the event before the game is aborted.
struct FirstMoveView {
    Color color = Color::White;
    Millis left = 0;
    friend bool operator==(const FirstMoveView&, const FirstMoveView&) = default;
};

struct GameView {
    GameId id;
    bool chess960 = false;
    int chess960_number = 518;
    Mode mode = Mode::Friend;
    int level = 0;         // the computer's level (computer mode), else 0
    std::string tc_text;   // "5+3", "" without clock
    std::string tc_class;  // "blitz", "rapid", "classical", "" without clock
    PlayerView white, black;
    std::string initial_fen;
    Position position;  // after the moves
    MoveRecords moves;  // shared with the game's other views (move_records.hpp)
    std::optional<ClockView> clock;
    std::optional<FirstMoveView> first_move;  // none once both sides have moved (or untimed)
    std::optional<Color> draw_offer, takeback_offer, rematch_offer;
    bool can_claim_threefold = false, can_claim_fifty = false;
    Status status = Status::Created;
    Outcome outcome;
    std::int64_t version = 0;
    Millis updated = 0;     // wall time of the last change (ms since the Unix epoch)
    bool imported = false;  // read from a PGN (POST /api/v1/imports): finished, nobody's seat
};

/// The computer analysis of a game (server/domain/analysis_queue.hpp): waiting, being searched
/// (position by position), or stored.
enum class AnalysisState : std::uint8_t { Queued, Running, Done };
std::string_view analysis_state_id(AnalysisState s);  // "queued", "running", "done"
struct AnalysisProgress {
    int done = 0;   // positions searched
    int total = 0;  // positions to search (the plies reviewed + 1)
    friend bool operator==(const AnalysisProgress&, const AnalysisProgress&) = default;
};

/// Analysis: not versioned (not part of the game's history, never stored): the progress of the
/// game's computer analysis, for its watchers.
enum class EventKind : std::uint8_t { State, Move, Offer, Takeback, End, Join, Rematch, Analysis, Moved };
enum class OfferKind : std::uint8_t { Draw, Takeback, Rematch };
std::string_view event_kind_id(EventKind k);  // "state", "move", ...
std::string_view offer_kind_id(OfferKind k);  // "draw", "takeback", "rematch"

/// One versioned event (docs/web-protocol.md) with the game as it is after it. A State event with
/// version 0 from subscribe() means "too old: send the full state" (render `view`).
struct Event {
    std::int64_t version = 0;
    EventKind kind = EventKind::State;
    std::shared_ptr<const GameView> view;
    OfferKind offer = OfferKind::Draw;               // Offer
    std::optional<Color> by;                         // Offer: who offers (none: withdrawn or declined); Join: the seat
    GameId rematch;                                  // Rematch: the new game
    AnalysisState analysis = AnalysisState::Queued;  // Analysis (version 0, `view` none)
    AnalysisProgress progress;                       // Analysis
    /// Moved (version 0, `view` none, not stored): another node holds the game now, this one no
    /// longer has it; the subscription ends with it, and the client asks that node.
    std::string owner;
};

}  // namespace schach::server
