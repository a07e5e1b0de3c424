#pragma once
// A refused action or request, typed (a service code, or the rules' Refusal) and already worded in
// the caller's language, so a transport only copies it into its answer.

#include <optional>
#include <string>
#include <vector>

#include "core/explain.hpp"
#include "core/fen.hpp"
#include "notation/language.hpp"
#include "text/service_text.hpp"

namespace schach::server {

struct ServiceError {
    ServiceCode code = ServiceCode::Malformed;
    std::optional<Refusal> refusal;    // code Rules: what the rules said
    std::string id;                    // the protocol's code: "not-your-turn", "pinned", ...
    std::string text;                  // in the caller's language
    std::string article;               // the FIDE article, or ""
    std::vector<std::string> squares;  // squares the text is about (an ambiguous move's candidates)
    /// Code BadFen with a syntax error: the FEN field ("placement", "castling", ...) and the offset
    /// of the error in the FEN text.
    std::optional<std::string> fen_field;
    std::optional<std::size_t> fen_offset;
    /// A refusal of the rules or of the game's state (the protocol's `refusal`), not an error of
    /// the request (`error`: malformed, not your seat, no such game).
    bool is_refusal() const;
    /// The HTTP status a transport answers with: 400, 403, 404, 409 or 500.
    int http_status() const;
};

/// The one place where refusals get their words.
ServiceError make_error(ServiceCode code, Language lang);
ServiceError make_error(const Refusal& refusal, Language lang);
/// A start position that is no legal position (code BadFen): the FEN's error in words, and where.
ServiceError make_error(const PositionError& error, Language lang);

}  // namespace schach::server
