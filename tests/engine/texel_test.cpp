#include "engine/texel.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "core/movegen.hpp"
#include "engine/evaluate.hpp"

namespace schach::engine::texel {
namespace {

constexpr const char* Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

TEST(TexelData, ReadsBracketedResults) {
    for (const auto& [suffix, score] : {std::pair{" [1.0]", 1.0}, {" [0.5]", 0.5}, {" [0.0]", 0.0}, {" [1]", 1.0}}) {
        const auto r = parse_line(std::string(Kiwipete) + suffix, 1);
        ASSERT_TRUE(r.has_value()) << suffix;
        ASSERT_TRUE(r->has_value());
        EXPECT_EQ((*r)->result, score);
        EXPECT_EQ((*r)->position.side_to_move(), Color::White);
    }
}

TEST(TexelData, ReadsEpdResults) {
    const std::string epd = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq -";
    for (const auto& [op, score] : {std::pair{" c9 \"1-0\";", 1.0},
                                    {" c9 \"1/2-1/2\";", 0.5},
                                    {" c9 \"0-1\";", 0.0},
                                    {" bm e4; c9 \"0-1\";", 0.0}}) {
        const auto r = parse_line(epd + op, 7);
        ASSERT_TRUE(r.has_value()) << op;
        ASSERT_TRUE(r->has_value());
        EXPECT_EQ((*r)->result, score);
        EXPECT_EQ((*r)->position.side_to_move(), Color::Black);
    }
}

TEST(TexelData, SkipsBlankAndCommentLines) {
    for (const char* line : {"", "   ", "# game 3 1.0", "\r"}) {
        const auto r = parse_line(line, 1);
        ASSERT_TRUE(r.has_value());
        EXPECT_FALSE(r->has_value());
    }
}

TEST(TexelData, TypedErrorsWithLineNumbers) {
    const auto missing = parse_line(Kiwipete, 4);
    ASSERT_FALSE(missing.has_value());
    EXPECT_EQ(missing.error().kind, DataError::Kind::MissingResult);
    EXPECT_EQ(missing.error().line, 4u);

    const auto bad = parse_line(std::string(Kiwipete) + " [0.7]", 5);
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().kind, DataError::Kind::BadResult);
    EXPECT_EQ(bad.error().text, "0.7");

    const auto bad_epd = parse_line("8/8/8/8/8/8/8/K6k w - - c9 \"2-0\";", 6);
    ASSERT_FALSE(bad_epd.has_value());
    EXPECT_EQ(bad_epd.error().kind, DataError::Kind::BadResult);

    const auto fen = parse_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 [1.0]", 9);
    ASSERT_FALSE(fen.has_value());
    EXPECT_EQ(fen.error().kind, DataError::Kind::BadFen);
    EXPECT_TRUE(fen.error().fen.is_syntax);

    for (const char* junk : {"[", "]", "[]", "x [", "c9", " c9 \"", "[1.0]", "\xff\xfe [0.5]"}) {
        const auto r = parse_line(junk, 1);  // never a crash
        EXPECT_FALSE(r.has_value() && r->has_value()) << junk;
    }
}

TEST(TexelData, ReadDatasetStopsAtTheFirstBadLine) {
    std::istringstream in(std::string(Kiwipete) + " [1.0]\n\n" + "# comment\n" + Kiwipete + " [0.5]\n" + Kiwipete +
                          " 1-0\n");
    Dataset data;
    const auto r = read_dataset(in, data);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().line, 5u);
    EXPECT_EQ(r.error().kind, DataError::Kind::MissingResult);
    EXPECT_EQ(data.size(), 2u);
}

TEST(TexelData, SkipsPositionsInCheck) {
    std::istringstream in("4k3/8/8/8/8/8/8/R3K2r w - - 0 1 [0.5]\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1 [1.0]\n");
    Dataset data;
    const auto r = read_dataset(in, data);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, 1u);
}

/// Positions from seeded random games: plenty of material imbalance.
std::vector<Position> random_positions(int count) {
    std::vector<Position> out;
    std::uint64_t seed = 12345;
    const auto next = [&] {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return seed >> 33;
    };
    while (static_cast<int>(out.size()) < count) {
        Position pos;
        for (int ply = 0; ply < 120; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            pos.do_move(moves[static_cast<std::size_t>(next() % moves.size())]);
            if (ply >= 20 && ply % 4 == 0) out.push_back(pos);
        }
    }
    return out;
}

constexpr int TrueMaterial[5] = {100, 300, 300, 500, 900};

/// A material-only data set whose results are the expected scores of sigmoid(k * true eval).
Dataset synthetic(double k) {
    Dataset data;
    for (const Position& pos : random_positions(3000)) {
        EvalTrace t;
        t.phase = 12;
        double eval = 0;
        for (int p = 0; p < 5; ++p) {
            const int c = popcount(pos.pieces(Color::White, static_cast<PieceType>(p))) -
                          popcount(pos.pieces(Color::Black, static_cast<PieceType>(p)));
            t.coef[static_cast<std::size_t>(param::Material + p)] = c;
            eval += c * TrueMaterial[p];
        }
        data.add(t, 1 / (1 + std::exp(-k * eval)));
    }
    return data;
}

RealWeights material_weights(int pawn) {
    Weights w{};
    for (int p = 0; p < 5; ++p) w[static_cast<std::size_t>(param::Material + p)] = {TrueMaterial[p], TrueMaterial[p]};
    w[param::Material] = {pawn, pawn};
    return to_real(w);
}

