#pragma once
// The words of the network's tools (`schach datagen`, `schach train`), in the three language forms.
// They name no person and no piece, so the gender-neutral German is the German text.

#include <string>
#include <string_view>

#include <fmt/core.h>

#include "notation/language.hpp"

namespace schach {

// clang-format off
enum class TrainMsg {
    // datagen
    DatagenAbout, HelpDatagenOut, HelpDatagenThreads, HelpDatagenGames, HelpDatagenNodes, HelpDatagenHardNodes,
    HelpDatagenChess960, HelpDatagenMaxStart, HelpDatagenSeed, HelpDatagenSummary, DatagenFooter, DatagenResumed,
    DatagenProgress, DatagenDone, DatagenCannotOpen, DatagenNotAGameFile, DatagenCannotWrite, DatagenSummary,
    HelpDatagenNet, DatagenBadNet, ReadBadMagic, ReadTruncated, ReadBadPosition, ReadBadResult, ReadIllegalMove,
    // train
    TrainAbout, HelpTrainData, HelpTrainOut, HelpTrainHidden, HelpTrainEpochs, HelpTrainBatch, HelpTrainLr,
    HelpTrainLambda, HelpTrainCheckpoint, HelpTrainThreads, HelpTrainScale, HelpTrainValidation, TrainFooter,
    TrainReading, TrainRead, TrainNoData, TrainEpoch, TrainResumed, TrainWritten, TrainCannotWrite,
    TrainBadCheckpoint, TrainSpeed, HelpTrainWd, HelpTrainPositions, HelpTrainMirror,
    HelpTrainBuckets, HelpTrainKingMirror,
    End
};
// clang-format on

std::string_view pattern(TrainMsg m, Language lang);

template <class... Args>
std::string say(TrainMsg m, Language lang, const Args&... args) {
    return fmt::vformat(pattern(m, lang), fmt::make_format_args(args...));
}

}  // namespace schach
