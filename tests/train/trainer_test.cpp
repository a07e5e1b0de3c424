#include "train/trainer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/nnue.hpp"
#include "notation/notation.hpp"
#include "train/datagen.hpp"

namespace schach::train {
namespace {

/// A few self-play games at a tiny node count: a small real dataset.
Dataset small_dataset(int games) {
    DatagenOptions o;
    o.soft_nodes = 200;
    o.hard_nodes = 1600;
    o.hash_mb = 1;
    o.max_plies = 100;
    Dataset d;
    for (std::uint64_t n = 0; d.size() < 200 || n < static_cast<std::uint64_t>(games); ++n)
        if (auto g = play_datagen_game(o, n)) d.add_game(*g);
    return d;
}

// --mirror: a position without castling rights is learnt twice, the second time with files a
// and h swapped; one with a right (the mirror would be no chess position) once.
TEST(Dataset, MirrorAddsEachPositionWithoutCastlingRightsSwappedLeftToRight) {
    PackedGame game;
    game.start = *position_from_fen("4k3/8/8/8/8/8/1P6/R3K3 w Q - 0 1");
    game.result = GameResult::WhiteWins;
    const Move first = *parse_san(game.start, "Ra2");  // the rook leaves: no right any more
    Position after = game.start;
    after.do_move(first);
    const Move second = *parse_san(after, "Kd7");
    game.plies = {{first, 120}, {second, -110}};
    Dataset plain, mirrored;
    mirrored.mirror_files(true);
    plain.add_game(game);
    mirrored.add_game(game);
    ASSERT_EQ(plain.size(), 2u);
    ASSERT_EQ(mirrored.size(), 3u);  // the first position keeps its right: not mirrored
    const auto index = [](Piece p, std::string_view sq) {
        return static_cast<std::uint16_t>(engine::nnue::feature_index(Color::White, p, parse_square(sq)));
    };
    const auto has = [](std::span<const std::uint16_t> inputs, std::uint16_t i) {
        return std::find(inputs.begin(), inputs.end(), i) != inputs.end();
    };
    // The second position (after Ra2, Black to move) and its mirror.
    const auto asPlayed = mirrored.inputs(1), mirror = mirrored.inputs(2);
    EXPECT_TRUE(has(asPlayed, index(Piece::WhiteRook, "a2")));
    EXPECT_TRUE(has(asPlayed, index(Piece::WhitePawn, "b2")));
    EXPECT_TRUE(has(asPlayed, index(Piece::BlackKing, "e8")));
    EXPECT_TRUE(has(mirror, index(Piece::WhiteRook, "h2")));
    EXPECT_TRUE(has(mirror, index(Piece::WhitePawn, "g2")));
    EXPECT_TRUE(has(mirror, index(Piece::WhiteKing, "d1")));
    EXPECT_TRUE(has(mirror, index(Piece::BlackKing, "d8")));
    EXPECT_EQ(mirror.size(), asPlayed.size());
    EXPECT_EQ(mirrored.score(2), -110);
    EXPECT_EQ(mirrored.side_to_move(2), Color::Black);
    EXPECT_EQ(mirrored.result(2), 1.0f);
}

/// A tiny run: 16 wide, 30 epochs of batches of 64, with `buckets` output buckets.
/// Games of random legal moves from the start, each position scored by its material (side to
/// move's view): data that does not depend on how the engine of the day plays.
Dataset random_dataset(int games, int plies) {
    static constexpr int Value[] = {100, 300, 300, 500, 900, 0};  // pawn .. king
    const auto material = [](const Position& pos) {
        int white = 0;
        for (PieceType t : PieceTypes)
            white += Value[idx(t)] * (popcount(pos.pieces(Color::White, t)) - popcount(pos.pieces(Color::Black, t)));
        return white;
    };
    std::mt19937 rng(24);
    Dataset d;
    for (int g = 0; g < games; ++g) {
        PackedGame game;
        game.start = *position_from_fen(StartFen);
        Position pos = game.start;
        for (int p = 0; p < plies; ++p) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            const Move m = moves[rng() % moves.size()];
            const int white = material(pos);
            game.plies.push_back({m, static_cast<std::int16_t>(pos.side_to_move() == Color::White ? white : -white)});
            pos.do_move(m);
        }
        const int final_material = material(pos);
        game.result = final_material > 0   ? GameResult::WhiteWins
                      : final_material < 0 ? GameResult::BlackWins
                                           : GameResult::Draw;
        d.add_game(game);
    }
    return d;
}

TrainOptions tiny_run(int buckets) {
    TrainOptions o;
    o.hidden = 16;
    o.output_buckets = buckets;
    o.epochs = 30;
    o.batch = 64;
    o.learning_rate = 0.01f;
    return o;
}

TEST(Trainer, ATinyRunLowersTheLoss) {
    const Dataset data = small_dataset(4);
    const TrainOptions o = tiny_run(1);
    const FloatNetwork start = FloatNetwork::random(o.hidden, o.seed);
    const double before = mean_loss(start, data, o);
    const auto result = train(data, nullptr, o, nullptr);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->epochs_done, 30);
    const double after = mean_loss(result->net, data, o);
    EXPECT_LT(after, 0.7 * before) << before << " -> " << after;
    EXPECT_LT(result->reports.back().loss, result->reports.front().loss);
}

