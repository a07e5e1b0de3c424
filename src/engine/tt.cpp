#include "engine/tt.hpp"

#include <algorithm>
#include <new>

namespace schach::engine {

namespace {

// data: move (16) | value (16) | eval (16) | depth (8) | generation (6) | bound (2); the pv flag
// rides in the depth byte's top bit (depths stay below 128).
struct Packed {
    std::uint16_t move;
    std::int16_t value, eval;
    std::uint8_t depth_pv;
    std::uint8_t gen_bound;
};

std::uint64_t pack(const Packed& p) {
    return static_cast<std::uint64_t>(p.move) | static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.value)) << 16 |
           static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.eval)) << 32 |
           static_cast<std::uint64_t>(p.depth_pv) << 48 | static_cast<std::uint64_t>(p.gen_bound) << 56;
}

Packed unpack(std::uint64_t d) {
    return {static_cast<std::uint16_t>(d), static_cast<std::int16_t>(static_cast<std::uint16_t>(d >> 16)),
            static_cast<std::int16_t>(static_cast<std::uint16_t>(d >> 32)), static_cast<std::uint8_t>(d >> 48),
            static_cast<std::uint8_t>(d >> 56)};
}

int depth_of(const Packed& p) { return p.depth_pv & 0x7F; }
int generation_of(const Packed& p) { return p.gen_bound >> 2; }

}  // namespace

void TranspositionTable::resize(int mb) {
    mb = std::clamp(mb, 1, 65536);
    buckets_.reset();
    // More than the machine has: half as much, down to 1 MiB (never an exception to the caller).
    for (;; mb /= 2) {
        try {
            bucket_count_ = static_cast<std::size_t>(mb) * 1024 * 1024 / sizeof(Bucket);
            buckets_ = std::make_unique<Bucket[]>(bucket_count_);
            break;
        } catch (const std::bad_alloc&) {
            if (mb <= 1) throw;
        }
    }
    mb_ = mb;
    generation_ = 0;
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < bucket_count_; ++i)
        for (Entry& e : buckets_[i].entries) {
            e.key_xor_data.store(0, std::memory_order_relaxed);
            e.data.store(0, std::memory_order_relaxed);
        }
    generation_ = 0;
}

bool TranspositionTable::probe(Key key, int ply, TtData& out) const {
    for (const Entry& e : bucket(key).entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if ((e.key_xor_data.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
        const Packed p = unpack(data);
        out.move = Move::from_bits(p.move);
        out.value = value_from_tt(p.value, ply);
        out.eval = p.eval;
        out.depth = depth_of(p) - 1;  // stored +1 so that quiescence (depth 0) differs from empty
        out.bound = static_cast<Bound>(p.gen_bound & 3);
        out.pv = (p.depth_pv & 0x80) != 0;
        return true;
    }
    return false;
}

void TranspositionTable::store(Key key, int ply, Value value, Value eval, int depth, Bound bound, Move move, bool pv) {
    Bucket& b = bucket(key);
    Entry* target = nullptr;
    int worst = 1 << 30;
    for (Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if ((e.key_xor_data.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
            target = &e;
            break;
        }
        // Worth of an entry: its depth, minus 8 per generation of age.
        const Packed p = unpack(data);
        const int age = (generation_ - generation_of(p) + 64) & 63;
        const int worth = data == 0 ? -1000 : depth_of(p) - 8 * age;
        if (worth < worst) {
            worst = worth;
            target = &e;
        }
    }
    const std::uint64_t old = target->data.load(std::memory_order_relaxed);
    const bool same = (target->key_xor_data.load(std::memory_order_relaxed) ^ old) == key && old != 0;
    Packed p{};
    if (same) {
        const Packed o = unpack(old);
        // Keep a deeper result of this search unless the new one is exact.
        if (bound != Bound::Exact && generation_of(o) == generation_ && depth_of(o) > depth + 1 + 4) return;
        if (!move) move = Move::from_bits(o.move);  // keep the old move when the new search found none
    }
    p.move = move.bits();
    p.value = static_cast<std::int16_t>(value_to_tt(value, ply));
    p.eval = static_cast<std::int16_t>(eval);
    p.depth_pv = static_cast<std::uint8_t>(std::clamp(depth + 1, 0, 127) | (pv ? 0x80 : 0));
    p.gen_bound = static_cast<std::uint8_t>(generation_ << 2 | static_cast<int>(bound));
    const std::uint64_t data = pack(p);
    target->data.store(data, std::memory_order_relaxed);
    target->key_xor_data.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    int used = 0, seen = 0;
    for (std::size_t i = 0; i < bucket_count_ && seen < 1000; ++i)
        for (const Entry& e : buckets_[i].entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            if (data != 0 && generation_of(unpack(data)) == generation_) ++used;
            ++seen;
        }
    return seen == 0 ? 0 : used * 1000 / seen;
}

}  // namespace schach::engine
