#include "match/process.hpp"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>

extern char** environ;

namespace schach::match {
namespace {

void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

}  // namespace

Process::~Process() { stop(std::chrono::milliseconds(0)); }

Process::Process(Process&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)), in_(std::exchange(other.in_, -1)), out_(std::exchange(other.out_, -1)),
      buffer_(std::move(other.buffer_)) {}

Process& Process::operator=(Process&& other) noexcept {
    if (this != &other) {
        stop(std::chrono::milliseconds(0));
        pid_ = std::exchange(other.pid_, -1);
        in_ = std::exchange(other.in_, -1);
        out_ = std::exchange(other.out_, -1);
        buffer_ = std::move(other.buffer_);
    }
    return *this;
}

std::expected<Process, SpawnError> Process::start(const std::vector<std::string>& argv, const std::string& dir) {
    ignore_sigpipe();
    if (argv.empty()) return std::unexpected(SpawnError{ENOENT});
    // Close-on-exec on our ends, so engines started by other threads do not inherit them (an
    // inherited write end would keep a dead engine's stdout from ever reporting its end).
    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0) return std::unexpected(SpawnError{errno});
    if (pipe2(from_child, O_CLOEXEC) != 0) {
        const int e = errno;
        ::close(to_child[0]);
        ::close(to_child[1]);
        return std::unexpected(SpawnError{e});
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    if (!dir.empty()) posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    // A process group of its own: a Ctrl-C at the terminal reaches the runner, which ends the
    // match in order, and not the engines in the middle of their games.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = -1;
    const int rc = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    ::close(to_child[0]);
    ::close(from_child[1]);
    if (rc != 0) {
        ::close(to_child[1]);
        ::close(from_child[0]);
        return std::unexpected(SpawnError{rc});
    }
    fcntl(from_child[0], F_SETFL, fcntl(from_child[0], F_GETFL) | O_NONBLOCK);
    Process p;
    p.pid_ = pid;
    p.in_ = to_child[1];
    p.out_ = from_child[0];
    return p;
}

bool Process::write_line(const std::string& line) {
    if (in_ < 0) return false;
    const std::string text = line + '\n';
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(in_, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

std::expected<std::string, ReadError> Process::read_line(SteadyTime deadline) {
    for (;;) {
        if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (out_ < 0) return std::unexpected(ReadError::Closed);
        char chunk[4096];
        const ssize_t n = ::read(out_, chunk, sizeof chunk);
        if (n > 0) {
            buffer_.append(chunk, static_cast<std::size_t>(n));
            continue;
        }
        if (n == 0) {
            ::close(out_);
            out_ = -1;
            return std::unexpected(ReadError::Closed);
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return std::unexpected(ReadError::Closed);
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return std::unexpected(ReadError::Timeout);
        pollfd fd{out_, POLLIN, 0};
        ::poll(&fd, 1, static_cast<int>(std::min<std::int64_t>(left.count() + 1, 1 << 30)));
    }
}

void Process::close_fds() {
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
    in_ = out_ = -1;
}

void Process::stop(std::chrono::milliseconds grace) {
    if (pid_ <= 0) {
        close_fds();
        return;
    }
    const auto until = std::chrono::steady_clock::now() + grace;
    int status = 0;
    for (;;) {
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            close_fds();
            return;
        }
        if (std::chrono::steady_clock::now() >= until) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    close_fds();
}

}  // namespace schach::match
