// Differential test of SAN against chessops (npm, pinned in tools/oracle/package-lock.json): on
// positions from random games, classical and Chess960, our SAN of every legal move equals
// chessops' makeSan, our UCI equals its makeUci, and parse_san reads each of chessops' SAN back to
// the same move, leniently and strictly.
//
// The oracle is tools/oracle/san_oracle.mjs, run once per test with all positions as one batch
// through temporary files. scripts/install-deps.sh (make deps / make test) installs chessops; when
// node or the oracle is missing the test fails and says so instead of passing empty.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_run.hpp"
#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "notation/notation.hpp"
#include "support/test_moves.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

namespace fs = std::filesystem;

// --- Where the oracle is ---

/// The project root, as CMake knows it.
fs::path project_root() { return fs::path(SCHACH_SOURCE_DIR); }

fs::path oracle_dir() { return project_root() / "tools" / "oracle"; }

using test::shell_quote;

/// Empty when node and the oracle are there, else what is missing and how to install it.
std::string oracle_problem() {
    const std::string hint = " (run `bash scripts/install-deps.sh` or `make deps` in " + project_root().string() + ")";
    if (std::system("command -v node >/dev/null 2>&1") != 0) return "node is not installed" + hint;
    if (!fs::exists(oracle_dir() / "san_oracle.mjs")) return "missing " + (oracle_dir() / "san_oracle.mjs").string();
    if (!fs::exists(oracle_dir() / "node_modules" / "chessops" / "package.json"))
        return "chessops is not installed in " + (oracle_dir() / "node_modules").string() + hint;
    return {};
}

// --- Positions from random games ---

/// A random legal move; `biased` favours castling, promotions, pawn moves and captures so that
/// short games reach the notation's special cases more often. Move::none() when there is none.
Move pick_move(const Position& pos, test::Rng& rng, bool biased) {
    if (!biased) return test::random_move(pos, rng);
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) return Move::none();
    std::vector<std::size_t> weights;
    std::size_t total = 0;
    for (Move m : moves) {
        std::size_t w = 1;
        if (m.kind() == MoveKind::Castling) w = 12;
        else if (m.kind() == MoveKind::Promotion) w = 6;
        else if (type_of(pos.piece_on(m.from())) == PieceType::Pawn) w = 3;
        else if (pos.is_capture(m)) w = 2;
        weights.push_back(w);
        total += w;
    }
    std::size_t r = rng.below(total);
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (r < weights[i]) return moves[i];
        r -= weights[i];
    }
    return moves[moves.size() - 1];
}

Position start_of(int scharnagl) {
    auto p = chess960_position(scharnagl);
    if (!p)
        throw std::runtime_error("chess960_position(" + std::to_string(scharnagl) +
                                 "): " + describe(p.error(), Language::English));
    p->set_chess960(true);  // also the classical array (518), played as Chess960
    return *p;
}

int king_file(int scharnagl) {
    const auto rank = chess960_back_rank(scharnagl);
    for (int f = 0; f < 8; ++f)
        if (rank[static_cast<std::size_t>(f)] == PieceType::King) return f;
    return -1;
}

bool rook_beside_king(int scharnagl) {
    const auto rank = chess960_back_rank(scharnagl);
    const int k = king_file(scharnagl);
    return rank[static_cast<std::size_t>(k - 1)] == PieceType::Rook ||
           rank[static_cast<std::size_t>(k + 1)] == PieceType::Rook;
}

/// 40 Scharnagl numbers: kings on the b and g files, rooks right beside the king, the classical
/// array as Chess960, and a spread of others.
std::vector<int> chosen_starts() {
    std::vector<int> order;  // all 960, in a fixed scrambled order (37 is coprime to 960)
    for (int i = 0; i < Chess960Count; ++i) order.push_back((7 + 37 * i) % Chess960Count);
    std::vector<int> chosen{ClassicalScharnagl};
    auto take = [&](auto&& wanted, int count) {
        for (int n : order) {
            if (count == 0) return;
            if (std::find(chosen.begin(), chosen.end(), n) != chosen.end() || !wanted(n)) continue;
            chosen.push_back(n);
            --count;
        }
    };
    take([](int n) { return king_file(n) == 1; }, 8);
    take([](int n) { return king_file(n) == 6; }, 8);
    take([](int n) { return king_file(n) != 1 && king_file(n) != 6 && rook_beside_king(n); }, 8);
    take([](int) { return true; }, 40 - static_cast<int>(chosen.size()));
    return chosen;
}

