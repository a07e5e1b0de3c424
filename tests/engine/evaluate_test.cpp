#include "engine/evaluate.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "engine/eval_params.hpp"
#include "engine/eval_terms.hpp"
#include "support/test_data.hpp"
#include "support/test_positions.hpp"

namespace schach::engine {
namespace {

Position from_fen(std::string_view fen) { return test::position(fen); }

Value eval(std::string_view fen) {
    Evaluator e;
    const Position pos = from_fen(fen);
    e.reset(pos);
    return e.evaluate(pos);
}

/// White's view, whoever is to move.
Value white_eval(std::string_view fen) {
    const Position pos = from_fen(fen);
    Evaluator e;
    const Value v = e.evaluate(pos);
    return pos.side_to_move() == Color::White ? v : -v;
}

/// The same position with the board turned over and the colours swapped.
Position mirrored(const Position& pos) {
    const Setup s = pos.to_setup();
    Setup m = s;
    for (int i = 0; i < 64; ++i) {
        const Piece p = s.board[square_at(i)];
        m.board[square_at(i ^ 56)] = p == Piece::None ? p : make_piece(~color_of(p), type_of(p));
    }
    m.turn = ~s.turn;
    m.castling_rooks = std::byteswap(s.castling_rooks);
    m.ep_square = s.ep_square == Square::None ? Square::None : square_at(idx(s.ep_square) ^ 56);
    const auto v = Position::from_setup(m, {.relax = Problems::all() - Problem::OppositeCheck,
                                            .variant = pos.is_chess960() ? Variant::Chess960 : Variant::Standard});
    EXPECT_TRUE(v.has_value());
    return v ? *v : Position{};
}

std::vector<Position> suite_positions() {
    std::vector<Position> out;
    for (const char* file : {"perft/ethereal_standard.epd", "perft/special_cases_sedlak_and_more.epd",
                             "books/8mvs_+90_+99.epd", "perft/ethereal_fischer.epd"}) {
        const bool chess960 = std::string_view(file).find("fischer") != std::string_view::npos;
        for (const std::string& line : test::read_lines(test::data_file(file))) {
            if (test::is_comment_or_blank(line)) continue;
            const std::string fen = line.substr(0, line.find(';'));
            const auto pos = position_from_fen(fen, {.relax = Problems::all() - Problem::OppositeCheck,
                                                     .variant = chess960 ? Variant::Chess960 : Variant::Standard});
            if (pos) out.push_back(*pos);
        }
    }
    return out;
}

TEST(Evaluate, ColourSymmetryOverSuites) {
    const std::vector<Position> positions = suite_positions();
    ASSERT_GT(positions.size(), 9000u);
    Evaluator e;
    for (const Position& pos : positions) {
        const Position m = mirrored(pos);
        ASSERT_EQ(e.evaluate(pos), e.evaluate(m)) << to_fen(pos) << " / " << to_fen(m);
    }
}

TEST(Evaluate, EqualsTheTracedFeaturesTimesTheWeights) {
    Evaluator e;
    for (const Position& pos : suite_positions()) {
        const EvalTrace t = trace_evaluation(pos);
        long long mg = 0, eg = 0;
        for (int i = 0; i < param::Count; ++i) {
            mg += static_cast<long long>(t.coef[i]) * EvalWeights[i].mg;
            eg += static_cast<long long>(t.coef[i]) * EvalWeights[i].eg;
        }
        const Value traced = taper(static_cast<int>(mg), static_cast<int>(eg), t.phase, t.scale);
        const Value v = e.evaluate(pos);
        ASSERT_EQ(pos.side_to_move() == Color::White ? v : -v, std::clamp(traced, -EvalLimit, EvalLimit))
            << to_fen(pos);
    }
}

TEST(Evaluate, StartPositionNearZero) {
    EXPECT_LE(std::abs(eval(StartFen)), 30);
    EXPECT_GE(eval(StartFen), 0);  // the side to move has the tempo
}

TEST(Evaluate, NeverAMateScore) {
    // Nine queens against a bare king.
    const Value v = eval("7k/6pp/8/8/8/QQQQQQ2/QQQ5/K7 w - - 0 1");
    EXPECT_LT(std::abs(v), 20000);
    EXPECT_GT(v, 5000);
}

TEST(Evaluate, MaterialOrdering) {
    // The start position with one black man taken off.
    const Value queen = white_eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const Value rook = white_eval("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1");
    const Value bishop = white_eval("rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const Value knight = white_eval("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const Value pawn = white_eval("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_GT(queen, rook);
    EXPECT_GT(rook, bishop);
    EXPECT_GT(rook, knight);
    EXPECT_LT(std::abs(bishop - knight), 120);
    EXPECT_GT(knight, pawn);
    EXPECT_GT(pawn, 40);
}

TEST(Evaluate, BishopPair) {
    // Two bishops or bishop and knight against two knights, all else equal.
    const Value pair = white_eval("4k3/pppp1ppp/8/3nn3/8/8/PPPP1PPP/2B1KB2 w - - 0 1");
    const Value mixed = white_eval("4k3/pppp1ppp/8/3nn3/8/8/PPPP1PPP/2N1KB2 w - - 0 1");
    EXPECT_GT(pair, mixed + 20);
}

TEST(Evaluate, PassedPawnOnTheSixthBeatsTheThird) {
    const Value sixth = white_eval("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1");
    const Value third = white_eval("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1");
    EXPECT_GT(sixth, third + 30);
}

TEST(Evaluate, InsufficientMaterialNearZero) {
    EXPECT_EQ(eval("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), 0);              // KNK
    EXPECT_EQ(eval("4k3/8/8/8/8/8/8/4KB2 b - - 0 1"), 0);              // KBK
    EXPECT_LE(std::abs(eval("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1")), 30);  // KNNK
    // Wrong bishop and rook pawn, the defending king in the corner.
    EXPECT_LE(std::abs(eval("k7/8/8/8/8/8/P7/2B1K3 w - - 0 1")), 30);
    EXPECT_GT(eval("k7/8/8/8/8/8/P7/1B2K3 w - - 0 1"), 150);  // the right bishop wins
}

TEST(Evaluate, OppositeBishopsScaledDown) {
    const Value opposite = white_eval("4k3/5b2/8/8/8/8/PP6/2B1K3 w - - 0 1");
    const Value same = white_eval("4k3/4b3/8/8/8/8/PP6/2B1K3 w - - 0 1");
    EXPECT_LT(opposite, same);
    EXPECT_GT(opposite, 0);
}

TEST(Evaluate, DoubledAndIsolatedPawnsPenalised) {
    // Same material: healthy c, d, e pawns against doubled ones.
    const Value healthy = white_eval("4k3/ppp5/8/8/8/8/2PPP3/4K3 w - - 0 1");
    const Value doubled = white_eval("4k3/ppp5/8/8/8/2P5/2P1P3/4K3 w - - 0 1");
    EXPECT_GT(healthy, doubled + 10);
    // Isolated pawns: any two placements also differ in their squares' values, so the term
    // itself is checked: three isolated white pawns are counted, and each costs.
    const EvalTrace t = trace_evaluation(from_fen("4k3/ppp5/8/8/8/8/P1P1P3/4K3 w - - 0 1"));
    EXPECT_EQ(t.coef[param::PawnIsolated], 3);
    EXPECT_LT(EvalWeights[param::PawnIsolated].mg, 0);
    EXPECT_LT(EvalWeights[param::PawnIsolated].eg, 0);
    EXPECT_LT(EvalWeights[param::PawnDoubled].eg, 0);
}

TEST(Evaluate, PushAndPopLeaveTheEvaluationAlone) {
    Evaluator e;
    Position pos;
    e.reset(pos);
    const Value before = e.evaluate(pos);
    const Move m(Square::E2, Square::E4);
    e.push(pos, m);
    const Undo u = pos.do_move(m);
    e.evaluate(pos);
    pos.undo_move(m, u);
    e.pop();
    EXPECT_EQ(e.evaluate(pos), before);
}

}  // namespace
}  // namespace schach::engine
