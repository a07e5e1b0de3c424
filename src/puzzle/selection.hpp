#pragma once
// Choosing the next puzzle (lichess's practice): one near the player's rating shifted by the
// chosen difficulty (-600, -300, 0, +300, +600), of any of the chosen themes, not yet seen by the
// player. The puzzles are indexed by rating per theme once; a choice is a binary search and a walk
// outwards from the target, so it stays fast with 100,000 puzzles and more.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace schach::puzzle {

enum class Difficulty : std::int8_t { Easiest = -2, Easier = -1, Normal = 0, Harder = 1, Hardest = 2 };
/// The rating shift of a difficulty: -600, -300, 0, +300, +600.
constexpr int rating_shift(Difficulty d) { return 300 * static_cast<int>(d); }

struct Choice {
    int target_rating = 1500;
    Themes themes;  // any of these; none: all puzzles
    /// Whether the player has seen puzzle `index` (of the indexed list).
    std::function<bool(std::size_t)> seen;
    std::uint64_t random = 0;  // picks among the closest few, so two players do not get one order
};

class PuzzleIndex {
public:
    /// Indexes ratings and themes (the puzzles' order is their index).
    explicit PuzzleIndex(std::span<const Puzzle> puzzles);
    /// The unseen puzzle closest in rating to the target among the chosen themes (one of the
    /// `spread` closest, by `random`), or nothing when every such puzzle was seen.
    std::optional<std::size_t> next(const Choice& choice, std::size_t spread = 8) const;
    /// How many puzzles carry each theme.
    std::size_t count(Theme t) const { return by_theme_[static_cast<std::size_t>(t)].size(); }
    std::size_t size() const { return all_.size(); }

private:
    struct Entry {
        int rating;
        std::uint32_t index;
    };
    /// Closest unseen entries of one sorted list, appended to `out` (at most `limit`).
    void closest(const std::vector<Entry>& list, const Choice& choice, std::size_t limit,
                 std::vector<Entry>& out) const;

    std::vector<Entry> all_;
    std::vector<std::vector<Entry>> by_theme_;
};

}  // namespace schach::puzzle
