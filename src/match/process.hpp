#pragma once
// A child process with its stdin and stdout on pipes: started with fork/exec (posix_spawnp),
// written a line at a time, read a line at a time with a deadline (poll on a non-blocking pipe).
// Its stderr goes to /dev/null. Writing to a process that has died is not fatal (SIGPIPE is
// ignored once the first process starts; the write then just fails).

#include <chrono>
#include <cstdint>
#include <expected>
#include <string>
#include <sys/types.h>
#include <vector>

namespace schach::match {

using SteadyTime = std::chrono::steady_clock::time_point;

enum class ReadError : std::uint8_t {
    Timeout,  // no complete line before the deadline
    Closed,   // end of output: the process has exited or closed stdout
};

/// Why a process could not be started: the errno of the failed call.
struct SpawnError {
    int error = 0;
};

class Process {
public:
    Process() = default;
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;
    Process(Process&& other) noexcept;
    Process& operator=(Process&& other) noexcept;

    /// Starts `argv[0]` (looked up in PATH) with the arguments, in `dir` when not empty.
    static std::expected<Process, SpawnError> start(const std::vector<std::string>& argv, const std::string& dir = {});

    /// Writes `line` and a newline; false when the process no longer reads.
    bool write_line(const std::string& line);
    /// The next line (without its newline and a trailing '\r'), waiting until `deadline`.
    std::expected<std::string, ReadError> read_line(SteadyTime deadline);
    /// Waits up to `grace` for the process to exit by itself, then kills it (SIGKILL) and reaps it.
    void stop(std::chrono::milliseconds grace);
    bool running() const { return pid_ > 0; }

private:
    void close_fds();
    pid_t pid_ = -1;
    int in_ = -1;   // the child's stdin (we write)
    int out_ = -1;  // the child's stdout (we read)
    std::string buffer_;
};

}  // namespace schach::match
