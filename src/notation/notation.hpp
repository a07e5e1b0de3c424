#pragma once
// Move notation: SAN, long algebraic, UCI and figurines, written and read, in English, German and
// gender-neutral German letters.

#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "core/explain.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "notation/language.hpp"

namespace schach {

enum class Notation : std::uint8_t { San, Lan, Uci, Fan };
std::optional<Notation> parse_notation(std::string_view name);

/// SAN with check (+) and mate (#) marks. English/PGN: O-O, e8=Q; German: 0-0, e8=D.
/// Disambiguates among legal moves only, by file, then rank, then both (FIDE Appendix C.10).
/// Precondition: m is legal in pos (Move::null() gives "--").
std::string to_san(const Position& pos, Move m, Language lang = Language::English);
/// Long algebraic: Sg1-f3, e2xd3, e7-e8=D, 0-0 (German) / Ng1-f3, O-O (English).
std::string to_lan(const Position& pos, Move m, Language lang = Language::English);
/// SAN with figurines for the pieces: ♘f3, e8=♕.
std::string to_fan(const Position& pos, Move m);
/// UCI: e1g1 for classical castling, king-takes-rook e1h1 when the position is Chess960.
inline std::string to_uci(const Position& pos, Move m) { return to_uci(m, pos.is_chess960()); }
std::string format_move(const Position& pos, Move m, Notation notation, Language lang = Language::English);

/// Why a move text was not accepted.
struct MoveTextError {
    enum class Kind : std::uint8_t { Syntax, Illegal, Ambiguous };
    Kind kind = Kind::Syntax;
    std::string text;        // the move text as given
    std::size_t offset = 0;  // character in `text` where the problem shows (syntax errors)
    /// Syntax errors: what was expected at the offset.
    enum class Expected : std::uint8_t {
        Nothing,
        Move,            // the text is empty
        PieceLetter,     // K, Q, R, B, N (or German K, D, T, L, S / W)
        TargetSquare,    // a target square such as e4
        PromotionPiece,  // after '='
        End,             // the end of the move
        SanWithoutFrom,  // SAN names no from-square here (e2-e4 is long algebraic)
        UciMove,         // four or five characters such as e2e4
        FromSquare,
        ToSquare,
        UciPromotion,  // n, b, r or q
        CanonicalSan,  // strict mode: the move as to_san writes it (`canonical`)
    };
    Expected expected = Expected::Nothing;
    Move canonical = Move::none();  // CanonicalSan: the move the text means
    Refusal refusal{};              // illegal moves: the rule that forbids it
    std::vector<Move> candidates;   // ambiguous moves: the legal moves it could mean
};
std::string_view move_text_expected_id(MoveTextError::Expected e);

enum class ParseMode : std::uint8_t {
    /// Canonical SAN only (English or German letters, as to_san writes it; check marks optional).
    Strict,
    /// What real files contain: either letter set, 0-0/O-O, over-disambiguation, missing x or =,
    /// e8Q, "e.p.", ++ for mate, !?-annotations, long algebraic and UCI.
    Lenient,
};
/// Reads a move in SAN (or, leniently, LAN/UCI). Null moves ("--", "Z0", "0000") return Move::null().
std::expected<Move, MoveTextError> parse_san(const Position& pos, std::string_view text,
                                             ParseMode mode = ParseMode::Lenient);
/// The quick path of lenient parse_san alone: the move for the plain SAN of nearly every real move
/// ([NBRQK][file][rank][x]<square>[=Q][+#] for pieces, <file>[x<file>]<rank>[=Q][+#] for pawns)
/// when exactly one piece fits and the move is surely legal; Move::none() for anything else, which
/// parse_san then decides (or reports as an error). Where it answers, parse_san gives the same move.
Move parse_san_quick(const Position& pos, std::string_view text);
/// Reads a UCI move (e2e4, e7e8q; castling as e1g1 or e1h1).
std::expected<Move, MoveTextError> parse_uci(const Position& pos, std::string_view text);

}  // namespace schach
