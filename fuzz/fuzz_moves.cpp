// libFuzzer target: random games from the classical or a Chess960 start.
//
// Input layout:
//   bytes 0-1   start: (b0 << 8 | b1) % 1024; 0..959 = Chess960 start position by Scharnagl
//               number, 960..1023 = the classical start (Position()).
//   then        one command per byte:
//     0xFF lo hi  a raw 16-bit move (lo | hi << 8): is_legal must accept it exactly when
//                 generate_legal produced it; played when legal.
//     0xFE        a null move, when not in check.
//     other b     the legal move number b % (number of legal moves); stop when there is none.
//
// After every move: Position::is_consistent (including the incremental Zobrist key), the mover's
// king not attacked, gives_check agreeing with in_check, undo_move restoring the position exactly
// and do_move being repeatable, count_legal == generate_legal size, e.p. square only when an e.p.
// capture is generated, and the FEN of the position reading back (strictly: a position reached by
// legal moves must validate) as the same position. At the end the whole game is unwound, checking
// every intermediate position. A violation prints the game and aborts (a libFuzzer crash).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "text/text.hpp"

namespace {

using namespace schach;

constexpr std::size_t MaxPlies = 400;

struct Step {
    Move move;
    Undo undo;
    Position before;
};

struct Game {
    Position pos;
    std::string start_fen;
    std::vector<Step> history;

    [[noreturn]] void fail(const char* what, Move m = Move::none()) const {
        std::string moves;
        for (const Step& s : history) moves += to_uci(s.move, true) + ' ';
        std::fprintf(stderr, "fuzz_moves: %s%s%s\n  start: %s\n  moves: %s\n  now:   %s\n", what, m ? " after/at " : "",
                     m ? to_uci(m, true).c_str() : "", start_fen.c_str(), moves.c_str(),
                     to_fen(pos, FenFormat::Shredder).c_str());
        std::abort();
    }

    /// Checks that hold in any position, before a move is chosen. Returns the legal moves.
    MoveList check_here() {
        MoveList moves = legal_moves(pos);
        if (static_cast<int>(moves.size()) != count_legal(pos)) fail("count_legal differs from generate_legal");
        bool ep_generated = false;
        for (Move m : moves) {
            if (m.kind() != MoveKind::EnPassant) continue;
            if (m.to() != pos.ep_square()) fail("e.p. capture to a square other than ep_square()", m);
            ep_generated = true;
        }
        if (pos.ep_square() != Square::None && !ep_generated) fail("ep_square() set but no e.p. capture generated");
        return moves;
    }

    void play(Move m) {
        const Position before = pos;
        const bool null = m == Move::null();
        if (!null && !pos.is_legal(m)) fail("generated move rejected by is_legal", m);
        const bool gives = !null && pos.gives_check(m);

        const Undo u = pos.do_move(m);
        if (!pos.is_consistent()) fail("inconsistent after do_move", m);
        if (pos.attacked_by(pos.side_to_move(), pos.king(~pos.side_to_move())))
            fail("move leaves the mover's king attacked", m);
        if (!null && gives != pos.in_check()) fail("gives_check disagrees with in_check after the move", m);

        const Position after = pos;
        pos.undo_move(m, u);
        if (!(pos == before)) fail("undo_move did not restore the position", m);
        const Undo u2 = pos.do_move(m);
        if (!(pos == after)) fail("do_move gave a different result the second time", m);

        // A position reached by legal play must validate and read back as itself.
        const std::string fen = to_fen(pos);
        auto back = position_from_fen(fen);
        if (!back)
            fail(("FEN of a reached position rejected: " + fen + " : " + describe(back.error(), Language::English))
                     .c_str(),
                 m);
        if (!back->same_position(pos) || back->key() != pos.key() || back->halfmove_clock() != pos.halfmove_clock() ||
            back->fullmove_number() != pos.fullmove_number())
            fail(("FEN round trip changed the position: " + fen).c_str(), m);

        history.push_back({m, u2, before});
    }

    void unwind() {
        while (!history.empty()) {
            const Step s = history.back();
            history.pop_back();
            pos.undo_move(s.move, s.undo);
            if (!(pos == s.before)) fail("unwinding the game did not restore a position", s.move);
        }
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    Game game;
    const int number = ((data[0] << 8) | data[1]) % 1024;
    if (number < Chess960Count) {
        auto start = chess960_position(number);
        if (!start) {
            std::fprintf(stderr, "fuzz_moves: chess960_position(%d) failed: %s\n", number,
                         describe(start.error(), Language::English).c_str());
            std::abort();
        }
        game.pos = *start;
        auto back = chess960_number(game.pos);
        if (!back || *back != number) game.fail("chess960_number does not invert chess960_position");
    }
    game.start_fen = to_fen(game.pos, FenFormat::Shredder);
    if (!game.pos.is_consistent()) game.fail("start position inconsistent");

    for (std::size_t i = 2; i < size && game.history.size() < MaxPlies;) {
        const std::uint8_t b = data[i++];
        const MoveList moves = game.check_here();
        if (b == 0xFF && i + 2 <= size) {
            const Move m = Move::from_bits(static_cast<std::uint16_t>(data[i] | (data[i + 1] << 8)));
            i += 2;
            const bool generated = moves.contains(m);
            if (game.pos.is_legal(m) != generated)
                game.fail(generated ? "is_legal rejects a generated move" : "is_legal accepts a move not generated", m);
            if (generated) game.play(m);
        } else if (b == 0xFE) {
            if (!game.pos.in_check()) game.play(Move::null());
        } else {
            if (moves.empty()) break;  // mate or stalemate
            game.play(moves[b % moves.size()]);
        }
    }
    game.check_here();
    game.unwind();
    return 0;
}
