// The deep proofs (analysis/deep_proof.hpp, blockade.hpp's deep mode, ending_squares.hpp): men
// whose arrival would mate the winner's immobile king never go there, so a structure the plain
// analysis sees as open can be proven closed. Positions it must prove, look-alikes it must not
// (each of those shown winnable by a helpmate that replays), and the questions of the chasolver.org
// community set that stayed undetermined before it (the Long test).

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/blockade.hpp"
#include "analysis/dead.hpp"
#include "analysis/deep_proof.hpp"
#include "analysis/ending_squares.hpp"
#include "core/attacks.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "support/test_data.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

Position position(std::string_view fen) {
    ValidateOptions options;
    options.relax = Problems::all() - Problem::OppositeCheck;  // constructed positions, as in dead_test.cpp
    auto p = position_from_fen(fen, options);
    if (!p)
        throw std::runtime_error("bad FEN in test: " + std::string(fen) + ": " +
                                 describe(p.error(), Language::English));
    return *p;
}

bool replays_to_mate(const Position& start, Color winner, const std::vector<Move>& line) {
    Position pos = start;
    for (Move m : line) {
        if (!pos.is_legal(m)) return false;
        pos.do_move(m);
    }
    return pos.side_to_move() != winner && pos.in_check() && count_legal(pos) == 0;
}

TEST(EndingSquares, UnblockableChecksOfEachKind) {
    // A white king fixed on e3, checked by Black.
    const ByPieceType<Bitboard> checks = unblockable_checks(Color::Black, Square::E3);
    EXPECT_EQ(checks[PieceType::Knight], attacks::knight(Square::E3));
    EXPECT_EQ(checks[PieceType::Pawn], bb(Square::D4) | bb(Square::F4));  // black pawns capture downward
    EXPECT_EQ(checks[PieceType::Bishop], bb(Square::D2) | bb(Square::F2) | bb(Square::D4) | bb(Square::F4));
    EXPECT_EQ(checks[PieceType::Rook], bb(Square::E2) | bb(Square::E4) | bb(Square::D3) | bb(Square::F3));
    EXPECT_EQ(checks[PieceType::Queen], attacks::king(Square::E3));
    EXPECT_EQ(checks[PieceType::King], Bitboard{0});
    // White pawns check from the rank below the king, so never a king on the first rank.
    EXPECT_EQ(unblockable_checks(Color::White, Square::E8)[PieceType::Pawn], bb(Square::D7) | bb(Square::F7));
    EXPECT_EQ(unblockable_checks(Color::White, Square::E1)[PieceType::Pawn], Bitboard{0});
}

TEST(EndingSquares, CoveredSquaresAndDoubleStepsAreNoEnding) {
    const ByPieceType<Bitboard> checks = unblockable_checks(Color::Black, Square::E3);
    const ByPieceType<Bitboard> ending = ending_squares(checks, bb(Square::G4), bb(Square::D4));
    EXPECT_EQ(ending[PieceType::Knight], attacks::knight(Square::E3) & ~bb(Square::G4));
    EXPECT_EQ(ending[PieceType::Pawn], bb(Square::F4));  // d4: an en-passant capture would take the checker
    EXPECT_EQ(double_step_targets(Color::Black, bb(Square::D7) | bb(Square::E6)), bb(Square::D5));
    EXPECT_EQ(double_step_targets(Color::White, bb(Square::A2)), bb(Square::A4));
}

/// Positions no side-to-move trick makes winnable for White, which only the deep analysis proves.
struct Proven {
    const char* fen;
    const char* why;
};
constexpr Proven DeepOnly[] = {
    // The king on e3 can never move; every move of the knight on h2 (f1, g4) mates it, so the knight
    // never reaches e5, the pawns on d4 and f4 never capture, and a lone dark bishop cannot mate.
    {"8/8/1k6/3p1p2/3PpP2/3pKp2/3P1P1n/B7 w - - 0 1", "knight whose every move mates"},
    // The same with a second dark bishop and a light black bishop (chasolver.org community set).
    {"6b1/8/1k6/3p1p2/3PpP1B/3pKp2/3P1P1n/B7 w - - 0 1", "knight whose every move mates (community)"},
    // b6-b5 and d6-d5 would mate the king on c4, so the pawns and the bishop on c5 stay; White's
    // light bishops never leave the first ranks.
    {"3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1P1P1P2/8/1BbB1B1B b - - 0 1", "pawns whose advance mates"},
    // The rook's only move, Ra1, mates the king on b1; White's light bishops stay above the pawns.
    {"6B1/b7/2k5/p1p1p1pB/P1P1P1P1/pp6/rp6/1K2b3 b - - 0 1", "rook whose only move mates"},
    // The rook on a1 behind its king and bishop never moves: a2 and b1 empty only once a bishop
    // from b2 has taken it and the king has gone to a1. The plain analysis lets it roam.
    {"3b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - - 0 1", "rook that never moves before it is taken"},
    {"B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - - 0 1", "rook that never moves (community)"},
};

