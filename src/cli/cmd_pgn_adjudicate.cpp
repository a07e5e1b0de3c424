// schach pgn adjudicate FILE... [--newline TEXT]: what the Laws of Chess say about each game.
//
// Each game's main line is replayed in a Game that does not stop at the end (a record may go on
// after an automatic ending), and one line is printed per game:
//
//   GAME: RESULT TERMINATION [(details)] [[White - Black]]
//
// RESULT TERMINATION, in this order:
//   - the first automatic ending the game passed through (checkmate, stalemate, dead-position,
//     fivefold-repetition, seventy-five-moves), with "ended at 34... (...)" when moves followed;
//   - a game lost on time (Termination tag "time forfeit"/"... on time", or [%clk 0:00:00] after
//     the last move of a side): 6.9 decides, a draw when the other side cannot checkmate;
//   - a decisive record on a board that is not over (resignation): 5.1.2, likewise a draw when the
//     winner cannot checkmate;
//   - otherwise "* claimable threefold-repetition", "* claimable fifty-moves" or "* ongoing": the
//     board alone does not decide (agreement, resignation, adjournment are not on the board).
// Details name the recorded result when it differs. A summary line counts the terminations and
// the results the Laws decide differently from the record.
// Exit: 0, 1 when games could not be read or replayed, 2 for unreadable files.

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/pgn_io.hpp"
#include "core/outcome.hpp"
#include "game/game.hpp"
#include "pgn/pgn.hpp"

namespace schach::cli {
namespace {

struct AdjudicateArgs {
    std::vector<std::string> files;
    std::string newline;
};

/// Termination tags of games lost on time: lichess "Time forfeit", chess.com "X won on time",
/// "lost on time", "timeout".
bool is_time_forfeit_tag(std::string_view termination) {
    const std::string t = lowercase(termination);
    return t.find("time forfeit") != std::string::npos || t.find("time-forfeit") != std::string::npos ||
           t.find("on time") != std::string::npos || t.find("timeout") != std::string::npos ||
           t.find("time out") != std::string::npos;
}

/// Termination tags under which a decisive result without a board reason is a resignation.
bool is_resignation_tag(std::optional<std::string_view> termination) {
    if (!termination) return true;
    const std::string t = lowercase(*termination);
    return t.empty() || t == "normal" || t.find("resign") != std::string::npos;
}

/// The running totals of a run.
struct Summary {
    std::size_t games = 0;
    std::size_t differ = 0;
    std::size_t failed = 0;                                   // games that could not be read or replayed
    std::vector<std::pair<std::string, std::size_t>> counts;  // label -> games, in first-seen order

    void count(const std::string& label) {
        for (auto& [name, n] : counts)
            if (name == label) {
                ++n;
                return;
            }
        counts.emplace_back(label, 1);
    }
};

class AdjudicateVisitor final : public PgnVisitor {
public:
    AdjudicateVisitor(std::string prefix, std::string_view file, Summary& summary)
        : prefix_(std::move(prefix)), file_(file), summary_(summary) {}

    void begin_game(const PgnLocation& where) override {
        number_ = where.game;
        tags_.clear();
        start_ = Position();
        moves_.clear();
        depth_ = 0;
        last_mover_.reset();
        clock_ = {};
        marker_.clear();
        error_.reset();
    }
    void tag(std::string_view name, std::string_view value) override {
        if (name == "White" || name == "Black" || name == "Result" || name == "Termination")
            tags_.emplace_back(name, value);
    }
    bool begin_moves(const Position& start) override {
        start_ = start;
        return true;
    }
    void move(const Position& before, Move m, std::string_view, const PgnLocation&) override {
        if (depth_ != 0) return;
        moves_.push_back(m);
        last_mover_ = before.side_to_move();
        clock_[*last_mover_].reset();  // the clock of a side is the one after its last move
    }
    void comment(std::string_view text) override {
        if (depth_ != 0 || !last_mover_ || text.find("%clk") == std::string_view::npos) return;
        if (auto seconds = parse_comment(text).clock_seconds) clock_[*last_mover_] = seconds;
    }
    void begin_variation() override { ++depth_; }
    void end_variation() override { --depth_; }
    void result(std::string_view token) override { marker_.assign(token); }
    void error(const PgnError& e) override {
        if (!error_) error_ = e;
    }
    void end_game() override {
        ++summary_.games;
        if (error_) {
            print_pgn_problem(stderr, file_, *error_);
            print_line("* pgn-error", fmt::format("{}:{}:{} [{}]", file_, error_->where.line, error_->where.column,
                                                  pgn_error_id(error_->kind)));
            summary_.count("pgn-error");
            ++summary_.failed;
            return;
        }
        adjudicate();
    }

private:
    std::optional<std::string_view> tag_value(std::string_view name) const {
        for (const auto& [k, v] : tags_)
            if (k == name) return std::string_view(v);
        return std::nullopt;
    }

    void print_line(std::string_view verdict, const std::string& details) {
        std::string line = fmt::format("{}{}: {}", prefix_, number_, verdict);
        if (!details.empty()) line += " (" + details + ")";
        // Names when known: "?" (and empty) is PGN for unknown.
        auto known = [](std::optional<std::string_view> name) { return name && !name->empty() && *name != "?"; };
        const auto white = tag_value("White"), black = tag_value("Black");
        if (known(white) || known(black))
            line += fmt::format(" [{} - {}]", known(white) ? *white : "?", known(black) ? *black : "?");
        fmt::print("{}\n", line);
    }

