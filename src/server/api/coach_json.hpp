#pragma once
// The coach's hints as the protocol's JSON (GET /api/v1/games/{id}/coach), worded in a language.

#include <boost/json/object.hpp>

#include "notation/language.hpp"
#include "server/domain/game_service.hpp"

namespace schach::server {

/// `{ply, learner, mover, hints: [{principle, principle_id, principle_name, code, praise, text, squares}]}`.
boost::json::object coach_json(const CoachAdvice& advice, Language lang);

}  // namespace schach::server
