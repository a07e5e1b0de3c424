#pragma once
// A puzzle as lichess's public set writes it, so that tools read ours: the position *before* the
// opponent's last move, then the moves in UCI, the opponent's move first and the solution after.
// One CSV line per puzzle under lichess's header:
//   PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
// Themes are lichess's theme ids, space-separated; Chess960 puzzles carry the theme `chess960`
// and a Shredder-FEN. GameUrl names the game the puzzle came from (our own games: a file and its
// game number), OpeningTags the opening family where the game has one.

#include <bitset>
#include <cstdint>
#include <expected>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace schach::puzzle {

// clang-format off
enum class Theme : std::uint8_t {
    // the gain and the length
    Advantage, Crushing, Equality, Mate, MateIn1, MateIn2, MateIn3, MateIn4, MateIn5,
    OneMove, Short, Long, VeryLong,
    // mate patterns
    BackRankMate, SmotheredMate, AnastasiaMate, ArabianMate, BodenMate, DoubleBishopMate, DovetailMate, HookMate,
    // tactics
    Fork, Pin, Skewer, DiscoveredAttack, DoubleCheck, HangingPiece, TrappedPiece, Sacrifice, Promotion,
    UnderPromotion, EnPassant, Castling, DefensiveMove, QuietMove, Attraction, Deflection, Intermezzo,
    XRayAttack, CapturingDefender, ExposedKing, KingsideAttack, QueensideAttack, AdvancedPawn, Zugzwang,
    // phases and endings
    Opening, Middlegame, Endgame, PawnEndgame, KnightEndgame, BishopEndgame, RookEndgame, QueenEndgame,
    QueenRookEndgame,
    // ours
    Chess960,
    Count
};
// clang-format on

/// lichess's id of a theme ("backRankMate"), stable in files and URLs.
std::string_view theme_id(Theme t);
std::optional<Theme> parse_theme(std::string_view id);

using Themes = std::bitset<static_cast<std::size_t>(Theme::Count)>;

struct Puzzle {
    std::string id;
    Position position;        // before the opponent's last move
    std::vector<Move> moves;  // the opponent's move, then the solution (solver, reply, solver, ...)
    int rating = 1500;
    int deviation = 500;
    int popularity = 0;
    int plays = 0;
    Themes themes;
    std::string source;        // GameUrl
    std::string opening_tags;  // OpeningTags

    bool has(Theme t) const { return themes.test(static_cast<std::size_t>(t)); }
    void add(Theme t) { themes.set(static_cast<std::size_t>(t)); }
    /// The position the solver sees: after the opponent's move.
    Position start() const;
};

inline constexpr std::string_view CsvHeader =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags";

/// One line of the file (no newline).
std::string to_csv(const Puzzle& p);

/// What is wrong with a line, and in which column (1-based) of it.
struct PuzzleError {
    enum class Kind : std::uint8_t { Columns, BadFen, BadMove, IllegalMove, BadNumber, UnknownTheme, TooShort };
    Kind kind = Kind::Columns;
    int column = 0;    // the field, 1-based
    std::string text;  // the field's text, or the move's
};

/// Parses a line; every move is checked against the rules.
std::expected<Puzzle, PuzzleError> parse_csv(std::string_view line);

/// Reads a whole file (the header line is skipped); stops at the first bad line with its number.
struct PuzzleFileError {
    std::size_t line = 0;
    PuzzleError error;
};
std::expected<std::vector<Puzzle>, PuzzleFileError> read_puzzles(std::istream& in);

}  // namespace schach::puzzle
