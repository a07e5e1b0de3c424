#pragma once
#include <array>
#include <cstdint>
namespace schach::detail {
/// The Polyglot book format's Random64 table; see polyglot_random.cpp for the index layout.
extern const std::array<std::uint64_t, 781> PolyglotRandom;
}  // namespace schach::detail
