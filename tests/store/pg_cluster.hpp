#pragma once
// A throw-away PostgreSQL 15 cluster for one test binary: initdb into a fresh temporary
// directory, the server on a free loopback port (127.0.0.1 only, its unix socket in that
// directory, fsync on), a database per test. As root it runs as the `postgres` user (initdb
// refuses root), with the directory handed to that user.
//
// It stops with the process: normally at the end of the tests (an immediate shutdown, SIGQUIT
// to the postmaster, as `pg_ctl stop -m immediate`, then its process group killed and the
// directory removed); and when the test binary dies any other way (a crash, SIGKILL, a ctest
// timeout) a watchdog process of its own session, which sees its pipe from the test binary
// close, does the same. No process and no directory is left behind.
//
// Without PostgreSQL's server programs the tests fail saying so (CI installs postgresql-15):
// never skipped silently. SCHACH_PG_BINDIR names another directory of initdb and postgres.

#include <sys/types.h>

#include <expected>
#include <filesystem>
#include <string>

namespace schach::server::test {

class PgCluster {
public:
    /// The cluster of this test binary, started on first use. An error says why it cannot run.
    static std::expected<PgCluster*, std::string> shared();
    /// Stops the shared cluster, if one was started (the tests' global tear-down; else at exit).
    static void stop_shared();

    /// A new, empty database: its libpq URI (postgresql://schach@127.0.0.1:port/name).
    std::expected<std::string, std::string> create_database();
    /// The URI of a database of the cluster.
    std::string uri(const std::string& database) const;

    ~PgCluster();
    PgCluster(const PgCluster&) = delete;
    PgCluster& operator=(const PgCluster&) = delete;

private:
    PgCluster() = default;
    std::expected<void, std::string> start(const std::filesystem::path& bindir);
    void stop();

    std::filesystem::path dir_;
    int port_ = 0;
    pid_t postmaster_ = -1;
    pid_t watchdog_ = -1;
    int watchdog_pipe_ = -1;  // closed: the watchdog cleans up
    int databases_ = 0;
};

}  // namespace schach::server::test
