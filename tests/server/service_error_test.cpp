#include <gtest/gtest.h>

#include "server/api/error_words.hpp"
#include "server/domain/service_error.hpp"

namespace schach::server {
namespace {

TEST(ServerError, TheDomainKeepsCodesAndTheApiWordsThemInEveryLanguage) {
    const ServiceError e = make_error(ServiceCode::NotYourTurn);
    EXPECT_EQ(e.id(), "not-your-turn");
    EXPECT_EQ(word(e, Language::English).text, "It is not your turn.");
    EXPECT_EQ(word(e, Language::English).code, "not-your-turn");
    EXPECT_TRUE(is_refusal(e));
    EXPECT_EQ(http_status(make_error(ServiceCode::NoSuchGame)), 404);
    EXPECT_FALSE(word(make_error(ServiceCode::NotYourSeat), Language::GermanNeutral).text.empty());
    EXPECT_NE(word(e, Language::German).text, word(e, Language::English).text);
}

TEST(ServerError, RefusalsKeepTheRuleAndItsArticle) {
    Refusal r;
    r.code = RefusalCode::Pinned;
    r.from = Square::E2;
    r.to = Square::E3;
    r.piece = Piece::WhiteKnight;
    r.by = Square::E8;
    r.by_piece = Piece::BlackRook;
    const ServiceError e = make_error(r);
    EXPECT_EQ(e.id(), "pinned");
    EXPECT_EQ(e.code, ServiceCode::Rules);
    const WordedError w = word(e, Language::German);
    EXPECT_EQ(w.article, "3.9.2");
    EXPECT_FALSE(w.text.empty());
    EXPECT_EQ(w.squares, (std::vector<std::string>{"e2", "e3", "e8"}));
}

TEST(ServerError, UnreadableMoveTextKeepsItsErrorAndPositionUntilWorded) {
    const Position start;
    auto parsed = parse_san(start, "N3");
    ASSERT_FALSE(parsed);
    const ServiceError e = make_error(parsed.error(), start);
    EXPECT_EQ(e.code, ServiceCode::BadMove);
    EXPECT_EQ(e.id(), "bad-move");
    ASSERT_TRUE(e.move_error && e.position);
    EXPECT_FALSE(word(e, Language::English).text.empty());
    EXPECT_NE(word(e, Language::English).text, word(make_error(ServiceCode::BadMove), Language::English).text);
}

}  // namespace
}  // namespace schach::server
