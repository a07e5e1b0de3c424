#pragma once
// PlaySession: a game of `schach play` between two players at one terminal, without the terminal.
// It holds the Match (the game and, if timed, its clock: all the rules of time live there), the
// language and the board orientation, and turns each line of input (a move or a command, German
// or English) into the text to show. Time is passed in (milliseconds on any monotonic scale), so
// the session can be driven by a real clock, a script or a test.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "game/clock.hpp"
#include "game/game.hpp"
#include "game/match.hpp"
#include "game/time_control.hpp"
#include "notation/language.hpp"
#include "text/cli_text.hpp"

namespace schach::cli {

struct PlayConfig {
    Position start;
    /// Nothing: a game without clock (no clocks shown, no flag fall).
    std::optional<TimeControl> control;
    Language lang = Language::German;
    bool touch_move = false;
    /// Scripted input (stdin not a terminal): `warte`/`wait SECONDS` moves the session's time on.
    bool scripted = false;
    /// Interactive play: the board is shown after every move; clocks are left out of it, as a
    /// separate line shows them running.
    bool interactive = false;
    bool color = false;  // ANSI colours on the board
    /// The Scharnagl number when the game started from a Chess960 array (for messages).
    std::optional<int> chess960;
    std::string date;  // "YYYY.MM.DD" for the PGN; empty: unknown
};

class PlaySession {
public:
    using ms = std::chrono::milliseconds;

    /// Starts the game; with a clock, the clock of the side to move runs from `now` (6.6).
    PlaySession(PlayConfig config, ms now);

    /// One line of input: a move (SAN with English or German letters, LAN, UCI; several moves
    /// separated by spaces are played in turn) or a command. Returns the text to print, each line
    /// ending in '\n'. A flag that has fallen by `now` is detected first.
    std::string handle_line(std::string_view line, ms now);
    /// Detects a flag fall at `now` (6.9; the CLI calls this while a player thinks). Returns the
    /// announcement and the result line, or "" when nothing happened.
    std::string check_flag(ms now);

    bool game_over() const { return game().is_over(); }
    /// The players asked to leave (`ende` / `quit`).
    bool quit() const { return quit_; }
    const Match& match() const { return match_; }
    const Game& game() const { return match_.game(); }
    const std::optional<Clock>& clock() const { return match_.clock(); }
    Language language() const { return config_.lang; }
    bool flipped() const { return flipped_; }

    /// The board with coordinates, the last move marked and (without `interactive`) the clocks.
    std::string board(ms now) const;
    /// "▶ Weiß 4:59   Schwarz 5:00" (without the line end); "" for a game without clock.
    std::string clock_line(ms now) const;
    /// "12. Weiß> ", "12... Schwarz> ", "Partie beendet> ".
    std::string prompt() const;
    /// "<PGN token> <reason>", e.g. "0-1 Schachmatt: Schwarz gewinnt (Art. 5.1.1)".
    std::string result_line() const;
    /// What to print when the input ends before the game has: "* " and a note.
    std::string end_of_input_line() const;
    /// The game so far in PGN export format (English SAN), with [%clk] comments when timed.
    std::string pgn() const;
    std::string help() const;
    /// The banner shown when interactive play starts.
    std::string welcome() const;

private:
    ms effective(ms now) const { return now + offset_; }
    /// A message of the catalogue (text/cli_text.hpp) in the game's language.
    template <class... Args>
    std::string tr(Msg m, const Args&... args) const {
        return say(m, config_.lang, args...);
    }

    std::string play_moves(const std::vector<std::string>& words, ms now);
    std::string play_move(std::string_view text, ms now);
    /// After a move is on the board (and the clock pressed): describe the move, and the result
    /// if the move ended the game.
    std::string after_move(const Position& before, Move m);
    std::string offer(ms now);
    std::string offer(ms now, Color by);
    std::string accept(ms now);
    std::string decline(ms now);
    std::string claim(const std::vector<std::string>& args, ms now);
    std::string resign(const std::vector<std::string>& args, ms now);
    std::string touch(const std::vector<std::string>& args, ms now);
    std::string wait(const std::vector<std::string>& args, ms now);
    std::string list_moves() const;
    std::string error(std::string_view message) const;
    std::string refused(const Refusal& r) const;
    std::string refused(const MatchError& e) const;
    /// The game has just ended: the result line.
    std::string finish() const;
    /// "White's time has run out." and the result.
    std::string flag_announcement(const FlagFall& fall) const;
    std::string offer_notice() const;

    PlayConfig config_;
    Match match_;
    std::string claim_note_;  // PGN comment: a correct claim's intended move (not played)
    int claim_note_ply_ = 0;  // after this many plies
    ms offset_{0};            // time added by `warte` / `wait`
    bool flipped_ = false;
    bool quit_ = false;
};

}  // namespace schach::cli
