// The PGN reader, tree and writer on every file of shared/data/pgn, plus constructed edge cases.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "pgn/byte_scan.hpp"
#include "pgn/pgn.hpp"
#include "support/test_data.hpp"
#include "text/text.hpp"

namespace schach {
namespace {

std::string slurp(std::string_view relative) {
    std::ifstream in(test::data_file(relative), std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + std::string(relative));
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Counts what the reader reports.
struct Census : PgnVisitor {
    int games = 0, moves = 0, variations = 0, nags = 0, comments = 0, nulls = 0;
    std::vector<PgnError> errors;
    std::vector<std::string> results;
    void move(const Position&, Move m, std::string_view, const PgnLocation&) override {
        ++moves;
        nulls += m == Move::null();
    }
    void begin_variation() override { ++variations; }
    void nag(int) override { ++nags; }
    void comment(std::string_view) override { ++comments; }
    void result(std::string_view r) override { results.emplace_back(r); }
    void error(const PgnError& e) override { errors.push_back(e); }
    void end_game() override { ++games; }
};

Census census(std::string_view relative, PgnReaderOptions options = {}) {
    std::istringstream in(slurp(relative));
    PgnReader reader(in, options);
    Census c;
    reader.read_all(c);
    return c;
}

struct FileExpectation {
    const char* file;
    int games, moves, variations, nags, comments;
};

// Moves count every move of main lines and variations. Comments count every {...} in the file.
// The scalachess file's figures (46 variations, 50 NAGs) are the ones PROVENANCE.md gives.
constexpr FileExpectation Files[] = {
    {"pgn/chessjs_test_1.pgn", 1, 81, 0, 0, 0},
    {"pgn/chessjs_test_2.pgn", 1, 4, 0, 0, 0},
    {"pgn/chessjs_test_3.pgn", 1, 4, 0, 0, 0},
    {"pgn/python-chess_anastasian-lewis.pgn", 1, 84, 0, 0, 0},
    {"pgn/python-chess_chessbase-empty-line.pgn", 1, 134, 0, 0, 0},
    {"pgn/python-chess_cutechess-fischerrandom.pgn", 4, 396, 0, 0, 396},
    {"pgn/python-chess_kasparov-deep-blue-1997.pgn", 6, 519, 0, 0, 0},
    {"pgn/python-chess_molinari-bordais-1979.pgn", 1, 10, 0, 0, 0},
    {"pgn/python-chess_nepomniachtchi-liren-game1.pgn", 1, 97, 0, 0, 0},
    {"pgn/python-chess_stockfish-learning.pgn", 1, 154, 0, 0, 154},
    {"pgn/python-chess_uci-moves.pgn", 1, 113, 0, 0, 0},
    {"pgn/python-chess_utf8-bom.pgn", 2, 0, 0, 0, 0},
    {"pgn/scalachess_pgn-render-snapshot.pgn", 15, 1654, 46, 50, 333},
};

TEST(Pgn, EveryDataFileReadsCompletely) {
    for (const auto& f : Files) {
        const Census c = census(f.file);
        EXPECT_EQ(c.games, f.games) << f.file;
        EXPECT_EQ(c.moves, f.moves) << f.file;
        EXPECT_EQ(c.variations, f.variations) << f.file;
        EXPECT_EQ(c.nags, f.nags) << f.file;
        EXPECT_EQ(c.comments, f.comments) << f.file;
        const std::size_t expected_errors = std::string_view(f.file).find("scalachess") != std::string_view::npos ? 1
                                                                                                                  : 0;
        EXPECT_EQ(c.errors.size(), expected_errors) << f.file;
    }
}

TEST(Pgn, CrazyhouseIsReportedAsUnsupportedAndTheNextGameIsRead) {
    const Census c = census("pgn/scalachess_pgn-render-snapshot.pgn");
    ASSERT_EQ(c.errors.size(), 1u);
    EXPECT_EQ(c.errors[0].kind, PgnError::Kind::UnsupportedVariant);
    EXPECT_EQ(c.errors[0].where.game, 3u);
    EXPECT_EQ(c.errors[0].where.line, 53u);
    EXPECT_EQ(c.games, 15);
}

TEST(Pgn, HtmlLineBreaks) {
    PgnReaderOptions o;
    const Census without = census("pgn/chessjs_test_0.pgn", o);
    EXPECT_EQ(without.errors.size(), 1u);
    o.newline = "<br />";
    const Census with = census("pgn/chessjs_test_0.pgn", o);
    EXPECT_TRUE(with.errors.empty());
    EXPECT_EQ(with.moves, 77);
}

TEST(Pgn, NullMoveZ0) {
    const Census c = census("pgn/python-chess_anastasian-lewis.pgn");
    EXPECT_EQ(c.nulls, 1);
    auto games = read_pgn_games(slurp("pgn/python-chess_anastasian-lewis.pgn"));
    ASSERT_EQ(games.size(), 1u);
    const auto line = games[0].mainline();
    EXPECT_EQ(line[81], Move::null());  // 41. Bxf3 Z0: black's 41st move
    EXPECT_NE(write_pgn(games[0]).find("41. Bxf3 -- 42. Ke1"), std::string::npos);
}

TEST(Pgn, BomAndEmptyGames) {
    auto games = read_pgn_games(slurp("pgn/python-chess_utf8-bom.pgn"));
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].tags.front().first, "Event");
    EXPECT_TRUE(games[0].mainline().empty());
    EXPECT_EQ(games[0].result, "*");
}

TEST(Pgn, SetUpWithBlackToMoveAndChess960) {
    auto games = read_pgn_games(slurp("pgn/chessjs_test_3.pgn"));
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].start.side_to_move(), Color::Black);
    EXPECT_EQ(to_fen(games[0].end_position()), "r1bqk1nr/ppp2ppp/2np4/b3p3/2BPP3/2P2N2/P4PPP/RNBQ1RK1 b kq - 0 3");
    auto frc = read_pgn_games(slurp("pgn/python-chess_cutechess-fischerrandom.pgn"));
    ASSERT_EQ(frc.size(), 4u);
    for (const auto& g : frc) EXPECT_TRUE(g.start.is_chess960());
}

