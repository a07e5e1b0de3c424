#pragma once
// Position: a validated chess position with cheap do_move/undo_move, for rules and engine alike.
// A plain value (about 200 bytes, no pointers): copy it freely, compare it, store it.

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/attacks.hpp"
#include "core/bitboard.hpp"
#include "core/move.hpp"
#include "core/setup.hpp"
#include "core/types.hpp"

namespace schach {

using Key = std::uint64_t;

/// What can be wrong with a Setup. A caller may relax chosen problems on purpose (analysis
/// boards, puzzles), except three the rules cannot work without: KingCount (exactly one king a
/// side), OppositeCheck (the side to move could take the king) and, within TooManyPieces, more
/// than 16 pieces a side (move lists are sized for that); relaxing them has no effect.
enum class Problem : std::uint16_t {
    KingCount = 1 << 0,          // not exactly one king per colour
    PawnsOnBackRank = 1 << 1,    // a pawn on the first or last rank
    OppositeCheck = 1 << 2,      // the side not to move is in check
    ImpossibleCheck = 1 << 3,    // > 2 checkers, or a check no legal move can give
    BadCastlingRights = 1 << 4,  // a right without king and rook in place
    BadEnPassant = 1 << 5,       // an en-passant square no double step explains
    TooManyPieces = 1 << 6,      // more pieces than 16 per side or than promotions explain
};
inline constexpr int ProblemCount = 7;
/// Stable identifier of one problem ("king-count", ...).
std::string_view problem_id(Problem p);

class Problems {
public:
    constexpr Problems() = default;
    constexpr Problems(Problem p) : bits_(static_cast<std::uint16_t>(p)) {}
    static constexpr Problems all() { Problems s; s.bits_ = 0x7F; return s; }
    constexpr Problems operator|(Problems o) const { Problems s; s.bits_ = bits_ | o.bits_; return s; }
    constexpr Problems operator-(Problems o) const { Problems s; s.bits_ = bits_ & ~o.bits_; return s; }
    constexpr bool has(Problem p) const { return bits_ & static_cast<std::uint16_t>(p); }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr std::uint16_t bits() const { return bits_; }
    friend constexpr bool operator==(Problems, Problems) = default;
    /// Each problem in the set, in the order of the enum.
    std::vector<Problem> list() const;
    /// Each problem as a short English identifier ("king-count", ...).
    std::vector<std::string> names() const;

private:
    std::uint16_t bits_ = 0;
};

/// The rules a position is played by. They differ only in castling: standard chess castles with
/// the king on e1/e8 and the rooks in the corners; Chess960 with any king and rook of the start.
enum class Variant : std::uint8_t { Standard, Chess960 };

/// Options for validating a Setup.
struct ValidateOptions {
    Problems relax{};  // problems to accept (an invalid right or e.p. square is then dropped)
    /// The rules; without one, they are read off the setup (Chess960 when the FEN used rook-file
    /// letters or a right needs a king or rook off its classical square). In standard chess a
    /// right that does not fit is a BadCastlingRights problem, never a switch to Chess960.
    std::optional<Variant> variant{};
};

/// What do_move changed, so that undo_move can restore it.
struct Undo {
    Key key;
    Bitboard castling_rooks;
    Piece captured;
    Square ep_square;
    Square double_step;
    std::uint16_t halfmove_clock;
    friend bool operator==(const Undo&, const Undo&) = default;
};

class Position {
public:
    /// The classical start position.
    Position();
    /// Validates a setup. On failure, returns every problem found (minus the relaxed ones).
    static std::expected<Position, Problems> from_setup(const Setup& setup, ValidateOptions options = {});
    /// All problems of a setup (none relaxed).
    static Problems validate(const Setup& setup, std::optional<Variant> variant = std::nullopt);
    Setup to_setup() const;

    // --- The board ---
    Piece piece_on(Square s) const { return board_[s]; }
    Bitboard pieces() const { return by_color_[Color::White] | by_color_[Color::Black]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType t) const { return by_type_[t]; }
    Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
    Square king(Color c) const { return lsb(pieces(c, PieceType::King)); }
    Color side_to_move() const { return side_; }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return fullmove_; }
    /// Number of half-moves since the start of the game as numbered by the FEN.
    int ply() const { return 2 * (fullmove_ - 1) + idx(side_); }
    bool is_chess960() const { return chess960_; }
    /// Re-labels the position as Chess960 or not; only notation depends on it.
    void set_chess960(bool on) { chess960_ = on; }

