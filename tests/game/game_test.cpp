// Game: the FIDE checklist items software decides (mate, stalemate, dead position, repetition,
// 50/75 moves, claims, offers, resignation, flag fall, illegal moves, touch-move) and the
// status / halfmove / repetition cases of rules_cases.tsv.

#include <gtest/gtest.h>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "game/game.hpp"
#include "notation/notation.hpp"
#include "support/test_data.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

Game game_of(std::string_view fen = StartFen, GameOptions options = {}, bool chess960 = false) {
    ValidateOptions v;
    if (chess960) v.variant = Variant::Chess960;
    auto p = position_from_fen(fen, v);
    if (!p) throw std::runtime_error("bad FEN in test: " + std::string(fen));
    return Game(*p, options);
}

Move san(const Game& g, std::string_view text) {
    auto m = parse_san(g.position(), text);
    if (!m)
        throw std::runtime_error("cannot read " + std::string(text) + ": " +
                                 describe(m.error(), g.position(), Language::English));
    return *m;
}

void play(Game& g, std::string_view line) {
    for (const auto& word : test::split_words(line)) {
        auto r = g.play(san(g, word));
        if (!r) throw std::runtime_error("refused " + word + ": " + describe(r.error(), Language::English));
    }
}

TEST(Game, ScholarsMateEndsTheGame) {  // 5.1.1
    Game g;
    play(g, "f3 e5 g4 Qh4#");
    EXPECT_EQ(g.outcome(), (Outcome{Result::BlackWins, Termination::Checkmate}));
    auto r = g.play(legal_moves(g.position()).empty() ? Move(Square::A2, Square::A3) : Move(Square::A2, Square::A3));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, RefusalCode::GameOver);
    EXPECT_EQ(describe(g.outcome(), Language::German), "Schachmatt: Schwarz gewinnt (Art. 5.1.1)");
}

TEST(Game, StalemateAndDeadPositions) {
    EXPECT_EQ(game_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome().termination, Termination::Stalemate);
    Game kxq = game_of("8/8/8/8/8/8/3q4/4K2k w - - 0 1");
    play(kxq, "Kxd2");
    EXPECT_EQ(kxq.outcome(), (Outcome{Result::Draw, Termination::DeadPosition}));
    EXPECT_EQ(game_of("8/8/8/4k3/3b4/8/8/K1B5 w - - 0 1").outcome().termination, Termination::DeadPosition);
    EXPECT_FALSE(game_of("8/8/8/4k3/2b5/8/8/K1B5 w - - 0 1").is_over());  // opposite-coloured bishops
    EXPECT_FALSE(game_of("8/8/8/4k3/8/8/8/KNN5 w - - 0 1").is_over());    // K+N+N v K can mate
    EXPECT_EQ(game_of("k7/P1K5/8/8/8/8/8/8 b - - 0 1").outcome().termination, Termination::DeadPosition);
    EXPECT_EQ(game_of("kb6/2N5/1K6/8/8/8/8/8 b - - 0 50").outcome().termination, Termination::DeadPosition);
}