struct Sample {
    Position pos;
    std::string fen;  // as sent to the oracle: Shredder-FEN for Chess960, FEN otherwise
};

std::string fen_for_oracle(const Position& pos) {
    return to_fen(pos, pos.is_chess960() ? FenFormat::Shredder : FenFormat::Fen);
}

/// One position per random game: `classical_games` from the start position and `games_per_start`
/// from each Chess960 start, each game 0..max_plies long (shorter when it ends). Duplicates dropped.
std::vector<Sample> random_game_positions(std::uint64_t seed, int classical_games, const std::vector<int>& starts,
                                          int games_per_start, int max_plies) {
    test::Rng rng(seed);
    std::vector<Sample> out;
    std::set<std::string> seen;
    auto play = [&](const Position& start, int game) {
        const int plies = static_cast<int>(rng.below(static_cast<std::size_t>(max_plies) + 1));
        const bool biased = game % 2 == 1;
        const Position pos =
            test::random_game(start, plies, [&](const Position& p) { return pick_move(p, rng, biased); }).back();
        std::string fen = fen_for_oracle(pos);
        if (seen.insert(fen).second) out.push_back({pos, std::move(fen)});
    };
    for (int g = 0; g < classical_games; ++g) play(Position(), g);
    for (int n : starts)
        for (int g = 0; g < games_per_start; ++g) play(start_of(n), g);
    return out;
}

/// A few hand-made positions for cases random games seldom reach.
std::vector<Sample> edge_positions() {
    const std::vector<std::pair<std::string, bool>> fens = {
        {"1k6/8/8/8/R6R/8/8/R3K2R w KQ - 0 1", false},   // file and rank disambiguation
        {"k7/8/8/2Q1Q3/8/2Q1Q3/8/K7 w - - 0 1", false},  // square disambiguation
        {"4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", false},  // a pinned knight needs no letter
        {"r1n1k3/1P6/8/8/8/8/8/4K3 w q - 0 1", false},   // promotions with capture
        {"k7/2P5/1K6/8/8/8/8/8 w - - 0 1", false},       // promotion with mate
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", false},    // back-rank mate
        {"8/8/8/3pP3/8/8/8/k3K3 w - d6 0 2", false},     // en passant
        {"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", true},    // king on b: O-O-O to c1
        {"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", true},  // king on g: O-O moves only the rook
        {"k7/8/8/8/8/8/8/5KR1 w G - 0 1", true},         // king's target is the rook's square
        {"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", true},  // classical array as Chess960
    };
    std::vector<Sample> out;
    for (const auto& [fen, chess960] : fens) {
        ValidateOptions o;
        o.variant = chess960 ? Variant::Chess960 : Variant::Standard;
        auto p = position_from_fen(fen, o);
        if (!p) throw std::runtime_error("bad edge FEN " + fen + ": " + describe(p.error(), Language::English));
        p->set_chess960(chess960);
        out.push_back({*p, fen_for_oracle(*p)});
    }
    return out;
}

// --- Running the oracle ---

struct OracleMove {
    std::string uci, san;
};
struct OracleResult {
    std::vector<OracleMove> moves;
    std::string error;  // chessops could not read the position
};

