// `schach serve --store postgresql://...` as an operator runs it: a game created and a move made
// through the HTTP API are there after the server is stopped and started again.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli/cli_run.hpp"
#include "store/pg_cluster.hpp"

namespace schach::server {
namespace {

using schach::test::contains;
using schach::test::run_command;
using schach::test::schach_command;
using schach::test::shell_quote;

TEST(ServePostgres, AGameAndItsMoveOutliveARestart) {
    auto cluster = test::PgCluster::shared();
    ASSERT_TRUE(cluster) << cluster.error();
    auto uri = (*cluster)->create_database();
    ASSERT_TRUE(uri) << uri.error();
    const auto dir = std::filesystem::temp_directory_path() / ("schach-serve-pg-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string out = shell_quote((dir / "out").string());
    // start: the server on a free port, its port in $port once it listens; stop: SIGTERM, its exit code.
    const std::string start =
        schach_command("serve --port 0 --static /nonexistent --puzzles /nonexistent --lang en --store " +
                       shell_quote(*uri)) +
        " > " + out + " 2>&1 & pid=$!; for i in $(seq 200); do grep -q 'http://' " + out +
        " && break; sleep 0.05; done; port=$(sed -n 's|.*http://127.0.0.1:\\([0-9]*\\).*|\\1|p' " + out + "); ";
    const std::string stop = "kill -TERM $pid; wait $pid; echo \"exit=$?\"; ";
    const std::string script =
        start +
        "game=$(curl -s -X POST http://127.0.0.1:$port/api/v1/games -d '{\"mode\":\"local\"}'); echo \"created=$game\"; "
        "id=$(echo \"$game\" | sed -n 's|.*\"id\":\"\\([^\"]*\\)\".*|\\1|p'); "
        "secret=$(echo \"$game\" | sed -n 's|.*\"secret\":\"\\([^\"]*\\)\".*|\\1|p'); "
        "echo \"move=$(curl -s -X POST -H \"Authorization: Bearer $secret\" "
        "http://127.0.0.1:$port/api/v1/games/$id/move/e2e4)\"; " +
        stop + start + "echo \"after=$(curl -s http://127.0.0.1:$port/api/v1/games/$id/pgn)\"; " + stop + "cat " + out;
    const auto run = run_command("bash -c " + shell_quote(script));
    std::filesystem::remove_all(dir);
    ASSERT_TRUE(run.started);
    EXPECT_TRUE(contains(run.out, "created={\"id\":\"")) << run.out;
    EXPECT_TRUE(contains(run.out, "move={\"ok\":true")) << run.out;
    EXPECT_TRUE(contains(run.out, "after=[Event")) << run.out;
    EXPECT_TRUE(contains(run.out, "1. e4 *")) << run.out;
    EXPECT_FALSE(contains(run.out, "exit=1")) << run.out;
    EXPECT_TRUE(contains(run.out, "exit=0")) << run.out;
}

}  // namespace
}  // namespace schach::server
