// Gender-neutral German after the seed text's forms (de Spielere, Spielerne, einey, mensch;
// de Könige, de Wesire, de Läufere, de Springere, de Bauere; der Turm stays).
import type { Messages } from '../i18n.js';
import { de } from './de.js';
import { puzzlesDeNeutral } from './puzzles.de-neutral.js';
import { toolsDeNeutral } from './tools.de-neutral.js';

export const deNeutral: Messages = {
    // Where the gender-neutral form differs; every other text is the German one.
    ...de,
    coachP1Text: 'Besetze und beherrsche d4, e4, d5 und e5. Figuren im Zentrum erreichen mehr Felder, und Bauerne auf d4 und e4 öffnen Linien für die Läuferne und de Wesire.',
    coachP2Name: 'Erst Springerne und Läuferne, dann de Wesire',
    coachP2Text: 'Bringe zuerst Springerne und Läuferne ins Spiel. Kommt de Wesire früh heraus, wird en von kleineren Figuren gejagt, und jede Flucht kostet einen Zug.',
    coachP4Text: 'Die Rochade bringt de Könige in Sicherheit und den Turm zur Mitte. Wer de Könige zieht, verliert dieses Recht für immer; wer einen Turm zieht, verliert es auf dessen Seite (Art. 3.8.2.1).',
    coachP5Text: 'Frage dich vor jedem Zug, was der gegnerische Zug droht. Steht dein Könige im Schach, gibt es drei Auswege: de Könige wegziehen, die Schach gebende Figur schlagen oder eine Figur dazwischenstellen (Art. 3.9).',
    coachP6Text: 'Zähle, bevor du schlägst: Wesire 9, Turm 5, Läufere und Springere 3, Bauere 1. Einen Turm gegen eine Leichtfigur zu tauschen kostet zwei Punkte (die Qualität).',
    modeFriend: 'Gegen ein Freunde (Einladungslink)',
    modeLocal: 'Zwei Spielerne an einem Gerät',
    inviteLinkLabel: 'Einladungslink: wer ihn zuerst öffnet, wird de Gegnere',
    watchLinkLabel: 'Link für Zuschauerne',
    waitingForPlayer: 'wartet auf de zweite Spielere',
    youPlayBoth: 'Du spielst an diesem Gerät für beide Spielerne.',
    playerJoined: 'De Spielere mit {color} ist beigetreten.',
    firstMoveCountdown: 'De Spielere mit {color} muss in {seconds} s den ersten Zug machen, sonst wird die Partie abgebrochen.',
    seatTaken: 'Diesen Platz hat schon ein andere Spielere; du schaust zu.',
    pieceKing: 'Könige',
    pieceQueen: 'Wesire',
    pieceBishop: 'Läufere',
    pieceKnight: 'Springere',
    piecePawn: 'Bauere',
    moveEntryLabel: 'Zug eingeben (e2e4, Sf3, Wd1 oder Nf3)',
    moveEntryBadShape: '„{text}“ ist weder ein UCI-Zug (e2e4) noch SAN (Sf3, Wd1, O-O).',
    drawOffered: 'De Spielere mit {color} bietet Remis an.',
    takebackOffered: 'De Spielere mit {color} bittet, einen Zug zurückzunehmen.',
    rematchOffered: 'De Spielere mit {color} bietet eine Revanche an.',
    ...toolsDeNeutral,
    ...puzzlesDeNeutral,
};
