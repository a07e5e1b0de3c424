#pragma once
// A fixed array that starts without values: for the move buffers on the stack of every search
// node (512 moves), where zeroing them cost more than generating the moves. Only the first
// size() entries a user wrote are ever read.

#include <cstddef>
#include <type_traits>

namespace schach {

template <class T, std::size_t N>
class UninitializedArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    UninitializedArray() {}  // NOLINT: leaves the items unset on purpose
    T& operator[](std::size_t i) { return items_[i]; }
    const T& operator[](std::size_t i) const { return items_[i]; }
    T* data() { return items_; }
    const T* data() const { return items_; }

private:
    union {
        T items_[N];
    };
};

}  // namespace schach
