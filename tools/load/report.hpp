#pragma once
// A load run's result for people (a few lines in the chosen language) and for scripts: one
// stable line of key=value pairs (`schach-load key=value ...`, English keys, times in ms) and the
// same fields as a JSON object.

#include <string>

#include "abuse.hpp"
#include "load_result.hpp"
#include "notation/language.hpp"

namespace schach::load {

/// The summary for people, one line per topic, each ending in '\n'.
std::string human_summary(const LoadResult& result, Language lang);
/// `schach-load games=1000 sockets=2 ... errors=0` (no trailing newline); unknown values are `-`.
std::string machine_line(const LoadResult& result);
/// The abusers' part for people (abuse.hpp), lines ending in '\n'.
std::string abuse_summary(const AbuseResult& result, Language lang);
/// `abuse_idle_opened=... probe_p99_ms=...` for the machine line (no trailing newline).
std::string abuse_machine_fields(const AbuseResult& result);
/// The fields of machine_line as one JSON object (unknown values null).
std::string result_json(const LoadResult& result);

}  // namespace schach::load
