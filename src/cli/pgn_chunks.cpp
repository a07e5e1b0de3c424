// PgnChunks: a file's games in chunks, copied with pread into one buffer used again and again.

#include "cli/pgn_chunks.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
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

PgnChunks::PgnChunks(std::size_t chunk_bytes, std::size_t max_bytes)
    : max_bytes_(std::max(max_bytes, chunk_bytes)), buffer_(allocate(chunk_bytes)), size_(chunk_bytes) {}

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

bool PgnChunks::start_near(int fd, std::uint64_t from, std::uint64_t to, std::uint64_t size) {
    fd_ = fd;
    const auto begin = pgn_file_cut(fd_, size, from, buffer_.get(), size_);
    // A cut is the first after a point, so end >= begin (equal when one game spans the range).
    const auto end = begin ? pgn_file_cut(fd_, size, to, buffer_.get(), size_) : std::nullopt;
    if (!end) return false;
    start(*begin, *end);
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
    auto larger = allocate(size);
    std::memcpy(larger.get(), buffer_.get(), held_);
    buffer_ = std::move(larger);
    size_ = size;
}

std::optional<std::uint64_t> pgn_file_cut(int fd, std::uint64_t size, std::uint64_t at, char* window,
                                          std::size_t window_size) {
    // Searched on in windows of a few KiB (a game of the benchmark files takes about 3.5), each
    // starting a little before its search starts: the line before a cut ("... 1-0", blank line,
    // '[') must lie in the window.
    constexpr std::size_t Back = 256;
    const std::size_t length_max = std::min<std::size_t>(window_size, 8u << 10);
    if (at == 0 || at >= size) return std::min(at, size);
    while (at < size) {
        const std::uint64_t start = at >= Back ? at - Back : 0;
        const auto length = static_cast<std::size_t>(std::min<std::uint64_t>(length_max, size - start));
        if (!read_exactly(fd, window, length, start)) return std::nullopt;
        const std::string_view text(window, length);
        if (const std::size_t cut = find_pgn_cut(text, static_cast<std::size_t>(at - start));
            cut != std::string_view::npos)
            return start + cut;
        if (start + length == size) break;
        at = start + length - 2;  // "\n\n[" may straddle the window's end
    }
    return size;
}

void PgnChunks::Unmap::operator()(char* p) const { ::munmap(p, bytes); }

PgnChunks::Buffer PgnChunks::allocate(std::size_t size) {
    // A buffer of 256 KiB or more is reused for many chunks: it lies in one transparent huge
    // page (2 MiB, where the kernel grants them on request), one page fault instead of one every
    // 4 KiB (64 for 256 KiB, 13-35 us each on the virtual machines measured here). A smaller one
    // takes only the pages it needs.
    constexpr std::size_t Huge = 2u << 20, Page = 4u << 10;
    const bool huge = size >= (256u << 10);
    const std::size_t align = huge ? Huge : Page;
    const std::size_t bytes = (size + align - 1) / align * align;
    const std::size_t extra = huge ? Huge : 0;  // room to align the start to a huge page
    void* raw = ::mmap(nullptr, bytes + extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    char* const base = static_cast<char*>(raw);
    char* const start = base + (align - reinterpret_cast<std::uintptr_t>(base) % align) % align;
    if (start > base) ::munmap(base, static_cast<std::size_t>(start - base));
    if (char* const tail = start + bytes; tail < base + bytes + extra)
        ::munmap(tail, static_cast<std::size_t>(base + bytes + extra - tail));
    if (huge) ::madvise(start, bytes, MADV_HUGEPAGE);
    return Buffer(start, Unmap{bytes});
}

}  // namespace schach::cli