TEST(Pgn, CommentCommands) {
    const CommentCommands c = parse_comment("[%clk 1:02:03.5] good move [%eval -0.35,21] [%csl Ga1,Rb2] [%cal Ge2e4]");
    ASSERT_TRUE(c.clock_seconds);
    EXPECT_DOUBLE_EQ(*c.clock_seconds, 3723.5);
    ASSERT_TRUE(c.eval_centipawns);
    EXPECT_EQ(*c.eval_centipawns, -35);
    EXPECT_EQ(c.eval_depth, 21);
    ASSERT_EQ(c.squares.size(), 2u);
    EXPECT_EQ(c.squares[1].color, 'R');
    EXPECT_EQ(c.squares[1].from, Square::B2);
    ASSERT_EQ(c.arrows.size(), 1u);
    EXPECT_EQ(c.arrows[0].to, Square::E4);
    EXPECT_EQ(c.text, "good move");
    EXPECT_EQ(parse_comment("[%eval #-3]").eval_mate, -3);
    EXPECT_DOUBLE_EQ(*parse_comment("[%emt 0:00:05]").elapsed_seconds, 5.0);
    // The scalachess file keeps [%clk] on its moves.
    int clocks = 0;
    for (const auto& g : read_pgn_games(slurp("pgn/scalachess_pgn-render-snapshot.pgn")))
        for (const auto& n : g.nodes)
            for (const auto& text : n.comments_after) clocks += parse_comment(text).clock_seconds.has_value();
    EXPECT_GT(clocks, 0);
}

TEST(Pgn, ErrorsCarryLineColumnGameAndRecover) {
    const std::string text =
        "[Event \"one\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n"
        "[Event \"two\"]\n\n1. d4 d5 2. Nd2 *\n\n"
        "[Event \"three\"]\n\n1. Nf3 Nf6 2. Nd4 Nd5 3. Nf5 Nb4 4. Nd4 Nd5 5. Nb5 Nb4 6. N5c3 Nc6 7. Nd2 *\n";
    std::vector<PgnError> errors;
    auto games = read_pgn_games(text, &errors);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].kind, PgnError::Kind::IllegalMove);
    EXPECT_EQ(errors[0].where.game, 1u);
    EXPECT_EQ(errors[0].where.line, 3u);
    EXPECT_EQ(errors[0].where.column, 13u);
    EXPECT_EQ(errors[1].kind, PgnError::Kind::AmbiguousMove);
    EXPECT_EQ(errors[1].where.game, 3u);
    EXPECT_NE(describe(errors[1], Language::English).find("could be N4c6, N8c6"), std::string::npos);  // 6... Nc6
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(*games[0].tag("Event"), "two");
}

TEST(Pgn, UnclosedThingsAreErrors) {
    for (const char* text : {"1. e4 { open comment\n", "1. e4 (1. d4 d5\n", "1. e4 ) *\n", "1. e4 $ *\n",
                             "[Event \"x\n1. e4 *\n", "[FEN \"not a fen\"]\n\n1. e4 *\n"}) {
        std::vector<PgnError> errors;
        read_pgn_games(text, &errors);
        EXPECT_EQ(errors.size(), 1u) << text;
    }
}

