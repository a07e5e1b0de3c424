#pragma once
// The UCI options: one table of names, types and ranges, printed for `uci` and applied by
// `setoption` onto EngineOptions (names case-insensitive, as the protocol says).

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.hpp"
#include "uci/error.hpp"

namespace schach::uci {

struct OptionSpec {
    std::string_view name;
    OptionType type = OptionType::Spin;
    std::string default_value;  // as printed ("16", "false", "<empty>")
    std::int64_t min = 0, max = 0;
    std::vector<std::string_view> words;  // a list option's words (SearchOff)
};

/// Every option, in the order `uci` prints them, with the defaults of EngineOptions{}.
std::vector<OptionSpec> option_specs();
/// "option name Hash type spin default 16 min 1 max 65536", one per option.
std::vector<std::string> option_lines();

/// What a setoption does beyond changing EngineOptions.
enum class OptionEffect : std::uint8_t { Changed, ClearHash };

/// Applies `setoption name <name> value <value>` to `options`; an unknown name or a value that
/// does not fit (a number out of range, a check that is not true/false) is an error and leaves
/// `options` as it was.
std::expected<OptionEffect, UciError> apply_option(std::string_view name, std::string_view value,
                                                   engine::EngineOptions& options);

}  // namespace schach::uci
