// Properties of Position and the move generator over positions from random playouts (fixed
// seeds) from the classical start, several Chess960 starts and two Double Chess960 starts.
// Each test stops at the first failing position and names it by FEN.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "support/test_moves.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

constexpr int GamesPerStart = 6;
constexpr int MaxPlies = 160;

std::vector<Position> start_positions() {
    std::vector<Position> starts{Position()};
    for (int n : {0, 1, 2, 100, 257, 359, 454, 700, 866, 959}) starts.push_back(*chess960_position(n));
    starts.push_back(*double_chess960_position(3, 777));
    starts.push_back(*double_chess960_position(518, 42));
    return starts;
}

/// Every position of GamesPerStart random games from each start; computed once.
const std::vector<Position>& playout_positions() {
    static const std::vector<Position> positions = [] {
        std::vector<Position> all;
        const std::vector<Position> starts = start_positions();
        for (std::size_t s = 0; s < starts.size(); ++s) {
            for (int g = 0; g < GamesPerStart; ++g) {
                test::Rng rng(0x5C4AC4ULL + 1000 * s + static_cast<std::uint64_t>(g));
                for (const Position& p : test::random_game(starts[s], rng, MaxPlies)) all.push_back(p);
            }
        }
        return all;
    }();
    return positions;
}

std::string fen_of(const Position& pos) { return to_fen(pos, FenFormat::Shredder); }

TEST(Playouts, CoverCastlingEnPassantPromotionAndEndings) {
    int castling = 0, en_passant = 0, promotion = 0, checks = 0, no_moves = 0;
    for (const Position& pos : playout_positions()) {
        const MoveList moves = legal_moves(pos);
        checks += pos.in_check();
        no_moves += moves.empty();
        for (Move m : moves) {
            castling += m.kind() == MoveKind::Castling;
            en_passant += m.kind() == MoveKind::EnPassant;
            promotion += m.kind() == MoveKind::Promotion;
        }
    }
    RecordProperty("positions", static_cast<int>(playout_positions().size()));
    RecordProperty("castling", castling);
    RecordProperty("en_passant", en_passant);
    RecordProperty("promotion", promotion);
    EXPECT_GT(playout_positions().size(), 5000u);
    EXPECT_GT(castling, 100);
    EXPECT_GT(en_passant, 10);
    EXPECT_GT(promotion, 100);
    EXPECT_GT(checks, 100);
    EXPECT_GT(no_moves, 0);
}

TEST(Property, DoUndoRestoresThePositionExactly) {
    for (const Position& pos : playout_positions()) {
        for (Move m : legal_moves(pos)) {
            Position p = pos;
            const Undo undo = p.do_move(m);
            p.undo_move(m, undo);
            ASSERT_TRUE(p == pos) << fen_of(pos) << " move " << to_uci(m, true) << " gives " << fen_of(p);
        }
    }
}

TEST(Property, IncrementalKeyEqualsComputedKeyAndStateIsConsistent) {
    for (const Position& pos : playout_positions()) {
        ASSERT_TRUE(pos.is_consistent()) << fen_of(pos);
        ASSERT_EQ(pos.key(), pos.compute_key()) << fen_of(pos);
        for (Move m : legal_moves(pos)) {
            Position p = pos;
            p.do_move(m);
            ASSERT_EQ(p.key(), p.compute_key()) << fen_of(pos) << " after " << to_uci(m, true);
            ASSERT_TRUE(p.is_consistent()) << fen_of(pos) << " after " << to_uci(m, true);
        }
    }
}

TEST(Property, NullMoveRestoresAndKeepsTheKey) {
    for (const Position& pos : playout_positions()) {
        if (pos.in_check()) continue;
        Position p = pos;
        const Undo undo = p.do_move(Move::null());
        ASSERT_EQ(p.key(), p.compute_key()) << fen_of(pos);
        ASSERT_NE(p.side_to_move(), pos.side_to_move());
        ASSERT_EQ(p.ep_square(), Square::None);
        p.undo_move(Move::null(), undo);
        ASSERT_TRUE(p == pos) << fen_of(pos);
    }
}

/// Prints, parses (with the position's own variant) and prints again.
void expect_fen_round_trip(const Position& pos, FenFormat format) {
    const std::string fen = to_fen(pos, format);
    const auto parsed = position_from_fen(fen, {{}, pos.is_chess960() ? Variant::Chess960 : Variant::Standard});
    ASSERT_TRUE(parsed) << fen << ": " << describe(parsed.error(), Language::English);
    EXPECT_EQ(to_fen(*parsed, format), fen);
    EXPECT_TRUE(parsed->same_position(pos)) << fen;
    EXPECT_EQ(parsed->key(), pos.key()) << fen;
    EXPECT_EQ(parsed->halfmove_clock(), pos.halfmove_clock()) << fen;
    EXPECT_EQ(parsed->fullmove_number(), pos.fullmove_number()) << fen;
    EXPECT_EQ(parsed->is_chess960(), pos.is_chess960()) << fen;
}

