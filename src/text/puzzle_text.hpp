#pragma once
// The words of `schach puzzles`, in the three language forms (they name no person, so the
// gender-neutral German is the German text).

#include <string>
#include <string_view>

#include <fmt/core.h>

#include "notation/language.hpp"

namespace schach {

// clang-format off
enum class PuzzleMsg {
    PuzzlesAbout, GenerateAbout, HelpGenerateFiles, HelpGenerateOut, HelpGenerateThreads, HelpGenerateScanNodes,
    HelpGenerateSolveNodes, HelpGenerateVerifyNodes, HelpGenerateNoRating, GenerateFooter, GenerateResumed,
    GenerateProgress, GenerateDone, GenerateCannotWrite,
    End
};
// clang-format on

std::string_view pattern(PuzzleMsg m, Language lang);

template <class... Args>
std::string say(PuzzleMsg m, Language lang, const Args&... args) {
    return fmt::vformat(pattern(m, lang), fmt::make_format_args(args...));
}

}  // namespace schach