TEST(Pgn, RoundTripIsStableOnEveryFile) {
    for (const auto& f : Files) {
        auto first = read_pgn_games(slurp(f.file));
        std::string once, twice;
        for (const auto& g : first) once += write_pgn(g) + "\n";
        std::vector<PgnError> errors;
        auto second = read_pgn_games(once, &errors);
        EXPECT_TRUE(errors.empty()) << f.file << ": " << (errors.empty() ? "" : describe(errors[0], Language::English));
        ASSERT_EQ(second.size(), first.size()) << f.file;
        for (const auto& g : second) twice += write_pgn(g) + "\n";
        EXPECT_EQ(once, twice) << f.file;
        for (std::size_t i = 0; i < first.size(); ++i) {
            EXPECT_EQ(first[i].mainline(), second[i].mainline()) << f.file;
            EXPECT_EQ(first[i].nodes.size(), second[i].nodes.size()) << f.file;
        }
        // Export format: no line longer than 80 characters.
        std::istringstream lines(once);
        for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << f.file << ": " << line;
    }
}

TEST(Pgn, GermanEnglishGermanIsStable) {
    auto games = read_pgn_games(slurp("pgn/scalachess_pgn-render-snapshot.pgn"));
    ASSERT_FALSE(games.empty());
    for (const auto& g : games) {
        PgnWriteOptions de;
        de.lang = Language::German;
        const std::string german = write_pgn(g, de);
        auto back = read_pgn_games(german);
        ASSERT_EQ(back.size(), 1u);
        const std::string english = write_pgn(back[0]);
        EXPECT_EQ(english, write_pgn(g));
        auto again = read_pgn_games(english);
        ASSERT_EQ(again.size(), 1u);
        EXPECT_EQ(write_pgn(again[0], de), german);
    }
}

// Regressions found by fuzz_pgn / fuzz_san.
TEST(Pgn, FuzzFindings) {
    std::vector<PgnError> errors;
    // A stray closing brace is an error, not an endless loop.
    read_pgn_games("1. e4 } e5 *\n", &errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].kind, PgnError::Kind::Syntax);
    // A byte that starts no figurine (an en dash) is a syntax error, not a stack overflow.
    read_pgn_games("[Event \"x\"]\n\n1. e4 e5 2. Nf3 \xE2\x80\x93 *\n", &errors);
    EXPECT_EQ(errors.size(), 1u);
    EXPECT_FALSE(parse_san(Position(), "\xE2"));
    // '%' at the start of a line inside a comment is comment text, not an escape line.
    auto games = read_pgn_games("1. e4 { a\n%x } e5 *\n", &errors);
    EXPECT_TRUE(errors.empty());
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].mainline().size(), 2u);
    // A clock command broken over two lines keeps its value, and the writer keeps it on one line.
    std::string words;
    for (int i = 0; i < 13; ++i) words += " word";
    games = read_pgn_games("1. e4 {" + words + " [%clk 0:01:00] } *\n", &errors);
    ASSERT_EQ(games.size(), 1u);
    const std::string written = write_pgn(games[0]);
    EXPECT_NE(written.find("[%clk 0:01:00]"), std::string::npos);
    EXPECT_EQ(*parse_comment("[%clk\n0:01:00]").clock_seconds, 60.0);
    // A control character before a square mark is white space (the writer makes it a space), so
    // the mark means the same before and after writing.
    EXPECT_TRUE(parse_comment("[%csl \x18h8]").squares.empty());
    EXPECT_EQ(parse_comment("[%csl Ga1,\x18Rh8]").squares.size(), 2u);
    games = read_pgn_games("1. e4 { [%csl Ga1,\x18h8] } *\n", &errors);
    ASSERT_EQ(games.size(), 1u);
    auto again = read_pgn_games(write_pgn(games[0]), &errors);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(parse_comment(again[0].nodes[1].comments_after.at(0)).squares,
              parse_comment(games[0].nodes[1].comments_after.at(0)).squares);
    EXPECT_EQ(write_pgn(again[0]), write_pgn(games[0]));
    // A tag value ending in a backslash (unclosed) is an error, not a read past its end.
    read_pgn_games("[Event \"ab\\\\\\\n\n1. e4 *\n", &errors);
    EXPECT_FALSE(errors.empty());
    // Two games on one line.
    games = read_pgn_games("1. c4 * 1. Nf3 *\n", &errors);
    EXPECT_EQ(games.size(), 2u);
    // Annotations apart from their move.
    games = read_pgn_games("1. e4 d5 2. e5 f5 3. exf6 e.p. !? *\n", &errors);
    EXPECT_TRUE(errors.empty());
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].mainline().size(), 5u);
    EXPECT_EQ(games[0].nodes.back().nags, std::vector<int>{5});
    // A result inside a variation is an error and ends the game there, whether an earlier move
    // already failed (strict mode refuses "e:f4") or not (lenient mode reads it): the games after
    // it are the same games in both modes.
    const std::string text =
        "1. e4 c5 (1... e5 2. Nf3 (2. f4 e:f4 *(2...\n61...Kf6 62. Qe8 Kf5 \xC2\xBD-\xC2\xBD\n\n"
        "1. d4 d5 *\n";
    for (ParseMode mode : {ParseMode::Lenient, ParseMode::Strict}) {
        PgnReaderOptions options;
        options.san_mode = mode;
        games = read_pgn_games(text, &errors, options);
        ASSERT_EQ(games.size(), 1u) << (mode == ParseMode::Strict ? "strict" : "lenient");
        EXPECT_EQ(games[0].mainline().size(), 2u);
        EXPECT_EQ(errors.size(), 2u) << "the result in the variation, and the game made of the rest";
    }
}

