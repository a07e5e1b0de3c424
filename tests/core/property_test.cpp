// Properties of Position and the move generator over positions from random playouts (fixed
// seeds) from the classical start, several Chess960 starts and two Double Chess960 starts, and
// (for is_legal, gives_check and the check information) over every perft suite position.
// Each test stops at the first failing position and names it by FEN.

#include <gtest/gtest.h>

#include <bitset>
#include <memory>
#include <string>
#include <vector>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "support/test_data.hpp"
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

/// Cases the suites lack, each for a rule is_legal or gives_check could get wrong, with one move
/// and the answers to expect: the properties compare is_legal with the generator, which shares
/// its castling test, so these also pin down what is right.
struct HandPicked {
    const char* what;
    const char* fen;
    Variant variant;
    const char* move;  // from and to square (castling: king takes rook)
    MoveKind kind;
    PieceType promotion;
    bool legal, check;
};
constexpr HandPicked HandPickedPositions[] = {
    {"two e.p. capturers, one pinned on a diagonal", "4k2b/8/8/2PpP3/8/8/1K6/8 w - d6 0 2", Variant::Standard, "e5d6",
     MoveKind::EnPassant, PieceType::Knight, false, false},
    {"two e.p. capturers, the other free", "4k2b/8/8/2PpP3/8/8/1K6/8 w - d6 0 2", Variant::Standard, "c5d6",
     MoveKind::EnPassant, PieceType::Knight, true, false},
    {"e.p. pinned on the rank", "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2", Variant::Standard, "e5d6", MoveKind::EnPassant,
     PieceType::Knight, false, false},
    {"e.p. opens the rank to the king", "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2", Variant::Standard, "e5d6",
     MoveKind::EnPassant, PieceType::Knight, true, true},
    {"e.p. opens a diagonal through the taken pawn", "8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 2", Variant::Standard, "e5d6",
     MoveKind::EnPassant, PieceType::Knight, true, true},
    {"promotion checks through the pawn's square", "8/6P1/8/8/8/8/K7/6k1 w - - 0 1", Variant::Standard, "g7g8",
     MoveKind::Promotion, PieceType::Rook, true, true},
    {"knight promotion does not", "8/6P1/8/8/8/8/K7/6k1 w - - 0 1", Variant::Standard, "g7g8", MoveKind::Promotion,
     PieceType::Knight, true, false},
    {"castling: the rook checks past the king's old square", "8/8/8/8/8/8/8/R3K1k1 w Q - 0 1", Variant::Standard,
     "e1a1", MoveKind::Castling, PieceType::Knight, true, true},
    {"Chess960: king and rook swap, rook checks", "5k2/8/8/8/8/8/8/5KR1 w G - 0 1", Variant::Chess960, "f1g1",
     MoveKind::Castling, PieceType::Knight, true, true},
    {"Chess960: king stays, rook checks", "5k2/8/8/8/8/8/8/6KR w H - 0 1", Variant::Chess960, "g1h1",
     MoveKind::Castling, PieceType::Knight, true, true},
    {"Chess960: rook passes the king, checks", "3k4/8/8/8/8/8/8/RK6 w A - 0 1", Variant::Chess960, "b1a1",
     MoveKind::Castling, PieceType::Knight, true, true},
    {"Chess960: castling rook shields the king's target", "4k3/8/8/8/8/8/8/qR2K3 w B - 0 1", Variant::Chess960, "e1b1",
     MoveKind::Castling, PieceType::Knight, false, false},
    {"Chess960: the king's target, the rook's square, is attacked", "4k1r1/8/8/8/8/8/8/5KR1 w G - 0 1",
     Variant::Chess960, "f1g1", MoveKind::Castling, PieceType::Knight, false, false},
};

