// The three language forms against docs/language.md: every catalogue (the page's web/src/i18n and
// every sentence src/text makes) avoids the glossary's wrong variants, teaches no rule wrong, and
// in gender-neutral German follows the seed's grammar; every key exists in all three forms; the
// forms tables of the guide are the forms the program declines. The checker itself is tested on
// planted mistakes, in single sentences and in the real catalogue files.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include "catalogues.hpp"
#include "core/explain.hpp"
#include "core/outcome.hpp"
#include "language_rules.hpp"
#include "text/text.hpp"

namespace schach::test {
namespace {

constexpr Language De = Language::German, Neutral = Language::GermanNeutral, En = Language::English;

std::string findings(const std::vector<std::string>& list) {
    std::string out;
    for (const std::string& f : list) out += "\n  " + f;
    return out;
}

bool finds(Language lang, std::string_view text) { return !check_text(language_rules(), lang, text).empty(); }

std::string source(std::string_view relative) {
    const auto path = std::filesystem::path(SCHACH_SOURCE_DIR) / relative;
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in) << path;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The findings over one catalogue file's source, after replacing `from` by `to` in it.
std::vector<std::string> check_planted(std::string_view file, std::string_view from, std::string_view to) {
    std::string text = source(std::string("web/src/i18n/") + std::string(file));
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << file << " no longer says: " << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    const PageFile page = parse_page_file(file, text);
    std::vector<std::string> out;
    for (const auto& [key, value] : page.entries)
        for (const std::string& f : check_text(language_rules(), page.lang, value)) out.push_back(key + ": " + f);
    return out;
}

TEST(Language, GuideHasItsTables) {
    const LanguageRules& r = language_rules();
    EXPECT_GE(r.glossary.size(), 20u);
    EXPECT_GE(r.sentences.size(), 2u);
    for (const auto& forms : r.forms) EXPECT_EQ(forms.size(), 6u + PersonCount);
    // Derived from the forms tables: the German nouns the neutral forms replace, and the plurals.
    for (std::string_view noun : {"Spieler", "Gegner", "Schiedsrichter", "Läufer", "Königs", "Dame"})
        EXPECT_TRUE(std::count(r.german_only_nouns.begin(), r.german_only_nouns.end(), noun)) << noun;
    EXPECT_FALSE(std::count(r.german_only_nouns.begin(), r.german_only_nouns.end(), "Turm"));
    EXPECT_FALSE(std::count(r.german_only_nouns.begin(), r.german_only_nouns.end(), "Könige"));
    for (std::string_view plural : {"Läuferne", "Bauerne", "Königerne", "Spielerne"})
        EXPECT_TRUE(std::count(r.neutral_plurals.begin(), r.neutral_plurals.end(), plural)) << plural;
}

// The three plants the issue names, and their correct forms.
TEST(Language, CheckerFindsPlantedMistakes) {
    EXPECT_TRUE(finds(De, "Andere Zeitkontrolle"));                     // for Bedenkzeit
    EXPECT_TRUE(finds(Neutral, "Zeitkontrolle (Minuten + Sekunden)"));  // in both German forms
    EXPECT_FALSE(finds(De, "noch 3 Züge bis zur Zeitkontrolle"));       // the checkpoint: right
    EXPECT_FALSE(finds(De, "Andere Bedenkzeit"));

    EXPECT_TRUE(
        finds(De, "Wer zuerst den König oder einen Turm zieht, verliert dieses Recht für immer (Art. 3.8.2.1)."));
    EXPECT_TRUE(finds(Neutral, "Wer zuerst de Könige oder einen Turm zieht, verliert dieses Recht für immer."));
    EXPECT_TRUE(finds(En, "Moving the king or a rook first gives up that right for good (Art. 3.8.2.1)."));
    EXPECT_FALSE(finds(De,
                       "Das Recht zur Rochade ist für immer verloren, wenn der König schon gezogen hat, und "
                       "für eine Seite, wenn dieser Turm schon gezogen hat (Art. 3.8.2.1)."));
    EXPECT_FALSE(finds(De, "Der König zieht: das Recht ist für immer verloren."));  // no rook named
    // The finding names the whole sentence ("Art." ends none).
    const std::vector<std::string> castling = check_text(
        language_rules(), De,
        "Früh rochieren. Wer den König oder einen Turm zieht, verliert es für immer (Art. "
        "3.8.2.1). Der Turm zieht gerade.");
    ASSERT_EQ(castling.size(), 1u) << findings(castling);
    EXPECT_NE(castling[0].find("\"Wer den König oder einen Turm zieht, verliert es für immer (Art. 3.8.2.1).\""),
              std::string::npos)
        << castling[0];

    EXPECT_TRUE(finds(Neutral, "Einey Läufere steht auf f1."));
    EXPECT_TRUE(finds(Neutral, "Diesen Platz hat schon einey andere Spielere."));
    EXPECT_FALSE(finds(Neutral, "Ein Läufere steht auf f1."));
    EXPECT_FALSE(finds(Neutral, "Ist einey der Königerne bedroht, steht en im Schach."));  // the pronoun: right
}

TEST(Language, CheckerKnowsTheSeedsGrammar) {
    // Plural "de": the plural article is "die".
    EXPECT_TRUE(finds(Neutral, "Linien für de Läuferne"));
    EXPECT_TRUE(finds(Neutral, "de zwei Springere"));
    EXPECT_TRUE(finds(Neutral, "De weißen Bauere stehen in Reihe 2"));
    EXPECT_FALSE(finds(Neutral, "Die weißen Bauerne stehen in Reihe 2, de Könige zwischen den Türmen"));
    EXPECT_FALSE(finds(Neutral, "De Spielere, de am Zug ist, kann keinen legalen Zug mehr ausführen."));
    EXPECT_FALSE(finds(Neutral, "Sprache: de, de-neutral, en"));
    // Masculine and feminine person nouns, German piece nouns.
    EXPECT_TRUE(finds(Neutral, "Dein Gegner hat nichts angeboten."));
    EXPECT_TRUE(finds(Neutral, "Entscheidung der Schiedsrichterin"));
    EXPECT_TRUE(finds(Neutral, "eine Elo-Zahl je spielender Person"));
    EXPECT_TRUE(finds(Neutral, "Schach vom Läufer auf b4"));
    EXPECT_FALSE(finds(Neutral, "Dein Gegnere hat nichts angeboten."));
    EXPECT_FALSE(finds(Neutral, "Entscheidung ders Schiedsrichteres"));
    EXPECT_FALSE(finds(De, "Dein Gegner hat nichts angeboten."));  // German: the generic masculine
    // Possessive without "-e" before a neutral noun.
    EXPECT_TRUE(finds(Neutral, "deine Gegnere ist noch nicht da"));
    EXPECT_TRUE(finds(Neutral, "gib deine Läufere für einen Turm"));
    // The seed's dative and relative pronoun.
    EXPECT_TRUE(finds(Neutral, "Zug bis zur Gegnere"));
    EXPECT_TRUE(finds(Neutral, "mit dem Könige ausweichen"));
    EXPECT_TRUE(finds(Neutral, "Umgewandelt wird nur ein Bauere, der die letzte Reihe erreicht"));
    EXPECT_FALSE(finds(Neutral, "Umgewandelt wird nur ein Bauere, de die letzte Reihe erreicht"));
    EXPECT_FALSE(finds(Neutral, "Zug bis zu derm Gegnere; mit dem Turm; der Turm auf h1"));
}

TEST(Language, CheckerFindsTheIssuesOtherMistakes) {
    EXPECT_TRUE(finds(De, "Dreimalige Stellungswiederholung reklamiert"));
    EXPECT_TRUE(finds(De, "FIDE-Klasse: klassisch"));
    EXPECT_TRUE(finds(De, "Berührt – geschlagen: die Figur auf e5 muss geschlagen werden"));
    EXPECT_TRUE(finds(De, "Der König steht im Schach vom Läufer auf b4"));
    EXPECT_TRUE(finds(De, "gesucht ist ein Zug vom Läufer."));
    EXPECT_TRUE(finds(De, "Setze matt in einem Zug."));
    EXPECT_TRUE(finds(De, "Die Gegenseite antwortet {reply}; du bist wieder am Zug."));
    EXPECT_TRUE(finds(De, "Im Schach gibt es drei Auswege"));
    EXPECT_TRUE(finds(En, "Take back: the knight on c3 can take the bishop on d5"));
    EXPECT_TRUE(finds(En, "Two players at one device"));
    EXPECT_TRUE(finds(En, "Lb5 is no stalemate: the other side can still play Kg8."));
    EXPECT_FALSE(finds(De, "Blitzschach: 10 Minuten oder weniger"));
    EXPECT_FALSE(finds(De, "Ausgabe: NORMALISIERT KLASSE (KLASSE: blitz, rapid, classical)"));
}

// The plants in the real files: the whole way from the file to a finding.
TEST(Language, PlantsInTheCatalogueFilesFail) {
    EXPECT_FALSE(check_planted("de.ts", "timeControlLabel: 'Bedenkzeit", "timeControlLabel: 'Zeitkontrolle").empty());
    EXPECT_FALSE(check_planted("de.ts",
                               "Wer den König zieht, verliert dieses Recht für immer; wer einen Turm zieht, "
                               "verliert es auf dessen Seite",
                               "Wer zuerst den König oder einen Turm zieht, verliert dieses Recht für immer")
                     .empty());
    EXPECT_FALSE(
        check_planted("tools.de-neutral.ts", "'Ein Läufere steht auf f1", "'Einey Läufere steht auf f1").empty());
    // Unplanted, the same files pass.
    EXPECT_TRUE(check_planted("de.ts", "timeControlLabel: 'Bedenkzeit", "timeControlLabel: 'Bedenkzeit").empty());
}

// ------------------------------------------------------------------ the tree

/// The {placeholders} of a page text, sorted.
std::multiset<std::string> placeholders(const std::string& text) {
    std::multiset<std::string> out;
    static const std::regex field(R"(\{[A-Za-z0-9_]+\})");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), field); it != std::sregex_iterator(); ++it)
        out.insert(it->str());
    return out;
}

