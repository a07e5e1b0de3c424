#include "text/puzzle_text.hpp"

#include "core/movegen.hpp"
#include "notation/notation.hpp"
#include "text/review_text.hpp"

namespace schach {
namespace {

struct Phrase {
    std::string_view de, en;
};

Phrase phrase(PuzzleMsg m) {
    switch (m) {
        case PuzzleMsg::PuzzlesAbout: return {"Taktikaufgaben aus Partien", "tactics puzzles from games"};
        case PuzzleMsg::GenerateAbout:
            return {
                "findet Aufgaben in den Partien von PGN-Dateien (wie lichess, mit unserer Engine) und schreibt "
                "sie im Format von lichess",
                "finds puzzles in the games of PGN files (as lichess does, with our engine) and writes them in "
                "lichess's format"};
        case PuzzleMsg::HelpGenerateFiles:
            return {"PGN-Dateien (- für die Standardeingabe)", "PGN files (- for stdin)"};
        case PuzzleMsg::HelpGenerateOut:
            return {"die Aufgaben an diese Datei anhängen und dort fortsetzen (sonst auf die Standardausgabe)",
                    "append the puzzles to this file and go on there (else to stdout)"};
        case PuzzleMsg::HelpGenerateThreads:
            return {"Partien gleichzeitig (je eine Engine)", "games at once (one engine each)"};
        case PuzzleMsg::HelpGenerateScanNodes:
            return {"Knoten je Stellung beim Durchsuchen der Partie", "nodes per position when scanning the game"};
        case PuzzleMsg::HelpGeneratePrefilterNodes:
            return {
                "erst jede Stellung mit so vielen Knoten, mit --scan-nodes nur um einen Sprung, den diese "
                "Suche kommen sieht (0: jede mit --scan-nodes)",
                "first every position at this many nodes, at --scan-nodes only around a jump this search "
                "sees coming (0: each at --scan-nodes)"};
        case PuzzleMsg::HelpGenerateSolveNodes:
            return {"Knoten je Zug der Lösung (zwei Varianten)", "nodes per move of the solution (two lines)"};
        case PuzzleMsg::HelpGenerateVerifyNodes:
            return {"Knoten der zweiten, tieferen Prüfung je Zug", "nodes of the second, deeper check per move"};
        case PuzzleMsg::HelpGenerateNoRating:
            return {"keine Startwertung aus den Stufen der Engine (schneller; 1500)",
                    "no starting rating from the engine's levels (faster; 1500)"};
        case PuzzleMsg::GenerateFooter:
            return {
                "Format: PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags "
                "(die Stellung vor dem letzten Zug des Gegenübers, die Züge in UCI). Mit --out merkt sich "
                "FILE.done die fertigen Partien; derselbe Befehl setzt fort.",
                "Format: PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags "
                "(the position before the opponent's last move, the moves in UCI). With --out, FILE.done "
                "remembers the finished games; the same command goes on."};
        case PuzzleMsg::GenerateResumed:
            return {"{} Partien schon durchsucht, es geht weiter", "{} games scanned already, going on"};
        case PuzzleMsg::GenerateProgress:
            return {"{} von {} Partien, {} Aufgaben, {:.0f} Stellungen/s",
                    "{} of {} games, {} puzzles, {:.0f} positions/s"};
        case PuzzleMsg::GenerateDone:
            return {"{} Partien durchsucht, {} Aufgaben gefunden in {:.0f} s",
                    "{} games scanned, {} puzzles found in {:.0f} s"};
        case PuzzleMsg::GenerateStages:
            return {
                "{} Stellungen, {} Kandidaten; CPU {:.1f} s: Vorauswahl {:.1f} s ({} Suchen), Durchsuchen {:.1f} s "
                "({}), Lösung {:.1f} s ({}), Prüfung {:.1f} s ({}), Stufen {:.1f} s ({}), Themen {:.1f} s; "
                "{:.1f} Stellungen je CPU-Sekunde, {:.1f} Aufgaben je CPU-Stunde",
                "{} positions, {} candidates; CPU {:.1f} s: pre-filter {:.1f} s ({} searches), scan {:.1f} s "
                "({}), solve {:.1f} s ({}), verify {:.1f} s ({}), levels {:.1f} s ({}), themes {:.1f} s; "
                "{:.1f} positions a CPU second, {:.1f} puzzles a CPU hour"};
        case PuzzleMsg::GenerateSearches:
            return {
                "{} Stellungen, {} Kandidaten; CPU {:.1f} s; Suchen: Vorauswahl {}, Durchsuchen {}, Lösung {}, "
                "Prüfung {}, Stufen {} (die Zeit jeder Stufe nur mit --threads 1); {:.1f} Stellungen je "
                "CPU-Sekunde, {:.1f} Aufgaben je CPU-Stunde",
                "{} positions, {} candidates; CPU {:.1f} s; searches: pre-filter {}, scan {}, solve {}, verify "
                "{}, levels {} (each stage's time with --threads 1 only); {:.1f} positions a CPU second, {:.1f} "
                "puzzles a CPU hour"};
        case PuzzleMsg::GenerateRejections:
            return {
                "verworfen: kein Sprung {}, schon gewonnen {}, Material {}, nicht eindeutig {}, ein Zug ohne "
                "Matt {}, Matt zu lang {}, Wiederholung {}, nicht bestätigt {}",
                "rejected: no jump {}, already winning {}, material {}, not unique {}, one move without mate {}, "
                "mate too long {}, repetition {}, not confirmed {}"};
        case PuzzleMsg::GenerateCannotWrite: return {"{} kann nicht geschrieben werden", "cannot write {}"};
        case PuzzleMsg::NoSuchPuzzle: return {"Diese Aufgabe gibt es nicht.", "There is no such puzzle."};
        case PuzzleMsg::NoPuzzleLeft:
            return {"Zu diesen Themen gibt es keine neue Aufgabe mehr. Wähle andere Themen.",
                    "There is no new puzzle left in these themes. Choose other themes."};
        case PuzzleMsg::BadPly:
            return {"Dieser Zug ist in der Aufgabe nicht an der Reihe.", "That move is not the puzzle's turn."};
        case PuzzleMsg::BadMove:
            return {"Dieser Zug ist in dieser Stellung nicht möglich.", "That move is not possible in this position."};
        case PuzzleMsg::NoBrowser:
            return {"Dieser Browser hat noch keine Kennung; lade die Seite neu.",
                    "This browser has no id yet; reload the page."};
        case PuzzleMsg::Storage:
            return {"Das Ergebnis konnte nicht gespeichert werden.", "The result could not be stored."};
        case PuzzleMsg::Busy:
            return {"Der Server prüft gerade viele Züge; versuche es gleich noch einmal.",
                    "The server is checking many moves right now; try again in a moment."};
        case PuzzleMsg::NotEnough:
            return {"Das reicht nicht: nach {} ist der Vorteil dahin.",
                    "That is not enough: after {} the advantage is gone."};
        case PuzzleMsg::Stalemate:
            return {"Das ist Patt: remis statt Sieg.", "That is stalemate: a draw instead of a win."};
        case PuzzleMsg::HelpServePuzzles:
            return {"die Taktikaufgaben des Trainers (CSV im Format von lichess)",
                    "the trainer's tactics puzzles (CSV in lichess's format)"};
        case PuzzleMsg::ServeNoPuzzles:
            return {"{} nicht gefunden: der Taktiktrainer hat keine Aufgaben",
                    "{} not found: the tactics trainer has no puzzles"};
        case PuzzleMsg::ServeBadPuzzles:
            return {"{}:{}: Spalte {} ist fehlerhaft: {}", "{}:{}: column {} is wrong: {}"};
        case PuzzleMsg::End: break;
    }
    return {"?", "?"};
}

}  // namespace

std::string_view pattern(PuzzleMsg m, Language lang) {
    const Phrase p = phrase(m);
    return lang == Language::English ? p.en : p.de;
}

std::string wrong_move_text(const Position& before, Move move, const std::vector<Move>& refutation,
                            const review::Explanation& facts, Language lang) {
    if (!facts.empty()) return describe(facts, lang);
    Position pos = before;
    pos.do_move(move);
    if (count_legal(pos) == 0) return std::string(pattern(PuzzleMsg::Stalemate, lang));
    // The move and the opponent's answer to it, in the language's letters.
    std::string line = to_san(before, move, lang);
    for (Move m : refutation) {
        if (!m || !pos.is_legal(m)) break;
        line += ' ';
        line += to_san(pos, m, lang);
        pos.do_move(m);
    }
    return say(PuzzleMsg::NotEnough, lang, line);
}

}  // namespace schach
