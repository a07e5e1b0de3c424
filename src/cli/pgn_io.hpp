#pragma once
// Shared by the `schach pgn` subcommands (cmd_pgn*.cpp): opening inputs, reader options, and
// printing problems as FILE:LINE:COLUMN: message.

#include <cstddef>
#include <cstdio>
#include <fstream>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "pgn/pgn.hpp"

namespace schach::cli {

// The subcommands of `schach pgn` (one file each).
Command add_pgn_check_command(CLI::App& pgn);
Command add_pgn_convert_command(CLI::App& pgn);
Command add_pgn_adjudicate_command(CLI::App& pgn);

/// A regular file's contents mapped into memory (read-only) while the object lives.
class MappedFile {
public:
    /// Maps a non-empty regular file; nothing (and the caller reads the stream) otherwise.
    static std::unique_ptr<MappedFile> map(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    std::string_view text() const { return {data_, size_}; }

private:
    MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}
    const char* data_;
    std::size_t size_;
};

/// A PGN input opened for reading: a file, or standard input for "-".
struct PgnInput {
    std::string name;  // for messages: the path as given, "<stdin>" for "-"
    std::unique_ptr<std::ifstream> file;
    std::istream* stream = nullptr;
    std::unique_ptr<MappedFile> mapped;  // a regular file's contents, read instead of the stream
};
/// Opens a path (or "-"); on failure prints the error (or with `error` stores it there, for the
/// caller to print in its turn) and returns nothing.
std::optional<PgnInput> open_pgn_input(const std::string& path, std::string* error = nullptr);
/// A reader of the input: from memory when the file is mapped, else from the stream.
PgnReader make_reader(const PgnInput& input, PgnReaderOptions options);
/// After reading: prints "FILE: read error" and returns false when the stream failed with an I/O
/// error (not just reached its end).
bool report_read_error(const PgnInput& input);
/// Opens each path in turn and lets `read` read it; afterwards prints "FILE: read error" when the
/// stream failed. Returns false when an input could not be opened or read.
bool read_pgn_inputs(const std::vector<std::string>& paths, const std::function<void(const PgnInput&)>& read);
/// The exit code of a pgn subcommand: 2 when an input could not be read, else 1 when games
/// failed, else 0.
int pgn_exit_code(bool inputs_read, std::size_t failed_games);

/// Reader options: --newline TEXT (for PGN pasted from HTML, "<br />"), --strict (canonical SAN).
PgnReaderOptions reader_options(const std::string& newline, bool strict);

/// "FILE:LINE:COLUMN: message [kind]"; warnings get "Warnung: " / "warning: " before the message.
void print_pgn_problem(std::FILE* out, std::string_view file, const PgnError& error, bool warning = false);

/// Adds the FILE... positional (required, "-" = stdin) and --newline to a pgn subcommand.
void add_pgn_input_options(CLI::App& sub, std::vector<std::string>& files, std::string& newline);

}  // namespace schach::cli