// King mirroring: the run converges as well, and the quantised net carries the flag.
TEST(Trainer, ATinyRunWithKingMirroringLowersTheLoss) {
    const Dataset data = small_dataset(4);
    TrainOptions o = tiny_run(1);
    o.king_mirror = true;
    const FloatNetwork start = FloatNetwork::random(o.hidden, o.seed, 1, true);
    const double before = mean_loss(start, data, o);
    const auto result = train(data, nullptr, o, nullptr);
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->net.king_mirror);
    EXPECT_LT(mean_loss(result->net, data, o), 0.7 * before);
    const std::vector<std::uint8_t> bytes = quantise(result->net);
    EXPECT_TRUE(std::equal(engine::nnue::NetMagicV3.begin(), engine::nnue::NetMagicV3.end(), bytes.begin()));
}

// Output buckets: each range of men learns its own output layer, and the run still converges.
TEST(Trainer, ATinyRunWithOutputBucketsLowersTheLossAndMovesEachBucketItsOwnWay) {
    // Random games of 40 plies: the first buckets' ranges of men (2-5, 6-9) are never reached,
    // whatever the engine plays (self-play games of one net reached 2-5 men in 100 plies).
    const Dataset data = random_dataset(12, 40);
    std::array<int, 8> in_bucket{};
    for (std::size_t i = 0; i < data.size(); ++i)
        ++in_bucket[static_cast<std::size_t>(engine::nnue::output_bucket(static_cast<int>(data.inputs(i).size()), 8))];
    ASSERT_EQ(in_bucket[0], 0);
    ASSERT_GT(in_bucket[6], 0);
    ASSERT_GT(in_bucket[7], 0);
    const TrainOptions o = tiny_run(8);
    const FloatNetwork start = FloatNetwork::random(o.hidden, o.seed, o.output_buckets);
    ASSERT_EQ(start.w2.size(), 8u * 2 * 16);
    ASSERT_EQ(start.b2.size(), 8u);
    const double before = mean_loss(start, data, o);
    const auto result = train(data, nullptr, o, nullptr);
    ASSERT_TRUE(result);
    EXPECT_LT(mean_loss(result->net, data, o), 0.7 * before);
    // The opening's bucket (30-32 men) and one of the middlegame's saw different positions.
    const auto bucket = [&](int b) {
        return std::vector<float>(result->net.w2.begin() + b * 32, result->net.w2.begin() + (b + 1) * 32);
    };
    EXPECT_NE(bucket(7), bucket(6));
    // A bucket without positions (2-5 men) only decays.
    const auto moved = [&](int b) {
        float most = 0;
        for (int i = b * 32; i < (b + 1) * 32; ++i)
            most = std::max(
                most, std::abs(result->net.w2[static_cast<std::size_t>(i)] - start.w2[static_cast<std::size_t>(i)]));
        return most;
    };
    EXPECT_LT(moved(0), moved(7) / 10) << moved(0) << " " << moved(7);
}

TEST(Trainer, ACheckpointResumesWhereTheRunStopped) {
    const Dataset data = small_dataset(2);
    const auto path = std::filesystem::temp_directory_path() / "schach_trainer_test.ckpt";
    std::filesystem::remove(path);
    TrainOptions o;
    o.hidden = 8;
    o.batch = 32;
    o.checkpoint = path.string();
    o.lr_drop = 1.0f;  // the schedule depends on the epochs asked for; here they change
    o.epochs = 4;
    const auto whole = [&] {
        TrainOptions plain = o;
        plain.checkpoint.clear();
        return train(data, nullptr, plain, nullptr);
    }();
    ASSERT_TRUE(whole);
    o.epochs = 2;
    ASSERT_TRUE(train(data, nullptr, o, nullptr));
    o.epochs = 4;
    const auto resumed = train(data, nullptr, o, nullptr);
    ASSERT_TRUE(resumed);
    EXPECT_EQ(resumed->resumed_after, 2);
    // The same order of batches and the same optimiser state: the same weights.
    ASSERT_EQ(resumed->net.w2.size(), whole->net.w2.size());
    for (std::size_t i = 0; i < whole->net.w2.size(); ++i) EXPECT_FLOAT_EQ(resumed->net.w2[i], whole->net.w2[i]);
    TrainOptions other = o;
    other.hidden = 16;
    EXPECT_EQ(train(data, nullptr, other, nullptr).error(), CheckpointError::WrongShape);
    other = o;
    other.output_buckets = 4;
    EXPECT_EQ(train(data, nullptr, other, nullptr).error(), CheckpointError::WrongShape);
    other = o;
    other.king_mirror = true;
    EXPECT_EQ(train(data, nullptr, other, nullptr).error(), CheckpointError::WrongShape);
    // The second format (no king mirroring field) is still read, as a net without mirroring.
    {
        std::ifstream in(path, std::ios::binary);
        std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ASSERT_GT(bytes.size(), 24u);
        bytes[7] = '2';
        bytes.erase(bytes.begin() + 20, bytes.begin() + 24);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    const auto old = train(data, nullptr, o, nullptr);
    ASSERT_TRUE(old);
    EXPECT_EQ(old->resumed_after, 4);
    EXPECT_EQ(train(data, nullptr, other, nullptr).error(), CheckpointError::WrongShape);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace schach::train
