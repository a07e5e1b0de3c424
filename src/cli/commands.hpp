#pragma once
// The `schach` program: one subcommand per file (cmd_*.cpp), shared helpers in common.cpp.
// Every sentence comes from the catalogue of text/cli_text.hpp, in the language of lang().

#include <cstdint>
#include <expected>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/fen.hpp"
#include "game/time_control.hpp"
#include "notation/language.hpp"
#include "notation/notation.hpp"
#include "text/text.hpp"

namespace schach::cli {

inline constexpr std::string_view Version = "0.1.0";

/// Exit codes of the program.
inline constexpr int ExitOk = 0;
inline constexpr int ExitFailed = 1;    // a check failed (perft suite, PGN errors)
inline constexpr int ExitUsage = 2;     // bad input: arguments, FEN, files
inline constexpr int ExitInternal = 3;  // an unexpected exception

/// A registered subcommand: its CLI11 app and what to run once it has been parsed.
struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;
    /// Called when CLI11 rejected a token such as "-1" (it reads it as an unknown flag): prints a
    /// clearer message about the number and returns the exit code. May be empty.
    std::function<int(const std::string&)> on_negative_number;
};

Command add_perft_command(CLI::App& parent);
Command add_fen_command(CLI::App& parent);
Command add_chess960_command(CLI::App& parent);
Command add_moves_command(CLI::App& parent);
Command add_pgn_command(CLI::App& parent);          // check, convert, adjudicate (cli/pgn_io.hpp)
Command add_play_command(CLI::App& parent);         // cmd_play.cpp, play_session.hpp
Command add_timecontrol_command(CLI::App& parent);  // cmd_timecontrol.cpp
Command add_dead_command(CLI::App& parent);         // cmd_dead.cpp: dead positions, flag falls
Command add_tune_command(CLI::App& parent);         // cmd_tune.cpp: Texel tuning, self-play data
Command add_bench_command(CLI::App& parent);        // cmd_bench.cpp: fixed search, node signature
Command add_match_command(CLI::App& parent);        // cmd_match.cpp: engine matches (src/match)
Command add_ratings_command(CLI::App& parent);      // cmd_ratings.cpp: joint Elo fit over PGN games
Command add_uci_command(CLI::App& parent);          // cmd_uci.cpp: the engine over UCI (src/uci)
Command add_serve_command(CLI::App& parent);        // cmd_serve.cpp: the web server (schach-server)
Command add_datagen_command(CLI::App& parent);      // cmd_datagen.cpp: self-play data for the network
Command add_train_command(CLI::App& parent);        // cmd_train.cpp: the network's trainer
Command add_analyse_command(CLI::App& parent);      // cmd_analyse.cpp: game reviews (src/review)
Command add_puzzles_command(CLI::App& parent);      // cmd_puzzles.cpp: puzzles from games (src/puzzle)

// --- Shared helpers (common.cpp) ---

/// The language of everything the program prints for people (set once in main).
Language lang();
void set_lang(Language language);
/// A message of a catalogue (text/cli_text.hpp's Msg, or another catalogue with its say(), such as
/// text/train_text.hpp's TrainMsg) in the program's language.
template <class Message, class... Args>
std::string tr(Message m, const Args&... args) {
    return say(m, lang(), args...);
}
/// Adds a command's own --lang (a description that says what the language also chooses, such as
/// piece letters); main has read its value already (language_from_args).
CLI::Option* add_lang_option(CLI::App& sub, std::string& value, Msg description);
/// The language the locale asks for: the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set
/// decides, "de*" German, anything else English.
Language language_from_environment();
/// The value of a --lang anywhere on the command line (`--lang X`, `--lang=X`), nothing without
/// one, or the unknown value as the error. Read before the commands are built, so that their help
/// is in that language too.
std::expected<std::optional<Language>, std::string> language_from_args(int argc, const char* const* argv);

/// A command's help footer: the text `before`, the example command lines under "Beispiele:" /
/// "Examples:", then the text `after` (each text only when given).
std::string help_footer(std::optional<Msg> before, std::initializer_list<std::string_view> examples,
                        std::optional<Msg> after = {});
