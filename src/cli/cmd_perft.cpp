// schach perft DEPTH [--fen FEN] [--chess960] [--divide]   (like Stockfish's `go perft`)
// schach perft --suite FILE [--max-nodes N] [--chess960]    (EPD or .perft suites)

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/stopwatch.hpp"
#include "core/ascii.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"

namespace schach::cli {
namespace {

/// Depth limits: 20 on the command line (deeper never finishes in a real position); suites may go
/// further, since locked positions have tiny trees (scalachess' "prison" checks perft 32).
inline constexpr int MaxDepth = 20;
inline constexpr int MaxSuiteDepth = 64;

struct PerftArgs {
    std::string depth;  // positional, validated by hand for a clear message
    std::string fen;
    bool chess960 = false;
    std::string variant;
    bool divide = false;
    bool relax = false;
    std::string suite;
    std::string max_nodes;  // parsed by hand: CLI11 would wrap "-5" around to a huge unsigned value
    bool max_nodes_given = false;
    bool fen_given = false;  // --fen "" is an empty FEN (an error), not the start position
    bool verbose = false;
};

/// What suites (and --relax) accept: every problem except a king in check with the other side to
/// move, where the move generator would capture the king (and then read a missing king's square).
inline constexpr Problems SuiteRelax = Problems::all() - Problem::OppositeCheck;

std::optional<int> parse_depth(std::string_view text) {
    return parse_ranged(text, 0, MaxDepth, "Tiefe", "depth");
}

/// Time and speed go to stderr, so that stdout stays comparable with Stockfish's output.
void print_speed(std::uint64_t nodes, double seconds) {
    std::fflush(stdout);
    const auto nps = seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(nodes) / seconds) : 0;
    fmt::print(stderr, "Zeit / time: {:.3f} s, Knoten pro Sekunde / nodes per second: {}\n", seconds, nps);
}

// --- Single position ---

int run_single(const PerftArgs& args) {
    const auto depth = parse_depth(args.depth);
    if (!depth) return ExitUsage;
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    auto pos = read_position(args.fen_given ? args.fen : std::string(StartFen), *variant,
                             args.relax ? SuiteRelax : Problems{});
    if (!pos) return ExitUsage;

    Stopwatch watch;
    std::uint64_t nodes = 0;
    if (args.divide && *depth > 0) {
        for (auto [move, count] : perft_divide(*pos, *depth)) {
            fmt::print("{}: {}\n", to_uci(move, pos->is_chess960()), count);
            nodes += count;
        }
        fmt::print("\n");
    } else {
        nodes = perft(*pos, *depth);  // depth 0: the root alone, 1 node
    }
    const double seconds = watch.seconds();
    fmt::print("Nodes searched: {}\n", nodes);
    print_speed(nodes, seconds);
    return ExitOk;
}

// --- Suites ---

struct Check {
    int depth;
    std::uint64_t nodes;
};

struct SuiteEntry {
    std::string name;
    std::string fen;
    std::vector<Check> checks;
    bool chess960 = false;
    std::size_t line = 0;
};

std::string unquote(std::string_view s) {
    s = trim(s);
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
    return std::string(s);
}

bool starts_with_ignore_case(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(prefix[i])))
            return false;
    return true;
}

/// Splits "word rest" at the first blank.
std::pair<std::string_view, std::string_view> split_word(std::string_view s) {
    s = trim(s);
    const std::size_t end = s.find_first_of(" \t");
    if (end == std::string_view::npos) return {s, {}};
    return {s.substr(0, end), trim(s.substr(end))};
}

std::expected<Check, std::string> parse_check(std::string_view depth_text, std::string_view nodes_text) {
    const auto depth = parse_integer(depth_text);
    if (!depth || *depth < 0 || *depth > MaxSuiteDepth)
        return std::unexpected(fmt::format("Tiefe '{}' nicht in 0..{} / depth '{}' not in 0..{}", depth_text,
                                           MaxSuiteDepth, depth_text, MaxSuiteDepth));
    const auto nodes = parse_count(nodes_text);
    if (!nodes)
        return std::unexpected(fmt::format("Knotenzahl '{}' ist keine Zahl / node count '{}' is not a number",
                                           nodes_text, nodes_text));
    return Check{static_cast<int>(*depth), *nodes};
}

