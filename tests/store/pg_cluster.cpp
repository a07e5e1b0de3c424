#include "store/pg_cluster.hpp"

#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

namespace schach::server::test {
namespace {

namespace fs = std::filesystem;

/// Whom the server runs as: the `postgres` user when we are root (initdb refuses root), else us.
struct RunAs {
    bool drop = false;
    uid_t uid = 0;
    gid_t gid = 0;
};

std::expected<RunAs, std::string> run_as() {
    if (::geteuid() != 0) return RunAs{};
    const passwd* pw = ::getpwnam("postgres");
    if (!pw)
        return std::unexpected(std::string("running as root, and there is no `postgres` user to run PostgreSQL as"));
    return RunAs{true, pw->pw_uid, pw->pw_gid};
}

/// Runs `argv` in a child of its own process group, as `who`, in `dir`, its output appended to
/// `log`; returns the child's pid.
pid_t spawn(const std::vector<std::string>& argv, const RunAs& who, const fs::path& dir, const fs::path& log) {
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const std::string log_path = log.string(), dir_path = dir.string();
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    // The child: only async-signal-safe calls until exec.
    ::setpgid(0, 0);
    const int out = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (out >= 0) {
        ::dup2(out, 1);
        ::dup2(out, 2);
    }
    const int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, 0);
    if (who.drop && (::setgroups(0, nullptr) != 0 || ::setgid(who.gid) != 0 || ::setuid(who.uid) != 0)) ::_exit(126);
    if (::chdir(dir_path.c_str()) != 0) ::_exit(126);
    ::execv(args[0], args.data());
    ::_exit(127);
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// A loopback port nobody listens on now.
std::expected<int, std::string> free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return std::unexpected(std::string("socket() failed"));
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof addr;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size) != 0) {
        ::close(fd);
        return std::unexpected(std::string("no free loopback port"));
    }
    ::close(fd);
    return ntohs(addr.sin_port);
}

/// Waits for a child's exit for at most `limit`; true when it exited.
bool wait_exit(pid_t pid, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid || r < 0) return true;
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

std::mutex shared_mutex;
std::unique_ptr<PgCluster> shared_cluster;
std::string shared_error;

}  // namespace

std::expected<PgCluster*, std::string> PgCluster::shared() {
    std::lock_guard lock(shared_mutex);
    if (shared_cluster) return shared_cluster.get();
    if (!shared_error.empty()) return std::unexpected(shared_error);
    const char* env = std::getenv("SCHACH_PG_BINDIR");
    const fs::path bindir = env && *env ? fs::path(env) : fs::path("/usr/lib/postgresql/15/bin");
    for (const char* program : {"initdb", "postgres"})
        if (::access((bindir / program).c_str(), X_OK) != 0) {
            shared_error = "PostgreSQL 15's server programs are missing (no " + (bindir / program).string() +
                           "): install the Debian package postgresql-15 (scripts/install-deps.sh) or name their "
                           "directory in SCHACH_PG_BINDIR";
            return std::unexpected(shared_error);
        }
    std::unique_ptr<PgCluster> cluster(new PgCluster);
    // A port taken between free_port() and the server's bind: tried again with another.
    std::string error;
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto started = cluster->start(bindir);
        if (started) {
            shared_cluster = std::move(cluster);
            return shared_cluster.get();
        }
        error = started.error();
        cluster->stop();
    }
    shared_error = error;
    return std::unexpected(shared_error);
}

void PgCluster::stop_shared() {
    std::lock_guard lock(shared_mutex);
    shared_cluster.reset();
}

