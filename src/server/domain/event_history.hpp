#pragma once
// Events as the store keeps them: written language-free (stored_event_json), and the events a
// reconnecting client missed rebuilt from the store's copies (Store::events_after)
// when the service no longer holds them in memory (after a restart, or a long absence). Each
// stored event carries what changed and the clock, timer and status after it (game_json's
// stored_event_json); the moves come from the game as it is now. Nothing is guessed: when an
// event cannot be rebuilt exactly (a version missing, a move since taken back, a record of an
// older format) the answer is none, and the client gets the full state instead.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/domain/game_view.hpp"
#include "server/domain/store.hpp"

namespace schach::server {

/// The language-free payload of an event for the store's events table: enough to render the event
/// again for any viewer and language (events_from_store), given the moves the game still has.
std::string stored_event_json(const Event& event);

/// The events after `since`, in order, with the game as it was after each: `stored` must hold
/// exactly the versions since+1 .. now.version. `now` is the game's view at its last version.
std::optional<std::vector<Event>> events_from_store(const std::vector<StoredEvent>& stored, std::int64_t since,
                                                    const GameView& now);

}  // namespace schach::server
