#include "language_rules.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>

namespace schach::test {
namespace {

// ------------------------------------------------------------------ UTF-8 letters and words

/// The code point starting at s[i] and its length in bytes (a broken sequence counts as one byte).
std::pair<char32_t, std::size_t> decode(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) return {b, 1};
    const std::size_t n = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (n == 1 || i + n > s.size()) return {b, 1};
    char32_t c = b & (0xff >> (n + 1));
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    return {c, n};
}

bool is_letter(char32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 0xc0 && c <= 0x24f && c != 0xd7 && c != 0xf7);
}
bool is_upper(char32_t c) { return (c >= 'A' && c <= 'Z') || (c >= 0xc0 && c <= 0xde && c != 0xd7); }

/// Whether the character ending just before byte `i` is a letter.
bool letter_before(std::string_view s, std::size_t i) {
    if (i == 0) return false;
    std::size_t j = i - 1;
    while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xc0) == 0x80) --j;
    return is_letter(decode(s, j).first);
}
bool letter_at(std::string_view s, std::size_t i) { return i < s.size() && is_letter(decode(s, i).first); }

struct Word {
    std::string_view text;
    std::size_t begin, end;
};

std::vector<Word> words(std::string_view s) {
    std::vector<Word> out;
    std::size_t i = 0;
    while (i < s.size()) {
        const auto [c, n] = decode(s, i);
        if (!is_letter(c)) {
            i += n;
            continue;
        }
        const std::size_t begin = i;
        while (i < s.size() && letter_at(s, i)) i += decode(s, i).second;
        out.push_back({s.substr(begin, i - begin), begin, i});
    }
    return out;
}

