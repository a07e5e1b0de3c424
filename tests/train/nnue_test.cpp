// The network's inference: incremental accumulators against a full refresh, the fast output
// against a plain reference, and the file format; on a random network, so that no built-in net
// is needed.

#include "engine/nnue.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/engine.hpp"
#include "engine/evaluate.hpp"
#include "train/datagen.hpp"
#include "train/trainer.hpp"

namespace schach::engine {
namespace {

std::unique_ptr<nnue::Network> random_network(std::uint64_t seed, int buckets = 1, bool king_mirror = false) {
    train::FloatNetwork f = train::FloatNetwork::random(nnue::HiddenSize, seed, buckets, king_mirror);
    // Larger biases and output weights than a fresh start, so that clamping matters; each bucket
    // its own.
    for (std::size_t i = 0; i < f.b1.size(); ++i) f.b1[i] = 0.25f * static_cast<float>(i % 7) - 0.5f;
    for (std::size_t i = 0; i < f.w2.size(); ++i) f.w2[i] = 1.9f * static_cast<float>(static_cast<int>(i % 11) - 5) / 5;
    for (std::size_t b = 0; b < f.b2.size(); ++b) f.b2[b] = 0.3f - 0.1f * static_cast<float>(b);
    const std::vector<std::uint8_t> bytes = train::quantise(f);
    auto net = nnue::read_network(bytes);
    EXPECT_TRUE(net);
    return net ? std::move(*net) : nullptr;
}

/// Writes `net` to a file of the temporary directory; its path.
std::filesystem::path write_net_file(const nnue::Network& net, const char* name) {
    const auto path = std::filesystem::temp_directory_path() / name;
    const auto bytes = nnue::write_network(net);
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path;
}

std::uint64_t next(std::uint64_t& s) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return s >> 33;
}

TEST(Nnue, FileRoundTripsAndRefusesBadBytes) {
    const auto net = random_network(1);
    ASSERT_TRUE(net);
    const std::vector<std::uint8_t> bytes = nnue::write_network(*net);
    auto back = nnue::read_network(bytes);
    ASSERT_TRUE(back);
    EXPECT_EQ((*back)->input_weights, net->input_weights);
    EXPECT_EQ((*back)->output_weights, net->output_weights);
    EXPECT_EQ((*back)->output_bias, net->output_bias);
    std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 10);
    EXPECT_EQ(nnue::read_network(cut).error(), nnue::NetError::Truncated);
    std::vector<std::uint8_t> other = bytes;
    other[8] = 128;  // hidden size 384
    EXPECT_EQ(nnue::read_network(other).error(), nnue::NetError::WrongHiddenSize);
    other = bytes;
    other[0] = 'X';
    EXPECT_EQ(nnue::read_network(other).error(), nnue::NetError::BadMagic);
    other = bytes;
    other[12] = 9;  // nine output buckets
    EXPECT_EQ(nnue::read_network(other).error(), nnue::NetError::BadOutputBuckets);
    other[12] = 0;
    EXPECT_EQ(nnue::read_network(other).error(), nnue::NetError::BadOutputBuckets);
    // A net without flags keeps the second format, which engines of before the flags read.
    EXPECT_TRUE(std::equal(nnue::NetMagic.begin(), nnue::NetMagic.end(), bytes.begin()));
}

TEST(Nnue, KingMirroringIsAFlagOfTheThirdFormat) {
    const auto net = random_network(6, 8, true);
    ASSERT_TRUE(net);
    const std::vector<std::uint8_t> bytes = nnue::write_network(*net);
    EXPECT_TRUE(std::equal(nnue::NetMagicV3.begin(), nnue::NetMagicV3.end(), bytes.begin()));
    auto back = nnue::read_network(bytes);
    ASSERT_TRUE(back);
    EXPECT_TRUE((*back)->king_mirror);
    EXPECT_EQ((*back)->output_buckets, 8);
    EXPECT_EQ((*back)->input_weights, net->input_weights);
    EXPECT_EQ((*back)->output_bias, net->output_bias);
    std::vector<std::uint8_t> other = bytes;
    other[16] |= 2;  // a flag this engine does not know
    EXPECT_EQ(nnue::read_network(other).error(), nnue::NetError::UnknownFlags);
    other = bytes;
    other.pop_back();
    EXPECT_EQ(nnue::read_network(other).error(), nnue::NetError::Truncated);
    other.resize(18);  // the magic, then a header cut short
    EXPECT_EQ(nnue::read_network(other).error(), nnue::NetError::Truncated);
}

