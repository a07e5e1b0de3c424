// PgnChunks: a file's games in chunks, copied with pread into one buffer used again and again.

#include "cli/pgn_chunks.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

#include "pgn/pgn.hpp"

namespace schach::cli {
namespace {

/// Reads `size` bytes at `offset` into `out`; false on an error or a file that ends before.
bool read_exactly(int fd, char* out, std::size_t size, std::uint64_t offset) {
    while (size > 0) {
        const ssize_t got = ::pread(fd, out, size, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        out += got;
        size -= static_cast<std::size_t>(got);
        offset += static_cast<std::uint64_t>(got);
    }
    return true;
}

/// The last cut of `text` at or after `from`, as far as a cheap search finds it: one in its last
/// quarter if there is one (so that a chunk is long), else the first after `from`.
std::size_t late_cut(std::string_view text, std::size_t from) {
    if (const std::size_t late = std::max(from, text.size() / 4 * 3); late > from)
        if (const std::size_t cut = find_pgn_cut(text, late); cut != std::string_view::npos) return cut;
    return find_pgn_cut(text, from);
}

}  // namespace

std::optional<FileDescriptor> FileDescriptor::open(const char* path) {
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    return FileDescriptor(fd);
}

FileDescriptor::~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
}

PgnChunks::PgnChunks(int fd, std::size_t chunk_bytes, std::size_t max_bytes)
    : fd_(fd), max_bytes_(std::max(max_bytes, chunk_bytes)),
      buffer_(std::make_unique_for_overwrite<char[]>(chunk_bytes)), size_(chunk_bytes) {}

void PgnChunks::start(std::uint64_t begin, std::uint64_t end) {
    offset_ = begin;
    end_ = end;
    held_ = taken_ = 0;
}

bool PgnChunks::fill() {
    const std::uint64_t left = end_ - (offset_ + held_);
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(size_ - held_, left));
    if (!read_exactly(fd_, buffer_.get() + held_, want, offset_ + held_)) return false;
    held_ += want;
    return true;
}

PgnChunks::Status PgnChunks::next(std::string_view& chunk) {
    // The bytes after the last chunk (the next games' start) move to the front.
    if (taken_ > 0) {
        std::memmove(buffer_.get(), buffer_.get() + taken_, held_ - taken_);
        held_ -= taken_;
        offset_ += taken_;
        taken_ = 0;
    }
    std::size_t searched = 0;  // a cut starts no earlier than this (the bytes before have none)
    for (;;) {
        if (!fill()) return Status::ReadError;
        if (held_ == 0) return Status::End;
        const std::string_view text(buffer_.get(), held_);
        std::size_t cut = offset_ + held_ == end_ ? held_ : late_cut(text, searched);
        if (cut != std::string_view::npos) {
            taken_ = cut;
            chunk = text.substr(0, cut);
            return Status::Chunk;
        }
        // No game ends in the buffer: a larger one, searched on from where "\n\n[" may begin.
        if (size_ >= max_bytes_) return Status::TooLarge;
        searched = held_ >= 2 ? held_ - 2 : 0;
        grow(std::min(max_bytes_, size_ * 2));
    }
}

void PgnChunks::grow(std::size_t size) {
    auto larger = std::make_unique_for_overwrite<char[]>(size);
    std::memcpy(larger.get(), buffer_.get(), held_);
    buffer_ = std::move(larger);
    size_ = size;
}

std::vector<std::uint64_t> pgn_file_cuts(int fd, std::uint64_t size, std::size_t parts) {
    // Each guess is searched on in windows of 64 KiB, each starting a little before its search
    // starts: the line before a cut ("... 1-0", blank line, '[') must lie in the window.
    constexpr std::size_t Window = 64u << 10, Back = 256;
    if (parts < 2) return {0, size};
    std::vector<std::uint64_t> cuts{0};
    const auto window = std::make_unique_for_overwrite<char[]>(Window);  // not zeroed: see PgnChunks
    for (std::size_t k = 1; k < parts; ++k) {
        std::uint64_t at = std::max(cuts.back(), size / parts * k);
        std::uint64_t found = size;  // none
        while (at < size && found == size) {
            const std::uint64_t start = at >= Back ? at - Back : 0;
            const auto length = static_cast<std::size_t>(std::min<std::uint64_t>(Window, size - start));
            if (!read_exactly(fd, window.get(), length, start)) return {0, size};
            const std::string_view text(window.get(), length);
            if (const std::size_t cut = find_pgn_cut(text, static_cast<std::size_t>(at - start));
                cut != std::string_view::npos)
                found = start + cut;
            else if (start + length == size) at = size;
            else at = start + length - 2;  // "\n\n[" may straddle the window's end
        }
        if (found == size) break;  // no cut after this guess: none after the later ones either
        if (found > cuts.back()) cuts.push_back(found);
    }
    cuts.push_back(size);
    return cuts;
}

}  // namespace schach::cli
