// Position::from_setup: turns an unchecked Setup into a Position, naming every problem found.

#include <algorithm>
#include <array>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "core/position.hpp"

namespace schach {
namespace {

constexpr Bitboard back_rank(Color c) { return bb(relative(c, Rank::R1)); }

/// The squares of each piece on a board, indexed by the piece's value (Piece::None's slot gets the
/// empty squares): two compares a piece where the CPU has AVX2 (also where it has AVX-512: one
/// compare there would save a few instructions a FEN and leave this path untested on such
/// machines), else one pass without a branch per square.
std::array<Bitboard, 16> squares_by_piece(const BySquare<Piece>& board) {
    static_assert(sizeof(BySquare<Piece>) == 64);
    std::array<Bitboard, 16> by{};
#if defined(__AVX2__)
    // Two halves of the board's 64 bytes: a piece's squares are the byte masks of two compares.
    const __m256i low_nibble = _mm256_set1_epi8(15);
    const __m256i low = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(&board)), low_nibble);
    const __m256i high = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(&board) + 1), low_nibble);
    for (std::size_t k = 0; k < by.size(); ++k) {
        const __m256i piece = _mm256_set1_epi8(static_cast<char>(k));
        by[k] = Bitboard{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, piece)))} |
                Bitboard{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, piece)))} << 32;
    }
#else
    for (int i = 0; i < 64; ++i) by[static_cast<std::size_t>(idx(board[square_at(i)]) & 15)] |= Bitboard{1} << i;
#endif
    return by;
}

/// The setup's pieces as bitboards, computed once (Setup::pieces scans the board each call).
struct PieceSets {
    ByColor<ByPieceType<Bitboard>> by{};
    explicit PieceSets(const Setup& s) {
        const auto by_piece = squares_by_piece(s.board);
        for (Color c : Colors)
            for (PieceType t : PieceTypes) by[c][t] = by_piece[static_cast<std::size_t>(idx(make_piece(c, t)))];
    }
    Bitboard pieces(Color c, PieceType t) const { return by[c][t]; }
    Bitboard pieces(Color c) const {
        Bitboard all = 0;
        for (Bitboard b : by[c]) all |= b;
        return all;
    }
};

/// Too many pieces for one side: more than 16, more than 8 pawns, or more extra pieces than the
/// missing pawns could have promoted to (bishops counted per square colour).
bool too_many_pieces(const PieceSets& s, Color c) {
    auto count = [&](PieceType t) { return popcount(s.pieces(c, t)); };
    const int pawns = count(PieceType::Pawn);
    if (popcount(s.pieces(c)) > 16 || pawns > 8) return true;
    const Bitboard bishops = s.pieces(c, PieceType::Bishop);
    const int promoted = std::max(0, count(PieceType::Knight) - 2) + std::max(0, count(PieceType::Rook) - 2) +
                         std::max(0, count(PieceType::Queen) - 1) +
                         std::max(0, popcount(bishops & LightSquaresBB) - 1) +
                         std::max(0, popcount(bishops & DarkSquaresBB) - 1);
    return promoted > 8 - pawns;
}

/// Castling rooks that have a king and rook in place; at most one per side of the king.
Bitboard valid_castling_rooks(const Setup& setup, const PieceSets& s, std::optional<Variant> variant) {
    Bitboard valid = 0;
    for (Color c : Colors) {
        const Bitboard kings = s.pieces(c, PieceType::King);
        const Bitboard candidates = setup.castling_rooks & back_rank(c) & s.pieces(c, PieceType::Rook);
        if (popcount(kings) != 1 || !(kings & back_rank(c)) || !candidates) continue;
        const Square k = lsb(kings);
        const Bitboard king_side = candidates & ~((bb(k) << 1) - 1);  // files right of the king
        const Bitboard queen_side = candidates & ((bb(k)) - 1);
        if (king_side && !more_than_one(king_side)) valid |= king_side;
        if (queen_side && !more_than_one(queen_side)) valid |= queen_side;
        if (variant == Variant::Standard) {
            // Classical chess castles only with king on e1/e8 and rooks in the corners.
            if (file_of(k) != File::E) valid &= ~back_rank(c);
            valid &= ~(back_rank(c) & ~(bb(File::A) | bb(File::H)));
        }
    }
    return valid;
}

/// An e.p. square that a double step just made can explain.
bool ep_explained(const Setup& s) {
    const Square ep = s.ep_square;
    if (ep == Square::None) return true;
    const Color us = s.turn;
    if (rank_of(ep) != relative(us, Rank::R6)) return false;
    const Square pushed_to = offset(ep, -forward(us)), pushed_from = offset(ep, forward(us));
    return s.board[ep] == Piece::None && s.board[pushed_from] == Piece::None &&
           s.board[pushed_to] == make_piece(~us, PieceType::Pawn);
}

bool is_slider(Piece p) {
    PieceType t = type_of(p);
    return t == PieceType::Bishop || t == PieceType::Rook || t == PieceType::Queen;
}

