#pragma once
// The fault test's last look through the proxy (schach-chaos): each game's state as a node
// serves it after play, `GET /api/v1/games/{id}` with its redirects followed (HTTP 307 to the
// same path with ?node=OWNER), for chaos_check's check_served. Blocking, on the caller's thread.

#include <cstdint>
#include <expected>
#include <string>

#include "chaos_check.hpp"

namespace schach::chaos {

/// The game `id` as the cluster behind host:port serves it; the error says what failed (after
/// at most 5 redirects). `redirects` counts the ones followed.
std::expected<ServedGame, std::string> fetch_served(const std::string& host, std::uint16_t port, const std::string& id,
                                                    int& redirects);

}  // namespace schach::chaos
