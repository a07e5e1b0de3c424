// schach puzzles generate FILE... [--out FILE] [--threads N] [--prefilter-nodes N] [--scan-nodes N]
//                                 [--solve-nodes N] [--verify-nodes N] [--no-rating]
//
// Finds puzzles in the games of PGN files (puzzle/generator.hpp) and writes them as lichess's
// public set does (puzzle/puzzle.hpp). Games run in parallel, one engine each; with --out the
// puzzles are appended to FILE and FILE.done lists the finished games, so a stopped run goes on.

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <time.h>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/pgn_io.hpp"
#include "pgn/pgn.hpp"
#include "puzzle/generator.hpp"
#include "text/puzzle_text.hpp"

namespace schach::cli {
namespace {

std::atomic<bool> puzzles_stop{false};
extern "C" void on_puzzles_interrupt(int) { puzzles_stop.store(true); }

template <class... Args>
std::string pt(PuzzleMsg m, const Args&... args) {
    return say(m, lang(), args...);
}

struct GenerateArgs {
    std::vector<std::string> files;
    std::string out;
    int threads = 1;
    puzzle::GeneratorOptions options;
    bool no_rating = false;
    std::string newline;
};

struct Job {
    std::string name;  // "FILE:N": the game's input and number there
    Position start;
    std::vector<Move> moves;
};

/// The process's CPU seconds (the stages' cost when one thread mines).
double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

void add_cost(puzzle::StageCost& to, const puzzle::StageCost& from) {
    to.searches += from.searches;
    to.seconds += from.seconds;
}

void add_stats(puzzle::GeneratorStats& to, const puzzle::GeneratorStats& from) {
    to.positions += from.positions;
    to.candidates += from.candidates;
    to.puzzles += from.puzzles;
    add_cost(to.prefilter, from.prefilter);
    add_cost(to.scan, from.scan);
    add_cost(to.solve, from.solve);
    add_cost(to.verify, from.verify);
    add_cost(to.rate, from.rate);
    add_cost(to.tag, from.tag);
    for (std::size_t i = 0; i < to.rejected.size(); ++i) to.rejected[i] += from.rejected[i];
}

/// The summary of what the run cost, stage by stage: each stage's CPU seconds when one thread
/// mined (`timed`); with several, the searches run on the engines' own threads and overlap, so
/// only their counts and the process's CPU are shown.
void print_stages(const puzzle::GeneratorStats& s, double cpu, bool timed) {
    const auto per = [](double n, double d) { return d > 0 ? n / d : 0.0; };
    const double positions_per_second = per(static_cast<double>(s.positions), cpu);
    const double puzzles_per_hour = per(3600.0 * static_cast<double>(s.puzzles), cpu);
    if (timed)
        fmt::print(
            stderr, "{}\n",
            pt(PuzzleMsg::GenerateStages, s.positions, s.candidates, cpu, s.prefilter.seconds, s.prefilter.searches,
               s.scan.seconds, s.scan.searches, s.solve.seconds, s.solve.searches, s.verify.seconds, s.verify.searches,
               s.rate.seconds, s.rate.searches, s.tag.seconds, positions_per_second, puzzles_per_hour));
    else
        fmt::print(
            stderr, "{}\n",
            pt(PuzzleMsg::GenerateSearches, s.positions, s.candidates, cpu, s.prefilter.searches, s.scan.searches,
               s.solve.searches, s.verify.searches, s.rate.searches, positions_per_second, puzzles_per_hour));
    using R = puzzle::Rejection;
    const auto r = [&s](R why) { return s.rejected[static_cast<std::size_t>(why)]; };
    fmt::print(stderr, "{}\n",
               pt(PuzzleMsg::GenerateRejections, r(R::NoJump), r(R::AlreadyWinning), r(R::AheadInMaterial),
                  r(R::NotUnique), r(R::OneMoveNoMate), r(R::MateTooLong), r(R::Repetition), r(R::NotConfirmed)));
}

std::set<std::string> finished_games(const std::string& done_path) {
    std::set<std::string> done;
    std::ifstream in(done_path);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) done.insert(line);
    return done;
}

int run_generate(GenerateArgs args) {
    args.options.rate_by_levels = !args.no_rating;
    // The stages are timed in CPU seconds of the process: exact with one thread; with more, the
    // workers' searches overlap and only the total counts.
    if (args.threads == 1) args.options.clock = process_cpu_seconds;
    // Every game first (a bad one reported with its line and column and skipped).
    std::vector<Job> jobs;
    std::size_t errors = 0;
    const bool all_read = read_pgn_inputs(args.files, [&](const PgnInput& input) {
        PgnReader reader = make_reader(input, reader_options(args.newline, false));
        PgnGameBuilder builder;
        std::size_t reported = 0, number = 0;
        const std::string base = std::filesystem::path(input.name).filename().string();
        while (reader.read_game(builder)) {
            for (; reported < builder.errors().size(); ++reported, ++errors)
                print_pgn_problem(stderr, input.name, builder.errors()[reported]);
            for (const PgnGame& game : builder.take())
                jobs.push_back({fmt::format("{}:{}", base, ++number), game.start, game.mainline()});
        }
    });
    const std::string done_path = args.out.empty() ? std::string() : args.out + ".done";
    const std::set<std::string> done = done_path.empty() ? std::set<std::string>{} : finished_games(done_path);
    if (!done.empty()) fmt::print(stderr, "{}\n", pt(PuzzleMsg::GenerateResumed, done.size()));
    std::erase_if(jobs, [&](const Job& j) { return done.contains(j.name); });

    std::FILE* out = stdout;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, &std::fclose);
    std::ofstream done_file;
    if (!args.out.empty()) {
        const bool fresh = !std::filesystem::exists(args.out);
        file.reset(std::fopen(args.out.c_str(), "ab"));
        done_file.open(done_path, std::ios::app);
        if (!file || !done_file) {
            print_error(pt(PuzzleMsg::GenerateCannotWrite, args.out));
            return ExitUsage;
        }
        out = file.get();
        if (fresh) fmt::print(out, "{}\n", puzzle::CsvHeader);
    } else {
        fmt::print(out, "{}\n", puzzle::CsvHeader);
    }
    std::signal(SIGINT, on_puzzles_interrupt);
    std::signal(SIGTERM, on_puzzles_interrupt);

