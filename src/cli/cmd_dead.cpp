// schach dead --fen FEN [--winner white|black] [--chess960]
// schach dead --epd FILE [--winner white|black] [--chess960]
//
// Dead positions (FIDE 5.2.2) and the one-sided question of a flag fall, resignation or second
// illegal move (6.9, 5.1.2, 7.5.5): can a side still checkmate by any series of legal moves?
// With --winner: "winnable" and a helpmate in SAN, "unwinnable" and the kind of proof, or
// "undetermined". Without: "dead" or "alive".

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/core.h>

#include "analysis/dead.hpp"
#include "cli/commands.hpp"
#include "cli/stopwatch.hpp"
#include "cli/worker_threads.hpp"
#include "core/fen.hpp"
#include "notation/notation.hpp"

namespace schach::cli {
namespace {

struct DeadArgs {
    std::vector<std::string> fen;  // the fields; an unquoted FEN arrives as several arguments
    std::string winner;
    std::string epd;
    bool chess960 = false;
    std::string variant;
    bool proof = false;    // --epd: the helpmate of each winnable position too
    unsigned threads = 0;  // --epd: 0 = one per core
};

/// What dead-position analysis accepts: every problem that leaves the rules well defined (test
/// collections contain positions no game can reach).
inline constexpr Problems Relaxed = Problems::all() - Problem::OppositeCheck;

std::optional<Color> parse_winner(std::string_view text) {
    const std::string name = lowercase(text);
    if (name == "white" || name == "w") return Color::White;
    if (name == "black" || name == "b") return Color::Black;
    print_error(tr(Msg::DeadBadWinner, text));
    return std::nullopt;
}

/// The FEN at the start of an EPD-like record: placement, side to move and, where present,
/// castling, en passant and the two counters; anything after them (EPD operations, game ids)
/// is ignored. A leading two-letter label such as "WB" or "--" (the CHA test files) is skipped.
std::string fen_of_record(std::string_view line) {
    std::vector<std::string_view> w = split_words(line);
    if (w.size() >= 2 && w[0].size() == 2 && w[1].find('/') != std::string_view::npos &&
        w[0].find_first_not_of("WB-") == std::string_view::npos)
        w.erase(w.begin());
    std::string fen;
    const auto numeric = [](std::string_view s) {
        return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
    };
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n && i < 6; ++i) {
        if (i >= 4 && !numeric(w[i])) break;
        if (i == 4 && (i + 1 >= n || !numeric(w[i + 1]))) break;  // counters come in pairs
        if (!fen.empty()) fen += ' ';
        fen += w[i];
    }
    // Two-field records ("board side") get no castling rights and no en-passant square.
    if (n == 2) fen += " - -";
    return fen;
}

std::string helpmate_text(const Position& start, const std::vector<Move>& line) {
    Position pos = start;
    std::string text;
    for (Move m : line) {
        if (!text.empty()) text += ' ';
        text += to_san(pos, m);
        pos.do_move(m);
    }
    return text;
}

/// The answer to one question: dead/alive without a winner, else the analysis.
struct Verdict {
    std::optional<bool> dead;  // without a winner
    MateAnalysis analysis;     // with one
};

Verdict analyze(const Position& pos, std::optional<Color> winner, MateContext& context) {
    if (!winner) return {is_dead(pos, {}, context), {}};
    return {std::nullopt, can_checkmate(pos, *winner, {}, context)};
}

/// One line of output. With `proof`, a helpmate is shown shortened (presentable_helpmate), which
/// costs far more than the analysis on most positions; without, only the verdict.
std::string verdict_text(const Position& pos, std::optional<Color> winner, const Verdict& v, bool proof,
                         MateContext& context) {
    if (v.dead) return *v.dead ? "dead" : "alive";
    const MateAnalysis& a = v.analysis;
    switch (a.verdict) {
        case Winnability::Winnable:
            if (a.line.empty() || !proof) return "winnable";
            return "winnable " + helpmate_text(pos, presentable_helpmate(pos, *winner, a.line, context));
        case Winnability::Unwinnable: return fmt::format("unwinnable {}", proof_id(a.proof));
        case Winnability::Undetermined: break;
    }
    return "undetermined";
}

int run_single(const DeadArgs& args, std::optional<Color> winner) {
    std::string fen;
    for (const std::string& part : args.fen) {
        if (!fen.empty()) fen += ' ';
        fen += part;
    }
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    const auto pos = read_position(fen, *variant, Relaxed);
    if (!pos) return ExitUsage;
    MateContext context;
    fmt::print("{}\n", verdict_text(*pos, winner, analyze(*pos, winner, context), true, context));
    return ExitOk;
}

/// One record of an EPD file and what became of it.
struct Record {
    std::size_t line_no = 0;
    std::string raw;
    std::string text;  // the output line
    int bucket = -1;   // the summary count it adds to (Winnability's order), -1 for a bad line
};

void answer(Record& r, const ValidateOptions& options, std::optional<Color> winner, bool proof, MateContext& context) {
    auto pos = position_from_fen(fen_of_record(r.raw), options);
    if (!pos) {
        r.text = tr(Msg::DeadLineError, r.line_no, position_error_line(pos.error()));
        r.bucket = -1;
        return;
    }
    const Verdict verdict = analyze(*pos, winner, context);
    r.text = verdict_text(*pos, winner, verdict, proof, context);
    r.bucket = verdict.dead ? (*verdict.dead ? 0 : 1) : static_cast<int>(verdict.analysis.verdict);
}

/// Answers a batch of records on `contexts.size()` threads, each with its own context (kept
/// between batches); the records are handed out a few at a time, as their cost varies a lot.
void answer_all(std::vector<Record>& batch, const ValidateOptions& options, std::optional<Color> winner, bool proof,
                std::vector<MateContext>& contexts) {
    constexpr std::size_t Step = 16;
    std::atomic<std::size_t> next{0};
    const auto work = [&](MateContext& context) {
        for (std::size_t i; (i = next.fetch_add(Step)) < batch.size();)
            for (std::size_t k = i; k < std::min(i + Step, batch.size()); ++k)
                answer(batch[k], options, winner, proof, context);
    };
    const WorkerThreads workers(contexts.size() - 1, [&](std::size_t t) { work(contexts[t]); });
    work(contexts[0]);
}

int run_file(const DeadArgs& args, std::optional<Color> winner) {
    auto file = open_input_file(args.epd);
    if (!file) {
        print_error(file.error());
        return ExitUsage;
    }
    std::ifstream& in = *file;
    ValidateOptions options;
    options.relax = Relaxed;
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    options.variant = variant->option();

    std::size_t positions = 0, errors = 0, line_no = 0;
    std::size_t counts[3] = {0, 0, 0};  // winnable/dead, unwinnable/alive, undetermined (Winnability's order)
    // The rate is of the whole run as the user waits for it: reading, analysing and printing.
    const Stopwatch watch;
    // One context per thread for the whole file: its tables are kept between questions.
    const unsigned threads = args.threads > 0 ? args.threads : std::max(1u, std::thread::hardware_concurrency());
    std::vector<MateContext> contexts(threads);
    // Batches keep the memory bounded for files of any size and the output in the file's order.
    constexpr std::size_t BatchSize = 4096;
    std::vector<Record> batch;
    std::string raw;
    for (bool more = true; more;) {
        batch.clear();
        while (batch.size() < BatchSize && (more = static_cast<bool>(std::getline(in, raw)))) {
            ++line_no;
            const std::vector<std::string_view> w = split_words(raw);
            if (w.empty() || w[0].front() == '#') continue;
            batch.push_back({line_no, raw, {}, -1});
        }
        answer_all(batch, options, winner, args.proof, contexts);
        for (const Record& r : batch) {
            fmt::print("{}\n", r.text);
            if (r.bucket < 0) {
                ++errors;
                continue;
            }
            ++positions;
            ++counts[r.bucket];
        }
    }
    std::fflush(stdout);
    const double seconds = watch.seconds();
    const double per_second = seconds > 0 ? static_cast<double>(positions) / seconds : 0.0;
    // The summary is stable English in every language (its words are the verdicts'): scripts read it.
    if (winner)
        fmt::print("{} positions, {} winnable, {} unwinnable, {} undetermined, {} errors, {:.0f} positions/s\n",
                   positions, counts[0], counts[1], counts[2], errors, per_second);
    else
        fmt::print("{} positions, {} dead, {} alive, {} errors, {:.0f} positions/s\n", positions, counts[0], counts[1],
                   errors, per_second);
    return errors == 0 ? ExitOk : ExitFailed;
}

}  // namespace

