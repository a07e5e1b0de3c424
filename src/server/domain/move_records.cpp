#include "server/domain/move_records.hpp"

#include <utility>

namespace schach::server {

MoveRecords::MoveRecords(std::initializer_list<MoveRecord> records) {
    for (const MoveRecord& r : records) push_back(r);
}

void MoveRecords::push_back(MoveRecord record) {
    if (size_ % ChunkSize == 0) {
        // A new chunk in a new list: views keep reading the list they hold.
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

MoveRecords MoveRecords::prefix(std::size_t n) const {
    MoveRecords out;
    if (n == 0) return out;
    // Its own chunk list, sharing the full chunks; a partly used last chunk is copied, so that
    // appending to the prefix never writes where the longer list's readers read.
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

bool operator==(const MoveRecords& a, const MoveRecords& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
        if (!(a[i] == b[i])) return false;
    return true;
}

}  // namespace schach::server