TEST(Game, FivefoldIsAutomaticThreefoldIsClaimed) {  // 9.2, 9.6.1
    Game g;
    play(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    EXPECT_FALSE(g.can_claim(DrawClaim::Threefold));
    EXPECT_TRUE(g.can_claim(DrawClaim::Threefold, san(g, "Ng8")));  // about to appear a third time
    play(g, "Ng8");
    EXPECT_EQ(g.repetition_count(), 3);
    EXPECT_TRUE(g.can_claim(DrawClaim::Threefold));
    EXPECT_FALSE(g.is_over());  // never automatic
    play(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    EXPECT_FALSE(g.is_over());
    play(g, "Ng8");
    EXPECT_EQ(g.repetition_count(), 5);
    EXPECT_EQ(g.outcome(), (Outcome{Result::Draw, Termination::FivefoldRepetition}));
}

TEST(Game, RepetitionCountsOnlyLegalEnPassant) {  // 9.2.3.1
    Game g;
    play(g, "e4 d5 e5 f5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    EXPECT_EQ(g.repetition_count(), 2);  // the first occurrence had exf6 e.p.
    play(g, "Nf3 Nf6 Ng1 Ng8");
    EXPECT_EQ(g.repetition_count(), 3);
    Game h;
    play(h, "e4 Nf6 Nc3 Ng8 Nb1 Nf6 Nc3 Ng8 Nb1");  // e3 was never capturable: counts from 1.e4
    EXPECT_EQ(h.repetition_count(), 3);
}

TEST(Game, RepetitionCountsCastlingRights) {  // 9.2.3.2
    Game g = game_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(g, "Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
    EXPECT_EQ(g.repetition_count(), 2);
    play(g, "Ke2 Ke7 Ke1 Ke8");
    EXPECT_EQ(g.repetition_count(), 3);
    // Chess960: rights on other rook files count the same way.
    Game c = game_of("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", {}, true);
    play(c, "Kd2 Kd7 Ke1 Ke8 Kd2 Kd7 Ke1 Ke8");
    EXPECT_EQ(c.repetition_count(), 2);  // the start had rights on the b- and g-files
    play(c, "Kd2 Kd7 Ke1 Ke8");
    EXPECT_EQ(c.repetition_count(), 3);
}

TEST(Game, FiftyMoveClaimAndSeventyFiveAutomatic) {  // 9.3, 9.6.2
    Game g = game_of("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80");
    EXPECT_FALSE(g.can_claim(DrawClaim::FiftyMoves));
    EXPECT_TRUE(g.can_claim(DrawClaim::FiftyMoves, san(g, "Qb2")));
    auto claim = g.claim_draw(Color::White, DrawClaim::FiftyMoves, san(g, "Qb2"));
    ASSERT_TRUE(claim);
    EXPECT_TRUE(claim->correct);
    EXPECT_EQ(g.outcome(), (Outcome{Result::Draw, Termination::FiftyMoves}));

    Game mate = game_of("7k/8/6K1/8/8/8/8/1Q6 w - - 149 120");
    play(mate, "Qb8#");
    EXPECT_EQ(mate.outcome(), (Outcome{Result::WhiteWins, Termination::Checkmate}));
    Game draw = game_of("7k/8/6K1/8/8/8/8/1Q6 w - - 149 120");
    play(draw, "Qb2");
    EXPECT_EQ(draw.outcome(), (Outcome{Result::Draw, Termination::SeventyFiveMoves}));
}

TEST(Game, IncorrectClaimCostsTimePlaysTheMoveAndStandsAsOffer) {  // 9.5
    Game g;
    play(g, "e4 e5");
    auto claim = g.claim_draw(Color::White, DrawClaim::Threefold, san(g, "Nf3"));
    ASSERT_TRUE(claim);
    EXPECT_FALSE(claim->correct);
    EXPECT_EQ(claim->penalty_seconds, 120);
    EXPECT_EQ(g.plies(), 3);
    ASSERT_EQ(g.penalties().size(), 1u);
    EXPECT_EQ(g.penalties()[0], (Penalty{Color::Black, 120, 2}));
    EXPECT_EQ(g.draw_offer(), Color::White);
    ASSERT_TRUE(g.accept_draw(Color::Black));
    EXPECT_EQ(g.outcome().termination, Termination::Agreement);

    Game rapid = game_of(StartFen, {TimeClass::Rapid, false});
    play(rapid, "e4 e5");
    EXPECT_EQ(rapid.claim_draw(Color::White, DrawClaim::FiftyMoves)->penalty_seconds, 60);
    EXPECT_EQ(rapid.claim_draw(Color::Black, DrawClaim::FiftyMoves).error().code, RefusalCode::ClaimNotYourTurn);
}

TEST(Game, DrawOffers) {  // 5.2.3, 9.1
    Game g;
    EXPECT_EQ(g.offer_draw(Color::White).error().code, RefusalCode::DrawOfferTooEarly);
    play(g, "e4");
    EXPECT_EQ(g.offer_draw(Color::White).error().code, RefusalCode::DrawOfferTooEarly);
    EXPECT_EQ(describe(g.offer_draw(Color::Black).error(), Language::German),
              "Kein Remisangebot vor dem ersten Zug beider Seiten");
    play(g, "e5");
    ASSERT_TRUE(g.offer_draw(Color::Black));
    EXPECT_EQ(g.accept_draw(Color::Black).error().code, RefusalCode::NoDrawOffer);
    play(g, "Nf3");  // White moves instead: the offer lapses
    EXPECT_FALSE(g.draw_offer());
    EXPECT_EQ(g.accept_draw(Color::White).error().code, RefusalCode::NoDrawOffer);
    ASSERT_TRUE(g.offer_draw(Color::Black));
    play(g, "Nc6");  // the offerer's own move keeps it
    EXPECT_EQ(g.draw_offer(), Color::Black);
    ASSERT_TRUE(g.accept_draw(Color::White));
    EXPECT_EQ(g.outcome(), (Outcome{Result::Draw, Termination::Agreement}));
}

TEST(Game, EventRegulationsCanForbidEarlyOffers) {  // 9.1.1
    GameOptions o;
    o.draw_offers_from_move = 30;
    Game g = game_of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 20", o);
    play(g, "Bc4 Bc5");  // move 20 of the record
    const auto r = g.offer_draw(Color::White);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, RefusalCode::DrawOfferForbiddenYet);
    EXPECT_EQ(describe(r.error(), Language::German), "Remisangebote erlaubt die Turnierordnung erst ab Zug 30");
    Game late = game_of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 30", o);
    play(late, "Bc4 Bc5");
    EXPECT_TRUE(late.offer_draw(Color::White));
}

TEST(Game, ResignationAndFlagFallAskWhetherTheOpponentCanMate) {  // 5.1.2, 6.9
    const char* kq = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";
    Game a = game_of(kq);
    EXPECT_EQ(a.resign(Color::White)->result, Result::Draw);
    Game b = game_of(kq);
    EXPECT_EQ(b.resign(Color::Black)->result, Result::WhiteWins);
    Game c = game_of(kq);
    EXPECT_EQ(c.flag(Color::White)->result, Result::Draw);
    Game d = game_of(kq);
    EXPECT_EQ(d.flag(Color::Black)->result, Result::WhiteWins);
    EXPECT_EQ(d.flag(Color::White).error().code, RefusalCode::GameOver);
    Game forced = game_of("kb6/2N5/1K6/8/8/8/8/8 b - - 0 50");
    EXPECT_FALSE(forced.can_win(Color::White));  // the only move Bxc7+ leaves a bare king
    Game pawn = game_of("8/8/3k4/8/8/3P4/8/3K4 w - - 0 1");
    EXPECT_EQ(pawn.flag(Color::White)->result, Result::Draw);
    Game pawn2 = game_of("8/8/3k4/8/8/3P4/8/3K4 w - - 0 1");
    EXPECT_EQ(pawn2.flag(Color::Black)->result, Result::WhiteWins);
}

TEST(Game, SecondIllegalMove) {  // 7.5.5
    Game g;
    play(g, "e4");
    EXPECT_FALSE(g.illegal_move(Color::Black)->is_over());
    EXPECT_EQ(g.penalties().back(), (Penalty{Color::White, 120, 1}));
    EXPECT_EQ(g.illegal_move(Color::Black)->result, Result::WhiteWins);
    Game kq = game_of("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    (void)kq.illegal_move(Color::White);
    EXPECT_EQ(kq.illegal_move(Color::White)->result, Result::Draw);
}

TEST(Game, ReplayPastTheEndFindsWhereItEnded) {
    GameOptions replay;
    replay.stop_at_end = false;
    Game g(Position(), replay);
    play(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4");  // went on after fivefold
    ASSERT_TRUE(g.first_end());
    EXPECT_EQ(g.first_end()->ply, 16);
    EXPECT_EQ(g.first_end()->outcome.termination, Termination::FivefoldRepetition);
    EXPECT_FALSE(g.is_over());
}

TEST(Game, DoubleForfeitAndPop) {
    Game g;
    play(g, "e4 e5");
    g.double_forfeit();
    EXPECT_EQ(result_token(g.outcome().result), "0-0");
    EXPECT_TRUE(g.pop());  // a take-back cancels a result declared after it
    EXPECT_FALSE(g.is_over());
    EXPECT_EQ(g.plies(), 1);
    EXPECT_EQ(g.position(), [] {
        Game h;
        play(h, "e4");
        return h.position();
    }());
}

TEST(Game, LostCastlingRightsAreExplainedFromTheMoves) {  // 3.8.2.1
    auto castle_refusal = [](Game& g, Square to) {
        const Square from = g.position().king(g.position().side_to_move());
        auto r = g.play(Move::make(from, to, MoveKind::Castling));
        if (r) throw std::runtime_error("castling was legal");
        return r.error();
    };
    Game rook = game_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(rook, "Rh2 Ke7 Rh1 Ke8");
    const Refusal r = castle_refusal(rook, Square::H1);
    EXPECT_EQ(r.code, RefusalCode::CastlingRookMoved);
    EXPECT_EQ(describe(r, Language::German), "Die Rochade ist nicht mehr erlaubt: der Turm auf h1 hat schon gezogen");
    EXPECT_EQ(describe(r, Language::English), "Castling is no longer allowed: the rook on h1 has already moved");
    Game king = game_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(king, "Kf1 Ke7 Ke1 Ke8");
    EXPECT_EQ(castle_refusal(king, Square::A1).code, RefusalCode::CastlingKingMoved);
    EXPECT_EQ(describe(castle_refusal(king, Square::A1), Language::GermanNeutral),
              "Die Rochade ist nicht mehr erlaubt: de Könige hat schon gezogen");
    Game captured = game_of("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(captured, "Bxh1 Ra2 Bd5");
    const Refusal c = castle_refusal(captured, Square::G1);  // O-O written king to target
    EXPECT_EQ(c.code, RefusalCode::CastlingRookCaptured);
    EXPECT_EQ(describe(c, Language::German), "Die Rochade ist nicht mehr erlaubt: der Turm auf h1 wurde geschlagen");
}

TEST(Game, TouchMove) {  // Article 4
    GameOptions touch{TimeClass::Classical, true};
    Game g = game_of(StartFen, touch);
    ASSERT_TRUE(g.touch(Color::White, Square::E2));
    EXPECT_EQ(g.play(san(g, "Nf3")).error().code, RefusalCode::TouchMoveMustMove);
    EXPECT_EQ(g.claim_draw(Color::White, DrawClaim::Threefold).error().code, RefusalCode::ClaimAfterTouch);  // 9.4
    EXPECT_TRUE(g.play(san(g, "e4")));
    play(g, "d5");
    ASSERT_TRUE(g.touch(Color::White, Square::D5));  // an enemy piece: must capture it
    EXPECT_EQ(g.play(san(g, "Nc3")).error().code, RefusalCode::TouchMoveMustCapture);
    EXPECT_TRUE(g.play(san(g, "exd5")));

    Game a1 = game_of(StartFen, touch);  // a piece that cannot move: any move (4.5)
    ASSERT_TRUE(a1.touch(Color::White, Square::A1));
    EXPECT_TRUE(a1.play(san(a1, "Nf3")));

    Game castle = game_of("r3k2r/8/8/8/8/8/1r3r2/R3K2R w KQkq - 0 1", touch);
    ASSERT_TRUE(castle.touch(Color::White, Square::E1));
    ASSERT_TRUE(castle.touch(Color::White, Square::H1));  // O-O illegal: another king move
    EXPECT_EQ(castle.play(san(castle, "Rg1")).error().code, RefusalCode::TouchMoveKingMustMove);
    EXPECT_TRUE(castle.play(san(castle, "O-O-O")));

    Game both = game_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", touch);
    ASSERT_TRUE(both.touch(Color::White, Square::E1));
    ASSERT_TRUE(both.touch(Color::White, Square::H1));
    EXPECT_EQ(both.play(san(both, "Kf1")).error().code, RefusalCode::TouchMoveMustCastle);
    EXPECT_TRUE(both.play(san(both, "O-O")));
}

TEST(Game, RuleCasesStatusHalfmoveRepetition) {
    int checked = 0;
    for (const auto& line : test::read_lines(test::data_file("rules/rules_cases.tsv"))) {
        if (test::is_comment_or_blank(line) || line.starts_with("id\t")) continue;
        const auto c = test::split(line, '\t');
        const std::string& query = c[5];
        if (query != "status" && query != "halfmove_ge_100" && query != "halfmove_ge_150" &&
            query != "repetition_count")
            continue;
        GameOptions replay;
        replay.stop_at_end = false;  // some cases go on after a fivefold repetition
        Game g = game_of(c[3], replay, c[2] == "1");
        if (c[4] != "-") play(g, c[4]);
        if (query == "status") {
            const Termination t = g.outcome().termination;
            const std::string status = t == Termination::Checkmate   ? "checkmate"
                                       : t == Termination::Stalemate ? "stalemate"
                                                                     : "ongoing";
            EXPECT_EQ(status, c[7]) << c[0];
        } else if (query == "halfmove_ge_100") {
            EXPECT_EQ(g.position().halfmove_clock() >= 100 ? "true" : "false", c[7]) << c[0];
        } else if (query == "halfmove_ge_150") {
            EXPECT_EQ(g.position().halfmove_clock() >= 150 ? "true" : "false", c[7]) << c[0];
        } else {
            EXPECT_EQ(std::to_string(g.repetition_count()), c[7]) << c[0];
        }
        ++checked;
    }
    EXPECT_GT(checked, 25);
}

TEST(Game, IsAPlainValueThatComparesByContents) {
    // The server keeps games as values: a copy is equal, and playing on one copy makes them differ.
    Game a{Position{}};
    ASSERT_TRUE(a.play(Move(Square::E2, Square::E4)));
    Game b = a;
    EXPECT_TRUE(a == b);
    ASSERT_TRUE(b.play(Move(Square::E7, Square::E5)));
    EXPECT_FALSE(a == b);
    ASSERT_TRUE(b.pop());
    EXPECT_TRUE(a == b);
}

}  // namespace
}  // namespace schach
