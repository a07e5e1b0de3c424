// PgnBoard (src/pgn/pgn_board.hpp), the board `pgn check` plays on: where play_san answers, it
// plays the move lenient parse_san reads from the same text, and leaves the position
// Position::do_move leaves; it answers for nearly every move written as to_san writes it.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "notation/notation.hpp"
#include "notation/plain_san.hpp"
#include "pgn/byte_scan.hpp"
#include "pgn/pgn_board.hpp"
#include "support/test_moves.hpp"
#include "support/test_positions.hpp"

namespace schach {
namespace {

/// Texts a file may hold in a position: every legal move as to_san writes it, without its check
/// mark, with a wrong one, with a capture mark added or dropped, over-disambiguated; and plain SAN
/// of every piece letter (and pawns) to every square, most of them wrong.
std::vector<std::string> texts_for(const Position& pos, bool all_squares) {
    std::vector<std::string> texts;
    for (Move m : legal_moves(pos)) {
        const std::string san = to_san(pos, m);
        texts.push_back(san);
        std::string bare = san;
        while (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.pop_back();
        texts.push_back(bare);
        texts.push_back(bare + "+");
        texts.push_back(bare + "#");
        if (const auto x = bare.find('x'); x != std::string::npos)
            texts.push_back(bare.substr(0, x) + bare.substr(x + 1));
        else if (bare.size() >= 3 && bare[0] >= 'A' && bare[0] <= 'Z' && bare[0] != 'O')
            texts.push_back(bare.substr(0, 1) + "x" + bare.substr(1));
        const std::string from = std::string(1, static_cast<char>('a' + idx(file_of(m.from())))) +
                                 static_cast<char>('1' + idx(rank_of(m.from())));
        if (bare.size() >= 3 && bare[0] >= 'A' && bare[0] <= 'Z' && bare[0] != 'O') {
            texts.push_back(bare.substr(0, 1) + from.substr(0, 1) + bare.substr(1));
            texts.push_back(bare.substr(0, 1) + from.substr(1, 1) + bare.substr(1));
            texts.push_back(bare.substr(0, 1) + from + bare.substr(1));
        }
    }
    if (all_squares)
        for (const char* piece : {"", "N", "B", "R", "Q", "K"})
            for (int sq = 0; sq < 64; ++sq) {
                const std::string to = std::string(1, static_cast<char>('a' + sq % 8)) +
                                       static_cast<char>('1' + sq / 8);
                texts.push_back(piece + to);
                if (*piece) texts.push_back(piece + std::string("x") + to);
                else if (sq % 8 > 0) texts.push_back(std::string(1, static_cast<char>('a' + sq % 8 - 1)) + "x" + to);
                if (!*piece && (sq / 8 == 0 || sq / 8 == 7)) texts.push_back(to + "=Q");
            }
    for (const char* castling : {"O-O", "O-O-O", "O-O+", "O-O-O#"}) texts.push_back(castling);
    return texts;
}

/// The bytes that end a movetext word for the PGN reader (its WordStop class).
bool ends_word(char c) { return scan::WordEnd[static_cast<unsigned char>(c)] || c == '\n'; }

bool same_pattern(const plain_san::Pattern& a, const plain_san::Pattern& b) {
    return a.piece == b.piece && a.from_file == b.from_file && a.from_rank == b.from_rank && a.to == b.to &&
           a.promotion == b.promotion && a.capture == b.capture;
}

// plain_san::read_forward (the reader's quick path on the lean board) reads a word followed by
// the rest of the movetext as plain_san::read reads the word alone, or leaves it to read; the
// board plays the same move from either.
TEST(PgnBoard, ReadsForwardWhatReadReadsBackward) {
    std::vector<Position> starts = {Position(), *chess960_position(226)};
    starts.push_back(test::position("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"));
    test::Rng rng(20261207);
    std::size_t forward = 0, canonical = 0, canonical_forward = 0;
    for (const Position& start : starts)
        for (int game = 0; game < 6; ++game)
            for (const Position& pos : test::random_game(start, rng, 80)) {
                std::vector<std::string> texts = texts_for(pos, true);
                for (const char* odd : {"Nf3x", "Nxbd7", "exd", "e4!", "e4+!", "Nf3++", "e8=Q", "Kxx1", "N", "b"})
                    texts.push_back(odd);
                for (const std::string& text : texts)
                    for (const char* after : {" {+0.3/9 0.1s} 12. ", "\n", "{c}", ")", "!", "=Q ", "x "}) {
                        const std::string buffer = text + after + std::string(16, ' ');
                        plain_san::Pattern p;
                        const std::size_t len = plain_san::read_forward(buffer.data(), p, ends_word);
                        if (len == 0) continue;
                        ++forward;
                        ASSERT_TRUE(ends_word(buffer[len])) << text << after;
                        const std::string word = buffer.substr(0, len);
                        plain_san::Pattern q;
                        ASSERT_TRUE(plain_san::read(plain_san::without_check_marks(word), q)) << word;
                        ASSERT_TRUE(same_pattern(p, q)) << word;
                        PgnBoard a, b;
                        a.load(pos);
                        b.load(pos);
                        const Move m = a.play(p);
                        ASSERT_EQ(m, b.play_san(word)) << to_fen(pos) << " " << word;
                        if (m) {
                            ASSERT_EQ(to_fen(a.position()), to_fen(b.position())) << word;
                        }
                    }
                for (Move m : legal_moves(pos)) {
                    const std::string san = to_san(pos, m) + " ";
                    plain_san::Pattern p;
                    ++canonical;
                    canonical_forward += plain_san::read_forward((san + std::string(16, ' ')).data(), p, ends_word) !=
                                         0;
                }
            }
    EXPECT_GT(forward, 20000u);
    // Castling and promotions are read backward; nearly everything else forward.
    EXPECT_GT(canonical_forward * 100, canonical * 90) << canonical_forward << " of " << canonical;
}

TEST(PgnBoard, PlaysWhatParseSanReadsAndWhereDoMoveGoes) {
    std::vector<Position> starts = {Position()};
    for (int n : {0, 105, 226, 447, 959}) starts.push_back(*chess960_position(n));
    for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"})
        starts.push_back(test::position(fen));
    test::Rng rng(20261206);
    std::size_t canonical = 0, canonical_played = 0, played = 0;
    for (const Position& start : starts)
        for (int game = 0; game < 12; ++game) {
            const std::vector<Position> positions = test::random_game(start, rng, 100);
            for (std::size_t ply = 0; ply < positions.size(); ++ply) {
                const Position& pos = positions[ply];
                const MoveList moves = legal_moves(pos);
                if (moves.size() == 0) break;
                for (const std::string& text : texts_for(pos, ply % 7 == 0)) {
                    PgnBoard board;
                    board.load(pos);
                    const Move m = board.play_san(text);
                    if (!m) continue;
                    ++played;
                    const auto read = parse_san(pos, text, ParseMode::Lenient);
                    ASSERT_TRUE(read.has_value()) << to_fen(pos) << " " << text;
                    ASSERT_EQ(m, *read) << to_fen(pos) << " " << text;
                    Position after = pos;
                    after.do_move(m);
                    ASSERT_EQ(to_fen(board.position()), to_fen(after)) << to_fen(pos) << " " << text;
                    ASSERT_EQ(to_fen(board.position_before_last()), to_fen(pos)) << text;
                }
                for (Move m : moves) {
                    PgnBoard board;
                    board.load(pos);
                    ++canonical;
                    canonical_played += board.play_san(to_san(pos, m)) == m;
                }
            }
        }
    EXPECT_GT(played, 100000u);
    // The quick board leaves the rest to the general parser: ambiguities a pin settles, and little else.
    EXPECT_GT(canonical_played * 100, canonical * 97) << canonical_played << " of " << canonical;
}

}  // namespace
}  // namespace schach
