#pragma once
// Static mobility analysis: a sound over-approximation of everything the pieces can still do in
// any continuation, used to prove that a side can never checkmate (pawn walls, locked kings,
// bishops of one square colour behind a blockade).
//
// The analysis finds a set of "frozen" pieces that provably never move and are never captured
// (a greatest fixpoint: assume everything frozen, release whatever could move or be taken),
// then the squares every other piece can ever reach, with the frozen pieces as walls. From the
// squares the losing king can ever stand on and the squares the winner's pieces can ever attack
// it decides whether a checkmate is impossible. "Not proven" is always a safe answer.

#include "core/bitboard.hpp"
#include "core/position.hpp"

namespace schach {

/// What the pieces other than kings and pawns (knights, bishops, rooks, queens; frozen or not)
/// can ever do, as bitboards: what the skeleton search abstracts them into.
struct Mobility {
    ByColor<Bitboard> piece_squares{};   // where they can ever stand
    ByColor<Bitboard> piece_attacks{};   // what they can ever attack (frozen pawns' attacks too)
    ByColor<bool> piece_moves{};         // one of them is not frozen (it may move some time)
    ByColor<bool> diagonal_sliders{};    // bishops or queens
    ByColor<bool> orthogonal_sliders{};  // rooks or queens
};

/// The static verdict together with the size estimate of the position's future.
struct BlockadeVerdict {
    bool unwinnable = false;
    double log2_positions = 0;
};
BlockadeVerdict analyze_blockade(const Position& pos, Color winner);

/// The mobility of the pieces of `pos` (the analysis below, summed up per colour).
Mobility analyze_mobility(const Position& pos);

/// True when `winner` can provably never checkmate from `pos` (a blocked structure); false means
/// "not proven", never "winnable".
bool blocked_unwinnable(const Position& pos, Color winner);

/// The same, stronger and slower: the loser's men also never step where their arrival would
/// checkmate the winner's king (ending_squares.hpp): such a move ends the game without a mate by
/// `winner`. For the questions the cheaper steps leave open. With `stationary`, first one more
/// analysis for each man that cannot move now: whether it can ever move before it is taken (a
/// rook in a corner behind its king and a bishop); a man that cannot is a fixed point, not a
/// piece that may roam.
bool deep_blocked_unwinnable(const Position& pos, Color winner, bool stationary = false);

}  // namespace schach