TEST(DeepProof, ProvesWhatThePlainAnalysisCannot) {
    for (const Proven& p : DeepOnly) {
        const Position pos = position(p.fen);
        EXPECT_FALSE(blocked_unwinnable(pos, Color::White)) << p.why << ": " << p.fen;
        EXPECT_TRUE(deep_blocked_unwinnable(pos, Color::White, true)) << p.why << ": " << p.fen;
        MateContext context;
        EXPECT_EQ(deep_proof(pos, Color::White, DeepLimits{1'000, 1'000}, context).outcome, DeepProof::Outcome::Blocked)
            << p.fen;
    }
}

/// Look-alikes of the positions above where White can mate: the deep analysis must not claim
/// otherwise, and the whole analysis finds a helpmate that replays.
constexpr Proven Alive[] = {
    // The knight starts on a8: it can walk to e5 without mating, a pawn takes it and promotes.
    {"n7/8/1k6/3p1p2/3PpP2/3pKp2/3P1P2/B7 w - - 0 1", "a knight that can walk"},
    // A black bishop on e5: the pawn on f4 can still capture and promote.
    {"6b1/8/1k6/3pbp2/3PpP1B/3pKp2/3P1P1n/B7 w - - 0 1", "a pawn that can still capture"},
    // No pawn on d3: the king walks out, so the knight's checks are no mates.
    {"6b1/8/1k6/3p1p2/3PpP1B/4Kp2/3P1P1n/B7 w - - 0 1", "a king that can walk out"},
    // A light bishop on h3 takes a knight that checks from f1 or g4.
    {"6b1/8/1k6/3p1p2/3PpP1B/3pKp1B/3P1P1n/B7 w - - 0 1", "a bishop that covers the checks"},
    // No pawn on f3: the light bishops cross through f3.
    {"3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1P1P4/8/1BbB1B1B b - - 0 1", "bishops that can cross"},
    // No pawn on b2: the king takes the rook and walks out.
    {"6B1/b7/2k5/p1p1p1pB/P1P1P1P1/pp6/r7/1K2b3 b - - 0 1", "a king that can take the rook"},
    // No bishop on b1: the rook leaves a1 along the first rank.
    {"B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/R7 b - - 0 1", "a rook that can move"},
    // No pawn on c2: the black pawn on c3 promotes (for Black) and the bishop on b1 leaves (for White).
    {"B2b4/8/8/4k3/1p6/1Pp1p1pB/K3P1Pb/RB6 b - - 0 1", "a pocket with a way out"},
};

TEST(DeepProof, LeavesLiveLookAlikesAlone) {
    for (const Proven& p : Alive) {
        const Position pos = position(p.fen);
        EXPECT_FALSE(deep_blocked_unwinnable(pos, Color::White, true)) << p.why << ": " << p.fen;
        const MateAnalysis a = can_checkmate(pos, Color::White);
        ASSERT_EQ(a.verdict, Winnability::Winnable) << p.why << ": " << p.fen;
        EXPECT_TRUE(replays_to_mate(pos, Color::White, a.line)) << p.fen;
    }
}

TEST(DeepProof, StationaryMenForBothColours) {
    // White's king, rook and bishop in the corner pocket: neither side can mate (community set).
    const Position pos = position("B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - - 0 1");
    for (Color c : Colors) {
        EXPECT_FALSE(deep_blocked_unwinnable(pos, c, false));
        EXPECT_TRUE(deep_blocked_unwinnable(pos, c, true));
    }
    // With the pawn on c2 gone, Black promotes on c1 and mates.
    const Position open = position("B2b4/8/8/4k3/1p6/1Pp1p1pB/K3P1Pb/RB6 b - - 0 1");
    EXPECT_FALSE(deep_blocked_unwinnable(open, Color::Black, true));
    EXPECT_EQ(can_checkmate(open, Color::Black).verdict, Winnability::Winnable);
}

TEST(DeepProof, ForTheLoserOnlyNotTheWinner) {
    // The deep mode only stops the loser's men: asked for Black, the knight on h2 may mate.
    const Position pos = position("8/8/1k6/3p1p2/3PpP2/3pKp2/3P1P1n/B7 w - - 0 1");
    EXPECT_FALSE(deep_blocked_unwinnable(pos, Color::Black, true));
    EXPECT_EQ(can_checkmate(pos, Color::Black).verdict, Winnability::Winnable);
}

/// The labelled answer of a chasolver.org community position for one colour.
bool label_says_mate(std::string_view fen, Color winner) {
    std::ifstream in(test::data_file("dead/chasolver_positions.txt"));
    if (!in) throw std::runtime_error("cannot open dead/chasolver_positions.txt");
    std::string line;
    while (std::getline(in, line)) {
        const auto w = test::split_words(test::trim(line));
        if (w.size() < 3 || w[0].front() == '#' || w[0].size() != 2) continue;
        std::string board;
        for (std::size_t i = 1; i < w.size(); ++i) board += (i > 1 ? " " : "") + w[i];
        if (w.size() == 3) board += " - -";
        if (board == fen) return w[0][winner == Color::White ? 0 : 1] != '-';
    }
    throw std::runtime_error("not in the community set: " + std::string(fen));
}