/// Every position of the perft suites (shared/data/perft) and the hand-picked ones, with every
/// problem but KingCount relaxed as the perft test does: the suites hold impossible positions.
const std::vector<Position>& suite_positions() {
    static const std::vector<Position> positions = [] {
        std::vector<Position> all;
        for (const HandPicked& h : HandPickedPositions) {
            auto pos = position_from_fen(h.fen, {Problems::all() - Problem::KingCount, h.variant});
            if (pos) all.push_back(*pos);
            else ADD_FAILURE() << h.what << ": FEN rejected: " << h.fen;
        }
        for (const char* name :
             {"cpw_perft_results.epd", "ethereal_standard.epd", "python-chess_tricky.perft",
              "marcelk_perft-random.perft", "special_cases_sedlak_and_more.epd", "scalachess_tricky.perft",
              "lastemperor_960_startpos_sorted.epd", "ethereal_fischer.epd"}) {
            const std::string file = name;
            const std::optional<Variant> variant =
                file.find("960") != std::string::npos || file.find("fischer") != std::string::npos
                    ? std::optional<Variant>(Variant::Chess960)
                    : std::nullopt;  // detected from the FEN, as the perft suite test reads them
            for (const test::PerftCase& c : test::read_perft_file(test::data_file("perft/" + file))) {
                auto pos = position_from_fen(c.fen, {Problems::all() - Problem::KingCount, variant});
                if (pos) all.push_back(*pos);
                else ADD_FAILURE() << c.where() << " FEN rejected: " << c.fen;
            }
        }
        return all;
    }();
    return positions;
}

/// The enemy pieces attacking the king of the side to move, by the definition.
Bitboard checkers_by_definition(const Position& pos) {
    const Color us = pos.side_to_move();
    return pos.attackers_to(pos.king(us), pos.pieces()) & pos.pieces(~us);
}

/// Pieces whose removal alone lets an enemy slider see c's king, by the definition.
Bitboard blockers_by_definition(const Position& pos, Color c) {
    const Square k = pos.king(c);
    const Bitboard before = pos.attackers_to(k, pos.pieces());
    Bitboard blockers = 0;
    for (Square b : squares(pos.pieces() & ~bb(k)))
        if (pos.attackers_to(k, pos.pieces() ^ bb(b)) & pos.pieces(~c) & ~before & ~bb(b)) blockers |= bb(b);
    return blockers;
}

/// Empty when the cached check information equals the definitions, else what differs.
std::string check_info_mismatch(const Position& pos) {
    std::string out;
    if (pos.checkers() != checkers_by_definition(pos)) out += " checkers";
    if (pos.in_check() != (checkers_by_definition(pos) != 0)) out += " in_check";
    for (Color c : Colors)
        if (pos.blockers_for_king(c) != blockers_by_definition(pos, c))
            out += c == Color::White ? " white-blockers" : " black-blockers";
    if (pos.pinned() != (blockers_by_definition(pos, pos.side_to_move()) & pos.pieces(pos.side_to_move())))
        out += " pinned";
    return out;
}

/// is_legal against the generator for all 65,536 16-bit values; false (after a failure) on a mismatch.
bool is_legal_exactly_for_generated_moves(const Position& pos) {
    auto generated = std::make_unique<std::bitset<65536>>();
    for (Move m : legal_moves(pos)) generated->set(m.bits());
    for (std::uint32_t bits = 0; bits < 65536; ++bits) {
        const Move m = Move::from_bits(static_cast<std::uint16_t>(bits));
        if (pos.is_legal(m) != generated->test(bits)) {
            ADD_FAILURE() << fen_of(pos) << " bits " << bits << " (" << to_uci(m, true) << ", kind "
                          << static_cast<int>(m.kind()) << ", promotion bits " << ((bits >> 12) & 3)
                          << "): is_legal says " << pos.is_legal(m);
            return false;
        }
    }
    return true;
}

/// gives_check against playing the move on a copy, for every legal move.
bool gives_check_agrees_with_in_check(const Position& pos) {
    for (Move m : legal_moves(pos)) {
        Position after = pos;
        after.do_move(m);
        if (pos.gives_check(m) != after.in_check()) {
            ADD_FAILURE() << fen_of(pos) << " " << to_uci(m, true) << ": gives_check says " << pos.gives_check(m);
            return false;
        }
    }
    return true;
}

