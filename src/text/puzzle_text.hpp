#pragma once
// The words of `schach puzzles`, in the three language forms (they name no person, so the
// gender-neutral German is the German text).

#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "core/move.hpp"
#include "core/position.hpp"
#include "notation/language.hpp"
#include "review/explain.hpp"

namespace schach {

// clang-format off
enum class PuzzleMsg {
    PuzzlesAbout, GenerateAbout, HelpGenerateFiles, HelpGenerateOut, HelpGenerateThreads, HelpGenerateScanNodes,
    HelpGeneratePrefilterNodes, HelpGenerateSolveNodes, HelpGenerateVerifyNodes, HelpGenerateNoRating, GenerateFooter, GenerateResumed,
    GenerateProgress, GenerateDone, GenerateStages, GenerateSearches, GenerateRejections, GenerateCannotWrite,
    // the trainer's answers (server/content/puzzle_api)
    NoSuchPuzzle, NoPuzzleLeft, BadPly, BadMove, NoBrowser, Storage, Busy, NotEnough, Stalemate,
    // schach serve
    HelpServePuzzles, ServeNoPuzzles, ServeBadPuzzles,
    End
};
// clang-format on

std::string_view pattern(PuzzleMsg m, Language lang);

template <class... Args>
std::string say(PuzzleMsg m, Language lang, const Args&... args) {
    return fmt::vformat(pattern(m, lang), fmt::make_format_args(args...));
}

/// Why a move of the solver is wrong, for the trainer: the review's facts about it (what it allows:
/// "Das erlaubt Matt in 1: Dd8#.", "Nach Lxf7+ Kxf7 ist der Läufer verloren."), or, where it loses
/// nothing, that it does not win ("Das reicht nicht: nach Kg1 Dd4+ ist der Vorteil weg."), or that it
/// stalemates. `refutation` is the opponent's line after the move.
std::string wrong_move_text(const Position& before, Move move, const std::vector<Move>& refutation,
                            const review::Explanation& facts, Language lang);

}  // namespace schach