struct OpenQuestion {
    const char* fen;
    Color winner;
    bool decided;  // decided now (the rest: still undetermined, see docs/records.md)
};

/// The 30 questions of the community set that were undetermined before the deep proofs
/// (docs/records.md, "Dead positions").
constexpr OpenQuestion FormerlyUndetermined[] = {
    {"6b1/8/1k6/3p1p2/3PpP1B/3pKp2/3P1P1n/B7 w - -", Color::White, true},
    {"1bB5/k7/R5r1/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 b - -", Color::White, true},
    {"1bB5/k7/R5r1/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 b - -", Color::Black, true},
    {"1bB5/k7/r7/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 w - -", Color::White, true},
    {"1bB5/k7/r7/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 w - -", Color::Black, true},
    {"8/5ppp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - -", Color::White, false},
    {"8/6pp/8/8/ppp5/bkp4Q/qnp2p2/n1K5 b - -", Color::White, false},
    {"8/6pp/8/4q3/ppp5/bkp4Q/qnp2p2/n1K5 b - -", Color::White, false},
    {"8/4b3/6r1/4q3/ppp5/bkp4Q/qnp5/n1K5 b - -", Color::White, false},
    {"8/6pp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - -", Color::White, false},
    {"3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1P1P1P2/8/1BbB1B1B b - -", Color::White, true},
    {"3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1P1P1P2/8/1BbB1B2 b - -", Color::White, true},
    {"6B1/b7/2k5/p1p1p1pB/P1P1P1P1/pp6/rp6/1K2b3 b - -", Color::White, true},
    {"B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - -", Color::White, true},
    {"B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - -", Color::Black, true},
    {"B2b4/8/8/4k2B/1p1p1p1p/1PpP1P1P/K1P5/RB4b1 b - -", Color::White, true},
    {"B2b4/8/8/4k2B/1p1p1p1p/1PpP1P1P/K1P5/RB4b1 b - -", Color::Black, true},
    {"8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BRB w - -", Color::White, true},
    {"8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BRB w - -", Color::Black, true},
    {"1b3kBR/4pP1P/1pBpP2P/1P1P1Bp1/1pK1B1P1/1P1B1B2/8/8 b - -", Color::White, true},
    {"3b1kBR/b3pP1P/1pBpP2P/1P1P1Bp1/K2pB1P1/3P1B2/4B3/8 b - -", Color::White, true},
    {"8/B4b2/2k5/1p1p4/1P1Pp1pB/1pp1P1P1/1p6/bK3b2 w - -", Color::White, true},
    {"8/B4b2/2k5/1p1p4/1P1Pp1pB/1pp1P1P1/1p6/bK3b2 b - -", Color::White, true},
    {"B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - -", Color::White, false},
    {"B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - -", Color::Black, false},
    {"1bB4b/k7/R5r1/8/1pBp1p1p/1PpP1P1P/K1P4b/RB6 b - -", Color::Black, true},
    {"k1b1b3/8/8/1pBpBpBp/1PbPbPbP/8/8/K1B1B3 w - -", Color::Black, true},
    {"k1b1b1b1/7b/8/BpBpBpBp/1PbP1PpP/6P1/6P1/K1B5 w - -", Color::Black, true},
    {"k1b1b1b1/8/8/BpBpBpBp/1PbP1PpP/6P1/6P1/K1B5 w - -", Color::Black, true},
    {"k1b5/8/8/1pBpBpBp/1PbP1PpP/6P1/1B4P1/K1B5 w - -", Color::Black, true},
};

TEST(DeepProof, FormerlyUndeterminedCommunityQuestionsLong) {
    int decided = 0;
    for (const OpenQuestion& q : FormerlyUndetermined) {
        const Position pos = position(q.fen);
        const bool can_mate = label_says_mate(q.fen, q.winner);
        const MateAnalysis a = can_checkmate(pos, q.winner);
        const char* side = q.winner == Color::White ? "white" : "black";
        std::printf("[ formerly undetermined ] %s %s: %s (%s)\n", side, q.fen,
                    a.verdict == Winnability::Winnable     ? "winnable"
                    : a.verdict == Winnability::Unwinnable ? "unwinnable"
                                                           : "undetermined",
                    std::string(proof_id(a.proof)).c_str());
        if (a.verdict == Winnability::Winnable) {
            EXPECT_TRUE(can_mate) << "winnable against the label for " << side << ": " << q.fen;
            EXPECT_TRUE(replays_to_mate(pos, q.winner, a.line)) << q.fen;
        }
        if (a.verdict == Winnability::Unwinnable) {
            EXPECT_FALSE(can_mate) << "UNSOUND: unwinnable for " << side << " who can mate: " << q.fen;
        }
        if (q.decided) {
            EXPECT_NE(a.verdict, Winnability::Undetermined) << side << ": " << q.fen;
        }
        decided += a.verdict != Winnability::Undetermined;
    }
    std::printf("[ formerly undetermined ] %d of 30 decided\n", decided);
}

}  // namespace
}  // namespace schach
