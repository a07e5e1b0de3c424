#pragma once
// The moves of a game as its views hold them. Every event keeps a view of the game after it, so a
// plain vector would copy every move (with its FEN) into each of a game's kept events: 5-7 KiB
// per game and ply. MoveRecords are shared instead: a view is a count over chunks of records that
// the game only ever appends to, so a view costs a pointer and a number.
//
// One writer (the live game, on its own strand) appends; any number of threads read the views
// they were given. A view reads only the records below its count, which the writer never touches
// again: it writes past the end of the newest view, and it starts a new chunk list (never resizes
// a shared one) when a chunk is full.

#include <array>
#include <cassert>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace schach::server {

using Millis = std::int64_t;

struct MoveRecord {
    std::string uci;              // castling as king onto rook (e1h1), as the page sends it
    std::string san;              // English letters
    std::optional<Millis> clock;  // the mover's time after it
    std::string fen;              // the position after it
    friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

class MoveRecords {
public:
    static constexpr std::size_t ChunkSize = 32;

    MoveRecords() = default;
    MoveRecords(std::initializer_list<MoveRecord> records);

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const MoveRecord& operator[](std::size_t i) const {
        assert(i < size_);
        return (*chunks_)[i / ChunkSize]->at(i % ChunkSize);
    }
    const MoveRecord& back() const {
        assert(!empty());
        return (*this)[size_ - 1];
    }

    /// Appends a record. Only the one list that grows (the live game's) may append: a copy shares
    /// its last chunk, and appending to the copy would write where the original's readers read.
    /// Views are read only (GameView is shared const); a prefix() has its own last chunk.
    void push_back(MoveRecord record);
    /// The first `n` records (n <= size()), sharing them: for a view of an earlier ply.
    MoveRecords prefix(std::size_t n) const;

    class Iterator {
    public:
        Iterator(const MoveRecords* records, std::size_t i) : records_(records), i_(i) {}
        const MoveRecord& operator*() const { return (*records_)[i_]; }
        const MoveRecord* operator->() const { return &(*records_)[i_]; }
        Iterator& operator++() {
            ++i_;
            return *this;
        }
        friend bool operator==(const Iterator&, const Iterator&) = default;

    private:
        const MoveRecords* records_;
        std::size_t i_;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size_}; }

    friend bool operator==(const MoveRecords& a, const MoveRecords& b);

private:
    using Chunk = std::array<MoveRecord, ChunkSize>;
    std::shared_ptr<const std::vector<std::shared_ptr<Chunk>>> chunks_;
    std::size_t size_ = 0;
};

}  // namespace schach::server