TEST(Nnue, EightOutputBucketsRoundTripAndTheFirstFormatIsStillRead) {
    const auto net = random_network(3, 8);
    ASSERT_TRUE(net);
    EXPECT_EQ(net->output_buckets, 8);
    auto back = nnue::read_network(nnue::write_network(*net));
    ASSERT_TRUE(back);
    EXPECT_EQ((*back)->output_buckets, 8);
    EXPECT_EQ((*back)->output_weights, net->output_weights);
    EXPECT_EQ((*back)->output_bias, net->output_bias);
    // "SCHNNUE1" (net4's format): no bucket count, one output layer.
    const auto one = random_network(4);
    std::vector<std::uint8_t> v1 = nnue::write_network(*one);
    std::copy(nnue::NetMagicV1.begin(), nnue::NetMagicV1.end(), v1.begin());
    v1.erase(v1.begin() + 12, v1.begin() + 16);
    auto old = nnue::read_network(v1);
    ASSERT_TRUE(old);
    EXPECT_EQ((*old)->output_buckets, 1);
    EXPECT_EQ((*old)->output_weights, one->output_weights);
    EXPECT_EQ((*old)->output_bias, one->output_bias);
    EXPECT_EQ((*old)->input_weights, one->input_weights);
    v1.pop_back();
    EXPECT_EQ(nnue::read_network(v1).error(), nnue::NetError::Truncated);
}

TEST(Nnue, OutputBucketsSplitTwoToThirtyTwoMenEvenly) {
    EXPECT_EQ(nnue::output_bucket(32, 1), 0);
    EXPECT_EQ(nnue::output_bucket(2, 1), 0);
    EXPECT_EQ(nnue::output_bucket(2, 8), 0);
    EXPECT_EQ(nnue::output_bucket(5, 8), 0);
    EXPECT_EQ(nnue::output_bucket(6, 8), 1);
    EXPECT_EQ(nnue::output_bucket(17, 8), 3);
    EXPECT_EQ(nnue::output_bucket(18, 8), 4);
    EXPECT_EQ(nnue::output_bucket(29, 8), 6);
    EXPECT_EQ(nnue::output_bucket(30, 8), 7);
    EXPECT_EQ(nnue::output_bucket(32, 8), 7);
    for (int men = 2; men < 32; ++men) EXPECT_LE(nnue::output_bucket(men, 8), nnue::output_bucket(men + 1, 8));
}

TEST(Nnue, OutputEqualsThePlainReferenceOnFixedPositions) {
    for (const auto& [buckets, mirror] : {std::pair{1, false}, {8, false}, {1, true}, {8, true}}) {
        const auto net = random_network(2, buckets, mirror);
        ASSERT_EQ(net->king_mirror, mirror);
        // Kings on both halves for each side (king mirroring: each side's own).
        const char* fens[] = {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/8/8/3k4/8/8/8/4K2Q b - - 0 1",
            "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/2KR3R w - - 0 1",
            "6k1/5ppp/8/8/8/8/PPP5/1K6 b - - 0 1",
        };
        for (const char* fen : fens) {
            const auto pos = position_from_fen(fen);
            ASSERT_TRUE(pos);
            nnue::Accumulator acc;
            nnue::refresh(*net, *pos, acc);
            EXPECT_EQ(nnue::output(*net, acc, pos->side_to_move(), popcount(pos->pieces())),
                      nnue::reference_output(*net, *pos))
                << fen << " " << buckets << " " << mirror;
        }
    }
}

