#pragma once
// The computer analysis in the protocol's JSON (docs/web-protocol.md, "Computer analysis"): the
// review of a game assembled from its stored searches (review::assemble: judgements, accuracy,
// phases, the facts of each mistake) and worded in the caller's language (text/review_text),
// a try of "learn from your mistakes", and the body of an import (a PGN read by our reader; its
// errors with line and column).

#include <expected>
#include <string>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "notation/language.hpp"
#include "pgn/pgn.hpp"
#include "review/scale.hpp"
#include "server/domain/game_service.hpp"

namespace schach::server {

/// `{cp:N}` or `{mate:N}` (White's view); a mate on the board is `{mate:0, checkmate:"white"|"black"}`.
boost::json::object eval_json(review::Eval e);
/// `{status, progress:{done,total}}`: the answer of POST .../analysis and the start of GET's.
boost::json::object analysis_status_json(const AnalysisReport& report);
/// GET .../analysis: the status and, once done, `opening`, `start`, `plies` and `players`
/// (null and [] before), the texts in `lang`.
boost::json::object analysis_json(const AnalysisReport& report, Language lang);
/// POST .../analysis/try: `{verdict, eval, loss, best:{uci,san}|null, text, ...}`.
boost::json::object try_json(const MistakeTry& result, Language lang);

/// POST .../analysis/try's body `{ply, uci}`. Errors: Malformed.
struct MistakeTryRequest {
    int ply = 0;
    std::string uci;
};
std::expected<MistakeTryRequest, ServiceError> read_try_request(const boost::json::value& body);

/// POST /api/v1/imports `{pgn}`: the first game of the text, checked by the PGN reader (standard
/// chess and Chess960 from FEN/SetUp/Variant tags). An error: the reader's (with its line and
/// column), or none for a body without a PGN text or without a game.
struct ImportError {
    std::optional<PgnError> pgn;  // none: no `pgn` text, or no game in it
};
std::expected<ImportRequest, ImportError> read_import_request(const boost::json::value& body);
/// `{code:"pgn_error", line, column, kind, detail, text}` (400), or `{code:"malformed", text}`.
boost::json::object import_error_json(const ImportError& error, Language lang);

}  // namespace schach::server
