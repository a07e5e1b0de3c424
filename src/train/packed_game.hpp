#pragma once
// The training data's file format: whole games, about 4 bytes a position.
//
// A file is the 8-byte magic "SCHGAME1" followed by game records, each:
//   - the start position packed in 32 bytes (PackedBoard),
//   - the game's result and its number of plies,
//   - per ply the move played (16 bits, core/move.hpp's encoding) and the search's score of the
//     position before it (16 bits, centipawns from the side to move's view), or NoScore for a
//     position that is no training position (in check, a capture or promotion best, a mate seen).
// All integers little-endian. Positions are not stored: a reader replays the moves, which also
// checks every move against the rules (a corrupt file is found, never trained on).

#include <array>
#include <cstdint>
#include <expected>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach::train {

inline constexpr std::array<char, 8> GameFileMagic = {'S', 'C', 'H', 'G', 'A', 'M', 'E', '1'};
/// The score of a ply that is no training position.
inline constexpr std::int16_t NoScore = INT16_MIN;

/// White's result of a game.
enum class GameResult : std::uint8_t { BlackWins = 0, Draw = 1, WhiteWins = 2 };

/// White's score of a result: 0, 0.5 or 1.
constexpr float white_score(GameResult r) { return static_cast<float>(r) * 0.5f; }

/// A position in 32 bytes: the occupancy, then a nibble per occupied square in square order
/// (colour << 3 | piece type; type 6 is a rook that keeps a castling right, so Chess960 needs
/// nothing more), the side to move with the en-passant square, the move counters and a flag
/// byte (bit 0: Chess960).
struct PackedBoard {
    std::array<std::uint8_t, 32> bytes{};

    static PackedBoard pack(const Position& pos);
    /// The position, or nothing when the bytes are no legal position.
    std::expected<Position, Problems> unpack() const;
    friend bool operator==(const PackedBoard&, const PackedBoard&) = default;
};

/// One ply of a game: the move played and the score of the position it was played in.
struct PackedPly {
    Move move;
    std::int16_t score = NoScore;
};

struct PackedGame {
    Position start;
    GameResult result = GameResult::Draw;
    std::vector<PackedPly> plies;
};

/// Appends one game record.
void write_game(std::ostream& out, const PackedGame& game);
void write_magic(std::ostream& out);

/// Why a game file could not be read, and where (the byte offset of the record).
struct GameReadError {
    enum class Kind : std::uint8_t {
        BadMagic,     // not a game file
        Truncated,    // the file ends inside a record (a killed writer)
        BadPosition,  // the start position is no legal position
        BadResult,    // a result byte out of range
        IllegalMove,  // a move that is not legal where it stands (`ply`)
    };
    Kind kind = Kind::BadMagic;
    std::uint64_t offset = 0;
    int ply = 0;
};

/// Reads game records one at a time from a stream that starts at the magic.
class GameReader {
public:
    explicit GameReader(std::istream& in);
    /// The next game, nothing at a clean end of the file, or the error (then the reader stops).
    std::expected<bool, GameReadError> next(PackedGame& game);
    /// The offset just after the last complete record read.
    std::uint64_t offset() const { return offset_; }

private:
    std::istream& in_;
    std::uint64_t offset_ = 0;
    bool started_ = false;
};

/// What a game file holds: the games and scored positions of its complete records, and where the
/// last one ends (a resumed writer truncates there).
struct GameFileSummary {
    std::uint64_t games = 0;
    std::uint64_t positions = 0;  // scored plies
    std::uint64_t plies = 0;
    std::uint64_t end_offset = 0;
    std::array<std::uint64_t, 3> results{};  // by GameResult
};
/// Reads a file through; stops at the first error (`error` then says which and where).
GameFileSummary summarize_game_file(std::istream& in, std::optional<GameReadError>* error = nullptr);

}  // namespace schach::train