    void adjudicate() {
        Game game(start_, GameOptions{.stop_at_end = false});
        for (std::size_t i = 0; i < moves_.size(); ++i) {
            if (!game.play(moves_[i])) {
                // Only a null move ("--", "Z0") gets here: the reader checked every other move.
                const std::string where = move_number_of_ply(start_, static_cast<int>(i) + 1);
                print_line("* not-replayable", tr(Msg::AdjudicateNullMove, where));
                summary_.count("not-replayable");
                ++summary_.failed;
                return;
            }
        }

        // The recorded result: the Result tag, else the termination marker; empty when neither.
        const std::string recorded(tag_value("Result").value_or(marker_));
        std::vector<std::string> details;
        Outcome laws;
        std::string label;

        if (const auto end = game.first_end()) {
            laws = end->outcome;
            const int more = game.plies() - end->ply;
            const std::string_view id = termination_id(laws.termination);
            details.push_back(fmt::format("{}, {}",
                                          end->ply == 0
                                              ? tr(Msg::AdjudicateEndedAtStart, id)
                                              : tr(Msg::AdjudicateEndedAt, move_number_of_ply(start_, end->ply), id),
                                          tr(more == 1 ? Msg::AdjudicateMorePly : Msg::AdjudicateMorePlies, more)));
        } else if (const Outcome now = game.outcome(); now.is_over()) {
            laws = now;
        } else if (const auto loser = time_loser(game, recorded)) {
            const Color winner = ~*loser;
            const bool winner_can_mate = game.can_win(winner);
            if (auto flagged = game.flag(*loser)) laws = *flagged;
            if (!winner_can_mate) details.push_back(tr(Msg::AdjudicateCannotMate, "6.9", color_name(winner, lang())));
        } else if (const auto r = parse_result_token(recorded);
                   r && (*r == Result::WhiteWins || *r == Result::BlackWins) &&
                   is_resignation_tag(tag_value("Termination")) &&
                   !game.can_win(*r == Result::WhiteWins ? Color::White : Color::Black)) {
            const Color winner = *r == Result::WhiteWins ? Color::White : Color::Black;
            if (auto resigned = game.resign(~winner)) laws = *resigned;
            details.push_back(tr(Msg::AdjudicateCannotMate, "5.1.2", color_name(winner, lang())));
        } else if (game.can_claim(DrawClaim::Threefold)) {
            label = "claimable threefold-repetition";
        } else if (game.can_claim(DrawClaim::FiftyMoves)) {
            label = "claimable fifty-moves";
        } else {
            label = "ongoing";
        }

        std::string verdict;
        if (laws.is_over()) {
            label = std::string(termination_id(laws.termination));
            verdict = fmt::format("{} {}", result_token(laws.result), label);
            if (!recorded.empty() && recorded != result_token(laws.result)) {
                details.push_back(tr(Msg::AdjudicateRecorded, recorded));
                ++summary_.differ;
            }
        } else {
            verdict = "* " + label;
            if (!recorded.empty() && recorded != "*") details.push_back(tr(Msg::AdjudicateRecorded, recorded));
        }
        std::string joined;
        for (const std::string& d : details) joined += (joined.empty() ? "" : "; ") + d;
        print_line(verdict, joined);
        summary_.count(label);
    }

    /// The side that lost on time, if the record says a flag fell: by the Termination tag or by a
    /// [%clk 0:00:00] after a side's last move. The loser is the side the record has losing, else
    /// the side whose clock shows zero, else the side to move (whose clock was running).
    std::optional<Color> time_loser(const Game& game, const std::string& recorded) const {
        const bool zero_white = clock_[Color::White] && *clock_[Color::White] <= 0;
        const bool zero_black = clock_[Color::Black] && *clock_[Color::Black] <= 0;
        const auto termination = tag_value("Termination");
        if (!(termination && is_time_forfeit_tag(*termination)) && !zero_white && !zero_black) return std::nullopt;
        if (recorded == "1-0") return Color::Black;
        if (recorded == "0-1") return Color::White;
        if (zero_white != zero_black) return zero_white ? Color::White : Color::Black;
        return game.position().side_to_move();
    }

    std::string prefix_;
    std::string_view file_;
    Summary& summary_;

    std::size_t number_ = 0;
    std::vector<std::pair<std::string, std::string>> tags_;
    Position start_;
    std::vector<Move> moves_;
    int depth_ = 0;
    std::optional<Color> last_mover_;
    ByColor<std::optional<double>> clock_{};
    std::string marker_;
    std::optional<PgnError> error_;
};

int run_adjudicate(const AdjudicateArgs& args) {
    Summary summary;
    const bool all_read = read_pgn_inputs(args.files, [&](const PgnInput& input) {
        // Several files: "FILE:GAME: ..." so that the numbers stay unambiguous.
        AdjudicateVisitor visitor(args.files.size() > 1 ? input.name + ":" : std::string(), input.name, summary);
        PgnReader reader = make_reader(input, reader_options(args.newline, false));
        reader.read_all(visitor);
    });
    std::string counts;
    for (const auto& [label, n] : summary.counts)
        counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", label, n);
    std::fflush(stdout);
    fmt::print("{}\n", tr(Msg::AdjudicateSummary, summary.games, counts.empty() ? "-" : counts, summary.differ));
    return pgn_exit_code(all_read, summary.failed);
}

}  // namespace

Command add_pgn_adjudicate_command(CLI::App& pgn) {
    auto args = std::make_shared<AdjudicateArgs>();
    CLI::App* sub = pgn.add_subcommand("adjudicate", tr(Msg::AdjudicateAbout));
    add_pgn_input_options(*sub, args->files, args->newline);
    sub->footer(tr(Msg::AdjudicateFooter));
    return {sub, [args] { return run_adjudicate(*args); }, {}};
}

}  // namespace schach::cli
