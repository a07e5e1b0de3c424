#pragma once
// Random identifiers and secrets (OpenSSL's CSPRNG), their SHA-256 and a comparison that takes
// the same time however much of it matches. Secrets are never stored: only their hashes.

#include <string>
#include <string_view>

namespace schach::server {

/// 8 characters [A-Za-z0-9] (about 47 bits), without modulo bias.
std::string random_game_id();
/// 128 random bits as base64url without padding (22 characters): seat secrets, invitations,
/// browser ids.
std::string random_secret();
/// SHA-256 of `text`, lowercase hex (64 characters).
std::string sha256_hex(std::string_view text);
/// Equal contents, compared in time that depends only on the lengths.
bool constant_time_equal(std::string_view a, std::string_view b);
/// Whether `secret` hashes to `hash` (compared in constant time); an empty secret never does.
bool secret_matches(std::string_view secret, std::string_view hash);
/// The shape of a game id (8 characters [A-Za-z0-9]): a transport refuses others before asking.
bool is_game_id(std::string_view text);

}  // namespace schach::server
