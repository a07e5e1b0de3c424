#include <gtest/gtest.h>

#include <set>

#include "server/domain/secrets.hpp"

namespace schach::server {
namespace {

TEST(ServerSecrets, GameIdsAreEightAlphanumerics) {
    std::set<std::string> seen;
    for (int i = 0; i < 200; ++i) {
        const std::string id = random_game_id();
        EXPECT_TRUE(is_game_id(id)) << id;
        seen.insert(id);
    }
    EXPECT_EQ(seen.size(), 200u);
    EXPECT_FALSE(is_game_id("abc"));
    EXPECT_FALSE(is_game_id("abcd-fgh"));
}

TEST(ServerSecrets, SecretsAre128BitBase64Url) {
    const std::string s = random_secret();
    EXPECT_EQ(s.size(), 22u);
    EXPECT_EQ(s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
              std::string::npos);
    EXPECT_NE(s, random_secret());
}

TEST(ServerSecrets, Sha256AndComparison) {
    EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const std::string secret = random_secret();
    EXPECT_TRUE(secret_matches(secret, sha256_hex(secret)));
    EXPECT_FALSE(secret_matches("", sha256_hex("")));
    EXPECT_FALSE(secret_matches(secret, sha256_hex(secret + "x")));
    EXPECT_TRUE(constant_time_equal("abc", "abc"));
    EXPECT_FALSE(constant_time_equal("abc", "abd"));
    EXPECT_FALSE(constant_time_equal("abc", "ab"));
}

}  // namespace
}  // namespace schach::server
