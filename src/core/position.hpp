#pragma once
// Position: a validated chess position with cheap do_move/undo_move, for rules and engine alike.
// A plain value (about 200 bytes, no pointers): copy it freely, compare it, store it. Its check
// information (checkers, pins) is computed on first use after a move and cached inside, so two
// threads must each read their own copy, never one Position object at the same time.

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
    static constexpr Problems all() {
        Problems s;
        s.bits_ = 0x7F;
        return s;
    }
    constexpr Problems operator|(Problems o) const {
        Problems s;
        s.bits_ = bits_ | o.bits_;
        return s;
    }
    constexpr Problems operator-(Problems o) const {
        Problems s;
        s.bits_ = bits_ & ~o.bits_;
        return s;
    }
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

/// Why the side to move cannot castle to one side, in the order Position::castling_test checks.
enum class CastlingBlock : std::uint8_t {
    None,          // castling is legal
    NoRight,       // 3.8.2.1: no castling right on that side
    InCheck,       // 3.8.2.2: the king is in check
    Blocked,       // 3.8.2.2: a piece on a square the king or the rook crosses or reaches
    ThroughCheck,  // 3.8.2.2: a square the king crosses is attacked
    IntoCheck,     // 3.8.2.2: the king's target is attacked once king and rook have moved
};

/// The answer of Position::castling_test: what stops castling, and where.
struct CastlingTest {
    CastlingBlock block = CastlingBlock::None;
    Square square = Square::None;  // Blocked: the blocker; ThroughCheck/IntoCheck: the attacked square
    bool ok() const { return block == CastlingBlock::None; }
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

/// What do_move changed, so that undo_move can restore it. The check information is kept rather
/// than computed again on undo_move: copying three words is cheaper than the line scans.
struct Undo {
    Key key;
    Bitboard castling_rooks;
    Bitboard checkers;
    ByColor<Bitboard> blockers;
    Piece captured;
    Square ep_square;
    Square double_step;
    std::uint16_t halfmove_clock;
    bool check_info_ready;
    bool their_blockers_ready;
    /// The same move's undo: the check information (a cache) aside.
    friend bool operator==(const Undo& a, const Undo& b) {
        return a.key == b.key && a.castling_rooks == b.castling_rooks && a.captured == b.captured &&
               a.ep_square == b.ep_square && a.double_step == b.double_step && a.halfmove_clock == b.halfmove_clock;
    }
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
    /// A setup reached by legal moves from a validated position (a board that played them
    /// itself, such as the PGN reader's), taken without validating it again.
    static Position from_played_setup(const Setup& setup) { return Position(setup); }

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
    Square castling_rook(Color c, CastlingSide side) const {
        // A right implies its king on the back rank, so "beyond the king" is "above its square".
        const Bitboard below = bb(king(c)) - 1;
        const Bitboard rooks = castling_rooks_ & bb(relative(c, Rank::R1)) &
                               (side == CastlingSide::King ? ~below << 1 : below);
        return rooks ? lsb(rooks) : Square::None;
    }
    bool can_castle(Color c, CastlingSide side) const { return castling_rook(c, side) != Square::None; }
    /// Target squares of castling: king to g/c, rook to f/d.
    static Square king_target(Color c, CastlingSide s) {
        return relative(c, s == CastlingSide::King ? Square::G1 : Square::C1);
    }
    static Square rook_target(Color c, CastlingSide s) {
        return relative(c, s == CastlingSide::King ? Square::F1 : Square::D1);
    }
    /// En-passant target square, set only when an en-passant capture is legal (FIDE 9.2.3).
    Square ep_square() const { return ep_; }
    /// The square skipped by the last move's double step when an enemy pawn stands beside it, even
    /// if the capture would expose the capturer's king (so a refusal can say why), else None.
    Square double_step_square() const { return double_step_; }

    // --- Checks and attacks ---
    // Checkers and king blockers are computed once per do_move (and at setup), for the move
    // generator, is_legal and gives_check to read for free.
    /// Enemy pieces giving check to the side to move.
    Bitboard checkers() const {
        ensure_check_info();
        return checkers_;
    }
    bool in_check() const { return checkers() != 0; }
    /// All pieces of both colours attacking `s` given an occupancy.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool attacked_by(Color c, Square s) const { return attacked_by(c, s, pieces()); }
    /// Whether `c` attacks `s` given an occupancy (pieces of `c` outside it do not attack).
    bool attacked_by(Color c, Square s, Bitboard occupied) const;
    /// Pieces (of either colour) that alone shield c's king from an enemy slider.
    Bitboard blockers_for_king(Color c) const {
        if (c == side_) ensure_check_info();
        else ensure_their_blockers();
        return blockers_[c];
    }
    /// Pieces of the side to move that are pinned to their king.
    Bitboard pinned() const {
        ensure_check_info();
        return blockers_[side_] & pieces(side_);
    }
    /// Sliders of `c` on the empty-board lines through `s` that they move along (rooks and queens
    /// on its rank and file, bishops and queens on its diagonals), for attacks::scan_lines.
    Bitboard sliders_aimed_at(Color c, Square s) const {
        const Bitboard queens = pieces(PieceType::Queen);
        return (((pieces(PieceType::Rook) | queens) & attacks::rook_empty(s)) |
                ((pieces(PieceType::Bishop) | queens) & attacks::bishop_empty(s))) &
               pieces(c);
    }

