// The transport's pure helpers: request targets, static file names, cookies, languages, the route
// table and the one reader of client messages.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "server/api/game_json.hpp"
#include "server/api/protocol.hpp"
#include "server/api/routes.hpp"

namespace schach::server {
namespace {

TEST(ServerProtocol, TargetsAreDecodedAndTraversalRefused) {
    const auto t = parse_target("/ws/v1/games/aB3dE5gH?v=12&lang=en");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->segments, (std::vector<std::string>{"ws", "v1", "games", "aB3dE5gH"}));
    EXPECT_EQ(t->param("v"), "12");
    EXPECT_EQ(t->param("lang"), "en");
    EXPECT_FALSE(t->param("x"));
    EXPECT_TRUE(parse_target("/")->segments.empty());
    EXPECT_EQ(parse_target("/game/x/")->segments.size(), 2u);
    for (const char* bad :
         {"/../x", "/%2e%2e/x", "/a/%2E%2E", "/a%2fb", "/a%5cb", "/a%00b", "//x", "/./x", "x", "", "http://evil/x"})
        EXPECT_FALSE(parse_target(bad)) << bad;
}

TEST(ServerProtocol, StaticFilesArePlainNamesOrThePageRoutes) {
    EXPECT_EQ(static_file_for({}), "index.html");
    EXPECT_EQ(static_file_for({"game", "aB3dE5gH"}), "index.html");
    EXPECT_EQ(static_file_for({"watch", "aB3dE5gH"}), "index.html");
    EXPECT_EQ(static_file_for({"coach"}), "index.html");
    EXPECT_EQ(static_file_for({"analyse"}), "index.html");
    EXPECT_EQ(static_file_for({"analysis"}), "index.html");
    EXPECT_EQ(static_file_for({"app.js"}), "app.js");
    EXPECT_EQ(static_file_for({"chessground.base.css"}), "chessground.base.css");
    EXPECT_FALSE(static_file_for({"game", "short"}));
    EXPECT_FALSE(static_file_for({".env"}));
    EXPECT_FALSE(static_file_for({"README"}));
    EXPECT_FALSE(static_file_for({"a b.js"}));
    EXPECT_FALSE(static_file_for({"dir", "app.js"}));
    EXPECT_EQ(content_type_for("app.js"), "text/javascript; charset=utf-8");
    EXPECT_EQ(content_type_for("app.js.map"), "application/json");
    EXPECT_EQ(content_type_for("x.bin"), "application/octet-stream");
}

TEST(ServerProtocol, CookiesAndLanguages) {
    EXPECT_EQ(cookie_value("a=1; s_aB3dE5gH=xyz; lang=en", "s_aB3dE5gH"), "xyz");
    EXPECT_EQ(cookie_value("lang=en", "lang"), "en");
    EXPECT_FALSE(cookie_value("xlang=en", "lang"));
    EXPECT_FALSE(cookie_value("", "lang"));
    EXPECT_EQ(request_language(std::string("en"), std::string("de"), "de"), Language::English);
    EXPECT_EQ(request_language(std::nullopt, std::string("de-neutral"), "en"), Language::GermanNeutral);
    EXPECT_EQ(request_language(std::nullopt, std::nullopt, "fr-FR,en;q=0.8,de;q=0.5"), Language::English);
    EXPECT_EQ(request_language(std::string("xx"), std::nullopt, ""), Language::German);
    EXPECT_FALSE(error_text(ErrorCode::Rate, Language::English).empty());
    EXPECT_NE(error_text(ErrorCode::Forbidden, Language::German),
              error_text(ErrorCode::Forbidden, Language::GermanNeutral));
}

TEST(ServerProtocol, ClientMessagesAreReadOnceIntoTypedCommands) {
    const auto move = parse_client_message(R"({"t":"move","d":{"ply":3,"uci":"e7e8q","a":5}})");
    ASSERT_TRUE(move);
    EXPECT_EQ(std::get<MoveMessage>(*move), (MoveMessage{3, "e7e8q", false, 5}));
    EXPECT_TRUE(parse_client_message(R"({"t":"move","d":{"ply":0,"san":"Nf3"}})"));
    EXPECT_TRUE(parse_client_message(R"({"t":"claim","d":{"kind":"fifty"}})"));
    EXPECT_TRUE(parse_client_message(R"({"t":"claim","d":{"kind":"threefold","uci":"g1f3"}})"));
    EXPECT_TRUE(parse_client_message(R"({"t":"draw","d":"offer"})"));
    EXPECT_TRUE(std::holds_alternative<PingMessage>(*parse_client_message(R"({"t":"ping"})")));
    EXPECT_EQ(parse_client_message(R"({"t":"fly"})").error(), ErrorCode::UnknownType);
    EXPECT_EQ(parse_client_message(std::string(5000, ' ')).error(), ErrorCode::TooLarge);
    for (const char* bad :
         {"", "null", "[]", "{}", R"({"t":1})", R"({"t":"move"})", R"({"t":"move","d":{"ply":-1,"uci":"e2e4"}})",
          R"({"t":"move","d":{"ply":0,"uci":"e2e4","san":"e4"}})", R"({"t":"move","d":{"ply":0,"uci":"e2e9"}})",
          R"({"t":"move","d":{"ply":0,"uci":"e2e4","a":"x"}})", R"({"t":"move","d":{"ply":1.5,"uci":"e2e4"}})",
          R"({"t":"claim","d":{"kind":"other"}})", R"({"t":"takeback","d":"now"})",
          R"({"t":"move","d":{"ply":0,"san":"<script>"}})", R"([[[[[[[[[[[[[[]]]]]]]]]]]]]])"})
        EXPECT_EQ(parse_client_message(bad).error(), ErrorCode::Malformed) << bad;
}

TEST(ServerProtocol, CommandsFromHttpPaths) {
    const Target none;
    EXPECT_EQ(std::get<MoveMessage>(*command_from_path({"move", "e2e4"}, none)),
              (MoveMessage{MoveMessage::CurrentPly, "e2e4", false, std::nullopt}));
    EXPECT_TRUE(std::holds_alternative<ResignMessage>(*command_from_path({"resign"}, none)));
    EXPECT_EQ(std::get<DrawMessage>(*command_from_path({"draw", "accept"}, none)).answer, Answer::Accept);
    Target with_move;
    with_move.query.emplace("move", "g1f3");
    const auto claim = std::get<ClaimMessage>(*command_from_path({"claim", "threefold"}, with_move));
    EXPECT_EQ(claim.kind, DrawClaim::Threefold);
    EXPECT_EQ(claim.move, "g1f3");
    EXPECT_FALSE(command_from_path({"move", "e2"}, none));
    EXPECT_FALSE(command_from_path({"draw", "maybe"}, none));
    EXPECT_FALSE(command_from_path({"fly"}, none));
    EXPECT_FALSE(command_from_path({}, none));
    EXPECT_EQ(random_token(16).size(), 22u);
    EXPECT_NE(random_token(16), random_token(16));
}

TEST(ServerProtocol, TheRouteTableNamesEachRequest) {
    const auto route = [](Method m, std::vector<std::string> path) { return match_route(m, path); };
    EXPECT_EQ(route(Method::Get, {"api", "v1", "games"})->route, Route::ListGames);
    EXPECT_EQ(route(Method::Post, {"api", "v1", "games"})->route, Route::CreateGame);
    const auto state = route(Method::Get, {"api", "v1", "games", "aB3dE5gH"});
    EXPECT_EQ(state->route, Route::GameState);
    EXPECT_EQ(state->game, "aB3dE5gH");
    EXPECT_EQ(route(Method::Get, {"api", "v1", "games", "aB3dE5gH", "stream"})->route, Route::GameStream);
    EXPECT_EQ(route(Method::Get, {"api", "v1", "games", "aB3dE5gH", "pgn"})->route, Route::GamePgn);
    EXPECT_EQ(route(Method::Get, {"api", "v1", "games", "aB3dE5gH", "coach"})->route, Route::GameCoach);
    EXPECT_EQ(route(Method::Post, {"api", "v1", "games", "aB3dE5gH", "join"})->route, Route::JoinGame);
    const auto command = route(Method::Post, {"api", "v1", "games", "aB3dE5gH", "move", "e2e4"});
    EXPECT_EQ(command->route, Route::GameCommand);
    EXPECT_EQ(command->rest, (std::vector<std::string>{"move", "e2e4"}));
    EXPECT_EQ(route(Method::Get, {"ws", "v1", "games", "aB3dE5gH"})->route, Route::GameSocket);
    EXPECT_EQ(route(Method::Post, {"api", "v1", "exercises", "mate-1", "try"})->rest,
              (std::vector<std::string>{"mate-1", "try"}));
    EXPECT_EQ(route(Method::Get, {"api", "chess960", "518"})->route, Route::Tool);
    EXPECT_EQ(route(Method::Get, {"api", "v1", "analysis", "socket"})->route, Route::AnalysisSocket);
    EXPECT_EQ(route(Method::Post, {"api", "v1", "analysis", "socket"}).error(), ErrorCode::Method);
    EXPECT_EQ(route(Method::Get, {"game", "aB3dE5gH"})->route, Route::Static);
    EXPECT_EQ(route(Method::Get, {})->route, Route::Static);
    // What is not a route: a game id that is none, a path the API has not, another method.
    EXPECT_EQ(route(Method::Get, {"api", "v1", "games", "no!"}).error(), ErrorCode::NotFound);
    EXPECT_EQ(route(Method::Get, {"api", "v1", "games", "aB3dE5gH", "fly"}).error(), ErrorCode::NoSuchPath);
    EXPECT_EQ(route(Method::Get, {"api", "v1"}).error(), ErrorCode::NoSuchPath);
    EXPECT_EQ(route(Method::Post, {"api", "v1", "games", "aB3dE5gH"}).error(), ErrorCode::Method);
    EXPECT_EQ(route(Method::Other, {"api", "v1", "games"}).error(), ErrorCode::Method);
}

TEST(ServerProtocol, HostMustNameThisServer) {
    const std::vector<std::string> none;
    EXPECT_TRUE(host_allowed("127.0.0.1:8080", "127.0.0.1", none));
    EXPECT_TRUE(host_allowed("localhost", "127.0.0.1", none));
    EXPECT_TRUE(host_allowed("[::1]:8080", "127.0.0.1", none));
    EXPECT_TRUE(host_allowed("192.168.1.5:8080", "192.168.1.5", none));
    EXPECT_TRUE(host_allowed("[fe80::1]:80", "fe80::1", none));
    EXPECT_FALSE(host_allowed("192.168.1.5:8080", "127.0.0.1", none));
    EXPECT_FALSE(host_allowed("evil.example:8080", "127.0.0.1", none));
    EXPECT_FALSE(host_allowed("localhost.evil.example", "127.0.0.1", none));
    EXPECT_FALSE(host_allowed("", "127.0.0.1", none));
    EXPECT_FALSE(host_allowed("[::1", "127.0.0.1", none));
    // Listening on every address: any IP literal (no rebinding fakes one), still no foreign name.
    EXPECT_TRUE(host_allowed("10.0.0.7:8080", "0.0.0.0", none));
    EXPECT_TRUE(host_allowed("[2001:db8::1]:8080", "::", none));
    EXPECT_FALSE(host_allowed("10.0.0.7.evil.example", "0.0.0.0", none));
    EXPECT_FALSE(host_allowed("1.2.3", "0.0.0.0", none));
    const std::vector<std::string> allowed{"schach.example"};
    EXPECT_TRUE(host_allowed("Schach.Example:443", "0.0.0.0", allowed));
    EXPECT_FALSE(host_allowed("www.schach.example", "0.0.0.0", allowed));
}

}  // namespace
}  // namespace schach::server