TEST(Property, FenPrintParsePrintIsStable) {
    for (const Position& pos : playout_positions()) {
        expect_fen_round_trip(pos, FenFormat::XFen);
        expect_fen_round_trip(pos, FenFormat::Shredder);
        if (HasFailure()) return;
        // Without relying on the variant: Shredder letters alone make it Chess960 when rights remain.
        const auto auto_parsed = position_from_fen(to_fen(pos, FenFormat::Shredder));
        ASSERT_TRUE(auto_parsed) << fen_of(pos);
        ASSERT_TRUE(auto_parsed->same_position(pos)) << fen_of(pos);
    }
}

TEST(Property, IsLegalExactlyForGeneratedMoves) {
    test::Rng rng(20240601);
    std::size_t n = 0;
    for (const Position& pos : playout_positions()) {
        const MoveList moves = legal_moves(pos);
        for (Move m : moves) {
            ASSERT_TRUE(pos.is_legal(m)) << fen_of(pos) << " " << to_uci(m, true);
            // The same squares with another kind or promotion piece are a different 16-bit value.
            for (std::uint16_t high = 0; high < 16; ++high) {
                const Move variant = Move::from_bits(static_cast<std::uint16_t>((m.bits() & 0x0FFF) | (high << 12)));
                ASSERT_EQ(pos.is_legal(variant), moves.contains(variant)) << fen_of(pos) << " bits " << variant.bits();
            }
        }
        // Random 16-bit values; on every 8th position all 65536.
        const bool exhaustive = n++ % 8 == 0;
        const std::uint32_t count = exhaustive ? 65536u : 256u;
        for (std::uint32_t i = 0; i < count; ++i) {
            const Move m = Move::from_bits(static_cast<std::uint16_t>(exhaustive ? i : rng.next()));
            ASSERT_EQ(pos.is_legal(m), moves.contains(m)) << fen_of(pos) << " bits " << m.bits();
        }
        ASSERT_FALSE(pos.is_legal(Move::none()));
        ASSERT_FALSE(pos.is_legal(Move::null()));
    }
}

TEST(Property, CountLegalEqualsGeneratedMovesWithoutDuplicates) {
    for (const Position& pos : playout_positions()) {
        const MoveList moves = legal_moves(pos);
        ASSERT_EQ(static_cast<std::size_t>(count_legal(pos)), moves.size()) << fen_of(pos);
        for (std::size_t i = 0; i < moves.size(); ++i)
            for (std::size_t j = i + 1; j < moves.size(); ++j)
                ASSERT_NE(moves[i], moves[j]) << fen_of(pos) << " twice: " << to_uci(moves[i], true);
    }
}

TEST(Property, GivesCheckAgreesWithInCheckAfterTheMove) {
    for (const Position& pos : playout_positions()) {
        for (Move m : legal_moves(pos)) {
            Position after = pos;
            after.do_move(m);
            ASSERT_EQ(pos.gives_check(m), after.in_check()) << fen_of(pos) << " " << to_uci(m, true);
        }
    }
}

TEST(Property, MovesNeverLeaveTheOwnKingAttacked) {
    for (const Position& pos : playout_positions()) {
        const Color us = pos.side_to_move();
        for (Move m : legal_moves(pos)) {
            Position after = pos;
            after.do_move(m);
            ASSERT_FALSE(after.attacked_by(~us, after.king(us))) << fen_of(pos) << " " << to_uci(m, true);
        }
    }
}

TEST(Property, EnPassantSquareIsSetExactlyWhenACaptureIsLegal) {
    for (const Position& pos : playout_positions()) {
        bool capture = false;
        for (Move m : legal_moves(pos)) {
            if (m.kind() != MoveKind::EnPassant) continue;
            capture = true;
            ASSERT_EQ(m.to(), pos.ep_square()) << fen_of(pos);
        }
        ASSERT_EQ(capture, pos.ep_square() != Square::None) << fen_of(pos);
    }
}

TEST(Property, BulkCountedPerftMatchesMakeMoveCounting) {
    std::size_t n = 0;
    for (const Position& pos : playout_positions()) {
        if (n++ % 4 != 0) continue;
        std::uint64_t by_hand = 0;
        for (Move m : legal_moves(pos)) {
            Position after = pos;
            after.do_move(m);
            by_hand += legal_moves(after).size();
        }
        Position p = pos;
        ASSERT_EQ(perft(p, 2), by_hand) << fen_of(pos);
        std::uint64_t divided = 0;
        for (const auto& [m, nodes] : perft_divide(p, 2)) divided += nodes;
        ASSERT_EQ(divided, by_hand) << fen_of(pos);
        ASSERT_TRUE(p == pos) << fen_of(pos);
    }
}

}  // namespace
}  // namespace schach
