#include "server/domain/secrets.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include "server/domain/shared_library.hpp"

namespace schach::server {
namespace {

// OpenSSL's libcrypto, loaded when the first secret is made or checked (shared_library.hpp), not
// when the program starts.
// clang-format off
#define SCHACH_CRYPTO_FUNCTIONS(X) \
    X(CRYPTO_memcmp) \
    X(EVP_Digest) \
    X(EVP_sha256) \
    X(RAND_bytes)
// clang-format on

struct Crypto {
    SCHACH_CRYPTO_FUNCTIONS(SCHACH_LIBRARY_MEMBER)
    static std::expected<Crypto, std::string> load() {
        return load_functions<Crypto>("libcrypto.so.3", "OpenSSL's libcrypto", " (OpenSSL 3 is needed)",
                                      [](Crypto& table, const SharedLibrary& library, std::string& missing) {
                                          SCHACH_CRYPTO_FUNCTIONS(SCHACH_LIBRARY_LOOKUP)
                                      });
    }
};
const Crypto& crypto() { return library<Crypto>(); }

constexpr std::string_view Alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
constexpr std::string_view Base64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

void random_bytes(unsigned char* out, int count) {
    // Without randomness no secret is safe: this is not an error a caller could handle.
    if (crypto().RAND_bytes(out, count) != 1) throw std::runtime_error("RAND_bytes failed");
}

std::string base64url(const unsigned char* data, std::size_t size) {
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::size_t i = 0; i < size; ++i) {
        acc = (acc << 8) | data[i];
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out += Base64Url[(acc >> bits) & 63];
        }
    }
    if (bits > 0) out += Base64Url[(acc << (6 - bits)) & 63];
    return out;
}

}  // namespace

std::string random_game_id() {
    std::string id;
    while (id.size() < 8) {
        std::array<unsigned char, 16> bytes{};
        random_bytes(bytes.data(), static_cast<int>(bytes.size()));
        // 248 = 4 × 62: bytes above it are dropped, so every character is equally likely.
        for (unsigned char b : bytes)
            if (b < 248 && id.size() < 8) id += Alphanumeric[b % 62];
    }
    return id;
}

std::string random_secret() {
    std::array<unsigned char, 16> bytes{};
    random_bytes(bytes.data(), static_cast<int>(bytes.size()));
    return base64url(bytes.data(), bytes.size());
}

std::string sha256_hex(std::string_view text) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    if (crypto().EVP_Digest(text.data(), text.size(), digest.data(), &length, crypto().EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("EVP_Digest failed");
    static constexpr char Hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        out += Hex[digest[i] >> 4];
        out += Hex[digest[i] & 15];
    }
    return out;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    return a.empty() || crypto().CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

bool secret_matches(std::string_view secret, std::string_view hash) {
    if (secret.empty() || hash.empty()) return false;
    return constant_time_equal(sha256_hex(secret), hash);
}

bool is_game_id(std::string_view text) {
    if (text.size() != 8) return false;
    for (char c : text)
        if (Alphanumeric.find(c) == std::string_view::npos) return false;
    return true;
}

}  // namespace schach::server
