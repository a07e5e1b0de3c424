#include "text/cli_text.hpp"

namespace schach {
namespace {

/// One message in the three languages; an empty `neutral` is the German text (it names no person
/// and no piece, so the gender-neutral German of the seed text has nothing to change).
struct Phrase {
    std::string_view de, neutral, en;
};

Phrase phrase(Msg m) {
    switch (m) {
        // ---------------------------------------------------------------- shared
        case Msg::ErrorLabel: return {"Fehler", "", "error"};
        case Msg::WarningLabel: return {"Warnung", "", "warning"};
        case Msg::InternalError: return {"interner Fehler", "", "internal error"};
        case Msg::InvalidNumber:
            return {"ungültige {} '{}': erwartet eine ganze Zahl von {} bis {}", "",
                    "invalid {} '{}': expected an integer from {} to {}"};
        case Msg::WhatDepth: return {"Tiefe", "", "depth"};
        case Msg::WhatStartNumber: return {"Startnummer", "", "start number"};
        case Msg::UnknownFormat:
            return {"unbekanntes Format: {} (fen, xfen, shredder)", "", "unknown format: {} (fen, xfen, shredder)"};
        case Msg::UnknownNotation:
            return {"unbekannte Notation: {} (san, lan, uci, fan)", "", "unknown notation: {} (san, lan, uci, fan)"};
        case Msg::UnknownLanguage:
            return {"unbekannte Sprache: {} (de, de-neutral, en)", "", "unknown language: {} (de, de-neutral, en)"};
        case Msg::IsDirectory: return {"{} ist ein Verzeichnis", "", "{} is a directory"};
        case Msg::CannotReadFile: return {"{} kann nicht gelesen werden ({})", "", "cannot read {} ({})"};
        case Msg::NotFound: return {"nicht gefunden", "", "not found"};
        case Msg::PermissionDenied: return {"keine Berechtigung", "", "permission denied"};
        case Msg::ReadError: return {"{}: Lesefehler", "", "{}: read error"};
        case Msg::HelpVariant:
            return {"Regeln: standard (Vorgabe), chess960 oder auto (aus der FEN erkannt)", "",
                    "rules: standard (default), chess960 or auto (detected from the FEN)"};
        case Msg::UnknownVariant:
            return {"unbekannte Variante: {} (standard, chess960, auto)", "",
                    "unknown variant: {} (standard, chess960, auto)"};
        case Msg::Chess960ContradictsVariant:
            return {"--chess960 widerspricht --variant", "", "--chess960 contradicts --variant"};
        case Msg::HelpLang:
            return {"Sprache: de, de-neutral, en (sonst die Locale)", "",
                    "language: de, de-neutral, en (else the locale)"};
        case Msg::HelpLangLetters:
            return {
                "Sprache der Ausgabe und Figurenbuchstaben: de (KDTLS), de-neutral (KWTLS), en (KQRBN); sonst die Locale",
                "",
                "language of the output and piece letters: de (KDTLS), de-neutral (KWTLS), en (KQRBN); else the locale"};
        case Msg::HelpChess960:
            return {"als Chess960 lesen (Rochade König-schlägt-Turm)",
                    "als Chess960 lesen (Rochade Könige-schlägt-Turm)", "read as Chess960 (king-takes-rook castling)"};
        case Msg::HelpPosition:
            return {"Stellung (Standard: Grundstellung; in Anführungszeichen)", "",
                    "position (default: the start position; quote it)"};
        case Msg::Examples: return {"Beispiele:", "", "Examples:"};
        case Msg::Example: return {"Beispiel:", "", "Example:"};
        case Msg::RunWithHelp: return {"Mehr dazu: --help", "", "Run with --help for more information."};

        // ---------------------------------------------------------------- CLI11's help layout
        case Msg::LabelUsage: return {"Aufruf", "", "Usage"};
        case Msg::LabelOptions: return {"OPTIONEN", "", "OPTIONS"};
        case Msg::LabelPositionals: return {"Argumente", "", "Positionals"};
        case Msg::LabelSubcommand: return {"BEFEHL", "", "SUBCOMMAND"};
        case Msg::LabelSubcommands: return {"BEFEHLE", "", "SUBCOMMANDS"};
        case Msg::LabelRequired: return {"NÖTIG", "", "REQUIRED"};
        case Msg::LabelNeeds: return {"braucht", "", "Needs"};
        case Msg::LabelExcludes: return {"schließt aus", "", "Excludes"};
        case Msg::GroupOptions: return {"Optionen", "", "Options"};
        case Msg::GroupSubcommands: return {"Befehle", "", "Subcommands"};
        // CLI11's parse errors (its own English text is the English of the last one)
        case Msg::ParseExcludes: return {"{} schließt {} aus", "", "{} excludes {}"};
        case Msg::ParseRequires: return {"{} braucht {}", "", "{} requires {}"};
        case Msg::ParseRequired: return {"{} fehlt", "", "{} is required"};
        case Msg::ParseNotExpected:
            return {"unerwartete Argumente: {}", "", "The following arguments were not expected: {}"};
        case Msg::ParseMissingValue: return {"Wert fehlt: {}", "", "missing value: {}"};
        case Msg::ParseInvalid: return {"ungültiger Aufruf ({})", "", "{}"};

        // ---------------------------------------------------------------- schach
        case Msg::AppAbout:
            return {"Schach: Schachregeln auf der Kommandozeile (Perft, FEN, Chess960, Züge, PGN)", "",
                    "Schach: chess rules on the command line (perft, FEN, Chess960, moves, PGN)"};
        case Msg::HelpVersion: return {"Version anzeigen", "", "show the version"};
        case Msg::HelpHelp: return {"Hilfe anzeigen", "", "show this help"};
        case Msg::AppExitCodes:
            return {"Exit-Codes: 0 ok, 1 Prüfung fehlgeschlagen, 2 ungültige Eingabe, 3 interner Fehler", "",
                    "Exit codes: 0 ok, 1 check failed, 2 bad input, 3 internal error"};
        case Msg::UnknownCommand:
            return {"unbekannter Befehl oder Option: {} (Befehle: {}; schach --help)", "",
                    "unknown command or option: {} (commands: {}; schach --help)"};

        // ---------------------------------------------------------------- bench
        case Msg::BenchAbout:
            return {"Bench: feste Suche über eine feste Stellungsliste (Knotenzahl als Signatur der Suche, Tempo)", "",
                    "bench: a fixed search of a fixed list of positions (node count as the search's signature, speed)"};
        case Msg::HelpBenchDepth: return {"Suchtiefe je Stellung (1..30)", "", "search depth per position (1..30)"};
        case Msg::HelpBenchFens:
            return {"nur die Stellungen ausgeben, eine FEN je Zeile (für Vergleiche mit anderen Engines)", "",
                    "print the positions only, one FEN a line (to compare with other engines)"};
        case Msg::HelpBenchFeatures:
            return {
                "nur die Namen der abschaltbaren Suchteile ausgeben, einen je Zeile (UCI-Option SearchOff, make ablate)",
                "",
                "print the names of the search features that can be switched off, one a line (UCI option SearchOff, make ablate)"};
        case Msg::BenchFooter:
            return {
                "Die letzte Zeile 'Bench: N nodes M nps' ist für Skripte und bleibt Englisch; N ist auf jedem Rechner gleich.",
                "",
                "The last line 'Bench: N nodes M nps' is for scripts and stays English; N is the same on every machine."};

        // ---------------------------------------------------------------- perft
        case Msg::PerftAbout:
            return {"Perft: Blätter des Zugbaums zählen, wie Stockfishs 'go perft'", "",
                    "Perft: count the leaves of the move tree, like Stockfish's 'go perft'"};
        case Msg::HelpPerftDepth:
            return {"Tiefe 0..20 (0 zählt nur die Wurzel)", "", "depth 0..20 (0 counts the root alone)"};
        case Msg::HelpPerftChess960:
            return {"als Chess960 lesen (Rochade als König-schlägt-Turm, z. B. e1h1)",
                    "als Chess960 lesen (Rochade als Könige-schlägt-Turm, z. B. e1h1)",
                    "read as Chess960 (castling written king-takes-rook, e.g. e1h1)"};
        case Msg::HelpPerftDivide:
            return {"Knoten je Zug ausgeben (als 'move: count')", "", "print the count per move ('move: count')"};
        case Msg::HelpPerftRelax:
            return {"ungewöhnliche Stellungen zulassen wie bei Suiten (nur nicht: Seite nicht am Zug im Schach)", "",
                    "accept odd positions as suites do (except: side not to move in check)"};
        case Msg::HelpPerftSuite: return {"EPD- oder .perft-Suite prüfen", "", "check an EPD or .perft suite"};
        case Msg::HelpPerftMaxNodes:
            return {"Suite: Tiefen mit mehr erwarteten Knoten überspringen", "",
                    "suite: skip depths expecting more nodes"};
        case Msg::HelpPerftVerbose: return {"Suite: eine Zeile je Stellung", "", "suite: one line per position"};
        case Msg::PerftFooter:
            return {
                "Suiten: EPD ('FEN ;D1 n ;D2 n ;id \"name\"') oder .perft ('id NAME', 'epd FEN', 'perft D n').\n"
                "Ausgabe: als letzte Zeile 'Nodes searched: N' bzw. 'N passed, M failed' (fest, für Skripte); "
                "Zeit auf stderr.\n"
                "Exit: 0 ok, 1 Suite mit Fehlern, 2 ungültige Eingabe.",
                "",
                "Suites: EPD ('FEN ;D1 n ;D2 n ;id \"name\"') or .perft ('id NAME', 'epd FEN', 'perft D n').\n"
                "Output: last line 'Nodes searched: N' or 'N passed, M failed' (stable, for scripts); time on "
                "stderr.\n"
                "Exit: 0 ok, 1 suite with failures, 2 bad input."};
        case Msg::PerftNeedDepth:
            return {"Tiefe oder --suite angeben (schach perft --help)", "",
                    "give a DEPTH or --suite (schach perft --help)"};
        case Msg::PerftTime:
            return {"Zeit: {:.3f} s, Knoten pro Sekunde: {}", "", "time: {:.3f} s, nodes per second: {}"};
        case Msg::PerftInvalidMaxNodes:
            return {"ungültiges --max-nodes '{}': erwartet eine Zahl ab 0", "",
                    "invalid --max-nodes '{}': expected a number from 0"};
        case Msg::PerftUnnamed: return {"Zeile {}", "", "line {}"};
        case Msg::PerftFailPosition: return {"FEHLER {} [{}]: {}", "", "FAIL {} [{}]: {}"};
        case Msg::PerftFailDepth:
            return {"FEHLER {} [{}] Tiefe {}: erwartet {}, erhalten {}", "",
                    "FAIL {} [{}] depth {}: expected {}, got {}"};
        case Msg::PerftOk: return {"ok {} ({} Tiefen{})", "", "ok {} ({} depths{})"};
        case Msg::PerftSkippedOne:
            return {"{} Prüfung übersprungen (mehr als {} Knoten)", "", "{} check skipped (more than {} nodes)"};
        case Msg::PerftSkippedMany:
            return {"{} Prüfungen übersprungen (mehr als {} Knoten)", "", "{} checks skipped (more than {} nodes)"};

        // ---------------------------------------------------------------- fen
        case Msg::FenAbout:
            return {"FEN prüfen und normalisiert ausgeben", "", "validate a FEN and print it normalized"};
        case Msg::HelpFenFen:
            return {"Stellung als FEN, X-FEN oder Shredder-FEN (4 oder 6 Felder; am besten in Anführungszeichen)", "",
                    "position as FEN, X-FEN or Shredder-FEN (4 or 6 fields; best quoted)"};
        case Msg::HelpFenFormat:
            return {"Ausgabe: fen, xfen (KQkq, Linienbuchstaben nur wenn nötig) oder shredder (immer Linienbuchstaben)",
                    "", "output: fen, xfen (KQkq, file letters only where needed) or shredder (always file letters)"};

        // ---------------------------------------------------------------- chess960
        case Msg::Chess960About:
            return {"Chess960-Startstellungen nach Scharnagl-Nummer (518 = klassische Grundstellung)", "",
                    "Chess960 start positions by Scharnagl number (518 = classical)"};
        case Msg::HelpChess960Number: return {"Startnummer 0..959", "", "start number 0..959"};
        case Msg::HelpChess960Fen:
            return {"Nummer dieser Startstellung ausgeben", "", "print the number of this start position"};
        case Msg::HelpChess960Random:
            return {"zufällige Startstellung: gibt \"N FEN\" aus", "", "random start position: prints \"N FEN\""};
        case Msg::HelpChess960Format:
            return {"FEN-Schreibweise: xfen (KQkq, wo eindeutig), shredder (Linienbuchstaben wie HAha) oder fen", "",
                    "FEN style: xfen (KQkq where unambiguous), shredder (file letters such as HAha) or fen"};
        case Msg::Chess960ExactlyOne:
            return {"genau eines angeben: N, --fen FEN oder --random", "",
                    "give exactly one of N, --fen FEN or --random"};
        case Msg::Chess960NotStart:
            return {"keine Chess960-Startstellung: {}", "", "not a Chess960 start position: {}"};

        // ---------------------------------------------------------------- moves
        case Msg::MovesAbout: return {"legale Züge einer Stellung auflisten", "", "list the legal moves of a position"};
        case Msg::HelpMovesNotation:
            return {"Notation: san (Standard), lan (lang), uci, fan (Figurinen)", "",
                    "notation: san (default), lan (long), uci, fan (figurines)"};
        case Msg::MovesFooter:
            return {"Ausgabe: eine Zeile, Züge durch Leerzeichen getrennt.", "",
                    "Output: one line, moves separated by spaces."};
        case Msg::MovesCheckmate: return {"keine legalen Züge: Schachmatt", "", "no legal moves: checkmate"};
        case Msg::MovesStalemate: return {"keine legalen Züge: Patt", "", "no legal moves: stalemate"};

        // ---------------------------------------------------------------- pgn
        case Msg::PgnAbout:
            return {"PGN-Dateien prüfen, umschreiben und auswerten", "", "check, rewrite and adjudicate PGN files"};
        case Msg::PgnFooter:
            return {"Exit: 0 ok, 1 Fehler in Partien, 2 ungültige Eingabe oder unlesbare Datei.", "",
                    "Exit: 0 ok, 1 errors in games, 2 bad input or unreadable file."};
        case Msg::HelpPgnFiles: return {"PGN-Dateien ('-' = Standardeingabe)", "", "PGN files ('-' = standard input)"};
        case Msg::HelpPgnNewline:
            return {"weitere Zeichenfolge, die eine Zeile beendet, z. B. \"<br />\"", "",
                    "another text that ends a line, e.g. \"<br />\""};
        case Msg::PgnTruncated:
            return {"Fehler: Datei wurde beim Lesen gekürzt: {}", "", "error: file was truncated while being read: {}"};
        case Msg::PgnCannotWrite: return {"{}: kann nicht geschrieben werden", "", "{}: cannot be written"};
        case Msg::PgnWriteError: return {"{}: Schreibfehler", "", "{}: write error"};
        case Msg::PgnCheckAbout:
            return {"jede Partie prüfen: legale Züge, stimmige Tags", "",
                    "validate every game: legal moves, consistent tags"};
        case Msg::HelpPgnStrict:
            return {
                "streng: nur kanonisches SAN, Seven Tag Roster nötig, FEN ohne SetUp und fehlende Partieende-Markierung "
                "sind Fehler",
                "",
                "strict: canonical SAN only, Seven Tag Roster required, FEN without SetUp and a missing termination "
                "marker are errors"};
        case Msg::HelpWorkerThreads:
            return {"Threads, die nebeneinander arbeiten (Vorgabe: einer je Kern; 1: alles nacheinander)", "",
                    "threads working side by side (default: one per core; 1: everything one after another)"};
        case Msg::PgnCheckFooter:
            return {
                "Prüft Zuglegalität, Result-Tag = Partieende-Markierung, PlyCount, SetUp/FEN, Variant.\n"
                "Ausgabe: DATEI:ZEILE:SPALTE: Meldung [Art]; als letzte Zeile 'N games, M errors' (fest, für Skripte).\n"
                "Exit: 0 keine Fehler, 1 Fehler, 2 unlesbare Datei.",
                "",
                "Checks move legality, Result tag = termination marker, PlyCount, SetUp/FEN, Variant.\n"
                "Output: FILE:LINE:COLUMN: message [kind]; last line 'N games, M errors' (stable, for scripts).\n"
                "Exit: 0 no errors, 1 errors, 2 unreadable file."};
        case Msg::PgnCheckWarnings: return {"{} Warnungen", "", "{} warnings"};
        case Msg::PgnConvertAbout:
            return {"Partien im Exportformat neu schreiben", "", "rewrite games in export format"};
        case Msg::HelpPgnConvertLang:
            return {
                "Figurenbuchstaben und Rochade: en (Nf3, O-O; PGN-Standard, Vorgabe), de (Sf3, 0-0), de-neutral "
                "(W für die Dame); auch die Sprache der Meldungen",
                "Figurenbuchstaben und Rochade: en (Nf3, O-O; PGN-Standard, Vorgabe), de (Sf3, 0-0), de-neutral "
                "(W für de Wesire); auch die Sprache der Meldungen",
                "piece letters and castling: en (Nf3, O-O; the PGN standard, default), de (Sf3, 0-0), de-neutral "
                "(W for the queen); also the language of the messages"};
        case Msg::HelpPgnNotation: return {"Notation: san, lan, uci, fan", "", "notation: san, lan, uci, fan"};
        case Msg::HelpPgnNoComments: return {"Kommentare weglassen", "", "drop comments"};
        case Msg::HelpPgnNoVariations: return {"Varianten weglassen", "", "drop variations"};
        case Msg::HelpPgnOutput:
            return {"Ausgabedatei (Standard: Standardausgabe)", "", "output file (default: standard output)"};
        case Msg::PgnConvertFooter:
            return {
                "Fehlerhafte Partien werden auf stderr gemeldet (DATEI:ZEILE:SPALTE) und übersprungen.\n"
                "Exit: 0 ok, 1 Partien übersprungen, 2 unlesbare Eingabe oder Ausgabe.",
                "",
                "Games with errors are reported on stderr (FILE:LINE:COLUMN) and skipped.\n"
                "Exit: 0 ok, 1 games skipped, 2 unreadable input or output."};
        case Msg::PgnConvertSummary:
            return {"{} Partien gelesen, {} geschrieben, {} Fehler", "", "{} games read, {} written, {} errors"};
        case Msg::AdjudicateAbout:
            return {"jede Partie nach den FIDE-Regeln werten", "", "adjudicate every game by the FIDE Laws of Chess"};
        case Msg::AdjudicateFooter:
            return {
                "Ausgabe: 'NR: ERGEBNIS ENDE (Einzelheiten) [Weiß - Schwarz]', z. B.\n"
                "  3: 1/2-1/2 fivefold-repetition (beendet nach 34... (fivefold-repetition), danach noch 6 Halbzüge; "
                "Aufzeichnung 1-0) [A - B]\n"
                "  4: 1/2-1/2 time-forfeit (6.9: Schwarz kann nicht mattsetzen; Aufzeichnung 0-1)\n"
                "  5: * claimable threefold-repetition (Aufzeichnung 1/2-1/2)\n"
                "Exit: 0 ok, 1 Partien nicht lesbar oder nachspielbar, 2 unlesbare Datei.",
                "",
                "Output: 'GAME: RESULT TERMINATION (details) [White - Black]', e.g.\n"
                "  3: 1/2-1/2 fivefold-repetition (ended at 34... (fivefold-repetition), 6 more plies; recorded 1-0) "
                "[A - B]\n"
                "  4: 1/2-1/2 time-forfeit (6.9: Black cannot checkmate; recorded 0-1)\n"
                "  5: * claimable threefold-repetition (recorded 1/2-1/2)\n"
                "Exit: 0 ok, 1 games not readable or replayable, 2 unreadable file."};
        case Msg::AdjudicateNullMove: return {"Nullzug bei {}", "", "null move at {}"};
        case Msg::AdjudicateCannotMate: return {"{}: {} kann nicht mattsetzen", "", "{}: {} cannot checkmate"};
        case Msg::AdjudicateEndedAt: return {"beendet nach {} ({})", "", "ended at {} ({})"};
        case Msg::AdjudicateEndedAtStart:
            return {"beendet in der Ausgangsstellung ({})", "", "ended at the start ({})"};
        case Msg::AdjudicateMorePly: return {"danach noch {} Halbzug", "", "{} more ply"};
        case Msg::AdjudicateMorePlies: return {"danach noch {} Halbzüge", "", "{} more plies"};
        case Msg::AdjudicateRecorded: return {"Aufzeichnung {}", "", "recorded {}"};
        case Msg::AdjudicateSummary:
            return {"{} Partien: {}; {} Ergebnisse weichen von der Aufzeichnung ab", "",
                    "{} games: {}; {} results differ from the record"};

        // ---------------------------------------------------------------- timecontrol
        case Msg::TimeControlAbout:
            return {"Bedenkzeit normalisieren und einordnen (Blitzschach, Schnellschach, Langpartie)", "",
                    "normalize and classify a time control (blitz, rapid, classical)"};
        case Msg::HelpTimeControlSpec:
            return {"Bedenkzeit, z. B. 5+3, 3+2, 40/90+30,30+30, 40/90+30+30s, 5d3, h3, - (ohne Uhr)", "",
                    "time control, e.g. 5+3, 3+2, 40/90+30,30+30, 40/90+30+30s, 5d3, h3, - (untimed)"};
        case Msg::HelpTimeControlPgn:
            return {"nur den Wert des PGN-Tags TimeControl ausgeben (Sekunden, z. B. 300+3)", "",
                    "print only the value of the PGN TimeControl tag (seconds, e.g. 300+3)"};
        case Msg::HelpTimeControlList: return {"die Voreinstellungen zeigen", "", "show the presets"};
        case Msg::TimeControlFooter:
            return {
                "Ausgabe: \"NORMALISIERT KLASSE\" (KLASSE: blitz, rapid, classical), dann eine Beschreibung.\n"
                "Minuten, außer mit s; +N: Inkrement in Sekunden; dN, bN: einfache oder Bronstein-Verzögerung.",
                "",
                "Output: \"NORMALIZED CLASS\" (CLASS: blitz, rapid, classical), then a description.\n"
                "Minutes unless suffixed s; +N: increment in seconds; dN, bN: simple or Bronstein delay."};
        case Msg::TimeControlUntimed:
            return {"{}; Strafen wie in einer Langpartie", "", "{}; penalties as in classical games"};
        case Msg::TimeControlListHeader:
            return {"Voreinstellungen (Name, Klasse, PGN-Tag, Beschreibung)", "",
                    "presets (name, class, PGN tag, description)"};
        case Msg::TimeControlListTakesNone:
            return {"--list nimmt keine Bedenkzeit", "", "--list takes no time control"};
        case Msg::TimeControlMissing:
            return {"Bedenkzeit fehlt (z. B. 5+3) oder --list", "", "time control missing (e.g. 5+3) or --list"};

        // ---------------------------------------------------------------- uci
        case Msg::UciAbout:
            return {"die Engine über das UCI-Protokoll (für Schach-GUIs wie Arena, cutechess, Scid)", "",
                    "the engine over the UCI protocol (for chess GUIs such as Arena, cutechess, Scid)"};
        case Msg::UciFooter:
            return {
                "Liest UCI-Befehle von der Standardeingabe und antwortet auf der Standardausgabe; das Ende der "
                "Eingabe beendet wie quit eine laufende Suche. Stufen 1-8: "
                "setoption name Level value N (8: volle Stärke) oder UCI_LimitStrength mit UCI_Elo (die Spanne "
                "nennt die Zeile der Option nach uci: die gemessene Elo von Stufe 1 bis 8).",
                "",
                "Reads UCI commands on standard input and answers on standard output; the end of the input, "
                "like quit, ends a running search. Levels 1-8: "
                "setoption name Level value N (8: full strength) or UCI_LimitStrength with UCI_Elo (its range is "
                "in the option's line after uci: the measured Elo of levels 1 to 8)."};

        // ---------------------------------------------------------------- serve
        case Msg::ServeAbout:
            return {"Schach im Browser: die Webseite, die HTTP-API und WebSockets (Partien in SQLite)", "",
                    "chess in the browser: the web page, the HTTP API and WebSockets (games in SQLite)"};
        case Msg::ServerProgramFailed:
            return {"das Serverprogramm {} lässt sich nicht starten ({}); es gehört neben {}", "",
                    "cannot start the server program {} ({}); it belongs beside {}"};
        case Msg::HelpServeHost:
            return {"Adresse, auf der der Server lauscht (Vorgabe 127.0.0.1; 0.0.0.0 für alle)", "",
                    "address to listen on (default 127.0.0.1; 0.0.0.0 for all)"};
        case Msg::HelpServeAllowedHost:
            return {
                "weiterer Name, unter dem der Server erreichbar ist (wiederholbar; localhost, 127.0.0.1 und "
                "--host gelten immer; andere Namen im Host-Kopf werden mit 421 abgelehnt)",
                "",
                "another name the server is reached under (repeatable; localhost, 127.0.0.1 and --host always "
                "count; other names in the Host header are refused with 421)"};
        case Msg::HelpServePort:
            return {"Port (Vorgabe 8080; 0: ein freier Port)", "", "port (default 8080; 0: any free port)"};
        case Msg::HelpServeDb:
            return {"SQLite-Datei der Partien (Vorgabe schach.db im aktuellen Verzeichnis)", "",
                    "SQLite file of the games (default schach.db in the current directory)"};
        case Msg::HelpServeStatic:
            return {"Verzeichnis der Webseite (Vorgabe: web/dist des Builds)", "",
                    "directory of the web page (default: the build's web/dist)"};
        case Msg::HelpServeEngineThreads:
            return {"Engine-Suchen gleichzeitig (0: Kerne minus eins)", "",
                    "engine searches at once (0: cores minus one)"};
        case Msg::HelpServeThreads: return {"Threads für HTTP und WebSockets", "", "threads for HTTP and WebSockets"};
        case Msg::ServeFooter:
            return {
                "Beendet sich sauber mit Strg+C (SIGINT) oder SIGTERM; die Partien bleiben in der Datei und "
                "laufen beim nächsten Start weiter.",
                "",
                "Stops cleanly on Ctrl+C (SIGINT) or SIGTERM; the games stay in the file and go on at the next "
                "start."};
        case Msg::ServeListening: return {"Schach läuft auf {}", "", "Schach is running at {}"};
        case Msg::ServeCannotListen: return {"kann nicht auf {} lauschen: {}", "", "cannot listen on {}: {}"};
        case Msg::HelpServeStore:
            return {"die Partien in PostgreSQL statt in SQLite: eine libpq-URI (postgresql://user@host:port/db)", "",
                    "the games in PostgreSQL instead of SQLite: a libpq URI (postgresql://user@host:port/db)"};
        case Msg::ServeStoreNotPostgres:
            return {"--store erwartet eine PostgreSQL-URI (postgresql://user@host:port/db), nicht '{}'", "",
                    "--store takes a PostgreSQL URI (postgresql://user@host:port/db), not '{}'"};
        case Msg::ServeCannotOpenDatabase:
            return {"kann die Datenbank {} nicht öffnen: {}", "", "cannot open the database {}: {}"};
        case Msg::ServeCannotOpenStore:
            return {"kann die Partien-Datei {} nicht öffnen: {}", "", "cannot open the games file {}: {}"};
        case Msg::ServeNoPage:
            return {"keine Webseite in {} (erst make web); die API läuft trotzdem", "",
                    "no web page in {} (run make web first); the API runs all the same"};
        case Msg::ServeStopping: return {"Schach wird beendet …", "", "Schach is stopping …"};
        case Msg::HelpServeMaxConnections:
            return {
                "Verbindungen gleichzeitig (HTTP, Streams, WebSockets); darüber wird die am längsten wartende "
                "geschlossen, sonst die neue",
                "",
                "connections at once (HTTP, streams, WebSockets); past it the one that has waited longest for a "
                "request is closed, else the new one"};
        case Msg::HelpServeConnectionsPerAddress:
            return {"offene Verbindungen je Adresse (0: unbegrenzt; darüber 429)", "",
                    "open connections per address (0: no limit; past it 429)"};
        case Msg::HelpServeGamesPerMinute:
            return {"neue Partien je Adresse und Minute (0: unbegrenzt)", "",
                    "new games per address a minute (0: no limit)"};
        case Msg::HelpServeGamesPerHour:
            return {"neue Partien je Adresse und Stunde (0: unbegrenzt)", "",
                    "new games per address an hour (0: no limit)"};
        case Msg::HelpServeComputerGames:
            return {"laufende Partien gegen den Computer je Adresse (0: unbegrenzt)", "",
                    "games against the computer running at once per address (0: no limit)"};
        case Msg::HelpServeNode:
            return {
                "der Name dieses Knotens, wenn mehrere schach serve dieselbe PostgreSQL-Datenbank teilen "
                "(hinter haproxy): jeder hält eine Lease und führt seine Partien; die eines ausgefallenen "
                "Knotens übernehmen die anderen",
                "",
                "this node's name when several schach serve share one PostgreSQL database (behind haproxy): "
                "each holds a lease and runs its own games; the others take over those of a node that fails"};
        case Msg::ServeNodeNeedsStore:
            return {"--node braucht --store (mehrere Knoten teilen eine PostgreSQL-Datenbank)", "",
                    "--node needs --store (several nodes share one PostgreSQL database)"};
        case Msg::HelpServeFloodBan:
            return {
                "Sekunden, die eine Adresse nach einer wegen Überflutung geschlossenen WebSocket-Verbindung "
                "gesperrt bleibt (0: keine Sperre)",
                "",
                "seconds an address stays barred after one of its WebSockets was closed for flooding (0: no "
                "ban)"};
        case Msg::HelpServeTrustedProxy:
            return {"Proxy, dessen X-Forwarded-For die Adresse des Clients nennt (wiederholbar)", "",
                    "a proxy whose X-Forwarded-For names the client's address (repeatable)"};
        case Msg::HelpServeHeaderTimeout:
            return {"Sekunden für Anfragezeile und Kopfzeilen (auch den WebSocket-Handshake)", "",
                    "seconds for the request line and headers (the WebSocket handshake too)"};
        case Msg::HelpServeIdleTimeout:
            return {"Sekunden, die eine offene Verbindung auf ihre nächste Anfrage wartet", "",
                    "seconds a kept-alive connection waits for its next request"};
        case Msg::HelpServeGameThreads:
            return {"Threads für die Partien (keiner wartet, bis ein Zug gespeichert ist)", "",
                    "threads for the games (none waits until a move is stored)"};
        case Msg::HelpServeAnalysisNodes:
            return {"Knoten je Stellung der Computeranalyse einer Partie", "",
                    "nodes per position of a game's computer analysis"};
        case Msg::HelpServeAnalysisDaily:
            return {"Analysen, die ein Browser in 24 Stunden anfordern kann (0: keine Grenze)", "",
                    "analyses a browser may request in 24 hours (0: no limit)"};
        case Msg::HelpServeAnalysesPerAddress:
            return {"Analysen von Partien, die je Adresse zugleich warten oder laufen dürfen (0: keine Grenze)", "",
                    "analyses of games waiting or running at once per address (0: no limit)"};
        case Msg::HelpServeAnalysisSearchesPerAddress:
            return {"Suchen des Analysebretts, die je Adresse zugleich warten oder laufen dürfen (0: keine Grenze)", "",
                    "analysis board searches waiting or running at once per address (0: no limit)"};
        case Msg::HelpServeNoAutoAnalysis:
            return {"Partien gegen den Computer nicht von selbst analysieren, wenn sie enden", "",
                    "do not analyse games against the computer by themselves when they end"};

        // ---------------------------------------------------------------- schach-load
        case Msg::LoadAbout:
            return {"Lasttest für schach serve: viele Partien zugleich über WebSockets, ohne Engine", "",
                    "load test of schach serve: many games at once over WebSockets, without the engine"};
        case Msg::HelpLoadGames: return {"Partien gleichzeitig", "", "games at once"};
        case Msg::HelpLoadDuration:
            return {"Sekunden der Messung (nach dem Hochfahren)", "", "seconds measured (after the ramp-up)"};
        case Msg::HelpLoadRamp:
            return {"Sekunden, über die die Partien verteilt beginnen", "", "seconds over which the games start"};
        case Msg::HelpLoadThink:
            return {"mittlere Bedenkzeit je Zug in ms (gleichverteilt zwischen der Hälfte und dem Anderthalbfachen)",
                    "", "mean think time per move in ms (uniform between half and one and a half times it)"};
        case Msg::HelpLoadUrl:
            return {"Adresse eines laufenden Servers (http://127.0.0.1:8080)", "",
                    "address of a running server (http://127.0.0.1:8080)"};
        case Msg::HelpLoadServer:
            return {"startet dieses schach-Programm als Server (freier Port, frische Datenbank)", "",
                    "starts this schach program as the server (a free port, a fresh database)"};
        case Msg::HelpLoadServerArg:
            return {"weitere Option für schach serve (wiederholbar)", "",
                    "one more option for schach serve (repeatable)"};
        case Msg::HelpLoadServerPid:
            return {"Prozess des Servers bei --url, für Speicher und CPU", "",
                    "the server's process with --url, for its memory and CPU"};
        case Msg::HelpLoadOneSocket:
            return {"beide Seiten einer Partie an einem Gerät: ein Socket je Partie statt zwei", "",
                    "both sides of a game on one device: one socket per game instead of two"};
        case Msg::HelpLoadTc:
            return {"Bedenkzeit der Partien (- für keine)", "", "time control of the games (- for none)"};
        case Msg::HelpLoadJson:
            return {"schreibt das Ergebnis als JSON in diese Datei", "", "writes the result as JSON to this file"};
        case Msg::HelpLoadSummary:
            return {"schreibt die Zusammenfassung (und die Zeile für Skripte) in diese Datei", "",
                    "writes the summary (and the line for scripts) to this file"};
        case Msg::HelpLoadWorkDir:
            return {"Verzeichnis für die Datenbank des gestarteten Servers (Vorgabe: ein neues unter /tmp)", "",
                    "directory for the started server's database (default: a new one under /tmp)"};
        case Msg::HelpLoadSeed:
            return {"Startwert des Zufalls (Zugwahl, Bedenkzeiten)", "", "random seed (moves, think times)"};
        case Msg::HelpLoadHttpClients:
            return {"HTTP-Verbindungen, die Partien anlegen und beitreten", "",
                    "HTTP connections that create and join games"};
        case Msg::LoadFooter:
            return {
                "Jede Partie wird über die HTTP-API angelegt und mit der Einladung beigetreten, wie im Browser; "
                "beide Seiten ziehen zufällig unter den Zielfeldern, die der Server schickt. Beendete Partien "
                "werden ersetzt. Exit-Code 0 nur ohne Fehler.",
                "",
                "Each game is created through the HTTP API and joined with its invitation, as a browser does; "
                "both sides move at random among the destinations the server sends. Games that end are "
                "replaced. Exit code 0 only without errors."};
        case Msg::LoadNeedServer: return {"--server oder --url angeben", "", "give --server or --url"};
        case Msg::LoadBadUrl:
            return {"ungültige Adresse {}: erwartet http://IP:PORT", "", "invalid address {}: expected http://IP:PORT"};
        case Msg::LoadCannotStartServer:
            return {"kann den Server {} nicht starten: {}", "", "cannot start the server {}: {}"};
        case Msg::LoadServerStarted:
            return {"Server {} (Prozess {}) läuft auf {}", "", "server {} (process {}) is running at {}"};
        case Msg::LoadProgress: return {"{} von {} Partien laufen", "", "{} of {} games are playing"};
        case Msg::LoadMeasuring: return {"Messung läuft: {} s", "", "measuring: {} s"};
        case Msg::LoadCannotWrite: return {"kann {} nicht schreiben", "", "cannot write {}"};
        case Msg::LoadSummaryGames:
            return {"{} Partien ({} Sockets je Partie), Bedenkzeit {} ms je Zug: {} Züge/s über {} s (Hochfahren {} s)",
                    "",
                    "{} games ({} sockets per game), think time {} ms per move: {} moves/s over {} s (ramp-up {} s)"};
        case Msg::LoadSummaryAck:
            return {"Zug bis zur eigenen Bestätigung: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} Züge)", "",
                    "move to its own ack: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} moves)"};
        case Msg::LoadSummarySeen:
            return {"Zug bis zum Gegner: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} Züge)",
                    "Zug bis zu derm Gegnere: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} Züge)",
                    "move to the opponent: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} moves)"};
        case Msg::LoadSummaryErrors:
            return {
                "Fehler: {} (Fehlermeldungen {}, abgelehnte Züge {}, abgebrochene Sockets {}, gescheiterte "
                "Anfragen {}, unbestätigte Züge {}, beim Gegner nicht angekommene Züge {})",
                "Fehler: {} (Fehlermeldungen {}, abgelehnte Züge {}, abgebrochene Sockets {}, gescheiterte "
                "Anfragen {}, unbestätigte Züge {}, bei derm Gegnere nicht angekommene Züge {})",
                "errors: {} (error events {}, refused moves {}, dropped sockets {}, failed requests {}, "
                "unacknowledged moves {}, moves the opponent never got {})"};
        case Msg::LoadSummaryGamesEnded:
            return {"beendete und ersetzte Partien: {}; am wenigsten zugleich: {}", "",
                    "games ended and replaced: {}; fewest at once: {}"};
        case Msg::LoadSummaryMemory:
            return {"Server: RSS {} MiB (Spitze {} MiB), CPU {} % eines Kerns", "",
                    "server: RSS {} MiB (peak {} MiB), CPU {} % of one core"};
        case Msg::HelpLoadPing:
            return {"ein Ping je Partie so oft (Mittel, ms; 0: keiner): die Latenz ohne Partie und Speicher", "",
                    "a ping per game this often (mean, ms; 0: none): the latency without game and store"};
        case Msg::LoadSummaryPing:
            return {"Ping bis Pong (ohne Partie und Speicher): p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} Pings)",
                    "", "ping to pong (without game and store): p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} pings)"};
        case Msg::HelpLoadSourceAddresses:
            return {"die Partien auf so viele Absendeadressen verteilen (127.0.0.10 …; 0: eine)", "",
                    "spread the games over this many source addresses (127.0.0.10 …; 0: one)"};
        case Msg::HelpLoadLimits:
            return {"die Grenzen je Adresse des gestarteten Servers nicht abschalten", "",
                    "keep the started server's limits per address (else they are off)"};
        case Msg::HelpLoadAbuse:
            return {
                "Angriffe neben den Partien: ruhende Verbindungen, Partien in Serie, Nachrichtenfluten, "
                "dazu eine Probepartie auf Stufe 1",
                "",
                "attacks beside the games: idle connections, games in a loop, message floods, and a probe "
                "game at level 1"};
        case Msg::HelpLoadAbuseIdle:
            return {"ruhende Verbindungen des Angriffs (halbe Anfragezeile)", "",
                    "the attack's idle connections (half a request line)"};
        case Msg::HelpLoadAbuseCreations:
            return {"Partien gegen den Computer (Stufe 8, 1+0), so schnell wie möglich angelegt", "",
                    "games against the computer (level 8, 1+0), created as fast as answered"};
        case Msg::HelpLoadAbuseFlooders:
            return {"WebSockets, die ohne Pause senden", "", "WebSockets that send without pause"};
        case Msg::HelpLoadProbe:
            return {"alle so viele ms eine neue Partie auf Stufe 1: Zeit von 1.e4 bis zur Antwort (0: keine)", "",
                    "a new level-1 game this often (ms): the time from 1.e4 to the answer (0: none)"};
        case Msg::LoadSummaryAbuseIdle:
            return {"ruhende Verbindungen: {} geöffnet, {} vom Server geschlossen, {} mit 429 abgewiesen", "",
                    "idle connections: {} opened, {} closed by the server, {} refused with 429"};
        case Msg::LoadSummaryAbuseCreate:
            return {"Partien in Serie: {} angelegt, {} mit 429 abgewiesen, {} andere Antworten", "",
                    "games in a loop: {} created, {} refused with 429, {} other answers"};
        case Msg::LoadSummaryAbuseFlood:
            return {"Nachrichtenflut: {} Nachrichten, {} WebSockets vom Server geschlossen", "",
                    "message flood: {} messages, {} WebSockets closed by the server"};
        case Msg::LoadSummaryProbe:
            return {
                "Probepartie Stufe 1, 1.e4 bis zur Antwort: p50 {} ms, p99 {} ms, max {} ms ({} Partien, {} ohne "
                "Antwort)",
                "",
                "probe game at level 1, 1.e4 to the answer: p50 {} ms, p99 {} ms, max {} ms ({} games, {} "
                "without an answer)"};
        case Msg::HelpLoadAbuseAnalysis:
            return {
                "alle so viele ms fordert ein Störer die Analyse einer eigenen beendeten Partie an, jedes Mal mit "
                "einer erfundenen Browser-Kennung (0: nie)",
                "",
                "an abuser asks for the analysis of a finished game of its own this often (ms), each time with a "
                "made-up browser id (0: never)"};
        case Msg::HelpLoadAbuseBoards:
            return {
                "WebSockets des Analysebretts, die alle 250 ms eine neue Stellung analysieren lassen (dazu einer "
                "ohne Pause; 0: keine)",
                "",
                "analysis board WebSockets asking for a new position every 250 ms (and one more without pause; 0: "
                "none)"};
        case Msg::HelpLoadNoStoredCheck:
            return {
                "nach dem Lauf nicht prüfen, ob jeder bestätigte Zug gespeichert ist (sonst: Server neu starten "
                "und jede Partie lesen)",
                "",
                "do not check after the run that every acknowledged move is stored (else: the server started "
                "again and every game read)"};
        case Msg::LoadSummaryAbuseAnalysis:
            return {
                "Analysen in Serie: {} beendete Partien, {} angenommen (202), {} mit 429 abgewiesen, {} andere "
                "Antworten, {} ihrer Partien mit 429 abgewiesen",
                "",
                "analyses in a loop: {} finished games, {} accepted (202), {} refused with 429, {} other answers, "
                "{} of its games refused with 429"};
        case Msg::LoadSummaryAbuseBoard:
            return {
                "Analysebrett: {} Anfragen, {} mit Zeilen beantwortet, {} wegen der Grenze je Adresse abgewiesen, "
                "{} wegen voller Warteschlange, {} WebSockets vom Server geschlossen, {} Handshakes mit 429 "
                "abgewiesen",
                "",
                "analysis board: {} requests, {} answered with lines, {} refused by the limit per address, {} "
                "by a full queue, {} WebSockets closed by the server, {} handshakes refused with 429"};
        case Msg::LoadSummaryBoardProbe:
            return {
                "Analysebrett des Probespielers, Anfrage bis zu den ersten Zeilen: p50 {} ms, p99 {} ms, max {} ms "
                "({} beantwortet, {} abgewiesen, {} ohne Antwort)",
                "",
                "the probe player's analysis board, request to its first lines: p50 {} ms, p99 {} ms, max {} ms "
                "({} answered, {} refused, {} without an answer)"};
        case Msg::LoadSummaryStored:
            return {"gespeichert ({}): {} Partien, {} bestätigte Züge geprüft, {} fehlen, {} Partien nicht lesbar", "",
                    "stored ({}): {} games, {} acknowledged moves checked, {} missing, {} games unreadable"};
        case Msg::LoadStoredAfterRestart:
            return {"nach einem Neustart des Servers auf seiner Datenbank", "",
                    "after the server started again on its database"};
        case Msg::LoadStoredLive: return {"vom laufenden Server", "", "from the running server"};
        case Msg::LoadSummaryStoredFinding: return {"  Befund: {}", "", "  finding: {}"};
        case Msg::LoadSummaryMemoryTrend:
            return {
                "Server-RSS über das Fenster ({} Proben): Spitze {} MiB, mittleres Drittel {} MiB, letztes "
                "Drittel {} MiB",
                "", "server RSS over the window ({} samples): peak {} MiB, middle third {} MiB, last third {} MiB"};
        case Msg::LoadSummaryMachine:
            return {"Rechner: Lastmittel {} am Anfang, {} am Ende; dieses Werkzeug {} % eines Kerns", "",
                    "machine: load average {} at the start, {} at the end; this tool {} % of one core"};
        case Msg::HelpLoadCluster:
            return {
                "statt eines Servers so viele Knoten von --server auf einem Wegwerf-PostgreSQL hinter haproxy "
                "(scripts/cluster.sh); die Spieler folgen den Knoten wie die Seite, einer wird mitten in der "
                "Messung abgeschossen (SIGKILL)",
                "statt eines Servers so viele Knoten von --server auf einem Wegwerf-PostgreSQL hinter haproxy "
                "(scripts/cluster.sh); die Spielerne folgen den Knoten wie die Seite, einer wird mitten in der "
                "Messung abgeschossen (SIGKILL)",
                "instead of one server, this many nodes of --server on a throw-away PostgreSQL behind haproxy "
                "(scripts/cluster.sh); the players follow the nodes as the page does, and one is killed "
                "(SIGKILL) during the measurement"};
        case Msg::HelpLoadKillAt:
            return {
                "Sekunden nach Beginn der Messung, zu denen der Knoten mit den meisten Partien abgeschossen "
                "wird (Vorgabe: die Hälfte; negativ: keiner)",
                "",
                "seconds into the measurement at which the node holding the most games is killed (default: "
                "half-way; negative: none)"};
        case Msg::HelpLoadRestartAfter:
            return {"Sekunden nach dem Abschuss, zu denen der Knoten neu startet (0: nicht)", "",
                    "seconds after the kill at which the node starts again (0: not)"};
        case Msg::HelpLoadProcesses:
            return {
                "Prozesse, auf die die Partien verteilt werden (Vorgabe: so viele, wie die offenen Dateien je "
                "Prozess verlangen: jeder Socket ist eine)",
                "",
                "the players' processes (default: as many as the open files per process ask for: every socket "
                "is one)"};
        case Msg::HelpLoadClusterScript:
            return {"das Skript, das den Verbund startet (scripts/cluster.sh)", "",
                    "the script that starts the cluster (scripts/cluster.sh)"};
        case Msg::LoadClusterNoAbuse:
            return {"--abuse gibt es nur gegen einen Server, nicht mit --cluster", "",
                    "--abuse runs against one server only, not with --cluster"};
        case Msg::LoadClusterStarting:
            return {"starte {} Knoten auf PostgreSQL hinter haproxy (scripts/cluster.sh, in {})", "",
                    "starting {} nodes on PostgreSQL behind haproxy (scripts/cluster.sh, in {})"};
        case Msg::LoadClusterStarted: return {"Verbund: {} Knoten hinter {}", "", "cluster: {} nodes behind {}"};
        case Msg::LoadClusterKilled:
            return {"Knoten {} abgeschossen (SIGKILL), er hielt {} Partien", "",
                    "node {} killed (SIGKILL); it held {} games"};
        case Msg::LoadClusterRestarted: return {"Knoten {} läuft wieder", "", "node {} runs again"};
        case Msg::LoadSummaryClusterFault:
            return {"Verbund: {} Knoten; {} abgeschossen (SIGKILL) {} s nach Beginn der Messung, mit {} Partien", "",
                    "cluster: {} nodes; {} killed (SIGKILL) {} s into the measurement, holding {} games"};
        case Msg::LoadSummaryClusterNoFault:
            return {"Verbund: {} Knoten; keiner abgeschossen", "", "cluster: {} nodes; none killed"};
        case Msg::LoadSummaryFailover:
            return {
                "Übernahme (Abschuss bis zum nächsten bestätigten Zug der Partie): p50 {} ms, p99 {} ms, max {} ms "
                "({} Partien; {} ohne bestätigten Zug danach)",
                "",
                "fail-over (the kill to the game's next move acknowledged): p50 {} ms, p99 {} ms, max {} ms ({} "
                "games; {} without a move acknowledged after it)"};
        case Msg::LoadSummaryResumed:
            return {
                "wieder verbunden (Abschuss bis jeder Socket der Partie wieder ihren Stand hat): p50 {} ms, p99 "
                "{} ms, max {} ms ({} Partien)",
                "",
                "reconnected (the kill to every socket of the game having its state again): p50 {} ms, p99 {} "
                "ms, max {} ms ({} games)"};
        case Msg::LoadSummaryAckOutside:
            return {
                "Zug bis zur Bestätigung außerhalb der Übernahme: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} "
                "Züge)",
                "", "move to its ack outside the fail-over: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} moves)"};
        case Msg::LoadSummaryAckFailover:
            return {"Zug bis zur Bestätigung in der Übernahme: p50 {} ms, p99 {} ms, max {} ms ({} Züge)", "",
                    "move to its ack in the fail-over: p50 {} ms, p99 {} ms, max {} ms ({} moves)"};
        case Msg::LoadSummaryFollowed:
            return {
                "Spieler: {} Sockets neu geöffnet, {} Weiterleitungen gefolgt, {} Züge erneut gesendet, {} im "
                "neuen Stand schon gespeichert gefunden, {} Anfragen wiederholt",
                "Spielerne: {} Sockets neu geöffnet, {} Weiterleitungen gefolgt, {} Züge erneut gesendet, {} im "
                "neuen Stand schon gespeichert gefunden, {} Anfragen wiederholt",
                "players: {} sockets opened again, {} redirects followed, {} moves sent again, {} found stored "
                "in a new state, {} requests tried again"};
        case Msg::LoadSummaryRecord:
            return {"Aufzeichnung: {} Züge gespeichert; Verstöße: {} {}", "",
                    "record: {} moves stored; violations: {} {}"};
        case Msg::LoadSummaryClusterCpu:
            return {
                "Verbund: Knoten RSS {} MiB (Spitzen {} MiB), CPU: Knoten {} %, PostgreSQL {} %, haproxy {} % "
                "eines Kerns",
                "",
                "cluster: nodes' RSS {} MiB (peaks {} MiB), CPU: nodes {} %, PostgreSQL {} %, haproxy {} % of "
                "one core"};

        // ---------------------------------------------------------------- dead
        case Msg::DeadAbout:
            return {"tote Stellung und Gewinnbarkeit nach Zeitüberschreitung (FIDE 5.2.2, 6.9)", "",
                    "dead position and winnability after a flag fall (FIDE 5.2.2, 6.9)"};
        case Msg::HelpDeadFen:
            return {"Stellung als FEN (am besten in Anführungszeichen)", "", "position as FEN (best quoted)"};
        case Msg::HelpDeadEpd:
            return {"Datei mit einer FEN pro Zeile (weitere Felder werden ignoriert)", "",
                    "file with one FEN per line (further fields are ignored)"};
        case Msg::HelpDeadWinner:
            return {"Kann diese Seite noch mattsetzen? (white|black); ohne: tot oder lebendig", "",
                    "can this side still checkmate? (white|black); without: dead or alive"};
        case Msg::HelpDeadProof:
            return {"--epd: zu jeder gewinnbaren Stellung das verkürzte Hilfsmatt (kostet meist mehr als die Analyse)",
                    "",
                    "--epd: the shortened helpmate of each winnable position too (costs more than the analysis on most "
                    "positions)"};
        case Msg::DeadFooter:
            return {
                "Ausgabe (feste Wörter, für Skripte): winnable <Hilfsmatt in SAN> | unwinnable <Beweis> | undetermined; "
                "ohne --winner: dead | alive.\n"
                "Beweise: checkmate, material, forced-sequence, blocked-structure, exhausted-search.\n"
                "--epd: ein Ergebnis pro Zeile, dann eine Zusammenfassung.",
                "",
                "Output (stable words, for scripts): winnable <helpmate in SAN> | unwinnable <proof> | undetermined; "
                "without --winner: dead | alive.\n"
                "Proofs: checkmate, material, forced-sequence, blocked-structure, exhausted-search.\n"
                "--epd: one verdict per line, then a summary."};
        case Msg::DeadBadWinner:
            return {"Sieger '{}': erwartet white oder black", "Siegere '{}': erwartet white oder black",
                    "winner '{}': expected white or black"};
        case Msg::DeadExactlyOne:
            return {"genau eines von --fen und --epd angeben", "", "give exactly one of --fen and --epd"};
        case Msg::DeadLineError: return {"Fehler in Zeile {}: {}", "", "error line {}: {}"};

        // ---------------------------------------------------------------- tune
        case Msg::TuneAbout:
            return {"Texel-Tuning der Bewertung an Stellungen mit Partieergebnis; --selfplay erzeugt die Daten", "",
                    "Texel tuning of the evaluation on positions with game results; --selfplay makes the data"};
        case Msg::HelpTuneData:
            return {"Datendateien: eine Stellung je Zeile, „FEN [1.0]“ (Ergebnis für Weiß) oder EPD mit c9 \"1-0\";",
                    "", "data files: one position a line, \"FEN [1.0]\" (White's score) or EPD with c9 \"1-0\";"};
        case Msg::HelpTuneEpochs: return {"Epochen (Durchgänge über alle Daten)", "", "epochs (passes over all data)"};
        case Msg::HelpTuneRate: return {"Lernrate von Adam in Centibauern", "", "Adam's learning rate in centipawns"};
        case Msg::HelpTuneThreads: return {"Threads (1 oder 2)", "", "threads (1 or 2)"};
        case Msg::HelpTuneCheckpoint:
            return {"Zwischenstand: alle 10 Epochen gesichert, ein abgebrochener Lauf setzt dort fort", "",
                    "checkpoint: saved every 10 epochs, a killed run resumes from it"};
        case Msg::HelpTuneOut:
            return {"die Gewichte als C++-Quelltext (für src/engine/eval_weights.cpp)", "",
                    "the weights as C++ source (for src/engine/eval_weights.cpp)"};
        case Msg::HelpTuneFromDefaults:
            return {"von den Grundsatz-Werten ausgehen statt von den eingebauten Gewichten", "",
                    "start from the principled defaults instead of the built-in weights"};
        case Msg::HelpTuneSelfplay:
            return {"Partien der Engine gegen sich selbst spielen und ihre ruhigen Stellungen an DATEI anhängen", "",
                    "play the engine against itself and append its quiet positions to FILE"};
        case Msg::HelpTuneGames: return {"--selfplay: so viele Partien", "", "--selfplay: this many games"};
        case Msg::HelpTuneNodes: return {"--selfplay: Knoten je Zug", "", "--selfplay: nodes per move"};
        case Msg::HelpTuneOpenings:
            return {"--selfplay: Eröffnungsstellungen, eine FEN/EPD je Zeile", "",
                    "--selfplay: opening positions, one FEN/EPD a line"};
        case Msg::HelpTuneConcurrency:
            return {"--selfplay: gleichzeitige Partien (1 oder 2)", "", "--selfplay: games at once (1 or 2)"};
        case Msg::TuneFooter:
            return {
                "Erst wird K gesucht (sigmoid(K * Bewertung) passt am besten zu den Ergebnissen), dann alle "
                "Gewichte mit Adam angepasst; der Fehler je Epoche geht nach stderr.",
                "",
                "First K is found (sigmoid(K * eval) fitting the results best), then every weight is adjusted "
                "with Adam; the error per epoch goes to stderr."};
        case Msg::TuneRead: return {"{}: {} Stellungen", "", "{}: {} positions"};
        case Msg::TuneK:
            return {"K = {:.6f}, mittlerer quadratischer Fehler {:.6f}", "", "K = {:.6f}, mean squared error {:.6f}"};
        case Msg::TuneEpoch:
            return {"Epoche {}: Fehler {:.6f}, zurückgehalten {:.6f}", "", "epoch {}: error {:.6f}, held out {:.6f}"};
        case Msg::TuneResumed: return {"fortgesetzt ab Epoche {}", "", "resumed at epoch {}"};
        case Msg::TuneWritten:
            return {"{} geschrieben: Fehler {:.6f} -> {:.6f} (K {:.6f}, {} Stellungen, {} Epochen)", "",
                    "{} written: error {:.6f} -> {:.6f} (K {:.6f}, {} positions, {} epochs)"};
        case Msg::TuneMissingResult:
            return {"kein Ergebnis ([1.0], [0.5], [0.0] oder c9 \"1-0\";)", "",
                    "no result ([1.0], [0.5], [0.0] or c9 \"1-0\";)"};
        case Msg::TuneBadResult:
            return {"Ergebnis „{}“ ist keines von 1.0, 0.5, 0.0 (1-0, 1/2-1/2, 0-1)", "",
                    "result \"{}\" is none of 1.0, 0.5, 0.0 (1-0, 1/2-1/2, 0-1)"};
        case Msg::TuneBadFen: return {"ungültige Stellung „{}“: {}", "", "invalid position \"{}\": {}"};
        case Msg::TuneCannotWrite: return {"kann {} nicht schreiben", "", "cannot write {}"};
        case Msg::TuneNoData: return {"keine Stellungen zum Tunen", "", "no positions to tune on"};
        case Msg::TuneSelfplayGame:
            return {"Partie {}: {} nach {} Halbzügen, {} Stellungen", "", "game {}: {} after {} plies, {} positions"};
        case Msg::TuneSelfplayDone:
            return {"{} Partien, {} Stellungen an {} angehängt", "", "{} games, {} positions appended to {}"};
        case Msg::HelpTuneRandomPlies:
            return {"--selfplay: zufällige Halbzüge nach der Eröffnung (für Vielfalt)", "",
                    "--selfplay: random plies after the opening (for variety)"};
        case Msg::HelpTuneMaxStart:
            return {"--selfplay: Partien auslassen, deren erste Bewertung über diesem Betrag liegt (0: nie)", "",
                    "--selfplay: skip games whose first score is beyond this (0: never)"};
        case Msg::HelpTuneVersus:
            return {
                "--selfplay als Wettkampf zweier Gewichtstabellen A B (builtin, defaults, placeholder oder eine "
                "Datei von schach tune); jede Eröffnung mit beiden Farben",
                "",
                "--selfplay as a match of two weight tables A B (builtin, defaults, placeholder or a file of "
                "schach tune); each opening with both colours"};
        case Msg::TuneBadWeights:
            return {"{}: keine Gewichtstabelle von schach tune (Zeile {}; 0: falsche Anzahl)", "",
                    "{}: not a weight table of schach tune (line {}; 0: wrong count)"};
        case Msg::HelpTuneL2:
            return {"Strafterm l2 * Summe (w - Start)^2: selten gesehene Gewichte bleiben nahe am Start", "",
                    "penalty l2 * sum (w - start)^2: weights the data hardly sees stay near their start"};
        case Msg::HelpTuneHoldout:
            return {"jede N-te Stellung zurückhalten, um den Fehler auf ungesehenen Stellungen zu messen (0: keine)",
                    "", "hold out every Nth position to measure the error on unseen positions (0: none)"};
        case Msg::TuneValidation:
            return {"zurückgehalten {} Stellungen: Fehler {:.6f} -> {:.6f} (Gewichte der Epoche {})", "",
                    "held out {} positions: error {:.6f} -> {:.6f} (the weights of epoch {})"};
        case Msg::HelpTuneAsymmetric:
            return {"Feldtabellen links und rechts getrennt tunen (sonst gespiegelte Felder gemeinsam)", "",
                    "tune the piece-square tables' two wings apart (else mirrored squares together)"};
        case Msg::TuneSelfplayResume:
            return {"{} enthält schon {} Partien: es geht mit Partie {} weiter", "",
                    "{} holds {} games already: going on with game {}"};

        // ---------------------------------------------------------------- play
        case Msg::PlayAbout:
            return {"Partie zu zweit an einem Terminal, mit Uhr", "", "two players at one terminal, with a clock"};
        case Msg::HelpPlayFen:
            return {"Startstellung (Standard: Grundstellung; in Anführungszeichen)", "",
                    "start position (default: the initial position; quote it)"};
        case Msg::HelpPlayChess960:
            return {"Chess960-Startstellung Nr. N (0..959) oder random", "",
                    "Chess960 start position no. N (0..959) or random"};
        case Msg::HelpPlayTimeControl:
            return {"Bedenkzeit, z. B. 5+3, 3+2, 40/90+30+30s (schach timecontrol --list); ohne --tc keine Uhr", "",
                    "time control, e.g. 5+3, 3+2, 40/90+30+30s (schach timecontrol --list); without --tc no clock"};
        case Msg::HelpTouchMove:
            return {"berührt – geführt (Art. 4): „berühre e2“", "", "touch-move rule (Art. 4): \"touch e2\""};
        case Msg::PlayFooter:
            return {
                "Züge in SAN (deutsche oder englische Buchstaben: Sf3 oder Nf3), lang oder UCI; „hilfe“ zeigt die Befehle\n"
                "(remis, annehmen, ablehnen, reklamieren, aufgeben, züge, brett, drehen, pgn, ende; auch englisch).\n"
                "Ohne Terminal liest das Programm Zeile für Zeile (Skripte; „warte SEKUNDEN“ stellt die Uhr vor) und\n"
                "gibt am Ende das Ergebnis aus, z. B. „0-1 Schachmatt: Schwarz gewinnt (Art. 5.1.1)“.",
                "",
                "Moves in SAN (English or German letters: Nf3 or Sf3), long or UCI; \"help\" lists the commands\n"
                "(draw, accept, decline, claim, resign, moves, board, flip, pgn, quit; German words too).\n"
                "Without a terminal it reads line by line (scripts; \"wait SECONDS\" moves the clock on) and prints\n"
                "the result at the end, e.g. \"0-1 Checkmate: Black wins (Art. 5.1.1)\"."};
        case Msg::PlayUnknownControl:
            return {"mit der Bedenkzeit „?“ (unbekannt) kann man nicht spielen; ohne Uhr: --tc -",
                    "mit der Bedenkzeit „?“ (unbekannt) kann mensch nicht spielen; ohne Uhr: --tc -",
                    "the time control \"?\" (unknown) cannot be played; without clock: --tc -"};
        case Msg::PlayChess960Number: return {"Chess960-Startstellung Nr. {}", "", "Chess960 start position no. {}"};
        case Msg::PlayWelcome:
            return {"Schach – Partie zu zweit an einem Terminal. „hilfe“ zeigt die Befehle.", "",
                    "Schach – two players at one terminal. \"help\" lists the commands."};
        case Msg::PlayTimeControl: return {"Bedenkzeit: {} ({}, {})", "", "Time control: {} ({}, {})"};
        case Msg::PlayNoClock: return {"Ohne Uhr.", "", "No clock."};
        case Msg::PlayTouchMoveOn: return {"Berührt – geführt: „berühre e2“.", "", "Touch-move: \"touch e2\"."};
        case Msg::PlayHelp:
            // {} is the queen's letter of the language (D, W, Q).
            return {
                "Züge: SAN mit deutschen oder englischen Buchstaben (Sf3, Nf3, e4, 0-0, e8={}), lang (Sg1-f3) oder UCI\n"
                "  (g1f3); mehrere Züge in einer Zeile werden nacheinander gespielt; „e4 remis“ zieht und bietet Remis an.\n"
                "Befehle (Kurzform in Klammern; die englischen Wörter gehen auch):\n"
                "  remis (=)                  Remis anbieten; nimmt ein Angebot der Gegenseite an\n"
                "  annehmen (ja, j)           das Remisangebot annehmen\n"
                "  ablehnen (nein, n)         das Remisangebot ablehnen\n"
                "  reklamieren [ZUG] (rk)     Remis reklamieren: dreifache Stellungswiederholung oder 50-Züge-Regel,\n"
                "                             auch mit dem beabsichtigten Zug (unberechtigt kostet es Zeit)\n"
                "  aufgeben [weiß|schwarz] (ag) aufgeben (die Seite am Zug, wenn keine genannt ist)\n"
                "  züge (z)                   die legalen Züge\n"
                "  brett (b)                  das Brett zeigen\n"
                "  drehen (dr)                das Brett drehen\n"
                "  uhr (u)                    die Uhren zeigen\n"
                "  pgn (p)                    die Partie bisher als PGN\n"
                "  fen                        die Stellung als FEN\n"
                "  berühre FELD (be)          eine Figur berühren (mit --touch-move)\n"
                "  warte SEKUNDEN (w)         nur in Skripten: Zeit vergehen lassen\n"
                "  hilfe (h, ?)               diese Hilfe\n"
                "  ende (q)                   beenden\n"
                "Angebote, Reklamationen und Aufgeben gelten für die Seite am Zug; annehmen und ablehnen für die\n"
                "Seite, die nicht angeboten hat.\n",
                "",
                "Moves: SAN with English or German letters (Nf3, Sf3, e4, O-O, e8={}), long (Ng1-f3) or UCI (g1f3);\n"
                "  several moves on one line are played in turn; \"e4 draw\" moves and offers a draw.\n"
                "Commands (short form in brackets; the German words work too):\n"
                "  draw (=)                  offer a draw; accepts the opponent's offer\n"
                "  accept (yes, y)           accept the draw offer\n"
                "  decline (no, n)           decline the draw offer\n"
                "  claim [MOVE] (c)          claim a draw: threefold repetition or 50-move rule, also with\n"
                "                            the move you intend to play (an incorrect claim costs time)\n"
                "  resign [white|black] (rs) resign (the side to move, unless named)\n"
                "  moves (m)                 the legal moves\n"
                "  board (b)                 show the board\n"
                "  flip (f)                  turn the board around\n"
                "  clock (cl)                show the clocks\n"
                "  pgn (p)                   the game so far as PGN\n"
                "  fen                       the position as FEN\n"
                "  touch SQUARE (t)          touch a piece (with --touch-move)\n"
                "  wait SECONDS (w)          scripts only: let time pass\n"
                "  help (h, ?)               this help\n"
                "  quit (q)                  leave\n"
                "Offers, claims and resigning are for the side to move; accepting and declining for the side\n"
                "that did not offer.\n"};
        case Msg::PlayGameHasNoClock: return {"Die Partie hat keine Uhr (--tc).", "", "The game has no clock (--tc)."};
        case Msg::PlayAbandoned: return {"Partie abgebrochen.", "", "Game abandoned."};
        case Msg::PlayUnknownWord:
            return {"Unbekannter Befehl oder Zug „{}“; „hilfe“ zeigt die Befehle", "",
                    "Unknown command or move \"{}\"; \"help\" lists the commands"};
        case Msg::PlayNoNullMoves: return {"Nullzüge gibt es in einer Partie nicht", "", "No null moves in a game"};
        case Msg::PlayOfferDeclinedByMove:
            return {"Das Remisangebot ist mit dem Zug abgelehnt.", "", "The move declines the draw offer."};
        case Msg::PlayTimeUp: return {"Die Zeit von {} ist abgelaufen.", "", "{}'s time has run out."};
        case Msg::PlayCannotMate: return {"{} kann nicht mehr mattsetzen.", "", "{} cannot checkmate."};
        case Msg::PlayOffers:
            return {"{} bietet Remis an ({}: „annehmen“ oder „ablehnen“).", "",
                    "{} offers a draw ({}: \"accept\" or \"decline\")."};
        case Msg::PlayDeclines: return {"{} lehnt das Remisangebot ab.", "", "{} declines the draw offer."};
        case Msg::PlayClaimOneMove:
            return {"Reklamieren nimmt höchstens einen Zug: „reklamieren Sf3“", "",
                    "A claim takes at most one move: \"claim Nf3\""};
        case Msg::PlayClaimedWith:
            return {"Reklamiert mit dem beabsichtigten Zug {}", "", "Claimed with the intended move {}"};
        case Msg::PlayIncorrectClaim:
            return {
                "Die Reklamation ist unberechtigt: weder dreifache Stellungswiederholung noch 50-Züge-Regel (Art. 9.5.3).",
                "", "The claim is incorrect: neither threefold repetition nor the 50-move rule (Art. 9.5.3)."};
        case Msg::PlayGetsMinute: return {"{} erhält {} Minute dazu.", "", "{} gets {} more minute."};
        case Msg::PlayGetsMinutes: return {"{} erhält {} Minuten dazu.", "", "{} gets {} more minutes."};
        case Msg::PlayGetsSeconds: return {"{} erhält {} Sekunden dazu.", "", "{} gets {} more seconds."};
        case Msg::PlayResignUsage:
            return {"Aufgeben: „aufgeben“, „aufgeben weiß“ oder „aufgeben schwarz“", "",
                    "Resign: \"resign\", \"resign white\" or \"resign black\""};
        case Msg::PlayResigns: return {"{} gibt auf.", "", "{} resigns."};
        case Msg::PlayTouchNeedsOption:
            return {"„berühre“ gibt es nur mit --touch-move (berührt – geführt)", "",
                    "\"touch\" needs --touch-move (touch-move rule)"};
        case Msg::PlayTouchWhich:
            return {"Welches Feld? Zum Beispiel „berühre e2“", "", "Which square? For example \"touch e2\""};
        case Msg::PlayNoSquare: return {"„{}“ ist kein Feld", "", "\"{}\" is not a square"};
        case Msg::PlayTouched: return {"Berührt: {} auf {} ({}).", "", "Touched: {} on {} ({})."};
        case Msg::PlayWaitScripted:
            return {"„warte“ gibt es nur, wenn die Eingabe aus einer Datei oder Pipe kommt", "",
                    "\"wait\" exists only when the input comes from a file or pipe"};
        case Msg::PlayWaitUsage:
            return {"„warte SEKUNDEN“ mit einer Zahl von 0 bis 10000000", "",
                    "\"wait SECONDS\" with a number from 0 to 10000000"};
        case Msg::PlayNoMovesOver: return {"Keine Züge: die Partie ist beendet.", "", "No moves: the game is over."};
        case Msg::PlayLegalMoves: return {"Legale Züge ({}):{}", "", "Legal moves ({}):{}"};
        case Msg::PlayCheck: return {"Schach!", "", "Check!"};
        case Msg::PlayPromptOver: return {"Partie beendet> ", "", "Game over> "};
        case Msg::PlayNotEnded:
            return {"Die Partie ist nicht beendet (Ende der Eingabe).", "", "The game has not ended (end of input)."};
        case Msg::PlayEvent: return {"Schach: Partie am Terminal", "", "Schach: terminal game"};
        case Msg::BoardToMove: return {"◀ am Zug", "", "◀ to move"};
        // ---------------------------------------------------------------- match
        case Msg::MatchAbout:
            return {"Engines gegeneinander spielen lassen (UCI; wie cutechess-cli): Partien, Statistik, SPRT", "",
                    "play engines against each other (UCI; like cutechess-cli): games, statistics, SPRT"};
        case Msg::HelpMatchArgs:
            return {"die Angaben des Matchs im Stil von cutechess (siehe unten)", "",
                    "the match's settings in cutechess style (see below)"};
        case Msg::MatchFooter:
            return {
                "Angaben (Optionen mit einem Minus, Werte als SCHLÜSSEL=WERT):\n"
                "  -engine cmd=BEFEHL [name=NAME] [args=\"A B\"] [dir=VERZ] [option.NAME=WERT]...\n"
                "          [tc=ZEIT] [nodes=N] [depth=N] [movetime=MS] [timemargin=MS] [games=N]\n"
                "  -each ...              Schlüssel für alle Engines (die eigenen einer Engine gelten vor)\n"
                "  -concurrency N         N Partien gleichzeitig (Vorgabe 1)\n"
                "  -games N               Partien je Paarung, in Paaren mit getauschten Farben (Vorgabe 2)\n"
                "  -gauntlet              die erste Engine gegen jede andere (sonst jede gegen jede)\n"
                "  -openings file=F.epd|F.pgn [order=sequential|random] [plies=N] [start=N]\n"
                "  -openings book=F.bin [depth=N]   Polyglot-Buch\n"
                "  -variant standard|chess960  -seed N  -event NAME\n"
                "  -resign movecount=N score=CP     verloren, wenn beide Engines es N Züge lang sagen\n"
                "  -draw movenumber=N movecount=N score=CP\n"
                "  -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05   (normalisierte Elo, Pentanomial wie fishtest)\n"
                "  -pgnout F  -positions-out F  -resume F (Vorgabe: F.journal neben -pgnout)\n"
                "  -watchdog MS           Frist für uci/isready und für Züge ohne Uhr (Vorgabe 10000)\n"
                "games=N: höchstens N Partien gegen jede andere Engine (weniger als -games).\n"
                "Derselbe Aufruf (auch mit mehr -games) setzt einen abgebrochenen Lauf aus dem Journal fort.\n"
                "ZEIT in Sekunden wie cutechess (10+0.1, 40/60+0.5) oder mit Einheiten (5m+3).\n"
                "Absturz, Hänger, regelwidriger Zug und Zeitüberschreitung zählen als Verlust.",
                "",
                "Settings (options with one dash, values as KEY=VALUE):\n"
                "  -engine cmd=COMMAND [name=NAME] [args=\"A B\"] [dir=DIR] [option.NAME=VALUE]...\n"
                "          [tc=TIME] [nodes=N] [depth=N] [movetime=MS] [timemargin=MS] [games=N]\n"
                "  -each ...              keys for every engine (an engine's own come first)\n"
                "  -concurrency N         N games at a time (default 1)\n"
                "  -games N               games per pairing, in pairs with colours swapped (default 2)\n"
                "  -gauntlet              the first engine against each other (else each against each)\n"
                "  -openings file=F.epd|F.pgn [order=sequential|random] [plies=N] [start=N]\n"
                "  -openings book=F.bin [depth=N]   Polyglot book\n"
                "  -variant standard|chess960  -seed N  -event NAME\n"
                "  -resign movecount=N score=CP     lost when both engines say so for N moves\n"
                "  -draw movenumber=N movecount=N score=CP\n"
                "  -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05   (normalized Elo, pentanomial as fishtest)\n"
                "  -pgnout F  -positions-out F  -resume F (default: F.journal next to -pgnout)\n"
                "  -watchdog MS           time allowed for uci/isready and for moves without clock (default 10000)\n"
                "games=N: at most N games against each other engine (fewer than -games).\n"
                "The same command (also with more -games) resumes a stopped run from its journal.\n"
                "TIME in seconds as cutechess (10+0.1, 40/60+0.5) or with units (5m+3).\n"
                "A crash, a hang, an illegal move and a time forfeit count as a loss."};
        case Msg::MatchUnknownOption: return {"unbekannte Angabe: {}", "", "unknown setting: {}"};
        case Msg::MatchMissingValue: return {"{} braucht einen Wert", "", "{} needs a value"};
        case Msg::MatchBadValue: return {"ungültiger Wert für {}: {}", "", "invalid value for {}: {}"};
        case Msg::MatchUnknownKey: return {"unbekannter Schlüssel: {}={}", "", "unknown key: {}={}"};
        case Msg::MatchTooFewEngines:
            return {"ein Match braucht mindestens zwei Engines (-engine)", "",
                    "a match needs at least two engines (-engine)"};
        case Msg::MatchMissingCommand: return {"Engine {} hat kein cmd=", "", "engine {} has no cmd="};
        case Msg::MatchNoLimit:
            return {"Engine {} braucht tc=, nodes=, depth= oder movetime=", "",
                    "engine {} needs tc=, nodes=, depth= or movetime="};
        case Msg::MatchDifferentClocks:
            return {"Engine {} hat eine andere Bedenkzeit: eine Uhr dient beiden Seiten", "",
                    "engine {} has another time control: one clock serves both sides"};
        case Msg::MatchOpeningsCannotOpen:
            return {"Eröffnungen: {} kann nicht gelesen werden", "", "openings: cannot read {}"};
        case Msg::MatchOpeningsBadFen: return {"{}:{}: {}", "", "{}:{}: {}"};
        case Msg::MatchOpeningsBadPgn: return {"{}: {}", "", "{}: {}"};
        case Msg::MatchOpeningsBadBook:
            return {"{}: kein Polyglot-Buch (Größe oder Sortierung stimmt nicht)", "",
                    "{}: not a Polyglot book (wrong size or order)"};
        case Msg::MatchOpeningsEmpty: return {"{}: keine Eröffnungen", "", "{}: no openings"};
        case Msg::MatchCannotStartEngine:
            return {"Engine {} ({}) lässt sich nicht starten: {}", "", "cannot start engine {} ({}): {}"};
        case Msg::MatchEngineLacksOption:
            return {"Engine {} ({}) hat keine Option {}: sie spielt mit ihrer Voreinstellung", "",
                    "engine {} ({}) has no option {}: it plays with its default"};
        case Msg::MatchEngineSaid:
            return {"Engine {} ({}) sagt beim Einrichten: {}", "", "engine {} ({}) says while being set up: {}"};
        case Msg::MatchCannotWrite: return {"{} kann nicht geschrieben werden: {}", "", "cannot write {}: {}"};
        case Msg::MatchJournalMismatch:
            return {"{} ist das Journal eines anderen Matchs (andere Angaben): löschen oder -resume ändern", "",
                    "{} is the journal of another match (other settings): delete it or change -resume"};
        case Msg::MatchResumed:
            return {"{} Partien aus dem Journal {} übernommen", "", "{} games taken from the journal {}"};
        case Msg::MatchProgress:
            return {"Partien {}/{}: +{} ={} -{}, {:.1f} %, Elo {:+.1f} ± {:.1f}", "",
                    "games {}/{}: +{} ={} -{}, {:.1f} %, Elo {:+.1f} ± {:.1f}"};
        case Msg::MatchProgressLlr: return {", LLR {:.2f} ({:.2f} bis {:.2f})", "", ", LLR {:.2f} ({:.2f} to {:.2f})"};
        case Msg::MatchTableHeader:
            return {"| Engine | Gegner | Partien | S | R | N | Punkte | Elo | ± 95 % | LOS | Paare (0-2) |",
                    "| Engine | Gegnere | Partien | S | R | N | Punkte | Elo | ± 95 % | LOS | Paare (0-2) |",
                    "| Engine | Opponent | Games | W | D | L | Score | Elo | ± 95 % | LOS | Pairs (0-2) |"};
        case Msg::MatchStandingsHeader:
            return {"| Rang | Engine | Partien | Punkte | % |", "", "| Rank | Engine | Games | Points | % |"};
        case Msg::MatchSprtH0:
            return {"SPRT: H0 angenommen (LLR {:.2f} ≤ {:.2f}): kein Gewinn von {} nElo", "",
                    "SPRT: H0 accepted (LLR {:.2f} <= {:.2f}): no gain of {} nElo"};
        case Msg::MatchSprtH1:
            return {"SPRT: H1 angenommen (LLR {:.2f} ≥ {:.2f}): mindestens {} nElo", "",
                    "SPRT: H1 accepted (LLR {:.2f} >= {:.2f}): at least {} nElo"};
        case Msg::MatchSprtOpen:
            return {"SPRT: noch offen (LLR {:.2f}, Grenzen {:.2f} und {:.2f})", "",
                    "SPRT: still open (LLR {:.2f}, bounds {:.2f} and {:.2f})"};
        case Msg::MatchForfeits:
            return {"Verluste durch Fehler: Zeit {}, regelwidriger Zug {}, Absturz {}, Hänger {}, nicht bereit {}", "",
                    "forfeits: time {}, illegal move {}, crash {}, hang {}, not ready {}"};
        case Msg::MatchReasonTimeForfeit: return {"{} überschreitet die Zeit: {}", "", "{} ran out of time: {}"};
        case Msg::MatchReasonIllegal:
            return {"{} spielt einen regelwidrigen Zug ({}): {} gewinnt", "",
                    "{} played an illegal move ({}): {} wins"};
        case Msg::MatchReasonCrash: return {"{} ist abgestürzt: {} gewinnt", "", "{} crashed: {} wins"};
        case Msg::MatchReasonStall: return {"{} antwortet nicht mehr: {} gewinnt", "", "{} stopped answering: {} wins"};
        case Msg::MatchReasonNotReady:
            return {"{} wurde nicht bereit (uci/isready): {} gewinnt", "",
                    "{} did not get ready (uci/isready): {} wins"};
        case Msg::MatchReasonResign:
            return {"Abgeschätzt: beide Engines sehen {} verloren; {} gewinnt", "",
                    "Adjudicated: both engines see {} lost; {} wins"};
        case Msg::MatchReasonDraw:
            return {"Abgeschätzt: beide Engines sehen die Stellung ausgeglichen; remis", "",
                    "Adjudicated: both engines see the position level; draw"};
        case Msg::MatchSprtNeedsTwo:
            return {"-sprt vergleicht genau zwei Engines", "", "-sprt compares exactly two engines"};
        case Msg::MatchTableAll: return {"alle", "", "all"};
        case Msg::MatchInterrupted:
            return {"unterbrochen: mit denselben Angaben geht es weiter", "",
                    "interrupted: run again with the same settings to go on"};
        // ---------------------------------------------------------------- ratings
        case Msg::RatingsAbout:
            return {"eine Elo-Zahl je Spieler aus allen Partien von PGN-Dateien zugleich, auf der Skala von Ankern",
                    "eine Elo-Zahl je Spielere aus allen Partien von PGN-Dateien zugleich, auf der Skala von Ankern",
                    "one Elo rating per player from all games of PGN files together, on the scale of anchors"};
        case Msg::HelpRatingsAnchor:
            return {"NAME=ELO: die Elo-Zahl dieses Spielers steht fest (wiederholbar; der Wert folgt dem letzten '=')",
                    "NAME=ELO: die Elo-Zahl diesers Spieleres steht fest (wiederholbar; der Wert folgt dem letzten "
                    "'=')",
                    "NAME=ELO: this player's Elo is fixed (repeatable; the value follows the last '=')"};
        case Msg::RatingsFooter:
            return {
                "Das Modell ist logistisch (Bradley-Terry, wie Ordo und BayesElo): erwartet 1/(1+10^((Rb-Ra)/400)),\n"
                "ein Remis zählt halb. Gesucht werden die wahrscheinlichsten Zahlen aller Spieler, die keine Anker\n"
                "sind, aus allen Partien zugleich; jedes Paar, das sich traf, bekommt ein virtuelles Remis dazu.\n"
                "Jede Gruppe von Spielern, die gegeneinander gespielt haben, braucht einen Anker; ohne Anker ist\n"
                "der Schnitt aller 0. Gelesen werden nur die Tags White, Black und Result (Result * zählt nicht).",
                "Das Modell ist logistisch (Bradley-Terry, wie Ordo und BayesElo): erwartet 1/(1+10^((Rb-Ra)/400)),\n"
                "ein Remis zählt halb. Gesucht werden die wahrscheinlichsten Zahlen aller Spielerne, die keine\n"
                "Anker sind, aus allen Partien zugleich; jedes Paar, das sich traf, bekommt ein virtuelles Remis\n"
                "dazu. Jede Gruppe von Spielernen, die gegeneinander gespielt haben, braucht einen Anker; ohne\n"
                "Anker ist der Schnitt aller 0. Gelesen werden nur die Tags White, Black und Result (Result *\n"
                "zählt nicht).",
                "The model is logistic (Bradley-Terry, as Ordo and BayesElo): expected 1/(1+10^((Rb-Ra)/400)),\n"
                "a draw counts half. The fit finds the most likely ratings of all players who are not anchors,\n"
                "from all games together; each pair of players that met gets one virtual draw added.\n"
                "Each group of players who played one another needs an anchor; without anchors the average of\n"
                "all is 0. Only the tags White, Black and Result are read (Result * does not count)."};
        case Msg::RatingsBadAnchor:
            return {"ungültiger Anker '{}': erwartet NAME=ELO, z. B. \"Stockfish 15.1 (1350)=1350\"", "",
                    "invalid anchor '{}': expected NAME=ELO, e.g. \"Stockfish 15.1 (1350)=1350\""};
        case Msg::RatingsUnknownAnchor:
            return {"der Anker '{}' hat in diesen Dateien keine Partie gespielt", "",
                    "the anchor '{}' played no game in these files"};
        case Msg::RatingsNotConnected:
            return {
                "'{}' ist durch keine Partien mit einem Anker verbunden: jede Gruppe von Spielern, die "
                "gegeneinander gespielt haben, braucht einen (--anchor)",
                "'{}' ist durch keine Partien mit einem Anker verbunden: jede Gruppe von Spielernen, die "
                "gegeneinander gespielt haben, braucht einen (--anchor)",
                "'{}' is linked by no games to an anchor: each group of players who played one another needs "
                "one (--anchor)"};
        case Msg::RatingsNotOnePool:
            return {
                "die Spieler bilden keine Gruppe: '{}' ist durch keine Partien mit den anderen verbunden "
                "(einen Anker je Gruppe angeben: --anchor)",
                "die Spielerne bilden keine Gruppe: '{}' ist durch keine Partien mit den anderen verbunden "
                "(einen Anker je Gruppe angeben: --anchor)",
                "the players are not one pool: '{}' is linked by no games to the others (give an anchor in "
                "each group: --anchor)"};
        case Msg::RatingsNoGames:
            return {"keine wertbaren Partien (1-0, 0-1 oder 1/2-1/2 zwischen zwei Spielern) in den Dateien",
                    "keine wertbaren Partien (1-0, 0-1 oder 1/2-1/2 zwischen zwei Spielernen) in den Dateien",
                    "no games to rate (1-0, 0-1 or 1/2-1/2 between two players) in the files"};
        case Msg::RatingsTableHeader:
            return {"| Rang | Spieler | Elo | ± 95 % | Partien | Punkte | % |",
                    "| Rang | Spielere | Elo | ± 95 % | Partien | Punkte | % |",
                    "| Rank | Player | Elo | ± 95 % | Games | Points | % |"};
        case Msg::RatingsAnchorElo: return {"{} (Anker)", "", "{} (anchor)"};
        case Msg::RatingsSummary:
            return {
                "gewertete Partien: {}, Spieler: {}; Prior: ein virtuelles Remis für jedes Paar, das sich "
                "traf (wie BayesElo); ± ist das 95-%-Intervall",
                "gewertete Partien: {}, Spielerne: {}; Prior: ein virtuelles Remis für jedes Paar, das sich "
                "traf (wie BayesElo); ± ist das 95-%-Intervall",
                "rated games: {}, players: {}; prior: one virtual draw for each pair of players that met "
                "(as BayesElo); ± is the 95 % interval"};
        case Msg::RatingsSkipped:
            return {"übergangene Partien: {} (Result * oder keines, ein Name fehlt oder ein Fehler in den Tags)", "",
                    "skipped games: {} (Result * or none, a missing name or an error in the tags)"};
        case Msg::RatingsRelative:
            return {"ohne Anker: der Schnitt aller ist 0, die Fehler gelten relativ zu ihm", "",
                    "no anchor: the average of all players is 0, the errors are relative to it"};

        // ---------------------------------------------------------------- analyse
        case Msg::AnalyseAbout:
            return {
                "Partien mit der eigenen Engine analysieren: Bewertung, Fehler mit Erklärung, Genauigkeit, Eröffnung "
                "(PGN auf stdout)",
                "", "analyse games with our engine: evaluation, mistakes explained, accuracy, opening (PGN on stdout)"};
        case Msg::HelpAnalyseNodes:
            return {"Knoten je Stellung (Vorgabe 1000000, wie lichess)", "",
                    "nodes per position (default 1000000, as lichess)"};
        case Msg::HelpAnalyseThreads: return {"Such-Threads (Vorgabe 1)", "", "search threads (default 1)"};
        case Msg::HelpAnalyseHash:
            return {"Hashtabelle in MiB, über die ganze Partie behalten (Vorgabe 64)", "",
                    "hash table in MiB, kept through the whole game (default 64)"};
        case Msg::HelpAnalyseMoveTime:
            return {"höchstens so viele Millisekunden je Stellung (Vorgabe 7000, wie lichess; 0: keine Grenze)", "",
                    "at most this many milliseconds per position (default 7000, as lichess; 0: no limit)"};
        case Msg::HelpAnalyseMaxPlies:
            return {"höchstens so viele Halbzüge je Partie (Vorgabe 300, wie lichess)", "",
                    "at most this many plies per game (default 300, as lichess)"};
        case Msg::HelpAnalyseLang:
            return {
                "Sprache der Erklärungen und ihrer Figurenbuchstaben: de, de-neutral, en (sonst die Locale); die "
                "Züge der PGN bleiben englisch",
                "",
                "language of the explanations and their piece letters: de, de-neutral, en (else the locale); "
                "the PGN's moves stay English"};
        case Msg::AnalyseFooter:
            return {
                "Jede Stellung wird mit fester Knotenzahl durchsucht, von der letzten zur ersten, mit einer "
                "Hashtabelle für die ganze Partie. Bewertet wird nach lichess' Skala (Abfall der Gewinnchancen "
                "des Ziehenden: ab 0,1 Ungenauigkeit ?!, ab 0,2 Fehler ?, ab 0,3 Patzer ?"
                "?). Fortschritt auf "
                "stderr; eine fehlerhafte Partie wird mit Zeile und Spalte gemeldet und übersprungen.",
                "",
                "Every position is searched at a fixed node count, from the last to the first, with one hash "
                "table for the whole game. Moves are judged on lichess's scale (the drop of the mover's winning "
                "chances: from 0.1 inaccuracy ?!, from 0.2 mistake ?, from 0.3 blunder ?"
                "?). Progress on stderr; "
                "a game with an error is reported with its line and column and skipped."};
        case Msg::AnalyseProgress: return {"Partie {}: {} von {} Stellungen", "", "game {}: {} of {} positions"};
        case Msg::AnalyseGameDone:
            return {"Partie {} ({} – {}): Genauigkeit Weiß {}, Schwarz {}; Fehler Weiß {}, Schwarz {}", "",
                    "game {} ({} – {}): accuracy White {}, Black {}; mistakes White {}, Black {}"};
        case Msg::AnalyseSummary:
            return {"{} Partien analysiert, {} mit Fehlern im PGN", "", "{} games analysed, {} with errors in the PGN"};
        case Msg::AnalyseNoMoves: return {"Partie {}: keine Züge", "", "game {}: no moves"};
        case Msg::HelpPgnOpenings:
            return {"die Eröffnung jeder Partie bestimmen und als [ECO] und [Opening] eintragen", "",
                    "name each game's opening in [ECO] and [Opening] tags"};
        case Msg::HelpAnalyseTsv:
            return {
                "zusätzlich je Halbzug eine Zeile für Skripte in FILE (Partie, Halbzug, FEN, Zug, bester Zug, "
                "Bewertungen, Urteil)",
                "",
                "also one line per ply for scripts in FILE (game, ply, FEN, move, best move, evaluations, "
                "judgement)"};
        case Msg::WhatNodes: return {"Knotenzahl", "", "node count"};
        case Msg::WhatThreads: return {"Threadzahl", "", "thread count"};
        case Msg::WhatHash: return {"Hashgröße", "", "hash size"};
        case Msg::WhatMoveTime: return {"Zeit je Stellung", "", "time per position"};
        case Msg::WhatPlies: return {"Halbzugzahl", "", "ply count"};
        case Msg::End: break;
    }
    return {"?", "", "?"};
}

}  // namespace

std::string_view pattern(Msg m, Language lang) {
    const Phrase p = phrase(m);
    switch (lang) {
        case Language::German: return p.de;
        case Language::GermanNeutral: return p.neutral.empty() ? p.de : p.neutral;
        case Language::English: return p.en;
    }
    return p.en;
}

std::string_view color_name(Color c, Language lang) {
    if (lang == Language::English) return c == Color::White ? "White" : "Black";
    return c == Color::White ? "Weiß" : "Schwarz";
}

}  // namespace schach
