#pragma once
// The events a reconnecting client missed, rebuilt from the store's copies (Store::events_after)
// when the service no longer holds them in memory (after a restart, or a long absence). Each
// stored event carries what changed and the clock, timer and status after it (game_json's
// stored_event_json); the moves come from the game as it is now. Nothing is guessed: when an
// event cannot be rebuilt exactly (a version missing, a move since taken back, a record of an
// older format) the answer is none, and the client gets the full state instead.

#include <cstdint>
#include <optional>
#include <vector>

#include "server/game_view.hpp"
#include "server/store.hpp"

namespace schach::server {

/// The events after `since`, in order, with the game as it was after each: `stored` must hold
/// exactly the versions since+1 .. now.version. `now` is the game's view at its last version.
std::optional<std::vector<Event>> events_from_store(const std::vector<StoredEvent>& stored, std::int64_t since,
                                                    const GameView& now);

}  // namespace schach::server
