// schach ratings FILE... [--anchor "NAME=ELO"]...: one Elo rating per player from all games of PGN
// files together, on the scale of the anchors (the joint fit of match/ratings.hpp, like Ordo or
// BayesElo).
//
// Only the tags White, Black and Result are read: the visitor skips every game's movetext, so
// files of thousands of games take no time. Games with Result "*" (or none, or an unknown one), a
// missing name or an error in the tags are skipped and counted. The output is a Markdown table,
// best first, and a line with the number of games and the prior. Bad anchors, anchors that played
// no game, players no anchor reaches, no games and unreadable files exit with 2.

#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/pgn_io.hpp"
#include "match/ratings.hpp"
#include "pgn/pgn.hpp"

namespace schach::cli {
namespace {

using match::Anchor;
using match::PlayerRating;
using match::RatedGame;
using match::RatingError;

struct RatingsArgs {
    std::vector<std::string> files;
    std::vector<std::string> anchors;
    std::string newline;
};

/// White's score of a Result tag, nothing for "*" and anything else.
std::optional<double> white_score(std::string_view result) {
    if (result == "1-0") return 1.0;
    if (result == "0-1") return 0.0;
    if (result == "1/2-1/2") return 0.5;
    return std::nullopt;
}

/// Collects the games' names and results from the tags; skips the movetext.
class ResultVisitor final : public PgnVisitor {
public:
    ResultVisitor(std::string_view file, std::vector<RatedGame>& games, std::size_t& skipped)
        : file_(file), games_(games), skipped_(skipped) {}

    void begin_game(const PgnLocation&) override {
        white_.clear();
        black_.clear();
        result_.clear();
        failed_ = false;
    }
    void tag(std::string_view name, std::string_view value) override {
        if (name == "White") white_.assign(value);
        else if (name == "Black") black_.assign(value);
        else if (name == "Result") result_.assign(value);
    }
    bool begin_moves(const Position&) override { return false; }
    void error(const PgnError& e) override {
        // Errors before the movetext only (it is skipped): a broken tag skips the game; a bad FEN
        // or an unsupported variant leaves the tags, which are all a rating needs.
        if (e.kind != PgnError::Kind::Syntax && e.kind != PgnError::Kind::TooLarge) return;
        print_pgn_problem(stderr, file_, e, true);
        failed_ = true;
    }
    void end_game() override {
        const auto score = white_score(result_);
        if (failed_ || !score || white_.empty() || black_.empty()) {
            ++skipped_;
            return;
        }
        games_.push_back({white_, black_, *score});
    }

private:
    std::string_view file_;
    std::vector<RatedGame>& games_;
    std::size_t& skipped_;
    std::string white_, black_, result_;
    bool failed_ = false;
};

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

/// "NAME=ELO", split at the last '=' (names hold spaces, parentheses and perhaps '=').
std::optional<Anchor> parse_anchor(std::string_view text) {
    const std::size_t eq = text.rfind('=');
    if (eq == std::string_view::npos) return std::nullopt;
    const std::string_view name = trim(text.substr(0, eq)), value = trim(text.substr(eq + 1));
    double elo = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), elo);
    if (name.empty() || value.empty() || ec != std::errc() || end != value.data() + value.size() || !std::isfinite(elo))
        return std::nullopt;
    return Anchor{std::string(name), elo};
}

std::optional<std::vector<Anchor>> parse_anchors(const std::vector<std::string>& texts) {
    std::vector<Anchor> anchors;
    for (const std::string& text : texts) {
        const auto anchor = parse_anchor(text);
        if (!anchor) {
            print_error(tr(Msg::RatingsBadAnchor, text));
            return std::nullopt;
        }
        anchors.push_back(*anchor);
    }
    return anchors;
}

std::string rating_error_text(const RatingError& e, bool anchored) {
    switch (e.kind) {
        case RatingError::Kind::NoGames: return tr(Msg::RatingsNoGames);
        case RatingError::Kind::UnknownAnchor: return tr(Msg::RatingsUnknownAnchor, e.name);
        case RatingError::Kind::NotConnected:
            return anchored ? tr(Msg::RatingsNotConnected, e.name) : tr(Msg::RatingsNotOnePool, e.name);
    }
    return "?";
}

/// A name for a Markdown cell: '|' escaped.
std::string cell(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

void print_row(std::size_t rank, const PlayerRating& p) {
    const std::string elo = p.anchor ? tr(Msg::RatingsAnchorElo, p.elo) : fmt::format("{:.1f}", p.elo + 0.0);
    const std::string error = p.anchor ? "-" : fmt::format("{:.1f}", p.error);
    const double pct = p.games > 0 ? 100.0 * p.points / static_cast<double>(p.games) : 0.0;
    fmt::print("| {} | {} | {} | {} | {} | {:.1f} | {:.1f} % |\n", rank, cell(p.name), elo, error, p.games, p.points,
               pct);
}

void print_ratings(const std::vector<PlayerRating>& ratings, std::size_t games, std::size_t skipped, bool anchored) {
    fmt::print("{}\n|--:|---|--:|--:|--:|--:|--:|\n", tr(Msg::RatingsTableHeader));
    for (std::size_t i = 0; i < ratings.size(); ++i) print_row(i + 1, ratings[i]);
    fmt::print("\n{}\n", tr(Msg::RatingsSummary, games, ratings.size()));
    if (skipped > 0) fmt::print("{}\n", tr(Msg::RatingsSkipped, skipped));
    if (!anchored) fmt::print("{}\n", tr(Msg::RatingsRelative));
}

int run_ratings(const RatingsArgs& args) {
    const auto anchors = parse_anchors(args.anchors);
    if (!anchors) return ExitUsage;
    std::vector<RatedGame> games;
    std::size_t skipped = 0;
    const bool all_read = read_pgn_inputs(args.files, [&](const PgnInput& input) {
        ResultVisitor visitor(input.name, games, skipped);
        PgnReader reader = make_reader(input, reader_options(args.newline, false));
        reader.read_all(visitor);
    });
    if (!all_read) return ExitUsage;
    const auto ratings = match::fit_ratings(games, *anchors);
    if (!ratings) {
        print_error(rating_error_text(ratings.error(), !anchors->empty()));
        return ExitUsage;
    }
    print_ratings(*ratings, games.size(), skipped, !anchors->empty());
    return ExitOk;
}

}  // namespace

Command add_ratings_command(CLI::App& parent) {
    auto args = std::make_shared<RatingsArgs>();
    CLI::App* sub = parent.add_subcommand("ratings", tr(Msg::RatingsAbout));
    add_pgn_input_options(*sub, args->files, args->newline);
    sub->add_option("--anchor", args->anchors, tr(Msg::HelpRatingsAnchor))
        ->type_name("NAME=ELO")
        ->allow_extra_args(false);
    sub->footer(help_footer(Msg::RatingsFooter, {"schach ratings gauntlet.pgn --anchor \"Stockfish 15.1 (1350)=1350\" "
                                                 "--anchor \"Stockfish 15.1 (1600)=1600\"",
                                                 "schach ratings a.pgn b.pgn --lang de"}));
    return {sub, [args] { return run_ratings(*args); }, {}};
}

}  // namespace schach::cli