/// Prints "Fehler: <message>" / "error: <message>" to stderr (the label in the language).
void print_error(std::string_view message);
/// Prints `text` (tabs and newlines as spaces) and a caret under the character at byte `offset`
/// to stderr, for errors that name an offset (FEN, time control).
void print_caret(std::string_view text, std::size_t offset);
/// The whole text as a decimal integer (optional leading '-'), or nothing.
std::optional<std::int64_t> parse_integer(std::string_view text);
/// Like parse_integer, for non-negative counts up to 2^64 - 1.
std::optional<std::uint64_t> parse_count(std::string_view text);
/// "-" followed by digits only: a negative number CLI11 would take for a flag.
bool is_negative_number(std::string_view text);
/// Parses an integer argument in [min, max]; prints an error naming `what` otherwise.
std::optional<int> parse_ranged(std::string_view text, int min, int max, Msg what);
/// ASCII lower case ("UCI" -> "uci").
std::string lowercase(std::string_view text);
/// The words of a line, split at ASCII white space (spaces, tabs, a stray '\r'); views into `line`.
std::vector<std::string_view> split_words(std::string_view line);
/// fen | xfen | shredder (case-insensitive).
std::optional<FenFormat> format_from_name(std::string_view name);
/// The value of a --format option (format_from_name); prints "unknown format" otherwise.
std::optional<FenFormat> format_option(std::string_view name);
/// The value of a --notation option (san, lan, uci, fan; any case); prints the choices otherwise.
std::optional<Notation> notation_option(std::string_view name);
/// The value of a --lang option (en, de, de-neutral; any case); prints the choices otherwise.
std::optional<Language> language_option(std::string_view code);
/// The error on one line (for suite reports): message, or each problem's description and name.
std::string position_error_line(const PositionError& error);
/// Prints a FEN error: syntax errors with field, offset and a caret under the FEN; validation
/// problems with their description and name.
void report_position_error(std::string_view fen, const PositionError& error);
/// A text file given on the command line, opened for reading; else the reason (a directory, or
/// not readable).
std::expected<std::ifstream, std::string> open_input_file(const std::string& path);

/// The reason a file could not be opened (after a failed open: errno), in words.
std::string open_failure(const std::string& path, int err);

/// What --relax (and perft suites) accept: every problem except a king in check with the other side
/// to move, where the move generator would capture the king. Rights that do not fit the rules and
/// e.p. squares no double step explains are dropped.
inline constexpr Problems RelaxedProblems = Problems::all() - Problem::OppositeCheck;

/// The rules a command reads its positions by: `--variant standard|chess960|auto` (standard when
/// not given; auto is the detection from the FEN's castling field and the men's squares, only where
/// a user asks for it) and its short form `--chess960`.
struct VariantChoice {
    bool detect = false;
    Variant rules = Variant::Standard;
    std::optional<Variant> option() const { return detect ? std::nullopt : std::optional<Variant>(rules); }
};
/// Adds --variant to a command (with the value in `name`).
CLI::Option* add_variant_option(CLI::App& sub, std::string& name);
/// The choice of --variant `name` (empty: not given) and --chess960; prints the error for a name
/// that is none of standard, chess960, auto, or that contradicts --chess960.
std::optional<VariantChoice> variant_choice(std::string_view name, bool chess960_flag);

/// The position of a FEN given on the command line, read as Chess960 when `chess960` (else
/// detected from the king and castling rooks), accepting the problems in `relax`; prints the
/// error (report_position_error) otherwise.
std::optional<Position> read_position(std::string_view fen, VariantChoice variant = {}, Problems relax = {});

/// Parses a spec for the command line; on failure prints the error (with the character offset)
/// and the spec with a caret under the offending character to stderr, and returns nothing.
std::optional<TimeControl> parse_time_control_arg(std::string_view spec);

/// A Chess960 start position and its Scharnagl number.
struct Chess960Start {
    int number = 0;
    Position position;
};
/// The start position of `number` (text, 0..959) or, with `random`, of a number drawn at random;
/// prints the error otherwise.
std::optional<Chess960Start> chess960_start(std::string_view number, bool random);

}  // namespace schach::cli
