#pragma once
// A move in 16 bits: to (6) | from (6) | promotion piece (2) | kind (2).
// Castling is encoded as "king takes own rook", so Chess960 needs no special case; notation
// converts to e1g1 / O-O at the edge.

#include <array>
#include <cstdint>
#include <string>

#include "core/types.hpp"
#include "core/uninitialized.hpp"

namespace schach {

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

class Move {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to) : bits_(static_cast<std::uint16_t>(idx(to) | (idx(from) << 6))) {}
    static constexpr Move make(Square from, Square to, MoveKind kind, PieceType promo = PieceType::Knight) {
        Move m(from, to);
        m.bits_ |= static_cast<std::uint16_t>((static_cast<int>(kind) << 14) |
                                              ((idx(promo) - idx(PieceType::Knight)) << 12));
        return m;
    }
    static constexpr Move from_bits(std::uint16_t bits) {
        Move m;
        m.bits_ = bits;
        return m;
    }
    /// No move (all bits zero; a1a1 is never a move).
    static constexpr Move none() { return {}; }
    /// The null move ("--" in PGN): passes the turn; from == to == b1.
    static constexpr Move null() { return from_bits(65); }

    constexpr Square from() const { return static_cast<Square>((bits_ >> 6) & 63); }
    constexpr Square to() const { return static_cast<Square>(bits_ & 63); }
    constexpr MoveKind kind() const { return static_cast<MoveKind>(bits_ >> 14); }
    /// Only meaningful for promotions.
    constexpr PieceType promotion() const {
        return static_cast<PieceType>(((bits_ >> 12) & 3) + idx(PieceType::Knight));
    }
    constexpr std::uint16_t bits() const { return bits_; }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return bits_ != 0; }
    friend constexpr bool operator==(Move, Move) = default;

private:
    std::uint16_t bits_ = 0;
};

/// UCI text of a move. Castling is written king-to-target (e1g1) unless `chess960`, where it is
/// king-takes-rook (e1h1), as UCI_Chess960 requires.
std::string to_uci(Move m, bool chess960);

/// A move list on the stack. A legal position has at most 218 moves; a relaxed setup (extra
/// promoted pieces) at most 15 queens x 27 + 8 king moves = 413, since validation never accepts
/// more than 16 pieces a side. 512 entries hold both.
class MoveList {
public:
    static constexpr std::size_t Capacity = 512;
    void push(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    /// For generators that write straight into the buffer.
    Move* data() { return moves_.data(); }
    void set_size(std::size_t n) { size_ = n; }

private:
    UninitializedArray<Move, Capacity> moves_;  // only [0, size_) is ever read
    std::size_t size_ = 0;
};

}  // namespace schach
