#pragma once
// Helpers shared by the tools' files (tools_*.cpp): error bodies and reading request fields.

#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "core/position.hpp"
#include "notation/language.hpp"
#include "server/content/tools_api.hpp"

namespace schach::server::tools {

/// `{code, text}` with extra fields, under `status`.
ToolReply error(int status, std::string_view code, std::string text, boost::json::object extra = {});
/// 400 `bad-request`: the request is not in the schema.
ToolReply bad_request(Language lang);
/// A string field of at most `max` bytes, or nothing.
std::optional<std::string> string_field(const boost::json::value& request, std::string_view name, std::size_t max);
/// The position of `{fen, variant?}` (variant "chess960" (default) or "standard"), or the error reply.
std::expected<Position, ToolReply> read_position(const boost::json::value& request, Language lang);
/// The piece of an English letter (K Q R B N), or nothing.
std::optional<PieceType> piece_of_letter(char c);
/// `{fen, turn, check, dests, castling, tries}` of a position: what the page may offer.
boost::json::object moves_of(const Position& pos);

}  // namespace schach::server::tools
