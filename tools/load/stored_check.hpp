#pragma once
// The load's last check (issue #27, "every acknowledged move is stored"): each game played, as
// the server shows it after the run (`GET /api/v1/games/{id}`; best from a server started again
// on the same database, so that every game comes from the record and none from memory), against
// the moves its players got acknowledged. The comparison is the fault test's (chaos_check.hpp:
// a lost or different acknowledged move, a game missing, moves that do not replay as legal).
// Blocking, on the caller's thread.

#include <cstdint>
#include <string>
#include <vector>

#include "chaos_check.hpp"
#include "load_result.hpp"

namespace schach::load {

/// Checks `games` against the server at host:port.
StoredCheck check_stored(const std::string& host, std::uint16_t port, const std::vector<chaos::ClientGame>& games);

/// The check's verdict from what the server showed (`served`: the games it could show) and the
/// errors of those it could not (`unreadable`); pure, for the tests.
StoredCheck judge_stored(const std::vector<chaos::ClientGame>& games, const std::vector<chaos::ServedGame>& served,
                         const std::vector<std::string>& unreadable);

}  // namespace schach::load
