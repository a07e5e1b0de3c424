#include "train/trainer.hpp"

#include <gtest/gtest.h>

#include <filesystem>

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

TEST(Trainer, ATinyRunLowersTheLoss) {
    const Dataset data = small_dataset(4);
    TrainOptions o;
    o.hidden = 16;
    o.epochs = 30;
    o.batch = 64;
    o.learning_rate = 0.01f;
    const FloatNetwork start = FloatNetwork::random(o.hidden, o.seed);
    const double before = mean_loss(start, data, o);
    const auto result = train(data, nullptr, o, nullptr);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->epochs_done, 30);
    const double after = mean_loss(result->net, data, o);
    EXPECT_LT(after, 0.7 * before) << before << " -> " << after;
    EXPECT_LT(result->reports.back().loss, result->reports.front().loss);
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
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace schach::train
