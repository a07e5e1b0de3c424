#include "train/packed_game.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"

namespace schach::train {
namespace {

/// A random game from `start` (legal moves chosen by a simple generator), with made-up scores.
PackedGame random_game(Position start, std::uint64_t seed, int plies) {
    PackedGame game;
    game.start = start;
    game.result = static_cast<GameResult>(seed % 3);
    Position pos = start;
    for (int i = 0; i < plies; ++i) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const Move m = moves[static_cast<std::size_t>((seed >> 33) % moves.size())];
        const auto score = i % 5 == 0 ? NoScore : static_cast<std::int16_t>(static_cast<int>(seed >> 48) - 32000);
        game.plies.push_back({m, score});
        pos.do_move(m);
    }
    return game;
}

TEST(PackedBoard, RoundTripsPositionsWithCastlingEnPassantAndChess960) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2k5/8/8/8/8/5K2/8 b - - 37 90",
        "4k3/8/8/8/8/8/8/R3K2R w Q - 3 200",
    };
    for (const char* fen : fens) {
        const auto pos = position_from_fen(fen);
        ASSERT_TRUE(pos) << fen;
        const auto back = PackedBoard::pack(*pos).unpack();
        ASSERT_TRUE(back) << fen;
        EXPECT_EQ(to_fen(*back, FenFormat::Fen), to_fen(*pos, FenFormat::Fen)) << fen;
        EXPECT_EQ(back->key(), pos->key()) << fen;
    }
    for (int n : {0, 100, 518, 959}) {
        const auto pos = chess960_position(n);
        ASSERT_TRUE(pos);
        const auto back = PackedBoard::pack(*pos).unpack();
        ASSERT_TRUE(back);
        EXPECT_EQ(back->is_chess960(), pos->is_chess960());  // 518, the classical array, is standard chess
        EXPECT_EQ(back->castling_rooks(), pos->castling_rooks());
        EXPECT_EQ(back->key(), pos->key());
    }
}

TEST(PackedGame, WritesAndReadsGamesBackExactly) {
    std::vector<PackedGame> games;
    for (std::uint64_t s = 0; s < 40; ++s) {
        Position start;
        if (s % 4 == 1) start = *chess960_position(static_cast<int>(s * 23 % 960));
        games.push_back(random_game(start, s, 60 + static_cast<int>(s) * 5));
    }
    std::stringstream file;
    write_magic(file);
    for (const PackedGame& g : games) write_game(file, g);
    // About 4 bytes a ply plus 35 a game.
    std::size_t plies = 0;
    for (const PackedGame& g : games) plies += g.plies.size();
    EXPECT_EQ(file.str().size(), 8 + 35 * games.size() + 4 * plies);

    GameReader reader(file);
    PackedGame g;
    for (const PackedGame& want : games) {
        const auto got = reader.next(g);
        ASSERT_TRUE(got && *got);
        EXPECT_EQ(g.start.key(), want.start.key());
        EXPECT_EQ(g.result, want.result);
        ASSERT_EQ(g.plies.size(), want.plies.size());
        for (std::size_t i = 0; i < g.plies.size(); ++i) {
            EXPECT_EQ(g.plies[i].move, want.plies[i].move);
            EXPECT_EQ(g.plies[i].score, want.plies[i].score);
        }
    }
    const auto end = reader.next(g);
    ASSERT_TRUE(end);
    EXPECT_FALSE(*end);
}

TEST(PackedGame, FindsATruncatedRecordAndAnIllegalMove) {
    std::stringstream file;
    write_magic(file);
    write_game(file, random_game(Position{}, 7, 30));
    const std::size_t whole = file.str().size();
    write_game(file, random_game(Position{}, 8, 30));
    const std::string bytes = file.str();

    std::istringstream cut(bytes.substr(0, bytes.size() - 3));
    std::optional<GameReadError> error;
    const GameFileSummary s = summarize_game_file(cut, &error);
    EXPECT_EQ(s.games, 1u);
    EXPECT_EQ(s.end_offset, whole);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->kind, GameReadError::Kind::Truncated);
    EXPECT_EQ(error->offset, whole);

    // The third move of the second game (White's second) replaced by e1e5: never a legal move.
    std::string bad = bytes;
    const std::size_t at = whole + 35 + 4 * 2;
    const auto e1e5 = Move(Square::E1, Square::E5).bits();
    bad[at] = static_cast<char>(e1e5 & 0xFF);
    bad[at + 1] = static_cast<char>(e1e5 >> 8);
    std::istringstream in(bad);
    error.reset();
    summarize_game_file(in, &error);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->kind, GameReadError::Kind::IllegalMove);
    EXPECT_EQ(error->offset, whole);
    EXPECT_EQ(error->ply, 2);

    std::istringstream not_ours("PK\x03\x04 something else");
    error.reset();
    summarize_game_file(not_ours, &error);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->kind, GameReadError::Kind::BadMagic);
}

}  // namespace
}  // namespace schach::train
