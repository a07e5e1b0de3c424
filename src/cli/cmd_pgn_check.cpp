// schach pgn check FILE... [--strict] [--newline TEXT]: validates every game of PGN files.
//
// Streaming: the reader holds one game at a time and checks each move's legality; the visitor here
// builds no tree and allocates nothing per move (it counts the main line's plies by variation
// depth). After each game it checks the tags against the movetext:
//   - Result tag == the game termination marker (both present);
//   - PlyCount tag (if present) == the plies of the main line;
//   - SetUp "1" needs a FEN tag, and a FEN tag needs SetUp "1". FEN without SetUp is common
//     (lichess, scalachess) and unambiguous, so it is a warning, and an error with --strict;
//   - the termination marker is present (PGN 8.2.6): a warning, an error with --strict (real
//     files such as scalachess' snapshot end games without one);
//   - with --strict also the Seven Tag Roster (PGN 8.1.1) and canonical SAN.
// Variant tags naming unsupported variants are reported by the reader.
// Problems: "FILE:LINE:COLUMN: message [kind]" on stdout (tag problems at the game's first line);
// last line "N games, M errors". Exit 0 without errors, 1 with errors, 2 for unreadable files.

#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/pgn_io.hpp"
#include "core/outcome.hpp"
#include "pgn/pgn.hpp"

namespace schach::cli {
namespace {

struct CheckArgs {
    std::vector<std::string> files;
    bool strict = false;
    std::string newline;
};

constexpr std::array<std::string_view, 7> SevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                            "White", "Black", "Result"};

class CheckVisitor final : public PgnVisitor {
public:
    CheckVisitor(std::string_view file, bool strict) : file_(file), strict_(strict) {}

    std::size_t errors() const { return errors_; }
    std::size_t warnings() const { return warnings_; }

    void begin_game(const PgnLocation& where) override {
        start_ = where;
        failed_ = false;
        depth_ = 0;
        plies_ = 0;
        roster_ = 0;
        has_result_tag_ = has_plycount_ = has_fen_ = has_setup_ = has_marker_ = false;
        marker_.clear();
    }

    void tag(std::string_view name, std::string_view value) override {
        // Reused strings: no allocation once they have grown to the longest value seen.
        if (name == "Result") {
            has_result_tag_ = true;
            result_tag_.assign(value);
        } else if (name == "PlyCount") {
            has_plycount_ = true;
            plycount_.assign(value);
        } else if (name == "FEN") {
            has_fen_ = true;
        } else if (name == "SetUp") {
            has_setup_ = true;
            setup_.assign(value);
        }
        if (strict_)
            for (std::size_t i = 0; i < SevenTagRoster.size(); ++i)
                if (name == SevenTagRoster[i]) roster_ |= 1u << i;
    }

    void move(const Position&, Move, std::string_view, const PgnLocation&) override {
        if (depth_ == 0) ++plies_;
    }
    void begin_variation() override { ++depth_; }
    void end_variation() override { --depth_; }

    void result(std::string_view token) override {
        has_marker_ = true;
        marker_.assign(token);
    }

    void error(const PgnError& e) override {
        failed_ = true;
        report(e);
    }

    void end_game() override {
        if (failed_) return;  // the reader stopped at the error: the rest of the game is unknown
        check_tags();
    }

private:
    void report(const PgnError& e, bool warning = false) {
        print_pgn_problem(stdout, file_, e, warning);
        if (warning) ++warnings_;
        else ++errors_;
    }
    void tag_problem(PgnError::Kind kind, PgnError::Detail detail, std::string value = {}, std::string other = {},
                     bool warning = false) {
        PgnError e;
        e.kind = kind;
        e.where = PgnLocation{start_.line, 1, start_.game};
        e.detail = detail;
        e.value = std::move(value);
        e.other = std::move(other);
        report(e, warning);
    }

    void check_tags() {
        using K = PgnError::Kind;
        using D = PgnError::Detail;
        if (!has_marker_) {
            tag_problem(K::Syntax, D::MissingMarker, {}, {}, !strict_);
        } else if (has_result_tag_ && result_tag_ != marker_) {
            tag_problem(K::Inconsistent, D::ResultTagMismatch, result_tag_, marker_);
        }
        if (has_plycount_) {
            const auto count = parse_count(plycount_);
            if (!count) {
                tag_problem(K::Inconsistent, D::PlyCountNotNumber, plycount_);
            } else if (*count != plies_) {
                PgnError e;
                e.kind = K::Inconsistent;
                e.where = PgnLocation{start_.line, 1, start_.game};
                e.detail = D::PlyCountMismatch;
                e.count = *count;
                e.plies = plies_;
                report(e);
            }
        }
        const bool setup_one = has_setup_ && setup_ == "1";
        if (setup_one && !has_fen_) {
            tag_problem(K::Inconsistent, D::SetUpWithoutFen);
        } else if (has_fen_ && has_setup_ && !setup_one) {
            tag_problem(K::Inconsistent, D::FenSetUpNotOne, setup_);
        } else if (has_fen_ && !has_setup_) {
            tag_problem(K::Inconsistent, D::FenWithoutSetUp, {}, {}, !strict_);
        }
        if (strict_) {
            for (std::size_t i = 0; i < SevenTagRoster.size(); ++i)
                if (!(roster_ & (1u << i))) tag_problem(K::Syntax, D::MissingRosterTag, std::string(SevenTagRoster[i]));
        }
    }

    std::string_view file_;
    bool strict_;
    std::size_t errors_ = 0, warnings_ = 0;

    // Per game.
    PgnLocation start_;
    bool failed_ = false;
    int depth_ = 0;
    std::uint64_t plies_ = 0;
    unsigned roster_ = 0;
    bool has_result_tag_ = false, has_plycount_ = false, has_fen_ = false, has_setup_ = false, has_marker_ = false;
    std::string result_tag_, plycount_, setup_, marker_;
};

int run_check(const CheckArgs& args) {
    std::size_t games = 0, errors = 0, warnings = 0;
    const bool all_read = read_pgn_inputs(args.files, [&](const PgnInput& input) {
        CheckVisitor visitor(input.name, args.strict);
        PgnReader reader = make_reader(input, reader_options(args.newline, args.strict));
        games += reader.read_all(visitor);
        errors += visitor.errors();
        warnings += visitor.warnings();
    });
    std::fflush(stdout);
    // The last line is always exactly "N games, M errors" in every language (scripts read it); the
    // warnings, which it leaves out, are counted before it in the language.
    if (warnings > 0) fmt::print("{}\n", tr(Msg::PgnCheckWarnings, warnings));
    fmt::print("{} games, {} errors\n", games, errors);
    return pgn_exit_code(all_read, errors);
}

}  // namespace

Command add_pgn_check_command(CLI::App& pgn) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* sub = pgn.add_subcommand("check", tr(Msg::PgnCheckAbout));
    add_pgn_input_options(*sub, args->files, args->newline);
    sub->add_flag("--strict", args->strict, tr(Msg::HelpPgnStrict));
    sub->footer(tr(Msg::PgnCheckFooter));
    return {sub, [args] { return run_check(*args); }, {}};
}

}  // namespace schach::cli