TEST(Language, PageCataloguesFollowTheGuide) {
    const std::vector<PageFile> files = page_files();
    ASSERT_GE(files.size(), 9u);
    std::map<std::string, std::map<Language, const PageFile*>> groups;
    for (const PageFile& f : files) {
        EXPECT_FALSE(groups[f.group].contains(f.lang)) << f.path;
        groups[f.group][f.lang] = &f;
        for (const auto& [key, text] : f.entries) {
            const std::vector<std::string> found = check_text(language_rules(), f.lang, text);
            EXPECT_TRUE(found.empty()) << f.path.filename().string() << " " << key << ":" << findings(found);
        }
    }
    for (const auto& [group, forms] : groups) {
        ASSERT_EQ(forms.size(), 3u) << "group '" << group << "' lacks a language";
        const PageFile& en = *forms.at(En);
        for (Language lang : {De, Neutral}) {
            const PageFile& other = *forms.at(lang);
            for (const auto& [key, text] : en.entries) {
                ASSERT_TRUE(other.entries.contains(key)) << other.path.filename().string() << " lacks " << key;
                EXPECT_EQ(placeholders(other.entries.at(key)), placeholders(text))
                    << other.path.filename().string() << " " << key;
            }
            for (const auto& [key, text] : other.entries)
                EXPECT_TRUE(en.entries.contains(key)) << other.path.filename().string() << " has " << key << " alone";
        }
        // The neutral page says "mensch" only where the German says "man"; elsewhere it addresses
        // the reader as the German does ("du", the imperative).
        const PageFile& de = *forms.at(De);
        const PageFile& neutral = *forms.at(Neutral);
        for (const auto& [key, text] : neutral.entries) {
            if (contains_phrase(text, "mensch")) {
                EXPECT_TRUE(contains_phrase(de.entries.at(key), "man"))
                    << neutral.path.filename().string() << " " << key
                    << ": \"mensch\" where German has no \"man\": " << text;
            }
        }
    }
}