// King mirroring: a position and its mirror image left to right (no castling rights) are the
// same inputs, so the same evaluation; without it they generally differ.
TEST(Nnue, KingMirroringEvaluatesAPositionAndItsMirrorImageAlike) {
    const auto mirrored = random_network(5, 8, true);
    const auto plain = random_network(5, 8, false);
    const auto mirror_fen = [](const Position& pos) {
        std::string board;
        for (int rank = 7; rank >= 0; --rank) {
            int empty = 0;
            for (int file = 7; file >= 0; --file) {
                const Piece p = pos.piece_on(static_cast<Square>(rank * 8 + file));
                if (p == Piece::None) {
                    ++empty;
                    continue;
                }
                if (empty) board += static_cast<char>('0' + empty), empty = 0;
                board += to_char(p);
            }
            if (empty) board += static_cast<char>('0' + empty);
            if (rank) board += '/';
        }
        return board + (pos.side_to_move() == Color::White ? " w - - 0 1" : " b - - 0 1");
    };
    int differ = 0;
    for (const char* fen : {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "6k1/5ppp/8/8/8/8/PPP5/1K6 b - - 0 1",
                            "r4rk1/pp3ppp/2n5/3q4/3P4/2P5/P4PPP/R2Q1RK1 w - - 0 1", "8/8/8/3k4/8/8/8/4K2Q b - - 0 1"}) {
        const auto pos = position_from_fen(fen);
        ASSERT_TRUE(pos) << fen;
        const auto image = position_from_fen(mirror_fen(*pos));
        ASSERT_TRUE(image) << mirror_fen(*pos);
        EXPECT_EQ(nnue::reference_output(*mirrored, *pos), nnue::reference_output(*mirrored, *image)) << fen;
        if (nnue::reference_output(*plain, *pos) != nnue::reference_output(*plain, *image)) ++differ;
    }
    EXPECT_GE(differ, 3);
}

TEST(Nnue, QuantisedOutputFollowsTheFloatNetwork) {
    for (const auto& [buckets, mirror] : {std::pair{1, false}, {8, false}, {8, true}}) {
        // Output weights of a trained net's size (a fresh start's are below QB's resolution).
        train::FloatNetwork f = train::FloatNetwork::random(nnue::HiddenSize, 9, buckets, mirror);
        for (std::size_t i = 0; i < f.w2.size(); ++i) f.w2[i] = 1.5f * std::sin(static_cast<float>(i));
        for (std::size_t i = 0; i < f.b1.size(); ++i) f.b1[i] = 0.3f * std::cos(static_cast<float>(i));
        for (std::size_t b = 0; b < f.b2.size(); ++b) f.b2[b] = 0.1f * static_cast<float>(b + 1);
        auto net = nnue::read_network(train::quantise(f));
        ASSERT_TRUE(net);
        // A one-position dataset per FEN gives the float output through the trainer's own forward.
        // The trainer's views and the engine's inputs must mirror alike: kings on both halves.
        for (const char* fen : {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                                "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/6K1 b - - 0 1", "6k1/5ppp/8/8/8/8/PPP5/1K6 w - - 0 1"}) {
            const auto pos = position_from_fen(fen);
            ASSERT_TRUE(pos);
            train::PackedGame g;
            g.start = *pos;
            g.plies.push_back({legal_moves(*pos)[0], 0});
            train::Dataset d;
            d.add_game(g);
            const float cp = f.forward(d, 0) * nnue::Scale;
            nnue::Accumulator acc;
            nnue::refresh(**net, *pos, acc);
            const int engine = nnue::output(**net, acc, pos->side_to_move(), popcount(pos->pieces()));
            // Exactly the float network's arithmetic on the quantised weights (the trainer's own
            // forward on them, so its views and mirroring too), up to the integer rounding.
            train::FloatNetwork dequantised = f;
            const nnue::Network& q = **net;
            for (std::size_t i = 0; i < f.w1.size(); ++i) dequantised.w1[i] = q.input_weights[i] / float{nnue::QA};
            for (std::size_t i = 0; i < f.b1.size(); ++i) dequantised.b1[i] = q.input_bias[i] / float{nnue::QA};
            for (std::size_t i = 0; i < f.w2.size(); ++i) dequantised.w2[i] = q.output_weights[i] / float{nnue::QB};
            for (std::size_t i = 0; i < f.b2.size(); ++i)
                dequantised.b2[i] = static_cast<float>(q.output_bias[i]) / float{nnue::QA * nnue::QB};
            EXPECT_NEAR(engine, dequantised.forward(d, 0) * nnue::Scale, 2.0) << fen << " " << buckets << " " << mirror;
            // And near the float network itself, up to the weights' rounding.
            EXPECT_NEAR(engine, cp, 3.0 + 0.02 * std::abs(cp)) << fen << " " << buckets << " " << mirror;
        }
    }
}

