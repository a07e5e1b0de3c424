#pragma once
// PgnBoard: the board the PGN reader plays a game's moves on while no visitor looks at the
// positions (`schach pgn check`). Bitboards and the few facts the rules need, nothing else: no
// Zobrist key, no mailbox, no undo record, no cached check information. Each move is made on a
// copy, so the position before the last move stays at hand for a variation that replaces it.
// Plain SAN is resolved on it the way parse_san_quick resolves it on a Position (plus en passant
// and castling); anything else (the general parser, errors, variations) goes on a Position made
// from it.

#include <cstdint>
#include <string_view>

#include "core/bitboard.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "core/types.hpp"
#include "notation/plain_san.hpp"

namespace schach {

class PgnBoardRules;

class PgnBoard {
public:
    /// Starts from a position.
    void load(const Position& pos);
    /// Plays the move that plain SAN means, when it is the one parse_san would give and the
    /// quick test (one candidate, pins and king safety on it alone) settles it; returns it. Returns
    /// Move::none() and plays nothing where that needs the general parser (or the text is wrong).
    Move play_san(std::string_view san);
    /// play_san for SAN read into a pattern (plain_san::read or read_forward): the same move, or
    /// Move::none() with nothing played.
    Move play(const plain_san::Pattern& p);
    /// The current position.
    Position position() const { return current_.to_position(); }
    /// The position before the last move (precondition: play_san played a move since load).
    Position position_before_last() const { return before_last_.to_position(); }

private:
    friend class PgnBoardRules;
    /// Makes a legal move of `piece`, keeping the position before it: given in its parts (a
    /// caller that knows some of them has them folded in), or as a Move.
    void commit(Square from, Square to, MoveKind kind, PieceType promotion, PieceType piece);
    void commit(Move m, PieceType piece);
    struct State {
        ByColor<Bitboard> by_color{};
        ByPieceType<Bitboard> by_type{};
        Bitboard castling_rooks = 0;
        /// The square the last move's double step skipped when an enemy pawn attacks it (as
        /// Position::double_step_square), else None.
        Square double_step = Square::None;
        Color side = Color::White;
        bool chess960 = false;
        std::uint16_t halfmove = 0;
        int fullmove = 1;

        Bitboard pieces() const { return by_color[Color::White] | by_color[Color::Black]; }
        Bitboard pieces(Color c) const { return by_color[c]; }
        Bitboard pieces(PieceType t) const { return by_type[t]; }
        Bitboard pieces(Color c, PieceType t) const { return by_color[c] & by_type[t]; }
        Position to_position() const;
    };
    State current_, before_last_;
};

}  // namespace schach
