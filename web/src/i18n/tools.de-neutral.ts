// Gender-neutral German words of the tool pages, after the seed text's forms (de Spielere,
// Spielerne, mensch; de Könige, de Wesire, de Läufere, de Springere, de Bauere; der Turm stays).
import type { toolsEn } from './tools.en.js';
import { toolsDe } from './tools.de.js';

export const toolsDeNeutral: { readonly [K in keyof typeof toolsEn]: string } = {
    // Where the gender-neutral form differs; every other text is the German one.
    ...toolsDe,
    c960Intro: 'Wähle eine Nummer, um ihre Startstellung zu sehen. Nummer 518 entspricht der klassischen Aufstellung. Die Nummerierung dient zur Unterscheidung der Stellungen; die Guidelines schreiben sie nicht vor. Die weißen Bauerne stehen in Reihe 2, die übrigen weißen Figuren in Reihe 1, die Läuferne auf verschiedenen Feldfarben, de Könige zwischen den Türmen; Schwarz steht Weiß gegenüber.',
    c960StepLightBishop: 'Weißfeldrige Läufere: Möglichkeit {choice} von {choices} (Linie {files}).',
    c960StepDarkBishop: 'Schwarzfeldrige Läufere: Möglichkeit {choice} von {choices} (Linie {files}).',
    c960StepQueen: 'Wesire: Möglichkeit {choice} der {choices} freien Felder (Linie {files}).',
    c960StepKnights: 'Springerne: Möglichkeit {choice} der {choices}, die zwei Springerne auf die fünf freien Felder zu verteilen (Linien {files}).',
    c960StepRookKingRook: 'Auf die letzten drei Felder kommen Turm, Könige, Turm in dieser Reihenfolge (Linien {files}): 4 × 4 × 6 × 10 = 960.',
    c960PlayFriend: 'Diese Stellung mit einerm Freunde spielen',
    trainerIntro: 'Egal aus welcher Startstellung: Die Rochade endet auf festen Feldern. Erst die Zielfelder bestimmen, dann die Wege von Könige und Turm getrennt prüfen. Ziehe de Könige auf den eigenen Turm oder auf ens Zielfeld.',
    trainerKingRook: 'Könige {king}, Turm {rook}',
    trainerConditions: 'Das Rochaderecht muss noch bestehen. De Könige darf nicht aus dem Schach, über ein angegriffenes Feld oder ins Schach rochieren. Auf den Wegen und Zielfeldern von Könige und Turm darf keine andere Figur stehen als diesey Könige und dieser Turm. Könige oder Turm darf schon auf dem eigenen Zielfeld stehen.',
    trainerRookOnly: 'Könige g1, Turm h1: nur der Turm zieht',
    trainerRookOnlyHint: 'De Könige steht schon auf g1: Bei der g-seitigen Rochade zieht nur der Turm, nach f1.',
    trainerKingOnly: 'Könige e1, Turm f1: nur de Könige zieht',
    trainerKingOnlyHint: 'Der Turm steht schon auf f1: Bei der g-seitigen Rochade zieht nur de Könige, nach g1.',
    trainerSwap: 'Könige f1, Turm g1: beide tauschen ihre Felder',
    trainerSwapHint: 'Könige und Turm tauschen: De Könige geht nach g1, der Turm nach f1.',
    trainerKingB1: 'Könige b1, Türme a1 und h1: beide Rochaden',
    trainerKingB1Hint: 'Spiele beide nach: g-seitig stehen danach Könige g1 und Turm f1, c-seitig Könige c1 und Turm d1. Dazwischen „Noch einmal“.',
    trainerBlockedHint: 'Ein Läufere steht auf f1, dem Zielfeld des Turms. Versuche die g-seitige Rochade.',
    trainerTry: 'Du bist am Zug: Rochiere, indem du de Könige auf den eigenen Turm ziehst.',
    trainerCastled: 'Rochiert: {san}. Achte darauf, wo Könige und Turm jetzt stehen.',
    clockIntro: 'Eine Uhr für zwei Spielerne am Brett, auf diesem Handy oder Tablet. Der Server liest die Bedenkzeit einmal; danach läuft die Uhr hier, auch ohne Verbindung.',
    clockHowToStart: 'De Spielere mit Schwarz tippt auf die eigene Seite und startet so die Uhr von Weiß.',
    clockCorrections: 'Schiedsrichtere: Korrekturen',
};
