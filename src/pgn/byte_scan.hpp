#pragma once
// Byte scanning for the PGN reader: newlines, a byte, the end of a movetext word, 16 to 64 bytes
// at a time with SSE2/SSSE3/AVX2 where the build has them, byte by byte otherwise.
//
// Functions taking a `readable` pointer may read (not use) bytes up to it beyond the range they
// search, so that a short range still costs a single vector load; the result stays within the range.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace schach::scan {

/// Characters that end a movetext word: white space other than newline, and {}();$.
inline constexpr std::string_view WordEndChars = " \t\r\f\v{}();$";

inline constexpr std::array<bool, 256> WordEnd = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : WordEndChars) t[c] = true;
    return t;
}();

/// Characters that end a tag name: white space other than newline, '"' and ']'.
inline constexpr std::string_view TagNameEndChars = " \t\r\f\v\"]";

inline constexpr std::array<bool, 256> TagNameEnd = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : TagNameEndChars) t[c] = true;
    return t;
}();

namespace detail {

#if defined(__AVX2__) || defined(__SSSE3__)
// Set membership by nibbles: a byte is a word end when the bits its low nibble selects in LowBits
// and those its high nibble selects in HighBits overlap. One bit per high nibble in use:
// 0x0_: \t \v \f \r (1), 0x2_: space $ ( ) (2), 0x3_: ; (4), 0x7_: { } (8).
inline constexpr char LowBits[16] = {2, 0, 0, 0, 2, 0, 0, 0, 2, 3, 0, 13, 1, 9, 0, 0};
inline constexpr char HighBits[16] = {1, 0, 2, 4, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0};
// The same for tag name ends: 0x0_: \t \v \f \r (1), 0x2_: space " (2), 0x5_: ] (4).
inline constexpr char TagLowBits[16] = {2, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 5, 0, 0};
inline constexpr char TagHighBits[16] = {1, 0, 2, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
#define SCHACH_SCAN_WORD_END_VECTOR 1
#endif

#if defined(__AVX2__)
inline constexpr std::size_t Width = 32;
inline std::uint32_t equal_mask(const char* p, char c) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(c))));
}
/// Bit i set when p[i] is a control byte (below 0x20).
inline std::uint32_t control_mask(const char* p) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x1F)), v)));
}
/// Bit i set when p[i] is in the set the two nibble tables describe.
inline std::uint32_t nibble_set_mask(const char* p, const char* low_bits, const char* high_bits) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i low_table = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(low_bits)));
    const __m256i high_table =
        _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(high_bits)));
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i low = _mm256_shuffle_epi8(low_table, _mm256_and_si256(v, nibble));
    const __m256i high = _mm256_shuffle_epi8(high_table, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
    const __m256i none = _mm256_cmpeq_epi8(_mm256_and_si256(low, high), _mm256_setzero_si256());
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(none));
}
#elif defined(__SSE2__)
inline constexpr std::size_t Width = 16;
inline std::uint32_t equal_mask(const char* p, char c) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c))));
}
inline std::uint32_t control_mask(const char* p) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v)));
}
#if defined(__SSSE3__)
inline std::uint32_t nibble_set_mask(const char* p, const char* low_bits, const char* high_bits) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i low = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(low_bits)),
                                         _mm_and_si128(v, nibble));
    const __m128i high = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(high_bits)),
                                          _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    const __m128i none = _mm_cmpeq_epi8(_mm_and_si128(low, high), _mm_setzero_si128());
    return ~static_cast<std::uint32_t>(_mm_movemask_epi8(none)) & 0xFFFFu;
}
#endif
#endif

#if defined(__SSE2__)
inline constexpr bool HasVector = true;
#else
inline constexpr bool HasVector = false;
inline constexpr std::size_t Width = 1;
#endif

