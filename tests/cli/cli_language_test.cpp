// The program speaks one language at a time: every subcommand, its help and its typical errors
// under --lang de, de-neutral and en print that language alone (the machine-readable lines keep
// their stable English form), and without --lang the locale decides.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_run.hpp"

namespace schach {
namespace {

namespace fs = std::filesystem;
using test::contains;
using test::shell_quote;

/// A scratch folder with the inputs the commands read, removed at the end.
class Inputs {
public:
    Inputs() : dir_(fs::temp_directory_path() / ("schach_cli_lang_" + std::to_string(::getpid()))) {
        fs::create_directories(dir_);
        write(
            "games.pgn",
            "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
            "[Event \"y\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n");
        write("suite.epd",
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;id \"start\"\n"
              "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 16 ;D2 9999999 ;id \"wrong\"\n");
        write("bad.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D99 20\n");
        write("moves.txt",
              "e4\ne5\nhilfe\nxyz\nzüge\nremis\nablehnen\nbrett\nuhr\npgn\nberühre e2\nDh5\nSc6\nLc4\nSf6\nDxf7\n");
    }
    ~Inputs() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    std::string path(const std::string& name) const { return shell_quote((dir_ / name).string()); }

private:
    void write(const std::string& name, std::string_view text) const {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }
    fs::path dir_;
};

/// Every subcommand, its help and its typical errors (arguments after `schach --lang X`).
std::vector<std::string> invocations(const Inputs& in) {
    const std::string start = shell_quote("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const std::string mate = shell_quote("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    const std::string pawn = shell_quote("8/8/3k4/8/8/3P4/8/3K4 w - - 0 1");
    return {
        "--help",
        "bogus",
        "perft 2",
        "perft 2 --divide",
        "perft --suite " + in.path("suite.epd") + " --max-nodes 100 -v",
        "perft --suite " + in.path("bad.epd"),
        "perft --suite /nonexistent.epd",
        "perft 99",
        "perft",
        "perft 3 extra",
        "perft --max-nodes 5",
        "perft --help",
        "fen " + start,
        "fen bogus",
        "fen '8/8/8/8/8/8/8/8 w - - 0 1'",
        "fen --help",
        "chess960 518",
        "chess960 --fen " + start,
        "chess960 1000",
        "chess960",
        "chess960 --random --fen x",
        "chess960 --help",
        "moves",
        "moves --fen " + mate,
        "moves --notation xyz",
        "moves --variant xyz",
        "moves --help",
        "pgn check " + in.path("games.pgn"),
        "pgn check /nonexistent.pgn",
        "pgn convert " + in.path("games.pgn"),
        "pgn adjudicate " + in.path("games.pgn"),
        "pgn --help",
        "pgn check --help",
        "pgn convert --help",
        "pgn adjudicate --help",
        "play --tc 5+3 --touch-move < " + in.path("moves.txt"),
        "play < /dev/null",
        "play --tc '?' < /dev/null",
        "play --help",
        "timecontrol 5+3",
        "timecontrol -",
        "timecontrol --list",
        "timecontrol 5x3",
        "timecontrol",
        "timecontrol --help",
        "dead --fen " + pawn,
        "dead --fen " + pawn + " --winner white",
        "dead --fen " + pawn + " --winner green",
        "dead",
        "dead --help",
    };
}

/// The words of a text (letters, digits, '-': "time-forfeit" is one word).
std::set<std::string> words_of(const std::string& text) {
    static const std::regex word("[A-Za-z0-9ÄÖÜäöüß_-]+");
    std::set<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it)
        out.insert(it->str());
    return out;
}

/// What a person reads as prose: without the machine-readable lines (stable English summaries,
/// perft counts, FENs, PGN tags and movetext, examples of commands) and without quoted tokens.
std::string prose(const std::string& output) {
    static const std::regex machine(
        "^(Nodes searched: \\d+|\\d+ passed, \\d+ failed|\\d+ games, \\d+ errors|[a-h][1-8][a-h][1-8][qrbn]?: \\d+|"
        "\\d+ positions, .*|\\[.*|  (schach|printf) .*|[^ ]+/[^ ]+/[^ ]+ [wb] .*|\\d+\\. .*|)$");
    static const std::regex quoted("'[^']*'|\"[^\"]*\"|\\{[^}]*\\}");
    std::string out;
    for (const std::string& line : test::lines_of(output))
        if (!std::regex_match(line, machine)) out += std::regex_replace(line, quoted, "") + "\n";
    return out;
}

// Marker words: each is frequent in its language's sentences and no word of the other language.
const std::vector<std::string> EnglishMarkers = {
    "the",      "error", "invalid", "unknown", "expected", "give",     "show", "print", "without", "default",
    "Examples", "Usage", "Options", "file",    "cannot",   "position", "with", "and",   "is",      "of"};
const std::vector<std::string> GermanMarkers = {
    "Fehler", "ungültige", "ungültiger", "unbekannte", "unbekannter", "erwartet", "Stellung", "Züge",  "Zug",
    "ohne",   "oder",      "und",        "nicht",      "Beispiele",   "Aufruf",   "Optionen", "Datei", "Tiefe",
    "Partie", "Partien",   "Sprache",    "Weiß",       "Schwarz",     "mit",      "die",      "der"};
/// Standard German names of persons and pieces the gender-neutral German replaces, and back.
const std::vector<std::string> GenderedWords = {"König",  "Dame",    "Läufer", "Springer", "Bauer",
                                                "Bauern", "Spieler", "Sieger", "man"};
const std::vector<std::string> NeutralWords = {"Wesire",   "Läufere", "Springere", "Bauere",
                                               "Spielere", "Siegere", "mensch"};

void expect_none(const std::set<std::string>& words, const std::vector<std::string>& markers, const std::string& what,
                 const std::string& args, const std::string& text) {
    for (const std::string& m : markers)
        EXPECT_FALSE(words.contains(m)) << what << " '" << m << "' in `" << args << "`:\n" << text;
}

void check_language(const std::string& lang) {
    const Inputs in;
    for (const std::string& args : invocations(in)) {
        const test::CommandRun run = test::run_command(test::schach_command("--lang " + lang + " " + args) + " 2>&1");
        ASSERT_TRUE(run.started);
        EXPECT_GE(run.exit_code, 0) << args;
        EXPECT_LE(run.exit_code, 2) << args << ":\n" << run.out;
        EXPECT_FALSE(run.out.empty()) << args;
        const std::string text = prose(run.out);
        EXPECT_FALSE(contains(text, " / ")) << "a pair of languages in `" << args << "`:\n" << text;
        const std::set<std::string> words = words_of(text);
        if (lang == "en") {
            expect_none(words, GermanMarkers, "German", args, text);
        } else {
            expect_none(words, EnglishMarkers, "English", args, text);
            expect_none(words, lang == "de" ? NeutralWords : GenderedWords, "the other German", args, text);
        }
    }
}

TEST(CliLanguage, GermanAlone) { check_language("de"); }
TEST(CliLanguage, GenderNeutralGermanAlone) { check_language("de-neutral"); }
TEST(CliLanguage, EnglishAlone) { check_language("en"); }

TEST(CliLanguage, NeutralNamesPiecesAndPeopleAfterTheSeedText) {
    const auto out = [](const std::string& args) {
        return test::run_command(test::schach_command("--lang de-neutral " + args) + " 2>&1").out;
    };
    EXPECT_TRUE(
        contains(out("dead --fen '8/8/3k4/8/8/3P4/8/3K4 w - - 0 1' --winner green"), "Fehler: Siegere 'green'"));
    EXPECT_TRUE(contains(out("play --tc '?' < /dev/null"), "kann mensch nicht spielen"));
    EXPECT_TRUE(contains(out("fen --help"), "Rochade Könige-schlägt-Turm"));
    EXPECT_TRUE(contains(out("play < /dev/null"), "Die Partie ist nicht beendet"));
    EXPECT_TRUE(contains(out("moves --fen '4k3/8/8/8/8/8/8/3QK3 w - - 0 1'"), "Wd2"));  // W for de Wesire
}

TEST(CliLanguage, TheLocaleDecidesWithoutLang) {
    const std::string clean = "env -u LANGUAGE -u LC_ALL -u LC_MESSAGES ";
    const auto run = [&](const std::string& env, const std::string& args) {
        return test::run_command(test::schach_command(args, clean + env + " ") + " 2>&1");
    };
    EXPECT_EQ(run("LANG=C.UTF-8", "perft 99").out, "error: invalid depth '99': expected an integer from 0 to 20\n");
    EXPECT_EQ(run("LANG=de_DE.UTF-8", "perft 99").out,
              "Fehler: ungültige Tiefe '99': erwartet eine ganze Zahl von 0 bis 20\n");
    EXPECT_TRUE(contains(run("LANG=de_DE.UTF-8", "moves").out, "Sf3"));  // piece letters follow too
    EXPECT_TRUE(contains(run("LANG=C.UTF-8", "moves").out, "Nf3"));
    EXPECT_TRUE(contains(run("LANG=de_DE.UTF-8", "play < /dev/null").out, "Die Partie ist nicht beendet"));
    EXPECT_TRUE(contains(run("LANG=C.UTF-8 LC_MESSAGES=de_AT.UTF-8", "perft 99").out, "Fehler: "));
    EXPECT_TRUE(contains(run("LANG=de_DE.UTF-8", "perft 99 --lang en").out, "error: invalid depth"));
}

TEST(CliLanguage, UnknownLanguageIsAClearUsageError) {
    for (const std::string args : {"--lang xx perft 1", "perft 1 --lang xx", "moves --lang=xx", "play --lang fr"}) {
        const test::CommandRun run = test::run_command(test::schach_command(args) + " 2>&1");
        EXPECT_EQ(run.exit_code, 2) << args;
        EXPECT_TRUE(run.out.starts_with("error: unknown language: ")) << args << ": " << run.out;
        EXPECT_TRUE(contains(run.out, "(de, de-neutral, en)")) << run.out;
    }
    const auto de = test::run_command(test::schach_command("perft 1 --lang xx", "LANG=de_DE.UTF-8 ") + " 2>&1");
    EXPECT_EQ(de.out, "Fehler: unbekannte Sprache: xx (de, de-neutral, en)\n");
}

/// main.cpp adds only the command the arguments name: the program's help and the message about
/// an unknown command still name every command, and options before the command still count.
TEST(CliLanguage, EveryCommandIsNamedWhereNoneIsChosen) {
    const std::vector<std::string> names{"perft",       "fen",   "chess960", "moves", "pgn",     "play",
                                         "timecontrol", "dead",  "tune",     "bench", "match",   "ratings",
                                         "uci",         "serve", "datagen",  "train", "analyse", "puzzles"};
    const test::CommandRun bogus = test::run_command(test::schach_command("--lang en bogus") + " 2>&1");
    EXPECT_EQ(bogus.exit_code, 2);
    const test::CommandRun help = test::run_command(test::schach_command("--lang=en --help"));
    EXPECT_EQ(help.exit_code, 0);
    for (const std::string& name : names) {
        EXPECT_TRUE(contains(bogus.out, " " + name + (name == "puzzles" ? ";" : ","))) << name << ": " << bogus.out;
        EXPECT_TRUE(contains(help.out, "\n  " + name + (name == "analyse" ? ", analyze " : " "))) << name;
    }
    const test::CommandRun alias = test::run_command(test::schach_command("--lang en analyze --help"));
    EXPECT_EQ(alias.exit_code, 0);
    EXPECT_TRUE(alias.out.starts_with("analyse games with our engine")) << alias.out;
    const test::CommandRun first_help = test::run_command(test::schach_command("--lang en --version pgn"));
    EXPECT_EQ(first_help.out, "schach 0.1.0\n");
}

}  // namespace
}  // namespace schach