TEST(Nnue, IncrementalAccumulatorsEqualARefreshOverRandomGames) {
    for (const bool mirror : {false, true}) {
        const auto net = random_network(3, 1, mirror);
        std::uint64_t seed = 42;
        int crossings = 0;  // king moves between the halves: with mirroring, a side summed anew
        for (int game = 0; game < 60; ++game) {
            Position pos;
            Evaluator eval;
            eval.set_network(net.get());
            eval.reset(pos);
            // A walk down and up again: moves, null moves, take-backs, as the search plays them.
            std::vector<std::pair<Move, Undo>> line;
            for (int step = 0; step < 300; ++step) {
                const bool down = line.empty() || next(seed) % 3 != 0;
                if (down) {
                    const MoveList moves = legal_moves(pos);
                    if (moves.empty()) {
                        const auto [m, u] = line.back();
                        line.pop_back();
                        pos.undo_move(m, u);
                        eval.pop();
                        continue;
                    }
                    Move m = moves[next(seed) % moves.size()];
                    if (!pos.in_check() && next(seed) % 10 == 0) m = Move::null();
                    if (nnue::delta_of(pos, m).king_crossed) ++crossings;
                    eval.push(pos, m);
                    line.emplace_back(m, pos.do_move(m));
                } else {
                    const auto [m, u] = line.back();
                    line.pop_back();
                    pos.undo_move(m, u);
                    eval.pop();
                }
                ASSERT_EQ(eval.depth(), static_cast<int>(line.size()));
                // Not every node is evaluated in a search: leave some gaps for the lazy updates.
                if (next(seed) % 3 == 0) continue;
                Evaluator fresh;
                fresh.set_network(net.get());
                fresh.reset(pos);
                ASSERT_EQ(eval.evaluate(pos), fresh.evaluate(pos)) << to_fen(pos, FenFormat::Fen) << " " << mirror;
            }
        }
        EXPECT_GE(crossings, 100) << mirror;
    }
}

TEST(Nnue, Chess960CastlingAndEnPassantUpdateTheInputsExactly) {
    for (const bool mirror : {false, true}) {
        const auto net = random_network(4, 1, mirror);
        const char* fens[] = {
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // castling both ways
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",      // en passant
            "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1",                                    // promotion
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",                               // castling
            // Chess960: O-O takes the king from d1 onto its rook's square g1 (across the halves),
            // O-O-O from d1 to c1 (not across); Black's O-O-O from e8 to c8 (across).
            "1r2k3/8/8/8/8/8/8/1R1K2R1 w GBb - 0 1", "1r2k1r1/8/8/8/8/8/8/1R1K2R1 b GBgb - 0 1",
            "2r1k3/8/8/8/8/8/8/3K4 w - - 0 1",  // a king step between the halves
        };
        int crossings = 0, castlings_across = 0;
        for (const char* fen : fens) {
            ValidateOptions chess960;
            chess960.variant = Variant::Chess960;
            auto pos = position_from_fen(fen, chess960);
            if (!pos) pos = position_from_fen(fen);
            ASSERT_TRUE(pos) << fen;
            for (Move m : legal_moves(*pos)) {
                nnue::Accumulator before, after, fresh;
                nnue::refresh(*net, *pos, before);
                const nnue::FeatureDelta d = nnue::delta_of(*pos, m);
                crossings += d.king_crossed;
                castlings_across += d.king_crossed && m.kind() == MoveKind::Castling;
                // As the Evaluator does: the mover's side summed anew when its king changed halves.
                for (Color persp : Colors) {
                    if (mirror && d.king_crossed && persp == pos->side_to_move())
                        nnue::refresh_after(*net, *pos, d, after, persp);
                    else nnue::apply(*net, before, d, after, persp);
                }
                Position p = *pos;
                p.do_move(m);
                nnue::refresh(*net, p, fresh);
                ASSERT_EQ(after.values, fresh.values) << fen << " " << to_uci(m, true) << " " << mirror;
                ASSERT_EQ(after.flipped, fresh.flipped) << fen << " " << to_uci(m, true) << " " << mirror;
            }
        }
        EXPECT_GE(crossings, 4);
        EXPECT_EQ(castlings_across, 3);  // e1c1 of the standard position and the two Chess960 ones
    }
}

