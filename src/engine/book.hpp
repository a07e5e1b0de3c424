#pragma once
// Polyglot opening books (.bin): 16-byte big-endian entries sorted by key, the key being the
// Polyglot Zobrist key our positions already carry. Read whole into memory (a 180k-entry book
// is under 3 MiB).

#include <cstdint>
#include <expected>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach::engine {

struct BookEntry {
    Move move;  // in our encoding (castling as king takes rook), legal in the position
    std::uint16_t weight = 0;
};

/// Why a book could not be read.
struct BookError {
    enum class Kind : std::uint8_t { CannotOpen, BadSize, NotSorted };
    Kind kind;
    std::filesystem::path path;
    std::uint64_t offset = 0;  // BadSize: the file size; NotSorted: the first entry out of order
};

class PolyglotBook {
public:
    PolyglotBook() = default;
    static std::expected<PolyglotBook, BookError> open(const std::filesystem::path& path);
    /// From the bytes of a book file (for tests and embedded books).
    static std::expected<PolyglotBook, BookError> from_bytes(const std::vector<std::uint8_t>& bytes,
                                                             const std::filesystem::path& name = {});

    std::size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }
    /// The book's moves for a position, heaviest first; moves that are not legal here (a key
    /// collision, a damaged book) are left out.
    std::vector<BookEntry> moves(const Position& pos) const;
    /// One book move chosen at random with probability proportional to its weight; none when the
    /// position is not in the book (or all its weights are zero).
    Move pick(const Position& pos, std::mt19937_64& rng) const;

private:
    struct Raw {
        std::uint64_t key;
        std::uint16_t move;
        std::uint16_t weight;
    };
    std::vector<Raw> entries_;
};

/// Our move for a Polyglot move code in `pos`, or Move::none() when it is not legal there.
Move from_polyglot(const Position& pos, std::uint16_t code);

}  // namespace schach::engine
