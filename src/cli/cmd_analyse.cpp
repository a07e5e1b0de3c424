// schach analyse FILE... [--nodes N] [--threads N] [--hash MB] [--movetime MS] [--max-plies N]
//                        [--lang de|de-neutral|en] [--tsv FILE] [--newline TEXT]   (also `analyze`)
// Reviews every game of PGN files with our engine (review::Reviewer) and writes them to stdout
// annotated as lichess exports an analysed game (text/review_pgn.hpp). Progress on stderr; a game
// with a PGN error is reported as FILE:LINE:COLUMN: message and skipped, the others go on. --tsv
// also writes one line per reviewed ply for scripts (the method check, scripts/review-check.sh):
// game, ply, FEN before the move, the move and the engine's best (UCI), both evaluations as in
// [%eval] ("mate" for a mate on the board), the judgement.

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/pgn_io.hpp"
#include "core/fen.hpp"
#include "pgn/pgn.hpp"
#include "review/game_review.hpp"
#include "review/openings.hpp"
#include "text/review_pgn.hpp"

namespace schach::cli {
namespace {

struct AnalyseArgs {
    std::vector<std::string> files;
    std::string nodes = "1000000";
    std::string threads = "1";
    std::string hash = "64";
    std::string movetime = "7000";
    std::string max_plies = "300";
    std::string lang;
    std::string newline;
    std::string tsv;
};

std::optional<review::ReviewOptions> review_options(const AnalyseArgs& args) {
    review::ReviewOptions o;
    const auto nodes = parse_ranged(args.nodes, 1, 2'000'000'000, Msg::WhatNodes);
    if (!nodes) return std::nullopt;
    const auto threads = parse_ranged(args.threads, 1, 256, Msg::WhatThreads);
    if (!threads) return std::nullopt;
    const auto hash = parse_ranged(args.hash, 1, 65536, Msg::WhatHash);
    if (!hash) return std::nullopt;
    const auto movetime = parse_ranged(args.movetime, 0, 86'400'000, Msg::WhatMoveTime);
    if (!movetime) return std::nullopt;
    const auto plies = parse_ranged(args.max_plies, 0, 10000, Msg::WhatPlies);
    if (!plies) return std::nullopt;
    o.nodes = static_cast<std::uint64_t>(*nodes);
    o.threads = *threads;
    o.hash_mb = *hash;
    o.movetime_ms = *movetime;
    o.max_plies = *plies;
    return o;
}

std::string_view judgement_id(review::Judgement j) {
    switch (j) {
        case review::Judgement::None: return "none";
        case review::Judgement::Inaccuracy: return "inaccuracy";
        case review::Judgement::Mistake: return "mistake";
        case review::Judgement::Blunder: return "blunder";
    }
    return "none";
}

std::string tsv_eval(review::Eval e) {
    const std::string text = pgn_eval(e);
    return text.empty() ? std::string("mate") : text;
}

/// The --tsv lines of one reviewed game.
void write_tsv(std::FILE* out, const review::GameReview& r, std::size_t number) {
    Position pos = r.start;
    for (const review::PlyReview& p : r.plies) {
        fmt::print(out, "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", number, p.ply, to_fen(pos), to_uci(pos, p.move),
                   p.best() ? to_uci(pos, p.best()) : std::string("-"), tsv_eval(p.before), tsv_eval(p.after),
                   judgement_id(p.verdict.judgement));
        pos.do_move(p.move);
    }
}

std::string percent(const std::optional<double>& a) { return a ? fmt::format("{:.1f} %", *a) : std::string("–"); }

/// Reviews one game and writes it annotated to stdout; the summary line to stderr.
void analyse_game(review::Reviewer& reviewer, const PgnGame& game, std::size_t number, std::FILE* tsv) {
    const std::vector<Move> moves = game.mainline();
    const bool tty = ::isatty(STDERR_FILENO) != 0;
    reviewer.on_progress([&](const review::ReviewProgress& p) {
        if (tty) fmt::print(stderr, "\r{}\033[K", tr(Msg::AnalyseProgress, number, p.done, p.total));
    });
    const review::GameReview r = reviewer.review(game.start, moves);
    if (tty) fmt::print(stderr, "\r\033[K");
    if (tsv != nullptr) write_tsv(tsv, r, number);
    const auto opening = review::classify_opening(game.start, moves);
    const PgnGame annotated = annotated_game(game, r, opening, lang());
    const std::string text = write_pgn(annotated, {});
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    if (moves.empty()) {
        fmt::print(stderr, "{}\n", tr(Msg::AnalyseNoMoves, number));
        return;
    }
    fmt::print(stderr, "{}\n",
               tr(Msg::AnalyseGameDone, number, game.tag("White").value_or("?"), game.tag("Black").value_or("?"),
                  percent(r.white.accuracy), percent(r.black.accuracy),
                  fmt::format("{}/{}/{}", r.white.inaccuracies, r.white.mistakes, r.white.blunders),
                  fmt::format("{}/{}/{}", r.black.inaccuracies, r.black.mistakes, r.black.blunders)));
}

int run_analyse(const AnalyseArgs& args) {
    const auto options = review_options(args);
    if (!options) return ExitUsage;
    review::Reviewer reviewer(*options);
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> tsv(nullptr, &std::fclose);
    if (!args.tsv.empty()) {
        tsv.reset(std::fopen(args.tsv.c_str(), "wb"));
        if (!tsv) {
            print_error(tr(Msg::PgnCannotWrite, args.tsv));
            return ExitUsage;
        }
        fmt::print(tsv.get(), "game\tply\tfen\tmove\tbest\teval_before\teval_after\tjudgement\n");
    }
    std::size_t games = 0, errors = 0;
    const bool all_read = read_pgn_inputs(args.files, [&](const PgnInput& input) {
        PgnReader reader = make_reader(input, reader_options(args.newline, false));
        PgnGameBuilder builder;
        std::size_t reported = 0;
        while (reader.read_game(builder)) {
            for (; reported < builder.errors().size(); ++reported) {
                print_pgn_problem(stderr, input.name, builder.errors()[reported]);
                ++errors;
            }
            for (const PgnGame& game : builder.take()) analyse_game(reviewer, game, ++games, tsv.get());
        }
    });
    fmt::print(stderr, "{}\n", tr(Msg::AnalyseSummary, games, errors));
    return pgn_exit_code(all_read, errors);
}

}  // namespace

Command add_analyse_command(CLI::App& parent) {
    auto args = std::make_shared<AnalyseArgs>();
    CLI::App* sub = parent.add_subcommand("analyse", tr(Msg::AnalyseAbout));  // alias "analyze": main.cpp
    add_pgn_input_options(*sub, args->files, args->newline);
    sub->add_option("--nodes", args->nodes, tr(Msg::HelpAnalyseNodes))->type_name("N");
    sub->add_option("--threads", args->threads, tr(Msg::HelpAnalyseThreads))->type_name("N");
    sub->add_option("--hash", args->hash, tr(Msg::HelpAnalyseHash))->type_name("MB");
    sub->add_option("--movetime", args->movetime, tr(Msg::HelpAnalyseMoveTime))->type_name("MS");
    sub->add_option("--max-plies", args->max_plies, tr(Msg::HelpAnalyseMaxPlies))->type_name("N");
    add_lang_option(*sub, args->lang, Msg::HelpAnalyseLang);
    sub->add_option("--tsv", args->tsv, tr(Msg::HelpAnalyseTsv))->type_name("FILE");
    sub->footer(help_footer(Msg::AnalyseFooter, {"schach analyse games.pgn > analysed.pgn",
                                                 "schach analyse games.pgn --nodes 200000 --lang de",
                                                 "schach analyze - --threads 2 < game.pgn"}));
    Command command;
    command.app = sub;
    command.run = [args] { return run_analyse(*args); };
    command.on_negative_number = [](const std::string& text) {
        print_error(tr(Msg::InvalidNumber, tr(Msg::WhatNodes), text, 1, 2'000'000'000));
        return ExitUsage;
    };
    return command;
}

}  // namespace schach::cli