TEST(Language, ProgramSentencesFollowTheGuide) {
    const std::vector<CatalogueEntry> all = program_catalogue();
    EXPECT_GT(all.size(), 5000u);
    std::set<std::string> reported;  // one report per finding, not one per piece combination
    for (const CatalogueEntry& e : all) {
        EXPECT_FALSE(e.text.empty() || e.text == "?") << language_code(e.lang) << " " << e.key;
        for (const std::string& f : check_text(language_rules(), e.lang, e.text))
            if (reported.insert(e.key + f).second) ADD_FAILURE() << e.key << ": " << f << "\n  in: " << e.text;
    }
}

TEST(Language, FormsTablesAreTheProgramsForms) {
    const LanguageRules& r = language_rules();
    const std::array<PieceType, 6> pieces = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop,
                                             PieceType::Rook, PieceType::Queen,  PieceType::King};
    for (Language lang : {De, Neutral, En}) {
        const auto& rows = r.forms[static_cast<std::size_t>(language_index(lang))];
        ASSERT_EQ(rows.size(), 6u + PersonCount);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const NounForms n = i < 6 ? piece_name(pieces[i], lang) : person_name(static_cast<Person>(i - 6), lang);
            const std::array<std::string_view, 10> program = {n.nominative, n.accusative, n.dative, n.genitive,
                                                              n.by,         n.indefinite, n.none,   n.yours,
                                                              n.bare,       n.plural};
            ASSERT_EQ(rows[i].forms.size(), program.size());
            for (std::size_t f = 0; f < program.size(); ++f)
                EXPECT_EQ(rows[i].forms[f], program[f]) << language_code(lang) << " " << rows[i].noun << " form " << f;
        }
    }
    // The page's piece nouns (move announcements) are the program's, capitalised.
    const std::map<std::string, PieceType> keys = {
        {"pieceKing", PieceType::King},     {"pieceQueen", PieceType::Queen},   {"pieceRook", PieceType::Rook},
        {"pieceBishop", PieceType::Bishop}, {"pieceKnight", PieceType::Knight}, {"piecePawn", PieceType::Pawn}};
    for (const PageFile& f : page_files()) {
        if (f.group != "") continue;
        for (const auto& [key, type] : keys)
            EXPECT_EQ(f.entries.at(key), capitalized(piece_name(type, f.lang).bare)) << f.path.filename() << " " << key;
    }
}

