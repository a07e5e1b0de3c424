#include "engine/bench.hpp"

#include <chrono>

#include "core/fen.hpp"
#include "engine/engine.hpp"

namespace schach::engine {

const std::vector<BenchPosition>& bench_positions() {
    static const std::vector<BenchPosition> positions = {
        // Openings and early middlegames.
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
        {"rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3"},
        {"r1bq1rk1/pp2b1pp/n1pp1n2/3P1p2/2P1p3/2N1P2N/PP2BPPP/R1BQK2R w KQ - 0 10"},
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
        {"r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14"},
        // Sharp and tactical middlegames.
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
        {"4rrk1/2p1b1p1/p1p3q1/4p3/2P2n1p/1P1NR2P/PB3PP1/3R1QK1 b - - 2 24"},
        {"r3qbrk/6p1/2b2pPp/p3pP1Q/PpPpP2P/3P1B2/2PB3K/R5R1 w - - 16 42"},
        {"6k1/1R3p2/6p1/2Bp3p/3P2q1/P7/1P2rQ1K/5R2 b - - 4 44"},
        {"7r/2p3k1/1p1p1qp1/1P1Bp3/p1P2r1P/P7/4R3/Q4RK1 w - - 0 36"},
        {"3r3k/2r4p/1p1b3q/p4P2/P2Pp3/1B2P3/3BQ1RP/6K1 w - - 3 87"},
        {"2r4r/1p4k1/1Pnp4/3Qb1pq/8/4BpPp/5P2/2RR1BK1 w - - 0 42"},
        {"4q1bk/6b1/7p/p1p4p/PNPpP2P/KN4P1/3Q4/4R3 b - - 0 37"},
        {"2q3r1/1r2pk2/pp3pp1/2pP3p/P1Pb1BbP/1P4Q1/R3NPP1/4R1K1 w - - 2 34"},
        {"1r2r2k/1b4q1/pp5p/2pPp1p1/P3Pn2/1P1B1Q1P/2R3P1/4BR1K b - - 1 37"},
        {"r3kbbr/pp1n1p1P/3ppnp1/q5N1/1P1pP3/P1N1B3/2P1QP2/R3KB1R b KQq b3 0 17"},
        {"1r4k1/4ppb1/2n1b1qp/pB4p1/1n1BP1P1/7P/2PNQPK1/3RN3 w - - 8 29"},
        {"3r4/ppq1ppkp/4bnp1/2pN4/2P1P3/1P4P1/PQ3PBP/R4K2 b - - 2 20"},
        {"5rr1/4n2k/4q2P/P1P2n2/3B1p2/4pP2/2N1P3/1RR1K2Q w - - 1 49"},
        {"1r5k/2pq2p1/3p3p/p1pP4/4QP2/PP1R3P/6PK/8 w - - 1 51"},
        // Endgames.
        {"8/8/1p2k1p1/3p3p/1p1P1P1P/1P2PK2/8/8 w - - 3 54"},
        {"8/6pk/2b1Rp2/3r4/1R1B2PP/P5K1/8/2r5 b - - 16 42"},
        {"8/p2B4/PkP5/4p1pK/4Pb1p/5P2/8/8 w - - 29 68"},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"},
        {"1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"},
        {"8/5k2/8/2R5/5K2/8/8/3r4 w - - 0 1"},
        {"8/pk6/8/8/8/8/6KP/8 w - - 0 1"},
        {"8/8/8/8/1K6/8/1p5Q/1k6 w - - 0 1"},
        {"8/8/8/8/4k3/8/8/2BNK3 w - - 0 1"},
        // Mates and promotions.
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"},
        {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10"},
        {"8/8/8/8/3k4/8/8/1Q2K3 w - - 0 1"},
        {"8/1P6/8/8/8/8/6k1/K7 w - - 0 1"},
        {"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"},
        // Chess960.
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
        {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    };
    return positions;
}

BenchResult run_bench(int depth) {
    BenchResult result;
    Engine engine;
    EngineOptions options;
    options.threads = 1;
    options.hash_mb = 16;
    const auto start = std::chrono::steady_clock::now();
    for (const BenchPosition& p : bench_positions()) {
        ValidateOptions validate;
        validate.variant = p.chess960 ? Variant::Chess960 : Variant::Standard;
        auto pos = position_from_fen(p.fen, validate);
        if (!pos) continue;  // the list is checked by a test; a bad entry is skipped, never a crash
        options.chess960 = p.chess960;
        engine.set_options(options);
        engine.new_game();
        if (!engine.set_position(*pos, {})) continue;
        SearchLimits limits;
        limits.depth = depth;
        const Engine::Result r = engine.search(limits);
        result.nodes += r.last.nodes;
        ++result.positions;
    }
    result.time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace schach::engine
