#pragma once
// Where the games start: positions from an EPD file (one FEN a line, opcodes ignored), the moves of
// the games of a PGN file (up to N plies), walks through a Polyglot book, or the start position
// (a Chess960 start position drawn from the seed in Chess960). Each opening is played twice, with
// colours swapped: opening(k) serves the pair k.

#include <cstdint>
#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/book.hpp"
#include "match/config.hpp"
#include "pgn/pgn.hpp"

namespace schach::match {

struct Opening {
    Position start;
    std::vector<Move> moves;  // played from `start` before the engines take over
};

struct OpeningError {
    enum class Kind : std::uint8_t {
        CannotOpen,  // the file cannot be read (`path`)
        BadFen,      // EPD line `line`: `fen` says why
        BadPgn,      // the PGN reader's `pgn` error
        BadBook,     // `book` says why
        Empty,       // the file has no openings
    };
    Kind kind = Kind::CannotOpen;
    std::filesystem::path path;
    std::size_t line = 0;
    PositionError fen{};
    PgnError pgn{};
    engine::BookError book{};
};

/// The openings of an EPD text; Chess960 positions when `chess960` (else standard chess).
std::expected<std::vector<Opening>, OpeningError> read_epd_openings(std::string_view text, bool chess960);
/// The main lines of the games of a PGN text, each cut to `plies`.
std::expected<std::vector<Opening>, OpeningError> read_pgn_openings(std::string_view text, int plies);

/// The openings of a match, in the order it plays them.
class OpeningSet {
public:
    /// Reads the file the spec names (none: start positions). Random order shuffles with `seed`.
    static std::expected<OpeningSet, OpeningError> load(const OpeningSpec& spec, bool chess960, std::uint64_t seed);
    /// The opening of game pair `pair` (0-based): the same for the same arguments, run after run.
    Opening opening(std::size_t pair) const;
    /// How many distinct openings there are (0: drawn on demand from a book or the start).
    std::size_t size() const { return openings_.size(); }

private:
    std::vector<Opening> openings_;
    std::vector<std::size_t> order_;
    std::size_t first_ = 0;
    engine::PolyglotBook book_;
    bool use_book_ = false;
    int book_depth_ = 0;
    bool chess960_ = false;
    std::uint64_t seed_ = 1;
};

}  // namespace schach::match
