// The explanations of mistakes: a table of positions and played moves, each reviewed by the real
// engine at a small fixed budget (one thread, fixed nodes: deterministic), with the kind of fact
// expected and the sentence that each language form must produce from it.

#include "review/explain.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "review/game_review.hpp"
#include "support/test_positions.hpp"
#include "text/review_text.hpp"

namespace schach::review {
namespace {

struct Case {
    const char* name;
    const char* fen;
    const char* move;  // UCI
    FactKind expected;
    // Words each language's sentence must contain (its pattern, its letters), in order; " … "
    // stands for a move that is the engine's own choice (the king's flight, the recapture), which a
    // new evaluation may change without changing the fact.
    const char* de;
    const char* neutral;
    const char* en;
};

const Case Cases[] = {
    {"hanging piece", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "f3g5",
     FactKind::HangingPiece, "Der Springer auf g5 bleibt ungedeckt und geht nach Dxg5 verloren",
     "De Springere auf g5 bleibt ungedeckt und geht nach Wxg5 verloren",
     "The knight on g5 is left unprotected and is lost after Qxg5"},
    {"fork", "4k2r/5ppp/8/8/1n6/8/5PPP/R3KB2 w - - 0 1", "h2h3", FactKind::Fork,
     "Gabel: der Springer auf c2 greift den König auf e1 und den Turm auf a1 zugleich an",
     "Gabel: de Springere auf c2 greift de Könige auf e1 und den Turm auf a1 zugleich an",
     "fork: the knight on c2 attacks the king on e1 and the rook on a1 at once"},
    {"fork after a sacrifice", "2r2rk1/1p1b1pp1/pq2pn1p/4Q3/2PN1P2/3P2P1/PP3RBP/4R1K1 w - - 7 23", "d4c2",
     FactKind::Fork,
     "Gabel: der Springer auf g4 greift den König auf f2 und die Dame auf e5 zugleich an; nach Dxf2+ Kxf2 Sg4+ K … "
     "Sxe5 … ist der Turm verloren.",
     "Gabel: de Springere auf g4 greift de Könige auf f2 und de Wesire auf e5 zugleich an",
     "fork: the knight on g4 attacks the king on f2 and the queen on e5 at once; after Qxf2+ Kxf2 Ng4+ K … Nxe5 "
     "… the rook is lost."},
    {"pin", "4k3/2p2ppp/8/3p4/1b6/2N5/PP3PPP/4K3 w - - 0 1", "h2h3", FactKind::Pin,
     "Fesselung: der Springer auf c3 ist durch den Läufer auf b4 an den König auf e1 gefesselt",
     "Fesselung: de Springere auf c3 ist durch de Läufere auf b4 an de Könige auf e1 gefesselt",
     "pin: the knight on c3 is pinned to the king on e1 by the bishop on b4"},
    {"skewer", "3q4/8/8/4k3/8/8/8/R6K b - - 0 1", "e5d5", FactKind::Skewer,
     "Spieß: der Turm auf d1 greift den König auf d5 an, dahinter steht die Dame auf d8",
     "Spieß: der Turm auf d1 greift de Könige auf d5 an, dahinter steht de Wesire auf d8",
     "skewer: the rook on d1 attacks the king on d5 with the queen on d8 behind it"},
    {"discovered attack", "6k1/3q1ppp/8/8/4N3/8/5PPP/4R1K1 b - - 0 1", "d7e7", FactKind::DiscoveredAttack,
     "Abzugsangriff: sobald eine Figur den Weg freigibt, greift der Turm auf e1 die Dame auf e7 an",
     "greift der Turm auf e1 de Wesire auf e7 an", "discovered attack: once a man steps aside, the rook on e1"},
    {"back-rank mate", "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d7", FactKind::BackRankMate,
     "Das erlaubt ein Grundreihenmatt in 1: Te1#.", "Das erlaubt ein Grundreihenmatt in 1: Te1#.",
     "This allows a back-rank mate in 1: Re1#."},
    {"missed mate", "6k1/5ppp/8/8/8/8/r4PPP/3R2K1 w - - 0 1", "h2h3", FactKind::MissedMate,
     "Matt in 1 war möglich: Td8#.", "Matt in 1 war möglich: Td8#.", "Mate in 1 was possible: Rd8#."},
    {"losing trade", "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3", "f3e5", FactKind::LosingTrade,
     "Ein Tausch, der 2 Punkte kostet: nach Sxe5 dxe5 ist der Springer verloren.",
     "Ein Tausch, der 2 Punkte kostet: nach Sxe5 dxe5 ist de Springere verloren.",
     "A trade that costs 2 points: after Nxe5 dxe5 the knight is lost."},
    {"promotion", "2R5/7k/8/8/8/8/1p4PP/6K1 w - - 0 1", "g2g3", FactKind::Promotion,
     "Das erlaubt eine Umwandlung: nach b1=D+", "Das erlaubt eine Umwandlung: nach b1=W+",
     "This allows a promotion: after b1=Q+"},
};

// Whether text contains the pattern's fragments (split at " … ") in this order.
bool matches(const std::string& text, std::string_view pattern) {
    constexpr std::string_view gap = " … ";
    std::size_t at = 0;
    while (true) {
        const std::size_t end = pattern.find(gap);
        const std::string_view fragment = pattern.substr(0, end);
        at = text.find(fragment, at);
        if (at == std::string::npos) return false;
        at += fragment.size();
        if (end == std::string_view::npos) return true;
        pattern.remove_prefix(end + gap.size());
    }
}

ReviewOptions small_budget() {
    ReviewOptions o;
    o.nodes = 50'000;
    o.movetime_ms = 0;  // no clock: the same result on any machine
    o.threads = 1;
    o.hash_mb = 16;
    return o;
}

TEST(ReviewExplain, TableOfPositions) {
    for (const Case& c : Cases) {
        SCOPED_TRACE(c.name);
        const Position start = test::position(c.fen);
        const std::vector<Move> moves{test::legal_move(start, c.move)};
        Reviewer reviewer(small_budget());
        const GameReview r = reviewer.review(start, moves);
        ASSERT_EQ(r.plies.size(), 1u);
        const PlyReview& ply = r.plies.front();
        EXPECT_GE(ply.verdict.judgement, Judgement::Mistake);
        const bool found = ply.explanation.find(c.expected) != nullptr;
        EXPECT_TRUE(found) << describe(ply.explanation, Language::English);
        const std::string de = describe(ply.explanation, Language::German);
        const std::string neutral = describe(ply.explanation, Language::GermanNeutral);
        const std::string en = describe(ply.explanation, Language::English);
        EXPECT_TRUE(matches(de, c.de)) << de;
        EXPECT_TRUE(matches(neutral, c.neutral)) << neutral;
        EXPECT_TRUE(matches(en, c.en)) << en;
    }
}

TEST(ReviewExplain, MissedMaterialNamesTheManWon) {
    // White's h3 lets the knight fork; Ra8+ would have won the rook on h8 first.
    const Position start = test::position("4k2r/5ppp/8/8/1n6/8/5PPP/R3KB2 w - - 0 1");
    Reviewer reviewer(small_budget());
    const GameReview r = reviewer.review(start, std::vector<Move>{test::legal_move(start, "h2h3")});
    ASSERT_EQ(r.plies.size(), 1u);
    const Fact* missed = r.plies.front().explanation.find(FactKind::MissedMaterial);
    ASSERT_NE(missed, nullptr);
    EXPECT_EQ(missed->piece, (Man{PieceType::Rook, Square::H8}));
    EXPECT_EQ(describe(*missed, Language::German), "Ta8+ hätte den Turm auf h8 gewonnen.");
    EXPECT_EQ(describe(*missed, Language::English), "Ra8+ would have won the rook on h8.");
}

TEST(ReviewExplain, WordsOfMaterialWithoutOneMan) {
    // When no single man says what a line wins or loses, the words give the points.
    const Position start;
    Fact missed;
    missed.kind = FactKind::MissedMaterial;
    missed.position = start;
    missed.line = {test::legal_move(start, "g1f3")};
    missed.material = 300;
    EXPECT_EQ(describe(missed, Language::German), "Sf3 hätte Material gewonnen (3 Punkte).");
    EXPECT_EQ(describe(missed, Language::English), "Nf3 would have won material (3 points).");
    Fact lost = missed;
    lost.kind = FactKind::LosesMaterial;
    lost.material = 100;
    EXPECT_EQ(describe(lost, Language::GermanNeutral), "Nach Sf3 ist Material verloren (1 Punkt).");
    EXPECT_EQ(describe(lost, Language::English), "After Nf3 material is lost (1 point).");
    lost.piece = {PieceType::Queen, Square::D8};
    EXPECT_EQ(describe(lost, Language::GermanNeutral), "Nach Sf3 ist de Wesire verloren.");
    EXPECT_EQ(describe(lost, Language::German), "Nach Sf3 ist die Dame verloren.");
}

TEST(ReviewExplain, GoodMovesHaveNoFacts) {
    // The engine's own choice is never judged, and the facts are only for mistakes and blunders.
    const Position start;
    Reviewer reviewer(small_budget());
    const std::vector<Move> moves{test::legal_move(start, "e2e4")};
    const GameReview r = reviewer.review(start, moves);
    ASSERT_EQ(r.plies.size(), 1u);
    EXPECT_EQ(r.plies.front().verdict.judgement, Judgement::None);
    EXPECT_TRUE(r.plies.front().explanation.empty());
}

}  // namespace
}  // namespace schach::review