    // --- Castling and en passant ---
    /// Rooks (of both colours) that keep a castling right.
    Bitboard castling_rooks() const { return castling_rooks_; }
    /// The rook of a castling right, or Square::None.
    Square castling_rook(Color c, CastlingSide side) const;
    bool can_castle(Color c, CastlingSide side) const { return castling_rook(c, side) != Square::None; }
    /// Target squares of castling: king to g/c, rook to f/d.
    static Square king_target(Color c, CastlingSide s) { return relative(c, s == CastlingSide::King ? Square::G1 : Square::C1); }
    static Square rook_target(Color c, CastlingSide s) { return relative(c, s == CastlingSide::King ? Square::F1 : Square::D1); }
    /// En-passant target square, set only when an en-passant capture is legal (FIDE 9.2.3).
    Square ep_square() const { return ep_; }
    /// The square skipped by the last move's double step when an enemy pawn stands beside it, even
    /// if the capture would expose the capturer's king (so a refusal can say why), else None.
    Square double_step_square() const { return double_step_; }

    // --- Checks and attacks ---
    Bitboard checkers() const;
    bool in_check() const { return checkers() != 0; }
    /// All pieces of both colours attacking `s` given an occupancy.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool attacked_by(Color c, Square s) const { return attacked_by(c, s, pieces()); }
    /// Whether `c` attacks `s` given an occupancy (pieces of `c` outside it do not attack).
    bool attacked_by(Color c, Square s, Bitboard occupied) const;
    /// Pieces (of either colour) that alone shield c's king from an enemy slider.
    Bitboard blockers_for_king(Color c) const;
    /// Pieces of the side to move that are pinned to their king.
    Bitboard pinned() const { return blockers_for_king(side_) & pieces(side_); }

    // --- Moves ---
    /// True exactly for the legal moves of this position, for any 16-bit value.
    bool is_legal(Move m) const;
    /// Precondition: m is legal.
    bool gives_check(Move m) const;
    /// Whether the pawn on `from` may capture en passant onto `ep` without exposing its king.
    /// Precondition: the e.p. square is valid and `from` holds a pawn of the side to move beside it.
    bool ep_capture_legal(Square from, Square ep) const;
    /// Plays a legal move (or Move::null() when not in check). Returns what undo_move needs.
    Undo do_move(Move m);
    void undo_move(Move m, const Undo& undo);
    /// True for captures, including en passant (castling is not a capture).
    bool is_capture(Move m) const {
        return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && board_[m.to()] != Piece::None);
    }
    /// Which castling side a castling move uses.
    CastlingSide castling_side(Move m) const { return m.to() > m.from() ? CastlingSide::King : CastlingSide::Queen; }

    // --- Hashing ---
    /// Polyglot-compatible Zobrist key, maintained incrementally.
    Key key() const { return key_; }
    /// The key computed from scratch (for tests and for checking consistency).
    Key compute_key() const;
    /// Same position in the sense of FIDE 9.2.3: placement, side, castling rights, legal e.p.
    bool same_position(const Position& o) const {
        return by_color_ == o.by_color_ && by_type_ == o.by_type_ && side_ == o.side_ &&
               castling_rooks_ == o.castling_rooks_ && ep_ == o.ep_;
    }
    /// Every field equal (including clocks).
    friend bool operator==(const Position&, const Position&) = default;

    /// Debug check of all internal invariants.
    bool is_consistent() const;

private:
    /// A position set up from `s` without validation (init_from).
    explicit Position(const Setup& s) { init_from(s); }
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void do_castling(Color us, Square king_from, Square rook_from, bool undo);
    /// Records a double step over `skipped`: double_step_ when an enemy pawn could capture, and
    /// ep_ (entering the key) when such a capture is legal. Precondition: ep_ is None.
    void set_double_step(Square skipped);
    void init_from(const Setup& s);
    Key castling_key() const;

    BySquare<Piece> board_;
    ByPieceType<Bitboard> by_type_{};
    ByColor<Bitboard> by_color_{};
    Key key_ = 0;
    Bitboard castling_rooks_ = 0;
    Square ep_ = Square::None;
    Square double_step_ = Square::None;
    Color side_ = Color::White;
    bool chess960_ = false;
    std::uint16_t halfmove_ = 0;
    int fullmove_ = 1;
};

}  // namespace schach
