#pragma once
// A reviewed game as PGN, annotated as lichess exports an analysed game: `[%eval 0.17]` or
// `[%eval #-3]` in each move's comment, the NAG of a judged move ($6 inaccuracy, $2 mistake,
// $4 blunder), the judgement and its explanation as a comment ("(0.32 → -1.10) Fehler. ..."), the
// engine's line as a variation, and the tags [ECO], [Opening], [WhiteAccuracy], [BlackAccuracy].

#include <optional>
#include <string>

#include "notation/language.hpp"
#include "pgn/pgn.hpp"
#include "review/game_review.hpp"
#include "review/openings.hpp"

namespace schach {

/// `[%eval ...]`'s value: "0.17", "-1.10", "#5", "#-3" (White's view); empty for a mate on the
/// board (no evaluation: the game is over).
std::string pgn_eval(review::Eval e);

/// The main line of `original` with the review's annotations (the original's comments kept after
/// ours, its own [%eval] commands dropped; its variations dropped), the opening's tags (the name
/// in `lang`) and the accuracies. The moves stay as they are; write_pgn chooses their letters.
PgnGame annotated_game(const PgnGame& original, const review::GameReview& review,
                       const std::optional<review::OpeningMatch>& opening, Language lang);

/// The NAG of a judgement: 6, 2, 4 (0 for none).
int judgement_nag(review::Judgement j);

}  // namespace schach
