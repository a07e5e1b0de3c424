// The stateless tools of schach serve: Chess960 explorer, castling trainer, time controls and the
// PGN checker, called as the transport calls them.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "server/content/tools_api.hpp"

namespace schach::server {
namespace {
namespace json = boost::json;

ToolReply get(std::string_view path, Language lang = Language::English) {
    const auto target = parse_target(path);
    EXPECT_TRUE(target) << path;
    auto reply = tools_request(false, *target, {}, lang);
    EXPECT_TRUE(reply) << path;
    return reply ? *reply : ToolReply{};
}

ToolReply post(std::string_view path, const json::value& body, Language lang = Language::English) {
    const auto target = parse_target(path);
    auto reply = tools_request(true, *target, json::serialize(body), lang);
    EXPECT_TRUE(reply) << path;
    return reply ? *reply : ToolReply{};
}

std::string str(const json::value& v, std::string_view key) { return std::string(v.at(key).as_string()); }

TEST(ServerTools, Chess960NumbersGiveTheArraysOfTheTable) {
    EXPECT_EQ(str(get("/api/chess960/518").body, "backRank"), "RNBQKBNR");
    EXPECT_EQ(str(get("/api/chess960/0").body, "backRank"), "BBQNNRKR");
    EXPECT_EQ(str(get("/api/chess960/959").body, "backRank"), "RKRNNQBB");
    EXPECT_TRUE(get("/api/chess960/518").body.at("classical").as_bool());
    // Every number against the shared table (line: n, back rank, X-FEN, Shredder-FEN).
    std::ifstream in(SCHACH_DATA_DIR "/chess960/scharnagl_960.tsv");
    ASSERT_TRUE(in);
    std::string line;
    int rows = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream cols(line);
        std::string n, rank;
        std::getline(cols, n, '\t');
        std::getline(cols, rank, '\t');
        const ToolReply r = get("/api/chess960/" + n);
        ASSERT_EQ(r.status, 200) << n;
        EXPECT_EQ(str(r.body, "backRank"), rank) << n;
        EXPECT_EQ(post("/api/chess960/number", json::object{{"fen", r.body.at("fen")}})
                      .body.at("number")
                      .to_number<std::int64_t>(),
                  std::stoi(n));
        ++rows;
    }
    EXPECT_EQ(rows, 960);
}

TEST(ServerTools, Chess960DerivationNamesEachStep) {
    const json::value b = get("/api/chess960/518").body;  // RNBQKBNR
    const json::array& steps = b.at("steps").as_array();
    ASSERT_EQ(steps.size(), 5u);
    EXPECT_EQ(str(steps[0], "step"), "light-bishop");
    EXPECT_EQ(steps[0].at("files").as_array(), (json::array{"f"}));
    EXPECT_EQ(steps[1].at("files").as_array(), (json::array{"c"}));
    EXPECT_EQ(steps[2].at("files").as_array(), (json::array{"d"}));
    EXPECT_EQ(steps[3].at("files").as_array(), (json::array{"b", "g"}));
    EXPECT_EQ(steps[4].at("files").as_array(), (json::array{"a", "e", "h"}));
    EXPECT_EQ(steps[4].at("pieces").as_array(), (json::array{"R", "K", "R"}));
    int product = 1;
    for (const auto& s : steps) product *= static_cast<int>(s.at("choices").to_number<std::int64_t>());
    EXPECT_EQ(product, 960);
    // n = light + 4 (dark + 4 (queen + 6 knights))
    const auto choice = [&](std::size_t i) {
        return static_cast<int>(steps[i].at("choice").to_number<std::int64_t>());
    };
    EXPECT_EQ(choice(0) + 4 * (choice(1) + 4 * (choice(2) + 6 * choice(3))), 518);
}

TEST(ServerTools, Chess960ErrorsAreTyped) {
    EXPECT_EQ(get("/api/chess960/960").status, 400);
    EXPECT_EQ(str(get("/api/chess960/960").body, "kind"), "out-of-range");
    EXPECT_EQ(str(get("/api/chess960/x1").body, "code"), "bad-request");
    const int random = static_cast<int>(get("/api/chess960/random").body.at("number").to_number<std::int64_t>());
    EXPECT_TRUE(random >= 0 && random < 960);
    const ToolReply dbl = get("/api/chess960/0?black=959");
    EXPECT_EQ(str(dbl.body, "blackBackRank"), "RKRNNQBB");
    EXPECT_EQ(str(dbl.body, "fen").substr(0, 8), "rkrnnqbb");
    const ToolReply moved = post("/api/chess960/number",
                                 json::object{{"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}});
    EXPECT_EQ(moved.status, 400);
    EXPECT_EQ(str(moved.body, "kind"), "pawns-moved");
    EXPECT_FALSE(str(moved.body, "text").empty());
    EXPECT_EQ(post("/api/chess960/number", json::object{{"backRank", "RKRNNQBB"}})
                  .body.at("number")
                  .to_number<std::int64_t>(),
              959);
    EXPECT_EQ(str(post("/api/chess960/number", json::object{{"backRank", "BBRKRNNX"}}).body, "code"), "bad-request");
    EXPECT_EQ(str(post("/api/chess960/number", json::object{{"backRank", "BBRRKNNQ"}}).body, "kind"),
              "no-chess960-array");
    EXPECT_EQ(str(post("/api/chess960/number", json::object{{"fen", "nonsense"}}).body, "code"), "bad-fen");
}

json::value case_position(std::string_view id) {
    const ToolReply reply = get("/api/castling/cases");
    for (const json::value& c : reply.body.at("cases").as_array())
        if (c.at("id").as_string() == id) return c.at("position");
    ADD_FAILURE() << id;
    return nullptr;
}

json::value try_move(const json::value& position, std::string_view from, std::string_view to,
                     Language lang = Language::English) {
    return post("/api/position/move", json::object{{"fen", position.at("fen")}, {"from", from}, {"to", to}}, lang).body;
}

/// The board field of the first rank of a FEN.
std::string first_rank(const json::value& position) {
    const std::string fen = str(position, "fen");
    const auto slash = fen.rfind('/');
    return fen.substr(slash + 1, fen.find(' ') - slash - 1);
}

TEST(ServerTools, CastlingCasesOfTheSeedEndOnTheFixedSquares) {
    struct Case {
        std::string_view id, king, rook, after;
    };
    for (const Case c : {Case{"rook-only", "g1", "h1", "1R3RK1"}, Case{"king-only", "e1", "f1", "1R3RK1"},
                         Case{"swap", "f1", "g1", "1R3RK1"}, Case{"king-b1", "b1", "h1", "R4RK1"},
                         Case{"king-b1", "b1", "a1", "2KR3R"}}) {
        const json::value pos = case_position(c.id);
        EXPECT_TRUE(pos.at("castling").at(c.king).as_object().contains(c.rook)) << c.id;
        const json::value r = try_move(pos, c.king, c.rook);
        ASSERT_TRUE(r.at("legal").as_bool()) << c.id;
        EXPECT_TRUE(r.at("castling").as_bool());
        EXPECT_EQ(first_rank(r.at("position")), c.after) << c.id;
    }
}

TEST(ServerTools, RefusedCastlingIsExplained) {
    struct Case {
        std::string_view id, rook, code;
    };
    for (const Case c : {Case{"through-check", "h1", "castling-through-check"},
                         Case{"blocked", "h1", "castling-blocked"}, Case{"no-right", "h1", "castling-no-right"}}) {
        const json::value pos = case_position(c.id);
        EXPECT_FALSE(pos.at("castling").as_object().contains("b1") &&
                     pos.at("castling").at("b1").as_object().contains(c.rook))
            << c.id;
        EXPECT_EQ(pos.at("tries").at("b1").as_array().size(), 2u);
        const json::value r = try_move(pos, "b1", c.rook, Language::German);
        ASSERT_FALSE(r.at("legal").as_bool()) << c.id;
        EXPECT_EQ(str(r.at("refusal"), "code"), c.code);
        EXPECT_EQ(str(r.at("refusal"), "article").substr(0, 5), "3.8.2");
        EXPECT_FALSE(str(r.at("refusal"), "text").empty());
    }
    EXPECT_EQ(post("/api/position/move", json::object{{"fen", "x"}, {"from", "e2"}, {"to", "e4"}}).status, 400);
    EXPECT_EQ(str(post("/api/position/move", json::object{{"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}).body, "code"),
              "bad-request");
}

TEST(ServerTools, TimeControlsAsStagesWithTheirClass) {
    const json::value fide = get("/api/time-control?spec=40/90%2B30,30%2B30").body;
    EXPECT_EQ(str(fide, "class"), "classical");
    ASSERT_EQ(fide.at("periods").as_array().size(), 2u);
    EXPECT_EQ(fide.at("periods").at(0).at("moves").to_number<std::int64_t>(), 40);
    EXPECT_EQ(fide.at("periods").at(0).at("baseMs").to_number<std::int64_t>(), 90 * 60'000);
    EXPECT_EQ(fide.at("periods").at(1).at("incrementMs").to_number<std::int64_t>(), 30'000);
    EXPECT_EQ(str(get("/api/time-control?spec=1%2B0").body, "class"), "blitz");
    EXPECT_EQ(str(get("/api/time-control?spec=5d3").body.at("periods").at(0), "delay"), "simple");
    EXPECT_EQ(str(get("/api/time-control?spec=5b3").body.at("periods").at(0), "delay"), "bronstein");
    EXPECT_EQ(str(get("/api/time-control?spec=h3").body, "mode"), "hourglass");
    EXPECT_EQ(str(get("/api/time-control?spec=15%2B10", Language::German).body, "className"), "Schnellschach");
    const json::value pgn = get("/api/time-control?spec=40/5400%2B30:1800%2B30&form=pgn").body;
    EXPECT_EQ(str(pgn, "spec"), "40/90+30,30+30");
    const ToolReply bad = get("/api/time-control?spec=5%2Bx");
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(str(bad.body, "code"), "time-control");
    EXPECT_EQ(bad.body.at("offset").to_number<std::int64_t>(), 2);
    EXPECT_EQ(get("/api/time-control").status, 400);
}

TEST(ServerTools, PgnCheckFindsTheIllegalMoveAtItsLineAndColumn) {
    const std::string text =
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n"
        "[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *\n";
    const ToolReply r = post("/api/pgn/check", json::object{{"pgn", text}});
    ASSERT_EQ(r.status, 200);
    const json::array& games = r.body.at("games").as_array();
    ASSERT_EQ(games.size(), 2u);
    const json::value& first = games[0];
    EXPECT_TRUE(first.at("errors").as_array().empty());
    EXPECT_EQ(str(first.at("adjudication"), "verdict"), "checkmate");
    EXPECT_EQ(str(first.at("adjudication"), "result"), "0-1");
    EXPECT_TRUE(first.at("adjudication").at("differs").as_bool());
    EXPECT_NE(str(first.at("pgn"), "de").find("Dh4#"), std::string::npos);
    EXPECT_NE(str(first.at("pgn"), "de-neutral").find("Wh4#"), std::string::npos);
    EXPECT_NE(str(first.at("pgn"), "en").find("Qh4#"), std::string::npos);
    const json::array& errors = games[1].at("errors").as_array();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].at("line").to_number<std::int64_t>(), 10);
    EXPECT_EQ(errors[0].at("column").to_number<std::int64_t>(), 4);
    EXPECT_EQ(str(errors[0], "kind"), "illegal-move");
    EXPECT_TRUE(games[1].at("pgn").is_null());
    EXPECT_EQ(r.body.at("errors").to_number<std::int64_t>(), 1);
    EXPECT_EQ(post("/api/pgn/check", json::object{{"pgn", std::string(MaxPgnBytes + 1, ' ')}}).status, 413);
    EXPECT_EQ(post("/api/pgn/check", json::object{}).status, 400);
}

TEST(ServerTools, PositionsGiveTheirMovesAndTries) {
    const ToolReply r = post("/api/position",
                             json::object{{"fen", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"}, {"variant", "standard"}});
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(str(r.body, "turn"), "white");
    EXPECT_TRUE(r.body.at("check").is_null());
    EXPECT_EQ(r.body.at("castling").at("e1").at("h1"), "g1");
    EXPECT_EQ(r.body.at("castling").at("e1").at("a1"), "c1");
    EXPECT_EQ(r.body.at("tries").at("e1").as_array().size(), 2u);
    EXPECT_EQ(r.body.at("dests").at("a1").as_array().size(), 10u);  // a2..a8, b1..d1
    EXPECT_EQ(str(post("/api/position", json::object{{"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, {"variant", "x"}}).body,
                  "code"),
              "bad-request");
    // A check is named by the king's square; the king is off its back rank: no tries.
    const ToolReply check = post("/api/position", json::object{{"fen", "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1"}});
    EXPECT_EQ(str(check.body, "check"), "d1");
    EXPECT_TRUE(check.body.at("tries").as_object().empty());
}

TEST(ServerTools, HostileInputGetsATypedErrorNeverACrash) {
    // Random bodies and paths (a fixed seed: the same inputs every run) must give an answer with a
    // code, never an exception or an empty body.
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    const auto next = [&] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    const std::string alphabet = "{}[]\":,0123456789 abcfenpgKQRBNkqrbn/-+eE.\\\n";
    const std::vector<std::string> fields = {"fen", "backRank", "from", "to", "promotion", "pgn", "variant"};
    for (int i = 0; i < 3000; ++i) {
        std::string body;
        if (i % 2 == 0) {
            const std::size_t n = next() % 120;
            for (std::size_t k = 0; k < n; ++k) body += alphabet[next() % alphabet.size()];
        } else {
            json::object o;
            for (const std::string& f : fields)
                if (next() % 2) {
                    std::string v;
                    const std::size_t n = next() % 70;
                    for (std::size_t k = 0; k < n; ++k) v += alphabet[next() % alphabet.size()];
                    o[f] = v;
                }
            body = json::serialize(o);
        }
        for (const char* path : {"/api/chess960/number", "/api/position", "/api/position/move", "/api/pgn/check"}) {
            const auto reply = tools_request(true, *parse_target(path), body, Language::German);
            ASSERT_TRUE(reply) << path;
            ASSERT_TRUE(reply->body.is_object()) << path << " " << body;
            if (reply->status != 200) {
                EXPECT_TRUE(reply->body.as_object().contains("code")) << path << " " << body;
            }
        }
        std::string spec;
        const std::size_t n = next() % 30;
        for (std::size_t k = 0; k < n; ++k) spec += "0123456789+/,:dbhms. -?*"[next() % 24];
        for (const char* form : {"human", "pgn"}) {
            const ToolReply tc = time_control_info(spec, form, Language::English);
            EXPECT_TRUE(tc.status == 200 || tc.body.as_object().contains("offset")) << spec;
        }
    }
}

TEST(ServerTools, OtherPathsAndMethodsAreNotTools) {
    EXPECT_FALSE(tools_request(false, *parse_target("/api/nothing"), {}, Language::English));
    EXPECT_EQ(tools_request(true, *parse_target("/api/chess960/5"), {}, Language::English)->status, 405);
    EXPECT_EQ(tools_request(false, *parse_target("/api/pgn/check"), {}, Language::English)->status, 405);
}

}  // namespace
}  // namespace schach::server
