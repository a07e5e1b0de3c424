#include <gtest/gtest.h>

#include "server/game_service.hpp"
#include "server/service_error.hpp"

namespace schach::server {
namespace {

TEST(ServerError, ServiceCodesHaveWordsInEveryLanguage) {
    const ServiceError e = make_error(ServiceCode::NotYourTurn, Language::English);
    EXPECT_EQ(e.id, "not-your-turn");
    EXPECT_EQ(e.text, "It is not your turn.");
    EXPECT_TRUE(e.is_refusal());
    EXPECT_EQ(make_error(ServiceCode::NoSuchGame, Language::German).http_status(), 404);
    EXPECT_FALSE(make_error(ServiceCode::NotYourSeat, Language::GermanNeutral).text.empty());
}

TEST(ServerError, RefusalsKeepTheRuleAndItsArticle) {
    Refusal r;
    r.code = RefusalCode::Pinned;
    r.from = Square::E2;
    r.to = Square::E3;
    r.piece = Piece::WhiteKnight;
    r.by = Square::E8;
    r.by_piece = Piece::BlackRook;
    const ServiceError e = make_error(r, Language::German);
    EXPECT_EQ(e.id, "pinned");
    EXPECT_EQ(e.article, "3.9.2");
    EXPECT_EQ(e.code, ServiceCode::Rules);
    EXPECT_FALSE(e.text.empty());
}

}  // namespace
}  // namespace schach::server
