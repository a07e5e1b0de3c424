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
// Regular files are read in chunks of whole games copied into a buffer (cli/pgn_chunks.hpp) by
// several threads, a large one in ranges, the ranges of up to 64 files in one queue; standard
// input, --newline and a file whose cuts do not hold are read in one piece from the stream.
// Problems: "FILE:LINE:COLUMN: message [kind]" on stdout (tag problems at the game's first line);
// last line "N games, M errors". Exit 0 without errors, 1 with errors, 2 for unreadable files.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/pgn_chunks.hpp"
#include "cli/pgn_io.hpp"
#include "cli/worker_threads.hpp"
#include "core/outcome.hpp"
#include "pgn/pgn.hpp"

namespace schach::cli {
namespace {

struct CheckArgs {
    std::vector<std::string> files;
    bool strict = false;
    std::string newline;
    unsigned threads = 0;  // 0: one per core
};

constexpr std::array<std::string_view, 7> SevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                            "White", "Black", "Result"};

/// A problem found in a part of a file read by a thread, printed once every part before it is.
struct Finding {
    PgnError error;
    bool warning;
};

class CheckVisitor final : public PgnVisitor {
public:
    /// Prints problems as they come, or with `keep` collects them there instead.
    CheckVisitor(std::string_view file, bool strict, std::vector<Finding>* keep = nullptr)
        : file_(file), strict_(strict), keep_(keep) {}

    std::size_t errors() const { return errors_; }
    std::size_t warnings() const { return warnings_; }

    void begin_game(const PgnLocation& where) override {
        start_ = where;
        failed_ = false;
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

    // Only the tags, the result, the errors and the main line's length are checked here: the
    // reader plays every move all the same, without a call for each.
    Wants wants() const override { return {.moves = false, .comments = false}; }
    void end_moves(std::size_t mainline_plies) override { plies_ = mainline_plies; }

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
        if (keep_) keep_->push_back({e, warning});
        else print_pgn_problem(stdout, file_, e, warning);
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
    std::vector<Finding>* keep_;
    std::size_t errors_ = 0, warnings_ = 0;

    // Per game.
    PgnLocation start_;
    bool failed_ = false;
    std::uint64_t plies_ = 0;
    unsigned roster_ = 0;
    bool has_result_tag_ = false, has_plycount_ = false, has_fen_ = false, has_setup_ = false, has_marker_ = false;
    std::string result_tag_, plycount_, setup_, marker_;
};

struct Tally {
    std::size_t games = 0, errors = 0, warnings = 0;
};

/// The whole input in one piece, problems printed as they come: from the stream (a file's
/// contents by read(), standard input), or with --newline from the mapped file.
Tally check_sequential(const PgnInput& input, const CheckArgs& args) {
    CheckVisitor visitor(input.name, args.strict);
    const PgnReaderOptions options = reader_options(args.newline, args.strict);
    PgnReader reader = [&] {
        if (args.newline.empty() && input.stream) return PgnReader(*input.stream, options);
        return make_reader(input, options);
    }();
    return {reader.read_all(visitor), visitor.errors(), visitor.warnings()};
}

/// Below this size a file is read by one thread: starting threads would cost more than it saves.
constexpr std::size_t ParallelMinBytes = 1u << 20;
/// A large file is cut into up to this many ranges a thread, of at least RangeMinBytes each.
constexpr std::size_t RangesPerThread = 32;
constexpr std::size_t RangeMinBytes = 256u << 10;
/// Each range is read in chunks of about this size (one buffer a thread, kept in the core's cache).
constexpr std::size_t ChunkBytes = 256u << 10;
/// Problems kept in memory before they are printed in order; beyond, the file is read again in
/// one piece, printing as it goes.
constexpr std::size_t MaxKeptFindings = 100'000;

/// One chunk of a file as a thread read it.
struct PartResult {
    std::vector<Finding> findings;
    std::size_t games = 0, lines = 0, errors = 0, warnings = 0;
    bool clean_end = false;  // the chunk ended at a termination marker (see find_pgn_cut)
};

/// The chunks of one range of a file, in order; `complete` false when the range could not be
/// read in chunks (a read error, a game without a cut within the reader's limit).
struct RangeResult {
    std::vector<PartResult> chunks;
    bool complete = false;
};

/// An input of a batch: a regular file the threads read in ranges, each range in chunks of whole
/// games (cli/pgn_chunks.hpp), or one that could not be opened (its message printed in its turn).
struct BatchFile {
    std::optional<PgnInput> input;
    std::string open_error;
    std::optional<FileDescriptor> fd;  // set for a file the threads read
    std::size_t first_range = 0;       // its ranges' numbers in the batch: first_range, first_range + 1, ...
    std::vector<RangeResult> ranges;

