#pragma once
// A PGN file read in chunks of whole games (`schach pgn check`): each chunk is copied with pread
// into one buffer that is used again for the next, and ends where a game ends (find_pgn_cut), so
// that the reader over text in memory reads it as it reads a whole file.
//
// Why not the mapped file: on the virtual machines this project measures on, reading a file in
// the page cache through a mapping costs a page fault for every 64 KiB and a cache miss for nearly
// every line (30-35 ms of CPU for the 39 MB benchmark file), against 11 ms for copying it into a
// buffer of 256 KiB that stays in the core's cache (docs/records.md, the twenty-third session).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace schach::cli {

/// An open file descriptor of a regular file, closed with the object.
class FileDescriptor {
public:
    /// Opens `path` for reading; nothing when it cannot be opened.
    static std::optional<FileDescriptor> open(const char* path);
    FileDescriptor(FileDescriptor&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    FileDescriptor& operator=(FileDescriptor&&) = delete;
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor();
    int get() const { return fd_; }

private:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    int fd_;
};

/// The bytes [begin, end) of a file, handed out as chunks that each end after a game (a cut of
/// find_pgn_cut) or at `end`.
class PgnChunks {
public:
    /// Chunks of about `chunk_bytes`; a game longer than that grows the buffer up to `max_bytes`.
    /// The range is empty until start() names one.
    PgnChunks(int fd, std::size_t chunk_bytes, std::size_t max_bytes);
    /// The bytes [begin, end) of the file next, in the same buffer.
    void start(std::uint64_t begin, std::uint64_t end);

    enum class Status : std::uint8_t { Chunk, End, ReadError, TooLarge };
    /// The next chunk (Chunk: `chunk` is valid until the next call), the end of the range, an
    /// error of the file (ReadError: it shrank or could not be read) or a game longer than
    /// `max_bytes` (TooLarge: no cut within that many bytes).
    Status next(std::string_view& chunk);

private:
    /// Reads on after the bytes held, up to the buffer's size or the range's end; false on an
    /// error or when the file ends before the range does.
    bool fill();
    /// A buffer of `size` bytes holding the bytes held so far.
    void grow(std::size_t size);

    int fd_;
    std::uint64_t offset_ = 0;  // the file offset of buffer_[0]
    std::uint64_t end_ = 0;
    std::size_t max_bytes_;
    // Not zeroed when made: a page of it is touched first by the read that fills it, so a small
    // file costs a page fault or two instead of one for every 4 KiB of the buffer (~35 us each on
    // the virtual machines measured here).
    std::unique_ptr<char[]> buffer_;
    std::size_t size_;
    std::size_t held_ = 0;   // bytes of buffer_ read from the file
    std::size_t taken_ = 0;  // of those, the ones handed out in the last chunk
};

/// Offsets where a file of `size` bytes may be cut into about `parts` pieces of whole games (as
/// split_pgn_text cuts a text): the first is 0, the last `size`; found by reading a few KiB around
/// each guess. Only 0 and `size` when there is nothing to cut or the file cannot be read.
std::vector<std::uint64_t> pgn_file_cuts(int fd, std::uint64_t size, std::size_t parts);

}  // namespace schach::cli