// Sentences with a piece or person in them take its declined form (docs/language.md, forms tables).
TEST(Language, SentencesUseTheDeclinedForms) {
    ExerciseMissInfo miss;
    miss.code = ExerciseMiss::WrongPiece;
    miss.move = "Sc3";
    miss.piece = PieceType::Knight;
    miss.wanted = PieceType::Bishop;
    EXPECT_EQ(describe(miss, De), "Sc3 zieht den Springer; gesucht ist ein Zug mit dem Läufer.");
    EXPECT_EQ(describe(miss, Neutral), "Sc3 zieht de Springere; gesucht ist ein Zug mit derm Läufere.");
    EXPECT_EQ(describe(miss, En), "Sc3 moves the knight; the task asks for a move with the bishop.");
    miss.code = ExerciseMiss::WrongPromotion;
    miss.move = "b1=W";
    miss.piece = PieceType::Queen;
    miss.wanted = PieceType::Rook;
    EXPECT_EQ(describe(miss, Neutral), "b1=W wandelt in ein Wesire um; gesucht ist die Umwandlung in einen Turm.");
    EXPECT_EQ(describe(miss, De), "b1=W wandelt in eine Dame um; gesucht ist die Umwandlung in einen Turm.");

    Refusal r{.code = RefusalCode::LeavesKingInCheck, .by = Square::B4, .by_piece = Piece::BlackBishop};
    EXPECT_EQ(describe(r, De), "Der König steht durch den Läufer auf b4 im Schach, und der Zug wehrt es nicht ab");
    EXPECT_EQ(describe(r, Neutral), "De Könige steht durch de Läufere auf b4 im Schach, und der Zug wehrt es nicht ab");
    r = {.code = RefusalCode::NoPieceReaches, .to = Square::D4, .piece = Piece::WhiteQueen};
    EXPECT_EQ(describe(r, De), "Keine Dame kann nach d4 ziehen");
    EXPECT_EQ(describe(r, Neutral), "Kein Wesire kann nach d4 ziehen");
    EXPECT_EQ(describe(r, En), "No queen can move to d4");
    r = {.code = RefusalCode::TouchMoveKingMustMove};
    EXPECT_EQ(describe(r, Neutral), "De Könige wurde berührt: en muss gezogen werden");
    r = {.code = RefusalCode::TouchMoveMustCapture, .square = Square::E5};
    EXPECT_EQ(describe(r, De), "Berührt – geführt: die gegnerische Figur auf e5 muss geschlagen werden");
    r = {.code = RefusalCode::PromotionNotAllowed};
    EXPECT_EQ(describe(r, Neutral), "Umgewandelt wird nur ein Bauere, de die letzte Reihe erreicht");

    const Outcome arbiter{Result::Draw, Termination::Arbiter};
    EXPECT_EQ(describe(arbiter, De), "Entscheidung des Schiedsrichters: remis (Art. 12.9)");
    EXPECT_EQ(describe(arbiter, Neutral), "Entscheidung ders Schiedsrichteres: remis (Art. 12.9)");
    EXPECT_EQ(describe(ServiceCode::NotStarted, De),
              "Die Partie hat noch nicht begonnen: dein Gegner ist noch nicht da.");
    EXPECT_EQ(describe(ServiceCode::NotStarted, Neutral),
              "Die Partie hat noch nicht begonnen: dein Gegnere ist noch nicht da.");
    EXPECT_EQ(describe(ServiceCode::NothingToAnswer, Neutral), "Dein Gegnere hat nichts angeboten.");
    EXPECT_EQ(describe(ServiceCode::NothingToAnswer, En), "Your opponent has offered nothing.");
}

}  // namespace
}  // namespace schach::test
