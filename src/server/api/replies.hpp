#pragma once
// The JSON APIs' common answers (the rules guide's exercises, the trainer, "My mistakes"): 200
// with a body, and an error `{code, text}` worded in the client's language.

#include <optional>
#include <utility>

#include <boost/json/value.hpp>

#include "notation/language.hpp"
#include "server/api/error_words.hpp"
#include "server/api/handler.hpp"

namespace schach::server {

inline Reply ok_reply(boost::json::value body) {
    return Reply{200, std::move(body), std::nullopt, std::nullopt, std::nullopt};
}

inline Reply error_reply(int status, ErrorCode code, Language lang) {
    return Reply{status, error_body(code, lang), std::nullopt, std::nullopt, std::nullopt};
}

}  // namespace schach::server