/// A check no legal last move can have given (after python-chess's and shakmaty's reasoning).
bool impossible_check(const Position& p, Square ep) {
    const Color us = p.side_to_move();
    const Square ksq = p.king(us);
    const Bitboard checkers = p.checkers();
    if (!checkers) return false;
    if (popcount(checkers) > 2) return true;
    if (ep != Square::None) {
        // The last move was the double step: only the pawn itself or a piece it uncovered can check.
        // Any other checker (a slider the pawn did not uncover, but also a knight, pawn or king)
        // already attacked the king before the double step, when the opponent was to move.
        const Square pushed_to = offset(ep, -forward(us)), pushed_from = offset(ep, forward(us));
        const Bitboard before = (p.pieces() ^ bb(pushed_to)) | bb(pushed_from);
        const Bitboard attacked_before = p.attackers_to(ksq, before) & p.pieces(~us) & ~bb(pushed_to);
        return more_than_one(checkers) || (lsb(checkers) != pushed_to && attacked_before);
    }
    if (more_than_one(checkers)) {
        const Square a = lsb(checkers), b = msb(checkers);
        // Two checkers on one line with the king, or two leapers: no single move does that.
        if (attacks::line(a, b) & bb(ksq)) return true;
        if (!is_slider(p.piece_on(a)) && !is_slider(p.piece_on(b))) return true;
    }
    return false;
}

}  // namespace

void Position::init_from(const Setup& s) {
    board_ = s.board;
    by_type_ = {};
    by_color_ = {};
    const auto by_piece = squares_by_piece(s.board);
    for (Color c : Colors)
        for (PieceType t : PieceTypes) {
            const Bitboard b = by_piece[static_cast<std::size_t>(idx(make_piece(c, t)))];
            by_type_[t] |= b;
            by_color_[c] |= b;
        }
    side_ = s.turn;
    castling_rooks_ = s.castling_rooks;
    halfmove_ = static_cast<std::uint16_t>(std::clamp(s.halfmove_clock, 0, 65535));
    fullmove_ = std::max(1, s.fullmove_number);
    chess960_ = s.chess960;
    ep_ = double_step_ = Square::None;
    key_ = compute_key();
    if (s.ep_square != Square::None) set_double_step(s.ep_square);
    check_info_ready_ = their_blockers_ready_ = false;  // computed on first use
}

Problems Position::validate(const Setup& setup, std::optional<Variant> variant) {
    auto result = from_setup(setup, {Problems{}, variant});
    return result ? Problems{} : result.error();
}

std::expected<Position, Problems> Position::from_setup(const Setup& setup, ValidateOptions options) {
    const PieceSets sets(setup);
    for (Color c : Colors)
        if (popcount(sets.pieces(c, PieceType::King)) != 1) return std::unexpected(Problems{Problem::KingCount});

    Problems found;
    const Bitboard pawns = sets.pieces(Color::White, PieceType::Pawn) | sets.pieces(Color::Black, PieceType::Pawn);
    if (pawns & (bb(Rank::R1) | bb(Rank::R8))) found = found | Problem::PawnsOnBackRank;
    if (too_many_pieces(sets, Color::White) || too_many_pieces(sets, Color::Black))
        found = found | Problem::TooManyPieces;

    Setup fixed = setup;
    fixed.castling_rooks = valid_castling_rooks(setup, sets, options.variant);
    if (fixed.castling_rooks != setup.castling_rooks) found = found | Problem::BadCastlingRights;
    // Only a given e.p. square can be bad (pawns on a back rank make any e.p. square suspect).
    const bool ep_ok = setup.ep_square == Square::None ||
                       (ep_explained(setup) && !(pawns & (bb(Rank::R1) | bb(Rank::R8))));
    if (!ep_ok) {
        found = found | Problem::BadEnPassant;
        fixed.ep_square = Square::None;
    }
    // Chess960 shows in a king or castling rook off the classical squares, or in the FEN's letters.
    bool chess960 = setup.chess960;
    for (Square r : squares(fixed.castling_rooks)) {
        Color c = rank_of(r) == Rank::R1 ? Color::White : Color::Black;
        if ((file_of(r) != File::A && file_of(r) != File::H) ||
            file_of(lsb(sets.pieces(c, PieceType::King))) != File::E)
            chess960 = true;
    }
    if (options.variant) chess960 = *options.variant == Variant::Chess960;
    fixed.chess960 = chess960;

    Position p(fixed);
    if (p.attacked_by(p.side_to_move(), p.king(~p.side_to_move()))) found = found | Problem::OppositeCheck;
    if (impossible_check(p, fixed.ep_square)) found = found | Problem::ImpossibleCheck;

    // Never relaxable: the rules need a king that cannot be captured, and at most 16 pieces a side.
    Problems relax = options.relax - Problem::OppositeCheck;
    if (popcount(sets.pieces(Color::White)) > 16 || popcount(sets.pieces(Color::Black)) > 16)
        relax = relax - Problem::TooManyPieces;
    Problems remaining = found - relax;
    if (!remaining.empty()) return std::unexpected(remaining);
    return p;
}

std::string_view problem_id(Problem p) {
    switch (p) {
        case Problem::KingCount: return "king-count";
        case Problem::PawnsOnBackRank: return "pawns-on-back-rank";
        case Problem::OppositeCheck: return "opposite-check";
        case Problem::ImpossibleCheck: return "impossible-check";
        case Problem::BadCastlingRights: return "bad-castling-rights";
        case Problem::BadEnPassant: return "bad-en-passant";
        case Problem::TooManyPieces: return "too-many-pieces";
    }
    return "?";
}

std::vector<Problem> Problems::list() const {
    std::vector<Problem> out;
    for (int shift = 0; shift < ProblemCount; ++shift)
        if (has(static_cast<Problem>(1 << shift))) out.push_back(static_cast<Problem>(1 << shift));
    return out;
}

std::vector<std::string> Problems::names() const {
    std::vector<std::string> out;
    for (Problem p : list()) out.emplace_back(problem_id(p));
    return out;
}

}  // namespace schach