TEST(Nnue, EngineSearchesWithANetworkFromAFile) {
    const auto path = write_net_file(*random_network(5), "schach_nnue_test.nnue");
    Engine eng;
    EngineOptions o = eng.options();
    o.eval_file = path.string();
    eng.set_options(o);
    ASSERT_FALSE(eng.network_error());
    ASSERT_NE(eng.network(), nullptr);
    SearchLimits limits;
    limits.nodes = 20000;
    const auto r = eng.search(limits);
    EXPECT_TRUE(Position{}.is_legal(r.best.move));
    o.eval_file = (std::filesystem::temp_directory_path() / "no_such_net.nnue").string();
    eng.set_options(o);
    EXPECT_EQ(eng.network_error(), nnue::NetError::CannotRead);
    o.use_nnue = false;
    eng.set_options(o);
    EXPECT_EQ(eng.network(), nullptr);
    std::filesystem::remove(path);
}

// Levels 1-7 evaluate by hand (their centipawn windows were measured with it): a level-3 search
// with a network reports what it reports without one; level 8's search differs.
TEST(Nnue, LevelsBelowEightSearchWithoutTheNetwork) {
    const auto path = write_net_file(*random_network(9), "schach_nnue_levels.nnue");
    const auto search = [&](int level, bool with_net) {
        Engine eng;
        EngineOptions o = eng.options();
        o.level = level;
        o.seed = 42;
        o.book_file = "";
        o.use_nnue = with_net;
        o.eval_file = with_net ? path.string() : "";
        eng.set_options(o);
        eng.new_game();
        SearchLimits limits;
        limits.nodes = 3000;
        const auto r = eng.search(limits);
        return std::pair{r.last.nodes, r.last.score.value};
    };
    EXPECT_EQ(search(3, true), search(3, false));
    EXPECT_NE(search(8, true), search(8, false));
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace schach::engine

namespace schach::train {
namespace {

// With the built-in network, 1,000 games; without one, 20 with a random network (whose wild
// scores make every search's first iteration long).
TEST(Nnue, FastSelfPlayGamesWithTheNetworkAreLegal) {
    const auto path = std::filesystem::temp_directory_path() / "schach_nnue_selfplay.nnue";
    const bool builtin = engine::nnue::embedded_network() != nullptr;
    if (!builtin) {
        const auto bytes = quantise(FloatNetwork::random(engine::nnue::HiddenSize, 77));
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    DatagenOptions o;
    o.soft_nodes = 16;
    o.hard_nodes = 128;
    o.hash_mb = 1;
    o.max_plies = builtin ? 120 : 40;
    o.max_start_score = 30000;
    if (!builtin) o.eval_file = path.string();
    const int wanted = builtin ? 1000 : 20;
    int games = 0;
    std::size_t plies = 0;
    SelfPlayer player(o);
    for (std::uint64_t n = 0; n < static_cast<std::uint64_t>(wanted); ++n) {
        const auto g = player.play(n);
        if (!g) continue;
        ++games;
        Position pos = g->start;
        for (const PackedPly& p : g->plies) {
            ASSERT_TRUE(pos.is_legal(p.move)) << "game " << n;
            pos.do_move(p.move);
        }
        plies += g->plies.size();
    }
    EXPECT_GE(games, wanted * 99 / 100);  // only a start the random moves ended is skipped
    EXPECT_GT(plies, static_cast<std::size_t>(wanted) * 10);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace schach::train
