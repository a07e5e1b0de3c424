#pragma once
// The server under test, started by the tool: `BIN serve --port 0 --db DIR/load.db --static DIR
// --lang en ARGS...` with its stdout in DIR/server.out (where the address is read from) and its
// stderr on ours; DIR gets a placeholder index.html (the load needs no page). Stopped with SIGTERM (SIGKILL after 20 s) when stopped or destroyed.

#include <sys/types.h>

#include <expected>
#include <filesystem>
#include <string>
#include <vector>

namespace schach::load {

class ServerProcess {
public:
    /// Starts the server and waits (at most 30 s) until it prints its address. The error is in
    /// English, from the system or the server's output.
    static std::expected<ServerProcess, std::string> start(const std::string& binary,
                                                           const std::vector<std::string>& args,
                                                           const std::filesystem::path& dir);
    ServerProcess(ServerProcess&& other) noexcept;
    ServerProcess& operator=(ServerProcess&&) = delete;
    ServerProcess(const ServerProcess&) = delete;
    ~ServerProcess();

    pid_t pid() const { return pid_; }
    /// "http://127.0.0.1:PORT"
    const std::string& url() const { return url_; }
    /// SIGTERM, then waits for the exit; the exit status (128 + signal when killed).
    int stop();
    /// Whether the server has ended by itself (then stop() gives its status).
    bool exited();

private:
    ServerProcess(pid_t pid, std::string url) : pid_(pid), url_(std::move(url)) {}
    pid_t pid_ = -1;
    std::string url_;
    int status_ = 0;  // the exit status once the process has ended
};

}  // namespace schach::load
