#pragma once
// What a match is to play, read from a cutechess-like command line:
//
//   -engine cmd=stockfish name=SF option.Hash=16 tc=10+0.1 nodes=5000 depth=8 args="-x y" games=100
//   -each tc=10+0.1 option.Threads=1       (settings for every engine; an engine's own win)
//   -concurrency 2  -games 100  -gauntlet  -variant chess960  -seed 7
//   -openings file=book.epd|book.pgn order=random plies=16 start=1 | book=book.bin depth=8
//   -resign movecount=3 score=600  -draw movenumber=40 movecount=8 score=10
//   -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
//   -pgnout games.pgn  -positions-out positions.txt  -resume journal.txt  -event NAME
//   -watchdog MS
//
// Parsing is a pure function with typed errors; the CLI renders them.

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/time_control.hpp"

namespace schach::match {

using ms = std::chrono::milliseconds;

/// One engine and how it plays.
struct EngineSpec {
    std::string name;  // empty: the command's file name
    std::string cmd;
    std::vector<std::string> args;  // split at spaces from args="..."
    std::string dir;
    std::vector<std::pair<std::string, std::string>> options;  // setoption name N value V, in order
    std::optional<TimeControl> tc;
    std::optional<std::int64_t> nodes;
    std::optional<int> depth;
    std::optional<ms> movetime;
    ms timemargin{0};  // how far past its time an engine may answer before it loses on time
    /// At most this many games against each opponent (below -games; rounded up to whole pairs):
    /// a gauntlet's side anchors.
    std::optional<int> games;
    friend bool operator==(const EngineSpec&, const EngineSpec&) = default;
};

struct OpeningSpec {
    enum class Format : std::uint8_t { None, Epd, Pgn, Book };
    enum class Order : std::uint8_t { Sequential, Random };
    Format format = Format::None;  // None: every game from the start position (or a Chess960 one)
    std::string file;
    Order order = Order::Sequential;
    int plies = 1000;  // PGN: at most this many plies of each game
    int depth = 8;     // book: plies drawn from the book
    int start = 1;     // 1-based index of the first opening
};

struct ResignRule {
    int movecount = 3;
    int score = 600;  // centipawns
};
struct DrawRule {
    int movenumber = 40;
    int movecount = 8;
    int score = 10;
};
struct SprtSpec {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

struct MatchConfig {
    std::vector<EngineSpec> engines;
    int concurrency = 1;
    int games = 2;  // per pairing, in pairs of one opening with colours swapped (rounded up to even)
    bool gauntlet = false;
    bool chess960 = false;
    std::uint64_t seed = 1;
    OpeningSpec openings;
    std::optional<ResignRule> resign;
    std::optional<DrawRule> draw;
    std::optional<SprtSpec> sprt;
    std::string pgn_out, positions_out, journal, event = "schach match";
    /// How long an engine may take to answer uci, isready and ucinewgame, and, without a clock,
    /// to answer go past its movetime, before it counts as hung.
    ms watchdog{10000};
};

struct ConfigError {
    enum class Kind : std::uint8_t {
        UnknownOption,    // `token`: not one of the -options
        MissingValue,     // `token`: the option needs a value
        BadValue,         // `token` = `value` cannot be read
        UnknownKey,       // `token`: a key= that the option does not know
        TooFewEngines,    // fewer than two engines
        MissingCommand,   // engine number `index` has no cmd=
        NoLimit,          // engine `index` has neither tc nor nodes, depth or movetime
        DifferentClocks,  // the engines have different tc= (one clock serves both sides)
        SprtNeedsTwo,     // -sprt with more than two engines
    };
    Kind kind = Kind::UnknownOption;
    std::string token, value;
    int index = 0;  // 1-based engine number
    friend bool operator==(const ConfigError&, const ConfigError&) = default;
};
std::string_view config_error_id(ConfigError::Kind kind);

/// Reads the arguments after `schach match`.
std::expected<MatchConfig, ConfigError> parse_match_args(const std::vector<std::string>& args);

/// A time control as the match runner reads it: first as the PGN TimeControl tag (all times in
/// seconds, as cutechess: "10+0.1" = 10 s + 0.1 s, "40/60+0.5" = 40 moves in 60 s), and where
/// that fails in our human form with units ("5m+3", "30s+0.3"). The human form's error otherwise.
std::expected<TimeControl, TimeControlError> parse_match_time_control(std::string_view text);

/// The engine's name as shown: name=, else the command's file name.
std::string display_name(const EngineSpec& spec);

/// A short text that differs when the arguments that decide the games differ (for resume); the
/// number of games (-games and an engine's games=) and the concurrency are left out, so a
/// finished run can be extended.
std::string fingerprint(const std::vector<std::string>& args);

}  // namespace schach::match
