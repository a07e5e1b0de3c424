#pragma once
// `schach serve` runs in a program of its own, schach-server, beside `schach` (CMakeLists.txt,
// "Two programs"): `schach` is linked statically and without the server, which opens shared
// libraries (SQLite, libpq, libcrypto) and resolves names through the C library. The command
// line of `schach serve ...` goes to schach-server unchanged, in the same process (exec), so that
// a signal to `schach serve` reaches the server and its exit code is the command's.

#include <string_view>

#include "cli/commands.hpp"

namespace schach::cli {

/// The server program's file name; it lies in the folder of the running `schach`.
inline constexpr std::string_view ServerProgramName = "schach-server";

/// Replaces this process by the server program with the same arguments (`serve ...`). Returns only
/// when that fails, after saying why: ExitInternal.
int run_server_program(char** argv);

/// `serve` among the commands of `schach --help`. It only lists it: main hands every command line
/// that names `serve` to run_server_program before CLI11 reads it; CLI11 meets `serve` only
/// after an option that ends its reading first (--help, --version) or that it rejects.
Command add_serve_listing(CLI::App& parent);

}  // namespace schach::cli