/// An EPD record: "FEN [halfmove fullmove] ;D1 n ;D2 n ... ;id \"name\"". The FEN keeps 4 to 6
/// fields; operations after it are separated by ';' (unknown ones are ignored).
std::expected<void, std::string> parse_epd(std::string_view text, SuiteEntry& entry) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (fields.size() < 6) {
        while (i < text.size() && blank(text[i])) ++i;
        if (i >= text.size() || text[i] == ';') break;
        const std::size_t start = i;
        while (i < text.size() && !blank(text[i]) && text[i] != ';') ++i;
        const std::string_view token = text.substr(start, i - start);
        if (fields.size() >= 4 && !parse_count(token)) {  // an operation such as "D1 20;" without a ';' before it
            i = start;
            break;
        }
        fields.push_back(token);
    }
    if (fields.size() < 4)
        return std::unexpected(std::string(
            "FEN mit 4 oder 6 Feldern erwartet / expected a FEN of 4 or 6 fields"));
    entry.fen.clear();
    for (std::string_view f : fields) {
        if (!entry.fen.empty()) entry.fen += ' ';
        entry.fen += f;
    }
    if (fields[2].find_first_not_of("KQkq-") != std::string_view::npos) entry.chess960 = true;

    std::string_view ops = text.substr(i);
    while (!ops.empty()) {
        const std::size_t end = ops.find(';');
        const std::string_view op = trim(ops.substr(0, end));
        ops = end == std::string_view::npos ? std::string_view{} : ops.substr(end + 1);
        if (op.empty()) continue;
        auto [key, value] = split_word(op);
        if (key.size() >= 2 && (key[0] == 'D' || key[0] == 'd') &&
            std::all_of(key.begin() + 1, key.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            auto check = parse_check(key.substr(1), value);
            if (!check) return std::unexpected(check.error());
            entry.checks.push_back(*check);
        } else if (key == "id") {
            entry.name = unquote(value);
        }
    }
    return {};
}

std::expected<std::vector<SuiteEntry>, std::string> load_suite(const std::string& path, bool force_chess960) {
    auto file = open_input_file(path);
    if (!file) return std::unexpected(file.error());
    std::ifstream& in = *file;

    std::vector<SuiteEntry> entries;
    std::string pending_id;  // a .perft "id" line names the next "epd" block
    bool in_block = false;   // the last entry came from an "epd" line and takes "perft" lines
    std::string raw;
    std::size_t line_no = 0;
    auto fail = [&](const std::string& message) {
        return std::unexpected(fmt::format("{}:{}: {}", path, line_no, message));
    };
    auto finish_block = [&]() -> bool {  // false if the finished .perft block has no counts
        return !in_block || !entries.back().checks.empty();
    };

    while (std::getline(in, raw)) {
        ++line_no;
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#') continue;
        if (line.find('\0') != std::string_view::npos)
            return fail("Binärdaten statt Text / binary data instead of text");
        auto [word, rest] = split_word(line);
        if (word == "id") {
            if (!finish_block()) return fail("vorheriger Block ohne perft-Zeilen / previous block has no perft lines");
            in_block = false;
            pending_id = unquote(rest);
        } else if (word == "epd") {
            if (!finish_block()) return fail("vorheriger Block ohne perft-Zeilen / previous block has no perft lines");
            SuiteEntry entry;
            entry.line = line_no;
            if (auto r = parse_epd(rest, entry); !r) return fail(r.error());
            if (!pending_id.empty()) entry.name = pending_id;
            if (starts_with_ignore_case(entry.name, "xfen")) entry.chess960 = true;
            pending_id.clear();
            entries.push_back(std::move(entry));
            in_block = true;
        } else if (word == "perft") {
            if (!in_block) return fail("'perft' ohne vorherige 'epd'-Zeile / 'perft' without an 'epd' line before it");
            auto [depth, nodes] = split_word(rest);
            auto check = parse_check(depth, nodes);
            if (!check) return fail(check.error());
            entries.back().checks.push_back(*check);
        } else {
            if (!finish_block()) return fail("vorheriger Block ohne perft-Zeilen / previous block has no perft lines");
            in_block = false;
            SuiteEntry entry;
            entry.line = line_no;
            if (auto r = parse_epd(line, entry); !r) return fail(r.error());
            if (entry.checks.empty())
                return fail("keine Perft-Angaben wie ';D1 20' / no perft counts such as ';D1 20'");
            if (starts_with_ignore_case(entry.name, "xfen")) entry.chess960 = true;
            entries.push_back(std::move(entry));
        }
    }
    if (in.bad()) return std::unexpected(fmt::format("Lesefehler / read error: {}", path));
    if (!finish_block()) return fail("letzter Block ohne perft-Zeilen / last block has no perft lines");
    if (entries.empty())
        return std::unexpected(fmt::format("keine Stellungen in / no positions in {}", path));
    for (SuiteEntry& e : entries) {
        if (force_chess960) e.chess960 = true;
        if (e.name.empty()) e.name = fmt::format("Zeile / line {}", e.line);
    }
    return entries;
}

