#pragma once
// A list that a game only ever appends to, shared by its copies instead of copied with them. A
// live game is a value: each action is applied to a copy of it (then stored, then swapped in),
// and every event keeps a view of the game after it. With plain vectors both would copy every
// move of the game, so an action would cost more the longer its game ran. A SharedList is a
// count over chunks of records instead: a copy costs a pointer and a number.
//
// One writer (the live game, on its own strand) appends; any number of threads read the copies
// they were given. A copy reads only the records below its count, which the writer never touches
// again: it writes past the end of every copy it made, and it starts a new chunk list (never
// resizes a shared one) when a chunk is full.

#include <array>
#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace schach::server {

template <class T, std::size_t ChunkSizeV = 32>
class SharedList {
public:
    static constexpr std::size_t ChunkSize = ChunkSizeV;

    SharedList() = default;
    SharedList(std::initializer_list<T> records) {
        for (const T& r : records) push_back(r);
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const T& operator[](std::size_t i) const {
        assert(i < size_);
        return (*chunks_)[i / ChunkSize]->at(i % ChunkSize);
    }
    const T& back() const {
        assert(!empty());
        return (*this)[size_ - 1];
    }

    /// Appends a record. Only the one list that grows (the live game's) may append: a copy shares
    /// its last chunk, and appending to an older copy would write where the newer one's readers
    /// read. Copies handed to readers are read only; a prefix() has its own last chunk.
    void push_back(T record) {
        if (size_ % ChunkSize == 0) {
            // A new chunk in a new list: the copies keep reading the list they hold.
            auto grown = std::make_shared<std::vector<std::shared_ptr<Chunk>>>();
            if (chunks_) {
                grown->reserve(chunks_->size() + 1);
                grown->assign(chunks_->begin(), chunks_->begin() + static_cast<std::ptrdiff_t>(size_ / ChunkSize));
            }
            grown->push_back(std::make_shared<Chunk>());
            chunks_ = std::move(grown);
        }
        (*chunks_)[size_ / ChunkSize]->at(size_ % ChunkSize) = std::move(record);
        ++size_;
    }

    /// The first `n` records (n <= size()), sharing them: for a view of an earlier ply.
    SharedList prefix(std::size_t n) const {
        SharedList out;
        if (n == 0) return out;
        // Its own chunk list, sharing the full chunks; a partly used last chunk is copied, so
        // that appending to the prefix never writes where the longer list's readers read.
        const std::size_t full = n / ChunkSize;
        auto chunks = std::make_shared<std::vector<std::shared_ptr<Chunk>>>(
            chunks_->begin(), chunks_->begin() + static_cast<std::ptrdiff_t>(full));
        if (n % ChunkSize != 0) {
            auto last = std::make_shared<Chunk>();
            for (std::size_t i = 0; i < n % ChunkSize; ++i) (*last)[i] = (*(*chunks_)[full])[i];
            chunks->push_back(std::move(last));
        }
        out.chunks_ = std::move(chunks);
        out.size_ = n;
        return out;
    }

    /// The first `n` records (n <= size()) as a vector of their own.
    std::vector<T> to_vector(std::size_t n) const {
        assert(n <= size_);
        std::vector<T> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) out.push_back((*this)[i]);
        return out;
    }
    std::vector<T> to_vector() const { return to_vector(size_); }

    class Iterator {
    public:
        Iterator(const SharedList* records, std::size_t i) : records_(records), i_(i) {}
        const T& operator*() const { return (*records_)[i_]; }
        const T* operator->() const { return &(*records_)[i_]; }
        Iterator& operator++() {
            ++i_;
            return *this;
        }
        friend bool operator==(const Iterator&, const Iterator&) = default;

    private:
        const SharedList* records_;
        std::size_t i_;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size_}; }

    friend bool operator==(const SharedList& a, const SharedList& b) {
        if (a.size_ != b.size_) return false;
        for (std::size_t i = 0; i < a.size_; ++i)
            if (!(a[i] == b[i])) return false;
        return true;
    }

private:
    using Chunk = std::array<T, ChunkSize>;
    std::shared_ptr<const std::vector<std::shared_ptr<Chunk>>> chunks_;
    std::size_t size_ = 0;
};

}  // namespace schach::server
