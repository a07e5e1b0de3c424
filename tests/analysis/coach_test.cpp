#include "analysis/coach.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "support/test_positions.hpp"
#include "text/coach_text.hpp"

namespace schach {
namespace {

constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::vector<Hint> hints(const char* fen, std::vector<std::string> uci, Color learner) {
    const Position start = test::position(fen);
    Position pos = start;
    std::vector<Move> moves;
    for (const std::string& u : uci) {
        moves.push_back(test::legal_move(pos, u));
        pos.do_move(moves.back());
    }
    return coach_hints(start, moves, learner);
}

const Hint* find(const std::vector<Hint>& hs, HintCode code) {
    const auto it = std::find_if(hs.begin(), hs.end(), [&](const Hint& h) { return h.code == code; });
    return it == hs.end() ? nullptr : &*it;
}

std::vector<HintCode> codes(const std::vector<Hint>& hs) {
    std::vector<HintCode> out;
    for (const Hint& h : hs) out.push_back(h.code);
    return out;
}

TEST(Coach, NothingToSayAfterAQuietOpeningMove) {
    EXPECT_TRUE(hints(Start, {"e2e4", "e7e5"}, Color::White).empty());
    EXPECT_TRUE(hints(Start, {}, Color::White).empty());
}

TEST(Coach, PraisesACentrePawn) {
    const auto hs = hints(Start, {"e2e4"}, Color::White);
    ASSERT_EQ(codes(hs), std::vector{HintCode::CentrePawn});
    EXPECT_EQ(hs[0].principle, Principle::Centre);
    EXPECT_EQ(hs[0].square, Square::E4);
    EXPECT_TRUE(hs[0].praise());
}

TEST(Coach, WarnsOfARimPawnWhileTheCentrePawnsWait) {
    const auto hs = hints(Start, {"a2a4"}, Color::White);
    ASSERT_EQ(codes(hs), std::vector{HintCode::FlankPawn});
    EXPECT_FALSE(hs[0].praise());
    EXPECT_EQ(describe(hs[0], Language::German),
              "Der Zug a2-a4 tut nichts für das Zentrum: zieh zuerst den d- oder e-Bauern (d4 oder e4).");
    EXPECT_EQ(describe(hs[0], Language::GermanNeutral),
              "Der Zug a2-a4 tut nichts für das Zentrum: zieh zuerst de d- oder e-Bauere (d4 oder e4).");
    // Once the centre has a pawn, a rim pawn is no longer a hint.
    EXPECT_EQ(find(hints(Start, {"e2e4", "e7e5", "h2h3"}, Color::White), HintCode::FlankPawn), nullptr);
}

TEST(Coach, PraisesDevelopmentButNotAPieceLeftToBeWon) {
    const auto hs = hints(Start, {"g1f3"}, Color::White);
    ASSERT_EQ(codes(hs), std::vector{HintCode::MinorDeveloped});
    EXPECT_EQ(describe(hs[0], Language::GermanNeutral), "Gut: de Springere kommt auf f3 ins Spiel.");
    EXPECT_EQ(describe(hs[0], Language::English), "Good: the knight comes into play on f3.");

    const auto lost = hints("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", {"c3d5"}, Color::White);
    ASSERT_EQ(codes(lost), std::vector{HintCode::OwnLoose});
    EXPECT_EQ(lost[0].square, Square::D5);
    EXPECT_EQ(lost[0].by, Square::E6);
    EXPECT_EQ(lost[0].value, 300);
    EXPECT_EQ(
        describe(lost[0], Language::German),
        "Der Springer auf d5 ist nicht genug gedeckt: der Bauer auf e6 kann schlagen und damit 3 Punkte gewinnen.");
}

TEST(Coach, QueenBeforeTheMinorPieces) {
    const auto hs = hints(Start, {"e2e4", "e7e5", "d1h5"}, Color::White);
    const Hint* h = find(hs, HintCode::QueenEarly);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->principle, Principle::MinorsFirst);
    EXPECT_EQ(h->squares, bb(Square::B1) | bb(Square::C1) | bb(Square::F1) | bb(Square::G1));
    EXPECT_EQ(describe(*h, Language::GermanNeutral),
              "De Wesire zieht früh nach h5: entwickle erst Springerne und Läuferne (auf b1, c1, f1, g1 stehen sie "
              "noch). Ein frühe Wesire wird leicht gejagt.");
}

TEST(Coach, ThePieceMovedTwiceWithoutAReason) {
    const auto hs = hints(Start, {"g1f3", "a7a6", "f3g1"}, Color::White);
    const Hint* h = find(hs, HintCode::PieceAgain);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->from, Square::F3);
    EXPECT_EQ(h->squares, bb(Square::B1) | bb(Square::C1) | bb(Square::F1));
    // A knight chased by a pawn has a reason to move again.
    EXPECT_EQ(find(hints(Start, {"g1f3", "e7e5", "e2e3", "e5e4", "f3d4"}, Color::White), HintCode::PieceAgain),
              nullptr);
    // So has one that captures.
    EXPECT_EQ(find(hints(Start, {"g1f3", "e7e5", "f3e5"}, Color::White), HintCode::PieceAgain), nullptr);
}