int run_suite(const PerftArgs& args) {
    std::uint64_t max_nodes = std::numeric_limits<std::uint64_t>::max();
    if (args.max_nodes_given) {
        const auto parsed = parse_count(args.max_nodes);
        if (!parsed) {
            print_error(fmt::format("ungültiges --max-nodes '{}': erwartet eine Zahl ab 0 / invalid --max-nodes '{}': "
                                    "expected a number from 0",
                                    args.max_nodes, args.max_nodes));
            return ExitUsage;
        }
        max_nodes = *parsed;
    }
    const auto variant = variant_choice(args.variant, args.chess960);
    if (!variant) return ExitUsage;
    // Without --variant, each position has the suite's rules (see load_suite); with it, all do.
    const bool variant_given = !args.variant.empty() || args.chess960;
    auto suite = load_suite(args.suite, false);
    if (!suite) {
        print_error(suite.error());
        return ExitUsage;
    }

    Stopwatch watch;
    std::uint64_t passed = 0, failed = 0, skipped = 0, total_nodes = 0;
    for (const SuiteEntry& entry : *suite) {
        std::vector<Check> checks;
        for (const Check& c : entry.checks) {
            if (c.nodes > max_nodes)
                ++skipped;
            else
                checks.push_back(c);
        }
        ValidateOptions options;
        options.relax = SuiteRelax;  // suites hold deliberately odd positions
        if (variant_given) options.variant = variant->option();
        else if (entry.chess960) options.variant = Variant::Chess960;
        auto pos = position_from_fen(entry.fen, options);
        if (!pos) {
            // Every check of an unreadable position fails (at least one, so that it is never silent).
            failed += std::max<std::uint64_t>(1, checks.size());
            fmt::print("FEHLER / FAIL {} [{}]: {}\n", entry.name, entry.fen, position_error_line(pos.error()));
            continue;
        }
        std::uint64_t entry_failed = 0;
        for (const Check& c : checks) {
            const std::uint64_t got = perft(*pos, c.depth);
            total_nodes += got;
            if (got == c.nodes) {
                ++passed;
                continue;
            }
            ++failed;
            ++entry_failed;
            fmt::print("FEHLER / FAIL {} [{}] Tiefe / depth {}: erwartet / expected {}, erhalten / got {}\n", entry.name,
                       entry.fen, c.depth, c.nodes, got);
        }
        if (args.verbose && entry_failed == 0)
            fmt::print("ok {} ({} Tiefen / depths{})\n", entry.name, checks.size(), entry.chess960 ? ", Chess960" : "");
        std::fflush(stdout);
    }
    const double seconds = watch.seconds();

    if (skipped > 0)
        fmt::print("{} {} übersprungen (mehr als {} Knoten) / {} {} skipped (more than {} nodes)\n", skipped,
                   skipped == 1 ? "Prüfung" : "Prüfungen", max_nodes, skipped, skipped == 1 ? "check" : "checks",
                   max_nodes);
    fmt::print("{} bestanden, {} fehlgeschlagen\n", passed, failed);
    fmt::print("{} passed, {} failed\n", passed, failed);
    print_speed(total_nodes, seconds);
    return failed == 0 ? ExitOk : ExitFailed;
}

}  // namespace

