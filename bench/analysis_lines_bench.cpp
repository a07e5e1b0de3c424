// The analysis board's first engine line after a move (Google Benchmark): BM_FirstLines steps
// through a game's positions on a LineSearchPool as `schach serve` runs it (one worker, the
// default options, MultiPV 3), each new position cancelling the last one's search as the page
// does, and times from the request to its first report; "time/first-line". The goal is the
// page's: a line within 200 ms of a move (docs/review.md).

#include <benchmark/benchmark.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "notation/notation.hpp"
#include "server/domain/line_search.hpp"

namespace {

using namespace schach;

/// The Najdorf game of the page's measurement (web/test-browser/analysis-latency.mjs).
std::vector<Move> game_moves() {
    const char* sans[] = {"e4",   "c5",   "Nf3",  "d6",  "d4",  "cxd4",  "Nxd4", "Nf6", "Nc3",   "a6",
                          "Be3",  "e5",   "Nb3",  "Be6", "f3",  "Be7",   "Qd2",  "O-O", "O-O-O", "Nbd7",
                          "g4",   "b5",   "g5",   "b4",  "Ne2", "Ne8",   "f4",   "a5",  "f5",    "a4",
                          "Nbd4", "exd4", "Nxd4", "b3",  "Kb1", "bxc2+", "Nxc2", "Bb3", "axb3",  "axb3"};
    std::vector<Move> out;
    Position pos;
    for (const char* san : sans) {
        const auto m = parse_san(pos, san);
        if (!m) break;
        out.push_back(*m);
        pos.do_move(*m);
    }
    return out;
}

void BM_FirstLines(benchmark::State& state) {
    server::LineSearchOptions options;
    options.workers = 1;
    server::LineSearchPool pool(options);
    const std::vector<Move> moves = game_moves();
    std::mutex m;
    std::condition_variable cv;
    std::size_t ply = 0;
    server::LineSearchPool::Ticket ticket;
    bool first = false;  // the position asked last has reported
    for (auto _ : state) {
        ticket.cancel();  // a new position ends the last one's search, as the session does
        {
            std::lock_guard lock(m);
            first = false;
        }
        server::LineSearchRequest request;
        request.moves.assign(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(ply % (moves.size() + 1)));
        request.multipv = 3;
        request.on_update = [&](const server::LineUpdate&) {  // no report after cancel()
            std::lock_guard lock(m);
            first = true;
            cv.notify_all();
        };
        ++ply;
        auto t = pool.submit(std::move(request));
        if (!t) {
            state.SkipWithError("the pool refused the position");
            break;
        }
        ticket = std::move(*t);
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return first; });
    }
    ticket.cancel();
    state.counters["time/first-line"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_FirstLines)->Iterations(40)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
