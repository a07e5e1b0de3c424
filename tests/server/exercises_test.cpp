// The rules guide's exercises: every one can be solved by its solution, and the wrong try of
// tests/server/exercise_trials.json (the same cases the browser tests walk) gets the intended
// verdict and explanation in each language; the HTTP API's shapes and errors.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "server/api/protocol.hpp"
#include "server/content/exercise_api.hpp"
#include "server/content/exercises.hpp"

namespace schach::server {
namespace {

namespace json = boost::json;

json::array trials() {
    std::ifstream in(std::string(SCHACH_SOURCE_DIR) + "/tests/server/exercise_trials.json");
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str()).as_array();
}

std::vector<std::string> strings(const json::value& v) {
    std::vector<std::string> out;
    for (const json::value& x : v.as_array()) out.emplace_back(x.as_string());
    return out;
}

std::optional<DrawClaim> claim_of(const json::object& o) {
    const json::value* c = o.if_contains("claim");
    if (c == nullptr) return std::nullopt;
    return c->as_string() == "threefold" ? DrawClaim::Threefold : DrawClaim::FiftyMoves;
}

constexpr std::array<std::pair<const char*, Language>, 3> Languages{
    {{"de", Language::German}, {"de-neutral", Language::GermanNeutral}, {"en", Language::English}}};

TEST(Exercises, EveryExerciseHasATrialAndEveryTrialAnExercise) {
    std::set<std::string> ids, tried;
    for (const Exercise& ex : exercises()) {
        EXPECT_TRUE(ids.insert(ex.id).second) << "twice: " << ex.id;
        EXPECT_FALSE(ex.steps.empty()) << ex.id;
        EXPECT_EQ(ex.solution.size(), ex.steps.size()) << ex.id;
        EXPECT_TRUE(exercise_game(ex, {})) << ex.id << ": its FEN or setup does not play";
    }
    for (const json::value& t : trials()) tried.insert(std::string(t.at("id").as_string()));
    EXPECT_EQ(ids, tried);
    EXPECT_GE(ids.size(), 29u);
}

TEST(Exercises, EachSolutionSolvesItsExercise) {
    for (const json::value& tv : trials()) {
        const json::object& t = tv.as_object();
        const Exercise* ex = find_exercise(t.at("id").as_string());
        ASSERT_NE(ex, nullptr) << t.at("id");
        EXPECT_EQ(strings(t.at("solution")), ex->solution) << ex->id;
        Attempt a;
        a.claim = claim_of(t);
        for (std::size_t i = 0; i < ex->solution.size(); ++i) {
            a.move = ex->solution[i];
            const auto r = try_exercise(*ex, a, Language::English);
            ASSERT_TRUE(r) << ex->id << " step " << i;
            const bool last = i + 1 == ex->solution.size();
            EXPECT_EQ(r->verdict, last ? Verdict::Solved : Verdict::Next) << ex->id << " step " << i;
            EXPECT_FALSE(r->miss) << ex->id;
            a.moves = r->moves;
        }
    }
}

TEST(Exercises, EachWrongTryIsExplainedInEveryLanguage) {
    for (const json::value& tv : trials()) {
        const json::object& t = tv.as_object();
        const Exercise* ex = find_exercise(t.at("id").as_string());
        ASSERT_NE(ex, nullptr);
        const json::object& wrong = t.at("wrong").as_object();
        for (const auto& [code, lang] : Languages) {
            const std::string body = json::serialize(wrong);
            const Reply reply = exercise_request(true, {ex->id, "try"}, body, lang);
            ASSERT_EQ(reply.status, 200) << ex->id << " " << json::serialize(reply.body);
            const json::object& o = reply.body.as_object();
            EXPECT_EQ(o.at("result"), t.at("result")) << ex->id;
            EXPECT_EQ(o.at("explanation").at("code"), t.at("code")) << ex->id;
            EXPECT_EQ(o.at("explanation").at("text"), t.at("texts").at(code)) << ex->id << " " << code;
            // A wrong try changes nothing: the moves so far and the position stay.
            EXPECT_EQ(o.at("moves"), wrong.at("moves")) << ex->id;
        }
    }
}

TEST(Exercises, TheIssuesExampleIsWordedByTheRulesCore) {
    const Reply r = exercise_request(true, {"castle-attacked", "try"}, R"({"moves":[],"move":"e1c1"})",
                                     Language::German);
    ASSERT_EQ(r.status, 200);
    const json::value& why = r.body.at("explanation");
    EXPECT_EQ(why.at("text"), "Der König darf nicht über d1 rochieren: d1 wird vom Läufer auf g4 angegriffen");
    EXPECT_EQ(why.at("article"), "3.8.2.2");
    EXPECT_EQ(why.at("squares"), (json::array{"e1", "c1", "d1", "g4"}));
}

TEST(Exercises, AMultiMoveExerciseAnswersWithItsFixedReply) {
    const Exercise* ex = find_exercise("mate-two");
    ASSERT_NE(ex, nullptr);
    const auto first = try_exercise(*ex, Attempt{{}, "b1b7", std::nullopt}, Language::English);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->verdict, Verdict::Next);
    EXPECT_EQ(first->moves, (std::vector<std::string>{"b1b7", "h8g8"}));
    const auto mate = try_exercise(*ex, Attempt{first->moves, "a2a8", std::nullopt}, Language::English);
    ASSERT_TRUE(mate);
    EXPECT_EQ(mate->verdict, Verdict::Solved);
    // Moves so far that are not a path of the exercise are refused as such.
    EXPECT_EQ(try_exercise(*ex, Attempt{{"b1b7", "h8h7"}, "a2a8", std::nullopt}, Language::English).error(),
              ExerciseError::BadMoves);
    EXPECT_EQ(try_exercise(*ex, Attempt{{"a2a3", "h8g8"}, "a2a8", std::nullopt}, Language::English).error(),
              ExerciseError::BadMoves);
    EXPECT_EQ(try_exercise(*ex, Attempt{{"b1b7"}, "a2a8", std::nullopt}, Language::English).error(),
              ExerciseError::BadMoves);
}

