#pragma once
// The transposition table: what earlier searches learnt about a position (bound, depth, best
// move, static evaluation), shared by all search threads (Lazy SMP).
//
// Layout: buckets of four 16-byte entries (one 64-byte cache line). An entry is two 64-bit words
// stored with relaxed atomics: `data` and `key ^ data`. A reader accepts an entry only when the two
// words xor back to its key, so a torn write by another thread is read as a miss, never as a
// wrong move or score (and a move from the table is still checked with Position::is_legal).
// Replacement: the entry of the same key, else the one that is least worth keeping (shallow and
// old: each search has a generation, `new_search` ages the table).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/move.hpp"
#include "core/position.hpp"
#include "engine/score.hpp"

namespace schach::engine {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

/// What a probe found.
struct TtData {
    Move move;
    Value value = ValueNone;  // already adjusted to the probing ply (value_from_tt)
    Value eval = ValueNone;
    int depth = -1;
    Bound bound = Bound::None;
    bool pv = false;  // the position was once on a principal variation
};

/// Mate scores are stored as distance from the position (not from the root), so that they stay
/// true wherever in the tree the position is met again.
constexpr Value value_to_tt(Value v, int ply) {
    if (v == ValueNone) return v;
    if (v >= ValueMateInMaxPly) return v + ply;
    if (v <= -ValueMateInMaxPly) return v - ply;
    return v;
}
constexpr Value value_from_tt(Value v, int ply) {
    if (v == ValueNone) return v;
    if (v >= ValueMateInMaxPly) return v - ply;
    if (v <= -ValueMateInMaxPly) return v + ply;
    return v;
}

class TranspositionTable {
public:
    static constexpr int EntriesPerBucket = 4;
    /// Depth stored for quiescence entries (below every main-search depth).
    static constexpr int QsDepth = 0;

    explicit TranspositionTable(int mb = 16) { resize(mb); }

    /// Reallocates `mb` MiB (1 .. 65536; the table is cleared).
    void resize(int mb);
    void clear();
    /// A new search begins: entries of earlier ones count as older.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

    /// Asks the processor to fetch the bucket of `key` into its cache while the caller works on
    /// (called as soon as a move is made: the probe of the child node then hits the cache).
    void prefetch(Key key) const { __builtin_prefetch(&bucket(key)); }
    /// The entry of `key`, if there is one. `ply` turns stored mate distances into root distances.
    bool probe(Key key, int ply, TtData& out) const;
    /// Stores a result; `value` is from the root's view at `ply` (adjusted here).
    void store(Key key, int ply, Value value, Value eval, int depth, Bound bound, Move move, bool pv);

    /// Permille of the first 1000 entries written during the current search.
    int hashfull() const;
    std::size_t bucket_count() const { return bucket_count_; }
    /// The size in MiB actually allocated (less than asked when memory ran short).
    int size_mb() const { return mb_; }

private:
    struct Entry {
        std::atomic<std::uint64_t> key_xor_data{0};
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Entry entries[EntriesPerBucket];
    };
    Bucket& bucket(Key key) const {
        // The high 32 bits pick the bucket (multiply-shift: no modulo, any count below 2^32).
        const auto index = static_cast<std::size_t>(((key >> 32) * bucket_count_) >> 32);
        return buckets_[index];
    }

    std::unique_ptr<Bucket[]> buckets_;
    std::size_t bucket_count_ = 0;
    std::uint8_t generation_ = 0;
    int mb_ = 0;
};

}  // namespace schach::engine