Command add_perft_command(CLI::App& parent) {
    auto args = std::make_shared<PerftArgs>();
    CLI::App* sub = parent.add_subcommand(
        "perft", "Perft: Blätter des Zugbaums zählen, wie Stockfishs 'go perft' / count the leaves of the move tree, "
                 "like Stockfish's 'go perft'");
    auto* depth = sub->add_option("DEPTH", args->depth,
                                  "Tiefe 0..20 (0 zählt nur die Wurzel) / depth 0..20 (0 counts the root alone)");
    auto* fen = sub->add_option("--fen", args->fen,
                                "Stellung (Standard: Grundstellung; in Anführungszeichen) / position (default: the start "
                                "position; quote it)");
    add_variant_option(*sub, args->variant);
    sub->add_flag("--chess960", args->chess960,
                  "als Chess960 lesen (Rochade als König-schlägt-Turm, z. B. e1h1) / read as Chess960 (castling "
                  "written king-takes-rook, e.g. e1h1)");
    auto* divide = sub->add_flag("--divide", args->divide,
                                 "Knoten je Zug ausgeben ('Zug: Anzahl') / print the count per move ('move: count')");
    auto* relax = sub->add_flag("--relax", args->relax,
                                "ungewöhnliche Stellungen zulassen wie bei Suiten (nur nicht: Seite nicht am Zug im Schach) / "
                                "accept odd positions as suites do (except: side not to move in check)");
    auto* suite = sub->add_option("--suite", args->suite,
                                  "EPD- oder .perft-Suite prüfen / check an EPD or .perft suite");
    auto* max_nodes = sub->add_option("--max-nodes", args->max_nodes,
                                      "Suite: Tiefen mit mehr erwarteten Knoten überspringen / suite: skip depths "
                                      "expecting more nodes");
    auto* verbose = sub->add_flag("-v,--verbose", args->verbose,
                                  "Suite: eine Zeile je Stellung / suite: one line per position");
    depth->type_name("0..20");
    suite->type_name("FILE");
    max_nodes->type_name("N");
    fen->type_name("FEN");
    suite->excludes(depth)->excludes(fen)->excludes(divide)->excludes(relax);
    max_nodes->needs(suite);
    verbose->needs(suite);
    sub->footer(
        "Beispiele / examples:\n"
        "  schach perft 5\n"
        "  schach perft 3 --divide --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\"\n"
        "  schach perft --suite tricky.perft --max-nodes 1000000\n"
        "Suiten / suites: EPD ('FEN ;D1 n ;D2 n ;id \"name\"') oder / or .perft ('id NAME', 'epd FEN', 'perft D n').\n"
        "Ausgabe / output: letzte Zeile 'Nodes searched: N' bzw. / or 'N passed, M failed'; Zeit / time: stderr.\n"
        "Exit: 0 ok, 1 Suite mit Fehlern / suite with failures, 2 ungültige Eingabe / bad input.");

    Command command;
    command.app = sub;
    command.run = [args, sub] {
        args->max_nodes_given = sub->count("--max-nodes") > 0;
        args->fen_given = sub->count("--fen") > 0;
        if (sub->count("--suite") > 0) return run_suite(*args);
        if (sub->count("DEPTH") == 0) {
            print_error("Tiefe oder --suite angeben / give a DEPTH or --suite (schach perft --help)");
            return ExitUsage;
        }
        return run_single(*args);
    };
    command.on_negative_number = [](const std::string& text) {
        (void)parse_depth(text);  // prints the range message
        return ExitUsage;
    };
    return command;
}

}  // namespace schach::cli
