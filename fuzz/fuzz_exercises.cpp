// libFuzzer target: hostile tries at the rules guide's exercises (POST /api/v1/exercises/{id}/try
// as server::exercise_request reads it).
//
// Input layout: byte 0 picks the exercise (modulo their number) and byte 1 the language; the rest
// is the request body.
//
// Checks (a violation prints the input and aborts, which libFuzzer reports):
//   - nothing crashes, whatever the bytes;
//   - the status is 200, 400 or 413, and every answer is a JSON object;
//   - a 200 has a known verdict; a refused or missed try has an explanation with a code and a
//     text and leaves the moves as they were; a solved or continued one adds the learner's move
//     (and the reply).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/parse.hpp>

#include "server/content/exercise_api.hpp"
#include "server/content/exercises.hpp"

namespace {

using namespace schach;
using namespace schach::server;
namespace json = boost::json;

[[noreturn]] void fail(const char* what, std::string_view input) {
    std::fprintf(stderr, "fuzz_exercises: %s\ninput: %.*s\n", what, static_cast<int>(input.size()), input.data());
    std::abort();
}

/// The number of moves so far the body sent, or -1 when it has none readable.
long sent_moves(std::string_view body) {
    boost::system::error_code ec;
    const json::value v = json::parse(json::string_view(body.data(), body.size()), ec);
    if (ec || !v.is_object()) return -1;
    const json::value* m = v.as_object().if_contains("moves");
    if (m == nullptr) return 0;
    return m->is_array() ? static_cast<long>(m->as_array().size()) : -1;
}

void check(const Exercise& ex, Language lang, std::string_view body) {
    const Reply r = exercise_request(true, {ex.id, "try"}, body, lang);
    if (r.status != 200 && r.status != 400 && r.status != 413) fail("an unexpected status", body);
    if (!r.body.is_object()) fail("an answer that is no object", body);
    if (r.status != 200) return;
    const json::object& o = r.body.as_object();
    const std::string_view result = o.at("result").as_string();
    const long before = sent_moves(body);
    const long after = static_cast<long>(o.at("moves").as_array().size());
    if (result == "refused" || result == "missed") {
        const json::value& why = o.at("explanation");
        if (!why.is_object() || why.at("code").as_string().empty() || why.at("text").as_string().empty())
            fail("a wrong try without an explanation", body);
        if (after != before) fail("a wrong try changed the moves", body);
    } else if (result == "solved") {
        if (after != before + 1) fail("a solved try did not add one move", body);
    } else if (result == "next") {
        if (after != before + 2) fail("a continued try did not add the move and the reply", body);
    } else {
        fail("an unknown verdict", body);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const std::vector<Exercise>& all = exercises();
    const Exercise& ex = all[data[0] % all.size()];
    static constexpr Language Langs[] = {Language::German, Language::GermanNeutral, Language::English};
    const std::string_view body(reinterpret_cast<const char*>(data + 2), size - 2);
    check(ex, Langs[data[1] % 3], body);
    return 0;
}