bool starts_upper(std::string_view w) { return !w.empty() && is_upper(decode(w, 0).first); }
bool ends_with(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

/// The phrase with its first letter in upper case (ASCII and ä ö ü), or "" when it has none.
std::string capitalized_variant(std::string_view p) {
    if (p.empty()) return {};
    std::string out(p);
    if (out[0] >= 'a' && out[0] <= 'z') {
        out[0] = static_cast<char>(out[0] - 'a' + 'A');
        return out;
    }
    if (out.size() >= 2 && out[0] == '\xc3') {
        const auto c = static_cast<unsigned char>(out[1]);
        if (c == 0xa4 || c == 0xb6 || c == 0xbc) {
            out[1] = static_cast<char>(c - 0x20);
            return out;
        }
    }
    return {};
}

bool contains_exact(std::string_view text, std::string_view phrase) {
    if (phrase.empty()) return false;
    for (std::size_t at = text.find(phrase); at != std::string_view::npos; at = text.find(phrase, at + 1)) {
        const bool starts_with_letter = letter_at(phrase, 0);
        const bool ends_with_letter = letter_before(phrase, phrase.size());
        if (starts_with_letter && letter_before(text, at)) continue;
        if (ends_with_letter && letter_at(text, at + phrase.size())) continue;
        return true;
    }
    return false;
}

/// The text with every occurrence of `phrase` blanked out (same length, so offsets stay).
std::string blank_out(std::string text, std::string_view phrase) {
    for (const std::string& p : {std::string(phrase), capitalized_variant(phrase)}) {
        if (p.empty()) continue;
        for (std::size_t at = text.find(p); at != std::string::npos; at = text.find(p, at + 1))
            std::fill_n(text.begin() + static_cast<std::ptrdiff_t>(at), p.size(), ' ');
    }
    return text;
}

/// Sentences: split after '.', '!' or '?' followed by white space and a capital letter (or at the
/// end), but not after an abbreviation ("Art. 3.8", "z. B. Sf3").
std::vector<std::string_view> sentences(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t begin = 0;
    const auto abbreviation = [&](std::size_t dot) {
        std::size_t k = dot;
        while (k > begin && letter_before(text, k)) --k;
        const std::string_view word = text.substr(k, dot - k);
        return word == "Art" || word == "Nr" || word == "App" || word.size() == 1;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool end = i + 1 == text.size();
        const bool next_sentence = !end && (text[i + 1] == ' ' || text[i + 1] == '\n') && i + 2 < text.size() &&
                                   (is_upper(decode(text, i + 2).first) || text[i + 2] == '"');
        if ((c == '.' || c == '!' || c == '?') && (end || next_sentence) && !(c == '.' && abbreviation(i))) {
            out.push_back(text.substr(begin, i + 1 - begin));
            begin = i + 1;
            while (begin < text.size() && (text[begin] == ' ' || text[begin] == '\n')) ++begin;
        }
    }
    if (begin < text.size()) out.push_back(text.substr(begin));
    return out;
}

// ------------------------------------------------------------------ the guide's tables

std::string trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

/// The cells of a Markdown table row "| a | b |" ("\|" is a bar inside a cell).
std::vector<std::string> cells(std::string_view line) {
    std::vector<std::string> out;
    std::string cell;
    bool first = true;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
            cell += '|';
            ++i;
        } else if (line[i] == '|') {
            if (!first) out.push_back(trimmed(cell));
            first = false;
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    return out;
}

/// The phrases of a cell: every `quoted` part ("`Spieler`, `Spielerin`").
std::vector<std::string> phrases(std::string_view cell) {
    std::vector<std::string> out;
    for (std::size_t at = cell.find('`'); at != std::string_view::npos;) {
        const std::size_t close = cell.find('`', at + 1);
        if (close == std::string_view::npos) throw std::runtime_error("unclosed ` in: " + std::string(cell));
        out.emplace_back(cell.substr(at + 1, close - at - 1));
        at = cell.find('`', close + 1);
    }
    return out;
}

/// The body rows of the table after the marker line "<!-- name -->" (header and rule skipped).
std::vector<std::vector<std::string>> table(std::string_view markdown, std::string_view name, std::size_t columns) {
    const std::string marker = "<!-- " + std::string(name) + " -->";
    const std::size_t at = markdown.find(marker);
    if (at == std::string_view::npos) throw std::runtime_error("docs/language.md: no table " + marker);
    std::vector<std::vector<std::string>> rows;
    std::size_t pos = markdown.find('\n', at);
    int line_no = 0;
    while (pos != std::string_view::npos && pos + 1 < markdown.size()) {
        const std::size_t end = markdown.find('\n', pos + 1);
        const std::string line =
            trimmed(markdown.substr(pos + 1, end == std::string_view::npos ? std::string_view::npos : end - pos - 1));
        pos = end;
        if (line.empty() && line_no == 0) continue;
        if (line.empty() || line[0] != '|') break;
        if (line_no++ < 2) continue;  // header and |---|
        std::vector<std::string> row = cells(line);
        if (row.size() != columns)
            throw std::runtime_error("docs/language.md: table " + std::string(name) + ": " +
                                     std::to_string(row.size()) + " cells instead of " + std::to_string(columns) +
                                     " in: " + line);
        rows.push_back(std::move(row));
    }
    if (rows.empty()) throw std::runtime_error("docs/language.md: table " + std::string(name) + " is empty");
    return rows;
}

std::vector<Language> languages_of(std::string_view cell) {
    std::vector<Language> out;
    for (const std::string& code : phrases(cell)) {
        if (code == "de") out.push_back(Language::German);
        else if (code == "de-neutral") out.push_back(Language::GermanNeutral);
        else if (code == "en") out.push_back(Language::English);
        else throw std::runtime_error("docs/language.md: unknown language " + code);
    }
    return out;
}

/// The noun of a form: its last word ("derm Springere" -> "Springere", "the knight's" -> "knight").
std::vector<std::string> nouns_of(const FormsRow& row) {
    std::vector<std::string> out;
    for (const std::string& form : row.forms) {
        const std::vector<Word> w = words(form);
        if (!w.empty()) out.emplace_back(w.back().text);
    }
    return out;
}

}  // namespace

int language_index(Language lang) { return static_cast<int>(lang); }

bool contains_phrase(std::string_view text, std::string_view phrase) {
    if (contains_exact(text, phrase)) return true;
    const std::string upper = capitalized_variant(phrase);
    return !upper.empty() && contains_exact(text, upper);
}

