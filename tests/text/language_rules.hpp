#pragma once
// The rules of docs/language.md as data, and a checker that applies them to one sentence of one
// language. The guide's tables are the single list: the glossary (terms to avoid per language and
// the phrases in which an avoided word is right), the sentences that teach a rule wrong, and the
// forms of the piece names and person nouns. The gender-neutral German's grammar (the seed's
// system) adds three checks of its own: no avoided masculine or feminine noun, no "einey" before a
// noun (the article is "ein"), no plural "de" (the plural article is "die").

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "notation/language.hpp"

namespace schach::test {

/// One row of the glossary: what to avoid in which language, and where an avoided word is right.
struct GlossaryRow {
    std::string idea;                        // the concept, in words
    std::array<std::string, 3> term;         // de, de-neutral, en
    std::vector<std::string> avoid_german;   // in de and de-neutral
    std::vector<std::string> avoid_neutral;  // in de-neutral only
    std::vector<std::string> avoid_english;  // in en
    std::vector<std::string> allowed_in;     // phrases in which an avoided word is right
};

/// A sentence that says `says` and names `names` must also say one of `needs` (e.g. castling lost
/// "for good" by a rook move: only on that side, Art. 3.8.2.1).
struct SentenceRule {
    std::string article;
    std::vector<Language> languages;
    std::vector<std::string> says, names, needs;
};

/// The forms of one noun in one language, as docs/language.md lists them (fields as NounForms).
struct FormsRow {
    std::string noun;                // "pawn", ..., "king", "player", ...
    std::vector<std::string> forms;  // nominative, accusative, dative, genitive, by, ein, kein, dein, bare, plural
};

struct LanguageRules {
    std::vector<GlossaryRow> glossary;
    std::vector<SentenceRule> sentences;
    std::array<std::vector<FormsRow>, 3> forms;  // de, de-neutral, en
    /// de-neutral: German nouns of the forms tables that the neutral forms do not share ("Spieler",
    /// "Läufer", "Königs", ...): a masculine or feminine person or piece noun.
    std::vector<std::string> german_only_nouns;
    /// de-neutral: the plural nouns ("Spielerne", "Läuferne", "Türme", ...).
    std::vector<std::string> neutral_plurals;
    /// de-neutral: the singular nouns of the seed's forms ("Spielere", "Läufere"; not "Turm").
    std::vector<std::string> neutral_singulars;
};

/// Index of a language in the rules' arrays: de 0, de-neutral 1, en 2.
int language_index(Language lang);

/// Reads the tables of docs/language.md (each after a marker line <!-- name -->). Throws
/// std::runtime_error naming the table when one is missing or malformed.
LanguageRules parse_language_rules(std::string_view markdown);
/// The guide of this source tree.
const LanguageRules& language_rules();

/// What is wrong with `text` in `lang` by the rules: one line per finding, empty when none.
std::vector<std::string> check_text(const LanguageRules& rules, Language lang, std::string_view text);

/// Whether `phrase` occurs in `text` as whole words (a phrase starting in lower case also matches
/// with its first letter in upper case, at the start of a sentence).
bool contains_phrase(std::string_view text, std::string_view phrase);

}  // namespace schach::test