    std::mutex mutex;
    std::atomic<std::size_t> next{0};
    std::size_t finished = 0, found = 0, positions = 0;
    puzzle::GeneratorStats stats;
    const double cpu0 = process_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    const auto worker = [&] {
        puzzle::Generator generator(args.options);
        const auto at_end = [&] {
            std::lock_guard lock(mutex);
            add_stats(stats, generator.stats());
        };
        for (std::size_t i = next++; i < jobs.size() && !puzzles_stop.load(); i = next++) {
            const Job& job = jobs[i];
            const std::vector<puzzle::Puzzle> found_here = generator.scan_game(job.start, job.moves, job.name,
                                                                               &puzzles_stop);
            if (puzzles_stop.load()) break;  // a game cut short is scanned again next time
            std::lock_guard lock(mutex);
            for (const puzzle::Puzzle& p : found_here) fmt::print(out, "{}\n", puzzle::to_csv(p));
            std::fflush(out);
            if (done_file.is_open()) done_file << job.name << '\n' << std::flush;
            ++finished;
            found += found_here.size();
            positions += job.moves.size();
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            fmt::print(stderr, "{}\n",
                       pt(PuzzleMsg::GenerateProgress, finished, jobs.size(), found,
                          s > 0 ? static_cast<double>(positions) / s : 0.0));
        }
        at_end();
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < args.threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print(stderr, "{}\n", pt(PuzzleMsg::GenerateDone, finished, found, s));
    print_stages(stats, process_cpu_seconds() - cpu0, args.threads == 1);
    return pgn_exit_code(all_read, errors);
}

}  // namespace

Command add_puzzles_command(CLI::App& parent) {
    auto args = std::make_shared<GenerateArgs>();
    CLI::App* sub = parent.add_subcommand("puzzles", pt(PuzzleMsg::PuzzlesAbout));
    sub->require_subcommand(1);
    CLI::App* gen = sub->add_subcommand("generate", pt(PuzzleMsg::GenerateAbout));
    gen->add_option("FILE", args->files, pt(PuzzleMsg::HelpGenerateFiles))->required();
    gen->add_option("--out", args->out, pt(PuzzleMsg::HelpGenerateOut));
    gen->add_option("--threads", args->threads, pt(PuzzleMsg::HelpGenerateThreads))
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    gen->add_option("--scan-nodes", args->options.scan_nodes, pt(PuzzleMsg::HelpGenerateScanNodes))
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->capture_default_str();
    gen->add_option("--prefilter-nodes", args->options.prefilter_nodes, pt(PuzzleMsg::HelpGeneratePrefilterNodes))
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40))
        ->capture_default_str();
    gen->add_option("--solve-nodes", args->options.solve_nodes, pt(PuzzleMsg::HelpGenerateSolveNodes))
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->capture_default_str();
    gen->add_option("--verify-nodes", args->options.verify_nodes, pt(PuzzleMsg::HelpGenerateVerifyNodes))
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->capture_default_str();
    gen->add_flag("--no-rating", args->no_rating, pt(PuzzleMsg::HelpGenerateNoRating));
    gen->footer(help_footer({}, {"schach puzzles generate games.pgn --out puzzles.csv --threads 2"}) + "\n" +
                pt(PuzzleMsg::GenerateFooter));
    Command command;
    command.app = sub;
    command.run = [args] { return run_generate(*args); };
    return command;
}

}  // namespace schach::cli
