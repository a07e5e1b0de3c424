#pragma once
// The JSON APIs' common answers (the rules guide's exercises, the trainer, "My mistakes"): 200
// with a body, and an error `{code, text}` worded in the client's language; and their small
// request bodies read.

#include <optional>
#include <string_view>
#include <utility>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
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

/// A request body that must be a flat JSON object (at most two levels deep), or none.
inline std::optional<boost::json::object> read_small_object(std::string_view body) {
    boost::system::error_code ec;
    boost::json::parse_options po;
    po.max_depth = 2;
    boost::json::value v = boost::json::parse(boost::json::string_view(body.data(), body.size()), ec, {}, po);
    if (ec || !v.is_object()) return std::nullopt;
    return std::move(v.as_object());
}

}  // namespace schach::server