TEST(Pgn, OverlongLineIsBoundedAndReported) {
    std::string text = "[Event \"x\"]\n\n1. e4 {" + std::string(3u << 20, 'a') + "} *\n\n[Event \"y\"]\n\n1. d4 *\n";
    std::istringstream in(text);
    PgnReaderOptions o;
    o.max_game_bytes = 1u << 20;
    PgnReader reader(in, o);
    PgnGameBuilder b;
    reader.read_all(b);
    ASSERT_EQ(b.errors().size(), 1u);
    EXPECT_EQ(b.errors()[0].kind, PgnError::Kind::TooLarge);
    auto games = b.take();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(*games[0].tag("Event"), "y");
}

/// Every event of the reader as text, with locations, to compare two ways of reading.
struct Trace : PgnVisitor {
    std::string out;
    static std::string where(const PgnLocation& l) {
        return std::to_string(l.line) + ":" + std::to_string(l.column) + ":" + std::to_string(l.game);
    }
    void begin_game(const PgnLocation& l) override { out += "game " + where(l) + "\n"; }
    void tag(std::string_view n, std::string_view v) override {
        out += "tag " + std::string(n) + "=" + std::string(v) + "\n";
    }
    bool begin_moves(const Position& p) override {
        out += "start " + to_fen(p) + "\n";
        return true;
    }
    void move(const Position& before, Move m, std::string_view text, const PgnLocation& l) override {
        out += "move " + to_uci(before, m) + " " + std::string(text) + " " + where(l) + "\n";
    }
    void nag(int n) override { out += "nag " + std::to_string(n) + "\n"; }
    void comment(std::string_view c) override { out += "comment " + std::string(c) + "\n"; }
    void begin_variation() override { out += "(\n"; }
    void end_variation() override { out += ")\n"; }
    void result(std::string_view r) override { out += "result " + std::string(r) + "\n"; }
    void error(const PgnError& e) override {
        out += "error " + where(e.where) + " " + describe(e, Language::English) + "\n";
    }
    void end_game() override { out += "end\n"; }
};

std::string trace_stream(const std::string& text, const PgnReaderOptions& o) {
    std::istringstream in(text);
    PgnReader reader(in, o);
    Trace t;
    t.out = std::to_string(reader.read_all(t)) + " games\n" + t.out;
    return t.out;
}

std::string trace_memory(const std::string& text, const PgnReaderOptions& o) {
    PgnReader reader(std::string_view(text), o);
    Trace t;
    t.out = std::to_string(reader.read_all(t)) + " games\n" + t.out;
    return t.out;
}

TEST(Pgn, MemoryAndStreamReadersAgreeOnEveryFile) {
    for (const auto& f : Files) {
        const std::string text = slurp(f.file);
        for (const char* newline : {"", "<br />"}) {
            PgnReaderOptions o;
            o.newline = newline;
            EXPECT_EQ(trace_memory(text, o), trace_stream(text, o)) << f.file << " newline '" << newline << "'";
        }
        PgnReaderOptions strict;
        strict.san_mode = ParseMode::Strict;
        EXPECT_EQ(trace_memory(text, strict), trace_stream(text, strict)) << f.file << " strict";
    }
}

TEST(Pgn, MemoryAndStreamReadersAgreeOnOddTexts) {
    const std::vector<std::string> texts = {
        "",
        "\n",
        "1. e4 *",  // no final newline
        "\xEF\xBB\xBF[Event \"bom\"]\r\n\r\n1. e4 {a\r\nb} e5 *\r\n",
        "1. c4 * 1. Nf3 *\n[Event \"x\"]\n1. e4 e5 2. Ke2 Ke7 3. Ke1 1-0",
        "% escape\n1. e4 ; rest\n{ open\n%not an escape } e5 (1... c5 2. Nf3) 2. Nf3 $1 !? *\n",
    };
    for (const std::string& text : texts)
        for (std::size_t max : {std::size_t{0}, std::size_t{5}, std::size_t{20}, std::size_t{64} << 20}) {
            PgnReaderOptions o;
            o.max_game_bytes = max;
            EXPECT_EQ(trace_memory(text, o), trace_stream(text, o)) << "max " << max << ": " << text;
        }
}

