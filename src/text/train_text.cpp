#include "text/train_text.hpp"

namespace schach {
namespace {

struct Phrase {
    std::string_view de, en;
};

Phrase phrase(TrainMsg m) {
    switch (m) {
        // ---------------------------------------------------------------- datagen
        case TrainMsg::DatagenAbout:
            return {
                "Trainingsdaten für das Netz: die Engine spielt gegen sich selbst und hängt jede Partie an eine "
                "Datei an (fortsetzbar)",
                "training data for the network: the engine plays itself and appends every game to a file "
                "(resumable)"};
        case TrainMsg::HelpDatagenOut:
            return {"die Partiedatei (angelegt oder fortgesetzt)", "the game file (created or continued)"};
        case TrainMsg::HelpDatagenThreads:
            return {"Partien gleichzeitig (je ein Suchthread)", "games at once (one search thread each)"};
        case TrainMsg::HelpDatagenGames:
            return {"so viele Partien anhängen, dann enden (0: bis Strg+C)",
                    "append this many games, then stop (0: until Ctrl+C)"};
        case TrainMsg::HelpDatagenNodes:
            return {"weiche Knotengrenze je Zug: danach beginnt keine neue Iteration",
                    "soft node limit per move: no iteration starts past it"};
        case TrainMsg::HelpDatagenHardNodes:
            return {"harte Knotengrenze je Zug (Vorgabe: 8 × --nodes)",
                    "hard node limit per move (default 8 × --nodes)"};
        case TrainMsg::HelpDatagenChess960:
            return {"Anteil der Partien in Prozent, die aus einer Chess960-Startstellung beginnen",
                    "percentage of games that start from a Chess960 array"};
        case TrainMsg::HelpDatagenMaxStart:
            return {"unausgeglichene Starts verwerfen: erste Bewertung über diesem Betrag (Centibauern)",
                    "reject unbalanced starts: a first score beyond this (centipawns)"};
        case TrainMsg::HelpDatagenSeed: return {"Zufallskeim der Startstellungen", "seed of the random starts"};
        case TrainMsg::HelpDatagenSummary:
            return {"nur zählen, was die Datei enthält (Partien, Stellungen, Ergebnisse), und die Züge prüfen",
                    "only count what the file holds (games, positions, results), checking every move"};
        case TrainMsg::DatagenFooter:
            return {
                "Format: ganze Partien, etwa 4 Byte je Stellung (docs/nnue.md). Ein abgebrochener Lauf verliert "
                "nur die laufenden Partien; derselbe Befehl setzt fort.",
                "Format: whole games, about 4 bytes a position (docs/nnue.md). A killed run loses only the games "
                "in play; the same command goes on."};
        case TrainMsg::DatagenResumed:
            return {"{}: {} Partien mit {} Stellungen vorhanden, es geht weiter",
                    "{}: {} games with {} positions there, going on"};
        case TrainMsg::DatagenProgress:
            return {"{} Partien, {} Stellungen ({:.0f} Stellungen/s), +{} ={} -{}, {} Starts verworfen",
                    "{} games, {} positions ({:.0f} positions/s), +{} ={} -{}, {} starts rejected"};
        case TrainMsg::DatagenDone:
            return {"{} Partien und {} Stellungen an {} angehängt in {:.0f} s",
                    "{} games and {} positions appended to {} in {:.0f} s"};
        case TrainMsg::DatagenCannotOpen: return {"{} kann nicht geöffnet werden", "cannot open {}"};
        case TrainMsg::DatagenNotAGameFile:
            return {"{}: keine Partiedatei von schach datagen ({})", "{}: not a game file of schach datagen ({})"};
        case TrainMsg::DatagenCannotWrite: return {"{} kann nicht geschrieben werden", "cannot write {}"};
        case TrainMsg::DatagenSummary:
            return {"{}: {} Partien, {} Halbzüge, {} Stellungen; Weiß gewinnt {}, remis {}, Schwarz gewinnt {}",
                    "{}: {} games, {} plies, {} positions; White wins {}, draws {}, Black wins {}"};
        case TrainMsg::HelpDatagenNet:
            return {"mit diesem Netz spielen (Datei von schach train; Vorgabe: das eingebaute)",
                    "play with this network (a file of schach train; default: the built-in one)"};
        case TrainMsg::DatagenBadNet:
            return {"{}: kein lesbares Netz von schach train in dieser Breite",
                    "{}: no readable network of schach train of this width"};
        case TrainMsg::ReadBadMagic: return {"Kennung fehlt am Anfang", "no magic at the start"};
        case TrainMsg::ReadTruncated:
            return {"Datei endet mitten in der Partie ab Byte {}", "the file ends inside the game at byte {}"};
        case TrainMsg::ReadBadPosition:
            return {"ungültige Startstellung der Partie ab Byte {}", "invalid start position of the game at byte {}"};
        case TrainMsg::ReadBadResult:
            return {"ungültiges Ergebnis der Partie ab Byte {}", "invalid result of the game at byte {}"};
        case TrainMsg::ReadIllegalMove:
            return {"unzulässiger Zug im Halbzug {} der Partie ab Byte {}",
                    "illegal move at ply {} of the game at byte {}"};
        // ---------------------------------------------------------------- train
        case TrainMsg::TrainAbout:
            return {"trainiert das Bewertungsnetz auf Partiedateien von schach datagen",
                    "trains the evaluation network on game files of schach datagen"};
        case TrainMsg::HelpTrainData: return {"Partiedateien von schach datagen", "game files of schach datagen"};
        case TrainMsg::HelpTrainOut: return {"das trainierte Netz (Datei)", "the trained network (file)"};
        case TrainMsg::HelpTrainHidden: return {"Breite der verdeckten Schicht", "width of the hidden layer"};
        case TrainMsg::HelpTrainBuckets:
            return {"Ausgabeschichten nach der Zahl der Steine auf dem Brett (1 bis 8)",
                    "output layers by the number of men on the board (1 to 8)"};
        case TrainMsg::HelpTrainEpochs: return {"Epochen", "epochs"};
        case TrainMsg::HelpTrainBatch: return {"Stellungen je Schritt", "positions per step"};
        case TrainMsg::HelpTrainLr: return {"Lernrate (AdamW)", "learning rate (AdamW)"};
        case TrainMsg::HelpTrainWd: return {"Gewichtsabnahme (AdamW)", "weight decay (AdamW)"};
        case TrainMsg::HelpTrainLambda:
            return {"Anteil der Bewertung im Ziel (1: nur Bewertung, 0: nur Ergebnis)",
                    "share of the score in the target (1: score only, 0: result only)"};
        case TrainMsg::HelpTrainCheckpoint:
            return {"Zwischenstand nach jeder Epoche; ein Neustart setzt dort fort",
                    "checkpoint after every epoch; a new run goes on from it"};
        case TrainMsg::HelpTrainThreads: return {"Rechenthreads", "compute threads"};
        case TrainMsg::HelpTrainScale:
            return {"Skala der Bewertung im Sigmoid (Centibauern)", "scale of the score in the sigmoid (centipawns)"};
        case TrainMsg::HelpTrainValidation:
            return {"jede N-te Partie zurückhalten, um den Fehler auf ungesehenen Stellungen zu messen",
                    "hold out every Nth game to measure the loss on unseen positions"};
        case TrainMsg::HelpTrainPositions:
            return {"höchstens so viele Stellungen lesen (0: alle)", "read at most this many positions (0: all)"};
        case TrainMsg::HelpTrainMirror:
            return {
                "jede Stellung ohne Rochaderecht auch gespiegelt lernen (Linien a und h vertauscht; "
                "--no-mirror: nicht)",
                "also learn each position without castling rights mirrored (files a and h swapped; "
                "--no-mirror: do not)"};
        case TrainMsg::HelpTrainKingMirror:
            return {
                "jede Seite sieht das Brett gespiegelt (Linien a und h vertauscht), solange ihr K auf den "
                "Linien e bis h steht (Stellung und Spiegelbild sind dieselbe Eingabe; --mirror entfällt dann)",
                "each side sees the board mirrored while its king stands on files e to h (a position "
                "and its mirror image are the same input; --mirror is then left out)"};
        case TrainMsg::TrainFooter:
            return {"Netz: (768 → N) × 2 → 1, SCReLU, quantisiert für die Engine (docs/nnue.md)",
                    "Network: (768 → N) × 2 → 1, SCReLU, quantised for the engine (docs/nnue.md)"};
        case TrainMsg::TrainReading: return {"lese {}", "reading {}"};
        case TrainMsg::TrainRead:
            return {"{} Stellungen zum Training, {} zurückgehalten", "{} positions to train on, {} held out"};
        case TrainMsg::TrainNoData: return {"keine Stellungen zum Training", "no positions to train on"};
        case TrainMsg::TrainEpoch:
            return {"Epoche {}: Verlust {:.6f}, zurückgehalten {:.6f}, {:.0f} Stellungen/s",
                    "epoch {}: loss {:.6f}, held out {:.6f}, {:.0f} positions/s"};
        case TrainMsg::TrainResumed: return {"fortgesetzt nach Epoche {}", "resumed after epoch {}"};
        case TrainMsg::TrainWritten: return {"Netz geschrieben: {}", "network written: {}"};
        case TrainMsg::TrainCannotWrite: return {"{} kann nicht geschrieben werden", "cannot write {}"};
        case TrainMsg::TrainBadCheckpoint:
            return {"{}: passt nicht zu diesem Netz (Breite oder Format)",
                    "{}: does not fit this network (width or format)"};
        case TrainMsg::TrainSpeed: return {"{:.0f} Stellungen/s mit {} Threads", "{:.0f} positions/s with {} threads"};
        case TrainMsg::End: break;
    }
    return {"?", "?"};
}

}  // namespace

std::string_view pattern(TrainMsg m, Language lang) {
    const Phrase p = phrase(m);
    return lang == Language::English ? p.en : p.de;
}

}  // namespace schach