/// The first index in [0, n) where a byte matches, or n: with `Vector`, `Width` bytes at a time
/// by `vector_mask` (bit i set: byte i matches) as long as `readable` allows a whole load, then
/// byte by byte by `matches`.
template <bool Vector, class VectorMask, class Matches>
inline std::size_t find_first(const char* p, std::size_t n, const char* readable, VectorMask vector_mask,
                              Matches matches) {
    std::size_t i = 0;
    if constexpr (Vector) {
        const auto avail = static_cast<std::size_t>(readable - p);  // >= n
        while (i < n && avail - i >= Width) {
            if (const std::uint32_t m = vector_mask(p + i)) {
                const std::size_t at = i + static_cast<std::size_t>(std::countr_zero(m));
                return at < n ? at : n;
            }
            i += Width;
        }
    } else {
        (void)readable;
        (void)vector_mask;
    }
    while (i < n && !matches(p[i])) ++i;
    return i < n ? i : n;  // a whole load may have passed n
}

}  // namespace detail

/// Bit i set when p[i] == '\n', for the `n` <= 64 bytes at p (higher bits 0). Reads only those bytes
/// when n < 64.
inline std::uint64_t newline_mask(const char* p, std::size_t n) {
    std::uint64_t mask = 0;
#if defined(__SSE2__)
    if (n >= 64) {
        for (std::size_t k = 0; k < 64; k += detail::Width) mask |= std::uint64_t{detail::equal_mask(p + k, '\n')} << k;
        return mask;
    }
#endif
    for (std::size_t k = 0; k < n && k < 64; ++k) mask |= std::uint64_t{p[k] == '\n'} << k;
    return mask;
}

/// The first index in [0, n) where p holds `c`, or n. `readable` >= p + n.
inline std::size_t find_byte(const char* p, std::size_t n, char c, const char* readable) {
    return detail::find_first<detail::HasVector>(
        p, n, readable,
        [c](const char* q) {
#if defined(__SSE2__)
            return detail::equal_mask(q, c);
#else
            return std::uint32_t{*q == c};
#endif
        },
        [c](char x) { return x == c; });
}

/// The first index in [0, n) where p holds `a` or `b`, or n. `readable` >= p + n.
inline std::size_t find_either(const char* p, std::size_t n, char a, char b, const char* readable) {
    return detail::find_first<detail::HasVector>(
        p, n, readable,
        [a, b](const char* q) {
#if defined(__SSE2__)
            return detail::equal_mask(q, a) | detail::equal_mask(q, b);
#else
            return std::uint32_t{*q == a || *q == b};
#endif
        },
        [a, b](char x) { return x == a || x == b; });
}

/// find_either(p, end - p, a, b, end) for a search that runs to the end of what is readable (the
/// text's end), with the first vector's answer taken as it is: a short search (a comment on its
/// line) costs a load, two compares and a bit scan.
inline std::size_t find_either_to_end(const char* p, const char* end, char a, char b) {
    const auto n = static_cast<std::size_t>(end - p);
#if defined(__SSE2__)
    if (n >= detail::Width)
        if (const std::uint32_t m = detail::equal_mask(p, a) | detail::equal_mask(p, b))
            return static_cast<std::size_t>(std::countr_zero(m));
#endif
    return find_either(p, n, a, b, end);
}

/// The first index in [0, n) holding a word end (WordEndChars), or n. `readable` >= p + n.
inline std::size_t word_end(const char* p, std::size_t n, const char* readable) {
#if defined(SCHACH_SCAN_WORD_END_VECTOR)
    constexpr bool Vector = true;
    auto vector_mask = [](const char* q) { return detail::nibble_set_mask(q, detail::LowBits, detail::HighBits); };
#else
    constexpr bool Vector = false;
    auto vector_mask = [](const char*) { return std::uint32_t{0}; };
#endif
    return detail::find_first<Vector>(p, n, readable, vector_mask,
                                      [](char x) { return WordEnd[static_cast<unsigned char>(x)]; });
}