/// Per game: the main line's length, the result and the errors; counted from the moves (`quiet`
/// false) or taken from end_moves by a visitor that asks for no moves and no comments.
struct MainLines : PgnVisitor {
    explicit MainLines(bool q) : quiet(q) {}
    bool quiet;
    int depth = 0;
    std::size_t plies = 0;
    bool ended = false;
    std::string out;
    Wants wants() const override { return quiet ? Wants{.moves = false, .comments = false} : Wants{}; }
    void begin_game(const PgnLocation&) override {
        depth = 0;
        plies = 0;
        ended = false;
    }
    void move(const Position&, Move, std::string_view, const PgnLocation&) override {
        EXPECT_FALSE(quiet);
        plies += depth == 0;
    }
    void comment(std::string_view) override { EXPECT_FALSE(quiet); }
    void nag(int) override { EXPECT_FALSE(quiet); }
    void begin_variation() override {
        EXPECT_FALSE(quiet);
        ++depth;
    }
    void end_variation() override { --depth; }
    void end_moves(std::size_t n) override {
        ended = true;
        if (quiet) plies = n;
        else EXPECT_EQ(n, plies);
    }
    void result(std::string_view r) override { out += "result " + std::string(r) + "\n"; }
    void error(const PgnError& e) override {
        out += std::to_string(e.where.line) + ":" + std::to_string(e.where.column) + " " +
               describe(e, Language::English) + "\n";
    }
    void end_game() override { out += ended ? "plies " + std::to_string(plies) + "\n" : "no plies (an error)\n"; }
};

std::string main_lines(const std::string& text, bool quiet) {
    PgnReader reader{std::string_view(text)};
    MainLines v(quiet);
    reader.read_all(v);
    return v.out;
}

TEST(Pgn, AVisitorThatWantsNoMovesGetsTheSameErrorsAndEachMainLinesLength) {
    std::vector<std::string> texts = {
        "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 {a} Nc6 $1 3. Bb5!? *\n",
        "1. e4 e5 2. Ke2 Kd7 3. Kxe5 *\n",  // an illegal move: an error, no end_moves
        "1. e4 {open\ncomment} e5 *\n[Event \"x\"]\n\n1. d4 (1. c4 e5 (1... c5) 2. Nc3) d5 1-0\n",
    };
    for (const auto& f : Files) texts.push_back(slurp(f.file));
    for (const std::string& text : texts) {
        const std::string full = main_lines(text, false);
        EXPECT_EQ(main_lines(text, true), full) << text.substr(0, 200);
        EXPECT_NE(full.find("plies "), std::string::npos);
    }
    EXPECT_EQ(main_lines(texts[0], true), "result *\nplies 5\n");
}

TEST(Pgn, WordsThatStartAsPlainSanAreTakenWholeOrNotAtAll) {
    // Words that begin like plain SAN but go on: the quick path must take such a word whole or leave
    // it to the general parser, never read its plain beginning and drop the rest. "Bb5+x", "f8=K",
    // "O-O-" and "e4e5" are reported where they stand; "Nf3x" and "Ra3x" are accepted. Both modes
    // (visitor with and without moves) agree.
    const std::string text =
        "1. e4 e5 2. Nf3x Nc6 *\n\n"
        "1. e4 e5 2. Nf3!? Nc6 3. Bb5+x a6 *\n\n"
        "1. e4 d5 2. exd5 e6 3. dxe6 Ke7 4. exf7 a6 5. f8=K a5 *\n\n"
        "1. e4 d5 2. exd5 e6 3. dxe6 Ke7 4. exf7 a6 5. fxg8=N+ Kd6 6. Nf6 a5 7. Be2 a4 8. O-O- a3 *\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O+x Be7 *\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O!? Be7 5. d3 O-O 6. Bg5 d6 7. Nc3 Bg4 8. Qd2 Qd7 9. O-O-O+ a6 *\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. a4 h6 10. Ra3x *\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. e4e5 *\n\n"
        "1. d4 e5 2. dxe5 d5 3. exd6 Bxd6 4. Bh6 Nxh6 5. Nf3 O-O 6. Nbd2 Re8 7. Nb1d2 *\n\n"
        "1. e4 d5 2. exd5 c6 3. dxc6 e5 4. cxb7 e4 5. bxa8=Q e3 6. bxa8=Q *\n";
    const std::string full = main_lines(text, false);
    EXPECT_EQ(main_lines(text, true), full);
    for (const char* where : {"3:29 ", "5:47 ", "7:82 ", "9:35 ", "11:90 ", "15:24 ", "17:72 ", "19:59 "})
        EXPECT_NE(full.find(std::string("\n") + where), std::string::npos) << where << "\n" << full;
    EXPECT_EQ(full.substr(0, 17), "result *\nplies 4\n") << full;
    EXPECT_NE(full.find("result *\nplies 19\n"), std::string::npos) << full;  // the game with Ra3x
}