/// Sends all samples to the oracle at once; one result per sample, in order. Throws on a broken run.
std::vector<OracleResult> run_oracle(const std::vector<Sample>& samples) {
    static int counter = 0;
    const std::string stem = "schach_chessops_" + std::to_string(::getpid()) + "_" + std::to_string(++counter);
    const fs::path dir = fs::temp_directory_path();
    const fs::path in = dir / (stem + ".in"), out = dir / (stem + ".out"), err = dir / (stem + ".err");
    struct Cleanup {
        std::vector<fs::path> files;
        ~Cleanup() {
            std::error_code ec;
            for (const auto& f : files) fs::remove(f, ec);
        }
    } cleanup{{in, out, err}};
    {
        std::ofstream f(in);
        for (const Sample& s : samples) f << s.fen << '\t' << (s.pos.is_chess960() ? 1 : 0) << '\n';
        if (!f) throw std::runtime_error("cannot write " + in.string());
    }
    const std::string cmd = "node " + shell_quote((oracle_dir() / "san_oracle.mjs").string()) + " <" +
                            shell_quote(in.string()) + " >" + shell_quote(out.string()) + " 2>" +
                            shell_quote(err.string());
    const int status = std::system(cmd.c_str());
    if (status != 0) {
        std::ifstream e(err);
        std::stringstream text;
        text << e.rdbuf();
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        throw std::runtime_error("oracle failed (exit " + std::to_string(code) + "): " + cmd + "\n" + text.str());
    }
    std::ifstream f(out);
    if (!f) throw std::runtime_error("no oracle output in " + out.string());
    std::vector<OracleResult> results(samples.size());
    std::size_t i = 0;
    int line_no = 0;
    for (std::string line; std::getline(f, line);) {
        ++line_no;
        const std::string where = "oracle output line " + std::to_string(line_no) + ": ";
        if (i >= samples.size()) throw std::runtime_error(where + "more output than positions");
        std::vector<std::string> cols;
        for (std::size_t start = 0;;) {
            const auto tab = line.find('\t', start);
            cols.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        const std::string& fen = samples[i].fen;
        if (cols[0] == "END") {
            if (cols.size() != 2 || cols[1] != fen)
                throw std::runtime_error(where + "out of sync, expected END for " + fen);
            ++i;
        } else if (cols[0] == "ERROR") {
            if (cols.size() < 3 || cols[1] != fen)
                throw std::runtime_error(where + "out of sync at ERROR, expected " + fen);
            results[i].error = cols[2];
        } else {
            if (cols.size() != 3 || cols[0] != fen)
                throw std::runtime_error(where + "out of sync, expected moves of " + fen);
            results[i].moves.push_back({cols[1], cols[2]});
        }
    }
    if (i != samples.size())
        throw std::runtime_error("oracle answered " + std::to_string(i) + " of " + std::to_string(samples.size()) +
                                 " positions");
    return results;
}

// --- Comparing ---

struct Mismatch {
    std::string what, fen, move, ours, theirs;
};

struct Tally {
    std::size_t positions = 0, chess960 = 0, moves = 0, parses = 0;
    // What the compared moves covered (counted on the moves both sides list).
    std::size_t castlings = 0, promotions = 0, en_passants = 0, disambiguated = 0, checks = 0, mates = 0;
    std::vector<Mismatch> mismatches;
    std::map<std::string, std::size_t> by_kind;
    void add(Mismatch m) {
        ++by_kind[m.what];
        mismatches.push_back(std::move(m));
    }
};

std::string strip_check_marks(std::string san) {
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    return san;
}

void count_coverage(Move m, const std::string& san, Tally& tally) {
    if (m.kind() == MoveKind::Castling) ++tally.castlings;
    if (m.kind() == MoveKind::Promotion) ++tally.promotions;
    if (m.kind() == MoveKind::EnPassant) ++tally.en_passants;
    if (!san.empty() && san.back() == '+') ++tally.checks;
    if (!san.empty() && san.back() == '#') ++tally.mates;
    std::string body = strip_check_marks(san);
    std::erase(body, 'x');
    if (!body.empty() && std::string_view("NBRQK").find(body[0]) != std::string_view::npos && body.size() > 3)
        ++tally.disambiguated;
}

void compare(const Sample& s, const OracleResult& oracle, Tally& tally) {
    const Position& pos = s.pos;
    ++tally.positions;
    if (pos.is_chess960()) ++tally.chess960;
    if (!oracle.error.empty()) {
        tally.add({"chessops rejects the position", s.fen, "-", "-", oracle.error});
        return;
    }
    std::map<std::string, std::pair<Move, std::string>> ours;
    for (Move m : legal_moves(pos)) ours.emplace(to_uci(pos, m), std::make_pair(m, to_san(pos, m, Language::English)));
    std::map<std::string, std::string> theirs;
    for (const OracleMove& om : oracle.moves)
        if (!theirs.emplace(om.uci, om.san).second)
            tally.add({"chessops lists a move twice", s.fen, om.uci, "-", om.san});

    for (const auto& [uci, ours_entry] : ours)
        if (!theirs.contains(uci)) tally.add({"move only we generate", s.fen, uci, ours_entry.second, "-"});
    for (const auto& [uci, san] : theirs) {
        const auto it = ours.find(uci);
        if (it == ours.end()) {
            tally.add({"move only chessops generates", s.fen, uci, "-", san});
            continue;
        }
        const Move move = it->second.first;
        ++tally.moves;
        count_coverage(move, san, tally);
        if (it->second.second != san) tally.add({"SAN differs", s.fen, uci, it->second.second, san});
        const std::pair<ParseMode, std::string> reads[] = {
            {ParseMode::Lenient, san}, {ParseMode::Strict, san}, {ParseMode::Strict, strip_check_marks(san)}};
        for (const auto& [mode, text] : reads) {
            ++tally.parses;
            const auto back = parse_san(pos, text, mode);
            const std::string mode_name = mode == ParseMode::Strict ? "strict" : "lenient";
            if (!back)
                tally.add({"parse_san (" + mode_name + ") rejects chessops' SAN", s.fen, uci,
                           describe(back.error(), pos, Language::English), text});
            else if (*back != move)
                tally.add({"parse_san (" + mode_name + ") reads another move", s.fen, uci, to_uci(pos, *back), text});
        }
    }
}

void run_diff(const std::vector<Sample>& samples, std::size_t min_positions) {
    if (const std::string problem = oracle_problem(); !problem.empty())
        FAIL() << "chessops oracle unavailable: " << problem;
    ASSERT_GE(samples.size(), min_positions);

    const auto t0 = std::chrono::steady_clock::now();
    std::vector<OracleResult> results;
    try {
        results = run_oracle(samples);
    } catch (const std::exception& e) {
        FAIL() << e.what();
    }
    const auto t1 = std::chrono::steady_clock::now();
    Tally tally;
    for (std::size_t i = 0; i < samples.size(); ++i) compare(samples[i], results[i], tally);
    const auto t2 = std::chrono::steady_clock::now();

    using Seconds = std::chrono::duration<double>;
    std::cout << "[chessops] " << tally.positions << " positions (" << tally.chess960 << " Chess960), " << tally.moves
              << " moves compared, " << tally.parses << " SAN reads; oracle " << Seconds(t1 - t0).count() << " s, ours "
              << Seconds(t2 - t1).count() << " s, " << tally.mismatches.size() << " mismatches\n"
              << "[chessops] covered: " << tally.castlings << " castlings, " << tally.promotions << " promotions, "
              << tally.en_passants << " en passant, " << tally.disambiguated << " disambiguated, " << tally.checks
              << " checks, " << tally.mates << " mates\n";

    EXPECT_GT(tally.moves, 10 * min_positions);
    EXPECT_GT(tally.castlings, 0u);
    EXPECT_GT(tally.promotions, 0u);
    EXPECT_GT(tally.disambiguated, 0u);
    EXPECT_GT(tally.mates, 0u);
    if (!tally.mismatches.empty()) {
        constexpr std::size_t Shown = 40;
        std::ostringstream msg;
        msg << tally.mismatches.size() << " mismatches against chessops:";
        for (const auto& [kind, n] : tally.by_kind) msg << "\n  " << n << " x " << kind;
        msg << "\nFirst " << std::min(Shown, tally.mismatches.size()) << " (FEN | move | ours | chessops):";
        for (std::size_t i = 0; i < tally.mismatches.size() && i < Shown; ++i) {
            const Mismatch& m = tally.mismatches[i];
            msg << "\n  " << m.what << ": " << m.fen << " | " << m.move << " | " << m.ours << " | " << m.theirs;
        }
        ADD_FAILURE() << msg.str();
    }
}

TEST(ChessopsDiff, RandomGames) {
    std::vector<Sample> samples = random_game_positions(0x5C4AC4'2024ULL, 130, chosen_starts(), 7, 80);
    for (Sample& s : edge_positions()) samples.push_back(std::move(s));
    run_diff(samples, 350);
}

/// Every Chess960 start, many more and longer games: `make test-long`.
TEST(ChessopsDiff, RandomGamesLong) {
    std::vector<int> all;
    for (int n = 0; n < Chess960Count; ++n) all.push_back(n);
    run_diff(random_game_positions(0xC4E55'0960ULL, 5000, all, 36, 140), 35000);
}

}  // namespace
}  // namespace schach