/// The first index in [0, n) holding a tag name end (TagNameEndChars), or n. `readable` >= p + n.
inline std::size_t tag_name_end(const char* p, std::size_t n, const char* readable) {
#if defined(SCHACH_SCAN_WORD_END_VECTOR)
    constexpr bool Vector = true;
    auto vector_mask = [](const char* q) {
        return detail::nibble_set_mask(q, detail::TagLowBits, detail::TagHighBits);
    };
#else
    constexpr bool Vector = false;
    auto vector_mask = [](const char*) { return std::uint32_t{0}; };
#endif
    return detail::find_first<Vector>(p, n, readable, vector_mask,
                                      [](char x) { return TagNameEnd[static_cast<unsigned char>(x)]; });
}

/// A tag line in its plain form, `[Name "Value"]` and nothing else: the name's end and the value's
/// end (the closing quote), found 64 bytes at a time.
struct PlainTag {
    std::size_t name_end = 0, value_end = 0;
};

/// The bytes plain_tag looks at among the 64 at p (all readable), bit i for byte i: the name's
/// stops (blank, quote, ']', control bytes), quotes, backslashes, and with `Newlines` the newlines
/// (for a reader that finds the line's end with them; then only the bytes up to the vector that
/// holds the first newline are classified, the other bits are 0).
struct TagMasks {
    std::uint64_t stops = 0, quotes = 0, backslashes = 0, newlines = 0;
};

#if defined(__SSE2__)
template <bool Newlines>
inline TagMasks tag_masks(const char* p) {
    TagMasks m;
    for (std::size_t k = 0; k < 64; k += detail::Width) {
        const std::uint64_t quote = detail::equal_mask(p + k, '"');
        m.stops |=
            (quote | detail::equal_mask(p + k, ' ') | detail::equal_mask(p + k, ']') | detail::control_mask(p + k))
            << k;
        m.quotes |= quote << k;
        m.backslashes |= std::uint64_t{detail::equal_mask(p + k, '\\')} << k;
        if constexpr (Newlines) {
            m.newlines |= std::uint64_t{detail::equal_mask(p + k, '\n')} << k;
            if (m.newlines) break;  // the line ends here: the bytes after it are not looked at
        }
    }
    return m;
}
#endif

/// plain_tag's test of the line at p (`n` bytes, 6 <= n <= 64, p[0] == '[') on its masks.
inline bool plain_tag(const char* p, std::size_t n, const TagMasks& m, PlainTag& tag) {
    const std::uint64_t line = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    const std::size_t name_end = static_cast<std::size_t>(std::countr_zero(m.stops & line & ~std::uint64_t{1}));
    // The name, a space and the opening quote (name_end + 1 < n: quotes end the line's mask).
    if (name_end < 2 || name_end + 2 >= n || p[name_end] != ' ' || p[name_end + 1] != '"') return false;
    const std::uint64_t value = line & (~std::uint64_t{0} << (name_end + 2));
    const std::size_t value_end = static_cast<std::size_t>(std::countr_zero(m.quotes & value));
    if (value_end + 2 != n || p[n - 1] != ']') return false;
    if (m.backslashes & value & ((std::uint64_t{1} << value_end) - 1)) return false;
    tag = {name_end, value_end};
    return true;
}

/// Whether the line at p (`n` bytes) is a plain tag: '[', a name without blanks, quotes, ']' or
/// control bytes, one space, a quoted value without a backslash, ']' at the line's end. False for
/// any other line (also a well-formed one: the caller then reads it the general way), for lines
/// over 64 bytes, where fewer than 64 bytes are readable, and without vector instructions.
/// `readable` >= p + n.
inline bool plain_tag(const char* p, std::size_t n, const char* readable, PlainTag& tag) {
#if defined(__SSE2__)
    if (n > 64 || readable - p < 64 || n < 6 || p[0] != '[') return false;
    return plain_tag(p, n, tag_masks<false>(p), tag);
#else
    (void)p, (void)n, (void)readable, (void)tag;
    return false;
#endif
}

}  // namespace schach::scan
