// Gender-neutral German words of the tactics trainer (de Gegnere, de Könige, Wesire, Läufere,
// Springere, Bauere; der Turm stays).
import type { puzzlesEn } from './puzzles.en.js';
import { puzzlesDe } from './puzzles.de.js';

export const puzzlesDeNeutral: { readonly [K in keyof typeof puzzlesEn]: string } = {
    // Where the gender-neutral form differs; every other text is the German one.
    ...puzzlesDe,
    puzzleIntro: 'Aufgaben aus Partien unserer Engine. De Gegnere hat gerade gezogen: finde die beste Antwort.',
    puzzleOpponentMoves: 'De Gegnere zieht …',
    themeDoubleBishopMate: 'Matt mit beiden Läufere',
    themeKingsideAttack: 'Angriff am kurzen Flügel',
    themeQueensideAttack: 'Angriff am langen Flügel',
    themeAdvancedPawn: 'Vorgerückte Bauere',
    themePawnEndgame: 'Bauere-Endspiel',
    themeKnightEndgame: 'Springere-Endspiel',
    themeBishopEndgame: 'Läufere-Endspiel',
    themeQueenEndgame: 'Wesir-Endspiel',
    themeQueenRookEndgame: 'Wesir und Turm',
};
