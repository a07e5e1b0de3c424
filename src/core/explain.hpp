#pragma once
// Why a move is not legal: one reason code per rule, with the squares and pieces involved, so the
// CLI and the browser can tell a player in their language. The browser has no rules of its own:
// it shows legal_targets() and, for anything else, the refusal explain_move() returns.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/bitboard.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

enum class RefusalCode : std::uint8_t {
    None,                   // the move is legal
    NoPiece,                // no piece on the from-square
    NotYourTurn,            // the piece belongs to the side not to move
    OwnPieceOnTarget,       // 3.1: own piece on the target square
    NotAPieceMove,          // 3.2-3.8: the piece does not move that way
    PathBlocked,            // 3.5: a piece stands in the way
    PawnBlocked,            // 3.7.1/3.7.2: the square in front of the pawn is occupied
    PawnCaptureOnEmpty,     // 3.7.3: a pawn moves diagonally only to capture
    EnPassantExpired,       // 3.7.3.2: en passant only right after the double step
    PromotionMissing,       // 3.7.3.3: a pawn on the last rank must promote
    PromotionNotAllowed,    // a promotion piece on a move that does not reach the last rank
    PromotionPieceInvalid,  // 3.7.3.3: only queen, rook, bishop or knight
    Pinned,                 // 3.9.2: the move would expose the own king
    LeavesKingInCheck,      // 3.9.2: the king is in check and the move does not stop it
    DoubleCheck,            // 3.9.2: in double check only the king can move
    KingIntoCheck,          // 3.9.2: the king would stand on an attacked square
    CastlingNoRight,        // 3.8.2.1: king or rook has moved
    CastlingInCheck,        // 3.8.2.2: no castling out of check
    CastlingBlocked,        // 3.8.2.2: a piece between king and rook or on a target square
    CastlingThroughCheck,   // 3.8.2.2: the king would cross an attacked square
    CastlingIntoCheck,      // 3.8.2.2: the king would land on an attacked square
    NoPieceReaches,         // (move text) no piece of that kind can go there
    NullMoveInCheck,        // a null move (analysis) is not possible while in check
    // Game-level rules (Game refuses these actions, not single moves).
    GameOver,               // 5.1/5.2: the game has ended
    DrawOfferTooEarly,      // 5.2.3: no offer or agreement before both sides have moved
    NoDrawOffer,            // 9.1.2: nothing to accept
    ClaimNotYourTurn,       // 9.2/9.3: only the player to move may claim
    ClaimAfterTouch,        // 9.4: a touched piece forfeits the claim for this move
    TouchMoveMustMove,      // 4.3.1: the touched piece must be moved
    TouchMoveMustCapture,   // 4.3.2: the touched enemy piece must be captured
    TouchMoveMustCastle,    // 4.4.1: king and rook touched: castle if legal
    TouchMoveKingMustMove,  // 4.4.2/4.4.3: king touched first: a king move is required
    // What Game knows from the moves about a lost castling right (3.8.2.1); `square` is the rook's.
    CastlingKingMoved,      // the king has moved
    CastlingRookMoved,      // that rook has moved
    CastlingRookCaptured,   // that rook was captured
    DrawOfferForbiddenYet,  // 9.1.1: the event allows offers only from move `count` on
};

/// A refusal with what it is about. Squares and pieces are None where they do not apply.
struct Refusal {
    RefusalCode code = RefusalCode::None;
    Square from = Square::None;
    Square to = Square::None;
    Piece piece = Piece::None;     // the moving piece (NoPieceReaches: the kind asked for)
    Square square = Square::None;  // the blocker, crossed or attacked square
    Square by = Square::None;      // the attacking, pinning or checking piece
    Piece by_piece = Piece::None;
    int count = 0;  // a number the rule names (DrawOfferForbiddenYet: the first move allowed)
    bool ok() const { return code == RefusalCode::None; }
    friend bool operator==(const Refusal&, const Refusal&) = default;
};

/// Stable identifier of a code ("pinned", "castling-through-check", ...), for logs and the protocol.
std::string_view refusal_id(RefusalCode code);
/// The FIDE article behind a code ("3.9.2"), or "" where none applies.
std::string_view refusal_article(RefusalCode code);

/// Explains the attempt to move the piece on `from` to `to` (promoting to `promotion`, or None).
/// A king moving onto its own castling rook, or (classical chess) two squares along the back rank,
/// is a castling attempt. Returns code None exactly when the move is legal.
Refusal explain_move(const Position& pos, Square from, Square to, PieceType promotion = PieceType::None);
/// Explains why castling to `side` is not possible (code None when it is).
Refusal explain_castling(const Position& pos, CastlingSide side);
/// The legal move meant by from/to/promotion (castling as above), or Move::none().
Move find_move(const Position& pos, Square from, Square to, PieceType promotion = PieceType::None);
/// Target squares of the legal moves from `from` (castling shown on the king's target square and,
/// for Chess960, on the rook). Empty for pieces of the side not to move.
Bitboard legal_targets(const Position& pos, Square from);

}  // namespace schach
