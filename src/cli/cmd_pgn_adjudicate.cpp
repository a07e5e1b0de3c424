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
#include "game/adjudication.hpp"
#include "pgn/pgn.hpp"

namespace schach::cli {
namespace {

struct AdjudicateArgs {
    std::vector<std::string> files;
    std::string newline;
};

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
        schach::GameRecord record;  // game/adjudication.hpp's (cmd_match.cpp brings match's in a unity build)
        // The recorded result: the Result tag, else the termination marker; empty when neither.
        record.recorded = std::string(tag_value("Result").value_or(marker_));
        if (const auto t = tag_value("Termination")) record.termination = std::string(*t);
        record.last_clock = clock_;
        const Adjudication a = schach::adjudicate(start_, moves_, record);
        const std::string label = adjudication_label(a);
        if (a.verdict == Adjudication::Verdict::NotReplayable) {
            // Only a null move ("--", "Z0") gets here: the reader checked every other move.
            print_line("* not-replayable", tr(Msg::AdjudicateNullMove, move_number_of_ply(start_, a.bad_ply)));
            summary_.count(label);
            ++summary_.failed;
            return;
        }
        std::vector<std::string> details;
        if (a.end_ply) {
            const int more = a.plies - *a.end_ply;
            const std::string_view id = termination_id(a.laws.termination);
            details.push_back(fmt::format("{}, {}",
                                          *a.end_ply == 0
                                              ? tr(Msg::AdjudicateEndedAtStart, id)
                                              : tr(Msg::AdjudicateEndedAt, move_number_of_ply(start_, *a.end_ply), id),
                                          tr(more == 1 ? Msg::AdjudicateMorePly : Msg::AdjudicateMorePlies, more)));
        }
        if (a.cannot_mate)
            details.push_back(tr(Msg::AdjudicateCannotMate, a.cannot_mate_article, color_name(*a.cannot_mate, lang())));
        std::string verdict;
        if (a.verdict == Adjudication::Verdict::Over) {
            verdict = fmt::format("{} {}", result_token(a.laws.result), label);
            if (a.differs) {
                details.push_back(tr(Msg::AdjudicateRecorded, record.recorded));
                ++summary_.differ;
            }
        } else {
            verdict = "* " + label;
            if (!record.recorded.empty() && record.recorded != "*")
                details.push_back(tr(Msg::AdjudicateRecorded, record.recorded));
        }
        std::string joined;
        for (const std::string& d : details) joined += (joined.empty() ? "" : "; ") + d;
        print_line(verdict, joined);
        summary_.count(label);
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
