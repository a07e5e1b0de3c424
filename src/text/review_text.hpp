#pragma once
// The words of a game review: the judgement of a move, the explanation of a mistake (from the
// typed facts of review/explain.hpp) and the comment a reviewed PGN carries, in German,
// gender-neutral German and English, with the piece letters of that language.

#include <string>
#include <string_view>

#include "notation/language.hpp"
#include "review/explain.hpp"
#include "review/game_review.hpp"
#include "review/scale.hpp"

namespace schach {

/// "Ungenauigkeit" / "Inaccuracy", "Fehler" / "Mistake", "Patzer" / "Blunder"; empty for none.
std::string_view judgement_name(review::Judgement j, Language lang);
/// One or two sentences: the pattern or what the move allows, then what it missed, e.g.
/// "Das erlaubt Matt in 2: Dxh7+ Kf8 Dh8#. Besser war Le2." Empty for no facts.
std::string describe(const review::Explanation& explanation, Language lang);
/// The sentence of one fact.
std::string describe(const review::Fact& fact, Language lang);
/// "(0.32 → -1.10) Fehler. <explanation>", as lichess comments a judged move; empty for a move
/// without judgement.
std::string review_comment(const review::PlyReview& ply, Language lang);
/// A try of "learn from your mistakes" that was good enough: "Gelöst: Sf3 ist der beste Zug." /
/// "Solved: Nf3 is as good as the best move, Nc3." (`best` may be Move::none()).
std::string describe_try_solved(const Position& before, Move tried, Move best, Language lang);
/// An evaluation for people: "+0.32", "-1.10", "#3", "#-2" (White's view), "#" for a mate on the
/// board.
std::string eval_text(review::Eval e);

}  // namespace schach
