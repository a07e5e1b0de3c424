#pragma once
// The sentences of the `schach` program (src/cli): one catalogue of messages, each a fmt pattern
// in German, gender-neutral German and English, and say() to fill one in. The program keeps only
// option names, machine-readable tokens and layout; every word a person reads comes from here.
//
// A catalogue rather than a function per sentence: about 150 sentences of help, reports and
// errors would be 150 near-identical functions; as a table they sit side by side per language,
// the compiler's switch check proves each message has all three, and one test checks every
// pattern takes the same arguments in each language.

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "core/types.hpp"
#include "notation/language.hpp"

namespace schach {

// clang-format off
enum class Msg : std::uint16_t {
    // Shared by several commands
    ErrorLabel, WarningLabel, InternalError, InvalidNumber, WhatDepth, WhatStartNumber, UnknownFormat,
    UnknownNotation, UnknownLanguage, IsDirectory, CannotReadFile, NotFound, PermissionDenied,
    ReadError, HelpVariant, UnknownVariant, Chess960ContradictsVariant, HelpLang, HelpLangLetters, HelpChess960,
    HelpPosition, Examples, Example, RunWithHelp,
    // CLI11's help layout
    LabelUsage, LabelOptions, LabelPositionals, LabelSubcommand, LabelSubcommands, LabelRequired, LabelNeeds,
    LabelExcludes, GroupOptions, GroupSubcommands, ParseExcludes, ParseRequires, ParseRequired, ParseNotExpected,
    ParseMissingValue, ParseInvalid,
    // schach (main)
    AppAbout, HelpVersion, HelpHelp, AppExitCodes, UnknownCommand,
    // perft
    PerftAbout, HelpPerftDepth, HelpPerftChess960, HelpPerftDivide, HelpPerftRelax, HelpPerftSuite,
    HelpPerftMaxNodes, HelpPerftVerbose, PerftFooter, PerftNeedDepth, PerftTime, PerftInvalidMaxNodes,
    PerftUnnamed, PerftFailPosition, PerftFailDepth, PerftOk, PerftSkippedOne, PerftSkippedMany,
    // bench
    BenchAbout, HelpBenchDepth, HelpBenchFens, HelpBenchFeatures, BenchFooter,
    // fen
    FenAbout, HelpFenFen, HelpFenFormat,
    // chess960
    Chess960About, HelpChess960Number, HelpChess960Fen, HelpChess960Random, HelpChess960Format, Chess960ExactlyOne,
    Chess960NotStart,
    // moves
    MovesAbout, HelpMovesNotation, MovesFooter, MovesCheckmate, MovesStalemate,
    // pgn
    PgnAbout, PgnFooter, HelpPgnFiles, HelpPgnNewline, PgnTruncated, PgnCannotWrite, PgnWriteError,
    PgnCheckAbout, HelpPgnStrict, HelpWorkerThreads, PgnCheckFooter, PgnCheckWarnings,
    PgnConvertAbout, HelpPgnConvertLang, HelpPgnNotation, HelpPgnNoComments, HelpPgnNoVariations, HelpPgnOutput,
    PgnConvertFooter, PgnConvertSummary,
    AdjudicateAbout, AdjudicateFooter, AdjudicateNullMove, AdjudicateCannotMate, AdjudicateEndedAt,
    AdjudicateEndedAtStart, AdjudicateMorePly, AdjudicateMorePlies, AdjudicateRecorded, AdjudicateSummary,
    // timecontrol
    TimeControlAbout, HelpTimeControlSpec, HelpTimeControlPgn, HelpTimeControlList, TimeControlFooter,
    TimeControlUntimed, TimeControlListHeader, TimeControlListTakesNone, TimeControlMissing,
    // dead
    DeadAbout, HelpDeadFen, HelpDeadEpd, HelpDeadWinner, HelpDeadProof, DeadFooter, DeadBadWinner,
    DeadExactlyOne, DeadLineError,
    // tune
    TuneAbout, HelpTuneData, HelpTuneEpochs, HelpTuneRate, HelpTuneThreads, HelpTuneCheckpoint, HelpTuneOut,
    HelpTuneFromDefaults, HelpTuneSelfplay, HelpTuneGames, HelpTuneNodes, HelpTuneOpenings, HelpTuneConcurrency,
    TuneFooter, TuneRead, TuneK, TuneEpoch, TuneResumed, TuneWritten, TuneMissingResult, TuneBadResult, TuneBadFen,
    TuneCannotWrite, TuneNoData, TuneSelfplayGame, TuneSelfplayDone, TuneSelfplayResume, HelpTuneRandomPlies,
    HelpTuneMaxStart, HelpTuneVersus, TuneBadWeights, HelpTuneL2, HelpTuneHoldout, TuneValidation,
    HelpTuneAsymmetric,
    // uci
    UciAbout, UciFooter,
    // serve
    ServeAbout, ServerProgramFailed, HelpServeHost, HelpServeAllowedHost, HelpServePort, HelpServeDb, HelpServeStatic, HelpServeEngineThreads, HelpServeThreads,
    ServeFooter, ServeListening, ServeCannotListen, ServeCannotOpenStore, ServeNoPage, ServeStopping,
    HelpServeMaxConnections, HelpServeGameThreads, HelpServeAnalysisNodes, HelpServeAnalysisDaily,
    HelpServeNoAutoAnalysis, HelpServeStore, ServeStoreNotPostgres, ServeCannotOpenDatabase,
    HelpServeConnectionsPerAddress, HelpServeGamesPerMinute,
    HelpServeGamesPerHour, HelpServeTrustedProxy, HelpServeHeaderTimeout, HelpServeIdleTimeout,
    HelpServeComputerGames, HelpServeFloodBan, HelpServeNode, ServeNodeNeedsStore, HelpServeAnalysesPerAddress,
    HelpServeAnalysisSearchesPerAddress,
    // schach-load (tools/load)
    LoadAbout, HelpLoadGames, HelpLoadDuration, HelpLoadRamp, HelpLoadThink, HelpLoadUrl, HelpLoadServer,
    HelpLoadServerArg, HelpLoadServerPid, HelpLoadOneSocket, HelpLoadTc, HelpLoadJson, HelpLoadSummary,
    HelpLoadWorkDir, HelpLoadSeed, HelpLoadHttpClients, LoadFooter, LoadNeedServer, LoadBadUrl,
    LoadCannotStartServer, LoadServerStarted, LoadProgress, LoadMeasuring, LoadCannotWrite, LoadSummaryGames,
    LoadSummaryAck, LoadSummarySeen, LoadSummaryErrors, LoadSummaryGamesEnded, LoadSummaryMemory,
    LoadSummaryMachine, HelpLoadPing, LoadSummaryPing, HelpLoadSourceAddresses, HelpLoadLimits, HelpLoadAbuse,
    HelpLoadAbuseIdle, HelpLoadAbuseCreations, HelpLoadAbuseFlooders, HelpLoadProbe, LoadSummaryAbuseIdle,
    LoadSummaryAbuseCreate, LoadSummaryAbuseFlood, LoadSummaryProbe, HelpLoadAbuseAnalysis, HelpLoadAbuseBoards,
    HelpLoadNoStoredCheck, LoadSummaryAbuseAnalysis, LoadSummaryAbuseBoard, LoadSummaryBoardProbe, LoadSummaryStored,
    LoadSummaryStoredFinding, LoadSummaryMemoryTrend, LoadStoredAfterRestart, LoadStoredLive,
    HelpLoadCluster, HelpLoadKillAt,
    HelpLoadRestartAfter, HelpLoadClusterScript, LoadClusterNoAbuse, LoadClusterStarting, LoadClusterStarted,
    LoadClusterKilled, LoadClusterRestarted, LoadSummaryClusterFault, LoadSummaryClusterNoFault,
    LoadSummaryFailover, LoadSummaryResumed, LoadSummaryAckOutside, LoadSummaryAckFailover, LoadSummaryFollowed,
    LoadSummaryRecord, LoadSummaryClusterCpu, HelpLoadProcesses,
    // play
    PlayAbout, HelpPlayFen, HelpPlayChess960, HelpPlayTimeControl, HelpTouchMove, PlayFooter, PlayUnknownControl,
    PlayChess960Number, PlayWelcome, PlayTimeControl, PlayNoClock, PlayTouchMoveOn, PlayHelp, PlayGameHasNoClock,
    PlayAbandoned, PlayUnknownWord, PlayNoNullMoves, PlayOfferDeclinedByMove, PlayTimeUp, PlayCannotMate,
    PlayOffers, PlayDeclines, PlayClaimOneMove, PlayClaimedWith, PlayIncorrectClaim, PlayGetsMinute,
    PlayGetsMinutes, PlayGetsSeconds, PlayResignUsage, PlayResigns, PlayTouchNeedsOption, PlayTouchWhich,
    PlayNoSquare, PlayTouched, PlayWaitScripted, PlayWaitUsage, PlayNoMovesOver, PlayLegalMoves, PlayCheck,
    PlayPromptOver, PlayNotEnded, PlayEvent, BoardToMove,
    // match
    MatchAbout, HelpMatchArgs, MatchFooter, MatchUnknownOption, MatchMissingValue, MatchBadValue, MatchUnknownKey,
    MatchTooFewEngines, MatchMissingCommand, MatchNoLimit, MatchDifferentClocks, MatchOpeningsCannotOpen,
    MatchOpeningsBadFen, MatchOpeningsBadPgn, MatchOpeningsBadBook, MatchOpeningsEmpty, MatchCannotStartEngine,
    MatchEngineLacksOption, MatchEngineSaid,
    MatchCannotWrite, MatchJournalMismatch, MatchResumed, MatchProgress, MatchProgressLlr, MatchTableHeader,
    MatchStandingsHeader, MatchSprtH0, MatchSprtH1, MatchSprtOpen, MatchForfeits, MatchReasonTimeForfeit,
    MatchReasonIllegal, MatchReasonCrash, MatchReasonStall, MatchReasonNotReady, MatchReasonResign, MatchReasonDraw,
    MatchInterrupted, MatchSprtNeedsTwo, MatchTableAll,
    // ratings
    RatingsAbout, HelpRatingsAnchor, RatingsFooter, RatingsBadAnchor, RatingsUnknownAnchor, RatingsNotConnected,
    RatingsNotOnePool, RatingsNoGames, RatingsTableHeader, RatingsAnchorElo, RatingsSummary, RatingsSkipped,
    RatingsRelative,
    // analyse (and pgn convert --openings)
    AnalyseAbout, HelpAnalyseNodes, HelpAnalyseThreads, HelpAnalyseHash, HelpAnalyseMoveTime, HelpAnalyseMaxPlies,
    HelpAnalyseLang, AnalyseFooter, AnalyseProgress, AnalyseGameDone, AnalyseSummary, AnalyseNoMoves,
    HelpPgnOpenings, HelpAnalyseTsv, WhatNodes, WhatThreads, WhatHash, WhatMoveTime, WhatPlies,
    End  // not a message: the number of messages
};
// clang-format on

/// The pattern of a message in a language (fmt syntax).
std::string_view pattern(Msg m, Language lang);

/// The message in the language, its {} filled in with `args` in order.
template <class... Args>
std::string say(Msg m, Language lang, const Args&... args) {
    return fmt::vformat(pattern(m, lang), fmt::make_format_args(args...));
}

/// "Weiß" / "White", "Schwarz" / "Black".
std::string_view color_name(Color c, Language lang);

}  // namespace schach