TEST(Coach, TheThreatOfTheOpponentsLastMove) {
    const auto hs = hints(Start, {"g1f3", "e7e5", "e2e3", "e5e4"}, Color::White);
    const Hint* h = find(hs, HintCode::Threat);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->principle, Principle::WatchThreats);
    EXPECT_EQ(h->square, Square::F3);
    EXPECT_EQ(h->by, Square::E4);
    EXPECT_EQ(h->value, 200);  // the knight for a pawn
    EXPECT_EQ(describe(*h, Language::English),
              "Watch out: after e5-e4, the pawn on e4 can take the knight on f3 and win 2 points.");
}

TEST(Coach, CastlingPraisedAndItsLossNamed) {
    const char* rooks = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const auto castled = hints(rooks, {"e1g1"}, Color::White);
    ASSERT_NE(find(castled, HintCode::Castled), nullptr);
    EXPECT_EQ(find(castled, HintCode::Castled)->square, Square::G1);

    const auto rook = hints(rooks, {"h1h2"}, Color::White);
    ASSERT_NE(find(rook, HintCode::RookLostCastling), nullptr);
    EXPECT_EQ(find(rook, HintCode::RookLostCastling)->from, Square::H1);

    const auto king = hints(Start, {"e2e4", "e7e5", "e1e2"}, Color::White);
    const Hint* h = find(king, HintCode::KingLostCastling);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(describe(*h, Language::German),
              "Der König zieht von e1 nach e2 und darf nun nicht mehr rochieren (Art. 3.8.2.1).");
}

TEST(Coach, CastleNowOnceTheWayIsFree) {
    const auto hs = hints(Start, {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "d2d3", "g8f6", "c2c3", "d7d6"},
                          Color::White);
    const Hint* h = find(hs, HintCode::CastleNow);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->squares, bb(Square::G1));
    EXPECT_EQ(describe(*h, Language::GermanNeutral),
              "Du kannst jetzt rochieren (nach g1): bring de Könige in Sicherheit.");
    // Not before move 6.
    EXPECT_EQ(find(hints(Start, {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"}, Color::White), HintCode::CastleNow),
              nullptr);
}

TEST(Coach, ThreeWaysOutOfCheck) {
    const auto hs = hints("1n2k3/8/8/8/8/8/1r6/4KB2 w - - 0 1", {"f1b5"}, Color::Black);
    const Hint* h = find(hs, HintCode::Check);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->by, Square::B5);
    EXPECT_EQ(h->answers, (CheckAnswers{.king_moves = 4, .captures = 1, .blocks = 2}));
    EXPECT_EQ(describe(*h, Language::German),
              "Der König steht durch den Läufer auf b5 im Schach (Art. 3.9). Drei Auswege: mit dem König ausweichen "
              "(4), die Schach gebende Figur schlagen (1) oder eine Figur dazwischenstellen (2).");
    EXPECT_EQ(describe(*h, Language::GermanNeutral),
              "De Könige steht durch de Läufere auf b5 im Schach (Art. 3.9). Drei Auswege: mit derm Könige "
              "ausweichen (4), die Schach gebende Figur schlagen (1) oder eine Figur dazwischenstellen (2).");
    EXPECT_EQ(describe(*h, Language::English),
              "The bishop on b5 gives check (Art. 3.9). Three ways out: move the king (4), capture the checking "
              "piece (1) or put a piece in between (2).");
    // And the checking bishop stands unprotected.
    const Hint* loose = find(hs, HintCode::TheirLoose);
    ASSERT_NE(loose, nullptr);
    EXPECT_EQ(loose->by, Square::B2);
}

TEST(Coach, ATradeThatLosesMaterial) {
    const auto hs = hints("4k3/5p2/4p3/8/2B5/8/8/4K3 w - - 0 1", {"c4e6"}, Color::White);
    ASSERT_EQ(codes(hs), std::vector{HintCode::LosingTrade});
    EXPECT_EQ(hs[0].value, -200);
    EXPECT_EQ(describe(hs[0], Language::English),
              "The bishop takes on e6, but the exchange costs 2 points: trade only for equal value (queen 9, rook 5, "
              "bishop and knight 3, pawn 1).");
}

TEST(Coach, TheOpponentsLoosePiece) {
    const auto hs = hints("4k3/8/8/7n/8/8/8/2B1K3 b - - 0 1", {"h5f4"}, Color::White);
    ASSERT_EQ(codes(hs), std::vector{HintCode::TheirLoose});
    EXPECT_EQ(hs[0].square, Square::F4);
    EXPECT_EQ(hs[0].by, Square::C1);
    EXPECT_EQ(describe(hs[0], Language::GermanNeutral),
              "Chance: de Läufere auf c1 kann de Springere auf f4 schlagen und damit 3 Punkte gewinnen.");
}

TEST(Coach, TheThreatNamesTheMovePlayedAndTheAttacker) {
    // d7-d6 opens the bishop's diagonal: the bishop, not the pawn, takes the queen.
    const auto hs = hints(Start, {"e2e4", "e7e5", "d1g4", "d7d6"}, Color::White);
    const Hint* h = find(hs, HintCode::Threat);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->by, Square::C8);
    EXPECT_EQ(describe(*h, Language::English),
              "Watch out: after d7-d6, the bishop on c8 can take the queen on g4 and win 9 points.");
    EXPECT_EQ(describe(*h, Language::German),
              "Achtung: nach d7-d6 kann der Läufer auf c8 die Dame auf g4 schlagen und damit 9 Punkte gewinnen.");
}

