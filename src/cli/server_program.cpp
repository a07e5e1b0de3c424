#include "cli/server_program.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

namespace schach::cli {
namespace {

/// The running program's file (/proc/self/exe), else argv[0] as given.
std::filesystem::path running_program(const char* argv0) {
    std::error_code error;
    std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) self = argv0 != nullptr ? argv0 : "schach";
    return self;
}

}  // namespace

int run_server_program(char** argv) {
    const std::filesystem::path self = running_program(argv[0]);
    const std::string server = (self.parent_path() / ServerProgramName).string();
    std::fflush(stdout);
    std::fflush(stderr);
    // argv[0] stays as it was: process lists show the command the user gave (`schach serve ...`).
    ::execv(server.c_str(), argv);
    const int reason = errno;  // execv returned: the program is missing or cannot run
    const std::string why = reason == ENOENT   ? tr(Msg::NotFound)
                            : reason == EACCES ? tr(Msg::PermissionDenied)
                                               : std::string(std::strerror(reason));
    print_error(tr(Msg::ServerProgramFailed, server, why, self.string()));
    return ExitInternal;
}

Command add_serve_listing(CLI::App& parent) {
    return {parent.add_subcommand("serve", tr(Msg::ServeAbout)), [] { return ExitInternal; }, {}};
}

}  // namespace schach::cli