/// After every legal move (and the null move where allowed) and its undo_move, the check
/// information equals the definitions.
bool check_info_follows_do_and_undo(const Position& pos) {
    if (const std::string bad = check_info_mismatch(pos); !bad.empty()) {
        ADD_FAILURE() << fen_of(pos) << ":" << bad;
        return false;
    }
    MoveList moves = legal_moves(pos);
    if (!pos.in_check()) moves.push(Move::null());
    for (Move m : moves) {
        Position p = pos;
        const Undo undo = p.do_move(m);
        if (const std::string bad = check_info_mismatch(p); !bad.empty()) {
            ADD_FAILURE() << fen_of(pos) << " after " << to_uci(m, true) << ":" << bad;
            return false;
        }
        p.undo_move(m, undo);
        if (const std::string bad = check_info_mismatch(p); !bad.empty() || !(p == pos)) {
            ADD_FAILURE() << fen_of(pos) << " after " << to_uci(m, true) << " and undo:" << bad;
            return false;
        }
    }
    return true;
}

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
        if (!is_legal_exactly_for_generated_moves(pos)) return;
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

/// generate_tactical: exactly the legal captures, en-passant captures and pushes to a queen, and
/// generate_quiet exactly the others, each in the order generate_legal gives them (the search's
/// move order depends on it).
void expect_tactical_moves_in_order(const Position& pos) {
    MoveList tactical_expected, quiet_expected;
    for (Move m : legal_moves(pos)) {
        const bool tactical = pos.is_capture(m) ||
                              (m.kind() == MoveKind::Promotion && m.promotion() == PieceType::Queen);
        (tactical ? tactical_expected : quiet_expected).push(m);
    }
    MoveList tactical, quiet;
    generate_tactical(pos, tactical);
    generate_quiet(pos, quiet);
    for (const auto& [got, expected] : {std::pair{&tactical, &tactical_expected}, std::pair{&quiet, &quiet_expected}}) {
        ASSERT_EQ(got->size(), expected->size()) << fen_of(pos) << (got == &quiet ? " (quiet)" : " (tactical)");
        for (std::size_t i = 0; i < expected->size(); ++i)
            ASSERT_EQ((*got)[i], (*expected)[i]) << fen_of(pos) << " at " << i << ": " << to_uci((*got)[i], true);
    }
}

TEST(Property, TacticalAndQuietMovesAreTheLegalOnesInTheirOrder) {
    std::size_t with_promotions = 0;
    for (const Position& pos : playout_positions()) {
        expect_tactical_moves_in_order(pos);
        if (::testing::Test::HasFatalFailure()) return;
    }
    for (const Position& pos : suite_positions()) {
        expect_tactical_moves_in_order(pos);
        if (::testing::Test::HasFatalFailure()) return;
        for (Move m : legal_moves(pos)) with_promotions += m.kind() == MoveKind::Promotion;
    }
    EXPECT_GT(with_promotions, 1000u);  // the suites hold promotions, pinned pawns and checks
}

TEST(Property, HandPickedMovesHaveTheExpectedAnswers) {
    for (const HandPicked& h : HandPickedPositions) {
        const auto pos = position_from_fen(h.fen, {{}, h.variant});
        ASSERT_TRUE(pos) << h.what << ": " << h.fen;
        const std::string_view text = h.move;
        const Move m = Move::make(parse_square(text.substr(0, 2)), parse_square(text.substr(2, 2)), h.kind,
                                  h.promotion);
        EXPECT_EQ(pos->is_legal(m), h.legal) << h.what << ": " << h.fen << " " << h.move;
        EXPECT_EQ(legal_moves(*pos).contains(m), h.legal) << h.what << ": " << h.fen << " " << h.move;
        if (h.legal) {
            EXPECT_EQ(pos->gives_check(m), h.check) << h.what << ": " << h.fen << " " << h.move;
        }
    }
}

TEST(Property, IsLegalExactlyForGeneratedMovesInSuitePositions) {
    ASSERT_GT(suite_positions().size(), 8900u);
    for (const Position& pos : suite_positions())
        if (!is_legal_exactly_for_generated_moves(pos)) return;
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

TEST(Property, GivesCheckAgreesWithInCheckAfterTheMoveInSuitePositions) {
    for (const Position& pos : suite_positions())
        if (!gives_check_agrees_with_in_check(pos)) return;
}

TEST(Property, CheckInformationFollowsDoAndUndoMove) {
    for (const Position& pos : playout_positions())
        if (!check_info_follows_do_and_undo(pos)) return;
}

TEST(Property, CheckInformationFollowsDoAndUndoMoveInSuitePositions) {
    for (const Position& pos : suite_positions())
        if (!check_info_follows_do_and_undo(pos)) return;
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