// Every other first move of the mate in two is answered with a defence after which no mate in
// one exists; an empty answer would call a move that mates in two after all "not the task".
TEST(Exercises, EveryOtherFirstMoveOfTheMateInTwoIsShownItsDefence) {
    const Exercise* ex = find_exercise("mate-two");
    ASSERT_NE(ex, nullptr);
    const auto start = position_from_fen(ex->fen);
    ASSERT_TRUE(start);
    int others = 0;
    for (const Move m : legal_moves(*start)) {
        const std::string uci = to_uci(m, false);
        if (uci == "a2a7" || uci == "b1b7") continue;
        const auto r = try_exercise(*ex, Attempt{{}, uci, std::nullopt}, Language::English);
        ASSERT_TRUE(r) << uci;
        EXPECT_EQ(r->verdict, Verdict::Missed) << uci;
        ASSERT_TRUE(r->miss) << uci;
        EXPECT_EQ(r->miss->code, ExerciseMiss::NoMateNext) << uci;
        EXPECT_FALSE(r->miss->reply.empty()) << uci;
        ++others;
    }
    EXPECT_GT(others, 20);
}

TEST(Exercises, ClaimsNeedTheClaimAndTheRightMove) {
    const Exercise* ex = find_exercise("threefold");
    ASSERT_NE(ex, nullptr);
    const auto plain = try_exercise(*ex, Attempt{{}, "f6g8", std::nullopt}, Language::English);
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->verdict, Verdict::Missed);
    EXPECT_EQ(plain->miss->code, ExerciseMiss::NoClaim);
    const auto fifty = try_exercise(*ex, Attempt{{}, "f6g8", DrawClaim::FiftyMoves}, Language::English);
    ASSERT_TRUE(fifty);
    EXPECT_EQ(fifty->verdict, Verdict::Missed);
}

TEST(ExerciseApi, ListAndOneExercise) {
    const Reply list = exercise_request(false, {}, "", Language::English);
    ASSERT_EQ(list.status, 200);
    EXPECT_EQ(list.body.at("exercises").as_array().size(), exercises().size());
    const Reply one = exercise_request(false, {"en-passant"}, "", Language::English);
    ASSERT_EQ(one.status, 200);
    EXPECT_EQ(one.body.at("orientation"), "white");
    EXPECT_EQ(one.body.at("setup"), (json::array{json::object{{"uci", "d7d5"}, {"san", "d5"}}}));
    EXPECT_EQ(one.body.at("position").at("fen"), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    EXPECT_EQ(one.body.at("position").at("dests").at("e5"), (json::array{"e6", "d6"}));
    EXPECT_EQ(one.body.at("touched"), json::array());
    EXPECT_EQ(exercise_request(false, {"touch-move"}, "", Language::English).body.at("touched"), (json::array{"g1"}));
}

TEST(ExerciseApi, BadRequestsGetTypedErrors) {
    const auto status = [](bool post, std::vector<std::string> rest, std::string_view body) {
        return exercise_request(post, rest, body, Language::English).status;
    };
    EXPECT_EQ(status(false, {"no-such"}, ""), 404);
    EXPECT_EQ(status(false, {"king", "other"}, ""), 404);
    EXPECT_EQ(status(true, {"king"}, ""), 405);
    EXPECT_EQ(status(false, {"king", "try"}, ""), 405);
    EXPECT_EQ(status(true, {}, ""), 405);
    EXPECT_EQ(status(true, {"king", "try"}, "not json"), 400);
    EXPECT_EQ(status(true, {"king", "try"}, R"({"moves":[]})"), 400);                     // no move
    EXPECT_EQ(status(true, {"king", "try"}, R"({"move":"e1d2","extra":1})"), 400);        // unknown key
    EXPECT_EQ(status(true, {"king", "try"}, R"({"move":"e1d2","claim":"maybe"})"), 400);  // unknown claim
    EXPECT_EQ(status(true, {"king", "try"}, R"({"move":"e1d2","moves":[1]})"), 400);      // not a string
    EXPECT_EQ(status(true, {"king", "try"}, std::string(2000, ' ')), 413);
    const Reply bad_move = exercise_request(true, {"king", "try"}, R"({"move":"e9d2"})", Language::German);
    EXPECT_EQ(bad_move.status, 400);
    EXPECT_EQ(bad_move.body.at("code"), "bad-move");
    const Reply finished = exercise_request(true, {"king", "try"}, R"({"moves":["e1d2","a8a7"],"move":"d2d3"})",
                                            Language::English);
    EXPECT_EQ(finished.status, 400);
    EXPECT_EQ(finished.body.at("code"), "bad-moves");
}

TEST(ExerciseApi, TheGuidesPagesAreServedAsThePage) {
    EXPECT_EQ(static_file_for({"regeln"}), "index.html");
    EXPECT_EQ(static_file_for({"rules"}), "index.html");
    EXPECT_FALSE(static_file_for({"rules", "x"}));
    EXPECT_EQ(static_file_for({"taktik"}), "index.html");
    EXPECT_EQ(static_file_for({"puzzles"}), "index.html");
}

}  // namespace
}  // namespace schach::server
