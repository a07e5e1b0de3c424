// Helpers of the `schach pgn` subcommands: inputs, reader options, problem lines.

#include "cli/pgn_io.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>

#include <fmt/core.h>

#if __has_include(<sys/mman.h>)
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define SCHACH_HAVE_MMAP 1
#endif

namespace schach::cli {

#if defined(SCHACH_HAVE_MMAP)
namespace {

/// The message about the file being read through a mapping, made before (a fixed buffer: the
/// handler may only call async-signal-safe functions).
char truncated_message[1200];

/// A mapped file that shrinks while it is read (another program truncates it) raises SIGBUS on the
/// pages past its new end: a clear error and exit code 2 instead of a crash.
extern "C" void on_truncated_file(int) {
    [[maybe_unused]] ssize_t w = ::write(STDERR_FILENO, truncated_message,
                                         ::strnlen(truncated_message, sizeof truncated_message));
    ::_exit(2);
}

void watch_truncation(const std::string& path) {
    const std::string message = tr(Msg::PgnTruncated, path) + "\n";
    std::strncpy(truncated_message, message.c_str(), sizeof truncated_message - 1);
    struct sigaction action {};
    action.sa_handler = on_truncated_file;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, nullptr);
}

}  // namespace
#endif

std::unique_ptr<MappedFile> MappedFile::map(const std::string& path) {
#if defined(SCHACH_HAVE_MMAP)
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    struct stat st {};
    void* data = MAP_FAILED;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        data = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);  // the mapping stays valid
    if (data == MAP_FAILED) return nullptr;
    const auto size = static_cast<std::size_t>(st.st_size);
    // Read once from front to back: the kernel reads ahead and may drop what is behind, so a file
    // larger than the memory still works.
    ::madvise(data, size, MADV_SEQUENTIAL);
    return std::unique_ptr<MappedFile>(new MappedFile(static_cast<const char*>(data), size));
#else
    (void)path;
    return nullptr;
#endif
}

MappedFile::~MappedFile() {
#if defined(SCHACH_HAVE_MMAP)
    ::munmap(const_cast<char*>(data_), size_);
#endif
}

std::optional<PgnInput> open_pgn_input(const std::string& path, std::string* error) {
    const auto fail = [&](std::string message) -> std::optional<PgnInput> {
        if (error) *error = std::move(message);
        else print_error(message);
        return std::nullopt;
    };
    PgnInput input;
    if (path == "-") {
        std::ios::sync_with_stdio(false);  // lets std::cin read in large blocks
        input.name = "<stdin>";
        input.stream = &std::cin;
        return input;
    }
    input.name = path;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return fail(tr(Msg::IsDirectory, path));
    errno = 0;
    input.file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*input.file) return fail(open_failure(path, errno));
    input.stream = input.file.get();
    input.mapped = MappedFile::map(path);
    return input;
}

PgnReader make_reader(const PgnInput& input, PgnReaderOptions options) {
    if (input.mapped) {
#if defined(SCHACH_HAVE_MMAP)
        watch_truncation(input.name);  // the file read through the mapping from here on
#endif
        return PgnReader(input.mapped->text(), std::move(options));
    }
    return PgnReader(*input.stream, std::move(options));
}

bool read_pgn_inputs(const std::vector<std::string>& paths, const std::function<void(const PgnInput&)>& read) {
    bool all_read = true;
    for (const std::string& path : paths) {
        const auto input = open_pgn_input(path);
        if (!input) {
            all_read = false;
            continue;
        }
        read(*input);
        all_read = report_read_error(*input) && all_read;
    }
    return all_read;
}

bool report_read_error(const PgnInput& input) {
    if (input.stream == nullptr || !input.stream->bad()) return true;
    print_error(tr(Msg::ReadError, input.name));
    return false;
}

int pgn_exit_code(bool inputs_read, std::size_t failed_games) {
    if (!inputs_read) return ExitUsage;
    return failed_games == 0 ? ExitOk : ExitFailed;
}

PgnReaderOptions reader_options(const std::string& newline, bool strict) {
    PgnReaderOptions options;
    options.newline = newline;
    if (strict) options.san_mode = ParseMode::Strict;
    return options;
}

void print_pgn_problem(std::FILE* out, std::string_view file, const PgnError& error, bool warning) {
    fmt::print(out, "{}:{}:{}: {}{} [{}]\n", file, error.where.line, error.where.column,
               warning ? tr(Msg::WarningLabel) + ": " : "", describe(error, lang()), pgn_error_id(error.kind));
}

void add_pgn_input_options(CLI::App& sub, std::vector<std::string>& files, std::string& newline) {
    sub.add_option("FILE", files, tr(Msg::HelpPgnFiles))->required();
    sub.add_option("--newline", newline, tr(Msg::HelpPgnNewline))->type_name("TEXT");
}

}  // namespace schach::cli