    // --- Moves ---
    /// True exactly for the legal moves of this position (those the move generator writes), for
    /// any 16-bit value, without generating moves: for moves from a table or another position.
    bool is_legal(Move m) const;
    /// Whether the move checks the opponent's king, without playing it. Precondition: m is legal.
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
    /// Whether the side to move may castle to `side`, and if not, the first rule in the way. The
    /// one test of castling legality: the move generator, is_legal, SAN and explain_move use it.
    CastlingTest castling_test(CastlingSide side) const;
    /// The same for the move generator, which knows the side to move `Us` at compile time and has
    /// `danger`, every square the opponent attacks with the king off the board, at hand: then no
    /// square needs an attack test of its own. Inline, as it runs at every node with a right.
    template <Color Us>
    CastlingTest castling_test(CastlingSide side, Bitboard danger) const {
        return castling_test<Us, true>(side, danger);
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
    friend bool operator==(const Position& a, const Position& b) {
        return a.board_ == b.board_ && a.by_type_ == b.by_type_ && a.by_color_ == b.by_color_ && a.key_ == b.key_ &&
               a.castling_rooks_ == b.castling_rooks_ && a.ep_ == b.ep_ && a.double_step_ == b.double_step_ &&
               a.side_ == b.side_ && a.chess960_ == b.chess960_ && a.halfmove_ == b.halfmove_ &&
               a.fullmove_ == b.fullmove_;
    }

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
    /// Whether the side to move's pawn on `from` can go to `to` (a push or a capture, not en
    /// passant), king safety aside.
    bool pawn_reaches(Square from, Square to) const;
    template <Color Us, bool HaveDanger>
    CastlingTest castling_test(CastlingSide side, Bitboard danger) const;
    /// Those of `targets` that `c` attacks given an occupancy.
    Bitboard attacked_squares(Color c, Bitboard targets, Bitboard occupied) const;
    /// Computes checkers_ and the side to move's blockers_ from the board.
    void update_check_info() const;
    /// Computes the blockers of the opponent's king (discovered checks) from the board.
    void update_their_blockers() const;
    /// The check information is computed on first use after a move: readers of positions that
    /// never ask (a PGN reader checking moves with its own quick test) do not pay for it, and the
    /// move generator, which needs only the side to move's part, does not pay for the opponent's.
    void ensure_check_info() const {
        if (!check_info_ready_) update_check_info();
    }
    void ensure_their_blockers() const {
        if (!their_blockers_ready_) update_their_blockers();
    }
    Key castling_key() const;

    BySquare<Piece> board_;
    ByPieceType<Bitboard> by_type_{};
    ByColor<Bitboard> by_color_{};
    Key key_ = 0;
    Bitboard castling_rooks_ = 0;
    Square ep_ = Square::None;
    Square double_step_ = Square::None;
    // A cache of the board (mutable: filled in by const readers). A Position shared between
    // threads must be copied, not read from two threads at once.
    mutable Bitboard checkers_ = 0;
    mutable ByColor<Bitboard> blockers_{};
    mutable bool check_info_ready_ = false;
    mutable bool their_blockers_ready_ = false;
    Color side_ = Color::White;
    bool chess960_ = false;
    std::uint16_t halfmove_ = 0;
    int fullmove_ = 1;
};

template <Color Us, bool HaveDanger>
[[gnu::always_inline]] inline CastlingTest Position::castling_test(CastlingSide side, Bitboard danger) const {
    constexpr Color us = Us, them = ~Us;
    const Square rook = castling_rook(us, side);
    if (rook == Square::None) return {CastlingBlock::NoRight};
    if (checkers()) return {CastlingBlock::InCheck};
    const Square ksq = king(us), king_to = king_target(us, side), rook_to = rook_target(us, side);
    // In Chess960 the king may stay put or the two may cross: neither blocks the other.
    const Bitboard occupied = pieces();
    const Bitboard king_path = attacks::between(ksq, king_to);
    if (const Bitboard blockers = (king_path | attacks::between(rook, rook_to)) & occupied & ~bb(ksq) & ~bb(rook))
        return {CastlingBlock::Blocked, side == CastlingSide::King ? lsb(blockers) : msb(blockers)};
    // The king's squares, seen without the king (a step back along the checking line is no
    // escape); its own square is not attacked, as it is not in check. The first attacked one
    // from the king's side counts.
    const Bitboard without_king = occupied ^ bb(ksq);
    const Bitboard path = king_path & ~bb(ksq);
    const Bitboard attacked = HaveDanger ? path & danger : attacked_squares(them, path, without_king);
    if (attacked) {
        const Square s = side == CastlingSide::King ? lsb(attacked) : msb(attacked);
        return {s == king_to ? CastlingBlock::IntoCheck : CastlingBlock::ThroughCheck, s};
    }
    // Chess960: the castling rook itself may have shielded the target along the back rank.
    if (attacks::rook(king_to, without_king ^ bb(rook)) &
        (pieces(them, PieceType::Rook) | pieces(them, PieceType::Queen)))
        return {CastlingBlock::IntoCheck, king_to};
    return {};
}

}  // namespace schach
