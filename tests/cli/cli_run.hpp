#pragma once
// Test-local helpers for running the built `schach` program (SCHACH_BINARY) and other shell
// commands: quoting, running through popen, and looking at the output.

#include <sys/wait.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace schach::test {

/// `s` in single quotes for the shell (a ' inside becomes '\'').
inline std::string shell_quote(std::string_view s) {
    std::string q = "'";
    for (char c : s) {
        if (c == '\'') q += "'\\''";
        else q += c;
    }
    return q + "'";
}

/// The environment the program runs in for tests: no locale choice but the neutral C.UTF-8
/// (English), so that a test that wants German says `--lang de` and passes on any machine.
inline constexpr std::string_view NeutralLocale = "env -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 ";

/// The shell text that runs the built program with `args` (shell text: quote FENs and paths), in
/// the environment `env` (NeutralLocale unless given).
inline std::string schach_command(std::string_view args, std::string_view env = NeutralLocale) {
    return std::string(env) + shell_quote(SCHACH_BINARY) + " " + std::string(args);
}

/// What a shell command wrote on stdout, and how it ended.
struct CommandRun {
    bool started = false;  // popen could start the shell
    int exit_code = -1;    // -1 when it was not started or did not exit normally
    std::string out;
};

/// Runs `command` through the shell (popen) and reads all it writes on stdout.
inline CommandRun run_command(const std::string& command) {
    CommandRun run;
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return run;
    run.started = true;
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
    const int status = ::pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

/// The lines of `text`, without their '\n' (no empty last line for a final '\n').
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

/// The last of lines_of(text), or "" when there is none.
inline std::string last_line(const std::string& text) {
    const auto lines = lines_of(text);
    return lines.empty() ? std::string() : lines.back();
}

inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace schach::test
