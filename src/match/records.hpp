#pragma once
// What a finished game leaves behind: its PGN (with the engines' scores, depths, times and clock
// per move), its quiet positions for tuning, and a line in the journal that lets a killed run go on.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/game_runner.hpp"
#include "notation/language.hpp"
#include "pgn/pgn.hpp"

namespace schach::match {

/// The tags that place a game in the match.
struct GameLabel {
    std::string event, site = "?", date;  // date as YYYY.MM.DD
    std::string round;                    // "3.1": pair 3, first game
    std::string white, black;
    bool chess960 = false;
};

/// "+0.31/12 0.52s", "-M3/20 1.20s" (the mover's view, as cutechess writes it).
std::string move_comment(const PlayedMove& move);
/// The PGN tag Termination: "normal", "adjudication", "time forfeit", "rules infraction", "abandoned".
std::string_view termination_tag_for(EndReason reason);
/// The game as PGN; `reason` is the sentence put as the last comment (made by the caller).
PgnGame to_pgn_game(const GameRecord& record, const GameLabel& label, std::string_view reason);

/// The quiet positions of a game for a tuner, one "<FEN> [1.0]" line each (White's score: 1.0,
/// 0.5, 0.0): positions before the engines' moves, skipping the opening's plies, positions in
/// check and those whose move was a capture or promotion. None for unfinished games and games
/// lost by an engine's failure (their result says nothing about the positions).
std::vector<std::string> quiet_positions(const GameRecord& record);

/// One line of the journal per finished game:
/// "<game> <result> <reason> <plies> <pgn bytes> <positions bytes>". The sizes of the PGN and
/// positions files once the game was written let a resumed run cut off what a killed run wrote
/// after its last journal line (a game that will be played again).
struct JournalEntry {
    std::size_t game = 0;  // the game's number in the schedule
    Result result = Result::Ongoing;
    EndReason reason = EndReason::Rules;
    int plies = 0;
    std::uint64_t pgn_end = 0, positions_end = 0;
    friend bool operator==(const JournalEntry&, const JournalEntry&) = default;
};
/// "schach-match-journal 1 <fingerprint> games=400,400,100": the games of each pairing the
/// journal's numbers count in (a resume with other counts renumbers its games by them).
std::string journal_header(std::string_view fingerprint, const std::vector<int>& games = {});
std::string journal_line(const JournalEntry& entry);
/// The finished games of a journal text, by game number (damaged lines and an unfinished last
/// line are skipped); matches is false when the header is another match's and it lists games.
struct JournalRead {
    bool matches = true;  // the header names this match (or the text is empty)
    std::map<std::size_t, JournalEntry> entries;
    std::vector<int> games;  // the games of each pairing when it was written (empty: not said)
};
JournalRead read_journal(std::string_view text, std::string_view fingerprint);

}  // namespace schach::match
