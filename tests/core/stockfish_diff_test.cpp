// Differential perft against Stockfish (Debian package, /usr/games/stockfish; SCHACH_STOCKFISH
// overrides the path). One engine process per test program, driven over pipes. Positions come
// from random games with fixed seeds; each is compared move by move (perft divide), so a failure
// names the root move whose subtree differs. A missing Stockfish is a failure: CI installs it.
//
// Default run: a few hundred classical positions and every Chess960 start after a few random
// plies, depth 3. The StockfishDiffLong tests: many thousands of positions, depth 4.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "support/test_data.hpp"
#include "support/test_moves.hpp"

namespace schach {
namespace {

// --- A UCI engine on the other end of two pipes ---

class UciProcess {
public:
    /// Starts `path`; nullptr when it cannot be executed.
    static std::unique_ptr<UciProcess> start(const std::string& path) {
        if (access(path.c_str(), X_OK) != 0) return nullptr;
        int to_child[2], from_child[2];
        if (pipe2(to_child, O_CLOEXEC) != 0) return nullptr;
        if (pipe2(from_child, O_CLOEXEC) != 0) {
            close(to_child[0]);
            close(to_child[1]);
            return nullptr;
        }
        const pid_t pid = fork();
        if (pid == 0) {
            dup2(to_child[0], STDIN_FILENO);
            dup2(from_child[1], STDOUT_FILENO);
            execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        if (pid < 0) {
            close(to_child[1]);
            close(from_child[0]);
            return nullptr;
        }
        return std::unique_ptr<UciProcess>(new UciProcess(pid, to_child[1], from_child[0]));
    }

    UciProcess(const UciProcess&) = delete;
    UciProcess& operator=(const UciProcess&) = delete;
    ~UciProcess() {
        send("quit");
        close(to_child_);
        close(from_child_);
        int status = 0;
        waitpid(pid_, &status, 0);
    }

    bool send(std::string_view line) {
        std::string text(line);
        text += '\n';
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = write(to_child_, text.data() + done, text.size() - done);
            if (n <= 0) return false;
            done += static_cast<std::size_t>(n);
        }
        return true;
    }

