// Position: FEN syntax errors (field and offset), validation problems, FEN output formats,
// Chess960 detection and Polyglot keys.

#include <gtest/gtest.h>

#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "support/test_moves.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

using Field = FenError::Field;

// --- FEN syntax errors ---

struct FenErrorCase {
    const char* what;
    std::string fen;
    Field field;
    std::size_t offset;
};

void PrintTo(const FenErrorCase& c, std::ostream* os) { *os << c.what << ": \"" << c.fen << '"'; }

const std::string Start(StartFen);
const std::string StartBoard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

class FenSyntaxError : public testing::TestWithParam<FenErrorCase> {};

TEST_P(FenSyntaxError, NamesFieldAndOffset) {
    const FenErrorCase& c = GetParam();
    const auto setup = parse_fen(c.fen);
    ASSERT_FALSE(setup) << "accepted: " << c.fen;
    EXPECT_EQ(setup.error().field, c.field) << describe(setup.error(), Language::English);
    EXPECT_EQ(setup.error().offset, c.offset) << describe(setup.error(), Language::English);
    for (Language lang : {Language::German, Language::GermanNeutral, Language::English}) {
        EXPECT_FALSE(expected_text(setup.error(), lang).empty());
        const std::string message = describe(setup.error(), lang);
        EXPECT_NE(message.find(field_name(c.field, lang)), std::string::npos) << message;
        EXPECT_NE(message.find(std::to_string(c.offset)), std::string::npos) << message;
        EXPECT_EQ(message.find(" / "), std::string::npos) << message;  // one language at a time
    }
    EXPECT_NE(describe(setup.error(), Language::German), describe(setup.error(), Language::English));

    const auto pos = position_from_fen(c.fen);
    ASSERT_FALSE(pos);
    EXPECT_TRUE(pos.error().is_syntax);
    EXPECT_EQ(pos.error().fen.field, c.field);
    EXPECT_EQ(pos.error().fen.offset, c.offset);
}

