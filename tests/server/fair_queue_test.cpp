// The engine's queue takes turns between clients: a flood of one client's games waits behind
// another client's single request.

#include "server/domain/fair_queue.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace schach::server {
namespace {

std::vector<std::string> drain(FairQueue<std::string>& q) {
    std::vector<std::string> out;
    q.drain([&](std::string s) { out.push_back(std::move(s)); });
    return out;
}

TEST(FairQueue, OneClientsFloodDoesNotStarveAnother) {
    FairQueue<std::string> q;
    for (int i = 0; i < 300; ++i) q.push("flood", "f" + std::to_string(i));
    q.push("newcomer", "e4");
    EXPECT_EQ(q.size(), 301u);
    EXPECT_EQ(q.clients(), 2u);
    EXPECT_EQ(q.pop(), "f0");  // the flood came first: its first item
    EXPECT_EQ(q.pop(), "e4");  // then the newcomer's turn, not 299 items later
    EXPECT_EQ(q.pop(), "f1");
    EXPECT_EQ(q.waiting("flood"), 298u);
    EXPECT_EQ(q.waiting("newcomer"), 0u);
    EXPECT_EQ(q.clients(), 1u);
}

TEST(FairQueue, TurnsRotateAndEachClientKeepsItsOrder) {
    FairQueue<std::string> q;
    q.push("a", "a1");
    q.push("a", "a2");
    q.push("b", "b1");
    q.push("c", "c1");
    q.push("b", "b2");
    q.push("a", "a3");
    EXPECT_EQ(drain(q), (std::vector<std::string>{"a1", "b1", "c1", "a2", "b2", "a3"}));
    EXPECT_TRUE(q.empty());
    EXPECT_FALSE(q.pop());
    // A client that comes back after its line ran empty queues behind those waiting.
    q.push("a", "a4");
    q.push("b", "b3");
    EXPECT_EQ(q.pop(), "a4");
    q.push("a", "a5");
    EXPECT_EQ(q.pop(), "b3");
    EXPECT_EQ(q.pop(), "a5");
}

TEST(FairQueue, AnErasedItemLeavesTheOthersInTurn) {
    FairQueue<std::string> q;
    q.push("a", "a1");
    q.push("b", "b1");
    q.push("a", "a2");
    EXPECT_FALSE(q.erase("b", "a1"));  // another client's item
    EXPECT_TRUE(q.erase("a", "a1"));
    EXPECT_EQ(q.size(), 2u);
    EXPECT_TRUE(q.erase("b", "b1"));  // b's line ran empty: b loses its turn
    EXPECT_EQ(q.clients(), 1u);
    EXPECT_FALSE(q.erase("b", "b1"));
    q.push("c", "c1");
    EXPECT_EQ(drain(q), (std::vector<std::string>{"a2", "c1"}));
}

}  // namespace
}  // namespace schach::server