    /// The next output line, or nothing on end of output or after `timeout` without one.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (true) {
            if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return line;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return std::nullopt;
            pollfd fd{from_child_, POLLIN, 0};
            if (poll(&fd, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
            char chunk[4096];
            const ssize_t n = read(from_child_, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    /// Reads until a line starting with `prefix`; returns it, or nothing.
    std::optional<std::string> read_until(std::string_view prefix) {
        while (auto line = read_line())
            if (line->starts_with(prefix)) return line;
        return std::nullopt;
    }

private:
    UciProcess(pid_t pid, int to_child, int from_child) : pid_(pid), to_child_(to_child), from_child_(from_child) {}
    pid_t pid_;
    int to_child_, from_child_;
    std::string buffer_;
};

struct Divide {
    std::map<std::string, std::uint64_t> moves;  // UCI move -> leaf count below it
    std::uint64_t total = 0;
};

/// Stockfish in UCI mode, answering `go perft`.
class Stockfish {
public:
    static std::string path() {
        const char* env = std::getenv("SCHACH_STOCKFISH");
        return env && *env ? env : "/usr/games/stockfish";
    }

    /// The engine, started once per test program; nullptr (with `error` set) when unavailable.
    static Stockfish* instance(std::string& error) {
        static std::string start_error;
        static std::unique_ptr<Stockfish> engine = [] {
            signal(SIGPIPE, SIG_IGN);  // a dying engine must not kill the test program
            auto process = UciProcess::start(path());
            if (!process) {
                start_error = "cannot execute " + path();
                return std::unique_ptr<Stockfish>();
            }
            process->send("uci");
            if (!process->read_until("uciok")) {
                start_error = path() + " did not answer 'uci' with 'uciok'";
                return std::unique_ptr<Stockfish>();
            }
            return std::unique_ptr<Stockfish>(new Stockfish(std::move(process)));
        }();
        error = start_error;
        return engine.get();
    }

    /// `go perft depth` on `fen`; nothing if the engine stops answering.
    std::optional<Divide> perft(const std::string& fen, int depth, bool chess960) {
        if (chess960 != chess960_) {
            process_->send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"));
            chess960_ = chess960;
        }
        process_->send("position fen " + fen);
        process_->send("go perft " + std::to_string(depth));
        Divide result;
        while (auto line = process_->read_line()) {
            if (line->starts_with("Nodes searched:")) {
                result.total = test::parse_u64(test::trim(std::string_view(*line).substr(15)));
                return result;
            }
            const auto colon = line->find(": ");
            if (colon != std::string::npos && test::looks_like_uci(std::string_view(*line).substr(0, colon)))
                result.moves[line->substr(0, colon)] = test::parse_u64(std::string_view(*line).substr(colon + 2));
        }
        return std::nullopt;
    }

private:
    explicit Stockfish(std::unique_ptr<UciProcess> process) : process_(std::move(process)) {}
    std::unique_ptr<UciProcess> process_;
    bool chess960_ = false;
};

/// The engine, or nullptr after failing the test with what to do about it.
Stockfish* require_stockfish() {
    std::string error;
    Stockfish* engine = Stockfish::instance(error);
    if (!engine)
        ADD_FAILURE() << "Stockfish is required for the differential tests but is unavailable: " << error
                      << ". Install it with scripts/install-deps.sh (Debian package 'stockfish') or set "
                         "SCHACH_STOCKFISH to an engine binary.";
    return engine;
}

// --- Comparing one position ---

struct DiffPosition {
    Position pos;
    std::string origin;  // how it was reached, for the message
};

Divide our_divide(Position pos, int depth, bool chess960) {
    Divide d;
    for (const auto& [m, nodes] : perft_divide(pos, depth)) {
        d.moves[to_uci(m, chess960)] = nodes;
        d.total += nodes;
    }
    return d;
}

/// Compares our divide with Stockfish's; returns a description of the differences, empty if none.
std::string compare(const Divide& ours, const Divide& theirs) {
    std::ostringstream out;
    for (const auto& [move, nodes] : ours.moves) {
        const auto it = theirs.moves.find(move);
        if (it == theirs.moves.end()) out << "  " << move << ": ours " << nodes << ", Stockfish has no such move\n";
        else if (it->second != nodes) out << "  " << move << ": ours " << nodes << ", Stockfish " << it->second << "\n";
    }
    for (const auto& [move, nodes] : theirs.moves)
        if (!ours.moves.contains(move)) out << "  " << move << ": Stockfish " << nodes << ", we do not generate it\n";
    if (ours.total != theirs.total) out << "  total: ours " << ours.total << ", Stockfish " << theirs.total << "\n";
    return out.str();
}

/// Runs every position; fails with FEN, depth and the differing root moves, at most 20 positions.
void run_diff(const std::vector<DiffPosition>& positions, int depth) {
    Stockfish* engine = require_stockfish();
    if (!engine) return;
    int failures = 0;
    std::uint64_t nodes = 0;
    for (const DiffPosition& p : positions) {
        const bool chess960 = p.pos.is_chess960();
        const std::string fen = to_fen(p.pos, chess960 ? FenFormat::Shredder : FenFormat::XFen);
        const auto theirs = engine->perft(fen, depth, chess960);
        ASSERT_TRUE(theirs) << "Stockfish stopped answering at " << fen;
        std::uint64_t listed = 0;
        for (const auto& [move, count] : theirs->moves) listed += count;
        ASSERT_EQ(listed, theirs->total) << "unreadable Stockfish output for " << fen;
        const Divide ours = our_divide(p.pos, depth, chess960);
        nodes += ours.total;
        const std::string diff = compare(ours, *theirs);
        if (diff.empty()) continue;
        ADD_FAILURE() << p.origin << "\n  position fen " << fen << "\n  go perft " << depth
                      << (chess960 ? " (UCI_Chess960 true)" : "") << "\n"
                      << diff;
        if (++failures >= 20) break;
    }
    testing::Test::RecordProperty("positions", static_cast<int>(positions.size()));
    testing::Test::RecordProperty("nodes", std::to_string(nodes));
    EXPECT_GT(nodes, positions.size());
}

// --- Positions ---

/// `per_game` positions from each of `games` random games from `start`, at random plies.
std::vector<DiffPosition> from_random_games(const Position& start, const std::string& name, std::uint64_t seed,
                                            int games, int per_game, int max_plies) {
    std::vector<DiffPosition> out;
    for (int g = 0; g < games; ++g) {
        test::Rng rng(seed * 7919 + static_cast<std::uint64_t>(g));
        const std::vector<Position> game = test::random_game(start, rng, max_plies);
        for (int i = 0; i < per_game; ++i) {
            const std::size_t ply = rng.below(game.size());
            out.push_back({game[ply], name + ", seed " + std::to_string(seed) + " game " + std::to_string(g) +
                                          ", ply " + std::to_string(ply)});
        }
    }
    return out;
}

std::vector<DiffPosition> classical_positions(int games, int per_game) {
    return from_random_games(Position(), "classical start", 1, games, per_game, 200);
}

/// Every Chess960 start, `per_start` positions a few random plies (0..max_plies) into a game.
std::vector<DiffPosition> chess960_positions(int per_start, int max_plies) {
    std::vector<DiffPosition> out;
    for (int n = 0; n < Chess960Count; ++n) {
        const Position start = *chess960_position(n);
        test::Rng rng(960000 + static_cast<std::uint64_t>(n));
        for (int i = 0; i < per_start; ++i) {
            const int plies = static_cast<int>(rng.below(static_cast<std::size_t>(max_plies) + 1));
            const std::vector<Position> game = test::random_game(start, rng, plies);
            out.push_back({game.back(), "Chess960 SP " + std::to_string(n) + " after " +
                                            std::to_string(game.size() - 1) + " random plies"});
        }
    }
    return out;
}

std::vector<DiffPosition> double_chess960_positions(int count, int max_plies) {
    std::vector<DiffPosition> out;
    test::Rng pick(9602);
    for (int i = 0; i < count; ++i) {
        const int white = static_cast<int>(pick.below(960)), black = static_cast<int>(pick.below(960));
        const auto start = double_chess960_position(white, black);
        if (!start) continue;
        const int plies = static_cast<int>(pick.below(static_cast<std::size_t>(max_plies) + 1));
        const std::vector<Position> game = test::random_game(*start, pick, plies);
        out.push_back({game.back(), "Double Chess960 " + std::to_string(white) + "/" + std::to_string(black) +
                                        " after " + std::to_string(game.size() - 1) + " random plies"});
    }
    return out;
}

/// The special perft positions of the suites, as further seeds for random games.
std::vector<DiffPosition> suite_positions(int per_game) {
    std::vector<DiffPosition> out;
    std::uint64_t seed = 77;
    for (const char* file : {"perft/cpw_perft_results.epd", "perft/special_cases_sedlak_and_more.epd"}) {
        for (const test::PerftCase& c : test::read_perft_file(test::data_file(file))) {
            const auto pos = position_from_fen(c.fen);
            if (!pos) continue;
            for (DiffPosition& p : from_random_games(*pos, c.where(), ++seed, 2, per_game, 40)) out.push_back(p);
        }
    }
    return out;
}

// --- Tests ---

TEST(StockfishDiff, EngineIsInstalledAndAnswers) {
    Stockfish* engine = require_stockfish();
    if (!engine) return;
    const auto start = engine->perft(std::string(StartFen), 3, false);
    ASSERT_TRUE(start);
    EXPECT_EQ(start->total, 8902u);
    EXPECT_EQ(start->moves.size(), 20u);
    // Chess960 mode: castling is written king-takes-rook.
    const auto c960 = engine->perft("4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", 1, true);
    ASSERT_TRUE(c960);
    EXPECT_TRUE(c960->moves.contains("e1h1") && c960->moves.contains("e1a1"));
    const auto classical = engine->perft("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 1, false);
    ASSERT_TRUE(classical);
    EXPECT_TRUE(classical->moves.contains("e1g1") && classical->moves.contains("e1c1"));
}

TEST(StockfishDiff, ClassicalRandomGames) { run_diff(classical_positions(40, 10), 3); }

TEST(StockfishDiff, AllChess960StartsAfterRandomPlies) { run_diff(chess960_positions(1, 12), 3); }

TEST(StockfishDiff, DoubleChess960) { run_diff(double_chess960_positions(100, 12), 3); }

TEST(StockfishDiff, GamesFromTheSpecialPerftPositions) { run_diff(suite_positions(4), 3); }

TEST(StockfishDiffLong, ClassicalRandomGamesLong) { run_diff(classical_positions(250, 12), 4); }

TEST(StockfishDiffLong, AllChess960StartsAfterRandomPliesLong) { run_diff(chess960_positions(4, 40), 4); }

TEST(StockfishDiffLong, DoubleChess960Long) { run_diff(double_chess960_positions(1000, 40), 4); }

TEST(StockfishDiffLong, GamesFromTheSpecialPerftPositionsLong) { run_diff(suite_positions(40), 4); }

}  // namespace
}  // namespace schach