TEST(Texel, FindsK) {
    const Dataset data = synthetic(0.004);
    EXPECT_NEAR(find_k(data, material_weights(100)), 0.004, 0.0002);
    EXPECT_LT(mean_squared_error(data, material_weights(100), 0.004), 1e-9);
}

TEST(Texel, MovesAWrongPawnValueTowardsTheTruth) {
    const Dataset data = synthetic(0.004);
    TuneOptions options;
    options.epochs = 300;
    options.learning_rate = 2.0;
    options.frozen.assign(2 * param::Count, true);
    options.frozen[2 * param::Material] = options.frozen[2 * param::Material + 1] = false;
    const TuneResult r = tune(data, material_weights(50), options);
    EXPECT_LT(r.error_after, r.error_before);
    const double pawn = (r.weights[2 * param::Material] + r.weights[2 * param::Material + 1]) / 2;
    EXPECT_LT(std::abs(pawn - 100), 25) << pawn;
    EXPECT_EQ(r.weights[2 * (param::Material + 4)], 900);  // frozen
}

TEST(Texel, RecoversAllMaterialValues) {
    const Dataset data = synthetic(0.004);
    TuneOptions options;
    options.epochs = 600;
    options.learning_rate = 3.0;
    RealWeights start = to_real(Weights{});
    for (int p = 0; p < 5; ++p) start[2 * (param::Material + p)] = start[2 * (param::Material + p) + 1] = 200;
    const TuneResult r = tune(data, start, options);
    // K is fitted to the wrong start, so the values come out in proportion, not absolute.
    const double pawn = r.weights[2 * param::Material];
    for (int p = 1; p < 5; ++p)
        EXPECT_NEAR(r.weights[2 * (param::Material + p)] / pawn, TrueMaterial[p] / 100.0, 0.35) << p;
    EXPECT_LT(r.error_after, r.error_before / 10);
}

TEST(Texel, ResumesFromACheckpoint) {
    const Dataset data = synthetic(0.004);
    const std::filesystem::path ckpt = std::filesystem::temp_directory_path() / "schach_texel_test.ckpt";
    std::filesystem::remove(ckpt);
    TuneOptions options;
    options.epochs = 20;
    options.checkpoint = ckpt.string();
    const TuneResult first = tune(data, material_weights(50), options);
    EXPECT_EQ(first.resumed_from, 0);
    options.epochs = 40;
    const TuneResult resumed = tune(data, material_weights(50), options);
    EXPECT_EQ(resumed.resumed_from, 20);
    EXPECT_EQ(resumed.epochs, 40);
    TuneOptions straight;
    straight.epochs = 40;
    const TuneResult direct = tune(data, material_weights(50), straight);
    for (std::size_t i = 0; i < direct.weights.size(); ++i) EXPECT_NEAR(resumed.weights[i], direct.weights[i], 1e-6);
    std::filesystem::remove(ckpt);
}

TEST(Texel, TiedSquaresMoveTogether) {
    Dataset data;
    for (const Position& pos : random_positions(300)) data.add(pos, pos.side_to_move() == Color::White ? 0.6 : 0.4);
    TuneOptions options;
    options.epochs = 5;
    options.symmetric_pst = true;
    const RealWeights start = to_real(EvalWeights);
    const TuneResult r = tune(data, start, options);
    const auto at = [](int type, Square s) { return static_cast<std::size_t>(2 * (param::Pst + type * 64 + idx(s))); };
    EXPECT_NEAR(r.weights[at(1, Square::B1)] - start[at(1, Square::B1)],
                r.weights[at(1, Square::G1)] - start[at(1, Square::G1)], 1e-9);
}

TEST(Texel, TracedEntriesEvaluateAsTheEngine) {
    Dataset data;
    const std::vector<Position> positions = random_positions(500);
    for (const Position& pos : positions) data.add(pos, 0.5);
    const RealWeights w = to_real(EvalWeights);
    Evaluator e;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Value v = e.evaluate(positions[i]);
        const Value white = positions[i].side_to_move() == Color::White ? v : -v;
        EXPECT_NEAR(evaluate_entry(data, data.entries()[i], w), white, 1.0);
    }
    // Two threads give the same error as one.
    EXPECT_NEAR(mean_squared_error(data, w, 0.004, 1), mean_squared_error(data, w, 0.004, 2), 1e-12);
}

TEST(Texel, WritesTheWeightsAsSource) {
    std::ostringstream out;
    write_weights_source(out, EvalWeights, {"generated by schach tune from 0 positions on today"});
    const std::string text = out.str();
    EXPECT_TRUE(text.starts_with("// generated by schach tune from 0 positions on today\n"));
    EXPECT_NE(text.find("const Weights EvalWeights = {{"), std::string::npos);
    EXPECT_NE(text.find("// Material[Pawn]"), std::string::npos);
    EXPECT_NE(text.find("// Pst[Knight][e4]"), std::string::npos);
    EXPECT_NE(text.find("// Tempo"), std::string::npos);
}

TEST(Texel, ReadsTheWrittenSourceBack) {
    std::stringstream text;
    write_weights_source(text, EvalWeights, {"a comment"});
    const auto w = read_weights_source(text);
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(*w, EvalWeights);
    std::istringstream broken("    {100, x},  // Material[Pawn]\n");
    const auto bad = read_weights_source(broken);
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error(), 1u);
    std::istringstream short_table("    {100, 100},\n");
    EXPECT_EQ(read_weights_source(short_table).error(), 0u);
}

}  // namespace
}  // namespace schach::engine::texel