TEST(Pgn, PlainTagLinesAreRecognisedExactly) {
    // scan::plain_tag takes a tag line only in the form [Name "Value"] with nothing around it;
    // every other line goes to the general tag parser (which reports the errors).
    struct Case {
        std::string_view line;
        bool plain;
        std::size_t name_end = 0, value_end = 0;
    };
    const Case cases[] = {
        {R"([Event "Fastchess Tournament"])", true, 6, 28},
        {R"([FEN "nbbrnkqr/pppppppp/8/8/8/8/PPPPPPPP/NBBRNKQR w HDhd - 0 1"])", true, 4, 62},
        {R"([Site ""])", true, 5, 7},
        {R"([Site "a]b [c"])", true, 5, 13},
        {R"([Event "a\"b"])", false, 0, 0},  // an escape: the general parser resolves it
        {R"([Event "a\\"])", false, 0, 0},
        {R"([Event  "x"])", false, 0, 0},  // two spaces
        {R"([ Event "x"])", false, 0, 0},  // a space after '['
        {R"([Ev"nt "x"])", false, 0, 0},   // a quote in the name
        {R"([Ev]nt "x"])", false, 0, 0},
        {"[Ev\tnt \"x\"]", false, 0, 0},
        {R"([Event "x"] )", false, 0, 0},  // something after ']'
        {R"([Event "x"][Site "y"])", false, 0, 0},
        {R"([Event "x" ])", false, 0, 0},
        {R"([Event "x")", false, 0, 0},
        {R"([Event x"])", false, 0, 0},
        {R"([ "x"])", false, 0, 0},
        {R"(["x"])", false, 0, 0},
        {R"({Event "x"])", false, 0, 0},
        {R"x([EngineWhiteAuthor "the Stockfish developers (see AUTHORS filexx)"])x", false, 0, 0},  // 67 bytes
    };
    for (const Case& c : cases) {
        std::string buffer(c.line);
        buffer += '\n';
        buffer.append(80, 'x');  // 64 bytes readable from the line's start
        scan::PlainTag t;
        const bool plain = scan::plain_tag(buffer.data(), c.line.size(), buffer.data() + buffer.size(), t);
#if defined(__SSE2__)
        EXPECT_EQ(plain, c.plain) << c.line;
        if (plain && c.plain) {
            EXPECT_EQ(t.name_end, c.name_end) << c.line;
            EXPECT_EQ(t.value_end, c.value_end) << c.line;
        }
#else
        EXPECT_FALSE(plain) << c.line;
#endif
        // Fewer than 64 readable bytes: always the general way.
        if (c.line.size() < 64) {
            EXPECT_FALSE(scan::plain_tag(buffer.data(), c.line.size(), buffer.data() + c.line.size(), t)) << c.line;
        }
#if defined(__SSE2__)
        // The reader going on over tag lines classifies only up to the vector holding the newline,
        // and finds the line's end there: the same answer (also with a CR before the newline).
        for (const char* end : {"\n", "\r\n"}) {
            std::string text(c.line);
            text += end;
            text.append(80, ']');
            const scan::TagMasks m = scan::tag_masks<true>(text.data());
            if (text.find('\n') >= 64) {  // beyond the 64 bytes: the reader takes the line the general way
                EXPECT_EQ(m.newlines, 0u) << c.line;
                continue;
            }
            ASSERT_NE(m.newlines, 0u) << c.line;
            const auto nl = static_cast<std::size_t>(std::countr_zero(m.newlines));
            EXPECT_EQ(nl, text.find('\n')) << c.line;
            const std::size_t n = nl - (text[nl - 1] == '\r');
            EXPECT_EQ(n, c.line.size()) << c.line;
            scan::PlainTag u;
            // The reader's preconditions (it goes on only to a line that starts with '['), then the test.
            const bool by_masks = n >= 6 && text[0] == '[' && scan::plain_tag(text.data(), n, m, u);
            EXPECT_EQ(by_masks, c.plain) << c.line;
            if (by_masks && c.plain) {
                EXPECT_EQ(u.name_end, c.name_end) << c.line;
                EXPECT_EQ(u.value_end, c.value_end) << c.line;
            }
        }
#endif
    }
}

TEST(Pgn, CommentEndSearchToTheTextsEndFindsTheFirstOfTwoBytes) {
    // scan::find_either_to_end takes the first vector's answer as it is: it must still give the
    // first '}' or newline, or the end, wherever they lie (before, at and after a vector's width)
    // and however few bytes are left.
    for (std::size_t size = 0; size <= 70; ++size)
        for (std::size_t at = 0; at <= size; ++at)
            for (char c : {'}', '\n'}) {
                std::string text(size, 'a');
                if (at < size) text[at] = c;
                if (at + 3 < size) text[at + 3] = c == '}' ? '\n' : '}';
                const std::size_t want = std::min(text.find_first_of("}\n"), size);
                EXPECT_EQ(scan::find_either_to_end(text.data(), text.data() + size, '}', '\n'), want)
                    << size << " " << at;
            }
}

