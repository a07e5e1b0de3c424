#include "engine/engine.hpp"

#include <gtest/gtest.h>

#include "core/fen.hpp"
#include "core/move.hpp"
#include "support/test_positions.hpp"

namespace schach::engine {
namespace {

Position from_fen(std::string_view fen) { return test::position(fen); }

TEST(Engine, FindsMateInOne) {
    Engine engine;
    ASSERT_TRUE(engine.set_position(from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), {}).has_value());
    SearchLimits limits;
    limits.depth = 3;
    const auto result = engine.search(limits);
    EXPECT_EQ(to_uci(result.best.move, false), "a1a8");
    EXPECT_EQ(result.last.score.kind, Score::Kind::Mate);
    EXPECT_EQ(result.last.score.value, 1);
}

TEST(Engine, RefusesAnIllegalMoveInTheGame) {
    Engine engine;
    const Move moves[] = {Move(Square::E2, Square::E4), Move(Square::E2, Square::E4)};
    const auto r = engine.set_position(Position(), moves);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().index, 1u);
}

}  // namespace
}  // namespace schach::engine
