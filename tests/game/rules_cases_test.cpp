// Rule cases from shared/data/rules/rules_cases.tsv, one test per row, every query: legal_uci,
// legal_count, status, fen_after, san, parse_san, the move-count clocks and repetition. The moves
// are read with the real SAN parser and played in a Game (which counts repetitions).

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "game/game.hpp"
#include "notation/notation.hpp"
#include "support/test_data.hpp"
#include "support/test_moves.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

constexpr std::size_t RulesCaseCount = 84;

struct RuleCase {
    std::string id, category;
    bool chess960 = false;
    std::string fen, moves, query, arg, expected, source;
    int line = 0;
};

void PrintTo(const RuleCase& c, std::ostream* os) { *os << c.id; }

std::vector<RuleCase> load_rule_cases() {
    const test::TsvTable table = test::read_tsv(test::data_file("rules/rules_cases.tsv"));
    std::vector<RuleCase> cases;
    for (const test::TsvRow& row : table.rows) {
        auto cell = [&](std::string_view name) { return row.cells.at(table.column(name)); };
        cases.push_back({cell("id"), cell("category"), cell("chess960") == "1", cell("fen"), cell("moves"),
                         cell("query"), cell("arg"), cell("expected"), cell("source"), row.line});
    }
    return cases;
}

/// Loaded once for instantiation; a missing file yields no instances and fails RulesCasesFile.
std::vector<RuleCase> rule_cases_or_empty() {
    try {
        return load_rule_cases();
    } catch (const std::exception&) {
        return {};
    }
}

TEST(RulesCasesFile, HasEveryCaseWithAKnownQuery) {
    const std::vector<RuleCase> cases = load_rule_cases();
    EXPECT_EQ(cases.size(), RulesCaseCount);
    const std::set<std::string> queries = {"legal_uci", "legal_count",     "status",          "fen_after",       "san",
                                           "parse_san", "halfmove_ge_100", "halfmove_ge_150", "repetition_count"};
    for (const RuleCase& c : cases) EXPECT_TRUE(queries.contains(c.query)) << c.id << ": unknown query " << c.query;
}

// --- Helpers ---

ValidateOptions options_for(const RuleCase& c) {
    // Some cases are unreachable on purpose (impossible checks); KingCount can never be relaxed.
    return {Problems::all() - Problem::KingCount, c.chess960 ? Variant::Chess960 : Variant::Standard};
}

std::string where(const RuleCase& c) {
    return "rules_cases.tsv:" + std::to_string(c.line) + " [" + c.id + "] " + c.fen + " moves: " + c.moves +
           " query: " + c.query + " " + c.arg;
}

/// Plays a SAN move (lenient, as files write them); fails the test when it is not legal and unique.
bool play(Game& game, const std::string& text, const RuleCase& c) {
    const auto m = parse_san(game.position(), text);
    if (!m) {
        ADD_FAILURE() << where(c) << ": cannot play '" << text
                      << "': " << describe(m.error(), game.position(), Language::English);
        return false;
    }
    if (!game.play(*m)) {
        ADD_FAILURE() << where(c) << ": game refused '" << text << "'";
        return false;
    }
    return true;
}

/// The game after the FEN and the `moves` column (moves go on past an automatic ending, as the
/// fivefold cases need).
std::optional<Game> start_game(const RuleCase& c) {
    auto pos = position_from_fen(c.fen, options_for(c));
    if (!pos) {
        ADD_FAILURE() << where(c) << ": FEN rejected: " << describe(pos.error(), Language::English);
        return std::nullopt;
    }
    GameOptions replay;
    replay.stop_at_end = false;
    Game game(*pos, replay);
    if (c.moves != "-")
        for (const std::string& san : test::split_words(c.moves))
            if (!play(game, san, c)) return std::nullopt;
    return game;
}

std::string status_of(const Position& pos) {
    if (count_legal(pos) > 0) return "ongoing";
    return pos.in_check() ? "checkmate" : "stalemate";
}