TEST(Pgn, SplitTextCutsBeforeAGameAndTheReaderConfirmsIt) {
    const std::string game = "[Event \"g\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    std::string text;
    for (int i = 0; i < 100; ++i) text += game;
    const std::vector<std::string_view> parts = split_pgn_text(text, 4);
    ASSERT_EQ(parts.size(), 4u);
    std::size_t games = 0, lines = 0;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        EXPECT_TRUE(parts[k].starts_with("[Event")) << k;
        PgnVisitor ignore;
        PgnReader reader(parts[k]);
        games += reader.read_all(ignore);
        lines += reader.lines_read();
        EXPECT_TRUE(reader.ended_at_marker()) << k;
    }
    EXPECT_EQ(games, 100u);
    EXPECT_EQ(lines, 500u);
    EXPECT_EQ(split_pgn_text(text, 1).size(), 1u);
    EXPECT_EQ(split_pgn_text("", 3).size(), 1u);

    // A cut guessed inside a comment that spans lines ("*", a blank line, a tag line in it): the
    // reader of the first part says it did not end at a marker, so the cut is not taken.
    const std::string tricky = game + "[Event \"c\"]\n\n1. e4 {x *\n\n[Event \"no\"]\n} e5 *\n\n" + game;
    const std::vector<std::string_view> cut = split_pgn_text(tricky, 2);
    ASSERT_EQ(cut.size(), 2u);
    PgnVisitor ignore;
    PgnReader first(cut[0]);
    first.read_all(ignore);
    EXPECT_EQ(cut[1].substr(0, 12), "[Event \"no\"]") << cut[1];
    EXPECT_FALSE(first.ended_at_marker());
    // After a result with more on its line, a cut there would lose that text's game.
    PgnReader rest("[Event \"a\"]\n\n1. e4 * [Event \"b\"]\n");
    rest.read_all(ignore);
    EXPECT_FALSE(rest.ended_at_marker());
}

TEST(Pgn, MemoryReaderCallsLinesOverlongWhereTheStreamReaderDoes) {
    // The stream reader reads 64 KiB chunks and calls a line overlong when enough of it is buffered
    // without its end; the memory reader must agree around chunk ends too.
    const std::string game = "[Event \"g\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    for (std::size_t line : {std::size_t{100}, std::size_t{40000}, std::size_t{65000}, std::size_t{70000}}) {
        std::string text;
        while (text.size() < 200000) text += game + "1. d4 {" + std::string(line, 'a') + "} d5 *\n\n";
        for (bool final_newline : {true, false}) {
            const std::string t = final_newline ? text : text + "1. c4 {" + std::string(line, 'z');
            for (std::size_t max : {std::size_t{100}, std::size_t{50000}, std::size_t{65536}, std::size_t{80000}}) {
                PgnReaderOptions o;
                o.max_game_bytes = max;
                EXPECT_EQ(trace_memory(t, o), trace_stream(t, o)) << "line " << line << " max " << max;
            }
        }
    }
}

/// What a visitor that wants no moves is told (the lean board's way), with locations.
struct QuietTrace : PgnVisitor {
    std::string out;
    Wants wants() const override { return {.moves = false, .comments = false}; }
    void begin_game(const PgnLocation& l) override { out += "game " + Trace::where(l) + "\n"; }
    void tag(std::string_view n, std::string_view v) override {
        out += "tag " + std::string(n) + "=" + std::string(v) + "\n";
    }
    void result(std::string_view r) override { out += "result " + std::string(r) + "\n"; }
    void error(const PgnError& e) override {
        out += "error " + Trace::where(e.where) + " " + describe(e, Language::English) + "\n";
    }
    void end_moves(std::size_t n) override { out += "plies " + std::to_string(n) + "\n"; }
};

template <class Visitor>
std::string trace_with(const std::string& text, const PgnReaderOptions& o, bool memory) {
    Visitor v;
    std::istringstream in(text);
    PgnReader reader = memory ? PgnReader(std::string_view(text), o) : PgnReader(in, o);
    v.out = std::to_string(reader.read_all(v)) + " games\n" + v.out;
    return v.out;
}

