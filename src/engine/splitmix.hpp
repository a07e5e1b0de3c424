#pragma once
// splitmix64: a good 64-bit mix of a counter, for the seeded choices of self-play and training
// (random opening moves, shuffles). Not for hashing positions (core/zobrist.hpp does that).

#include <cstdint>

namespace schach::engine {

constexpr std::uint64_t splitmix64(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace schach::engine