const std::vector<FenErrorCase> FenErrorCases = {
    {"empty", "", Field::Placement, 0},
    {"bad piece letter", "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 13},
    {"digit 9", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 18},
    {"digit 0", "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 18},
    {"rank too long (piece)", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 17},
    {"rank too long (digits)", "rnbqkbnr/pppppppp/p7p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 20},
    // Two digits in a row are no FEN even where they add up to 8 (one digit counts a run of empty squares).
    {"two digits (17)", "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 19},
    {"two digits (44)", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 19},
    {"two digits (44p)", "rnbqkbnr/pppppppp/44p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 19},
    {"eight ones", "rnbqkbnr/pppppppp/11111111/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 19},
    {"rank too long (digit sum)", "rnbqkbnr/pppppppp/8/72/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 21},
    {"rank too short", "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 19},
    {"nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 36},
    {"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Field::Placement, 41},
    {"last rank short", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", Field::Placement, 42},
    {"missing side", StartBoard, Field::Turn, 43},
    {"bad side", StartBoard + " x KQkq - 0 1", Field::Turn, 44},
    {"side in capitals", StartBoard + " W KQkq - 0 1", Field::Turn, 44},
    {"missing castling", StartBoard + " w", Field::Castling, 45},
    {"bad castling letter", StartBoard + " w KQkz - 0 1", Field::Castling, 49},
    {"castling digit", StartBoard + " w K1 - 0 1", Field::Castling, 47},
    {"castling right twice", StartBoard + " w KKq - 0 1", Field::Castling, 47},
    {"missing e.p.", StartBoard + " w KQkq", Field::EnPassant, 50},
    {"bad e.p. rank", StartBoard + " w KQkq e9 0 1", Field::EnPassant, 51},
    {"bad e.p. file", StartBoard + " w KQkq i3 0 1", Field::EnPassant, 51},
    {"e.p. too long", StartBoard + " w KQkq e3e 0 1", Field::EnPassant, 51},
    {"halfmove not a number", StartBoard + " w KQkq - x 1", Field::Halfmove, 53},
    {"halfmove with garbage", StartBoard + " w KQkq - 1x 1", Field::Halfmove, 54},
    {"halfmove negative", StartBoard + " w KQkq - -1 1", Field::Halfmove, 53},
    {"fullmove not a number", StartBoard + " w KQkq - 0 one", Field::Fullmove, 55},
    {"fullmove with garbage", StartBoard + " w KQkq - 0 12a", Field::Fullmove, 57},
    {"trailing garbage", Start + " extra", Field::Trailing, 57},
};

std::string fen_case_name(const testing::TestParamInfo<FenErrorCase>& info) {
    std::string name;
    for (const char* p = info.param.what; *p; ++p) name += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Cases, FenSyntaxError, testing::ValuesIn(FenErrorCases), fen_case_name);

TEST(FenParse, AcceptsFourOrSixFieldsAndExtraBlanks) {
    const auto four = parse_fen(StartBoard + " w KQkq -");
    ASSERT_TRUE(four);
    EXPECT_EQ(four->halfmove_clock, 0);
    EXPECT_EQ(four->fullmove_number, 1);
    const auto spaced = parse_fen("  " + StartBoard + "   w  KQkq  -  7  42 ");
    ASSERT_TRUE(spaced);
    EXPECT_EQ(spaced->halfmove_clock, 7);
    EXPECT_EQ(spaced->fullmove_number, 42);
    EXPECT_EQ(*parse_fen(Start), Setup::standard());
}

/// The placement field read the plain way, rank by rank (8 ranks of 8 squares, a digit 1-8 not
/// next to another digit, the twelve letters): the board as letters from a8 to h1, or nothing.
std::optional<std::string> reference_placement(const std::string& field) {
    std::vector<std::string> ranks(1);
    for (char c : field) {
        if (c == '/') ranks.emplace_back();
        else ranks.back() += c;
    }
    if (ranks.size() != 8) return std::nullopt;
    std::string board;
    for (const std::string& rank : ranks) {
        std::string squares;
        for (std::size_t i = 0; i < rank.size(); ++i) {
            const char c = rank[i];
            if (c >= '1' && c <= '8') {
                if (i > 0 && rank[i - 1] >= '1' && rank[i - 1] <= '8') return std::nullopt;
                squares.append(static_cast<std::size_t>(c - '0'), '.');
            } else if (std::string_view("pnbrqkPNBRQK").find(c) != std::string_view::npos) {
                squares += c;
            } else {
                return std::nullopt;
            }
        }
        if (squares.size() != 8) return std::nullopt;
        board += squares;
    }
    return board;
}

TEST(FenParse, PlacementAsTheRulesReadItWhateverTheBytes) {
    // Every field made from a few by one edit of a byte, valid or not, comes out as the plain
    // reading of the rules says: accepted with the same board, or refused in the placement field.
    const std::vector<std::string> seeds = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
                                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8", "4k3/8/8/8/8/8/8/4K3"};
    const std::string replacements = "12345678/pPnNbBrRqQkK90xX ";
    std::size_t fields = 0, accepted = 0;
    for (const std::string& seed : seeds)
        for (std::size_t at = 0; at <= seed.size(); ++at)
            for (const char r : replacements)
                for (int edit = 0; edit < 3; ++edit) {  // replace, insert, delete
                    std::string field = seed;
                    if (edit == 0 && at < field.size()) field[at] = r;
                    else if (edit == 1) field.insert(at, 1, r);
                    else if (edit == 2 && at < field.size()) field.erase(at, 1);
                    else continue;
                    if (field.find(' ') != std::string::npos) continue;  // another field
                    ++fields;
                    const auto expected = reference_placement(field);
                    const auto setup = parse_fen(field + " w - - 0 1");
                    ASSERT_EQ(setup.has_value(), expected.has_value()) << field;
                    if (!setup) {
                        EXPECT_EQ(setup.error().field, Field::Placement) << field;
                        continue;
                    }
                    ++accepted;
                    std::string board;
                    for (int rank = 7; rank >= 0; --rank)
                        for (int file = 0; file < 8; ++file) {
                            const Piece p = setup->board[make_square(static_cast<File>(file), static_cast<Rank>(rank))];
                            board += p == Piece::None ? '.' : to_char(p);
                        }
                    EXPECT_EQ(board, *expected) << field;
                }
    EXPECT_EQ(fields, 11348u);
    EXPECT_EQ(accepted, 1138u);
}

TEST(FenParse, StartPositionRoundTrips) {
    const auto pos = position_from_fen(StartFen);
    ASSERT_TRUE(pos);
    EXPECT_TRUE(*pos == Position());
    EXPECT_EQ(to_fen(Position()), StartFen);
    EXPECT_EQ(to_fen(Position(), FenFormat::Fen), StartFen);
    EXPECT_EQ(to_fen(Position(), FenFormat::Shredder), StartBoard + " w HAha - 0 1");
    EXPECT_EQ(board_fen(Position()), StartBoard);
}

// --- Validation problems ---

struct ProblemCase {
    Problem problem;
    const char* fen;
};

void PrintTo(const ProblemCase& c, std::ostream* os) { *os << Problems(c.problem).names().at(0) << ": " << c.fen; }

const std::vector<ProblemCase> ProblemCases = {
    {Problem::PawnsOnBackRank, "4k2P/8/8/8/8/8/8/4K3 w - - 0 1"},
    {Problem::OppositeCheck, "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1"},
    {Problem::ImpossibleCheck, "4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1"},   // three checkers
    {Problem::BadCastlingRights, "4k3/8/8/8/8/8/8/4K3 w K - 0 1"},      // no rook
    {Problem::BadEnPassant, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"},          // no pawn on e5
    {Problem::TooManyPieces, "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"},  // nine pawns
};

class ValidationProblem : public testing::TestWithParam<ProblemCase> {};

/// Problems the rules cannot work without; relaxing them has no effect (see position.hpp).
bool relaxable(Problem p) { return p != Problem::KingCount && p != Problem::OppositeCheck; }

TEST_P(ValidationProblem, IsReportedAloneAndCanBeRelaxedUnlessTheRulesNeedIt) {
    const ProblemCase& c = GetParam();
    const auto setup = parse_fen(c.fen);
    ASSERT_TRUE(setup) << describe(setup.error(), Language::English);
    EXPECT_EQ(Position::validate(*setup), Problems(c.problem))
        << testing::PrintToString(Position::validate(*setup).names());

    const auto strict = Position::from_setup(*setup);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error(), Problems(c.problem));
    const auto strict_fen = position_from_fen(c.fen);
    ASSERT_FALSE(strict_fen);
    EXPECT_FALSE(strict_fen.error().is_syntax);
    EXPECT_NE(describe(strict_fen.error(), Language::English).find(describe(c.problem, Language::English)),
              std::string::npos);

    const auto relaxed = Position::from_setup(*setup, {c.problem, std::nullopt});
    if (!relaxable(c.problem)) {
        ASSERT_FALSE(relaxed);
        EXPECT_EQ(relaxed.error(), Problems(c.problem));
        return;
    }
    ASSERT_TRUE(relaxed) << testing::PrintToString(relaxed.error().names());
    EXPECT_TRUE(relaxed->is_consistent());
    // Relaxing another problem does not help.
    const Problems others = Problems::all() - c.problem;
    EXPECT_FALSE(Position::from_setup(*setup, {others, std::nullopt}));
}

std::string problem_case_name(const testing::TestParamInfo<ProblemCase>& param_info) {
    std::string name = Problems(param_info.param.problem).names().at(0);
    for (char& ch : name)
        if (ch == '-') ch = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Kinds, ValidationProblem, testing::ValuesIn(ProblemCases), problem_case_name);

TEST(Validation, KingCountCanNeverBeRelaxed) {
    for (const char* fen : {"8/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/8 w - - 0 1",
                            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "3kk3/8/8/8/8/8/8/4K3 w - - 0 1"}) {
        const auto setup = parse_fen(fen);
        ASSERT_TRUE(setup) << fen;
        EXPECT_TRUE(Position::validate(*setup).has(Problem::KingCount)) << fen;
        const auto relaxed = Position::from_setup(*setup, {Problems::all(), std::nullopt});
        ASSERT_FALSE(relaxed) << fen;
        EXPECT_TRUE(relaxed.error().has(Problem::KingCount)) << fen;
    }
}

TEST(Validation, MoreThanSixteenPiecesCanNeverBeRelaxed) {
    const auto seventeen = parse_fen("4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1");
    ASSERT_TRUE(seventeen);
    EXPECT_EQ(Position::validate(*seventeen), Problems(Problem::TooManyPieces));
    const auto relaxed = Position::from_setup(*seventeen, {Problems::all(), std::nullopt});
    ASSERT_FALSE(relaxed);
    EXPECT_EQ(relaxed.error(), Problems(Problem::TooManyPieces));
    // Three queens with only one pawn missing, but at most 16 pieces: relaxable.
    const auto promoted = parse_fen("4k3/8/8/8/8/8/PPPPPPPQ/RQBQKB1R w - - 0 1");
    ASSERT_TRUE(promoted);
    EXPECT_EQ(Position::validate(*promoted), Problems(Problem::TooManyPieces));
    EXPECT_TRUE(Position::from_setup(*promoted, {Problem::TooManyPieces, std::nullopt}));
}

TEST(Validation, RelaxedBadRightsAndEnPassantAreDropped) {
    const auto rights = position_from_fen("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", {Problem::BadCastlingRights});
    ASSERT_TRUE(rights);
    EXPECT_EQ(rights->castling_rooks(), bb(Square::H1));
    EXPECT_EQ(to_fen(*rights), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");

    const auto ep = position_from_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", {Problem::BadEnPassant});
    ASSERT_TRUE(ep);
    EXPECT_EQ(ep->ep_square(), Square::None);
}

TEST(Validation, ImpossibleChecks) {
    // Two rooks on one rank with the king between them: no single move gives that.
    EXPECT_TRUE(Position::validate(*parse_fen("4k3/8/8/8/8/8/8/r3K2r w - - 0 1")).has(Problem::ImpossibleCheck));
    // Two knights: a knight move cannot uncover another knight's check.
    EXPECT_TRUE(Position::validate(*parse_fen("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1")).has(Problem::ImpossibleCheck));
    // Rook and bishop from different lines: a discovered double check (the rook came from d2), fine.
    EXPECT_TRUE(Position::validate(*parse_fen("4k3/8/8/8/1b6/8/8/3rK3 w - - 0 1")).empty());
    // e.p. square set but the check is not from that pawn nor uncovered by it (a pawn on f2).
    EXPECT_TRUE(Position::validate(*parse_fen("rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1"))
                    .has(Problem::ImpossibleCheck));
    // The same with a knight as the unrelated checker.
    EXPECT_TRUE(Position::validate(*parse_fen("4k3/8/8/2pP4/8/8/5n2/7K w - c6 0 1")).has(Problem::ImpossibleCheck));
    // The double-stepped pawn gives the check itself: possible.
    EXPECT_TRUE(Position::validate(*parse_fen("4k3/8/8/8/3p4/4K3/8/8 w - - 0 1")).empty());
    EXPECT_TRUE(Position::validate(*parse_fen("4k3/8/8/3p4/4K3/8/8/8 w - d6 0 1")).empty());
    // The double step uncovers a bishop: possible.
    EXPECT_TRUE(Position::validate(*parse_fen("1b2k3/8/8/2p5/8/8/7K/8 w - c6 0 1")).empty());
}

TEST(Validation, ProblemNamesAndDescriptions) {
    const Problems all = Problems::all();
    EXPECT_EQ(all.names().size(), 7u);
    for (int bit = 0; bit < 7; ++bit) {
        const Problem p = static_cast<Problem>(1 << bit);
        EXPECT_TRUE(all.has(p));
        EXPECT_EQ(Problems(p).names().size(), 1u);
        // One language at a time, and the languages differ.
        EXPECT_EQ(describe(p, Language::German).find(" / "), std::string::npos) << describe(p, Language::German);
        EXPECT_NE(describe(p, Language::German), describe(p, Language::English));
        EXPECT_FALSE(describe(p, Language::GermanNeutral).empty());
    }
    EXPECT_TRUE(Problems().names().empty());
    EXPECT_TRUE((all - all).empty());
}

TEST(Validation, CastlingRightWithKingOffTheEFileDependsOnVariant) {
    // python-chess tricky.perft "asymmetrical-and-king-on-h": q with the black king on h8.
    const auto setup = parse_fen("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1");
    ASSERT_TRUE(setup);
    EXPECT_EQ(Position::validate(*setup, Variant::Standard), Problems(Problem::BadCastlingRights));
    EXPECT_TRUE(Position::validate(*setup, std::nullopt).empty());
    const auto pos = Position::from_setup(*setup);
    ASSERT_TRUE(pos);
    EXPECT_TRUE(pos->is_chess960());
    EXPECT_EQ(pos->castling_rook(Color::Black, CastlingSide::Queen), Square::A8);
    const auto standard = Position::from_setup(*setup, {Problem::BadCastlingRights, Variant::Standard});
    ASSERT_TRUE(standard);
    EXPECT_FALSE(standard->can_castle(Color::Black, CastlingSide::Queen));
    EXPECT_FALSE(standard->is_chess960());
}

// --- Output formats and Chess960 detection ---

TEST(FenOutput, XFenUsesFileLettersOnlyForInnerRooks) {
    // King b1, rooks e1 and h1; only the inner e1 rook keeps its right.
    const auto inner = position_from_fen("k7/8/8/8/8/8/8/1K2R2R w E - 0 1");
    ASSERT_TRUE(inner);
    EXPECT_TRUE(inner->is_chess960());
    EXPECT_EQ(inner->castling_rook(Color::White, CastlingSide::King), Square::E1);
    EXPECT_EQ(to_fen(*inner, FenFormat::XFen), "k7/8/8/8/8/8/8/1K2R2R w E - 0 1");
    EXPECT_EQ(to_fen(*inner, FenFormat::Shredder), "k7/8/8/8/8/8/8/1K2R2R w E - 0 1");

    const auto outer = position_from_fen("k7/8/8/8/8/8/8/1K2R2R w K - 0 1");
    ASSERT_TRUE(outer);
    EXPECT_EQ(outer->castling_rook(Color::White, CastlingSide::King), Square::H1);
    EXPECT_EQ(to_fen(*outer, FenFormat::XFen), "k7/8/8/8/8/8/8/1K2R2R w K - 0 1");
    EXPECT_EQ(to_fen(*outer, FenFormat::Shredder), "k7/8/8/8/8/8/8/1K2R2R w H - 0 1");
}

TEST(FenOutput, Chess960StartInAllFormats) {
    const std::string board = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR";
    const auto xfen = position_from_fen(board + " w KQkq - 0 1");
    const auto shredder = position_from_fen(board + " w HFhf - 0 1");
    ASSERT_TRUE(xfen);
    ASSERT_TRUE(shredder);
    EXPECT_TRUE(*xfen == *shredder);
    EXPECT_TRUE(xfen->is_chess960());
    EXPECT_EQ(xfen->castling_rooks(), bb(Square::F1) | bb(Square::H1) | bb(Square::F8) | bb(Square::H8));
    EXPECT_EQ(to_fen(*xfen, FenFormat::XFen), board + " w KQkq - 0 1");
    EXPECT_EQ(to_fen(*xfen, FenFormat::Shredder), board + " w HFhf - 0 1");
}

TEST(FenOutput, ClocksAndSideAreWritten) {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 33";
    const auto pos = position_from_fen(fen);
    ASSERT_TRUE(pos);
    EXPECT_EQ(to_fen(*pos), fen);
    EXPECT_EQ(pos->halfmove_clock(), 17);
    EXPECT_EQ(pos->fullmove_number(), 33);
    EXPECT_EQ(pos->ply(), 65);
}

TEST(Chess960Detection, FromLettersKingAndRooksOrCaller) {
    auto detected = [](const std::string& fen, std::optional<Variant> v = std::nullopt) {
        const auto pos = position_from_fen(fen, {{}, v});
        EXPECT_TRUE(pos) << fen;
        return pos && pos->is_chess960();
    };
    EXPECT_FALSE(detected(Start));
    EXPECT_FALSE(detected("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    EXPECT_TRUE(detected(StartBoard + " w HAha - 0 1"));         // Shredder letters say so
    EXPECT_TRUE(detected("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1"));   // king off e1 with rights
    EXPECT_TRUE(detected("4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1"));  // rook off the corner
    EXPECT_TRUE(detected(Start, Variant::Chess960));
    EXPECT_FALSE(detected(StartBoard + " w HAha - 0 1", Variant::Standard));
    // Without castling rights nothing tells, so a king on f1 is just a king on f1.
    EXPECT_FALSE(detected("4k3/8/8/8/8/8/8/5K2 w - - 0 1"));
}

// --- Polyglot keys ---

/// Plays UCI moves from the start; fails the test on an illegal one.
Position after_moves(const std::vector<std::string>& moves) {
    Position pos;
    for (const std::string& uci : moves) {
        const auto m = test::find_uci(pos, uci, false);
        EXPECT_TRUE(m) << uci << " is not legal in " << to_fen(pos);
        if (!m) break;
        pos.do_move(*m);
        EXPECT_EQ(pos.key(), pos.compute_key()) << "after " << uci;
    }
    return pos;
}

TEST(PolyglotKey, MatchesTheSpecification) {
    struct Case {
        std::vector<std::string> moves;
        Key key;
        const char* fen;
    };
    const Case cases[] = {
        {{}, 0x463b96181691fc9cULL, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        // Our FEN writes the e.p. square only when a capture is legal, as Polyglot hashes it.
        {{"e2e4"}, 0x823c9b50fd114196ULL, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
        {{"e2e4", "d7d5"}, 0x0756b94461c50fb0ULL, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
        {{"e2e4", "d7d5", "e4e5"},
         0x662fafb965db29d4ULL,
         "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"},
        {{"e2e4", "d7d5", "e4e5", "f7f5"},
         0x22a48b5a8e47ff78ULL,
         "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
        {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"},
         0x652a607ca3f242c1ULL,
         "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3"},
        {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"},
         0x00fdd303c946bdd9ULL,
         "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4"},
        {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"},
         0x3c8123ea7b067637ULL,
         "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3"},
        {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"},
         0x5c3f9b829b279560ULL,
         "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4"},
    };
    for (const Case& c : cases) {
        const Position played = after_moves(c.moves);
        EXPECT_EQ(played.key(), c.key) << c.fen << " reached by moves";
        EXPECT_EQ(to_fen(played, FenFormat::Fen), c.fen);
        const auto parsed = position_from_fen(c.fen);
        ASSERT_TRUE(parsed) << c.fen;
        EXPECT_EQ(parsed->key(), c.key) << c.fen << " parsed";
        EXPECT_EQ(parsed->compute_key(), c.key) << c.fen;
    }
}

TEST(PolyglotKey, EnPassantSquareWithoutLegalCaptureDoesNotCount) {
    struct Case {
        const char* with_ep;
        const char* without_ep;
    };
    const Case cases[] = {
        // No pawn can capture at all.
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
        // exd3 would expose the black king on the fourth rank.
        {"8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1", "8/8/8/8/k2Pp2R/8/8/4K3 b - - 0 1"},
        // The capturing pawn is pinned along the diagonal.
        {"4k2K/8/8/3pP3/8/8/8/b7 w - d6 0 1", "4k2K/8/8/3pP3/8/8/8/b7 w - - 0 1"},
        {"4k3/8/8/1K1pP2r/8/8/8/8 w - d6 0 1", "4k3/8/8/1K1pP2r/8/8/8/8 w - - 0 1"},
    };
    for (const Case& c : cases) {
        const auto with = position_from_fen(c.with_ep);
        const auto without = position_from_fen(c.without_ep);
        ASSERT_TRUE(with) << c.with_ep;
        ASSERT_TRUE(without) << c.without_ep;
        EXPECT_EQ(with->ep_square(), Square::None) << c.with_ep;
        EXPECT_EQ(with->key(), without->key()) << c.with_ep;
        EXPECT_TRUE(with->same_position(*without)) << c.with_ep;
        EXPECT_EQ(to_fen(*with), c.without_ep);
    }
    // A legal capture keeps the square and changes the key.
    const auto legal = position_from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    const auto none = position_from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    ASSERT_TRUE(legal && none);
    EXPECT_EQ(legal->ep_square(), Square::F6);
    EXPECT_NE(legal->key(), none->key());
    EXPECT_FALSE(legal->same_position(*none));
}

TEST(PolyglotKey, SameAfterTransposition) {
    const Position a = after_moves({"g1f3", "g8f6", "b1c3", "b8c6"});
    const Position b = after_moves({"b1c3", "b8c6", "g1f3", "g8f6"});
    EXPECT_EQ(a.key(), b.key());
    EXPECT_TRUE(a.same_position(b));
    const Position c = after_moves({"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_EQ(c.key(), Position().key());
    EXPECT_TRUE(c.same_position(Position()));
    EXPECT_FALSE(c == Position());  // the clocks differ
}

}  // namespace
}  // namespace schach
