#pragma once
// A domain error (server/domain/service_error.hpp: a code and its data) in words, once, in the
// caller's language: the protocol's code, the sentence, the FIDE article, the squares it is about
// and, for a start position, the FEN's field and offset. And how the protocol answers it: a
// refusal or an error, and its HTTP status.

#include <optional>
#include <string>
#include <vector>

#include "notation/language.hpp"
#include "server/domain/service_error.hpp"

namespace schach::server {

struct WordedError {
    std::string code;                       // the protocol's code: "not-your-turn", "pinned", ...
    std::string text;                       // in the caller's language
    std::string article;                    // the FIDE article, or ""
    std::vector<std::string> squares;       // squares the text is about (an ambiguous move's candidates)
    std::optional<std::string> fen_field;   // BadFen with a syntax error: the FEN's field ...
    std::optional<std::size_t> fen_offset;  // ... and the offset of the error in the FEN text
};

/// The one place where the domain's refusals get their words.
WordedError word(const ServiceError& error, Language lang);

/// A refusal of the rules or of the game's state (the protocol's `refusal`), not an error of the
/// request (`error`: malformed, not your seat, no such game).
bool is_refusal(const ServiceError& error);
/// The HTTP status of an error: 400, 403, 404, 409 or 500.
int http_status(const ServiceError& error);

}  // namespace schach::server
