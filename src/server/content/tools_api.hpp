#pragma once
// The stateless tools of `schach serve` (docs/web-protocol.md, "Tools"): the Chess960 explorer
// and castling trainer, time controls for the clock page, and the PGN checker. Pure functions
// from a request to an HTTP status and a JSON body, so that tests reach them without a server;
// every rule comes from libschach, every sentence from text/ in the caller's language. Errors are
// `{code, text, ...data}`.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include "notation/language.hpp"
#include "server/api/protocol.hpp"

namespace schach::server {

/// The largest PGN text `POST /api/pgn/check` reads, and the most games it answers for.
inline constexpr std::size_t MaxPgnBytes = 256 * 1024;
inline constexpr std::size_t MaxPgnGames = 200;
/// The body of `POST /api/pgn/check` the transport reads: the text JSON-escaped (newlines and
/// quotes take two bytes) and the object around it.
inline constexpr std::size_t MaxPgnBodyBytes = 2 * MaxPgnBytes + 4096;

struct ToolReply {
    int status = 200;
    boost::json::value body;
};

/// The tool a request under /api/ (not /api/v1) names, answered; nothing for any other path (the
/// caller answers 404). `body` is the request's body (POST), unparsed.
std::optional<ToolReply> tools_request(bool post, const Target& target, std::string_view body, Language lang);

/// GET /api/chess960/{n} (n 0..959 or "random", `?black=m` for Double Chess960): the arrays, the
/// FENs and the derivation of the number step by step.
ToolReply chess960_start(std::string_view number, std::optional<std::string_view> black, Language lang);
/// POST /api/chess960/number `{fen}` or `{backRank:"RNBQKBNR"}`: the number, or why it has none.
ToolReply chess960_number_of(const boost::json::value& request, Language lang);

/// GET /api/castling/cases: the castling trainer's positions (the cases of the Chess960 text:
/// only the rook moves, only the king, both swap, king b1 with rooks a1/h1; then refused ones),
/// each with what is legal in it.
ToolReply castling_cases(Language lang);
/// POST /api/position `{fen, variant?}`: legal destinations, castlings and the king-onto-rook tries.
ToolReply position_info(const boost::json::value& request, Language lang);
/// POST /api/position/move `{fen, variant?, from, to, promotion?}`: the move played, or the
/// refusal of the rules in words (`{legal:false, refusal:{code, article, text, squares}}`).
ToolReply position_move(const boost::json::value& request, Language lang);

/// GET /api/time-control?spec=…[&form=human|pgn]: the stages of a control as data, its FIDE class
/// and its description, or the parse error with its offset.
ToolReply time_control_info(std::string_view spec, std::string_view form, Language lang);

/// POST /api/pgn/check `{pgn}`: per game its moves, its errors at line:column, the adjudication by
/// the Laws (as `schach pgn adjudicate`) and the game in English, German and gender-neutral letters.
ToolReply pgn_check(const boost::json::value& request, Language lang);

}  // namespace schach::server
