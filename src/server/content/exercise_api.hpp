#pragma once
// The HTTP API of the rules guide's exercises (docs/web-protocol.md, "Exercises"):
//   GET  /api/v1/exercises            the list: [{id, section, steps}]
//   GET  /api/v1/exercises/{id}       one: its position after the setup, the setup's moves
//   POST /api/v1/exercises/{id}/try   {moves, move, claim?}: the verdict, the position to show,
//                                     and for a wrong try the explanation in the caller's language
// Stateless: every try carries the moves so far.

#include <string>
#include <string_view>
#include <vector>

#include "notation/language.hpp"
#include "server/api/handler.hpp"

namespace schach::server {

/// The answer to a request under /api/v1/exercises (`rest`: the segments after "exercises");
/// `post` with its JSON body text. 404 for an unknown id or path, 405 for a wrong method.
Reply exercise_request(bool post, const std::vector<std::string>& rest, std::string_view body, Language lang);

}  // namespace schach::server