LanguageRules parse_language_rules(std::string_view markdown) {
    LanguageRules rules;
    for (const auto& row : table(markdown, "glossary", 9)) {
        GlossaryRow g;
        g.idea = row[0];
        for (int i = 0; i < 3; ++i) g.term[static_cast<std::size_t>(i)] = row[static_cast<std::size_t>(i + 1)];
        g.avoid_german = phrases(row[5]);
        g.avoid_neutral = phrases(row[6]);
        g.avoid_english = phrases(row[7]);
        g.allowed_in = phrases(row[8]);
        rules.glossary.push_back(std::move(g));
    }
    for (const auto& row : table(markdown, "sentence-rules", 5)) {
        rules.sentences.push_back({row[0], languages_of(row[1]), phrases(row[2]), phrases(row[3]), phrases(row[4])});
        if (rules.sentences.back().says.empty() || rules.sentences.back().needs.empty())
            throw std::runtime_error("docs/language.md: a sentence rule without phrases");
    }
    const std::array<std::string_view, 3> codes = {"de", "de-neutral", "en"};
    for (std::size_t l = 0; l < 3; ++l) {
        for (const auto& row : table(markdown, "forms " + std::string(codes[l]), 11)) {
            FormsRow f{row[0], {}};
            for (std::size_t i = 1; i < row.size(); ++i) {
                const std::vector<std::string> p = phrases(row[i]);
                if (p.size() != 1)
                    throw std::runtime_error("docs/language.md: forms " + std::string(codes[l]) + ", " + row[0] +
                                             ": one `form` per cell");
                f.forms.push_back(p.front());
            }
            rules.forms[l].push_back(std::move(f));
        }
    }
    std::set<std::string> neutral_nouns;
    for (const FormsRow& row : rules.forms[1]) {
        for (const std::string& n : nouns_of(row)) neutral_nouns.insert(n);
        const std::vector<Word> plural = words(row.forms.back());
        if (!plural.empty()) rules.neutral_plurals.emplace_back(plural.back().text);
        const std::string& bare = row.forms[8];
        if (ends_with(bare, "e")) rules.neutral_singulars.push_back(bare);
    }
    std::set<std::string> german_only;
    for (const FormsRow& row : rules.forms[0])
        for (const std::string& n : nouns_of(row))
            if (!neutral_nouns.contains(n)) german_only.insert(n);
    rules.german_only_nouns.assign(german_only.begin(), german_only.end());
    return rules;
}

const LanguageRules& language_rules() {
    static const LanguageRules rules = [] {
        const std::filesystem::path path = std::filesystem::path(SCHACH_SOURCE_DIR) / "docs" / "language.md";
        std::ifstream in(path, std::ios::binary);
        if (!in) throw std::runtime_error("cannot read " + path.string());
        const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        return parse_language_rules(text);
    }();
    return rules;
}

namespace {

const std::set<std::string_view> Quantities = {"zwei",  "drei",   "vier", "fünf",  "sechs",   "sieben",  "acht",
                                               "beide", "beiden", "alle", "allen", "übrigen", "anderen", "vielen"};
const std::set<std::string_view> ArticlesAfterEiney = {"der", "die", "den", "dem", "derm", "ders", "von", "aus"};

/// de-neutral: "einey" is the pronoun ("einey der Königerne"); before a noun the article is "ein".
void check_einey(std::string_view text, std::vector<std::string>& out) {
    const std::vector<Word> w = words(text);
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
        if (w[i].text != "einey" && w[i].text != "Einey") continue;
        const auto spaced = [&](std::size_t a) { return w[a + 1].begin == w[a].end + 1 && text[w[a].end] == ' '; };
        if (!spaced(i)) continue;
        const bool noun_next = starts_upper(w[i + 1].text);
        const bool adjective_then_noun = !noun_next && !ArticlesAfterEiney.contains(w[i + 1].text) &&
                                         i + 2 < w.size() && spaced(i + 1) && starts_upper(w[i + 2].text);
        if (noun_next || adjective_then_noun)
            out.push_back(
                "de-neutral: \"einey\" before a noun (the article is \"ein\", \"einey\" the pronoun): \"" +
                std::string(text.substr(w[i].begin, w[i + 1 + (adjective_then_noun ? 1 : 0)].end - w[i].begin)) + "\"");
    }
}

/// de-neutral: "de" is singular; a plural takes "die" ("die Läuferne", "die weißen Bauerne").
void check_plural_de(const LanguageRules& rules, std::string_view text, std::vector<std::string>& out) {
    const std::vector<Word> w = words(text);
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
        if (w[i].text != "de" && w[i].text != "De") continue;
        if (w[i + 1].begin != w[i].end + 1 || text[w[i].end] != ' ') continue;
        const std::string_view next = w[i + 1].text;
        const bool plural_noun = std::find(rules.neutral_plurals.begin(), rules.neutral_plurals.end(), next) !=
                                     rules.neutral_plurals.end() ||
                                 ends_with(next, "erne") || ends_with(next, "ernen");
        const bool quantity = Quantities.contains(next);
        const bool plural_adjective = !starts_upper(next) && ends_with(next, "en") && i + 2 < w.size() &&
                                      w[i + 2].begin == w[i + 1].end + 1 && starts_upper(w[i + 2].text);
        if (plural_noun || quantity || plural_adjective)
            out.push_back("de-neutral: \"de\" before a plural (the plural article is \"die\"): \"" +
                          std::string(text.substr(w[i].begin, w[i + 1].end - w[i].begin)) + " …\"");
    }
}