std::expected<void, std::string> PgCluster::start(const fs::path& bindir) {
    auto who = run_as();
    if (!who) return std::unexpected(who.error());
    // As root in /tmp, which the postgres user can reach (a TMPDIR under /root it could not).
    const fs::path parent = who->drop ? fs::path("/tmp") : fs::temp_directory_path();
    std::string templ = (parent / "schach-pg-XXXXXX").string();
    if (!::mkdtemp(templ.data())) return std::unexpected("cannot create a directory in " + parent.string());
    dir_ = templ;
    if (who->drop && ::chown(dir_.c_str(), who->uid, who->gid) != 0)
        return std::unexpected("cannot hand " + dir_.string() + " to the postgres user");
    const fs::path log = dir_ / "log";

    // The watchdog first (before the server exists it has nothing to do but remove the directory):
    // a shell in a session of its own, reading the pipe whose other end only this process holds.
    ::signal(SIGPIPE, SIG_IGN);  // a watchdog gone must not take the tests with it
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return std::unexpected(std::string("pipe() failed"));
    watchdog_pipe_ = fds[1];

    auto port = free_port();
    if (!port) return std::unexpected(port.error());
    port_ = *port;
    // --no-sync: initdb's own files need no fsync in a directory removed after the tests; the
    // server itself runs with fsync on, as in production.
    const pid_t init = spawn({(bindir / "initdb").string(), "-D", (dir_ / "data").string(), "-U", "schach", "-A",
                              "trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"},
                             *who, dir_, log);
    int status = 0;
    if (init < 0 || ::waitpid(init, &status, 0) != init || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return std::unexpected("initdb failed:\n" + read_file(log));
    postmaster_ = spawn({(bindir / "postgres").string(), "-D", (dir_ / "data").string(), "-p", std::to_string(port_),
                         "-k", dir_.string(), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=on", "-c",
                         "synchronous_commit=on", "-c", "shared_buffers=16MB", "-c", "max_connections=60"},
                        *who, dir_, log);
    if (postmaster_ < 0) return std::unexpected(std::string("fork() failed"));

    const std::string script =
        "trap '' INT TERM HUP; if read -r line && [ \"$line\" = stop ]; then exit 0; fi; "
        "kill -QUIT " +
        std::to_string(postmaster_) +
        " 2>/dev/null; "
        "for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 " +
        std::to_string(postmaster_) +
        " 2>/dev/null || break; sleep 0.5; done; "
        "kill -KILL -- -" +
        std::to_string(postmaster_) +
        " 2>/dev/null; "
        "rm -rf '" +
        dir_.string() + "'";
    watchdog_ = ::fork();
    if (watchdog_ == 0) {
        ::setsid();
        ::dup2(fds[0], 0);  // dup2 clears close-on-exec on the copy
        ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(fds[0]);
    if (watchdog_ < 0) return std::unexpected(std::string("fork() failed"));

    // Ready once it answers; a server that exited (a port taken, a bad setting) says why in its log.
    const std::string ping = "host=127.0.0.1 port=" + std::to_string(port_) +
                             " dbname=postgres user=schach connect_timeout=2";
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
        if (PQping(ping.c_str()) == PQPING_OK) return {};
        int exit_status = 0;
        if (::waitpid(postmaster_, &exit_status, WNOHANG) == postmaster_) {
            postmaster_ = -1;
            return std::unexpected("postgres exited at its start:\n" + read_file(log));
        }
        if (std::chrono::steady_clock::now() > end)
            return std::unexpected("postgres did not answer within 60 s:\n" + read_file(log));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

void PgCluster::stop() {
    if (watchdog_pipe_ >= 0) {
        // Tells the watchdog that we clean up ourselves.
        [[maybe_unused]] const auto written = ::write(watchdog_pipe_, "stop\n", 5);
        ::close(watchdog_pipe_);
        watchdog_pipe_ = -1;
    }
    if (postmaster_ > 0) {
        ::kill(postmaster_, SIGQUIT);  // immediate shutdown, as pg_ctl stop -m immediate
        if (!wait_exit(postmaster_, std::chrono::seconds(10))) {
            ::kill(-postmaster_, SIGKILL);
            wait_exit(postmaster_, std::chrono::seconds(10));
        }
        ::kill(-postmaster_, SIGKILL);  // any backend still there
        postmaster_ = -1;
    }
    if (watchdog_ > 0) {
        wait_exit(watchdog_, std::chrono::seconds(10));
        watchdog_ = -1;
    }
    if (!dir_.empty()) {
        std::error_code ec;
        fs::remove_all(dir_, ec);
        dir_.clear();
    }
}

PgCluster::~PgCluster() { stop(); }

std::string PgCluster::uri(const std::string& database) const {
    return "postgresql://schach@127.0.0.1:" + std::to_string(port_) + "/" + database;
}

std::expected<std::string, std::string> PgCluster::create_database() {
    const std::string name = "test" + std::to_string(++databases_);
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(uri("postgres").c_str()), &PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK) return std::unexpected(std::string(PQerrorMessage(conn.get())));
    // The name is ours (testN), not a parameter: CREATE DATABASE takes no bound values.
    std::unique_ptr<PGresult, decltype(&PQclear)> r(PQexec(conn.get(), ("CREATE DATABASE " + name).c_str()), &PQclear);
    if (PQresultStatus(r.get()) != PGRES_COMMAND_OK) return std::unexpected(std::string(PQresultErrorMessage(r.get())));
    return uri(name);
}

}  // namespace schach::server::test
