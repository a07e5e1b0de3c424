#pragma once
// The memory the dead-position analysis works in, owned by the caller: one per thread or worker,
// reused across questions. Nothing in the analysis keeps hidden per-thread tables, so a server
// bounds its memory by the contexts it creates.

#include <cstddef>
#include <memory>

namespace schach {

namespace detail {
class HelpmateTable;
}

/// A helpmate transposition table of at most `max_table_bytes` (8 MB by default: long searches
/// need that much; a quarter of it doubles their positions) and the search's move lists. Memory
/// is taken as searches need it: a question settled in a hundred positions uses a few kilobytes.
/// Not for two threads at once.
class MateContext {
public:
    static constexpr std::size_t DefaultTableBytes = std::size_t{8} << 20;
    explicit MateContext(std::size_t max_table_bytes = DefaultTableBytes);
    ~MateContext();
    MateContext(MateContext&&) noexcept;
    MateContext& operator=(MateContext&&) noexcept;
    MateContext(const MateContext&) = delete;
    MateContext& operator=(const MateContext&) = delete;

    /// Bytes the table holds now (it grows up to the maximum as searches need it).
    std::size_t table_bytes() const;
    detail::HelpmateTable& helpmate_table();

private:
    std::unique_ptr<detail::HelpmateTable> table_;
};

}  // namespace schach
