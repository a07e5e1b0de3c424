// The transport's pure helpers: request targets, static file names, cookies, languages and the
// shape of client messages.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "server/protocol.hpp"

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

TEST(ServerProtocol, ClientMessagesFollowTheSchema) {
    const auto move = read_action(R"({"t":"move","d":{"ply":3,"uci":"e7e8q","a":5}})");
    ASSERT_TRUE(move);
    EXPECT_EQ(move->type, "move");
    EXPECT_EQ(move->data, boost::json::parse(R"({"uci":"e7e8q","ply":3,"a":5})"));
    EXPECT_TRUE(read_action(R"({"t":"move","d":{"ply":0,"san":"Nf3"}})"));
    EXPECT_TRUE(read_action(R"({"t":"claim","d":{"kind":"fifty"}})"));
    EXPECT_TRUE(read_action(R"({"t":"claim","d":{"kind":"threefold","uci":"g1f3"}})"));
    EXPECT_TRUE(read_action(R"({"t":"draw","d":"offer"})"));
    EXPECT_EQ(read_action(R"({"t":"ping"})")->type, "ping");
    EXPECT_EQ(read_action(R"({"t":"fly"})").error(), ErrorCode::UnknownType);
    EXPECT_EQ(read_action(std::string(5000, ' ')).error(), ErrorCode::TooLarge);
    for (const char* bad :
         {"", "null", "[]", "{}", R"({"t":1})", R"({"t":"move"})", R"({"t":"move","d":{"ply":-1,"uci":"e2e4"}})",
          R"({"t":"move","d":{"ply":0,"uci":"e2e4","san":"e4"}})", R"({"t":"move","d":{"ply":0,"uci":"e2e9"}})",
          R"({"t":"move","d":{"ply":0,"uci":"e2e4","a":"x"}})", R"({"t":"move","d":{"ply":1.5,"uci":"e2e4"}})",
          R"({"t":"claim","d":{"kind":"other"}})", R"({"t":"takeback","d":"now"})",
          R"({"t":"move","d":{"ply":0,"san":"<script>"}})", R"([[[[[[[[[[[[[[]]]]]]]]]]]]]])"})
        EXPECT_EQ(read_action(bad).error(), ErrorCode::Malformed) << bad;
}

TEST(ServerProtocol, ActionsFromHttpPaths) {
    const Target none;
    EXPECT_EQ(action_from_path({"move", "e2e4"}, none)->data, boost::json::parse(R"({"uci":"e2e4"})"));
    EXPECT_EQ(action_from_path({"resign"}, none)->type, "resign");
    EXPECT_EQ(action_from_path({"draw", "accept"}, none)->data, "accept");
    Target with_move;
    with_move.query.emplace("move", "g1f3");
    EXPECT_EQ(action_from_path({"claim", "threefold"}, with_move)->data,
              boost::json::parse(R"({"kind":"threefold","uci":"g1f3"})"));
    EXPECT_FALSE(action_from_path({"move", "e2"}, none));
    EXPECT_FALSE(action_from_path({"draw", "maybe"}, none));
    EXPECT_FALSE(action_from_path({"fly"}, none));
    EXPECT_FALSE(action_from_path({}, none));
    EXPECT_EQ(random_token(16).size(), 22u);
    EXPECT_NE(random_token(16), random_token(16));
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