    std::uint64_t size() const { return input->mapped->text().size(); }
    /// The range's nominal bounds, i/ranges of the file, the same for both neighbours of a bound.
    std::uint64_t bound(std::size_t i) const { return i == ranges.size() ? size() : size() / ranges.size() * i; }
};

/// The ranges a file is read in: a large one in more ranges than threads, each thread taking the
/// next one left, so that a range that reads slowly (or a thread that starts late) leaves the
/// others less to wait for at the end; a small one in one range, read beside the batch's others.
std::size_t range_count(std::uint64_t size, unsigned threads) {
    if (threads <= 1 || size < ParallelMinBytes) return 1;
    return std::clamp<std::size_t>(size / RangeMinBytes, threads, std::size_t{threads} * RangesPerThread);
}

/// The files of a batch read by up to `threads` threads, the ranges of all of them in one queue
/// (so that the threads stay busy from one file to the next, and many small files are read side
/// by side). Each thread finds its range's cuts itself (PgnChunks::start_near), none before the
/// threads start.
void read_batch(std::vector<BatchFile>& batch, const CheckArgs& args, unsigned threads) {
    std::size_t total = 0;
    std::uint64_t largest = 0;
    for (BatchFile& f : batch) {
        if (!f.fd) continue;
        f.first_range = total;
        total += f.ranges.size();
        largest = std::max(largest, f.size());
    }
    if (total == 0) return;
    const PgnReaderOptions options = reader_options(args.newline, args.strict);
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> kept{0};
    // A small file's buffer no larger than the file (PgnChunks takes a huge page for a large one).
    const std::size_t chunk_bytes = std::clamp<std::uint64_t>(largest, 4u << 10, ChunkBytes);
    const auto work = [&] {
        PgnChunks chunks(chunk_bytes, options.max_game_bytes + chunk_bytes);
        std::size_t at = 0;  // the file of the range taken last: ranges are taken in order
        for (std::size_t k; (k = next.fetch_add(1, std::memory_order_relaxed)) < total;) {
            while (!batch[at].fd || k >= batch[at].first_range + batch[at].ranges.size()) ++at;
            BatchFile& file = batch[at];
            const std::size_t i = k - file.first_range;
            if (!chunks.start_near(file.fd->get(), file.bound(i), file.bound(i + 1), file.size()))
                continue;  // incomplete: read again
            RangeResult& range = file.ranges[i];
            std::string_view text;
            PgnChunks::Status status;
            while ((status = chunks.next(text)) == PgnChunks::Status::Chunk) {
                PartResult& r = range.chunks.emplace_back();
                CheckVisitor visitor(file.input->name, args.strict, &r.findings);
                PgnReader reader(text, options);
                r.games = reader.read_all(visitor);
                r.lines = reader.lines_read();
                r.clean_end = reader.ended_at_marker();
                r.errors = visitor.errors();
                r.warnings = visitor.warnings();
                if (kept.fetch_add(r.findings.size(), std::memory_order_relaxed) + r.findings.size() > MaxKeptFindings)
                    break;
            }
            range.complete = status == PgnChunks::Status::End;
        }
    };
    const WorkerThreads workers(std::min<std::size_t>(threads, total) - 1, [&](std::size_t) { work(); });
    work();
}

/// A file read by read_batch: its problems printed in file order with the lines and game numbers
/// of the whole file. Nothing when a cut turns out not to fall between two games (or a game is too
/// large, where the reader's limits depend on where the text starts, or too many problems are
/// found): the caller then reads the file in one piece, with nothing printed yet.
std::optional<Tally> batch_tally(BatchFile& file) {
    // Every chunk but the file's last must have ended at a game's end.
    const PartResult* before = nullptr;
    for (const RangeResult& range : file.ranges) {
        if (!range.complete) return std::nullopt;
        for (const PartResult& r : range.chunks) {
            if (before && !before->clean_end) return std::nullopt;
            for (const Finding& f : r.findings)
                if (f.error.kind == PgnError::Kind::TooLarge) return std::nullopt;
            before = &r;
        }
    }
    Tally tally;
    std::size_t line_base = 0;
    for (RangeResult& range : file.ranges)
        for (PartResult& r : range.chunks) {
            for (Finding& f : r.findings) {
                f.error.where.line += line_base;
                f.error.where.game += tally.games;
                print_pgn_problem(stdout, file.input->name, f.error, f.warning);
            }
            line_base += r.lines;
            tally.games += r.games;
            tally.errors += r.errors;
            tally.warnings += r.warnings;
        }
    return tally;
}

/// Files opened at a time: each holds a descriptor, a mapping and its problems until its turn.
constexpr std::size_t BatchFiles = 64;

int run_check(const CheckArgs& args) {
    Tally total;
    bool all_read = true;
    const unsigned threads = args.threads > 0 ? args.threads : std::max(1u, std::thread::hardware_concurrency());
    const auto add = [&](const Tally& tally) {
        total.games += tally.games;
        total.errors += tally.errors;
        total.warnings += tally.warnings;
    };
    // Regular files (without --newline) are read by the threads in batches; standard input and
    // the rest one by one from the stream, in their turn.
    for (std::size_t from = 0; from < args.files.size();) {
        std::vector<BatchFile> batch;
        batch.reserve(BatchFiles);
        for (; from < args.files.size() && batch.size() < BatchFiles; ++from) {
            BatchFile& f = batch.emplace_back();
            f.input = open_pgn_input(args.files[from], &f.open_error);
            if (!f.input || !f.input->mapped || !args.newline.empty()) continue;
            auto fd = FileDescriptor::open(f.input->name.c_str());
            if (!fd) continue;
            f.fd.emplace(std::move(*fd));
            f.ranges.resize(range_count(f.size(), threads));
        }
        read_batch(batch, args, threads);
        for (BatchFile& f : batch) {
            if (!f.input) {
                print_error(f.open_error);
                all_read = false;
                continue;
            }
            std::optional<Tally> tally;
            if (f.fd) tally = batch_tally(f);
            if (!tally) tally = check_sequential(*f.input, args);
            add(*tally);
            all_read = report_read_error(*f.input) && all_read;
        }
    }
    std::fflush(stdout);
    // The last line is always exactly "N games, M errors" in every language (scripts read it); the
    // warnings, which it leaves out, are counted before it in the language.
    if (total.warnings > 0) fmt::print("{}\n", tr(Msg::PgnCheckWarnings, total.warnings));
    fmt::print("{} games, {} errors\n", total.games, total.errors);
    return pgn_exit_code(all_read, total.errors);
}

}  // namespace

Command add_pgn_check_command(CLI::App& pgn) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* sub = pgn.add_subcommand("check", tr(Msg::PgnCheckAbout));
    add_pgn_input_options(*sub, args->files, args->newline);
    sub->add_flag("--strict", args->strict, tr(Msg::HelpPgnStrict));
    sub->add_option("--threads", args->threads, tr(Msg::HelpWorkerThreads))->type_name("N");
    sub->footer(tr(Msg::PgnCheckFooter));
    return {sub, [args] { return run_check(*args); }, {}};
}

}  // namespace schach::cli