/// de-neutral: a neutral noun takes the seed's articles only: no "-e" on "ein", "dein", "kein" (as
/// the seed's "ens Gegnere"), "derm" for the dative, "ders" for the genitive, and no German
/// article of one gender ("der", "die", "dem", "zur", ...); its relative pronoun is "de".
void check_neutral_articles(const LanguageRules& rules, std::string_view text, std::vector<std::string>& out) {
    static const std::set<std::string_view> Wrong = {
        "eine",   "deine",  "keine",  "meine",  "seine", "ihre", "der",   "die",    "das",   "dem",   "den",
        "des",    "zur",    "zum",    "vom",    "im",    "am",   "beim",  "einen",  "einem", "einer", "eines",
        "deinen", "deinem", "deiner", "keinen", "jeder", "jede", "jeden", "dieser", "diese", "diesen"};
    const auto neutral_noun = [&](std::string_view w) {
        return std::find(rules.neutral_singulars.begin(), rules.neutral_singulars.end(), w) !=
               rules.neutral_singulars.end();
    };
    const std::vector<Word> w = words(text);
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
        const std::string_view next = w[i + 1].text;
        if (!neutral_noun(next)) continue;
        std::string article(w[i].text);
        if (!article.empty() && article[0] >= 'A' && article[0] <= 'Z') article[0] = static_cast<char>(article[0] + 32);
        if (w[i + 1].begin == w[i].end + 1 && Wrong.contains(article))
            out.push_back("de-neutral: \"" + std::string(text.substr(w[i].begin, w[i + 1].end - w[i].begin)) +
                          "\" (a neutral noun takes de, derm, ders, ein, dein, kein)");
        if (i + 2 < w.size() && w[i + 2].text == "der" && text.substr(w[i + 1].end, 2) == ", ")
            out.push_back("de-neutral: \"" + std::string(next) + ", der\" (the relative pronoun is \"de\")");
    }
}

}  // namespace

std::vector<std::string> check_text(const LanguageRules& rules, Language lang, std::string_view text) {
    std::vector<std::string> out;
    const std::string code(language_code(lang));
    for (const GlossaryRow& g : rules.glossary) {
        std::string masked(text);
        for (const std::string& p : g.allowed_in) masked = blank_out(std::move(masked), p);
        const auto avoid = [&](const std::vector<std::string>& list) {
            for (const std::string& p : list)
                if (contains_phrase(masked, p))
                    out.push_back(code + ": \"" + p + "\" (glossary: " + g.idea + ": " +
                                  g.term[static_cast<std::size_t>(language_index(lang))] + ")");
        };
        if (lang == Language::English) avoid(g.avoid_english);
        else avoid(g.avoid_german);
        if (lang == Language::GermanNeutral) avoid(g.avoid_neutral);
    }
    for (const SentenceRule& r : rules.sentences) {
        if (std::find(r.languages.begin(), r.languages.end(), lang) == r.languages.end()) continue;
        const auto any = [](std::string_view s, const std::vector<std::string>& list) {
            return std::any_of(list.begin(), list.end(), [&](const std::string& p) { return contains_phrase(s, p); });
        };
        for (std::string_view s : sentences(text))
            if (any(s, r.says) && (r.names.empty() || any(s, r.names)) && !any(s, r.needs))
                out.push_back(code + ": Art. " + r.article + ": \"" + std::string(s) + "\" needs \"" + r.needs.front() +
                              "\"");
    }
    if (lang == Language::GermanNeutral) {
        for (const std::string& noun : rules.german_only_nouns)
            if (contains_exact(text, noun))
                out.push_back("de-neutral: the German noun \"" + noun + "\" (forms tables: the seed's form instead)");
        check_einey(text, out);
        check_plural_de(rules, text, out);
        check_neutral_articles(rules, text, out);
    }
    return out;
}

}  // namespace schach::test