/// Field-wise FEN comparison: placement, side, castling as a set of rook squares (X-FEN or
/// Shredder-FEN alike), e.p. square after normalising (only a legal capture keeps it), clocks.
void expect_same_fen(const Position& got, const std::string& expected_fen, const RuleCase& c) {
    const auto expected_setup = parse_fen(expected_fen);
    ASSERT_TRUE(expected_setup) << where(c)
                                << ": expected FEN unreadable: " << describe(expected_setup.error(), Language::English);
    const auto expected = Position::from_setup(*expected_setup, options_for(c));
    ASSERT_TRUE(expected) << where(c) << ": expected FEN invalid";
    const std::vector<std::string> want = test::split_words(expected_fen);
    const std::vector<std::string> have = test::split_words(to_fen(got, FenFormat::Shredder));
    ASSERT_EQ(want.size(), 6u) << expected_fen;
    EXPECT_EQ(have[0], want[0]) << where(c) << ": placement";
    EXPECT_EQ(have[1], want[1]) << where(c) << ": side to move";
    EXPECT_EQ(got.castling_rooks(), expected_setup->castling_rooks)
        << where(c) << ": castling, got " << have[2] << " want " << want[2];
    EXPECT_EQ(got.ep_square(), expected->ep_square()) << where(c) << ": e.p., got " << have[3] << " want " << want[3];
    EXPECT_EQ(got.halfmove_clock(), expected_setup->halfmove_clock) << where(c) << ": halfmove clock";
    EXPECT_EQ(got.fullmove_number(), expected_setup->fullmove_number) << where(c) << ": fullmove number";
}

// --- The cases ---

class RulesCase : public testing::TestWithParam<RuleCase> {};

TEST_P(RulesCase, Holds) {
    const RuleCase& c = GetParam();
    auto game = start_game(c);
    ASSERT_TRUE(game);
    const Position& pos = game->position();
    ASSERT_TRUE(pos.is_consistent()) << where(c);
    if (c.query == "legal_uci") {
        const bool legal = test::find_uci(pos, c.arg, c.chess960).has_value();
        EXPECT_EQ(legal ? "true" : "false", c.expected) << where(c);
    } else if (c.query == "legal_count") {
        EXPECT_EQ(count_legal(pos), test::parse_int(c.expected)) << where(c);
        EXPECT_EQ(legal_moves(pos).size(), test::parse_u64(c.expected)) << where(c);
    } else if (c.query == "status") {
        EXPECT_EQ(status_of(pos), c.expected) << where(c);
    } else if (c.query == "fen_after") {
        if (c.arg != "-") {
            ASSERT_TRUE(play(*game, c.arg, c));
        }
        expect_same_fen(game->position(), c.expected, c);
    } else if (c.query == "san") {
        const auto m = test::find_uci(pos, c.arg, c.chess960);
        ASSERT_TRUE(m) << where(c) << ": not legal";
        EXPECT_EQ(to_san(pos, *m), c.expected) << where(c);
    } else if (c.query == "parse_san") {
        const auto m = parse_san(pos, c.arg);
        if (c.expected == "illegal" || c.expected == "ambiguous") {
            ASSERT_FALSE(m) << where(c) << ": read as " << to_uci(*m, c.chess960);
            EXPECT_EQ(m.error().kind,
                      c.expected == "illegal" ? MoveTextError::Kind::Illegal : MoveTextError::Kind::Ambiguous)
                << where(c);
        } else {
            ASSERT_TRUE(m) << where(c) << ": " << describe(m.error(), pos, Language::English);
            EXPECT_EQ(to_uci(*m, c.chess960), c.expected) << where(c);
        }
    } else if (c.query == "halfmove_ge_100" || c.query == "halfmove_ge_150") {
        const int limit = c.query == "halfmove_ge_100" ? 100 : 150;
        EXPECT_EQ(pos.halfmove_clock() >= limit ? "true" : "false", c.expected) << where(c);
    } else if (c.query == "repetition_count") {
        EXPECT_EQ(game->repetition_count(), test::parse_int(c.expected)) << where(c);
    } else {
        FAIL() << where(c) << ": unknown query";
    }
}

std::string case_name(const testing::TestParamInfo<RuleCase>& info) {
    std::string name;
    for (char ch : info.param.id) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(RulesCases, RulesCase, testing::ValuesIn(rule_cases_or_empty()), case_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RulesCase);

}  // namespace
}  // namespace schach
