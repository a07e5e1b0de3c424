#pragma once
// A chess engine run as a child process with pipes, for scripted UCI conversations: write a
// command, read lines with a timeout, so that a hang fails the test instead of blocking it.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace schach::test {

class EngineProcess {
public:
    /// Starts `program` with `args` (argv[1..]); stderr is left to the test's.
    EngineProcess(const std::string& program, std::vector<std::string> args) {
        int to_child[2], from_child[2];
        if (::pipe(to_child) != 0 || ::pipe(from_child) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(to_child[0], 0);
            ::dup2(from_child[1], 1);
            ::close(to_child[0]);
            ::close(to_child[1]);
            ::close(from_child[0]);
            ::close(from_child[1]);
            std::vector<char*> argv;
            argv.push_back(const_cast<char*>(program.c_str()));
            for (std::string& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(program.c_str(), argv.data());
            ::_exit(127);
        }
        ::close(to_child[0]);
        ::close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
        ::signal(SIGPIPE, SIG_IGN);
    }
    ~EngineProcess() {
        close_input();
        if (pid_ > 0 && !exited_) {
            if (!wait_exit(std::chrono::milliseconds(3000))) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, nullptr, 0);
            }
        }
        if (out_ >= 0) ::close(out_);
    }
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    bool started() const { return pid_ > 0; }

    void send(std::string_view line) {
        std::string text(line);
        text += '\n';
        transcript_ += "> " + text;
        if (in_ >= 0) {
            const ssize_t n = ::write(in_, text.data(), text.size());
            (void)n;
        }
    }
    void close_input() {
        if (in_ >= 0) ::close(in_);
        in_ = -1;
    }

    /// The next line, or nothing when none came within `timeout` (or the output ended).
    std::optional<std::string> read_line(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            const std::size_t nl = buffer_.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                transcript_ += "< " + line + "\n";
                return line;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0 || out_ < 0) return std::nullopt;
            pollfd p{out_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
            char chunk[4096];
            const ssize_t n = ::read(out_, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    /// Reads lines until one starts with `prefix` (returned) or the timeout passes; the lines
    /// before it are appended to `skipped` when given.
    std::optional<std::string> read_until(std::string_view prefix,
                                          std::chrono::milliseconds timeout = std::chrono::milliseconds(5000),
                                          std::vector<std::string>* skipped = nullptr) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return std::nullopt;
            auto line = read_line(left);
            if (!line) return std::nullopt;
            if (line->starts_with(prefix)) return line;
            if (skipped) skipped->push_back(*line);
        }
    }

    /// Waits for the process to end; its exit code, or nothing on timeout.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            int status = 0;
            const pid_t r = ::waitpid(pid_, &status, WNOHANG);
            if (r == pid_) {
                exited_ = true;
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            ::usleep(10'000);
        }
        return std::nullopt;
    }

    /// Everything sent ("> ") and read ("< ") so far, for failure messages.
    const std::string& transcript() const { return transcript_; }

private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    bool exited_ = false;
    std::string buffer_;
    std::string transcript_;
};

}  // namespace schach::test
