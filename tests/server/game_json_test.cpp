#include <gtest/gtest.h>

#include <random>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/fen.hpp"
#include "server/api/game_json.hpp"
#include "server/domain/live_game.hpp"
#include "server/domain/secrets.hpp"

namespace schach::server {
namespace {

namespace json = boost::json;

LiveGame friend_game() {
    ByColor<StoredSeat> seats{};
    seats[Color::White] = {Color::White, false, sha256_hex("w"), "", "bw"};
    seats[Color::Black] = {Color::Black, false, sha256_hex("b"), "", "bb"};
    GameSetup s;
    s.id = "abcdEFGH";
    s.mode = Mode::Local;  // started at once
    s.tc = "5+3";
    return LiveGame(s, seats, 0, 0);
}

TEST(ServerGameJson, StateHasTheProtocolsShape) {
    LiveGame g = friend_game();
    const auto view = g.view(1000);
    json::object s = state_json(*view, Seat::White, Language::German);
    for (const char* key :
         {"id",         "variant", "chess960",  "mode",   "level",     "tc",       "players", "you",
          "initialFen", "fen",     "ply",       "turn",   "moves",     "lastMove", "check",   "dests",
          "castling",   "clock",   "firstMove", "offers", "claimable", "status",   "result",  "version"})
        EXPECT_TRUE(s.contains(key)) << key;
    EXPECT_EQ(s["you"], "white");
    EXPECT_EQ(s["turn"], "white");
    EXPECT_EQ(s["tc"].at("class"), "blitz");
    // Before the first moves no clock runs; the first-move timer does.
    EXPECT_EQ(s["clock"].at("white"), 300'000);
    EXPECT_TRUE(s["clock"].at("running").is_null());
    EXPECT_EQ(s["firstMove"], (json::object{{"color", "white"}, {"left", FirstMoveTimeMs - 1000}}));
    EXPECT_EQ(s["clock"].at("lowTime"), 37'500);
    EXPECT_EQ(s["dests"].at("g1").as_array().size(), 2u);
    EXPECT_EQ(s["dests"].as_object().size(), 10u);
    // Black (and spectators) see no destinations while White is to move.
    EXPECT_TRUE(state_json(*view, Seat::Black, Language::German)["dests"].is_null());
    EXPECT_TRUE(state_json(*view, std::nullopt, Language::German)["you"].is_null());
}

TEST(ServerGameJson, TheJoinEventCarriesTheSeatsAndTheStartedGame) {
    ByColor<StoredSeat> seats{};
    seats[Color::White] = {Color::White, false, sha256_hex("w"), "", "bw"};
    seats[Color::Black] = {Color::Black, false, "", sha256_hex("invite"), ""};
    GameSetup s;
    s.id = "abcdEFGH";
    s.mode = Mode::Friend;
    s.tc = "3+2";
    LiveGame g(s, seats, 0, 0);
    auto joined = g.join("invite", sha256_hex("b"), "bb", 2000);
    ASSERT_TRUE(joined);
    ASSERT_EQ(joined->events.size(), 1u);
    json::object white = event_json(joined->events[0], Seat::White, Language::English);
    EXPECT_EQ(white["t"], "join");
    json::object& d = white["d"].as_object();
    EXPECT_EQ(d["color"], "black");
    EXPECT_EQ(d["players"].at("black").at("joined"), true);
    EXPECT_EQ(d["status"], "started");
    EXPECT_EQ(d["clock"].at("white"), 180'000);
    EXPECT_EQ(d["firstMove"], (json::object{{"color", "white"}, {"left", FirstMoveTimeMs}}));
    EXPECT_EQ(d["dests"].as_object().size(), 10u);  // White may move now
    json::object black = event_json(joined->events[0], Seat::Black, Language::English);
    EXPECT_TRUE(black["d"].at("dests").is_null());
}

TEST(ServerGameJson, CastlingIsKingOntoRookWithItsTarget) {
    LiveGame g = friend_game();
    int ply = 0;
    for (const char* m : {"e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5"})
        ASSERT_TRUE(g.move(Seat::Both, {ply++, m, false, 1}, 0, 0));
    json::object s = state_json(*g.view(0), Seat::White, Language::English);
    const json::array& king = s["dests"].at("e1").as_array();
    EXPECT_NE(std::find(king.begin(), king.end(), json::value("h1")), king.end());
    EXPECT_EQ(s["castling"].at("e1").at("h1"), "g1");
}

TEST(ServerGameJson, Chess960CastlingIsKingOntoRookToo) {
    ByColor<StoredSeat> seats{};
    seats[Color::White] = {Color::White, false, sha256_hex("s"), "", "b"};
    seats[Color::Black] = {Color::Black, false, sha256_hex("s"), "", "b"};
    GameSetup s;
    s.id = "abcdEFGH";
    s.mode = Mode::Local;
    s.chess960 = true;
    s.start = *position_from_fen("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
    LiveGame g(s, seats, 0, 0);
    json::object st = state_json(*g.view(0), Seat::Both, Language::English);
    EXPECT_EQ(st["variant"], "chess960");
    EXPECT_EQ(st["castling"].at("f1").at("g1"), "g1");
    EXPECT_EQ(st["castling"].at("f1").at("b1"), "c1");
    const json::array& king = st["dests"].at("f1").as_array();
    EXPECT_NE(std::find(king.begin(), king.end(), json::value("b1")), king.end());
}

TEST(ServerGameJson, MoveEventAndResultText) {
    LiveGame g = friend_game();
    int ply = 0;
    Effects last;
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
        auto r = g.move(Seat::Both, {ply++, m, false, 1}, 0, 0);
        ASSERT_TRUE(r);
        last = *r;
    }
    json::object e = event_json(last.events[0], Seat::White, Language::German);
    EXPECT_EQ(e["v"], 5);
    EXPECT_EQ(e["t"], "move");
    const json::object& d = e["d"].as_object();
    EXPECT_EQ(d.at("san"), "Qh4#");
    EXPECT_EQ(d.at("ply"), 4);
    EXPECT_EQ(d.at("check"), "e1");
    EXPECT_EQ(d.at("status"), "over");
    EXPECT_EQ(d.at("result").at("result"), "0-1");
    EXPECT_EQ(d.at("result").at("article"), "5.1.1");
    EXPECT_EQ(d.at("result").at("text"), "Schachmatt: Schwarz gewinnt (Art. 5.1.1)");
    EXPECT_TRUE(d.at("dests").is_null());
}

TEST(ServerGameJson, ReadsEveryClientMessage) {
    auto move = parse_client_message(R"({"t":"move","d":{"ply":3,"uci":"e2e4","a":7}})");
    ASSERT_TRUE(move);
    EXPECT_EQ(std::get<MoveMessage>(*move), (MoveMessage{3, "e2e4", false, 7}));
    auto san = parse_client_message(R"({"t":"move","d":{"ply":0,"san":"Nf3"}})");
    ASSERT_TRUE(san);
    EXPECT_TRUE(std::get<MoveMessage>(*san).is_san);
    EXPECT_EQ(std::get<DrawMessage>(*parse_client_message(R"({"t":"draw","d":"accept"})")).answer, Answer::Accept);
    auto claim = parse_client_message(R"({"t":"claim","d":{"kind":"fifty","uci":"g1f3"}})");
    ASSERT_TRUE(claim);
    EXPECT_EQ(std::get<ClaimMessage>(*claim).kind, DrawClaim::FiftyMoves);
    EXPECT_EQ(std::get<ClaimMessage>(*claim).move, "g1f3");
    EXPECT_TRUE(std::holds_alternative<PingMessage>(*parse_client_message(R"({"t":"ping"})")));
    EXPECT_TRUE(std::holds_alternative<ResignMessage>(*parse_client_message(R"({"t":"resign"})")));
    EXPECT_TRUE(std::holds_alternative<TakebackMessage>(*parse_client_message(R"({"t":"takeback","d":"offer"})")));
}

TEST(ServerGameJson, RefusesWhatIsNotInTheSchemaWithoutThrowing) {
    for (const char* bad :
         {"", "null", "[]", "{", R"({"t":1})", R"({"t":"move"})", R"({"t":"move","d":{"ply":-1,"uci":"e2e4"}})",
          R"({"t":"move","d":{"ply":1.5,"uci":"e2e4"}})", R"({"t":"move","d":{"ply":1,"uci":"e2e4","san":"e4"}})",
          R"({"t":"move","d":{"ply":1,"uci":"e2e4e2e4"}})", R"({"t":"move","d":{"ply":1,"uci":"e2e4","x":1}})",
          R"({"t":"draw","d":"maybe"})", R"({"t":"ping","x":1})", R"({"t":"dance"})",
          R"({"t":"move","d":{"ply":1,"uci":["e2e4",[[[[[[1]]]]]]]}})", "\xff\xfe"}) {
        auto r = parse_client_message(bad);
        ASSERT_FALSE(r) << bad;
        // A type the protocol does not have says so; anything else is malformed.
        EXPECT_EQ(r.error(),
                  std::string_view(bad) == R"({"t":"dance"})" ? ErrorCode::UnknownType : ErrorCode::Malformed)
            << bad;
    }
    const std::string big = R"({"t":"ping","d":")" + std::string(5000, 'x') + "\"}";
    EXPECT_EQ(parse_client_message(big).error(), ErrorCode::TooLarge);
    // The move texts are checked as the protocol writes them.
    EXPECT_FALSE(parse_client_message(R"({"t":"move","d":{"ply":1,"uci":"e9e4"}})"));
    EXPECT_FALSE(parse_client_message(R"({"t":"move","d":{"ply":1,"san":"N;f3"}})"));
    EXPECT_FALSE(parse_client_message(R"({"t":"move","d":{"ply":1,"uci":"e2e4","a":-1}})"));
}

TEST(ServerGameJson, RandomBytesAndMutatedMessagesNeverThrow) {
    std::mt19937 random(12345);
    const std::string seed = R"({"t":"move","d":{"ply":3,"uci":"e2e4","a":7}})";
    for (int i = 0; i < 20000; ++i) {
        std::string text = seed;
        const int edits = 1 + static_cast<int>(random() % 4);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random() % (text.size() + 1);
            switch (random() % 3) {
                case 0: text.insert(at, 1, static_cast<char>(random() % 256)); break;
                case 1:
                    if (at < text.size()) text.erase(at, 1);
                    break;
                default:
                    if (at < text.size()) text[at] = static_cast<char>(random() % 256);
            }
        }
        EXPECT_NO_THROW((void)parse_client_message(text));
        EXPECT_NO_THROW((void)parse_create_request(text));
    }
}

TEST(ServerGameJson, RefusalsCarryTheCounterAndTheRule) {
    LiveGame g = friend_game();
    auto r = g.move(Seat::Both, {0, "e1e2", false, 4}, 0, 0);
    ASSERT_FALSE(r);
    json::object o = error_json(r.error(), 4, Language::English);
    EXPECT_EQ(o["t"], "refusal");
    EXPECT_EQ(o["d"].at("a"), 4);
    EXPECT_EQ(o["d"].at("code"), "own-piece-on-target");
    EXPECT_FALSE(o["d"].at("text").as_string().empty());
    EXPECT_EQ(ack_json(4)["d"], 4);
    const auto reply = [](const ClientMessage& m, const ActResult& result) {
        const auto text = ws_reply(m, result, Language::English);
        return text ? std::optional(json::parse(*text).as_object()) : std::nullopt;
    };
    EXPECT_EQ(reply(MoveMessage{0, "e2e4", false, 9}, Ack{9})->at("d"), 9);
    EXPECT_FALSE(reply(ResignMessage{}, Ack{}));
    EXPECT_EQ(reply(MoveMessage{0, "e1e2", false, 4}, std::unexpected(r.error()))->at("t"), "refusal");
    EXPECT_EQ(reply(ResignMessage{}, std::unexpected(make_error(ServiceCode::NotYourSeat)))->at("t"), "error");
    const Reply http = http_reply(std::unexpected(r.error()), Language::German);
    EXPECT_EQ(http.status, 400);
    EXPECT_EQ(http.body.at("code"), "own-piece-on-target");
}

TEST(ServerGameJson, CreateAndJoinRequests) {
    auto r = parse_create_request(R"({"mode":"computer","level":3,"color":"black","tc":"5+3","variant":"chess960",
                                      "chess960":"random"})");
    ASSERT_TRUE(r) << r.error().id();
    EXPECT_EQ(r->mode, Mode::Computer);
    EXPECT_EQ(r->level, 3);
    EXPECT_EQ(r->color, ColorChoice::Black);
    EXPECT_EQ(r->tc, "5+3");
    EXPECT_TRUE(r->chess960);
    EXPECT_EQ(r->chess960_number, std::nullopt);
    auto n = parse_create_request(R"({"mode":"friend","chess960":518})");
    ASSERT_TRUE(n);
    EXPECT_EQ(n->chess960_number, 518);
    EXPECT_EQ(parse_create_request(R"({"mode":"computer","level":9})").error().id(), "bad-request");
    EXPECT_EQ(parse_create_request(R"({"mode":"online"})").error().id(), "malformed");
    const auto fen = parse_create_request(R"({"mode":"local","fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})");
    ASSERT_TRUE(fen);
    EXPECT_EQ(fen->fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(parse_create_request(R"({"mode":"local","fen":"8/8 w","chess960":5})").error().id(), "bad-request");
    EXPECT_EQ(parse_create_request(R"({"mode":"local","fen":7})").error().id(), "malformed");
    EXPECT_EQ(parse_create_request(R"({"level":1})").error().id(), "malformed");
    EXPECT_EQ(parse_join_request(R"({"invite":"abc"})")->invite, "abc");
    EXPECT_EQ(parse_join_request(R"({"rematch":"abcdEFGH"})")->rematch, "abcdEFGH");
    EXPECT_FALSE(parse_join_request(R"({})"));

    json::object c = created_json({"abcdEFGH", Seat::White, "sec", std::string("inv")});
    EXPECT_EQ(c["urls"].at("invite"), "/game/abcdEFGH?invite=inv");
    EXPECT_EQ(c["urls"].at("watch"), "/watch/abcdEFGH");
    EXPECT_EQ(c["color"], "white");
    EXPECT_EQ(joined_json({Seat::Both, "s"})["color"], "white");
    EXPECT_EQ(joined_json({Seat::Black, "s"})["color"], "black");
    GameSummary g;
    g.id = "abcdEFGH";
    g.status = Status::Over;
    g.outcome = {Result::Draw, Termination::Agreement};
    g.updated = 1'700'000'000'000;
    json::array list = games_json({g}, Language::English);
    EXPECT_EQ(list[0].at("updated"), "2023-11-14T22:13:20Z");
    EXPECT_EQ(list[0].at("result").at("result"), "1/2-1/2");
}

}  // namespace
}  // namespace schach::server
