// The UCI parser, options table and line formats, without processes or threads.

#include <gtest/gtest.h>

#include <variant>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "uci/command.hpp"
#include "uci/error.hpp"
#include "uci/info_line.hpp"
#include "uci/options.hpp"

namespace schach::uci {
namespace {

using K = UciError::Kind;

std::expected<Command, UciError> parse(std::string_view line, const Position& pos = Position(), bool chess960 = false) {
    return parse_command(line, ParseContext{&pos, chess960});
}

/// The command of type T (a copy: the parse result is a temporary).
template <class T>
T as(const std::expected<Command, UciError>& c) {
    EXPECT_TRUE(c.has_value()) << (c ? "" : describe(c.error()));
    if (!c || !std::holds_alternative<T>(*c)) return T{};
    return std::get<T>(*c);
}

TEST(UciParser, SimpleCommands) {
    EXPECT_TRUE(std::holds_alternative<UciCmd>(*parse("uci")));
    EXPECT_TRUE(std::holds_alternative<IsReadyCmd>(*parse("  isready \r")));
    EXPECT_TRUE(std::holds_alternative<NewGameCmd>(*parse("ucinewgame")));
    EXPECT_TRUE(std::holds_alternative<StopCmd>(*parse("stop")));
    EXPECT_TRUE(std::holds_alternative<PonderHitCmd>(*parse("ponderhit")));
    EXPECT_TRUE(std::holds_alternative<QuitCmd>(*parse("quit")));
    EXPECT_TRUE(std::holds_alternative<DisplayCmd>(*parse("d")));
    EXPECT_TRUE(std::holds_alternative<NoCmd>(*parse("")));
    EXPECT_TRUE(std::holds_alternative<NoCmd>(*parse("debug on")));
}

TEST(UciParser, UnknownCommandsAndExtraWordsAreErrors) {
    auto c = parse("hello world");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().kind, K::UnknownCommand);
    EXPECT_EQ(describe(c.error()), "unknown command 'hello'");
    c = parse("isready now");
    ASSERT_FALSE(c);
    EXPECT_EQ(describe(c.error()), "isready: unknown word 'now'");
}

TEST(UciParser, SetOptionNamesAndValuesMayHoldSpaces) {
    const auto a = as<SetOptionCmd>(parse("setoption name Move Overhead value 100"));
    EXPECT_EQ(a.name, "Move Overhead");
    EXPECT_EQ(a.value, "100");
    const auto b = as<SetOptionCmd>(parse("setoption name BookFile value /tmp/my books/book.bin  "));
    EXPECT_EQ(b.value, "/tmp/my books/book.bin");
    const auto c = as<SetOptionCmd>(parse("setoption name Clear Hash"));
    EXPECT_EQ(c.name, "Clear Hash");
    EXPECT_EQ(c.value, "");
    EXPECT_EQ(parse("setoption Hash 3").error().kind, K::MissingOptionName);
}

TEST(UciParser, PositionStartposWithMoves) {
    const auto p = as<PositionCmd>(parse("position startpos moves e2e4 e7e5 g1f3"));
    EXPECT_EQ(p.moves.size(), 3u);
    EXPECT_FALSE(p.warning);
    Position pos = p.start;
    for (Move m : p.moves) pos.do_move(m);
    EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(UciParser, PositionFenWithFourFields) {
    const auto p = as<PositionCmd>(parse("position fen 8/8/8/8/8/8/8/K6k w - -"));
    EXPECT_EQ(to_fen(p.start), "8/8/8/8/8/8/8/K6k w - - 0 1");
}

TEST(UciParser, BadFenNamesFieldAndOffset) {
    const auto c = parse("position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().kind, K::BadFen);
    const std::string text = describe(c.error());
    EXPECT_NE(text.find("offset 18"), std::string::npos) << text;
    EXPECT_NE(text.find("placement"), std::string::npos) << text;
    EXPECT_EQ(text.find('\n'), std::string::npos) << text;
}

TEST(UciParser, InvalidPositionListsItsProblemsOnOneLine) {
    const auto c = parse("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    ASSERT_FALSE(c);
    const std::string text = describe(c.error());
    EXPECT_TRUE(text.starts_with("position: invalid position: ")) << text;
    EXPECT_EQ(text.find('\n'), std::string::npos) << text;
}

TEST(UciParser, IllegalMoveKeepsTheMovesBeforeIt) {
    const auto p = as<PositionCmd>(parse("position startpos moves e2e4 e7e5 e1e2 e8e7 e2e4 g8f6"));
    ASSERT_TRUE(p.warning);
    EXPECT_EQ(p.moves.size(), 4u);
    EXPECT_EQ(p.warning->kind, K::IllegalMove);
    EXPECT_EQ(p.warning->index, 4u);
    EXPECT_EQ(describe(*p.warning).substr(0, 36), "position: move 4 'e2e4' is illegal: ");
    EXPECT_NE(describe(*p.warning).find("position set up with the 4 moves before it"), std::string::npos);

    const auto q = as<PositionCmd>(parse("position startpos moves e2e4 banana"));
    ASSERT_TRUE(q.warning);
    EXPECT_EQ(q.warning->kind, K::BadMoveText);
    EXPECT_EQ(q.moves.size(), 1u);
}

TEST(UciParser, PositionNeedsStartposOrFen) {
    EXPECT_EQ(parse("position").error().kind, K::MissingPosition);
    EXPECT_EQ(parse("position e2e4").error().kind, K::MissingPosition);
    EXPECT_EQ(parse("position startpos e2e4").error().kind, K::UnknownToken);
}

TEST(UciParser, CastlingInBothNotations) {
    const Position pos = *position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Move oo = find_uci_move(pos, "e1g1", false);
    ASSERT_TRUE(oo);
    EXPECT_EQ(oo.kind(), MoveKind::Castling);
    EXPECT_EQ(find_uci_move(pos, "e1h1", false), oo);  // king takes rook, accepted too
    EXPECT_EQ(find_uci_move(pos, "e1h1", true), oo);
    EXPECT_EQ(find_uci_move(pos, "e1g1", true), oo);  // no other move reads e1g1
    EXPECT_EQ(find_uci_move(pos, "e1c1", false).kind(), MoveKind::Castling);
    EXPECT_EQ(to_uci(oo, true), "e1h1");
    // Chess960, king on b1 and rook on a1: b1c1 is a king step, castling only b1a1.
    ValidateOptions c960;
    c960.variant = Variant::Chess960;
    const Position q = *position_from_fen("1k6/8/8/8/8/8/8/RK6 w A - 0 1", c960);
    const Move step = find_uci_move(q, "b1c1", true);
    ASSERT_TRUE(step);
    EXPECT_EQ(step.kind(), MoveKind::Normal);
    EXPECT_EQ(find_uci_move(q, "b1a1", true).kind(), MoveKind::Castling);
}

TEST(UciParser, PromotionLetterInAnyCase) {
    const Position pos = *position_from_fen("8/4P3/8/8/8/8/8/K6k w - - 0 1");
    const Move q = find_uci_move(pos, "e7e8Q", false);
    ASSERT_TRUE(q);
    EXPECT_EQ(q.promotion(), PieceType::Queen);
    EXPECT_FALSE(find_uci_move(pos, "e7e8", false));  // a promotion needs its piece
    EXPECT_FALSE(find_uci_move(pos, "e7e8k", false));
}

TEST(UciParser, GoParameters) {
    const auto g = as<GoCmd>(parse("go wtime 300000 btime 299000 winc 2000 binc 1000 movestogo 40"));
    EXPECT_EQ(g.limits.wtime, 300000);
    EXPECT_EQ(g.limits.btime, 299000);
    EXPECT_EQ(g.limits.winc, 2000);
    EXPECT_EQ(g.limits.binc, 1000);
    EXPECT_EQ(g.limits.movestogo, 40);
    const auto h = as<GoCmd>(parse("go depth 7 nodes 100000 mate 3 movetime 500"));
    EXPECT_EQ(h.limits.depth, 7);
    EXPECT_EQ(h.limits.nodes, 100000u);
    EXPECT_EQ(h.limits.mate, 3);
    EXPECT_EQ(h.limits.movetime, 500);
    const auto i = as<GoCmd>(parse("go ponder infinite"));
    EXPECT_TRUE(i.limits.ponder);
    EXPECT_TRUE(i.limits.infinite);
    // A clock run out (some GUIs send negative times) is read as it is.
    EXPECT_EQ(as<GoCmd>(parse("go wtime -20 btime 100")).limits.wtime, -20);
}

TEST(UciParser, GoSearchmovesEndAtTheNextKeyword) {
    const auto g = as<GoCmd>(parse("go searchmoves e2e4 d2d4 depth 5"));
    ASSERT_EQ(g.limits.searchmoves.size(), 2u);
    EXPECT_EQ(to_uci(g.limits.searchmoves[1], false), "d2d4");
    EXPECT_EQ(g.limits.depth, 5);
    const auto bad = parse("go searchmoves e2e5");
    ASSERT_FALSE(bad);
    EXPECT_EQ(describe(bad.error()), "go: searchmoves: 'e2e5' is not a legal move in this position");
}

TEST(UciParser, GoSearchmovesNamesEachMoveOnce) {
    // Found by fuzz_uci: a move listed twice, or searchmoves given twice, is searched once.
    const auto g = as<GoCmd>(parse("go searchmoves e2e4 d2d4 e2e4 searchmoves d2d4 g1f3"));
    ASSERT_EQ(g.limits.searchmoves.size(), 3u);
    EXPECT_EQ(to_uci(g.limits.searchmoves[0], false), "e2e4");
    EXPECT_EQ(to_uci(g.limits.searchmoves[1], false), "d2d4");
    EXPECT_EQ(to_uci(g.limits.searchmoves[2], false), "g1f3");
}

TEST(UciParser, GoErrorsSayWhatIsWrong) {
    EXPECT_EQ(describe(parse("go depth").error()), "go: 'depth' needs a value");
    EXPECT_EQ(describe(parse("go depth 0").error()), "go: 'depth' needs an integer from 1 to 236, not '0'");
    EXPECT_EQ(describe(parse("go movetime 1.5").error()),
              "go: 'movetime' needs an integer from 1 to 1099511627776, not '1.5'");
    EXPECT_EQ(describe(parse("go fast").error()), "go: unknown word 'fast'");
}

TEST(UciOptions, ApplyChecksNamesTypesAndRanges) {
    engine::EngineOptions o;
    ASSERT_TRUE(apply_option("hash", "256", o));
    EXPECT_EQ(o.hash_mb, 256);
    ASSERT_TRUE(apply_option("MOVE OVERHEAD", "0", o));
    EXPECT_EQ(o.move_overhead_ms, 0);
    ASSERT_TRUE(apply_option("UCI_Chess960", "TRUE", o));
    EXPECT_TRUE(o.chess960);
    ASSERT_TRUE(apply_option("Level", "3", o));
    EXPECT_EQ(o.level, 3);
    EXPECT_EQ(*apply_option("Clear Hash", "", o), OptionEffect::ClearHash);
    ASSERT_TRUE(apply_option("BookFile", "<empty>", o));
    EXPECT_EQ(o.book_file, "");
    ASSERT_TRUE(apply_option("SearchOff", "lmr, nmp", o));
    EXPECT_FALSE(o.features.on(engine::SearchFeature::Lmr));
    EXPECT_FALSE(o.features.on(engine::SearchFeature::NullMove));
    EXPECT_TRUE(o.features.on(engine::SearchFeature::Singular));
    EXPECT_EQ(engine::search_off_text(o.features), "nmp,lmr");

    const engine::EngineOptions before = o;
    auto e = apply_option("Hash", "65537", o);
    ASSERT_FALSE(e);
    EXPECT_EQ(describe(e.error()), "setoption: option 'Hash' takes an integer from 1 to 65536, not '65537'");
    e = apply_option("Ponder", "yes", o);
    ASSERT_FALSE(e);
    EXPECT_EQ(describe(e.error()), "setoption: option 'Ponder' takes true or false, not 'yes'");
    e = apply_option("UCI_Elo", "3000", o);
    ASSERT_FALSE(e);
    EXPECT_EQ(describe(e.error()), "setoption: option 'UCI_Elo' takes an integer from 450 to 2470, not '3000'");
    EXPECT_EQ(apply_option("Skill Level", "3", o).error().kind, K::UnknownOption);
    e = apply_option("SearchOff", "lmr,bogus", o);
    ASSERT_FALSE(e);
    EXPECT_TRUE(describe(e.error()).starts_with(
        "setoption: option 'SearchOff' takes a comma-separated list of aspiration, correction, rfp, nmp,"))
        << describe(e.error());
    EXPECT_EQ(o.features, before.features);
    EXPECT_EQ(o.hash_mb, before.hash_mb);
    EXPECT_EQ(o.ponder, before.ponder);
}

TEST(UciOptions, EveryOptionIsListedWithItsType) {
    const auto lines = option_lines();
    ASSERT_EQ(lines.size(), option_specs().size());
    EXPECT_EQ(lines.front(), "option name Hash type spin default 16 min 1 max 65536");
    for (const std::string& line : lines) EXPECT_TRUE(line.starts_with("option name ")) << line;
}

TEST(UciInfo, LinesInTheOrderGuisExpect) {
    engine::SearchInfo info;
    info.depth = 12;
    info.seldepth = 18;
    info.multipv = 2;
    info.score = engine::Score{engine::Score::Kind::Centipawns, 31, engine::ScoreBound::Lower};
    info.nodes = 123456;
    info.nps = 1000000;
    info.hashfull = 17;
    info.time_ms = 123;
    const Position pos = *position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    info.pv = {find_uci_move(pos, "e1g1", false)};
    EXPECT_EQ(info_line(info, false, false),
              "info depth 12 seldepth 18 multipv 2 score cp 31 lowerbound nodes 123456 nps 1000000 hashfull 17 time "
              "123 pv e1g1");
    EXPECT_EQ(info_line(info, true, false).substr(info_line(info, true, false).size() - 4), "e1h1");
    info.score = engine::Score{engine::Score::Kind::Mate, -3, engine::ScoreBound::Exact};
    info.wdl = engine::Wdl{0, 10, 990};
    EXPECT_NE(info_line(info, false, true).find("score mate -3 wdl 0 10 990 nodes"), std::string::npos);
}

TEST(UciInfo, WdlEstimateSumsToAThousand) {
    for (int cp : {-1000, -300, -50, 0, 50, 300, 1000}) {
        const engine::Wdl w = estimate_wdl(engine::Score{engine::Score::Kind::Centipawns, cp, {}});
        EXPECT_EQ(w.win + w.draw + w.loss, 1000) << cp;
        EXPECT_GE(w.draw, 0);
        if (cp > 0) {
            EXPECT_GT(w.win, w.loss);
        }
    }
}

TEST(UciInfo, BestMoveLine) {
    EXPECT_EQ(bestmove_line({}, false), "bestmove 0000");
    const Position pos;
    EXPECT_EQ(bestmove_line({find_uci_move(pos, "e2e4", false), Move::none()}, false), "bestmove e2e4");
}

}  // namespace
}  // namespace schach::uci
