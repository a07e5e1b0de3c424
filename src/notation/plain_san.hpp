#pragma once
// Plain SAN: the shapes of nearly every move in real files, [NBRQK][file][rank][x]<square>[=Q]
// for pieces and <file>[x<file>]<rank>[=Q] for pawns, read and resolved without generating moves.
// Shared by parse_san_quick (on a Position) and the PGN reader's lean board (PgnBoard): the
// resolving steps take any board with Position's bitboard accessors (pieces(), pieces(Color),
// pieces(PieceType), pieces(Color, PieceType)). Everything is inlined into its caller's loop.

#include <array>
#include <cstdint>
#include <string_view>

#include "core/attacks.hpp"
#include "core/bitboard.hpp"
#include "core/types.hpp"

namespace schach::plain_san {

#define SCHACH_PLAIN_SAN_INLINE [[gnu::always_inline]] inline

/// What plain SAN asks for.
struct Pattern {
    PieceType piece = PieceType::Pawn;
    std::int8_t from_file = -1, from_rank = -1;  // small: the whole pattern fits a register
    Square to = Square::None;
    PieceType promotion = PieceType::None;
    bool capture = false;
};

/// English SAN piece letters (NBRQK); PieceType::None for every other byte.
inline constexpr std::array<PieceType, 256> PieceLetters = [] {
    std::array<PieceType, 256> t{};
    t.fill(PieceType::None);
    t['N'] = PieceType::Knight;
    t['B'] = PieceType::Bishop;
    t['R'] = PieceType::Rook;
    t['Q'] = PieceType::Queen;
    t['K'] = PieceType::King;
    return t;
}();

/// A file letter (a-h), a rank digit (1-8), and the square they name.
SCHACH_PLAIN_SAN_INLINE bool is_file(char c) { return static_cast<unsigned char>(c - 'a') < 8; }
SCHACH_PLAIN_SAN_INLINE bool is_rank(char c) { return static_cast<unsigned char>(c - '1') < 8; }
SCHACH_PLAIN_SAN_INLINE Square square_of(char file, char rank) {
    return make_square(static_cast<File>(file - 'a'), static_cast<Rank>(rank - '1'));
}

/// The text without its check marks: "Nf3+" -> "Nf3".
SCHACH_PLAIN_SAN_INLINE std::string_view without_check_marks(std::string_view s) {
    while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.remove_suffix(1);
    return s;
}

/// Reads plain SAN without check marks into `p`; false for anything else (castling, annotations,
/// long algebraic, German letters, ...), which the general parser reads.
SCHACH_PLAIN_SAN_INLINE bool read(std::string_view s, Pattern& p) {
    using PT = PieceType;
    if (s.size() < 2) return false;
    if (s.size() >= 4 && s[s.size() - 2] == '=') {
        switch (s.back()) {
            case 'Q': p.promotion = PT::Queen; break;
            case 'R': p.promotion = PT::Rook; break;
            case 'B': p.promotion = PT::Bishop; break;
            case 'N': p.promotion = PT::Knight; break;
            default: return false;
        }
        s.remove_suffix(2);
    }
    const char tf = s[s.size() - 2], tr = s[s.size() - 1];
    if (!is_file(tf) || !is_rank(tr)) return false;
    p.to = square_of(tf, tr);
    s.remove_suffix(2);
    // The piece letter from a table: a switch here costs a mispredicted jump on most moves.
    const PT letter = s.empty() ? PT::None : PieceLetters[static_cast<unsigned char>(s[0])];
    std::size_t i = letter != PT::None ? 1 : 0;
    p.piece = letter != PT::None ? letter : PT::Pawn;
    if (i < s.size() && is_file(s[i])) p.from_file = static_cast<std::int8_t>(s[i++] - 'a');
    if (i < s.size() && is_rank(s[i])) p.from_rank = static_cast<std::int8_t>(s[i++] - '1');
    if (i < s.size() && s[i] == 'x') {
        p.capture = true;
        ++i;
    }
    if (i != s.size()) return false;
    if (p.piece == PT::Pawn && (p.from_rank >= 0 || (p.capture && p.from_file < 0))) return false;
    if (p.piece != PT::Pawn && p.promotion != PT::None) return false;
    return true;
}

/// Reads plain SAN forward from `s`, the shapes of nearly every move in a file: a pawn's push
/// ("e4") or capture ("exd5"), a piece's move with its file, rank and capture mark as `read`
/// takes them ("Nf3", "Nxe5", "Nbd7", "R1xe2"), then a check mark; no promotion. Returns the word's
/// length when the byte after it ends a word (`ends_word`), and `p` as `read` gives it for the
/// same word; 0 for anything else (`read` then takes the word). At least 16 bytes from `s` on
/// must be readable.
template <class EndsWord>
SCHACH_PLAIN_SAN_INLINE std::size_t read_forward(const char* s, Pattern& p, EndsWord ends_word) {
    using PT = PieceType;
    std::size_t k;
    if (is_file(s[0])) {  // a pawn
        if (is_rank(s[1])) {
            p.to = square_of(s[0], s[1]);
            k = 2;
        } else if (s[1] == 'x' && is_file(s[2]) && is_rank(s[3])) {
            p.from_file = static_cast<std::int8_t>(s[0] - 'a');
            p.capture = true;
            p.to = square_of(s[2], s[3]);
            k = 4;
        } else {
            return 0;
        }
    } else {
        const PT letter = PieceLetters[static_cast<unsigned char>(s[0])];
        if (letter == PT::None) return 0;
        p.piece = letter;
        if (is_file(s[1]) && is_rank(s[2]) && !is_file(s[3]) && s[3] != 'x') {  // "Nf3"
            p.to = square_of(s[1], s[2]);
            k = 3;
        } else {
            std::size_t i = 1;
            if (is_file(s[i])) p.from_file = static_cast<std::int8_t>(s[i++] - 'a');
            if (is_rank(s[i])) p.from_rank = static_cast<std::int8_t>(s[i++] - '1');
            if (s[i] == 'x') {
                p.capture = true;
                ++i;
            }
            if (!is_file(s[i]) || !is_rank(s[i + 1])) return 0;
            p.to = square_of(s[i], s[i + 1]);
            k = i + 2;
        }
    }
    k += s[k] == '+' || s[k] == '#';  // one check mark: more ("++") go the old way
    return ends_word(s[k]) ? k : 0;
}

/// The one piece of the pattern's kind (not a pawn) of `us` that can move to its square and fits
/// its file and rank, pins and checks aside; Square::None when there is none or more than one.
template <class Board>
SCHACH_PLAIN_SAN_INLINE Square piece_source(const Board& b, Color us, const Pattern& p) {
    Bitboard candidates = attacks::reaching(b.pieces(us, p.piece), p.piece, p.to, b.pieces());
    if (p.from_file >= 0) candidates &= bb(static_cast<File>(p.from_file));
    if (p.from_rank >= 0) candidates &= bb(static_cast<Rank>(p.from_rank));
    if (!candidates || more_than_one(candidates)) return Square::None;
    return lsb(candidates);
}

/// Whether a move of `us`'s piece on `from` (not the king, not en passant) to `to` is legal, given
/// that the piece can move there: no enemy piece, the one taken on `to` aside, attacks the king on
/// `ksq` once it has moved. (That settles checks and pins alike, with one look from the king.)
template <class Board>
SCHACH_PLAIN_SAN_INLINE bool leaves_king_safe(const Board& b, Color us, Square ksq, Square from, Square to) {
    using PT = PieceType;
    const Bitboard occupied = (b.pieces() ^ bb(from)) | bb(to);
    const Bitboard theirs = b.pieces(~us) & ~bb(to);
    const Bitboard leapers = (attacks::knight(ksq) & b.pieces(PT::Knight)) |
                             (attacks::pawn(us, ksq) & b.pieces(PT::Pawn)) | (attacks::king(ksq) & b.pieces(PT::King));
    if (leapers & theirs) return false;
    const Bitboard queens = b.pieces(PT::Queen);
    const Bitboard sliders = (((b.pieces(PT::Rook) | queens) & attacks::rook_empty(ksq)) |
                              ((b.pieces(PT::Bishop) | queens) & attacks::bishop_empty(ksq))) &
                             theirs;
    for (Square s : squares(sliders))
        if (!(attacks::between(ksq, s) & occupied & ~bb(s))) return false;
    return true;
}

#undef SCHACH_PLAIN_SAN_INLINE

}  // namespace schach::plain_san
