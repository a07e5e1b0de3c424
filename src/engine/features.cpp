#include "engine/features.hpp"

#include <algorithm>
#include <array>

#include "core/ascii.hpp"

namespace schach::engine {
namespace {

constexpr std::array<std::string_view, static_cast<std::size_t>(SearchFeature::Count)> Names{
    "aspiration", "correction",      "rfp", "nmp",         "iir",    "lmp",     "futility", "see", "history-pruning",
    "singular",   "check-extension", "lmr", "lmr-history", "qs-see", "qs-delta"};

}  // namespace

std::string_view feature_name(SearchFeature f) { return Names[static_cast<std::size_t>(f)]; }

std::optional<SearchFeature> feature_from_name(std::string_view name) {
    for (std::size_t i = 0; i < Names.size(); ++i)
        if (Names[i] == name) return static_cast<SearchFeature>(i);
    return std::nullopt;
}

std::optional<SearchFeatures> parse_search_off(std::string_view text, std::string* unknown) {
    SearchFeatures out;
    if (text == "<empty>") return out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view word = trim(text.substr(start, comma - start));
        if (!word.empty()) {
            const auto f = feature_from_name(word);
            if (!f) {
                if (unknown) *unknown = std::string(word);
                return std::nullopt;
            }
            out.disable(*f);
        }
        start = comma + 1;
    }
    return out;
}

std::string search_off_text(const SearchFeatures& features) {
    std::string out;
    for (std::size_t i = 0; i < Names.size(); ++i) {
        if (features.on(static_cast<SearchFeature>(i))) continue;
        if (!out.empty()) out += ',';
        out += Names[i];
    }
    return out;
}

}  // namespace schach::engine
