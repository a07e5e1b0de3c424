#include "server_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>
#include <utility>

namespace schach::load {
namespace {

/// The first "http://..." word of the file, or "".
std::string address_in(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    const std::string s = std::move(text).str();
    const std::size_t at = s.find("http://");
    if (at == std::string::npos) return {};
    const std::size_t end = s.find_first_of(" \t\r\n", at);
    if (end == std::string::npos) return {};  // the line is not complete yet
    return s.substr(at, end - at);
}

}  // namespace

std::expected<ServerProcess, std::string> ServerProcess::start(const std::string& binary,
                                                               const std::vector<std::string>& args,
                                                               const std::filesystem::path& dir) {
    const std::filesystem::path out = dir / "server.out";
    std::vector<std::string> argv = {binary,     "serve",      "--port", "0", "--db", (dir / "load.db").string(),
                                     "--static", dir.string(), "--lang", "en"};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (std::string& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    std::ofstream(dir / "index.html") << "<!doctype html><title>schach-load</title>\n";  // no page is served
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return std::unexpected(out.string() + ": " + std::strerror(errno));
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fd);
        return std::unexpected(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        // The server goes with this process, however it ends (a crash included): an orphan would
        // hold the test runner's pipes open and hang it.
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) ::_exit(127);
        ::dup2(fd, STDOUT_FILENO);
        ::execv(binary.c_str(), cargv.data());
        ::_exit(127);
    }
    ::close(fd);
    ServerProcess process(pid, {});
    for (int i = 0; i < 1500; ++i) {
        int status = 0;
        if (::waitpid(pid, &status, WNOHANG) == pid) {
            process.pid_ = -1;
            return std::unexpected("exited with status " +
                                   std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)));
        }
        process.url_ = address_in(out);
        if (!process.url_.empty()) return process;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return std::unexpected("no address within 30 s");
}

ServerProcess::ServerProcess(ServerProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)), url_(std::move(other.url_)), status_(other.status_) {}

ServerProcess::~ServerProcess() { (void)stop(); }

bool ServerProcess::exited() {
    if (pid_ <= 0) return true;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) != pid_) return false;
    pid_ = -1;
    status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return true;
}

int ServerProcess::stop() {
    if (pid_ <= 0) return status_;
    ::kill(pid_, SIGTERM);
    int status = 0;
    for (int i = 0; i < 2000; ++i) {
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return 128 + SIGKILL;
}

}  // namespace schach::load