TEST(Pgn, MemoryReaderGoesOnFromLineToLineAsTheStreamReaderReadsThem) {
    // From a text in memory the movetext's plain tokens and the tag lines go on to the next line by
    // themselves (no round through the game loop) where that line is an ordinary one; the stream
    // reader takes every line through the game loop. Both must tell the same, with the same lines and
    // columns, for lines that are not ordinary: CRLF, a blank or space-led line, an escape, a tag line
    // after moves, comments over lines, move numbers and results at a line's end, errors on a later
    // line, the game's byte limit reached on a later line, tag lines longer than 64 bytes or near the
    // text's end, and no final newline.
    const std::string long_value(70, 'v');
    const std::vector<std::string> texts = {
        "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3\nNc6 3. Bb5 a6\n4. Ba4 Nf6 *\n",
        "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 {x} e5\r\n2. Nf3 {y}\r\nNc6 3. Bb5\r\na6 1-0\r\n",
        "1. e4 e5\n 2. Nf3 Nc6\n\n3. Bb5 a6\n% escape\n4. Ba4 Nf6\n\t5. O-O Be7 *\n",
        "1. e4 e5\n2. Nf3 Nc6\n[Event \"next\"]\n1. d4\nd5 *\n",
        "1. e4 {a comment\nover lines} e5 2. Nf3 {closed} Nc6\n{at the start} 3. Bb5 {b\n} a6 *\n",
        "1. e4 e5 2.\nNf3 Nc6 3.\n\nBb5 a6 4...\nBa4 *\n",
        "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ke2 Ke7\n5. Kxe7 *\n\n1. d4\nd5 2. c4\ndxc4 *\n",
        "1. e4 e5\n2. Nf3 Nc6 1-0 1. d4\nd5 *\n1. c4\n",
        "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\n5. O-O Be7 6. Re1 b5\n7. Bb3 d6 8. c3 O-O *",
        "1. e4\ne5\n2. Nf3!\nNc6 (2... d6\n3. d4) 3. Bb5 $1\na6 ; rest\n4. Ba4 *\n",
        "[Event \"" + long_value + "\"]\n[Site \"b\"]\n[White \"" + long_value.substr(0, 50) +
            "\"]\n[Black \"c\"]\n\n1. e4 *\n",
        "[Event \"e\\\"x\"]\n[Site  \"s\"]\n [Date \"d\"]\n[Round \"r\"] \n[White \"w\"][Black \"b\"]\n\n1. e4 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n[Round \"c\"]",
        // Found by fuzz_pgn: the last line ("1. ", no newline) ends where the newline finder had
        // stepped its block to the text's end; a stale mask put that line's end 18 bytes beyond.
        std::string("[nv#tEeResul\305\305\000]\305\305\305\305\305\305\305\305\305\305\305\305\305exd5\305"
                    "\305\305\305eElesul\305\305\000\000\000\000\000\000\000\000\305\305\305\305\305[E\n\n[El"
                    "t <br />\n[Whito \"2012\"]\n[ECO \"C42\"]\n[Annotator \"C:\\\\Schach]\"\n\n1. e4 e1/2-1/"
                    "2\"]\n[Variant \"Ch\013\000\000\0002ss960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn"
                    "2[[[[[[[[[Web\"]<br />Elt \"1-0\"]\n[WhiteElo \"2 cxd5 Qxd5\n15. Bf4 Rac8 16.vent \"Fine"
                    "\"]\n[Resu\200\377\377\377lt \"1-0\"]\n\n1. f3~e8 14. cxdC42\"]\n[Annotator \"C\312\312"
                    "\312\312\312\312\312\312\312\312\312\304 \312\312:\\\\Sch ach\"]\n\n1. ",
                    379),
        "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n6. Re1 b5 *\n",
    };
    for (const std::string& text : texts)
        for (std::size_t max :
             {std::size_t{0}, std::size_t{12}, std::size_t{20}, std::size_t{30}, std::size_t{40}, std::size_t{50},
              std::size_t{60}, std::size_t{70}, std::size_t{90}, std::size_t{120}, std::size_t{64} << 20}) {
            PgnReaderOptions o;
            o.max_game_bytes = max;
            EXPECT_EQ(trace_memory(text, o), trace_stream(text, o)) << "max " << max << ": " << text;
            EXPECT_EQ(trace_with<QuietTrace>(text, o, true), trace_with<QuietTrace>(text, o, false))
                << "max " << max << ": " << text;
        }
    // The last game of the long one ends on the sixth line (no error, the limit aside).
    const std::string last = trace_with<QuietTrace>(texts.back(), {}, true);
    EXPECT_NE(last.find("plies 12\n"), std::string::npos) << last;
    EXPECT_EQ(last.find("error"), std::string::npos) << last;
}

TEST(Pgn, SevenTagRosterFirst) {
    auto games = read_pgn_games("[Black \"b\"]\n[Foo \"bar\"]\n[White \"w\"]\n\n1. e4 1-0\n");
    ASSERT_EQ(games.size(), 1u);
    const std::string out = write_pgn(games[0]);
    EXPECT_EQ(out.substr(0, out.find("\n\n")),
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"b\"]\n"
              "[Result \"1-0\"]\n[Foo \"bar\"]");
}

}  // namespace
}  // namespace schach
