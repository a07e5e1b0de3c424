#pragma once
// Search features that can be switched off one at a time, to measure in games what each is worth
// (an ablation: the engine without the feature against the engine with it). Everything is on by
// default; the UCI option `SearchOff` takes a comma-separated list of the names below.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace schach::engine {

enum class SearchFeature : std::uint8_t {
    Aspiration,       // aspiration windows at the root
    Correction,       // correction history on the static evaluation
    ReverseFutility,  // step 6
    NullMove,         // step 7
    Iir,              // step 8, internal iterative reduction
    LateMovePruning,  // step 10
    Futility,         // step 10, quiet and capture futility
    SeePruning,       // step 10, SEE pruning of captures and quiets
    HistoryPruning,   // step 10
    Singular,         // step 11, singular extension and multi-cut
    CheckExtension,   // step 11
    Lmr,              // step 12, late move reductions
    LmrHistory,       // step 12, the history's share of a reduction
    QsSee,            // quiescence: SEE pruning of losing captures
    QsDelta,          // quiescence: delta pruning
    Count
};

/// The feature's name in `SearchOff` ("rfp", "nmp", "lmr", ...).
std::string_view feature_name(SearchFeature f);
std::optional<SearchFeature> feature_from_name(std::string_view name);

/// A set of features switched off.
struct SearchFeatures {
    std::uint32_t off = 0;
    bool on(SearchFeature f) const { return (off & bit(f)) == 0; }
    void disable(SearchFeature f) { off |= bit(f); }
    static std::uint32_t bit(SearchFeature f) { return 1u << static_cast<unsigned>(f); }
    friend bool operator==(const SearchFeatures&, const SearchFeatures&) = default;
};

/// Reads "rfp,nmp" (spaces allowed, empty or "<empty>" for none); nullopt names the first
/// unknown word through `unknown`.
std::optional<SearchFeatures> parse_search_off(std::string_view text, std::string* unknown = nullptr);
/// The list back, in the enum's order ("" for none).
std::string search_off_text(const SearchFeatures& features);

}  // namespace schach::engine
