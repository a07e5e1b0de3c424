// schach serve as a person starts it: on a free port, the address in the language, an answer to a
// request, and a clean stop on SIGTERM.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli/cli_run.hpp"

namespace schach::test {
namespace {

/// Starts `schach serve --port 0 <args>`, asks for a game that does not exist through bash's
/// /dev/tcp, stops the server with SIGTERM; the output, the status line and the exit code.
CommandRun serve_once(const std::string& args, const std::string& host_header = "127.0.0.1") {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() /
        ("schach-cli-serve-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string out = (dir / "out").string();
    const std::string script =
        schach_command("serve --port 0 --db " + shell_quote((dir / "games.db").string()) + " " + args) + " > " +
        shell_quote(out) + " 2>&1 & pid=$!; " + "for i in $(seq 100); do grep -q 'http://' " + shell_quote(out) +
        " && break; sleep 0.05; done; " + "port=$(sed -n 's|.*http://127.0.0.1:\\([0-9]*\\).*|\\1|p' " +
        shell_quote(out) + "); " + "exec 3<>/dev/tcp/127.0.0.1/$port; " +
        "printf 'GET /api/v1/games/Nosuch12 HTTP/1.1\\r\\nHost: " + host_header +
        "\\r\\nConnection: close\\r\\n\\r\\n' >&3; " +
        "head -n 1 <&3; exec 3<&-; kill -TERM $pid; wait $pid; echo \"exit=$?\"; cat " + shell_quote(out);
    CommandRun run = run_command("bash -c " + shell_quote(script));
    std::filesystem::remove_all(dir);
    return run;
}

TEST(CliServe, PrintsTheAddressAnswersAndStopsOnSigterm) {
    const CommandRun run = serve_once("--static /nonexistent");
    ASSERT_TRUE(run.started);
    EXPECT_NE(run.out.find("HTTP/1.1 404"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("exit=0"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Schach is running at http://127.0.0.1:"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("no web page in /nonexistent"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Schach is stopping"), std::string::npos) << run.out;
}

TEST(CliServe, SpeaksGerman) {
    const CommandRun run = serve_once("--static /nonexistent --lang de");
    EXPECT_NE(run.out.find("Schach läuft auf http://127.0.0.1:"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("exit=0"), std::string::npos) << run.out;
}

TEST(CliServe, AllowedHostsAreServedOtherNamesMisdirected) {
    const std::string args = "--static /nonexistent --allowed-host schach.example --allowed-host chess.example";
    const CommandRun allowed = serve_once(args, "chess.example:8080");
    EXPECT_NE(allowed.out.find("HTTP/1.1 404"), std::string::npos) << allowed.out;
    const CommandRun other = serve_once(args, "evil.example");
    EXPECT_NE(other.out.find("HTTP/1.1 421"), std::string::npos) << other.out;
    EXPECT_NE(other.out.find("exit=0"), std::string::npos) << other.out;
}

// `schach serve` runs in the server program beside `schach` (src/cli/server_program.hpp): the
// command line goes there whole, the help and the options are the server's.
TEST(CliServe, RunsInTheServerProgramBesideSchach) {
    const CommandRun help = run_command(schach_command("serve --help"));
    EXPECT_EQ(help.exit_code, 0) << help.out;
    EXPECT_TRUE(contains(help.out, "Usage: schach serve [OPTIONS]")) << help.out;
    EXPECT_TRUE(contains(help.out, "--store")) << help.out;
    const CommandRun german = run_command(schach_command("--lang de serve --help"));
    EXPECT_TRUE(contains(german.out, "Aufruf: schach serve")) << german.out;
    const CommandRun listing = run_command(schach_command("--help"));
    EXPECT_TRUE(contains(listing.out, "serve")) << listing.out;
    EXPECT_TRUE(contains(listing.out, "chess in the browser")) << listing.out;
}

TEST(CliServe, WithoutTheServerProgramSaysWhereItBelongs) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "schach-cli-serve-alone";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::filesystem::path alone = dir / "schach";
    std::filesystem::copy_file(SCHACH_BINARY, alone);
    const std::string program = shell_quote(alone.string());
    const CommandRun run = run_command(std::string(NeutralLocale) + program + " serve --port 0 2>&1");
    EXPECT_EQ(run.exit_code, 3) << run.out;
    EXPECT_TRUE(contains(run.out, "error: cannot start the server program " + (dir / "schach-server").string() +
                                      " (not found); it belongs beside " + alone.string()))
        << run.out;
    const CommandRun german = run_command(std::string(NeutralLocale) + program + " --lang de serve 2>&1");
    EXPECT_TRUE(contains(german.out, "Fehler: das Serverprogramm")) << german.out;
    // The other commands need nothing beside them.
    const CommandRun perft = run_command(std::string(NeutralLocale) + program + " perft 3");
    EXPECT_EQ(perft.exit_code, 0) << perft.out;
    EXPECT_TRUE(contains(perft.out, "8902")) << perft.out;
    std::filesystem::remove_all(dir);
}

TEST(CliServe, ABadAddressIsAnError) {
    const CommandRun run =
        run_command(schach_command("serve --host 999.1.1.1 --port 0 --db /tmp/schach-bad-address.db 2>&1"));
    EXPECT_EQ(run.exit_code, 1) << run.out;
    EXPECT_NE(run.out.find("cannot listen on 999.1.1.1:0"), std::string::npos) << run.out;
    std::filesystem::remove("/tmp/schach-bad-address.db");
}

// (Each test its own database path: ctest runs the tests side by side, and ABadAddressIsAnError's
// server makes its file before it fails to listen.)
TEST(CliServe, DbAndStoreExcludeEachOther) {
    const CommandRun run = run_command(
        schach_command("serve --port 0 --db /tmp/schach-never-made.db --store postgresql://u@127.0.0.1:1/x 2>&1"));
    EXPECT_EQ(run.exit_code, 2) << run.out;
    EXPECT_TRUE(contains(run.out, "--store excludes --db") || contains(run.out, "--db excludes --store")) << run.out;
    EXPECT_FALSE(std::filesystem::exists("/tmp/schach-never-made.db"));
}

TEST(CliServe, StoreTakesAPostgresUriAndNeverShowsItsPassword) {
    const CommandRun other = run_command(schach_command("serve --port 0 --store mysql://u@127.0.0.1/x 2>&1"));
    EXPECT_EQ(other.exit_code, 1) << other.out;
    EXPECT_TRUE(contains(other.out,
                         "--store takes a PostgreSQL URI (postgresql://user@host:port/db), not "
                         "'mysql://u@127.0.0.1/x'"))
        << other.out;
    // Port 1 on loopback: nobody listens, the connection is refused at once.
    const CommandRun refused =
        run_command(schach_command("serve --port 0 --store postgresql://schach:hunter2@127.0.0.1:1/none 2>&1"));
    EXPECT_EQ(refused.exit_code, 1) << refused.out;
    EXPECT_TRUE(contains(refused.out, "cannot open the database postgresql://schach:***@127.0.0.1:1/none: connect"))
        << refused.out;
    EXPECT_FALSE(contains(refused.out, "hunter2")) << refused.out;
}

}  // namespace
}  // namespace schach::test
