#include "notation/notation.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/ascii.hpp"
#include "core/attacks.hpp"
#include "core/movegen.hpp"
#include "notation/plain_san.hpp"

namespace schach {
namespace {

// ASCII classification without the C locale's function calls (this runs for every PGN move).
constexpr bool ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool ascii_alpha(char c) { return ascii_upper(c) || (c >= 'a' && c <= 'z'); }
constexpr char ascii_toupper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

using PT = PieceType;
using E = MoveTextError::Expected;

// The quick SAN path is a handful of small functions called once per move of every game read;
// calls between them cost more than their bodies, so they are merged into their callers.
#if defined(__GNUC__)
#define SCHACH_HOT_INLINE [[gnu::always_inline]] inline
#else
#define SCHACH_HOT_INLINE inline
#endif

std::string castling_text(const Position& pos, Move m, Language lang) {
    const bool king_side = pos.castling_side(m) == CastlingSide::King;
    if (lang == Language::English) return king_side ? "O-O" : "O-O-O";
    return king_side ? "0-0" : "0-0-0";
}

/// "+" or "#" after the move, or nothing.
std::string check_suffix(const Position& pos, Move m) {
    // Most moves give no check: say so without playing them; only a check needs the position after.
    if (!pos.gives_check(m)) return "";
    Position after = pos;
    after.do_move(m);
    return count_legal(after) == 0 ? "#" : "+";
}

/// File, rank or square needed to tell `m` from other legal moves of the same piece kind to the
/// same square (Appendix C.10): file if that is enough, else rank, else both.
std::string disambiguation(const Position& pos, Move m) {
    const PT t = type_of(pos.piece_on(m.from()));
    bool clash = false, same_file = false, same_rank = false;
    for (Move o : legal_moves(pos)) {
        if (o == m || o.to() != m.to() || o.kind() == MoveKind::Castling || type_of(pos.piece_on(o.from())) != t ||
            o.from() == m.from())
            continue;
        clash = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
    }
    if (!clash) return "";
    if (!same_file) return {to_char(file_of(m.from()))};
    if (!same_rank) return {to_char(rank_of(m.from()))};
    return to_string(m.from());
}

/// SAN or long algebraic with a function choosing the piece symbol.
template <typename Symbol>
std::string algebraic(const Position& pos, Move m, Language lang, bool long_form, Symbol symbol) {
    if (m == Move::null()) return "--";
    if (m.kind() == MoveKind::Castling) return castling_text(pos, m, lang) + check_suffix(pos, m);
    const Piece pc = pos.piece_on(m.from());
    const bool capture = pos.is_capture(m);
    std::string out;
    if (type_of(pc) == PT::Pawn) {
        if (long_form) out.append(to_string(m.from())).push_back(capture ? 'x' : '-');
        else if (capture) out.append({to_char(file_of(m.from())), 'x'});
        out.append(to_string(m.to()));
        if (m.kind() == MoveKind::Promotion) {
            out.push_back('=');
            out.append(symbol(make_piece(color_of(pc), m.promotion())));
        }
    } else {
        out = symbol(pc);
        out.append(long_form ? to_string(m.from()) : disambiguation(pos, m));
        if (capture) out.push_back('x');
        else if (long_form) out.push_back('-');
        out.append(to_string(m.to()));
    }
    return out + check_suffix(pos, m);
}

MoveTextError syntax_error(std::string_view text, std::size_t at, MoveTextError::Expected expected) {
    MoveTextError e;
    e.kind = MoveTextError::Kind::Syntax;
    e.text = std::string(text);
    e.offset = at;
    e.expected = expected;
    return e;
}

/// What a SAN-like text asks for, before looking at the position.
/// Any move text's pattern: plain SAN's fields and what the other forms add.
struct SanPattern : plain_san::Pattern {
    bool castling = false, king_side = false, null_move = false;
    bool uci_like = false;  // from-square and to-square both given (LAN or UCI)
};

/// Removes annotations and check marks: "Nf3+!?" -> "Nf3", "exd6e.p." -> "exd6".
std::string_view strip_suffixes(std::string_view s, bool lenient) {
    auto ends_with = [&](std::string_view suffix) {
        return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
    };
    bool changed = true;
    while (changed && !s.empty()) {
        changed = false;
        char c = s.back();
        if (c == '+' || c == '#' || (lenient && (c == '!' || c == '?'))) {
            s.remove_suffix(1);
            changed = true;
        } else if (lenient && (ends_with("e.p.") || ends_with("ep"))) {
            s.remove_suffix(ends_with("e.p.") ? 4 : 2);
            while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
            changed = true;
        }
    }
    return s;
}

std::expected<SanPattern, MoveTextError> parse_pattern(std::string_view text, bool lenient) {
    SanPattern p;
    std::string_view s = strip_suffixes(text, lenient);
    if (s.empty()) return std::unexpected(syntax_error(text, 0, E::Move));
    if (s == "--" || (lenient && (s == "Z0" || s == "0000" || s == "@@@@"))) {
        p.null_move = true;
        return p;
    }
    if (s == "O-O" || s == "0-0" || (lenient && (s == "o-o" || s == "OO" || s == "00"))) {
        p.castling = p.king_side = true;
        return p;
    }
    if (s == "O-O-O" || s == "0-0-0" || (lenient && (s == "o-o-o" || s == "OOO" || s == "000"))) {
        p.castling = true;
        return p;
    }
    std::size_t i = 0;
    const std::size_t n = s.size();
    if (i < n && ascii_upper(s[i])) {
        p.piece = piece_from_any_letter(s[i]);
        if (p.piece == PT::None || (p.piece == PT::Pawn && !lenient))
            return std::unexpected(syntax_error(text, i, E::PieceLetter));
        ++i;
    }
    // Collect squares and parts: [file][rank][x|-|:][file rank][=promo]
    auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
    int files[2] = {-1, -1}, ranks[2] = {-1, -1};
    int parts = 0;
    while (i < n && parts < 2) {
        if (is_file(s[i])) {
            if (files[parts] >= 0 || ranks[parts] >= 0) ++parts;
            if (parts >= 2) break;
            files[parts] = s[i] - 'a';
            ++i;
            if (i < n && is_rank(s[i])) ranks[parts] = s[i++] - '1';
            if (ranks[parts] >= 0) ++parts;
        } else if (is_rank(s[i])) {
            if (parts > 0 || ranks[0] >= 0) break;
            ranks[0] = s[i++] - '1';
            ++parts;  // a lone rank is a disambiguation
        } else if (s[i] == 'x' || s[i] == ':' || (s[i] == '-' && lenient)) {
            p.capture |= s[i] != '-';
            if (files[0] >= 0 && ranks[0] < 0 && parts == 0) parts = 1;
            ++i;
        } else {
            break;
        }
    }
    // The last complete square is the target; anything before it disambiguates.
    int target = -1;
    for (int k = 1; k >= 0; --k)
        if (files[k] >= 0 && ranks[k] >= 0) {
            target = k;
            break;
        }
    if (target < 0) return std::unexpected(syntax_error(text, std::min(i, n), E::TargetSquare));
    p.to = make_square(static_cast<File>(files[target]), static_cast<Rank>(ranks[target]));
    if (target == 1) {
        p.from_file = static_cast<std::int8_t>(files[0]);  // -1 or a file: 0..7
        p.from_rank = static_cast<std::int8_t>(ranks[0]);
    } else if (files[1] >= 0 || ranks[1] >= 0) {
        return std::unexpected(syntax_error(text, i, E::TargetSquare));
    }
    p.uci_like = p.from_file >= 0 && p.from_rank >= 0;
    if (i < n && (s[i] == '=' || (lenient && (ascii_alpha(s[i]) || s[i] == '/' || s[i] == '(')))) {
        bool equals = s[i] == '=' || s[i] == '/' || s[i] == '(';
        std::size_t at = i + (equals ? 1 : 0);
        char c = at < n ? s[at] : '\0';
        PT promo = piece_from_any_letter(ascii_toupper(c));
        if (!lenient && !ascii_upper(c)) promo = PT::None;
        if (promo == PT::None) return std::unexpected(syntax_error(text, at, E::PromotionPiece));
        p.promotion = promo;
        i = at + 1;
        if (i < n && s[i] == ')') ++i;
    }
    if (i != n) return std::unexpected(syntax_error(text, i, E::End));
    if (!lenient && p.piece == PT::Pawn && p.from_rank >= 0)
        return std::unexpected(syntax_error(text, 1, E::SanWithoutFrom));
    return p;
}

/// Whether a legal move fits a SAN pattern (not for UCI-like patterns, which name the from-square).
bool matches(const Position& pos, Move m, const SanPattern& p) {
    if (p.castling)
        return m.kind() == MoveKind::Castling && (pos.castling_side(m) == CastlingSide::King) == p.king_side;
    if (m.kind() == MoveKind::Castling || m.to() != p.to || type_of(pos.piece_on(m.from())) != p.piece) return false;
    if (p.from_file >= 0 && idx(file_of(m.from())) != p.from_file) return false;
    if (p.from_rank >= 0 && idx(rank_of(m.from())) != p.from_rank) return false;
    // A pawn move written without a file ("c4") is a push, never a capture.
    if (p.piece == PT::Pawn && p.from_file < 0 && file_of(m.from()) != file_of(m.to())) return false;
    if (m.kind() == MoveKind::Promotion) return m.promotion() == p.promotion;
    return p.promotion == PT::None;
}

/// How telling a refusal is when several pieces could have been meant: the rule that stops an
/// otherwise possible move says more than "the knight does not move like that".
int refusal_rank(RefusalCode c) {
    switch (c) {
        case RefusalCode::NotAPieceMove: return 0;
        case RefusalCode::PathBlocked: return 1;
        case RefusalCode::OwnPieceOnTarget: return 2;
        case RefusalCode::PawnBlocked:
        case RefusalCode::PawnCaptureOnEmpty:
        case RefusalCode::EnPassantExpired: return 3;
        default: return 4;
    }
}

/// The pieces a SAN pattern may have meant, legal or not.
Bitboard pattern_sources(const Position& pos, const SanPattern& p) {
    const Color us = pos.side_to_move();
    Bitboard from = pos.pieces(us, p.piece);
    if (p.from_file >= 0) from &= bb(static_cast<File>(p.from_file));
    if (p.from_rank >= 0) from &= bb(static_cast<Rank>(p.from_rank));
    if (p.piece == PT::Pawn) {
        // A pawn reaches its target from one or two squares behind, or diagonally behind.
        Bitboard behind = 0;
        const Square one = idx(p.to) - forward(us) >= 0 && idx(p.to) - forward(us) < 64 ? offset(p.to, -forward(us))
                                                                                        : Square::None;
        if (p.from_file >= 0 && p.from_file != idx(file_of(p.to))) {
            behind = one == Square::None ? 0 : (attacks::pawn(~us, p.to));
        } else if (one != Square::None) {
            behind = bb(one);
            if (pos.piece_on(one) == Piece::None && rank_of(p.to) == relative(us, Rank::R4))
                behind |= bb(offset(one, -forward(us)));
        }
        from &= behind;
    }
    return from;
}

MoveTextError illegal(std::string_view text, Refusal r) {
    MoveTextError e;
    e.kind = MoveTextError::Kind::Illegal;
    e.text = std::string(text);
    e.refusal = r;
    return e;
}

/// explain_move for a SAN pattern: a king move that explain_move takes for castling ("Kxh1" onto
/// the own castling rook, "Kg1" from e1) is not castling in SAN, which writes it O-O: refused by
/// the rule the plain king move breaks.
Refusal explain_san_move(const Position& pos, Square from, const SanPattern& p) {
    Refusal r = explain_move(pos, from, p.to, p.promotion);
    if (!r.ok()) return r;
    const Piece on_target = pos.piece_on(p.to);
    if (on_target != Piece::None && color_of(on_target) == pos.side_to_move()) {
        r.code = RefusalCode::OwnPieceOnTarget;
        r.square = p.to;
    } else {
        r.code = RefusalCode::NotAPieceMove;
    }
    return r;
}

MoveTextError explain_pattern(const Position& pos, std::string_view text, const SanPattern& p) {
    const Color us = pos.side_to_move();
    if (p.castling) return illegal(text, explain_castling(pos, p.king_side ? CastlingSide::King : CastlingSide::Queen));
    Refusal best;
    best.code = RefusalCode::NoPieceReaches;
    best.piece = make_piece(us, p.piece);
    best.to = p.to;
    int best_rank = -1;
    const Bitboard sources = pattern_sources(pos, p);
    // One piece of the kind: "the king on e1 cannot move to e3" says more than "no king can".
    if (sources && !more_than_one(sources) && p.piece != PT::Pawn)
        return illegal(text, explain_san_move(pos, lsb(sources), p));
    for (Square from : squares(sources)) {
        Refusal r = explain_san_move(pos, from, p);
        if (refusal_rank(r.code) > best_rank && !(r.code == RefusalCode::NotAPieceMove)) {
            best = r;
            best_rank = refusal_rank(r.code);
        }
    }
    return illegal(text, best);
}

/// The pawn a pattern (not castling, not UCI-like) means when it plainly pushes or captures onto a
/// square (no en passant), or Square::None; sets `kind` for a promotion.
SCHACH_HOT_INLINE Square quick_pawn_source(const Position& pos, const SanPattern& p, Piece target, MoveKind& kind) {
    const Color us = pos.side_to_move();
    const int dir = forward(us);
    const int behind = idx(p.to) - dir;
    if (behind < 0 || behind >= 64) return Square::None;
    Square from;
    if (p.from_file >= 0 && p.from_file != idx(file_of(p.to))) {
        if (std::abs(p.from_file - idx(file_of(p.to))) != 1 || target == Piece::None) return Square::None;
        from = make_square(static_cast<File>(p.from_file), rank_of(square_at(behind)));
    } else {
        if (target != Piece::None || p.from_rank >= 0) return Square::None;
        from = square_at(behind);
        if (pos.piece_on(from) == Piece::None && rank_of(p.to) == relative(us, Rank::R4)) from = offset(from, -dir);
    }
    if (pos.piece_on(from) != make_piece(us, PT::Pawn)) return Square::None;
    if (rank_of(p.to) == relative(us, Rank::R8)) {
        if (p.promotion == PT::None || p.promotion == PT::King || p.promotion == PT::Pawn) return Square::None;
        kind = MoveKind::Promotion;
    } else if (p.promotion != PT::None) {
        return Square::None;
    }
    return from;
}

/// The one piece of the pattern's kind (not a pawn) that can move to its square and fits its file
/// and rank, pins and checks aside; Square::None when there is none or more than one.
SCHACH_HOT_INLINE Square quick_piece_source(const Position& pos, const SanPattern& p) {
    if (p.promotion != PT::None) return Square::None;
    return plain_san::piece_source(pos, pos.side_to_move(), p);
}

/// Whether a move of the piece on `from` (not the king, not en passant) to `to` is legal, given
/// that the piece can move there (plain_san::leaves_king_safe).
SCHACH_HOT_INLINE bool quick_legal(const Position& pos, Square from, Square to) {
    const Color us = pos.side_to_move();
    return plain_san::leaves_king_safe(pos, us, pos.king(us), from, to);
}

/// The common case without generating moves: exactly one piece fits the pattern and it is surely
/// legal (not in check, not pinned off its line, king not stepping into an attack). Returns
/// Move::none() whenever the answer needs the full legal move list.
SCHACH_HOT_INLINE Move fast_resolve(const Position& pos, const SanPattern& p) {
    if (p.castling || p.null_move || p.uci_like) return Move::none();
    const Color us = pos.side_to_move();
    const Piece target = pos.piece_on(p.to);
    if (target != Piece::None && color_of(target) == us) return Move::none();
    MoveKind kind = MoveKind::Normal;
    const Square from = p.piece == PT::Pawn ? quick_pawn_source(pos, p, target, kind) : quick_piece_source(pos, p);
    if (from == Square::None) return Move::none();
    if (p.piece == PT::King) {
        // The king must not step into an attack, also along a line it shields now.
        if (pos.attacked_by(~us, p.to, pos.pieces() ^ bb(from))) return Move::none();
        return Move(from, p.to);
    }
    if (!quick_legal(pos, from, p.to)) return Move::none();
    return kind == MoveKind::Promotion ? Move::make(from, p.to, kind, p.promotion) : Move(from, p.to);
}

/// Castling written plainly ("O-O", "O-O-O") when it is legal (Position::castling_test).
Move quick_castling(const Position& pos, CastlingSide side) {
    if (!pos.castling_test(side).ok()) return Move::none();
    return Move::make(pos.king(pos.side_to_move()), pos.castling_rook(pos.side_to_move(), side), MoveKind::Castling);
}

/// "O-O" or "O-O-O" with nothing after it but check marks: the side it names, or nothing.
std::optional<CastlingSide> quick_castling_text(std::string_view s) {
    s = plain_san::without_check_marks(s);
    if (s == "O-O") return CastlingSide::King;
    if (s == "O-O-O") return CastlingSide::Queen;
    return std::nullopt;
}

/// The shapes of nearly every move in real files, read without the general pattern parser
/// (plain_san::read); false for anything else, and the general parser takes over.
SCHACH_HOT_INLINE bool quick_pattern(std::string_view s, SanPattern& p) {
    return plain_san::read(plain_san::without_check_marks(s), p);
}

}  // namespace

std::optional<Notation> parse_notation(std::string_view name) {
    if (name == "san") return Notation::San;
    if (name == "lan") return Notation::Lan;
    if (name == "uci") return Notation::Uci;
    if (name == "fan") return Notation::Fan;
    return std::nullopt;
}

std::string to_san(const Position& pos, Move m, Language lang) {
    return algebraic(pos, m, lang, false, [lang](Piece p) { return std::string(1, piece_letter(type_of(p), lang)); });
}

std::string to_lan(const Position& pos, Move m, Language lang) {
    return algebraic(pos, m, lang, true, [lang](Piece p) {
        char c = piece_letter(type_of(p), lang);
        return c ? std::string(1, c) : std::string();
    });
}

std::string to_fan(const Position& pos, Move m) {
    return algebraic(pos, m, Language::English, false, [](Piece p) { return std::string(figurine(p)); });
}

std::string format_move(const Position& pos, Move m, Notation notation, Language lang) {
    switch (notation) {
        case Notation::San: return to_san(pos, m, lang);
        case Notation::Lan: return to_lan(pos, m, lang);
        case Notation::Uci: return to_uci(pos, m);
        case Notation::Fan: return to_fan(pos, m);
    }
    return to_san(pos, m, lang);
}

std::expected<Move, MoveTextError> parse_uci(const Position& pos, std::string_view text) {
    const std::string_view s = trim(text);
    if (s == "0000") {
        if (pos.in_check()) return std::unexpected(illegal(text, Refusal{RefusalCode::NullMoveInCheck}));
        return Move::null();
    }
    if (s.size() < 4 || s.size() > 5) return std::unexpected(syntax_error(text, 0, E::UciMove));
    const Square from = parse_square(s.substr(0, 2)), to = parse_square(s.substr(2, 2));
    if (from == Square::None) return std::unexpected(syntax_error(text, 0, E::FromSquare));
    if (to == Square::None) return std::unexpected(syntax_error(text, 2, E::ToSquare));
    PT promo = PT::None;
    if (s.size() == 5) {
        constexpr std::string_view Letters = "nbrq";
        std::size_t i = Letters.find(s[4]);
        if (i == std::string_view::npos) return std::unexpected(syntax_error(text, 4, E::UciPromotion));
        promo = static_cast<PT>(idx(PT::Knight) + static_cast<int>(i));
    }
    if (Move m = find_move(pos, from, to, promo)) return m;
    return std::unexpected(illegal(text, explain_move(pos, from, to, promo)));
}

/// Figurine notation read as letters: ♘f3 -> Nf3 (both colours' figurines, UTF-8 U+2654..U+265F).
std::string figurines_to_letters(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x99) {
            const int code = static_cast<unsigned char>(text[i + 2]) - 0x94;  // 0..11 for U+2654..U+265F
            if (code >= 0 && code < 12) {
                out += "KQRBNP"[code % 6];
                i += 2;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

Move parse_san_quick(const Position& pos, std::string_view text) {
    SanPattern quick;
    if (quick_pattern(text, quick)) return fast_resolve(pos, quick);
    if (const auto side = quick_castling_text(text)) return quick_castling(pos, *side);
    return Move::none();
}

std::expected<Move, MoveTextError> parse_san(const Position& pos, std::string_view text, ParseMode mode) {
    const bool lenient = mode == ParseMode::Lenient;
    if (lenient && text.find('\xE2') != std::string_view::npos) {
        const std::string letters = figurines_to_letters(text);
        if (letters != text) {  // only figurines are replaced: other bytes go on as they are
            auto m = parse_san(pos, letters, mode);
            if (!m) m.error().text = std::string(text);
            return m;
        }
    }
    if (lenient)
        if (Move m = parse_san_quick(pos, text)) return m;
    const std::string_view s = trim(text);
    auto pattern = parse_pattern(s, lenient);
    if (!pattern) {
        pattern.error().text = std::string(text);
        return std::unexpected(pattern.error());
    }
    const SanPattern& p = *pattern;
    if (p.null_move) {
        if (pos.in_check()) return std::unexpected(illegal(text, Refusal{RefusalCode::NullMoveInCheck}));
        return Move::null();
    }
    if (p.uci_like && lenient) {
        const Square from = make_square(static_cast<File>(p.from_file), static_cast<Rank>(p.from_rank));
        const Piece pc = pos.piece_on(from);
        const bool letter_fits = pc == Piece::None || p.piece == PT::Pawn || type_of(pc) == p.piece;
        if (Move m = find_move(pos, from, p.to, p.promotion); m && letter_fits) return m;
        if (letter_fits) return std::unexpected(illegal(text, explain_move(pos, from, p.to, p.promotion)));
    }
    if (lenient)
        if (Move m = fast_resolve(pos, p)) return m;
    std::vector<Move> candidates;
    for (Move m : legal_moves(pos))
        if (matches(pos, m, p)) candidates.push_back(m);
    if (candidates.empty()) return std::unexpected(explain_pattern(pos, text, p));
    if (candidates.size() > 1) {
        MoveTextError e;
        e.kind = MoveTextError::Kind::Ambiguous;
        e.text = std::string(text);
        e.candidates = std::move(candidates);
        return std::unexpected(e);
    }
    const Move m = candidates.front();
    if (!lenient) {
        // Canonical: exactly what to_san writes (in English or German letters), check marks optional.
        const std::string_view bare = strip_suffixes(s, false);
        bool canonical = false;
        for (Language lang : {Language::English, Language::German, Language::GermanNeutral})
            canonical |= strip_suffixes(to_san(pos, m, lang), false) == bare;
        if (!canonical) {
            MoveTextError e = syntax_error(text, 0, E::CanonicalSan);
            e.canonical = m;
            return std::unexpected(std::move(e));
        }
    }
    return m;
}

std::string_view move_text_expected_id(MoveTextError::Expected e) {
    switch (e) {
        case E::Nothing: return "";
        case E::Move: return "move";
        case E::PieceLetter: return "piece-letter";
        case E::TargetSquare: return "target-square";
        case E::PromotionPiece: return "promotion-piece";
        case E::End: return "end";
        case E::SanWithoutFrom: return "san-without-from";
        case E::UciMove: return "uci-move";
        case E::FromSquare: return "from-square";
        case E::ToSquare: return "to-square";
        case E::UciPromotion: return "uci-promotion";
        case E::CanonicalSan: return "canonical-san";
    }
    return "?";
}

}  // namespace schach
