#include <gtest/gtest.h>

#include "server/api/game_json.hpp"
#include "server/domain/event_history.hpp"
#include "server/domain/live_game.hpp"
#include "server/domain/secrets.hpp"

namespace schach::server {
namespace {

/// A game at one device with two moves, its stored events (versions 2 and 3) and its view now.
struct Played {
    LiveGame game;
    std::vector<StoredEvent> stored;
    std::vector<Event> events;
};

Played two_moves() {
    ByColor<StoredSeat> seats{};
    seats[Color::White] = {Color::White, false, sha256_hex("s"), "", "b"};
    seats[Color::Black] = {Color::Black, false, sha256_hex("s"), "", "b"};
    GameSetup s;
    s.id = "abcdEFGH";
    s.mode = Mode::Local;
    s.tc = "5+3";
    Played p{LiveGame(s, seats, 0, 0), {}, {}};
    for (auto [ply, uci] : {std::pair{0, "e2e4"}, std::pair{1, "e7e5"}}) {
        auto e = p.game.move(Seat::Both, MoveMessage{ply, uci, false, 1}, 1000 * (ply + 1), 0);
        EXPECT_TRUE(e);
        for (const Event& ev : e->events) {
            p.stored.push_back({ev.version, std::string(event_kind_id(ev.kind)), stored_event_json(ev)});
            p.events.push_back(ev);
        }
    }
    return p;
}

TEST(ServerEventHistory, StoredEventsRenderAsTheyWereSent) {
    Played p = two_moves();
    const auto now = p.game.view(50'000);
    auto rebuilt = events_from_store(p.stored, 1, *now);
    ASSERT_TRUE(rebuilt);
    ASSERT_EQ(rebuilt->size(), 2u);
    for (std::size_t i = 0; i < 2; ++i)
        for (Seat seat : {Seat::White, Seat::Black})
            EXPECT_EQ(event_json((*rebuilt)[i], seat, Language::German),
                      event_json(p.events[i], seat, Language::German));
}

TEST(ServerEventHistory, WhatCannotBeRebuiltExactlyIsNone) {
    Played p = two_moves();
    const auto now = p.game.view(50'000);
    // A version missing, or one too many.
    EXPECT_FALSE(events_from_store({p.stored[1]}, 1, *now));
    EXPECT_FALSE(events_from_store(p.stored, 2, *now));
    // A record of the first format (only the move and its ply).
    std::vector<StoredEvent> old = p.stored;
    old[0].json = R"({"uci":"e2e4","ply":1})";
    EXPECT_FALSE(events_from_store(old, 1, *now));
    // A move the game no longer has at that ply (taken back and replaced).
    std::vector<StoredEvent> other = p.stored;
    other[0].json.replace(other[0].json.find("e2e4"), 4, "d2d4");
    EXPECT_FALSE(events_from_store(other, 1, *now));
    // Not JSON, an unknown kind, the creation.
    std::vector<StoredEvent> broken = p.stored;
    broken[1].json = "{";
    EXPECT_FALSE(events_from_store(broken, 1, *now));
    broken[1] = {3, "chat", "{}"};
    EXPECT_FALSE(events_from_store(broken, 1, *now));
    EXPECT_FALSE(events_from_store({{1, "state", "{}"}, p.stored[0], p.stored[1]}, 0, *now));
    // Nothing missed: nothing to send.
    auto none = events_from_store({}, 3, *now);
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->empty());
}

}  // namespace
}  // namespace schach::server
