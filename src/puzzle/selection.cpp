#include "puzzle/selection.hpp"

#include <algorithm>
#include <cstdlib>

namespace schach::puzzle {

PuzzleIndex::PuzzleIndex(std::span<const Puzzle> puzzles) : by_theme_(static_cast<std::size_t>(Theme::Count)) {
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Entry e{puzzles[i].rating, static_cast<std::uint32_t>(i)};
        all_.push_back(e);
        for (std::size_t t = 0; t < by_theme_.size(); ++t)
            if (puzzles[i].themes.test(t)) by_theme_[t].push_back(e);
    }
    const auto by_rating = [](const Entry& a, const Entry& b) { return a.rating < b.rating; };
    std::sort(all_.begin(), all_.end(), by_rating);
    for (auto& list : by_theme_) std::sort(list.begin(), list.end(), by_rating);
}

void PuzzleIndex::closest(const std::vector<Entry>& list, const Choice& choice, std::size_t limit,
                          std::vector<Entry>& out) const {
    // Walk outwards from the target, always to the nearer side, skipping what was seen.
    auto hi = std::lower_bound(list.begin(), list.end(), choice.target_rating,
                               [](const Entry& e, int r) { return e.rating < r; });
    auto lo = hi;
    std::size_t found = 0;
    while (found < limit && (lo != list.begin() || hi != list.end())) {
        const bool take_low = hi == list.end() || (lo != list.begin() && choice.target_rating - std::prev(lo)->rating <=
                                                                             hi->rating - choice.target_rating);
        const Entry e = take_low ? *--lo : *hi++;
        if (choice.seen && choice.seen(e.index)) continue;
        out.push_back(e);
        ++found;
    }
}

std::optional<std::size_t> PuzzleIndex::next(const Choice& choice, std::size_t spread) const {
    std::vector<Entry> candidates;
    spread = std::max<std::size_t>(spread, 1);
    if (choice.themes.none()) {
        closest(all_, choice, spread, candidates);
    } else {
        for (std::size_t t = 0; t < by_theme_.size(); ++t)
            if (choice.themes.test(t)) closest(by_theme_[t], choice, spread, candidates);
        // A puzzle of two chosen themes once; the closest `spread` of all lists.
        std::sort(candidates.begin(), candidates.end(),
                  [](const Entry& a, const Entry& b) { return a.index < b.index; });
        candidates.erase(std::unique(candidates.begin(), candidates.end(),
                                     [](const Entry& a, const Entry& b) { return a.index == b.index; }),
                         candidates.end());
        std::sort(candidates.begin(), candidates.end(), [&](const Entry& a, const Entry& b) {
            return std::abs(a.rating - choice.target_rating) < std::abs(b.rating - choice.target_rating);
        });
        if (candidates.size() > spread) candidates.resize(spread);
    }
    if (candidates.empty()) return std::nullopt;
    return candidates[choice.random % candidates.size()].index;
}

}  // namespace schach::puzzle
