// schach_pgn_train: the training run of the PGN reader's profile-guided build (cmake/PgnProfile.cmake).
//
// Built with the reader's sources instrumented (-fprofile-generate), it writes games of random
// legal moves in the export styles the field's files come in and reads them back the ways the
// program does; the counts it leaves are what the reader in the program is then optimised for.
// The games are made here, from a fixed seed, so that the build needs no data file and every
// build makes the same profile. The styles, one game in three each:
//   - engine matches (cutechess, fastchess): a FEN start after an opening, `{+0.31/6 0.004s}`
//     after every move, black's moves without a number;
//   - lichess's exports: `{ [%clk 0:05:00] }` after every move, `1...` before black's;
//   - plain scores: no comments, now and then a NAG or a variation.
// A tenth of the games start from a Chess960 array (with the Variant tag), as in Chess960 matches.

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <fmt/core.h>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "engine/splitmix.hpp"
#include "notation/notation.hpp"
#include "pgn/pgn.hpp"

namespace {

using namespace schach;

/// A fixed sequence of choices: engine::splitmix64 of a counter, as self-play draws its own.
class Random {
public:
    explicit Random(std::uint64_t seed) : counter_(seed) {}
    int below(int n) { return static_cast<int>(engine::splitmix64(counter_++) % static_cast<std::uint64_t>(n)); }

private:
    std::uint64_t counter_;
};

enum class Style { Engine, Lichess, Plain };

/// Movetext wrapped before 80 columns, as export format asks. Not write_pgn: it writes comments as
/// `{ text }` and numbers black's move after each, one style of the three only.
class Lines {
public:
    explicit Lines(std::string& out) : out_(out) {}
    void word(std::string_view w) {
        if (column_ > 0 && column_ + 1 + w.size() > 79) {
            out_ += '\n';
            column_ = 0;
        } else if (column_ > 0) {
            out_ += ' ';
            ++column_;
        }
        out_ += w;
        column_ += w.size();
    }
    void end() {
        out_ += "\n\n";
        column_ = 0;
    }

private:
    std::string& out_;
    std::size_t column_ = 0;
};

/// A legal move at random.
Move random_move(const Position& pos, Random& random) {
    const MoveList moves = legal_moves(pos);
    if (moves.size() == 0) return Move::none();
    return moves[static_cast<std::size_t>(random.below(static_cast<int>(moves.size())))];
}

/// One game of random moves in `style`, appended to `out`.
void write_game(std::string& out, int number, Style style, Random& random) {
    const bool chess960 = number % 10 == 7;
    Position pos = chess960 ? *chess960_position(random.below(960)) : Position();
    // An engine match starts after an opening from its book: the position is given as a FEN.
    const bool fen_start = style == Style::Engine || chess960;
    if (style == Style::Engine)
        for (int opening = 4 + random.below(12); opening > 0; --opening) {
            const Move m = random_move(pos, random);
            if (!m) break;
            pos.do_move(m);
        }
    const Position start = pos;
    std::string moves;
    Lines lines(moves);
    std::string result = "1/2-1/2";
    int plies = 0;
    const int length = 40 + random.below(180);
    bool number_next = true;  // the first move and black's after a comment or a variation
    for (; plies < length; ++plies) {
        const Move m = random_move(pos, random);
        if (!m) {
            if (pos.in_check()) result = pos.side_to_move() == Color::White ? "0-1" : "1-0";
            break;
        }
        const bool white = pos.side_to_move() == Color::White;
        if (white) lines.word(fmt::format("{}.", pos.fullmove_number()));
        else if (number_next || style == Style::Lichess) lines.word(fmt::format("{}...", pos.fullmove_number()));
        lines.word(to_san(pos, m));
        number_next = false;
        const Position before = pos;
        pos.do_move(m);
        switch (style) {
            case Style::Engine:
                lines.word(fmt::format("{{{}{}.{:02}/{} 0.{:03}s}}", random.below(2) ? '+' : '-', random.below(4),
                                       random.below(100), 1 + random.below(20), random.below(1000)));
                break;
            case Style::Lichess:
                lines.word("{");
                lines.word(fmt::format("[%clk 0:{:02}:{:02}]", random.below(10), random.below(60)));
                lines.word("}");
                break;
            case Style::Plain:
                if (random.below(40) == 0) lines.word(fmt::format("${}", 1 + random.below(6)));
                if (random.below(60) == 0) {
                    // A one-move variation: another move in the position before.
                    if (const Move other = random_move(before, random)) {
                        lines.word(fmt::format("({}{}", before.fullmove_number(), white ? "." : "..."));
                        lines.word(to_san(before, other) + ")");
                        number_next = true;
                    }
                }
                break;
        }
    }
    lines.word(result);
    lines.end();

    out += fmt::format("[Event \"schach_pgn_train {}\"]\n[Site \"?\"]\n[Date \"2026.12.06\"]\n[Round \"{}\"]\n", number,
                       number);
    out += "[White \"A\"]\n[Black \"B\"]\n[Result \"" + result + "\"]\n";
    if (fen_start) {
        out += "[SetUp \"1\"]\n[FEN \"" + to_fen(start) + "\"]\n";
        if (chess960) out += "[Variant \"Chess960\"]\n";
    }
    out += fmt::format("[PlyCount \"{}\"]\n", plies);
    out += "[Termination \"normal\"]\n\n";
    out += moves;
}

struct CheckOnly final : PgnVisitor {
    Wants wants() const override { return {.moves = false, .comments = false}; }
    void error(const PgnError&) override { ++errors; }
    std::size_t errors = 0;
};

struct Everything final : PgnVisitor {
    void move(const Position&, Move, std::string_view, const PgnLocation&) override { ++moves; }
    void comment(std::string_view) override { ++comments; }
    void error(const PgnError&) override { ++errors; }
    std::size_t moves = 0, comments = 0, errors = 0;
};

}  // namespace

int main() {
    using namespace schach;
    Random random(0x5C4AC4);
    std::string text;
    constexpr int Games = 3000;
    for (int i = 0; i < Games; ++i) {
        const Style style = static_cast<Style>(i % 3);
        write_game(text, i, style, random);
    }
    // As `schach pgn check` reads (three times: its lean path is what the profile is for), then
    // as a reader that wants every move and comment (pgn convert, imports) reads.
    CheckOnly check;
    std::size_t games = 0;
    for (int pass = 0; pass < 3; ++pass) {
        PgnReader reader(text);
        games += reader.read_all(check);
    }
    Everything everything;
    PgnReader reader(text);
    games += reader.read_all(everything);
    if (check.errors + everything.errors != 0 || games != 4 * Games) {
        std::fprintf(stderr, "schach_pgn_train: %zu games read, %zu errors (expected %d games, none)\n", games,
                     check.errors + everything.errors, 4 * Games);
        return 1;
    }
    std::printf("schach_pgn_train: %d games of %zu bytes read four times, %zu moves\n", Games, text.size(),
                everything.moves);
    return 0;
}
