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
    /// The range is empty until start_near() names one (of any file: the buffer serves them all).
    PgnChunks(std::size_t chunk_bytes, std::size_t max_bytes);
    /// The games of the file `fd` of `size` bytes that start in [from, to): from the first cut at or
    /// after `from` (pgn_file_cut) to the first at or after `to`, found with the buffer before it
    /// is filled. Neighbouring ranges (this one's `to` the next one's `from`) so meet at the same
    /// cut, whichever thread reads which. False on a read error.
    bool start_near(int fd, std::uint64_t from, std::uint64_t to, std::uint64_t size);

    enum class Status : std::uint8_t { Chunk, End, ReadError, TooLarge };
    /// The next chunk (Chunk: `chunk` is valid until the next call), the end of the range, an
    /// error of the file (ReadError: it shrank or could not be read) or a game longer than
    /// `max_bytes` (TooLarge: no cut within that many bytes).
    Status next(std::string_view& chunk);

private:
    /// The bytes [begin, end) of the file next, in the same buffer.
    void start(std::uint64_t begin, std::uint64_t end);
    /// Reads on after the bytes held, up to the buffer's size or the range's end; false on an
    /// error or when the file ends before the range does.
    bool fill();
    /// A buffer of `size` bytes holding the bytes held so far.
    void grow(std::size_t size);

    int fd_ = -1;
    std::uint64_t offset_ = 0;  // the file offset of buffer_[0]
    std::uint64_t end_ = 0;
    std::size_t max_bytes_;
    /// Memory of its own from the kernel, given back with the buffer.
    struct Unmap {
        std::size_t bytes;
        void operator()(char* p) const;
    };
    using Buffer = std::unique_ptr<char[], Unmap>;
    /// A buffer of at least `size` bytes, not zeroed by us: a small one's pages are touched first
    /// by the read that fills them, a large one lies in a huge page (pgn_chunks.cpp says why).
    static Buffer allocate(std::size_t size);
    Buffer buffer_;
    std::size_t size_;
    std::size_t held_ = 0;   // bytes of buffer_ read from the file
    std::size_t taken_ = 0;  // of those, the ones handed out in the last chunk
};

/// The first cut at or after `at` (find_pgn_cut's, as split_pgn_text cuts a text) in a file of
/// `size` bytes: 0 for 0, `size` when no game starts after `at`; found by reading a few KiB at a
/// time into `window` (of `window_size` bytes, at least 1 KiB). Nothing on a read error.
std::optional<std::uint64_t> pgn_file_cut(int fd, std::uint64_t size, std::uint64_t at, char* window,
                                          std::size_t window_size);

}  // namespace schach::cli
