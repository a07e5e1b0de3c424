#pragma once
// The transport's side of docs/web-protocol.md without sockets: request targets, static file
// names, cookies and languages, and the transport's own errors with their words. Pure
// functions, so that tests and the fuzz target reach them without a server.

#include <cstdint>
#include <expected>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include "notation/language.hpp"

namespace schach::server {

/// Limits of the transport.
inline constexpr std::size_t MaxBodyBytes = 16 * 1024;
inline constexpr std::size_t MaxHeaderBytes = 8 * 1024;
inline constexpr std::size_t MaxFrameBytes = 4 * 1024;
inline constexpr int RateMessages = 100;  // per RateWindowSeconds per connection
inline constexpr int RateWindowSeconds = 20;
inline constexpr std::size_t MaxQueuedEvents = 256;  // a slower reader is closed

/// Error codes of `error` messages and error bodies.
enum class ErrorCode {
    Malformed,
    UnknownType,
    NotFound,
    NoSuchPath,
    Forbidden,
    Origin,
    Host,
    TooLarge,
    Rate,
    RateConnections,  // too many connections open from one address
    RateGames,        // too many new games from one address
    Method,
    Internal,
    Unavailable,  // several nodes: the game's node is down for the proxy, its lease not yet run out
};
std::string_view error_code_name(ErrorCode code);
/// The sentence of an error in a language.
std::string error_text(ErrorCode code, Language lang);
/// `{code, text}`.
boost::json::value error_body(ErrorCode code, Language lang);
/// `{code, text, retryAfter}`: a limit's refusal (429), with the seconds to wait.
boost::json::value limit_body(ErrorCode code, Language lang, std::int64_t retry_after_seconds);
/// `{t:"error", d:{code, text}}` serialized.
std::string error_message(ErrorCode code, Language lang);

/// A request target taken apart: the percent-decoded path segments and the query parameters.
/// Nothing for a target that is not an origin form, or whose segments hold "..", ".", an empty
/// segment inside the path, a NUL, a backslash or a slash (after decoding).
struct Target {
    std::vector<std::string> segments;
    std::map<std::string, std::string, std::less<>> query;
    std::optional<std::string> param(std::string_view name) const;
};
std::optional<Target> parse_target(std::string_view target);

/// Whether a request's `Host` header names this server (DNS rebinding defence): its name without
/// the port must be `localhost`, `127.0.0.1`, `::1` (as `[::1]`), the listening host, or one of
/// `allowed` (compared without case). A server that listens on every address (`0.0.0.0`, `::`)
/// also takes any IP literal, which no rebinding can fake. An empty or missing Host is refused.
bool host_allowed(std::string_view host_header, std::string_view listen_host, const std::vector<std::string>& allowed);

/// A game id: 8 characters [A-Za-z0-9].
bool valid_game_id(std::string_view id);

/// The file of the page a GET of `segments` answers: `index.html` for /, /game/<id>, /watch/<id>,
/// /regeln, /rules, /coach and the tool pages /chess960, /uhr, /clock, /pgn; the file itself for
/// one segment with an extension; nothing otherwise.
std::optional<std::string> static_file_for(const std::vector<std::string>& segments);
/// The Content-Type of a file name by its extension.
std::string_view content_type_for(std::string_view file);

/// The value of cookie `name` in a Cookie header ("a=1; b=2").
std::optional<std::string> cookie_value(std::string_view header, std::string_view name);
/// The language of a request: `lang` parameter, else the `lang` cookie, else the first of
/// Accept-Language that we speak, else `fallback`.
Language request_language(const std::optional<std::string>& param, const std::optional<std::string>& cookie,
                          std::string_view accept_language, Language fallback = Language::German);

/// A fresh random token of `bytes` random bytes, base64url without padding.
std::string random_token(std::size_t bytes);

}  // namespace schach::server