Command add_dead_command(CLI::App& parent) {
    auto args = std::make_shared<DeadArgs>();
    CLI::App* sub = parent.add_subcommand("dead", tr(Msg::DeadAbout));
    sub->add_option("--fen", args->fen, tr(Msg::HelpDeadFen))->expected(1, 6);
    sub->add_option("--epd", args->epd, tr(Msg::HelpDeadEpd));
    sub->add_option("--winner", args->winner, tr(Msg::HelpDeadWinner));
    add_variant_option(*sub, args->variant);
    sub->add_flag("--proof", args->proof, tr(Msg::HelpDeadProof));
    sub->add_option("--threads", args->threads, tr(Msg::HelpWorkerThreads))->type_name("N");
    sub->add_flag("--chess960", args->chess960, tr(Msg::HelpChess960));
    sub->footer(help_footer(Msg::DeadFooter, {"schach dead --fen \"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1\"",
                                              "schach dead --fen \"8/8/3k4/8/8/3P4/8/3K4 w - - 0 1\" --winner white",
                                              "schach dead --winner black --epd timeouts.epd"}));

    Command command;
    command.app = sub;
    command.run = [args, sub] {
        std::optional<Color> winner;
        if (sub->count("--winner") > 0) {
            winner = parse_winner(args->winner);
            if (!winner) return ExitUsage;
        }
        const bool fen = sub->count("--fen") > 0, epd = sub->count("--epd") > 0;
        if (fen == epd) {
            print_error(tr(Msg::DeadExactlyOne));
            return ExitUsage;
        }
        return fen ? run_single(*args, winner) : run_file(*args, winner);
    };
    return command;
}

}  // namespace schach::cli