TEST(Coach, NoAdviceOnAMateAndNoRimPawnWarningOutOfCheck) {
    EXPECT_TRUE(hints(Start, {"f2f3", "e7e5", "g2g4", "d8h4"}, Color::White).empty());
    EXPECT_EQ(find(hints(Start, {"f2f3", "e7e6", "b1c3", "d8h4", "g2g3"}, Color::White), HintCode::FlankPawn), nullptr);
}

TEST(Coach, APieceSetUpOffItsBackRankIsNotWaitingAtHome) {
    // A game from a FEN with the knight on f3 already: only b1, c1 and f1 wait.
    const auto hs = hints("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1", {"d1e2"}, Color::White);
    const Hint* h = find(hs, HintCode::QueenEarly);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->squares, bb(Square::B1) | bb(Square::C1) | bb(Square::F1));
}

TEST(Coach, AQueenTradeIsNoEarlyQueen) {
    const auto hs = hints(Start, {"d2d4", "e7e5", "d4e5", "d7d6", "e5d6", "d8d6", "d1d6"}, Color::White);
    EXPECT_EQ(find(hs, HintCode::QueenEarly), nullptr);
}

TEST(Coach, TakingBackIsAnEvenTradeNotAChance) {
    const auto hs = hints(Start, {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6"}, Color::Black);
    const Hint* h = find(hs, HintCode::TakeBack);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->square, Square::C6);
    EXPECT_EQ(h->principle, Principle::EqualTrades);
    for (const Hint& x : hs) EXPECT_FALSE(x.code == HintCode::TheirLoose && x.square == Square::C6);
}

// Random games: every hint names what stands on the board, and each has a sentence.
TEST(Coach, HintsNameWhatStandsOnTheBoardInRandomGames) {
    std::mt19937 rng(7);
    int seen = 0;
    for (int game = 0; game < 60; ++game) {
        const Position start;
        Position pos = start;
        std::vector<Move> moves;
        for (int ply = 0; ply < 80; ++ply) {
            const MoveList legal = legal_moves(pos);
            if (legal.empty()) break;
            moves.push_back(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
            pos.do_move(moves.back());
            for (Color learner : {Color::White, Color::Black}) {
                for (const Hint& h : coach_hints(start, moves, learner)) {
                    ++seen;
                    EXPECT_FALSE(describe(h, Language::GermanNeutral).empty());
                    if (h.code == HintCode::OwnLoose || h.code == HintCode::TheirLoose || h.code == HintCode::Threat) {
                        EXPECT_EQ(pos.piece_on(h.square), h.piece) << hint_id(h.code);
                        EXPECT_GT(h.value, 0);
                        EXPECT_NE(type_of(h.piece), PieceType::King);
                        EXPECT_EQ(color_of(h.piece) == learner, h.code != HintCode::TheirLoose);
                    }
                    if (h.code == HintCode::Check) {
                        EXPECT_TRUE(pos.in_check());
                    }
                    if (h.code == HintCode::LosingTrade) {
                        EXPECT_LT(h.value, 0);
                    }
                }
            }
        }
    }
    EXPECT_GT(seen, 1000);
}

TEST(Coach, EveryPrincipleAndHintHasWordsInEachLanguage) {
    for (int p = 1; p <= 7; ++p)
        for (Language lang : {Language::German, Language::GermanNeutral, Language::English})
            EXPECT_FALSE(principle_name(static_cast<Principle>(p), lang).empty());
    EXPECT_EQ(principle_id(Principle::LoosePieces), "loose-pieces");
    EXPECT_EQ(hint_id(HintCode::TheirLoose), "their-loose");
}

}  // namespace
}  // namespace schach
